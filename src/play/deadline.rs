//! Deadlines: setting a phase's deadline from the game's timing, absences, and
//! the deadline work of one game (reminder, late notice, processing, waiting
//! for the master).

use super::process;
use crate::context::Ctx;
use crate::game::{GameRow, GameStatus, Needs, Player, PlayerRole, PlayerStatus, pname};
use crate::map::PowerId;
use crate::phase::PhaseKind;
use crate::report::say;
use crate::store::timeline;
use crate::timing::{self, Timing};
use minijinja::context;
use rusqlite::Connection;

/// The timing of a phase kind in `game` (a stored one that no longer parses:
/// 24 hours, see [`crate::timing::Schedule`]).
fn phase_timing(game: &GameRow, kind: PhaseKind) -> &Timing {
    match kind {
        PhaseKind::Movement => game.settings.movement.timing(),
        PhaseKind::Retreat => game.settings.retreat.timing(),
        PhaseKind::Adjustment => game.settings.adjustment.timing(),
    }
}

/// Sets the deadline of the game's current phase from its timing, pushed past
/// any player's absence, and the grace period after it.
pub fn set_deadline(ctx: &Ctx, game: &mut crate::game::Game, kind: PhaseKind) {
    let now = ctx.now();
    let t = phase_timing(game, kind);
    let base = t.next_deadline(now, ctx.cfg.timezone);
    let d = push_for_absences(base, &game.players).min(base.saturating_add(MAX_ABSENCE_PUSH_SECS));
    game.deadline = Some(d);
    game.grace_until = Some(d.saturating_add(game.settings.grace_secs));
}

/// How far absences may push a phase's deadline: the phase's own deadline (its
/// timing, from when it began) plus [`MAX_ABSENCE_PUSH_SECS`], however many
/// absences are chained.
pub const MAX_ABSENCE_PUSH_SECS: i64 = 21 * 86_400;
/// Absences a player may have recorded (not yet over) at once.
pub const MAX_ABSENCES: usize = 3;

/// The latest deadline absences may give the current phase of `game`.
pub fn absence_limit(conn: &Connection, ctx: &Ctx, game: &GameRow, kind: PhaseKind) -> rusqlite::Result<i64> {
    let start = crate::store::timeline::phase_start(conn, game.id, game.seq)?.unwrap_or_else(|| ctx.now()).min(ctx.now());
    let t = phase_timing(game, kind);
    Ok(t.next_deadline(start, ctx.cfg.timezone).saturating_add(MAX_ABSENCE_PUSH_SECS))
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

/// Deadline work for one game: reminder, late notice, processing after the
/// deadline (complete orders) or after the grace period (defaults). Returns 1 if a phase was processed.
pub fn tick_game(conn: &Connection, ctx: &mut Ctx, id: i64) -> anyhow::Result<usize> {
    let mut game = ctx.game(conn, id)?;
    if game.status != GameStatus::Active || game.paused || game.position.is_none() {
        return Ok(0);
    }
    let Some(deadline) = game.deadline else { return Ok(0) };
    let now = ctx.now();
    let v = game.variant.clone();
    let (pos, orders) = crate::game::current_orders(conn, &game)?;
    // powers owing orders, with what they still have to order
    let late: Vec<(PowerId, Needs)> = crate::game::owing(&game, &pos, &orders).into_iter().filter(|o| o.late()).map(|o| (o.power, o.needs)).collect();
    let when = timing::format_time(deadline, ctx.cfg.timezone);
    let phase_name = v.calendar.long_name(pos.phase);
    if now < deadline {
        if game.reminded < game.seq && now >= deadline - game.settings.reminder_secs {
            // a phase that began inside its reminder window gets none (see reminder_time)
            let start = timeline::phase_start(conn, game.id, game.seq)?;
            let remind = reminder_time(deadline, game.settings.reminder_secs, start).is_some();
            if remind {
                for (p, n) in &late {
                    let p = *p;
                    if let Some(pl) = game.player_for(p) {
                        let body = ctx.templates.render(
                            "notice.txt",
                            context! { title => say::deadline::reminder_title(&game, &phase_name), lines => vec![
                                say::deadline::deadline_in(&when, &timing::format_span(deadline - now)),
                                say::deadline::still_to_order(&pname(&v, p), &n.missing),
                                say::deadline::sign_on_and_order(&game, v.powers[p as usize].letter),
                            ] },
                        );
                        ctx.game_notice(conn, &pl.email, &say::deadline::reminder_subject(&game), body, game.id)?;
                    }
                }
            }
            game.reminded = game.seq;
            game.save(conn)?;
        }
        return Ok(0);
    }
    if !game.settings.processing.is_auto() {
        return manual_wait(conn, ctx, &mut game, &phase_name);
    }
    if late.is_empty() {
        process(conn, ctx, &mut game, "the deadline passed")?;
        return Ok(1);
    }
    let grace = game.grace_until.unwrap_or(deadline);
    if now < grace {
        if game.late_noticed < game.seq {
            let after = if game.settings.nmr == crate::store::games::Nmr::Defaults {
                say::deadline::take_defaults(&say::deadline::defaults(pos.phase.kind, &game.rules))
            } else {
                say::deadline::waits_for_master()
            };
            let names: Vec<String> = late.iter().map(|(p, _)| pname(&v, *p)).collect();
            for &(p, _) in &late {
                if let Some(pl) = game.player_for(p) {
                    let body = ctx.templates.render(
                        "notice.txt",
                        context! { title => say::deadline::late_title(&game, &phase_name), lines => vec![
                            say::deadline::late(&when, &pname(&v, p)),
                            say::deadline::until(&timing::format_time(grace, ctx.cfg.timezone), &after),
                        ] },
                    );
                    ctx.game_notice(conn, &pl.email, &say::deadline::late_subject(&game), body, game.id)?;
                }
            }
            let body = ctx.templates.render(
                "notice.txt",
                context! { title => say::deadline::late_powers(&game), lines => vec![
                    say::deadline::missing_from(&phase_name, &when, &names),
                    say::deadline::grace_until(&timing::format_time(grace, ctx.cfg.timezone)),
                ] },
            );
            ctx.game_notice(conn, &game.master_email.clone(), &say::deadline::late_powers(&game), body, game.id)?;
            // removals still missing on a map where they are the GM's: the preview again (E18)
            super::removals::send_preview(conn, ctx, &game, &pos, &orders, false)?;
            game.late_noticed = game.seq;
            game.save(conn)?;
        }
        return Ok(0);
    }
    if game.settings.nmr == crate::store::games::Nmr::Defaults {
        process(conn, ctx, &mut game, "the grace period ended")?;
        return Ok(1);
    }
    if game.waiting_gm < game.seq {
        let names: Vec<String> = late.iter().map(|(p, _)| pname(&v, *p)).collect();
        let body = ctx.templates.render(
            "notice.txt",
            context! { title => say::deadline::waits_for_you(&game), lines => vec![
                say::deadline::grace_ended(&phase_name, &names),
                say::deadline::no_defaults_what_now(),
            ] },
        );
        ctx.game_notice(conn, &game.master_email.clone(), &say::deadline::waits_for_you(&game), body, game.id)?;
        game.waiting_gm = game.seq;
        game.save(conn)?;
    }
    Ok(0)
}

/// A deadline passed in a game the master processes by hand (`SET MANUAL
/// PROCESS`): nothing is processed; the master is told once a phase, and the
/// game waits (off the deadline timer) until the master's PROCESS.
fn manual_wait(conn: &Connection, ctx: &mut Ctx, game: &mut crate::game::Game, phase_name: &str) -> anyhow::Result<usize> {
    if game.waiting_gm < game.seq {
        let body = ctx
            .templates
            .render("notice.txt", context! { title => say::deadline::waits_for_you(game), lines => vec![say::master::manual_deadline_passed(phase_name)] });
        ctx.game_notice(conn, &game.master_email.clone(), &say::deadline::waits_for_you(game), body, game.id)?;
        game.waiting_gm = game.seq;
        game.save(conn)?;
    }
    Ok(0)
}
