//! One mail's commands, in order, and the reply that answers them.
//!
//! A mail starts signed on to nothing; `SIGNON` (or `CREATE`, or joining)
//! sets who the following lines speak for. Each line is echoed in the reply with
//! what came of it; passwords are masked. At the end, for every power the mail
//! signed on as: its complete order set, what is still missing, the deadline.
//! Never another player's orders or address.

//!
//! One file per command family: [`account`] (CREATE, joining, SIGNON,
//! OBSERVE, RESIGN), [`orders`] (orders, CLEAR), [`press`], [`settings`]
//! (SET: a player's settings and votes, the master's deadlines), [`options`]
//! (the game options of CREATE and the master's SET, as one table),
//! [`master`] (the master's commands), [`info`] (HELP, LIST, HISTORY,
//! SUMMARY, MAP), [`community`] (REGISTER, WHOIS, WHOGAME, GET, VERSION,
//! private games), [`dedication`] (a player's record: GET DEDICATION, INFO
//! PLAYER, I AM ALSO, the join limits by it and by address), [`start`] (the
//! starting units' choice); [`parse`] reads a
//! command line. `Session::command` only dispatches.
//!
//! Errors are typed ([`Fail`]): a sender's mistake is answered in the reply and
//! the command's effects are rolled back (each command runs in its own
//! savepoint); a failure of the judge itself aborts the whole mail, which the
//! caller rolls back and answers with an apology.

pub mod account;
pub mod community;
pub mod dedication;
pub mod diary;
pub mod disorder;
pub mod info;
pub mod keeper;
pub mod later;
pub mod master;
mod variant;
pub use keeper::KEEPER_PASSWORD_KEY;
mod moderation;
pub mod notices;
pub mod options;
pub mod orders;
pub mod parse;
pub mod press;
pub mod proxy;
pub mod settings;
pub mod start;
pub mod time;
pub mod votes;

use crate::context::Ctx;
use crate::game::refusal::{PressRefusal, Refusal, SessionRefusal};
use crate::game::{self, Game, GameStatus, Player, pname};
use crate::mail::read::Incoming;
use crate::map::PowerId;
use crate::report::{say, wrap};
use crate::timing;
use minijinja::context;
use parse::{BlockKind, Cmd};
use rusqlite::Connection;

/// Why a command did not take effect.
#[derive(Debug)]
pub enum Fail {
    /// The sender's mistake, said in the reply (with what would work); the
    /// command's effects are rolled back, the rest of the mail goes on.
    Refused(Refusal),
    /// The judge's own failure (database, a stored row that cannot be read,
    /// stored options or a stored position the rules refuse): the whole mail
    /// is rolled back and answered with an apology; the keeper is told.
    System(anyhow::Error),
}

impl From<Refusal> for Fail {
    fn from(r: Refusal) -> Fail {
        Fail::Refused(r)
    }
}
impl From<game::refusal::ToolRefusal> for Fail {
    fn from(r: game::refusal::ToolRefusal) -> Fail {
        Fail::Refused(r.into())
    }
}
impl From<rusqlite::Error> for Fail {
    fn from(e: rusqlite::Error) -> Fail {
        Fail::System(e.into())
    }
}
impl From<game::LoadError> for Fail {
    fn from(e: game::LoadError) -> Fail {
        Fail::System(e.into())
    }
}

impl From<crate::store::later::KeptError> for Fail {
    fn from(e: crate::store::later::KeptError) -> Fail {
        Fail::System(e.into())
    }
}

impl From<anyhow::Error> for Fail {
    fn from(e: anyhow::Error) -> Fail {
        Fail::System(e)
    }
}

#[derive(Clone, Debug)]
enum Role {
    /// Joined a forming game (no power yet).
    Joined(i64),
    /// A power; `master` when the master used BECOME.
    Power {
        power: PowerId,
        player: Option<i64>,
        master: bool,
    },
    Master,
    /// An observer (its row's id), signed on with `SIGNON O<game>` and the
    /// code that confirmed it: for press.
    Observer(i64),
}

#[derive(Clone, Debug)]
struct Signed {
    game_id: i64,
    role: Role,
}

struct Entry {
    input: String,
    responses: Vec<String>,
}

pub struct Session<'a> {
    conn: &'a Connection,
    ctx: &'a mut Ctx,
    sender: String,
    mail_id: Option<i64>,
    signed: Option<Signed>,
    entries: Vec<Entry>,
    statuses: Vec<(i64, PowerId)>,
    /// The games the mail signed on to as master: the reply ends with every
    /// power's orders so far (njudge's master sees them in every reply).
    overviews: Vec<i64>,
    /// The position last read (game id, phase counter): orders of one mail share it.
    pos_cache: Option<(i64, i64, crate::adjudicate::Position)>,
    /// Seats whose password was wrong in this mail (no second guess in the same mail).
    failed_seats: Vec<String>,
    /// Failures to record once the command's savepoint is settled, with the lane they count against.
    pending_failures: Vec<(Seat, Lane)>,
    /// Argon2 computations done before this mail (for the per-mail cap).
    work_start: u64,
    /// Orders read from this mail so far (the line limit counts orders, not lines).
    orders_read: usize,
    /// Commands typed at the judge's console (`mailjudge game ...`), not mailed.
    console: bool,
    /// Games whose last seat this mail took, with the joiner: started at the end.
    starting: Vec<(i64, i64)>,
    /// Players of record who get a copy of this mail and its reply (a sign-on
    /// from an address that is not theirs).
    copies: Vec<String>,
    /// A phase was processed by this mail's PROCESS (one a mail).
    processed: bool,
    /// Maps attached to this mail's reply (MAP, at most a few a mail).
    maps_attached: usize,
    /// The game this mail signed on to as a co-master (PROMOTE), not as its master.
    co_master: Option<i64>,
    /// The PHASE block being read (orders for a later phase).
    later: Option<later::Block>,
    /// Notices to others, sent once the mail has run (see [`notices`]).
    notices: Vec<notices::Notice>,
    /// Entries made in a power's name by the master: (entry, game, power).
    acted: Vec<(usize, i64, PowerId)>,
    /// The power the master's `Power: order` line just ordered for.
    acted_for: Option<(i64, PowerId)>,
}

/// Argon2 computations one mail may cause (hashes and checks not already cached).
pub const MAX_PASSWORD_WORK_PER_MAIL: u64 = 8;
/// Wrong passwords for one seat (a power, a joined seat, a game's master)
/// within an hour, from whatever address, before further tries are refused
/// unchecked, the right password too, until the oldest of them is an hour old.
pub const MAX_FAILED_SIGNONS_PER_HOUR: i64 = 5;

/// Unlock codes mailed to a seat's owner in a day, at most.
pub const MAX_UNLOCK_CODES_PER_DAY: usize = 3;

/// The two lanes of a seat's sign-ons (see [`Session::check_seat`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lane {
    /// From the seat's own address of record.
    Owner,
    /// From any other address.
    Others,
}

impl Lane {
    /// The key of `seat`'s lane in the failures table.
    fn key(self, seat: &Seat) -> String {
        match self {
            Lane::Owner => format!("{}#owner", seat.key),
            Lane::Others => format!("{}#others", seat.key),
        }
    }
}

/// Where an unlock code is kept (its hash, never the code).
fn unlock_key(code: &str) -> String {
    format!("unlock:{}", crate::context::gate::code_hash(code))
}

/// A seat a password opens: its key in the failures table, its owner's
/// address, the game's master's, and how the notices name it.
#[derive(Clone, Debug)]
pub struct Seat {
    pub key: String,
    pub owner: String,
    pub master: String,
    pub game: String,
    /// "France", "the master", "a joined seat".
    pub what: String,
}

/// What a command answers: lines for the reply, or why it failed.
pub type R = Result<Vec<String>, Fail>;

/// A line as the reply echoes it: every password masked (the same
/// classification as the stored mail's redaction, see [`crate::mail::redact`]).
fn mask(line: &str, own: &crate::mail::redact::JudgeText) -> String {
    crate::mail::redact::mask_line(line, own)
}

/// Runs the commands of one mail and returns the reply text.
pub fn run(conn: &Connection, ctx: &mut Ctx, inc: &Incoming, mail_id: i64) -> anyhow::Result<String> {
    let mut s = Session::new(conn, ctx, inc.from.clone(), Some(mail_id), None);
    s.run_lines(&inc.lines)?;
    let reply = s.render(inc.cut_lines);
    for addr in std::mem::take(&mut s.copies) {
        let lines: Vec<String> = inc.lines.iter().map(|l| mask(l, &s.ctx.judge_text)).collect();
        let body = s
            .ctx
            .templates
            .render("copy.txt", context! { judge => s.ctx.cfg.name.clone(), sender => inc.from.clone(), lines => lines, reply => reply.clone() });
        s.ctx.notice(conn, &addr, &say::session::signed_on_elsewhere_subject(), body, None, None)?;
    }
    s.send_acted_copies()?;
    Ok(reply)
}

/// Runs master commands for `game` from the console (no password: shell access is the authority).
pub fn run_console(conn: &Connection, ctx: &mut Ctx, game: &str, lines: &[String]) -> anyhow::Result<String> {
    let g = crate::store::games::identity_named(conn, game)?.ok_or_else(|| anyhow::anyhow!("no game called {game}"))?;
    let keeper = ctx.cfg.keeper.clone();
    let mut s = Session::new(conn, ctx, keeper, None, Some(Signed { game_id: g.id, role: Role::Master }));
    s.run_lines(lines)?;
    let text = s.render(0);
    s.send_acted_copies()?;
    crate::play::process_ready(conn, ctx)?;
    Ok(text)
}

impl<'a> Session<'a> {
    fn new(conn: &'a Connection, ctx: &'a mut Ctx, sender: String, mail_id: Option<i64>, signed: Option<Signed>) -> Session<'a> {
        let work_start = ctx.passwords.work_done();
        Session {
            conn,
            ctx,
            sender,
            mail_id,
            signed,
            entries: Vec::new(),
            statuses: Vec::new(),
            overviews: Vec::new(),
            pos_cache: None,
            failed_seats: Vec::new(),
            pending_failures: Vec::new(),
            work_start,
            copies: Vec::new(),
            starting: Vec::new(),
            console: mail_id.is_none(),
            orders_read: 0,
            processed: false,
            maps_attached: 0,
            co_master: None,
            later: None,
            notices: Vec::new(),
            acted: Vec::new(),
            acted_for: None,
        }
    }

    fn run_lines(&mut self, lines: &[String]) -> anyhow::Result<()> {
        let mut i = 0;
        // a sign-on without its password: the next line may be the password,
        // so it is never echoed
        let mut after_bare_signon = false;
        while i < lines.len() {
            // a comment (`// ...`, DPjudge's) is not read; a block's text is
            let line = parse::without_comment(lines[i].trim());
            i += 1;
            if line.is_empty() {
                continue;
            }
            if let Some(hook) = self.ctx.hooks.before_command {
                hook(line);
            }
            // the line after a sign-on that lacks its password may be the
            // password: never echoed, and not run (an answer would quote it)
            if std::mem::replace(&mut after_bare_signon, crate::mail::redact::lacks_password(line, &self.ctx.judge_text)) {
                after_bare_signon = false;
                self.entries.push(Entry { input: crate::mail::redact::MASK.to_string(), responses: vec![say::session::line_after_bare_signon()] });
                continue;
            }
            let input = mask(line, &self.ctx.judge_text);
            // inside a PHASE block, its lines are kept for its phase
            match self.later_line(line) {
                Ok(later::Taken::Answered(responses)) => {
                    self.entries.push(Entry { input, responses });
                    continue;
                }
                Ok(later::Taken::Run) => {}
                Err(Fail::Refused(r)) => {
                    self.entries.push(Entry { input, responses: vec![say::session::error(&say::refusal::refusal(&r))] });
                    continue;
                }
                Err(Fail::System(e)) => return Err(e),
            }
            let cmd = parse::parse(line);
            if cmd == Cmd::Signoff {
                self.entries.push(Entry { input, responses: vec![say::session::signed_off()] });
                break;
            }
            // a block is read to its end before anything in it is decided, so
            // that no line of a block the judge cannot use becomes an order
            let mut signoff = None;
            let block = match parse::block(line) {
                Some(kind) => {
                    let start = i;
                    let end = parse::block_end(kind, &lines[start..]).map(|n| start + n);
                    i = end.map(|e| e + 1).unwrap_or(lines.len());
                    // a press ended by SIGNOFF: nothing after it is read
                    signoff = end.filter(|&e| parse::press_end(&lines[e]) == Some(parse::PressEnd::Signoff));
                    Some((kind, start, end))
                }
                None => None,
            };
            // each command in its own savepoint: a refused one leaves no trace
            let conn = self.conn;
            let kept = self.notices_kept();
            let result = crate::store::in_savepoint(conn, || self.one(&cmd, line, block, lines));
            if result.is_err() {
                self.drop_notices_from(kept);
            }
            // what the outbound gate did not send for this command is said under it
            let held_back = self.ctx.gate.borrow_mut().take_lines();
            let responses = match result {
                Ok(mut r) => {
                    r.extend(held_back);
                    r
                }
                Err(Fail::Refused(r)) => vec![say::session::error(&say::refusal::refusal(&r))],
                Err(Fail::System(e)) => return Err(e),
            };
            // failed password checks count whatever became of the command
            self.record_failures()?;
            if let Some((gid, power)) = self.acting_as_master() {
                self.acted.push((self.entries.len(), gid, power));
            }
            self.entries.push(Entry { input, responses });
            if let Some(e) = signoff {
                self.entries.push(Entry { input: mask(lines[e].trim(), &self.ctx.judge_text), responses: vec![say::session::signed_off()] });
                break;
            }
        }
        match self.finish_later() {
            Ok(()) | Err(Fail::Refused(_)) => {}
            Err(Fail::System(e)) => return Err(e),
        }
        self.send_notices()?;
        self.start_games()?;
        Ok(())
    }

    /// One command line (or block), with the lines of the mail for a block's body.
    fn one(&mut self, cmd: &Cmd, line: &str, block: Option<(BlockKind, usize, Option<usize>)>, lines: &[String]) -> R {
        match block {
            Some((BlockKind::Press, start, None)) => Err(Refusal::Session(SessionRefusal::PressWithoutEnd { unread: lines.len() - start }).into()),
            Some((BlockKind::Press, start, Some(end))) => {
                let body = lines[start..end].join("\n");
                let n = end - start;
                match cmd {
                    Cmd::Press(h) => self.press(h, &body),
                    Cmd::PostalPress => self.postal_press(&body),
                    Cmd::Diary(parse::Diary::Record) => self.diary_record(&body),
                    Cmd::Bad(r) => Err(r.clone().into()),
                    _ => Err(Refusal::Session(SessionRefusal::PressHeaderUnreadable).into()),
                }
                .map_err(|f| match f {
                    Fail::Refused(why) => Refusal::Session(SessionRefusal::PressIgnored { why: Box::new(why), lines: n }).into(),
                    system => system,
                })
            }
            Some((BlockKind::Conditional, start, end)) => Err(Refusal::Session(SessionRefusal::ConditionalIgnored {
                // the whole block, IF and ENDIF lines included
                lines: end.map(|e| e + 1).unwrap_or(lines.len()) - start + 1,
                closed: end.is_some(),
            })
            .into()),
            // njudge's long comment: the rest of the mail, or up to SIGNOFF
            Some((BlockKind::Comment, start, end)) => self.set_long_comment(&lines[start..end.unwrap_or(lines.len())]),
            Some((BlockKind::Register, start, None)) => Err(game::refusal::ToolRefusal::RegisterWithoutEnd { unread: lines.len() - start }.into()),
            Some((BlockKind::Register, start, Some(end))) => self.register(&lines[start..end]),
            None => self.command(cmd.clone(), line),
        }
    }

    fn render(&mut self, cut_lines: usize) -> String {
        let mut statuses = Vec::new();
        let list = std::mem::take(&mut self.statuses);
        for (gid, p) in list {
            match self.status(gid, p) {
                Ok(Some(s)) => statuses.push(s),
                Ok(None) => {}
                // the reply goes without it; the keeper's log says why
                Err(e) => tracing::error!("game {gid}: the status of power {p} for a reply cannot be made: {e:#}"),
            }
        }
        let mut overviews = Vec::new();
        for gid in std::mem::take(&mut self.overviews) {
            match self.master_overview(gid) {
                Ok(Some(o)) => overviews.push(o),
                Ok(None) => {}
                Err(e) => tracing::error!("game {gid}: the master's overview for a reply cannot be made: {e:#}"),
            }
        }
        let entries: Vec<minijinja::Value> = self
            .entries
            .iter()
            .map(|e| context! { input => e.input.clone(), responses => e.responses.iter().map(|r| wrap(r, 74)).collect::<Vec<_>>() })
            .collect();
        self.ctx.templates.render(
            "reply.txt",
            context! {
                judge => self.ctx.cfg.name.clone(), entries => entries, statuses => statuses, overviews => overviews,
                cut_lines => cut_lines, max_lines => self.ctx.cfg.limits.max_lines, console => self.console,
            },
        )
    }

    fn status(&mut self, game_id: i64, power: PowerId) -> anyhow::Result<Option<minijinja::Value>> {
        let g = self.ctx.game(self.conn, game_id)?;
        if g.status != GameStatus::Active {
            return Ok(None);
        }
        let v = g.variant.clone();
        let Some(stored) = g.position.clone() else { return Ok(None) };
        let (pos, board_text) = self.view(&g, stored, Some(&g.group_of(power)))?;
        let rows = crate::store::orders::current(self.conn, g.id, g.seq, Some(power))?;
        let orders = game::parsed_orders(&v, &rows)?;
        let n = game::needs(&v, &g.rules, &pos, power, &orders);
        let waiting = g.player_for(power).is_some_and(|p| p.wait);
        // SET SHORT REPLY: the board left out
        let short = g.player_for(power).is_some_and(|p| p.reply == game::ReplyForm::Short);
        // a retreat without an order, in a game of the right-hand rule: where it would go
        let right_hand: Vec<String> =
            game::right_hand_defaults(&v, &g.rules, &pos, power, &orders).iter().map(|(u, d)| say::deadline::right_hand_now(u, d.as_deref())).collect();
        let now = self.ctx.now();
        let tz = game::reader_zone(&g, &self.sender, self.ctx.cfg.timezone);
        let (deadline, left) = match g.deadline {
            Some(d) if g.paused => (say::session::deadline_paused(&timing::format_time(d, tz)), String::new()),
            Some(d) if d > now => (timing::format_time(d, tz), say::session::time_left(&timing::format_span(d - now))),
            Some(d) => (timing::format_time(d, tz), say::session::deadline_passed()),
            None => (say::session::no_deadline(), String::new()),
        };
        let phase = if n.needs { v.calendar.long_name(pos.phase) } else { say::session::nothing_to_order(&v.calendar.long_name(pos.phase)) };
        // what the seat keeps for later phases (PHASE), by phase
        let mut later: Vec<minijinja::Value> = Vec::new();
        let mut kept = crate::store::later::all(self.conn, &v, g.id, Some(power))?;
        kept.sort_by_key(|k| (k.phase, k.id));
        for k in kept {
            let heading = say::later::kept_heading(&v.calendar.long_name(k.phase));
            later.push(context! { heading => heading, lines => k.lines });
        }
        let listed: Vec<String> = rows.iter().map(|r| r.text.clone()).collect();
        // the orders as listed, sealed with the phase's secret (docs/RECEIPTS.md)
        let receipt = if listed.is_empty() {
            None
        } else {
            let nonce = crate::store::receipts::nonce(self.conn, g.id, g.seq, power)?;
            Some(game::receipt::seal(&g.name, &v.calendar.name(pos.phase), &pname(&v, power), &listed, &nonce))
        };
        Ok(Some(context! {
            game => g.name.clone(), power => pname(&v, power), phase => phase,
            orders => listed, receipt => receipt,
            missing => say::orders::missing(&n.missing), complete => n.complete && n.needs, waiting => waiting, deadline => deadline, left => left,
            board_text => board_text, later => later, short => short, right_hand => right_hand,
        }))
    }

    /// The master's overview of an active game: each played power that owes
    /// orders, with its orders so far and what is missing, and the players'
    /// absences to come.
    fn master_overview(&mut self, game_id: i64) -> anyhow::Result<Option<minijinja::Value>> {
        let g = self.ctx.game(self.conn, game_id)?;
        let Some(pos) = g.position.clone().filter(|_| g.status == GameStatus::Active) else { return Ok(None) };
        let v = g.variant.clone();
        let tz = game::reader_zone(&g, &self.sender, self.ctx.cfg.timezone);
        let mut powers = Vec::new();
        for power in (0..v.powers.len() as PowerId).filter(|&p| !g.is_neutral(p)) {
            let rows = crate::store::orders::current(self.conn, g.id, g.seq, Some(power))?;
            let orders = game::parsed_orders(&v, &rows)?;
            let n = game::needs(&v, &g.rules, &pos, power, &orders);
            if !n.needs {
                continue;
            }
            let state = say::master::overview_state(n.complete, &say::orders::missing(&n.missing), g.player_for(power).is_some_and(|p| p.wait));
            powers.push(context! { power => pname(&v, power), state => state, orders => rows.iter().map(|r| r.text.clone()).collect::<Vec<_>>().join("; ") });
        }
        let now = self.ctx.now();
        let mut absences = Vec::new();
        for p in g.players.iter().filter(|p| p.status == game::PlayerStatus::Active) {
            let Some(power) = p.power else { continue };
            for &(a, b) in p.absences.iter().filter(|(_, b)| *b > now) {
                absences.push(say::time::absence_line(&say::seats::seat_names(&g, power), &timing::format_time(a, tz), &timing::format_time(b, tz)));
            }
        }
        let deadline = g.deadline.map_or_else(say::session::no_deadline, |d| timing::format_time(d, tz));
        Ok(Some(context! { game => g.name.clone(), phase => v.calendar.long_name(pos.phase), powers => powers, absences => absences, deadline => deadline }))
    }

    /// The position as `viewer` (the powers of a seat; `None`: the master)
    /// may see it, and its board: before the first move of a map with
    /// starting choices (docs/RULES1885.md E3), the viewer's own choices
    /// applied and the other powers' choice units shown without their type;
    /// the master sees every choice. Otherwise the stored position and its
    /// cached board.
    /// In a blind game the board is the viewer's part of it (docs/RULES.md,
    /// "Blind games"); the position returned is the whole one, for what
    /// the viewer's own powers owe.
    fn view(&mut self, g: &Game, pos: crate::adjudicate::Position, viewer: Option<&[PowerId]>) -> anyhow::Result<(crate::adjudicate::Position, String)> {
        let (pos, text) = self.view_whole(g, pos, viewer)?;
        match viewer {
            Some(seat) if g.settings.blind() && g.status == GameStatus::Active => {
                let v = g.v();
                let seen = game::blind::position(seat, &game::blind::Sight::of(v, seat, &pos), &pos);
                let board = crate::report::board::board_in(v, &g.rules, &seen).seen_by(v, seat);
                let text = self.ctx.templates.render("board.txt", context! { board => board.to_value() });
                Ok((pos, text))
            }
            _ => Ok((pos, text)),
        }
    }

    fn view_whole(
        &mut self,
        g: &Game,
        mut pos: crate::adjudicate::Position,
        viewer: Option<&[PowerId]>,
    ) -> anyhow::Result<(crate::adjudicate::Position, String)> {
        let v = g.v();
        if !game::start::open(v, g, &pos) {
            // the cached board is the position's; civil disorder is the game's
            let text = if g.disorder.is_empty() {
                self.ctx.board_text(g.id, v, &g.rules, &pos).to_string()
            } else {
                let board = crate::report::board::board_in(v, &g.rules, &pos).with_disorder(&g.disorder_roll());
                self.ctx.templates.render("board.txt", context! { board => board.to_value() })
            };
            return Ok((pos, text));
        }
        let choices = crate::store::start::all(self.conn, v, g.id)?;
        game::start::apply(v, &mut pos, &choices, viewer)?;
        let board = crate::report::board::board_withheld(v, &g.rules, &pos, &game::start::hidden(v, viewer));
        let text = self.ctx.templates.render("board.txt", context! { board => board.to_value() });
        Ok((pos, text))
    }

    fn add_overview(&mut self, game_id: i64) {
        if !self.overviews.contains(&game_id) {
            self.overviews.push(game_id);
        }
    }

    fn add_status(&mut self, game_id: i64, power: PowerId) {
        if !self.statuses.contains(&(game_id, power)) {
            self.statuses.push((game_id, power));
        }
    }

    fn game(&mut self, name: &str) -> Result<Game, Fail> {
        game::load_named(self.conn, &mut self.ctx.variants, name.trim_start_matches('?'))?
            .ok_or_else(|| Refusal::Session(SessionRefusal::NoSuchGame { name: name.to_string() }).into())
    }

    /// The name of the game this mail signed on to, if any.
    fn signed_game_name(&mut self) -> Result<Option<String>, Fail> {
        match self.signed.clone() {
            Some(s) => Ok(Some(self.ctx.game(self.conn, s.game_id)?.name.clone())),
            None => Ok(None),
        }
    }

    fn signed_game(&mut self) -> Result<(Signed, Game), Fail> {
        let s = self.signed.clone().ok_or(Refusal::Session(SessionRefusal::NotSignedOn))?;
        let g = self.ctx.game(self.conn, s.game_id)?;
        Ok((s, g))
    }

    fn master_game(&mut self) -> Result<Game, Fail> {
        let (s, g) = self.signed_game()?;
        match s.role {
            Role::Master | Role::Power { master: true, .. } => Ok(g),
            _ => Err(Refusal::Session(SessionRefusal::MasterOnly { game: g.name.clone() }).into()),
        }
    }

    fn power_game(&mut self) -> Result<(PowerId, Option<i64>, Game), Fail> {
        let (s, g) = self.signed_game()?;
        match s.role {
            Role::Power { power, player, .. } => Ok((power, player, g)),
            Role::Joined(_) => Err(Refusal::Session(SessionRefusal::PowersNotAssigned { game: g.name.clone() }).into()),
            Role::Master => Err(Refusal::Session(SessionRefusal::MasterIsNoPower).into()),
            Role::Observer(_) => Err(Refusal::Press(PressRefusal::ObserverIsNoPower).into()),
        }
    }

    fn player(&self, id: Option<i64>) -> Result<Player, Fail> {
        let s = self.signed.clone().ok_or(Refusal::Session(SessionRefusal::NotSignedOn))?;
        let id = id.ok_or(Refusal::Session(SessionRefusal::NoPlayerHoldsPower))?;
        Player::of_game(self.conn, s.game_id)?.into_iter().find(|p| p.id == id).ok_or_else(|| Fail::System(anyhow::anyhow!("player {id} not found")))
    }

    /// The lane of `seat` this mail's sign-ons go by: its owner's own
    /// address, or any other.
    fn lane(&self, seat: &Seat) -> Lane {
        if crate::mail::mailbox_key(&self.sender) == crate::mail::mailbox_key(&seat.owner) { Lane::Owner } else { Lane::Others }
    }

    /// Checks `pw` for `seat` within the limits: one wrong guess per seat and
    /// mail, [`MAX_FAILED_SIGNONS_PER_HOUR`] per seat, lane and hour. The
    /// lanes: mail from the seat's own address, and mail from any other, so
    /// that guessers from throw-away addresses lock only their own lane and
    /// never the owner out (whatever their number, they share a handful of
    /// tries an hour). A forger of the owner's own address locks the owner's
    /// lane; the owner then gets an unlock code at the address of record
    /// (`UNLOCK code`, [`Session::unlock`]). Past the limit a lane is locked
    /// for a while, the right password refused too; the owner and the
    /// master are told once. At most [`MAX_PASSWORD_WORK_PER_MAIL`] Argon2
    /// computations per mail. A refused check says nothing about whether the
    /// password was right.
    fn check_seat(&mut self, seat: &Seat, hash: Option<&str>, pw: &str) -> Result<bool, Fail> {
        if self.failed_seats.contains(&seat.key) {
            return Err(Refusal::Session(SessionRefusal::OneTryPerSeat).into());
        }
        let now = self.ctx.now();
        let lane = self.lane(seat);
        if crate::store::auth::failures_since(self.conn, &lane.key(seat), now - 3600, now)? >= MAX_FAILED_SIGNONS_PER_HOUR {
            return Err(Refusal::Session(match lane {
                Lane::Owner => SessionRefusal::OwnerLaneLocked,
                Lane::Others => SessionRefusal::TooManyWrongPasswords,
            })
            .into());
        }
        self.password_work()?;
        let ok = match hash {
            Some(h) => self.ctx.check_password(h, pw)?,
            None => false,
        };
        if !ok {
            self.failed_seats.push(seat.key.clone());
            self.pending_failures.push((seat.clone(), lane));
        }
        Ok(ok)
    }

    /// Records the wrong passwords of the command just run (whatever became
    /// of it); a lane that reaches the limit is locked, and the seat's owner
    /// and the game's master are told (once a lock); a locked owner's lane
    /// brings the owner an unlock code.
    fn record_failures(&mut self) -> anyhow::Result<()> {
        let now = self.ctx.now();
        for (seat, lane) in std::mem::take(&mut self.pending_failures) {
            let key = lane.key(&seat);
            crate::store::auth::record_failure(self.conn, &key, now)?;
            if crate::store::auth::failures_since(self.conn, &key, now - 3600, now)? != MAX_FAILED_SIGNONS_PER_HOUR {
                continue;
            }
            tracing::warn!("{key}: {MAX_FAILED_SIGNONS_PER_HOUR} wrong passwords within an hour; sign-ons by that lane refused for an hour");
            let until = timing::format_time(now + 3600, self.ctx.cfg.timezone);
            if lane == Lane::Owner && self.unlock_code_due(&key, now)? {
                let code = crate::password::confirmation_code();
                crate::store::kv::set(self.conn, &unlock_key(&code), &format!("{now}\t{key}\t{}\t{}", seat.game, seat.what))?;
                let body = say::session::unlock_notice(&seat.game, &seat.what, MAX_FAILED_SIGNONS_PER_HOUR, &until, &code);
                self.ctx.notice(self.conn, &seat.owner, &say::session::unlock_subject(&seat.game, &seat.what), body, None, None)?;
            }
            // told once a lock: a lock kept up by more guesses as the old ones
            // age out is the same lock (at most one notice a day)
            let told_key = format!("lock-notice:{key}");
            let told: Option<i64> = crate::store::kv::get(self.conn, &told_key)?.and_then(|t| t.parse().ok());
            if told.is_some_and(|t| t <= now && t > now - 86_400) {
                continue;
            }
            crate::store::kv::set(self.conn, &told_key, &now.to_string())?;
            let subject = say::session::seat_locked_subject(&seat.game, &seat.what);
            let body = say::session::seat_locked_notice(&seat.game, &seat.what, MAX_FAILED_SIGNONS_PER_HOUR, &until, &self.sender, lane == Lane::Owner);
            // the owner (unless it was their lane: they have the unlock code),
            // and the master unless they are the owner
            let mut to: Vec<&str> = Vec::new();
            if lane == Lane::Others {
                to.push(&seat.owner);
            }
            if !seat.owner.eq_ignore_ascii_case(&seat.master) {
                to.push(&seat.master);
            }
            for addr in to {
                self.ctx.notice(self.conn, addr, &subject, body.clone(), None, None)?;
            }
        }
        Ok(())
    }

    /// Whether the owner's lane `key` may be sent another unlock code at
    /// `now` (at most [`MAX_UNLOCK_CODES_PER_DAY`] a day), counting this one.
    fn unlock_code_due(&mut self, key: &str, now: i64) -> rusqlite::Result<bool> {
        let count_key = format!("unlock-codes:{key}");
        let sent: Vec<i64> = crate::store::kv::get(self.conn, &count_key)?
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .filter(|&t| t <= now && t > now - 86_400)
            .collect();
        if sent.len() >= MAX_UNLOCK_CODES_PER_DAY {
            return Ok(false);
        }
        let kept: Vec<String> = sent.iter().chain(std::iter::once(&now)).map(|t| t.to_string()).collect();
        crate::store::kv::set(self.conn, &count_key, &kept.join(" "))?;
        Ok(true)
    }

    /// UNLOCK code: the owner's lane of the seat the code was mailed for
    /// opens again (its failures forgotten); the code is good once, for a day.
    fn unlock(&mut self, code: &str) -> R {
        let k = unlock_key(code);
        let now = self.ctx.now();
        let found = crate::store::kv::get(self.conn, &k)?;
        let parts: Vec<&str> = found.as_deref().unwrap_or_default().split('\t').collect();
        let [at, lane_key, game, what] = parts[..] else {
            return Err(Refusal::Session(SessionRefusal::UnknownUnlockCode).into());
        };
        if at.parse::<i64>().map_or(true, |t| t > now || t <= now - 86_400) {
            return Err(Refusal::Session(SessionRefusal::UnknownUnlockCode).into());
        }
        crate::store::auth::clear(self.conn, lane_key)?;
        crate::store::kv::delete(self.conn, &k)?;
        Ok(vec![say::session::unlocked(game, what)])
    }

    /// The hash of a new password, within the per-mail limit.
    fn new_hash(&mut self, pw: &str) -> Result<String, Fail> {
        self.password_work()?;
        Ok(self.ctx.hash_password(pw)?)
    }

    fn password_work(&self) -> Result<(), Fail> {
        if self.ctx.passwords.work_done().saturating_sub(self.work_start) >= MAX_PASSWORD_WORK_PER_MAIL {
            return Err(Refusal::Session(SessionRefusal::TooManyPasswordCommands { max: MAX_PASSWORD_WORK_PER_MAIL }).into());
        }
        Ok(())
    }

    fn touch(&mut self, game_id: i64) {
        if !self.ctx.touched.contains(&game_id) {
            self.ctx.touched.push(game_id);
        }
    }

    fn command(&mut self, cmd: Cmd, line: &str) -> R {
        // a co-master runs only what `master::CO_MASTER_MAY` lets it
        if let Some(r) = self.co_master_gate(&cmd) {
            return r;
        }
        match cmd {
            Cmd::Bad(r) => Err(r.into()),
            Cmd::Help => self.help(),
            Cmd::Create { game, password, variant, options } => self.create(&game, &password, variant.as_deref(), &options),
            Cmd::Join { game, password, key } => self.join(&game, &password, key.as_deref()),
            Cmd::JoinInfo(game) => self.join_info(game.as_deref()),
            Cmd::Signon { letter, game, password } => self.signon(letter, &game, &password),
            Cmd::Observe { game, password } => self.observe(&game, password.as_deref()),
            Cmd::Unobserve { game, code } => self.unobserve(&game, code.as_deref()),
            Cmd::Confirm { game, code } => self.confirm(&game, &code),
            Cmd::Consent { code } => self.consent(code.as_deref()),
            Cmd::Unlock(code) => self.unlock(&code),
            Cmd::Resign => self.resign(),
            // after a sign-on, njudge's LIST is the signed-on game's report
            Cmd::List(None) => match self.signed_game_name()? {
                Some(name) => self.list_game(&name),
                None => self.list_all(false),
            },
            // njudge's LIST FULL (unless a game is called `full`)
            Cmd::List(Some(g)) if g.eq_ignore_ascii_case("FULL") && !crate::store::games::exists(self.conn, &g)? => self.list_all(true),
            Cmd::List(Some(g)) => self.list_game(&g),
            Cmd::History(ask) => self.history(&ask),
            Cmd::Summary(Some(game)) => self.summary(&game),
            Cmd::Summary(None) => match self.signed_game_name()? {
                Some(name) => self.summary(&name),
                None => Err(Refusal::Usage(game::refusal::UsageRefusal::NeedsGame { command: "SUMMARY" }).into()),
            },
            Cmd::Map { game, phase } => self.map(&game, phase.as_deref()),
            Cmd::Clear => self.clear(),
            Cmd::Phase(text) => self.phase_directive(&text),
            Cmd::NotCommand => match self.unknown_command(line) {
                Some(r) => Err(r.into()),
                None => self.order(line),
            },
            Cmd::EndPress => Err(Refusal::Press(PressRefusal::EndPressWithoutPress).into()),
            Cmd::Diary(d) => self.diary(d),
            Cmd::Signoff | Cmd::Press(_) | Cmd::PostalPress => unreachable!("handled by run_lines"),
            Cmd::Set { key, arg } => self.set(key, arg.trim()),
            // one savepoint for the line: a refused setting leaves the others unmade
            Cmd::PressSets(list) => {
                let mut out = Vec::new();
                for (named, arg) in list {
                    out.extend(self.set(parse::SetKey::Option(named), &arg)?);
                }
                Ok(out)
            }
            Cmd::Approve(power) => self.approve(&power, true),
            Cmd::Reject(power) => self.approve(&power, false),
            Cmd::Process { force, phase } => self.process_now(force, phase.as_deref()),
            Cmd::Predict => self.predict(),
            Cmd::Pause => self.pause(),
            Cmd::Resume => self.resume(),
            Cmd::Terminate => self.terminate(),
            Cmd::Eject(p) => self.eject(&p),
            Cmd::Become(p) => self.become_power(&p),
            Cmd::BecomeMaster => self.become_master(),
            Cmd::Rollback(phase) => self.rollback(phase.as_deref()),
            Cmd::DeclareDraw(powers) => self.declare_draw(&powers),
            Cmd::Promote(who) => self.promote(&who),
            Cmd::Demote(who) => self.demote(&who),
            Cmd::Invite(who) => self.invite(&who),
            Cmd::Unstart => self.unstart(),
            Cmd::ForceBegin => self.force_begin(),
            Cmd::Rollforward(phase) => self.rollforward(phase.as_deref()),
            Cmd::Register => unreachable!("a block, handled by one"),
            Cmd::Whois(who) => self.whois(&who),
            Cmd::Whogame { game, full } => self.whogame(game.as_deref(), full),
            Cmd::Version => self.version(),
            Cmd::Get(topic) => self.get(topic.as_deref()),
            Cmd::GetDedication => self.get_dedication(),
            Cmd::InfoPlayer(who) => self.info_player(&who),
            Cmd::IAmAlso { address, codes } => self.i_am_also(&address, &codes),
            Cmd::Adjust { who, points, password } => self.adjust(&who, points, &password),
            Cmd::Record { who, field, value, password } => self.record(&who, field, value, &password),
        }
    }
}

/// Runs commands that need no game from the console (LIST, SUMMARY ...).
pub fn run_anonymous(conn: &Connection, ctx: &mut Ctx, lines: &[String]) -> anyhow::Result<String> {
    let keeper = ctx.cfg.keeper.clone();
    let mut s = Session::new(conn, ctx, keeper, None, None);
    s.run_lines(lines)?;
    Ok(s.render(0))
}

/// Creates a game from the console, with `master` as its master's address.
pub fn run_console_create(conn: &mut Connection, ctx: &mut Ctx, master: &str, game: &str, password: &str, variant: &str) -> anyhow::Result<String> {
    let tx = conn.transaction()?;
    let text = {
        let mut s = Session::new(&tx, ctx, master.to_string(), None, None);
        s.run_lines(&[format!("CREATE ?{game} {password} {variant}")])?;
        s.render(0)
    };
    tx.commit()?;
    Ok(text)
}
