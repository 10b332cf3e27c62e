//! The master's preview of removals the judge would make for powers that
//! did not order them all (maps where unordered removals are the GM's).

use crate::adjudicate::Position;
use crate::context::Ctx;
use crate::game::Game;
use crate::game::removals::preview;
use crate::map::PowerId;
use crate::order::Order;
use crate::report::say;
use crate::timing;
use minijinja::context;
use rusqlite::Connection;

/// Mails the master the preview of `game`'s current phase, if any power
/// owes removals it has not ordered (`opened`: the phase has just opened,
/// else its deadline passed). Returns whether a preview was sent.
pub fn send_preview(conn: &Connection, ctx: &Ctx, game: &Game, pos: &Position, orders: &[(PowerId, Order)], opened: bool) -> anyhow::Result<bool> {
    let v = game.v();
    let list = preview(game, pos, orders);
    let Some(first) = list.first() else { return Ok(false) };
    let tz = crate::game::reader_zone(game, &game.master_email, ctx.cfg.timezone);
    let deadline = game.deadline.map(|d| timing::format_time(d, tz)).unwrap_or_default();
    let grace = game.grace_until.or(game.deadline).map(|d| timing::format_time(d, tz)).unwrap_or_default();
    let mut lines = vec![say::removals::preview_why(opened, &deadline)];
    for o in &list {
        lines.push(say::removals::preview_power(&crate::game::pname(v, o.power), o.owed, &o.ordered, &o.judge));
    }
    let example = format!("{}: REMOVE {}", crate::game::pname(v, first.power), first.judge.first().cloned().unwrap_or_default());
    lines.push(say::removals::preview_how(&example, &grace));
    let phase = v.calendar.long_name(pos.phase);
    let body = ctx.templates.render("notice.txt", context! { title => say::removals::preview_title(game, &phase), lines => lines });
    ctx.game_notice(conn, &game.master_email, &say::removals::preview_subject(game), body, game.id)?;
    Ok(true)
}
