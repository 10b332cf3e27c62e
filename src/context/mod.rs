//! The judge's working context, below the commands and the game's life:
//! the configuration, the clock, the variants, the templates, passwords, and
//! the outbox's door ([`Ctx::queue`], [`Ctx::request`]: every mail the judge
//! sends passes the [`gate`], which knows who consented, and its mailbox's
//! byte [`budget`]).

pub mod budget;
pub mod gate;

use crate::config::Config;
use crate::game::{self, Game, LoadError};
use crate::mail::compose::{Kind, OutMail};
use crate::map::Variant;
use crate::password::Passwords;
use crate::report::{Templates, say};
use crate::store;
use rusqlite::Connection;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where "now" comes from: the system clock, or a fixed time (tests, replays).
#[derive(Clone, Debug)]
pub enum Clock {
    System,
    Fixed(i64),
}

impl Clock {
    pub fn now(&self) -> i64 {
        match self {
            Clock::System => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0),
            Clock::Fixed(t) => *t,
        }
    }
}

/// Everything the judge's logic needs besides the database.
pub struct Ctx {
    pub cfg: Config,
    pub clock: Clock,
    pub templates: Templates,
    pub variants: crate::variants::Catalog,
    /// Argon2id hashing with one reused buffer and a keyed cache of checked passwords.
    pub passwords: Passwords,
    /// Games whose orders changed in the current mail (checked for early processing).
    pub touched: Vec<i64>,
    /// Test seams: failures injected where real ones could strike.
    pub hooks: Hooks,
    /// The judge's own text beyond its templates (HELP's lines made from the
    /// options' table), which the reader and the redaction never take for a
    /// password.
    pub judge_text: crate::mail::redact::JudgeText,
    /// Board texts, rendered once per position (game id, hash of the stored
    /// position) and shown in every reply until the position changes.
    boards: HashMap<(i64, u64), Arc<str>>,
    /// Files the reply to the mail being read carries (a MAP's map): ids in
    /// the `attachments` table, taken by the reply.
    pub reply_files: Vec<i64>,
    /// What the outbound gate knows of the mail being read (its sender, the
    /// sentences for the command running, whether the reply offers a code).
    pub gate: std::cell::RefCell<gate::State>,
}

/// Functions the judge calls at points where a real failure could happen, so
/// that tests can make one happen there (a panic, say). None in production.
#[derive(Clone, Copy, Default)]
pub struct Hooks {
    /// Called with each command line before it runs.
    pub before_command: Option<fn(&str)>,
    /// Called with a game's name before one of its phases is adjudicated.
    pub before_process: Option<fn(&str)>,
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

impl Ctx {
    pub fn new(cfg: Config, clock: Clock, judge_text: crate::mail::redact::JudgeText) -> anyhow::Result<Ctx> {
        let templates = Templates::load(cfg.templates_dir.as_deref())?;
        let variants = crate::variants::Catalog::new(cfg.variants_dir.clone());
        Ok(Ctx {
            cfg,
            clock,
            templates,
            variants,
            passwords: Passwords::new(),
            touched: Vec::new(),
            hooks: Hooks::default(),
            judge_text,
            boards: HashMap::new(),
            reply_files: Vec::new(),
            gate: Default::default(),
        })
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// A loaded variant (cached).
    pub fn variant(&mut self, name: &str) -> anyhow::Result<Arc<Variant>> {
        Ok(self.variants.get(name)?)
    }

    /// Every variant this judge has, as [`crate::report::say::community::variant_list`] lists it.
    pub fn variant_list(&mut self) -> String {
        let (found, more) = self.variants.all();
        crate::report::say::community::variant_list(&found, more)
    }

    /// Variants are looked for in `dir` from now on (the configuration's
    /// `variants_dir` changed; those loaded before are forgotten).
    pub fn set_variants_dir(&mut self, dir: Option<std::path::PathBuf>) {
        self.cfg.variants_dir = dir.clone();
        self.variants = crate::variants::Catalog::new(dir);
    }

    /// Game `id`, loaded and read (see [`game::load`]).
    pub fn game(&mut self, conn: &rusqlite::Connection, id: i64) -> Result<Game, LoadError> {
        game::load(conn, &mut self.variants, id)
    }

    /// The board of a game's position as text (rendered from templates/board.txt
    /// once, then reused: it is the same for every reply until the position
    /// changes). A digest of the position keys the cache.
    pub fn board_text(&mut self, game_id: i64, v: &Variant, rules: &crate::rules::Rulebook, pos: &crate::adjudicate::Position) -> Arc<str> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        pos.hash(&mut h);
        let key = (game_id, h.finish());
        if let Some(t) = self.boards.get(&key) {
            return t.clone();
        }
        if self.boards.len() >= 1024 {
            self.boards.clear();
        }
        let text: Arc<str> =
            self.templates.render("board.txt", minijinja::context! { board => crate::report::board::board_in(v, rules, pos).to_value() }).into();
        self.boards.insert(key, text.clone());
        text
    }

    /// A new password's hash (Argon2id, PHC string).
    pub fn hash_password(&mut self, pw: &str) -> anyhow::Result<String> {
        Ok(self.passwords.hash(pw)?)
    }

    /// Whether `pw` matches the stored `hash` (an unreadable hash is an error).
    pub fn check_password(&mut self, hash: &str, pw: &str) -> anyhow::Result<bool> {
        Ok(self.passwords.verify(hash, pw)?)
    }

    /// A new Message-ID for outgoing mail.
    pub fn new_message_id(&self) -> String {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        format!("<mj.{nanos:x}.{}.{n}@{}>", std::process::id(), self.cfg.domain())
    }

    /// Queues a mail in the outbox (inside the caller's transaction) through
    /// the [`gate`]: for an address that has not consented (other than the
    /// direct reply to it) the mail is held until it does. Then its
    /// mailbox's byte budget ([`budget`]): past it the mail is dropped and
    /// logged, and the first mail held back in a window brings the address
    /// one short note instead. Returns whether `m` was queued (or held).
    pub fn queue(&self, conn: &Connection, m: &OutMail, game_id: Option<i64>, mail_id: Option<i64>) -> rusqlite::Result<bool> {
        let now = self.now();
        let door = gate::door(conn, &self.cfg, m)?;
        let cap = match door {
            gate::Door::Open => None,
            gate::Door::Reply => Some(self.cfg.consent.unconfirmed_reply_bytes_per_hour),
            gate::Door::Hold => return self.hold(conn, m, game_id, mail_id, now),
        };
        match budget::decide(conn, &self.cfg, m, now, cap)? {
            budget::Decision::Queue(c) => {
                store::outbox::insert(conn, m, game_id, mail_id, now, &c)?;
                Ok(true)
            }
            budget::Decision::Withhold { mailbox, note, until, window, limit, games } => {
                tracing::warn!("not sent to {} (\"{}\"): the byte budget of {mailbox} is spent{}", m.to, m.subject, if note { "; it gets a note" } else { "" });
                if note {
                    let body = say::judge::budget_note(limit, window == budget::Window::Day, games, &crate::timing::format_time(until, self.cfg.timezone));
                    let n = self.notice_mail(&m.to, &say::judge::budget_note_subject(&self.cfg.name), body, None);
                    let c = store::outbox::Counted { mailbox, bytes: budget::size(conn, &n)?, counted: store::outbox::NOT_COUNTED, charged: None };
                    store::outbox::insert(conn, &n, None, None, now, &c)?;
                }
                Ok(false)
            }
        }
    }

    /// Queues press `m` that `sender` (a mailbox) makes the judge send
    /// another: through the [`gate`] like any mail, then charged to the
    /// sender ([`budget::decide_charged`]). `Err`: held back, and why.
    pub fn queue_press(&self, conn: &Connection, m: &OutMail, game_id: Option<i64>, sender: &str) -> rusqlite::Result<Result<(), budget::HeldBack>> {
        let now = self.now();
        if gate::door(conn, &self.cfg, m)? != gate::Door::Open {
            self.hold(conn, m, game_id, None, now)?;
            return Ok(Ok(()));
        }
        Ok(match budget::decide_charged(conn, &self.cfg, m, sender, now)? {
            Ok(c) => {
                store::outbox::insert(conn, m, game_id, None, now, &c)?;
                Ok(())
            }
            Err(why) => {
                tracing::warn!("press from {sender} to {} held back: {why:?}", m.to);
                Err(why)
            }
        })
    }

    /// Holds `m` for an address that has not consented (see [`gate`]).
    fn hold(&self, conn: &Connection, m: &OutMail, game_id: Option<i64>, mail_id: Option<i64>, now: i64) -> rusqlite::Result<bool> {
        let mailbox = crate::mail::mailbox_key(&m.to);
        let bytes = budget::size(conn, m)?;
        gate::held(&mut self.gate.borrow_mut(), &mailbox, &m.to);
        if !gate::may_hold(conn, &mailbox, bytes)? {
            tracing::warn!("not sent to {} (\"{}\"): it has not consented, and as much as is kept for it is kept already", m.to, m.subject);
            return Ok(false);
        }
        tracing::info!("held for {} (\"{}\") until it consents", m.to, m.subject);
        let c = store::outbox::Counted { mailbox, bytes, counted: store::outbox::NOT_COUNTED, charged: None };
        let id = store::outbox::insert(conn, m, game_id, mail_id, now, &c)?;
        store::outbox::hold(conn, id, now)?;
        Ok(true)
    }

    /// Mails a request for consent to `to`, an address someone named (a
    /// list, an invitation, a seat's new address, an observer's code): to an
    /// address that consents it is a notice like any other; to one that has
    /// not, it is the one request the [`gate`] allows it, within the gate's
    /// limits. `code`: the code the mail carries, which confirms the address
    /// too (`None`: the gate adds one). `Err` of the outcome: why nothing
    /// went ([`gate::NotAsked::words`] says it to the asker).
    pub fn request(
        &self,
        conn: &Connection,
        to: &str,
        subject: &str,
        body: String,
        game_id: Option<i64>,
        code: Option<&str>,
    ) -> rusqlite::Result<Result<(), gate::NotAsked>> {
        let mailbox = crate::mail::mailbox_key(to);
        let now = self.now();
        if gate::consents(conn, &self.cfg, &mailbox)? {
            let queued = self.notice(conn, to, subject, body, game_id, None)?;
            return Ok(if queued { Ok(()) } else { Err(gate::NotAsked::AskedLately { again: now + 3600 }) });
        }
        if let Some(why) = gate::request_refused(conn, &self.cfg, &self.gate.borrow(), &mailbox, game_id, now)? {
            tracing::info!("no request to {to}: {why}");
            return Ok(Err(why));
        }
        let (code, body) = match code {
            Some(c) => (c.to_string(), body),
            None => {
                let c = crate::password::confirmation_code();
                let extra = say::consent::request_code(&c);
                (c, format!("{body}\n{extra}"))
            }
        };
        let m = self.notice_mail(to, subject, body, None);
        match budget::decide(conn, &self.cfg, &m, now, Some(self.cfg.consent.unconfirmed_reply_bytes_per_hour))? {
            budget::Decision::Queue(c) => {
                store::outbox::insert(conn, &m, game_id, None, now, &c)?;
                gate::record(conn, &self.gate.borrow(), &mailbox, &code, game_id, true, now)?;
                Ok(Ok(()))
            }
            budget::Decision::Withhold { until, .. } => Ok(Err(gate::NotAsked::AskedLately { again: until })),
        }
    }

    /// Queues a notice (not a reply) to `to`, within its byte budget.
    pub fn notice(&self, conn: &Connection, to: &str, subject: &str, body: String, game_id: Option<i64>, list_id: Option<String>) -> rusqlite::Result<bool> {
        let m = self.notice_mail(to, subject, body, list_id);
        self.queue(conn, &m, game_id, None)
    }

    /// Queues a game's own scheduled mail to `to` (a reminder, a late
    /// notice, the start): counted against the game budget, not the other.
    pub fn game_notice(&self, conn: &Connection, to: &str, subject: &str, body: String, game_id: i64) -> rusqlite::Result<bool> {
        self.game_notice_with(conn, to, subject, body, game_id, &[])
    }

    /// [`Ctx::game_notice`] carrying the stored files `files`.
    pub fn game_notice_with(&self, conn: &Connection, to: &str, subject: &str, body: String, game_id: i64, files: &[i64]) -> rusqlite::Result<bool> {
        let mut m = self.notice_mail(to, subject, body, None);
        m.kind = Kind::Game;
        m.attachments = files.to_vec();
        self.queue(conn, &m, Some(game_id), None)
    }

    /// A notice (not a reply) to `to`, not yet queued.
    pub fn notice_mail(&self, to: &str, subject: &str, body: String, list_id: Option<String>) -> OutMail {
        OutMail {
            to: to.to_string(),
            subject: subject.to_string(),
            body,
            message_id: self.new_message_id(),
            in_reply_to: None,
            references: Vec::new(),
            list_id,
            unsubscribe: None,
            kind: Kind::Notice,
            attachments: Vec::new(),
        }
    }
}

/// Runs `f` behind a panic boundary: a panic becomes an error (its message
/// kept for the keeper), so one mail or one game can never stop the judge.
pub fn guarded<T>(f: impl FnOnce() -> anyhow::Result<T>) -> anyhow::Result<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|p| {
        let msg = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_else(|| "unknown".into());
        Err(anyhow::anyhow!("internal error (panic): {msg}"))
    })
}
