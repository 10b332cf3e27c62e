//! Civil disorder, as njudge has it: a power whose seat is vacant when a
//! phase is processed, or whose player missed the game's number of phases in
//! a row (`SET CD AFTER n`), is in civil disorder from then on, until someone
//! takes it over, its player signs on again, or the master lifts it. Nobody
//! waits for it, it has no vote, and what it does not order takes the
//! defaults (units hold, no builds, removals by the civil-disorder rule).
//! Also each seated player's record of play (on time, late, missed), and
//! what the table hears of seats changing hands. docs/RULES.md, "Civil
//! disorder".

use super::{deadline, tell_all};
use crate::adjudicate::Position;
use crate::context::Ctx;
use crate::game::{Disorder, Game};
use crate::map::PowerId;
use crate::order::Order;
use crate::report::say;
use crate::store::disorder::{self as stored, Cause, DisorderRow, Record};
use crate::store::games::Announcements;
use rusqlite::Connection;

/// Before phase `pos` is adjudicated: each seat owing orders counts the phase
/// in its player's record (missed: orders incomplete now; late: complete
/// now, but found incomplete after the deadline, see [`found_late`]; else
/// on time); a vacant seat, or one whose player missed too many phases in a
/// row, goes into civil disorder. Returns the seats (their own powers) that
/// went into it now.
pub fn before_processing(conn: &Connection, game: &mut Game, pos: &Position, orders: &[(PowerId, Order)]) -> anyhow::Result<Vec<PowerId>> {
    let owing = crate::game::owing(game, pos, orders);
    let mut fresh = Vec::new();
    for seat in game.seats.clone() {
        let own = seat.own();
        let of_seat: Vec<&crate::game::Owing> = owing.iter().filter(|o| seat.powers.contains(&o.power)).collect();
        if game.in_disorder(own) || !of_seat.iter().any(|o| o.needs.needs) {
            continue;
        }
        let Some(player) = game.player_for(own).map(|p| p.id) else {
            fresh.push((own, Cause::Vacant));
            continue;
        };
        let complete = of_seat.iter().all(|o| !o.needs.needs || o.needs.complete);
        let mut r = game.record_of(player);
        r.due += 1;
        if !complete {
            r.missed += 1;
            r.missed_in_a_row += 1;
        } else {
            r.missed_in_a_row = 0;
            if r.late_seq == Some(game.seq) { r.late += 1 } else { r.on_time += 1 }
        }
        if game.settings.cd_after.is_some_and(|n| r.missed_in_a_row >= n) {
            r.disorders += 1;
            fresh.push((own, Cause::Missed));
        }
        save_record(conn, game, player, r)?;
    }
    let since = game.v().calendar.name(pos.phase);
    for &(power, cause) in &fresh {
        declare(conn, game, power, &since, cause)?;
    }
    Ok(fresh.into_iter().map(|(p, _)| p).collect())
}

/// The deadline of the current phase has passed (as the judge finds it: at
/// its first look after the deadline, which for a deadline the master moved
/// back to a time already passed is right after the move) and the seats of
/// `late` have incomplete orders: their players are late in this phase
/// (counted so if complete when it is processed; never a seat whose orders
/// were complete when the judge looked). `notice`: they were sent a late
/// notice now, which counts in their record (njudge's dedication).
pub fn found_late(conn: &Connection, game: &mut Game, late: &[PowerId], notice: bool) -> rusqlite::Result<()> {
    let mut players: Vec<i64> = late.iter().filter_map(|&p| game.player_for(p).map(|pl| pl.id)).collect();
    if !notice {
        players.dedup();
    }
    for id in players {
        let mut r = game.record_of(id);
        if r.late_seq == Some(game.seq) && !notice {
            continue;
        }
        r.late_seq = Some(game.seq);
        if notice {
            r.notices += 1;
        }
        save_record(conn, game, id, r)?;
    }
    Ok(())
}

/// The player of `player_id` left the seat of `power` (RESIGN) in the
/// running game: abandoned in their record if the seat's orders of the
/// current phase were wanted and incomplete (njudge: resigning with
/// complete orders in costs nothing). Returns whether it was abandoned.
pub fn left_seat(conn: &Connection, game: &mut Game, player_id: i64, power: PowerId) -> anyhow::Result<bool> {
    let cur = crate::game::current_orders(conn, game)?;
    let group = game.group_of(power);
    let owing = crate::game::owing(game, &cur.pos, &cur.orders);
    if !owing.iter().any(|o| group.contains(&o.power) && o.late()) {
        return Ok(false);
    }
    let mut r = game.record_of(player_id);
    r.abandoned += 1;
    save_record(conn, game, player_id, r)?;
    Ok(true)
}

fn save_record(conn: &Connection, game: &mut Game, player: i64, r: Record) -> rusqlite::Result<()> {
    stored::save_record(conn, player, &r)?;
    game.records.retain(|(p, _)| *p != player);
    game.records.push((player, r));
    Ok(())
}

/// Puts `power`'s seat in civil disorder from phase `since` (by its code).
fn declare(conn: &Connection, game: &mut Game, power: PowerId, since: &str, cause: Cause) -> anyhow::Result<()> {
    let power = game.seat_power(power);
    stored::declare(conn, game.id, &DisorderRow { power, since: since.to_string(), cause })?;
    let since = game.v().calendar.parse(since).map_err(anyhow::Error::msg)?;
    if !game.in_disorder(power) {
        game.disorder.push(Disorder { power, since, cause });
        game.disorder.sort_by_key(|d| d.power);
    }
    Ok(())
}

/// Takes `power`'s seat out of civil disorder; whether it was in it.
pub fn lift(conn: &Connection, game: &mut Game, power: PowerId) -> rusqlite::Result<bool> {
    let power = game.seat_power(power);
    game.disorder.retain(|d| d.power != power);
    if let Some(id) = game.player_for(power).map(|p| p.id) {
        let mut r = game.record_of(id);
        r.missed_in_a_row = 0;
        save_record(conn, game, id, r)?;
    }
    stored::lift(conn, game.id, power)
}

/// The master declares `power` in civil disorder from the current phase
/// (`SET CD power`); whether it was not already.
pub fn master_declares(conn: &Connection, game: &mut Game, power: PowerId) -> anyhow::Result<bool> {
    if game.in_disorder(power) {
        return Ok(false);
    }
    let since = game.v().calendar.name(game.started()?.phase);
    declare(conn, game, power, &since, Cause::Master)?;
    Ok(true)
}

/// Who hears of a seat changing: the whole table, or (`SET QUIET`) the
/// master alone. `lines` make the notice.
pub fn announce(conn: &Connection, ctx: &Ctx, game: &Game, subject: &str, lines: Vec<String>) -> rusqlite::Result<()> {
    let body = ctx.templates.render("notice.txt", minijinja::context! { title => subject, lines => lines });
    if game.settings.announce == Announcements::Quiet {
        ctx.game_notice(conn, &game.master_email, subject, body, game.id)?;
        return Ok(());
    }
    tell_all(conn, ctx, game, subject, &body)
}

/// [`announce`] for lines that show a time (`lines`: in a zone): each
/// reader gets them in their own zone.
fn announce_in_zones(conn: &Connection, ctx: &Ctx, game: &Game, subject: &str, lines: &dyn Fn(chrono_tz::Tz) -> Vec<String>) -> rusqlite::Result<()> {
    let body = |tz| ctx.templates.render("notice.txt", minijinja::context! { title => subject, lines => lines(tz) });
    if game.settings.announce == Announcements::Quiet {
        let tz = crate::game::reader_zone(game, &game.master_email, ctx.cfg.timezone);
        ctx.game_notice(conn, &game.master_email, subject, body(tz), game.id)?;
        return Ok(());
    }
    super::tell_all_zoned(conn, ctx, game, subject, &body)
}

/// Tells the table of the seats that went into civil disorder at phase
/// `phase` (its long name): each, why, and how a vacant one is taken over.
pub fn announce_fresh(conn: &Connection, ctx: &Ctx, game: &Game, fresh: &[PowerId]) -> rusqlite::Result<()> {
    if fresh.is_empty() {
        return Ok(());
    }
    let v = game.v();
    let mut lines = Vec::new();
    for &p in fresh {
        let Some(d) = game.disorder_of(p) else { continue };
        let names = say::seats::seat_names(game, p);
        lines.push(say::disorder::went_into(&names, &v.calendar.long_name(d.since), d.cause));
        if game.player_for(p).is_none() {
            lines.push(say::disorder::open_seat(game, &names, game.settings.takeover_approval));
        }
    }
    announce(conn, ctx, game, &say::disorder::subject(game), lines)
}

/// A seat taken over: it leaves civil disorder, and (as njudge does) when no
/// other seat is vacant or in civil disorder the current phase's deadline
/// starts again from now (never earlier than it was), so the new player has
/// the phase's whole time. The table is told. Returns the new deadline if
/// it moved.
pub fn taken_over(conn: &Connection, ctx: &Ctx, game: &mut Game, power: PowerId, who: Option<&str>) -> anyhow::Result<Option<i64>> {
    let power = game.seat_power(power);
    lift(conn, game, power)?;
    let pos = game.started()?.clone();
    let others_open =
        crate::game::survivors(game, &pos).into_iter().map(|p| game.seat_power(p)).any(|p| p != power && (game.in_disorder(p) || game.player_for(p).is_none()));
    let before = game.deadline;
    let mut moved = None;
    if !others_open && let Some(d) = before {
        let grace_before = game.grace_until;
        deadline::set_deadline(ctx, game, pos.phase.kind);
        let fresh = game.deadline.unwrap_or(d);
        if fresh > d {
            game.grace_until = game.grace_until.max(grace_before);
            game.unmark(crate::game::Mark::LateNoticed);
            game.unmark(crate::game::Mark::WaitingForMaster);
            moved = Some(fresh);
        } else {
            game.deadline = before;
            game.grace_until = grace_before;
        }
        game.save(conn)?;
    }
    let names = say::seats::seat_names(game, power);
    // the restarted deadline in each reader's zone
    let lines = |tz: chrono_tz::Tz| {
        let mut lines = vec![say::disorder::taken_over(&names, who, game.settings.anonymous == crate::store::games::Anonymity::Shown)];
        if let Some(d) = moved {
            lines.push(say::disorder::deadline_restarted(&crate::timing::format_time(d, tz)));
        }
        lines
    };
    announce_in_zones(conn, ctx, game, &say::disorder::taken_over_subject(game, &names), &lines)?;
    Ok(moved)
}

/// A seat left (`ejected`: by the master; else resigned): the table is told
/// the power is vacant and how it is taken over. In a quiet game nobody
/// more is (the master, who always hears of it, already has).
pub fn left(conn: &Connection, ctx: &Ctx, game: &Game, power: PowerId, ejected: bool) -> rusqlite::Result<()> {
    if game.settings.announce == Announcements::Quiet {
        return Ok(());
    }
    let names = say::seats::seat_names(game, power);
    let lines = vec![say::disorder::seat_left(&names, ejected), say::disorder::open_seat(game, &names, game.settings.takeover_approval)];
    announce(conn, ctx, game, &say::disorder::vacant_subject(game, &names), lines)
}
