//! Deadlines: setting a phase's deadline from the game's timing, absences, and
//! the deadline work of one game (reminder, late notice, processing, waiting
//! for the master).

use super::orders::{Needs, needs, parsed_orders};
use super::powers::pname;
use super::{Game, GameStatus, Player, PlayerRole, PlayerStatus, process};
use crate::judge::Ctx;
use crate::map::PowerId;
use crate::phase::PhaseKind;
use crate::rules::{CivilDisorder, RetreatDefault, Rulebook};
use crate::store::orders as stored;
use crate::store::timeline;
use crate::timing::{self, Timing};
use minijinja::context;
use rusqlite::Connection;

/// The timing of a phase kind in `game` (a stored one that no longer parses:
/// 24 hours).
fn phase_timing(game: &Game, kind: PhaseKind) -> Timing {
    let spec = match kind {
        PhaseKind::Movement => &game.settings.movement,
        PhaseKind::Retreat => &game.settings.retreat,
        PhaseKind::Adjustment => &game.settings.adjustment,
    };
    Timing::parse(spec).unwrap_or(Timing::Hours { secs: 86_400, at: None, days: vec![] })
}

/// Sets the deadline of the game's current phase from its timing, pushed past
/// any player's absence, and the grace period after it.
pub fn set_deadline(ctx: &Ctx, game: &mut Game, kind: PhaseKind, players: &[Player]) {
    let now = ctx.now();
    let t = phase_timing(game, kind);
    let base = t.next_deadline(now, ctx.cfg.timezone);
    let d = push_for_absences(base, players).min(base.saturating_add(MAX_ABSENCE_PUSH_SECS));
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
pub fn absence_limit(conn: &Connection, ctx: &Ctx, game: &Game, kind: PhaseKind) -> rusqlite::Result<i64> {
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

/// What happens to a power's missing orders in this phase of this game, for
/// the late notice: "units without orders hold" and so on.
pub fn defaults_text(kind: PhaseKind, rules: &Rulebook) -> String {
    match kind {
        PhaseKind::Movement => "units without orders hold".into(),
        PhaseKind::Retreat => match rules.retreat_default {
            RetreatDefault::Disband => "dislodged units without orders are disbanded".into(),
            RetreatDefault::RightHand => {
                "dislodged units without orders retreat by the right-hand rule (a disband order is not allowed; a unit is disbanded only if it cannot retreat)"
                    .into()
            }
        },
        PhaseKind::Adjustment => {
            let from = match rules.civil_disorder {
                CivilDisorder::Owned2023 => "the nearest supply centre you own",
                CivilDisorder::Home1992 => "the nearest of your home supply centres",
            };
            format!("builds not ordered are waived, and removals not ordered are chosen for you (the units farthest from {from})")
        }
    }
}

/// Deadline work for one game: reminder, late notice, processing after the
/// deadline (complete orders) or after the grace period (defaults). Returns 1 if a phase was processed.
pub fn tick_game(conn: &Connection, ctx: &mut Ctx, id: i64) -> anyhow::Result<usize> {
    let mut game = Game::by_id(conn, id)?;
    if game.status != GameStatus::Active || game.paused {
        return Ok(0);
    }
    let Some(deadline) = game.deadline else { return Ok(0) };
    let now = ctx.now();
    let v = ctx.variant(&game.variant)?;
    let Some(pos) = game.position(&v)? else { return Ok(0) };
    let players = Player::of_game(conn, id)?;
    let rows = stored::current(conn, game.id, game.seq, None)?;
    let orders = parsed_orders(&v, &rows)?;
    // powers owing orders, with what they still have to order
    let late: Vec<(PowerId, Needs)> =
        (0..v.powers.len() as PowerId).map(|p| (p, needs(&v, &pos, p, &orders))).filter(|(_, n)| n.needs && !n.complete).collect();
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
                    if let Some(pl) = Player::active_for(&players, p) {
                        let body = ctx.templates.render(
                            "notice.txt",
                            context! { title => format!("Reminder: game {}, {}", game.name, phase_name), lines => vec![
                                format!("The deadline is {when} ({} from now).", timing::format_span(deadline - now)),
                                format!("{} still has to order: {}.", pname(&v, p), n.missing.join(", ")),
                                format!("Sign on with SIGNON {}{} <password> and send your orders.", v.powers[p as usize].letter, game.name),
                            ] },
                        );
                        ctx.notice(conn, &pl.email, &format!("Reminder: orders due in game {}", game.name), body, Some(game.id), None)?;
                    }
                }
            }
            game.reminded = game.seq;
            game.save(conn)?;
        }
        return Ok(0);
    }
    if late.is_empty() {
        process(conn, ctx, &mut game, "the deadline passed")?;
        return Ok(1);
    }
    let grace = game.grace_until.unwrap_or(deadline);
    if now < grace {
        if game.late_noticed < game.seq {
            let after = if game.settings.nmr {
                let rules = game.rules(&v).map_err(anyhow::Error::msg)?;
                format!("missing orders take the defaults: {}", defaults_text(pos.phase.kind, &rules))
            } else {
                "the game waits for its master".to_string()
            };
            let names: Vec<String> = late.iter().map(|(p, _)| pname(&v, *p)).collect();
            for &(p, _) in &late {
                if let Some(pl) = Player::active_for(&players, p) {
                    let body = ctx.templates.render(
                        "notice.txt",
                        context! { title => format!("Late: game {}, {}", game.name, phase_name), lines => vec![
                            format!("The deadline ({when}) has passed and your orders for {} are not complete.", pname(&v, p)),
                            format!("You have until {} to send them; after that, {after}.", timing::format_time(grace, ctx.cfg.timezone)),
                        ] },
                    );
                    ctx.notice(conn, &pl.email, &format!("Late: orders missing in game {}", game.name), body, Some(game.id), None)?;
                }
            }
            let body = ctx.templates.render(
                "notice.txt",
                context! { title => format!("Late powers in game {}", game.name), lines => vec![
                    format!("The deadline of {phase_name} ({when}) has passed. Orders missing from: {}.", names.join(", ")),
                    format!("Grace period until {}.", timing::format_time(grace, ctx.cfg.timezone)),
                ] },
            );
            ctx.notice(conn, &game.master_email.clone(), &format!("Late powers in game {}", game.name), body, Some(game.id), None)?;
            game.late_noticed = game.seq;
            game.save(conn)?;
        }
        return Ok(0);
    }
    if game.settings.nmr {
        process(conn, ctx, &mut game, "the grace period ended")?;
        return Ok(1);
    }
    if game.waiting_gm < game.seq {
        let names: Vec<String> = late.iter().map(|(p, _)| pname(&v, *p)).collect();
        let body = ctx.templates.render(
            "notice.txt",
            context! { title => format!("Game {} waits for you", game.name), lines => vec![
                format!("The grace period of {phase_name} has ended; orders are still missing from {}.", names.join(", ")),
                "This game does not default missing orders (SET NO NMR). Send PROCESS! to process with defaults, or SET DEADLINE to give more time.".to_string(),
            ] },
        );
        ctx.notice(conn, &game.master_email.clone(), &format!("Game {} waits for you", game.name), body, Some(game.id), None)?;
        game.waiting_gm = game.seq;
        game.save(conn)?;
    }
    Ok(0)
}
