//! Original 1958's boarding in njudge's layout (njudge has no such game),
//! read back (written by [`super::write`]).
//!
//! - A boarding without moving is an order line jDip reads as the hold it
//!   also is, the boarding after `HOLD` where jDip reads no further:
//!   `England: Army London HOLD AND BOARD.`, `England: Fleet London HOLD
//!   AND BOARD.`, the partner's power as njudge names another power's unit
//!   (`France: Army Yorkshire HOLD AND BOARD English Fleet.`).
//! - A move to board is the move jDip reads (`England: Army Wales ->
//!   London.`), and again, with `, to board` (and the partner: `, to board
//!   the French Army`), in a block after the orders, `Moves to board and
//!   armies on board:`. The block lists too each army on board at the start
//!   of the phase (`France: Army English Channel, on board.`), which has no
//!   order line. jDip's order reading stops at the block's heading, and none
//!   of its patterns takes the block's lines.
//! - An army dislodged with its fleet: `The French Army on board in the North
//!   Sea can retreat to ...` (jDip's pattern wants `in` after the unit, and
//!   skips the line).
//!
//! Reading, the block's move to board is the first order line of the same
//! power with the same move not already taken (two identical moves of one
//! stack, one to board, read the first as the boarding).

use super::adjective;
use super::lines::{LineFault, Names};
use crate::map::{PowerId, Unit, Variant};
use crate::order::Order;
use crate::phase::PhaseKind;
use crate::report::say::archive::njudge as words;

/// A power named by its adjective or its name.
fn power_named(v: &Variant, word: &str) -> Option<PowerId> {
    (0..v.powers.len() as PowerId).find(|&p| adjective(v, p).eq_ignore_ascii_case(word) || v.powers[p as usize].name.eq_ignore_ascii_case(word))
}

/// The partner's power in `the French Army` / `English Fleet` (`None`:
/// nothing written, the unit's own power).
fn partner_of(v: &Variant, words: &str) -> Result<Option<PowerId>, LineFault> {
    let w = words.trim().trim_end_matches('.');
    let w = w.strip_prefix("the ").unwrap_or(w).trim();
    let Some(first) = w.split_whitespace().next() else { return Ok(None) };
    power_named(v, first).map(Some).ok_or_else(|| LineFault::UnknownPowerNamed(first.to_string()))
}

/// An order line's body `Army London HOLD AND BOARD English Fleet` → the
/// body up to `HOLD` and the partner; `None` for any other line.
pub fn stationary<'a>(v: &Variant, body: &'a str) -> Result<Option<(&'a str, Option<PowerId>)>, LineFault> {
    let marker = format!(" HOLD {}", words::AND_BOARD);
    let Some(at) = body.to_ascii_uppercase().find(&marker) else { return Ok(None) };
    let partner = partner_of(v, &body[at + marker.len()..])?;
    Ok(Some((&body[..at + " HOLD".len()], partner)))
}

/// The hold read from a boarding line as the boarding (`A LON B`).
pub fn board_in_place(o: Order, partner: Option<PowerId>) -> Order {
    match o {
        Order::Hold(unit) => Order::Board { unit, dest: None, partner, land: None },
        other => other,
    }
}

/// What the block says: a move to board, or an army on board.
pub enum Note {
    ToBoard { power: PowerId, order: Order },
    Aboard(Unit),
}

/// A line of the block: `England: Army Wales -> London, to board.` or
/// `France: Army English Channel, on board.`.
pub fn note(v: &Variant, names: &Names, line: &str) -> Result<Note, LineFault> {
    let (power, rest) = line.split_once(':').ok_or(LineFault::UnknownPower)?;
    let p = v.power_by_name(power.trim()).ok_or(LineFault::UnknownPower)?;
    let rest = rest.trim().trim_end_matches('.');
    if let Some((u, _)) = rest.rsplit_once(&format!(", {}", words::ON_BOARD)) {
        let codes = format!("{} ABOARD", names.to_codes(v, u));
        return v.parse_unit(p, &codes).map(Note::Aboard).map_err(LineFault::Unit);
    }
    let (mv, with) = rest.split_once(words::TO_BOARD).ok_or_else(|| LineFault::UnknownUnit(rest.to_string()))?;
    let partner = partner_of(v, with)?;
    let order = crate::parse::parse_order(v, &names.to_codes(v, mv), Some(PhaseKind::Movement)).map_err(|e| LineFault::Order(Box::new(e)))?;
    match order {
        Order::Move { unit, dest, .. } => Ok(Note::ToBoard { power: p, order: Order::Board { unit, dest: Some(dest), partner, land: None } }),
        _ => Err(LineFault::UnknownUnit(rest.to_string())),
    }
}

/// The order line a move to board is: the first of `power`'s with the same
/// move (unit and destination) among those not `taken`.
pub fn line_of(orders: &[(PowerId, Order)], taken: &[bool], power: PowerId, board: &Order) -> Option<usize> {
    let Order::Board { unit: b, dest: Some(to), .. } = board else { return None };
    (0..orders.len()).find(|&k| {
        !taken[k]
            && orders[k].0 == power
            && matches!(orders[k].1, Order::Move { unit, dest, .. } if unit.loc.prov == b.loc.prov && unit.kind == b.kind && dest == *to)
    })
}
