//! Pictures of a game: the board of a phase, with its orders and what became
//! of them, as SVG ([`svg`]) and PNG ([`png`], rendered with resvg).
//!
//! Pure: no IO, no clock, no database. The standard map is drawn with its
//! province outlines (`config/maps/standard.json`, compiled in); any other
//! map as a schematic from its provinces' `pos` ([`geometry`]). Powers take
//! colours from Paul Tol's colour-blind-safe "muted" scheme, and every unit
//! carries its power's letter, so colour is never the only cue. The words of
//! the legend come from `report::say::map`.

pub mod chart;
pub mod geometry;
mod png;
mod svg;

pub use png::{MAX_PIXELS, RenderError, SCALE, draw_png, png};
pub use svg::{esc, svg};

use crate::adjudicate::{Dislodged, OrderResult, Position, ResultKind};
use crate::map::{PowerId, Variant};
use crate::order::Order;

/// One order to draw, with how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn {
    pub power: PowerId,
    pub order: Order,
    pub result: ResultKind,
}

/// What a picture shows.
pub struct Scene<'a> {
    /// The board at the start of the phase (units, centres; in a retreat
    /// phase its dislodged units too).
    pub position: &'a Position,
    /// This phase's orders (empty: the board alone).
    pub orders: &'a [Drawn],
    /// After a movement phase: the units dislodged and where they may retreat.
    pub dislodged: &'a [Dislodged],
    /// The title written on the picture (`Game demo: Spring 1901 movement`).
    pub caption: &'a str,
}

/// The orders of an outcome, to draw.
pub fn drawn(results: &[OrderResult]) -> Vec<Drawn> {
    results.iter().map(|r| Drawn { power: r.power, order: r.order, result: r.result }).collect()
}

/// Paul Tol's "muted" qualitative scheme (colour-blind safe), nine colours.
const PALETTE: [&str; 9] = ["#CC6677", "#332288", "#88CCEE", "#999933", "#117733", "#AA4499", "#DDCC77", "#44AA99", "#882255"];

/// The colour of each power of `v`: the classic powers keep a colour near
/// their usual one, the others take the rest in the map's order.
pub fn colours(v: &Variant) -> Vec<&'static str> {
    let usual = |name: &str| match name {
        "AUSTRIA" => Some(0),
        "ENGLAND" => Some(1),
        "FRANCE" => Some(2),
        "GERMANY" => Some(3),
        "ITALY" => Some(4),
        "RUSSIA" => Some(5),
        "TURKEY" => Some(6),
        "SPAIN" => Some(7),
        "SWEDEN" => Some(8),
        _ => None,
    };
    let mut used = [false; 9];
    let mut out: Vec<Option<usize>> = v.powers.iter().map(|p| usual(&p.name)).collect();
    for c in out.iter().flatten() {
        used[*c] = true;
    }
    for c in out.iter_mut().filter(|c| c.is_none()) {
        let free = (0..9).find(|&i| !used[i]).unwrap_or(0);
        used[free] = true;
        *c = Some(free);
    }
    out.into_iter().map(|c| PALETTE[c.unwrap_or(0)]).collect()
}
