//! Deadlines: setting a phase's deadline from the game's timing, absences
//! and blackout days (never before the processed phase's: njudge's rule),
//! the end of its grace period (the kind's, STRICT GRACE or not), and the
//! deadline work of one game (early processing
//! after the master's delay, reminder, late notices daily during grace,
//! processing, waiting for the master).

use super::process;
use crate::context::Ctx;
use crate::game::{Current, Game, GameStatus, Mark, Needs, Player, PlayerRole, PlayerStatus, pname};
use crate::map::PowerId;
use crate::phase::PhaseKind;
use crate::report::say;
use crate::store::games::{Announcements, GraceEnd, Nmr};
use crate::store::timeline;
use crate::timing::{self, Timing};
use chrono_tz::Tz;
use minijinja::context;
use rusqlite::Connection;

/// How often the late and the table hear who is late during grace: daily.
pub const LATE_NOTICE_EVERY_SECS: i64 = 86_400;

/// The timing of a phase kind in `game` (a stored one that no longer parses:
/// 24 hours, see [`crate::timing::Schedule`]).
fn phase_timing(game: &Game, kind: PhaseKind) -> &Timing {
    game.settings.schedule(kind).timing()
}

/// Sets the deadline of the game's current phase from its timing (its clock
/// times and days in the game's zone), pushed past any player's absence and
/// out of the blackout days, and the grace period after it; the phase's
/// delay, lateness notices and SET START start afresh (SET START becomes the
/// timing's minimum, njudge's MIN, if it has one).
pub fn set_deadline(ctx: &Ctx, game: &mut Game, kind: PhaseKind) {
    set_deadline_from(ctx, game, kind, None);
}

/// The deadline of the phase that follows a processed one: as
/// [`set_deadline`], but never earlier than the processed phase's deadline,
/// nor its grace period's end earlier than that phase's (njudge's
/// `deadlines`; docs/RULES.md, "Dates, time zones and deadlines"). A phase
/// processed early after its master extended the deadline keeps the game
/// that far out; a master who moved the deadline earlier moved the floor
/// with it.
pub fn set_next_deadline(ctx: &Ctx, game: &mut Game, kind: PhaseKind) {
    let (last, last_grace) = (game.deadline, game.grace_until);
    set_deadline_from(ctx, game, kind, last);
    game.grace_until = game.grace_until.max(last_grace);
}

/// [`set_deadline`], the deadline not before `floor` (when given).
fn set_deadline_from(ctx: &Ctx, game: &mut Game, kind: PhaseKind, floor: Option<i64>) {
    let now = ctx.now();
    let tz = game.zone(ctx.cfg.timezone);
    let t = phase_timing(game, kind);
    let base = t.next_deadline_from(now, floor.unwrap_or(now), tz);
    let min_secs = match t {
        Timing::Hours { min_secs, .. } => *min_secs,
        Timing::Cron(_) => 0,
    };
    let d = push_for_absences(base, &game.players).min(base.saturating_add(MAX_ABSENCE_PUSH_SECS));
    let d = timing::out_of_blackout(d, tz, &game.settings.blackout);
    game.deadline = Some(d);
    game.grace_until = Some(grace_end(game, kind, d, ctx.cfg.timezone));
    game.ready_since = None;
    game.late_told = None;
    // njudge's MIN: not processed that soon, even with every order in
    game.not_before = (min_secs > 0).then(|| now.saturating_add(min_secs));
}

/// The time of day a deadline written without one means in `kind`'s
/// phases of `game`: its timing's clock time (`at 20:00`), else 23:30 (njudge).
pub fn clock_time(game: &Game, kind: PhaseKind) -> timing::DayTime {
    match phase_timing(game, kind) {
        Timing::Hours { at: Some(t), .. } => timing::DayTime::At(*t),
        _ => timing::DayTime::DEADLINE,
    }
}

/// The end of the grace period after deadline `d` in `kind`'s phases of
/// `game`: its grace period for that kind (njudge's `SET RETREATS GRACE
/// 12`, else the game's), ended as [`grace_after`] ends it.
pub fn grace_end(game: &Game, kind: PhaseKind, d: i64, judge: Tz) -> i64 {
    grace_after(game, kind, d, game.settings.grace_for(kind), judge)
}

/// The end of a grace period of `secs` after deadline `d` in `kind`'s
/// phases of `game`: out of its blackout days and, unless the game is
/// `SET STRICT GRACE`, on a day `kind`'s timing lets a deadline fall on
/// (`judge`: the judge's zone, for a game without one).
pub fn grace_after(game: &Game, kind: PhaseKind, d: i64, secs: i64, judge: Tz) -> i64 {
    let days = (game.settings.strict_grace == GraceEnd::OnDeadlineDays).then(|| phase_timing(game, kind));
    timing::grace_end(d.saturating_add(secs), days, game.zone(judge), &game.settings.blackout)
}

/// The kind of `game`'s current phase (movement for a game without one).
pub fn current_kind(game: &Game) -> PhaseKind {
    game.position.as_ref().map_or(PhaseKind::Movement, |p| p.phase.kind)
}

/// How far absences may push a phase's deadline: the phase's own deadline (its
/// timing, from when it began) plus [`MAX_ABSENCE_PUSH_SECS`], however many
/// absences are chained.
pub const MAX_ABSENCE_PUSH_SECS: i64 = crate::game::MAX_ABSENCE_DAYS as i64 * 86_400;
/// Absences a player may have recorded (not yet over) at once.
pub const MAX_ABSENCES: usize = 3;

/// The latest deadline absences may give the current phase of `game`.
pub fn absence_limit(conn: &Connection, ctx: &Ctx, game: &Game, kind: PhaseKind) -> rusqlite::Result<i64> {
    let start = crate::store::timeline::phase_start(conn, game.id, game.seq)?.unwrap_or_else(|| ctx.now()).min(ctx.now());
    let t = phase_timing(game, kind);
    Ok(t.next_deadline(start, game.zone(ctx.cfg.timezone)).saturating_add(MAX_ABSENCE_PUSH_SECS))
}

pub fn push_for_absences(mut deadline: i64, players: &[Player]) -> i64 {
    for _ in 0..16 {
        let mut moved = false;
        for p in players.iter().filter(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Active) {
            for &(a, b) in &p.absences {
                if a <= deadline && deadline < b {
                    deadline = b;
                    moved = true;
                }
            }
        }
        if !moved {
            break;
        }
    }
    deadline
}

/// When the reminder of a phase is due, or `None` if the phase gets none.
///
/// The reminder goes out `reminder_secs` before the deadline, but only if that
/// moment lies at least half-way through the phase (`phase_start`: when the
/// phase began, see [`timeline::phase_start`]). A phase that begins already
/// inside, or close to, its reminder window gets no reminder at all: the
/// report that opened it was sent moments before and names the deadline, and
/// a "reminder" arriving with it (or an hour after it) only adds noise. With
/// the defaults (24-hour retreat and adjustment phases, a 24-hour reminder)
/// retreats and adjustments are not reminded; a 48-hour movement phase is,
/// 24 hours before its deadline. A reminder period of zero means none. With
/// no known start (no data), the reminder is simply `reminder_secs` early.
pub fn reminder_time(deadline: i64, reminder_secs: i64, phase_start: Option<i64>) -> Option<i64> {
    if reminder_secs <= 0 {
        return None;
    }
    let at = deadline - reminder_secs;
    match phase_start {
        Some(start) if start < deadline && 2 * (at - start) < deadline - start => None,
        _ => Some(at),
    }
}

/// Whether `game`'s current phase may be processed at `now` by the
/// master's SET START.
fn started(game: &Game, now: i64) -> bool {
    game.not_before.is_none_or(|t| now >= t)
}

/// Why a phase is processed (the keeper's log says it: these words, through
/// `Display`, are for the log only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Why {
    /// Every order is in (and the master's delay, if any, has passed).
    #[error("all orders are in")]
    AllOrdersIn,
    /// The deadline passed with every order in.
    #[error("the deadline passed")]
    DeadlinePassed,
    /// The grace period ended: the missing orders take the defaults.
    #[error("the grace period ended")]
    GraceEnded,
    /// The master's PROCESS.
    #[error("the master processed it")]
    Master,
    /// The master's ROLLFORWARD played it again from its stored orders.
    #[error("rollforward")]
    RolledForward,
}

/// Early processing of game `id` (every order in, nobody waiting, before
/// the deadline): at once, or once the master's delay has passed since the
/// orders were all in; orders changed meanwhile are what is processed, and
/// orders made incomplete again cancel it. Returns whether it processed.
pub fn process_if_ready(conn: &Connection, ctx: &mut Ctx, id: i64) -> anyhow::Result<bool> {
    let mut game = ctx.game(conn, id)?;
    let now = ctx.now();
    Ok(matches!(early(conn, ctx, &mut game, now)?, Early::Processed))
}

/// What early processing did: processed the phase, or not (with the
/// current phase, if it was read).
enum Early {
    Processed,
    NotYet(Option<Current>),
}

/// [`process_if_ready`] on a loaded game: its current phase read once (if
/// it processes by itself at all).
fn early(conn: &Connection, ctx: &mut Ctx, game: &mut Game, now: i64) -> anyhow::Result<Early> {
    let cur = if crate::game::processes_itself(game) { Some(crate::game::current_orders(conn, game)?) } else { None };
    let cur = match cur {
        Some(c) if crate::game::ready(game, &c) => c,
        other => {
            if game.ready_since.take().is_some() {
                game.save(conn)?;
            }
            return Ok(Early::NotYet(other));
        }
    };
    let since = *game.ready_since.get_or_insert(now);
    if now >= since.saturating_add(game.settings.delay_for(cur.pos.phase.kind)) && started(game, now) {
        process(conn, ctx, game, cur, Why::AllOrdersIn)?;
        return Ok(Early::Processed);
    }
    game.save(conn)?;
    Ok(Early::NotYet(Some(cur)))
}

/// Deadline work for one game: early processing after the delay, reminder,
/// late notices, processing after the deadline (complete orders) or after
/// the grace period (defaults). Returns 1 if a phase was processed. The game
/// is loaded once, and its current phase (orders, starting choices) read
/// once, when it is needed at all.
pub fn tick_game(conn: &Connection, ctx: &mut Ctx, id: i64) -> anyhow::Result<usize> {
    let mut game = ctx.game(conn, id)?;
    if game.status != GameStatus::Active || game.paused || game.position.is_none() {
        return Ok(0);
    }
    let Some(deadline) = game.deadline else { return Ok(0) };
    let now = ctx.now();
    if now < deadline {
        let mut cur = None;
        if game.ready_since.is_some() {
            match early(conn, ctx, &mut game, now)? {
                Early::Processed => return Ok(1),
                Early::NotYet(read) => cur = read,
            }
        }
        remind(conn, ctx, &mut game, cur, deadline, now)?;
        return Ok(0);
    }
    if !game.settings.processing.is_auto() {
        return manual_wait(conn, ctx, &mut game);
    }
    if !started(&game, now) {
        return Ok(0);
    }
    let cur = crate::game::current_orders(conn, &game)?;
    let late: Vec<(PowerId, Needs)> = crate::game::owing(&game, &cur.pos, &cur.orders).into_iter().filter(|o| o.late()).map(|o| (o.power, o.needs)).collect();
    if late.is_empty() {
        process(conn, ctx, &mut game, cur, Why::DeadlinePassed)?;
        return Ok(1);
    }
    // found without complete orders after the deadline: late in this phase
    let powers: Vec<PowerId> = late.iter().map(|(p, _)| *p).collect();
    super::disorder::found_late(conn, &mut game, &powers, false)?;
    let grace = game.grace_until.unwrap_or(deadline);
    if now < grace {
        let first = !game.marked(Mark::LateNoticed);
        if first || game.late_told.is_some_and(|t| now >= t.saturating_add(LATE_NOTICE_EVERY_SECS)) {
            tell_late(conn, ctx, &mut game, &cur, &late, grace)?;
            if first {
                // removals still missing on a map where they are the GM's: the preview again (E18)
                super::removals::send_preview(conn, ctx, &game, &cur.pos, &cur.orders, false)?;
            }
            game.mark(Mark::LateNoticed);
            game.late_told = Some(now);
            game.save(conn)?;
        }
        return Ok(0);
    }
    if game.settings.nmr == Nmr::Defaults {
        process(conn, ctx, &mut game, cur, Why::GraceEnded)?;
        return Ok(1);
    }
    if !game.marked(Mark::WaitingForMaster) {
        wait_for_master(conn, ctx, &mut game, &late)?;
    }
    Ok(0)
}

/// A deadline passed in a game the master processes by hand (`SET MANUAL
/// PROCESS`): nothing is processed; the master is told once a phase, and the
/// game waits (off the deadline timer) until the master's PROCESS.
fn manual_wait(conn: &Connection, ctx: &mut Ctx, game: &mut Game) -> anyhow::Result<usize> {
    if !game.marked(Mark::WaitingForMaster) {
        // who is late in this phase, as in a game the judge processes
        let cur = crate::game::current_orders(conn, game)?;
        let late: Vec<PowerId> = crate::game::owing(game, &cur.pos, &cur.orders).into_iter().filter(|o| o.late()).map(|o| o.power).collect();
        super::disorder::found_late(conn, game, &late, false)?;
        let phase_name = game.position.as_ref().map(|p| game.v().calendar.long_name(p.phase)).unwrap_or_default();
        let body = ctx
            .templates
            .render("notice.txt", context! { title => say::deadline::waits_for_you(game), lines => vec![say::master::manual_deadline_passed(&phase_name)] });
        ctx.game_notice(conn, &game.master_email.clone(), &say::deadline::waits_for_you(game), body, game.id)?;
        game.mark(Mark::WaitingForMaster);
        game.save(conn)?;
    }
    Ok(0)
}

/// The reminder before the deadline, to each power still owing orders, in
/// its reader's zone (once a phase; see [`reminder_time`]). `cur`: the
/// current phase if the caller read it (else it is read here, if needed).
fn remind(conn: &Connection, ctx: &mut Ctx, game: &mut Game, cur: Option<Current>, deadline: i64, now: i64) -> anyhow::Result<()> {
    if game.marked(Mark::Reminded) || now < deadline - game.settings.reminder_secs {
        return Ok(());
    }
    // a phase that began inside its reminder window gets none (see reminder_time)
    let start = timeline::phase_start(conn, game.id, game.seq)?;
    if reminder_time(deadline, game.settings.reminder_secs, start).is_some() {
        let v = game.variant.clone();
        let cur = match cur {
            Some(c) => c,
            None => crate::game::current_orders(conn, game)?,
        };
        let phase_name = v.calendar.long_name(cur.pos.phase);
        for o in crate::game::owing(game, &cur.pos, &cur.orders).into_iter().filter(|o| o.late()) {
            let Some(pl) = game.player_for(o.power) else { continue };
            let when = timing::format_time(deadline, crate::game::reader_zone(game, &pl.email, ctx.cfg.timezone));
            let mut lines = vec![
                say::deadline::deadline_in(&when, &timing::format_span(deadline - now)),
                say::deadline::still_to_order(&pname(&v, o.power), &o.needs.missing),
            ];
            lines.extend(right_hand_lines(game, &cur, o.power));
            lines.push(say::deadline::sign_on_and_order(game, v.powers[o.power as usize].letter));
            let body = ctx.templates.render("notice.txt", context! { title => say::deadline::reminder_title(game, &phase_name), lines => lines });
            ctx.game_notice(conn, &pl.email, &say::deadline::reminder_subject(game), body, game.id)?;
        }
    }
    game.mark(Mark::Reminded);
    game.save(conn)?;
    Ok(())
}

/// Where the right-hand rule sends `power`'s retreats without orders in
/// `cur` (a retreat phase of a game of the rule; else none), as the
/// reminder and the late notice say it.
fn right_hand_lines(game: &Game, cur: &Current, power: PowerId) -> Vec<String> {
    crate::game::right_hand_defaults(game.v(), &game.rules, &cur.pos, power, &cur.orders)
        .iter()
        .map(|(u, d)| say::deadline::right_hand_now(u, d.as_deref()))
        .collect()
}

/// Who is late, during grace: each late power (when its grace ends, and
/// what then, and where its retreats without orders go by the right-hand
/// rule), the master, and, unless the game is quiet, every other player
/// and observer; each in its own zone.
fn tell_late(conn: &Connection, ctx: &mut Ctx, game: &mut Game, cur: &Current, late: &[(PowerId, Needs)], grace: i64) -> anyhow::Result<()> {
    let v = game.variant.clone();
    let deadline = game.deadline.unwrap_or(grace);
    let phase_name = game.position.as_ref().map(|p| v.calendar.long_name(p.phase)).unwrap_or_default();
    let kind = game.position.as_ref().map_or(PhaseKind::Movement, |p| p.phase.kind);
    let after = if game.settings.nmr == Nmr::Defaults {
        say::deadline::take_defaults(&say::deadline::defaults(kind, &game.rules))
    } else {
        say::deadline::waits_for_master()
    };
    let zone = |addr: &str| crate::game::reader_zone(game, addr, ctx.cfg.timezone);
    let counted = late_counts(conn, game, late)?;
    let named = |p: PowerId| match counted.iter().find(|(q, _)| *q == p) {
        Some(&(_, n)) => say::deadline::with_late_count(&pname(&v, p), n),
        None => pname(&v, p),
    };
    let mut late_addrs: Vec<String> = Vec::new();
    let mut told: Vec<PowerId> = Vec::new();
    for &(p, _) in late {
        let Some(pl) = game.player_for(p) else { continue };
        let tz = zone(&pl.email);
        let mut lines = vec![say::deadline::late(&timing::format_time(deadline, tz), &named(p)), say::deadline::until(&timing::format_time(grace, tz), &after)];
        lines.extend(right_hand_lines(game, cur, p));
        let body = ctx.templates.render("notice.txt", context! { title => say::deadline::late_title(game, &phase_name), lines => lines });
        ctx.game_notice(conn, &pl.email, &say::deadline::late_subject(game), body, game.id)?;
        late_addrs.push(pl.email.clone());
        told.push(p);
    }
    let names: Vec<String> = late.iter().map(|(p, _)| named(*p)).collect();
    let mut table = vec![game.master_email.clone()];
    if game.settings.announce == Announcements::Loud {
        let others = game.players.iter().filter(|p| hears_lateness(p) && !late_addrs.iter().any(|a| a.eq_ignore_ascii_case(&p.email)));
        table.extend(others.map(|p| p.email.clone()));
    }
    let mut seen = std::collections::HashSet::new();
    table.retain(|a| seen.insert(a.to_ascii_lowercase()));
    // a secret game (SET SECRET) tells the table that someone is late, not who
    let kept = vec![say::deadline::some_powers()];
    for addr in table {
        let tz = zone(&addr);
        let shown = if game.settings.secret() && !addr.eq_ignore_ascii_case(&game.master_email) { &kept } else { &names };
        let body = ctx.templates.render(
            "notice.txt",
            context! { title => say::deadline::late_powers(game), lines => vec![
                say::deadline::missing_from(&phase_name, &timing::format_time(deadline, tz), shown),
                say::deadline::grace_until(&timing::format_time(grace, tz)),
            ] },
        );
        ctx.game_notice(conn, &addr, &say::deadline::late_powers(game), body, game.id)?;
    }
    // each late notice counts in its player's record (njudge's dedication)
    super::disorder::found_late(conn, game, &told, true)?;
    Ok(())
}

/// With `SET LATE COUNT`: how many phases each late power's player has now
/// been late in the game (this one too: its record counts the phases
/// processed, late or missed).
fn late_counts(conn: &Connection, game: &Game, late: &[(PowerId, Needs)]) -> rusqlite::Result<Vec<(PowerId, u32)>> {
    if !game.settings.late_count {
        return Ok(Vec::new());
    }
    let records = crate::store::disorder::records(conn, game.id)?;
    Ok(late
        .iter()
        .filter_map(|&(p, _)| {
            let pl = game.player_for(p)?;
            let r = records.iter().find(|(id, _)| *id == pl.id).map(|(_, r)| r.late + r.missed).unwrap_or(0);
            Some((p, r + 1))
        })
        .collect())
}

/// Whether `p` hears who is late (a player still in the game, or an observer).
fn hears_lateness(p: &Player) -> bool {
    match p.role {
        PlayerRole::Player => matches!(p.status, PlayerStatus::Active | PlayerStatus::Eliminated),
        PlayerRole::Observer => p.status == PlayerStatus::Active,
    }
}

/// The grace period ended in a game that does not default missing orders:
/// the master is told the game waits (once a phase).
fn wait_for_master(conn: &Connection, ctx: &mut Ctx, game: &mut Game, late: &[(PowerId, Needs)]) -> anyhow::Result<()> {
    let v = game.variant.clone();
    let phase_name = game.position.as_ref().map(|p| v.calendar.long_name(p.phase)).unwrap_or_default();
    let names: Vec<String> = late.iter().map(|(p, _)| pname(&v, *p)).collect();
    let body = ctx.templates.render(
        "notice.txt",
        context! { title => say::deadline::waits_for_you(game), lines => vec![
            say::deadline::grace_ended(&phase_name, &names),
            say::deadline::no_defaults_what_now(),
        ] },
    );
    ctx.game_notice(conn, &game.master_email.clone(), &say::deadline::waits_for_you(game), body, game.id)?;
    game.mark(Mark::WaitingForMaster);
    game.save(conn)?;
    Ok(())
}
