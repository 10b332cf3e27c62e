//! The fixture a case runs on (a judge copied from a template game), and the checks every batch and tick get.

use super::*;
// ---------------------------------------------------------------------------
// The fixture and the checks

pub(super) struct Fixture {
    pub(super) _dir: tempfile::TempDir,
    pub(super) cfg: mailjudge::config::Config,
    pub(super) judge: Judge,
    /// The power letter of p1..p7.
    pub(super) letters: [char; 7],
    /// Every mail given to the judge in this case, as sent.
    pub(super) sent: Vec<Vec<u8>>,
    /// Message-IDs answered so far.
    pub(super) answered: HashMap<String, bool>,
    pub(super) n: usize,
}

/// A transport that takes every mail: (outbox id, bytes, recipient).
pub(super) struct Sink(pub(super) Vec<(i64, Vec<u8>, String)>);

impl mailjudge::mail::Outbound for Sink {
    fn send(&mut self, id: i64, message: &[u8], to: &str) -> anyhow::Result<()> {
        self.0.push((id, message.to_vec(), to.to_string()));
        Ok(())
    }
}

pub(super) fn fail(msg: String) -> TestCaseError {
    TestCaseError::fail(msg)
}

pub(super) fn raw_mail(from: &str, subject: &str, message_id: &str, body: &str) -> Vec<u8> {
    let body = body.replace("\r\n", "\n").replace('\n', "\r\n");
    format!(
        "From: {from}\r\nTo: mailjudge <{}>\r\nSubject: {subject}\r\nDate: Mon, 23 Nov 2026 12:00:00 +0000\r\nMessage-ID: {message_id}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}\r\n",
        common::JUDGE
    )
    .into_bytes()
}

pub(super) fn message_id_of(raw: &[u8]) -> String {
    let t = String::from_utf8_lossy(raw);
    t.lines().find_map(|l| l.strip_prefix("Message-ID: ")).unwrap_or_default().trim().to_string()
}

/// The started game every case begins with, made once per process: a real
/// setup batch (the CREATE and the seven joins) on a judge of its own, then
/// copied (`store::backup`) into each case's directory.
///
/// The setup hashes eight passwords with the judge's Argon2 parameters
/// (19 MiB, t=2: about half a second each in a debug build). So that cases stay
/// cheap, the stored hashes of the fixture's seats are then replaced by hashes
/// of the same passwords with the least Argon2 parameters (m=8 KiB, t=1), which
/// the judge verifies like any other PHC string: right and wrong sign-ons to
/// these seats cost microseconds. New hashes made during a case (CREATE,
/// joins, SET PASSWORD) still cost the full price.
pub(super) struct Template {
    pub(super) _dir: tempfile::TempDir,
    pub(super) db: std::path::PathBuf,
    pub(super) letters: [char; 7],
    /// The setup mails, as sent (all answered).
    pub(super) mails: Vec<Vec<u8>>,
}

pub(super) static TEMPLATE: std::sync::OnceLock<Result<Template, String>> = std::sync::OnceLock::new();

/// An Argon2id PHC string of `pw` with the least parameters.
pub(super) fn cheap_hash(pw: &str, salt: &[u8; 16]) -> String {
    use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
    use argon2::{Algorithm, Argon2, Params, Version};
    let params = Params::new(8, 1, 1, None).unwrap();
    let mut out = [0u8; 32];
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone()).hash_password_into(pw.as_bytes(), salt, &mut out).unwrap();
    PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).unwrap(),
        salt: Some(Salt::new(salt).unwrap()),
        hash: Some(Output::new(&out).unwrap()),
    }
    .to_string()
}

pub(super) fn build_template() -> Result<Template, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let cfg = common::config(dir.path(), 1000);
    let mut judge = Judge::open(cfg, Clock::Fixed(T0)).map_err(|e| format!("open: {e:#}"))?;
    let mut mails = vec![raw_mail(GM, "new game", "<setup.0@props.example.test>", &format!("CREATE ?demo {GM_PW} standard"))];
    for i in 0..7 {
        let body = format!("SIGNON ?demo {}\nSET PREFERENCE {}", PLAYER_PW[i], PREF[i]);
        mails.push(raw_mail(&format!("p{}@example.test", i + 1), "join", &format!("<setup.{}@props.example.test>", i + 1), &body));
    }
    let raws: Vec<RawMail> = mails.iter().enumerate().map(|(i, b)| RawMail { key: format!("setup{i}"), bytes: b.clone() }).collect();
    let outcomes = judge.handle_batch(&raws).map_err(|e| format!("setup batch: {e:#}"))?;
    if outcomes.iter().any(|o| *o != MailOutcome::Answered) {
        return Err(format!("setup batch: {outcomes:?}"));
    }
    let g = mailjudge::game::load_named(&judge.conn, &mut judge.ctx.variants, "demo").map_err(|e| e.to_string())?.ok_or("no game demo")?;
    if g.status.as_str() != "active" {
        return Err(format!("the setup batch did not start the game: {}", g.status));
    }
    let v = g.variant.clone();
    let mut letters = ['?'; 7];
    for (k, mut p) in Player::of_game(&judge.conn, g.id).map_err(|e| e.to_string())?.into_iter().enumerate() {
        let i = p.email.strip_prefix('p').and_then(|r| r.strip_suffix("@example.test")).and_then(|n| n.parse::<usize>().ok()).ok_or("unexpected player")? - 1;
        letters[i] = v.powers[p.power.ok_or("a player without a power")? as usize].letter;
        let hash = cheap_hash(PLAYER_PW[i], &[k as u8 + 1; 16]);
        if !judge.ctx.check_password(&hash, PLAYER_PW[i]).map_err(|e| e.to_string())? {
            return Err("the cheap hash does not verify".into());
        }
        p.pw_hash = Some(hash);
        p.save(&judge.conn).map_err(|e| e.to_string())?;
    }
    let mut g = g;
    g.master_hash = cheap_hash(GM_PW, &[0; 16]);
    g.save(&judge.conn).map_err(|e| e.to_string())?;
    check_judge(&mut judge).map_err(|e| e.to_string())?;
    let db = dir.path().join("template.db");
    mailjudge::store::backup(&judge.conn, &db).map_err(|e| format!("backup: {e:#}"))?;
    Ok(Template { _dir: dir, db, letters, mails })
}

impl Fixture {
    /// A started game `demo` at T0 (a copy of the [`Template`]), in time zone `tz`.
    pub(super) fn new(tz: Tz) -> Result<Fixture, TestCaseError> {
        let t = TEMPLATE.get_or_init(build_template).as_ref().map_err(|e| fail(format!("the template game: {e}")))?;
        let dir = tempfile::tempdir().map_err(|e| fail(e.to_string()))?;
        let mut cfg = common::config(dir.path(), 1000);
        cfg.timezone = tz;
        std::fs::copy(&t.db, &cfg.database).map_err(|e| fail(e.to_string()))?;
        let judge = Judge::open(cfg.clone(), Clock::Fixed(T0)).map_err(|e| fail(format!("open: {e:#}")))?;
        let answered = t.mails.iter().map(|m| (message_id_of(m), true)).collect();
        Ok(Fixture { _dir: dir, cfg, judge, letters: t.letters, sent: t.mails.clone(), answered, n: 0 })
    }

    pub(super) fn compose(&mut self, from: &str, subject: &str, body: &str) -> RawMail {
        self.n += 1;
        let id = format!("<c.{}@props.example.test>", self.n);
        RawMail { key: format!("m{}", self.n), bytes: raw_mail(from, subject, &id, body) }
    }

    pub(super) fn spec_mail(&mut self, m: &MailSpec) -> RawMail {
        let (from, preamble) = match &m.who {
            Who::Player(i) => {
                let from = format!("p{}@example.test", i + 1);
                let pre = match m.auth {
                    Auth::Right => Some(format!("SIGNON {}demo {}", self.letters[*i], PLAYER_PW[*i])),
                    Auth::WrongPassword => Some(format!("SIGNON {}demo wrong-{i}", self.letters[*i])),
                    Auth::WrongLetter => Some(format!("SIGNON {}demo {}", self.letters[(*i + 1) % 7], PLAYER_PW[*i])),
                    Auth::None => None,
                };
                (from, pre)
            }
            Who::Gm => {
                let pre = match m.auth {
                    Auth::Right | Auth::WrongLetter => Some(format!("SIGNON Mdemo {GM_PW}")),
                    Auth::WrongPassword => Some("SIGNON Mdemo wrong-gm".to_string()),
                    Auth::None => None,
                };
                (GM.to_string(), pre)
            }
            Who::Stranger(k) => {
                let pre = match m.auth {
                    Auth::Right => Some(format!("SIGNON ?demo stranger-pw-{k}")),
                    _ => None,
                };
                (format!("stranger{k}@example.test"), pre)
            }
            Who::Daemon => ("MAILER-DAEMON@example.test".to_string(), None),
            Who::Address(a) => (a.clone(), None),
            Who::Impostor(i) => (format!("impostor{i}@example.test"), Some(format!("SIGNON {}demo {}", self.letters[*i], PLAYER_PW[*i]))),
        };
        let mut body: Vec<String> = preamble.into_iter().collect();
        body.extend(m.lines.iter().cloned());
        self.compose(&from, &m.subject, &body.join("\n"))
    }

    /// Runs one batch and checks the replies and the database.
    pub(super) fn batch(&mut self, mails: &[RawMail]) -> Result<(), TestCaseError> {
        let outcomes = self.judge.handle_batch(mails).map_err(|e| fail(format!("handle_batch returned an error: {e:#}")))?;
        prop_assert_eq!(outcomes.len(), mails.len(), "one outcome per mail");
        for (m, o) in mails.iter().zip(&outcomes) {
            let id = message_id_of(&m.bytes);
            match o {
                MailOutcome::Answered => {
                    let before = self.answered.insert(id.clone(), true);
                    prop_assert!(before.is_none(), "mail {} answered twice (a second time as {:?})", id, o);
                }
                MailOutcome::Ignored(_) | MailOutcome::Duplicate => {
                    self.answered.entry(id.clone()).or_insert(false);
                }
                MailOutcome::RateLimited => return Err(fail(format!("mail {id} was rate limited"))),
                MailOutcome::Unreadable(why) => {
                    return Err(fail(format!(
                        "mail {id} failed: {why}\n--- the mail:\n{}",
                        String::from_utf8_lossy(&m.bytes).chars().take(3000).collect::<String>()
                    )));
                }
            }
            self.sent.push(m.bytes.clone());
        }
        let queued = queued(&self.judge)?;
        for m in mails {
            let id = message_id_of(&m.bytes);
            let n = replies_to(&queued, &id);
            let want = i64::from(self.answered.get(&id).copied().unwrap_or(false));
            prop_assert_eq!(n, want, "replies to {}", id);
        }
        self.check_db()?;
        self.flush()
    }

    /// Sends what is due from the outbox into a sink: every mail composes (no
    /// outbox row with an error), parses back, goes to its row's address, and
    /// has no header a body or subject could have injected.
    pub(super) fn flush(&mut self) -> Result<(), TestCaseError> {
        if self.judge.ctx.now() > MAX_TIME && !known_bugs() {
            // see flush_with_the_clock_past_9999_does_not_panic
            return Ok(());
        }
        loop {
            let mut sink = Sink(Vec::new());
            let n = self.judge.flush_outbox(&mut sink).map_err(|e| fail(format!("flush_outbox returned an error: {e:#}")))?;
            for (id, bytes, to) in &sink.0 {
                let text = String::from_utf8_lossy(bytes);
                let head = text.split("\r\n\r\n").next().unwrap_or_default();
                prop_assert!(!head.lines().any(|l| l.to_ascii_lowercase().starts_with("bcc:")), "outbox #{} has a Bcc header:\n{}", id, head);
                let m = mail_parser::MessageParser::default().parse(bytes).ok_or_else(|| fail(format!("outbox #{id} does not parse")))?;
                let addr = m.to().and_then(|a| a.first()).and_then(|a| a.address()).unwrap_or_default().to_string();
                prop_assert!(addr.eq_ignore_ascii_case(to), "outbox #{} is addressed to `{}`, its row to `{}`", id, addr, to);
            }
            if n < 500 {
                break;
            }
        }
        let errors: Vec<(i64, String, String, String)> =
            queued(&self.judge)?.into_iter().filter_map(|m| Some((m.id, m.to_addr, m.subject, m.last_error?))).collect();
        prop_assert!(errors.is_empty(), "outbox mail that could not be sent: {:#?}", errors);
        Ok(())
    }

    /// Moves the clock, ticks twice, and checks the database.
    pub(super) fn clock(&mut self, mv: &ClockMove) -> Result<(), TestCaseError> {
        let now = self.judge.ctx.now();
        let active: Vec<mailjudge::game::Game> = db::games(&self.judge.conn).into_iter().filter(|g| g.status.as_str() == "active").collect();
        let max_of = |col: fn(&mailjudge::game::Game) -> Option<i64>| -> Result<Option<i64>, TestCaseError> { Ok(active.iter().filter_map(col).max()) };
        let t = match mv {
            ClockMove::By(d) => now.saturating_add(*d),
            ClockMove::To(t) => *t,
            ClockMove::PastDeadline => max_of(|g| g.deadline)?.map(|d| d.saturating_add(1)).unwrap_or(now + 3600),
            ClockMove::PastGrace => max_of(|g| g.grace_until)?.map(|d| d.saturating_add(1)).unwrap_or(now + 3600),
        };
        self.judge.ctx.clock = Clock::Fixed(t);
        self.judge.tick().map_err(|e| fail(format!("tick at {t} returned an error: {e:#}")))?;
        self.check_db()?;
        let again = self.judge.tick().map_err(|e| fail(format!("second tick at {t} returned an error: {e:#}")))?;
        prop_assert_eq!(again, 0, "a second tick at the same time ({}) processed a phase", t);
        self.check_db()?;
        self.flush()
    }

    pub(super) fn check_db(&mut self) -> Result<(), TestCaseError> {
        check_judge(&mut self.judge)
    }

    pub(super) fn run(&mut self, script: &Script) -> Result<(), TestCaseError> {
        for step in &script.steps {
            match step {
                Step::Batch(items) => {
                    let mut mails = Vec::new();
                    for it in items {
                        match it {
                            Item::Mail(m) => mails.push(self.spec_mail(m)),
                            Item::Resend(k) if !self.sent.is_empty() => {
                                let bytes = self.sent[k % self.sent.len()].clone();
                                mails.push(RawMail { key: format!("resend{k}"), bytes });
                            }
                            Item::Resend(_) => {}
                        }
                    }
                    if !mails.is_empty() {
                        self.batch(&mails)?;
                    }
                }
                Step::Clock(mv) => self.clock(mv)?,
                Step::DrawAll => {
                    let mut mails = Vec::new();
                    for (i, pw) in PLAYER_PW.iter().enumerate().take(7) {
                        let body = format!("SIGNON {}demo {pw}\nSET DRAW", self.letters[i]);
                        mails.push(self.compose(&format!("p{}@example.test", i + 1), "draw", &body));
                    }
                    self.batch(&mails)?;
                }
                Step::Advance(n) => {
                    let body = format!("SIGNON Mdemo {GM_PW}\n{}", vec!["PROCESS!"; usize::from(*n)].join("\n"));
                    let m = self.compose(GM, "process", &body);
                    self.batch(&[m])?;
                }
            }
        }
        // the database opens again, validates, and answers
        let now = self.judge.ctx.now();
        let cfg = self.cfg.clone();
        let old = std::mem::replace(&mut self.judge, Judge::in_memory(cfg.clone(), Clock::Fixed(now)).map_err(|e| fail(e.to_string()))?);
        drop(old);
        self.judge = Judge::open(cfg, Clock::Fixed(now)).map_err(|e| fail(format!("the database does not open again: {e:#}")))?;
        self.check_db()?;
        let m = self.compose("stranger9@example.test", "list", "LIST\nLIST demo");
        self.batch(&[m])?;
        // and still knows every mail it had: sent again, each is a duplicate
        let again: Vec<RawMail> = self.sent.iter().rev().take(12).enumerate().map(|(k, b)| RawMail { key: format!("again{k}"), bytes: b.clone() }).collect();
        let outcomes = self.judge.handle_batch(&again).map_err(|e| fail(format!("handle_batch returned an error: {e:#}")))?;
        for (m, o) in again.iter().zip(&outcomes) {
            prop_assert_eq!(o, &MailOutcome::Duplicate, "mail {} sent again after the database was opened again", message_id_of(&m.bytes));
        }
        self.batch(&[])
    }
}

/// Every mail the judge queued, through the store.
pub(super) fn queued(j: &Judge) -> Result<Vec<outbox::Queued>, TestCaseError> {
    outbox::all(&j.conn).map_err(|e| fail(format!("outbox::all: {e}")))
}

/// How many replies among `queued` answer the mail `id`.
pub(super) fn replies_to(queued: &[outbox::Queued], id: &str) -> i64 {
    count(queued, |m| m.kind == "reply" && m.in_reply_to.as_deref() == Some(id))
}

/// The database validates, every game reads back, the keeper heard of no
/// failure, and no fixture password was echoed or stored.
pub(super) fn check_judge(j: &mut Judge) -> Result<(), TestCaseError> {
    let (ok, broken) = mailjudge::store::integrity(&j.conn).map_err(|e| fail(e.to_string()))?;
    prop_assert_eq!(ok, "ok");
    prop_assert_eq!(broken, 0, "foreign key violations");
    let games = mailjudge::store::games::identities(&j.conn).map_err(|e| fail(format!("games: {e}")))?;
    for g in &games {
        Player::of_game(&j.conn, g.id).map_err(|e| fail(format!("Player::of_game({}): {e}", g.name)))?;
        j.ctx.game(&j.conn, g.id).map_err(|e| fail(format!("game {}: {e}", g.name)))?;
    }
    let queued = queued(j)?;
    let told: Vec<(&str, &str)> = queued
        .iter()
        .filter(|m| m.to_addr == KEEPER && m.kind == "notice" && db::like(&m.subject, "mailjudge:%"))
        .map(|m| (m.subject.as_str(), m.body.as_str()))
        .collect();
    let kept = mails::all(&j.conn).map_err(|e| fail(format!("mails::all: {e}")))?;
    prop_assert!(told.is_empty(), "the keeper was told of a failure: {:#?}", told);
    for pw in PLAYER_PW.iter().chain([&GM_PW]) {
        let echoed = count(&queued, |m| m.body.contains(pw) || m.subject.contains(pw));
        prop_assert_eq!(echoed, 0, "password {} echoed in the outbox", pw);
        let stored = count(&kept, |m| db::holds(&m.raw, pw));
        prop_assert_eq!(stored, 0, "password {} stored in the mails table", pw);
    }
    Ok(())
}

pub(super) fn run_script(script: &Script) -> Result<(), TestCaseError> {
    let mut f = Fixture::new(script.tz)?;
    f.run(script)
}
