//! Pictures of a game: the board of a phase, with its orders and what became
//! of them, as SVG ([`svg`]) and PNG ([`png`], rendered with resvg).
//!
//! Pure: no IO, no clock, no database. The standard map is drawn with its
//! province outlines (`config/maps/standard.json`, compiled in); any other
//! map as a schematic from its provinces' `pos` ([`geometry`]). Powers take
//! colours from Paul Tol's colour-blind-safe "muted" scheme extended to
//! seventeen ([`PALETTE`]), neighbours kept apart for the colour blind too
//! ([`colours`]), and every unit carries its power's letter (and, on a map
//! of more powers than colours, every centre), so colour is never the only
//! cue. Where each unit, dislodged unit and order stands is worked out
//! before anything is drawn (`place`): stacks side by side, a dislodged
//! unit clear of the unit that took its space, arrows clear of stacks.
//! Capitals and naval bases are marked where a map has them (`bases`). The
//! words of the legend come from `report::say::map`.

mod bases;
pub mod chart;
mod colour;
mod cut;
pub mod geometry;
mod layers;
mod palette;
mod place;
mod png;
mod svg;
pub mod trace;

pub use layers::{forget as forget_pieces, kept as pieces_kept};
pub use png::{MAX_PIXELS, RenderError, SCALE, draw_png, png, png_at};
pub use svg::{esc, legend_count, svg};

use crate::adjudicate::{Dislodged, OrderResult, Position, ResultKind};
use crate::map::{PowerId, Prov, Variant};
use crate::order::Order;
use crate::phase::PhaseKind;

/// One order to draw, with how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn {
    pub power: PowerId,
    pub order: Order,
    pub result: ResultKind,
    /// The engine's order for a unit its power left unordered.
    pub defaulted: bool,
}

/// What a picture shows.
///
/// A results map ([`Scene::results`]) draws the board *after* the phase
/// (the units where they stand once the moves, retreats or adjustments are
/// done, the centres as they are then, the legend counting them) with the
/// phase's orders drawn over it from where each unit stood when ordered. A
/// map of the board as it stands ([`Scene::board`]) draws the board alone.
pub struct Scene<'a> {
    /// The board drawn: its units, centres and the legend's counts (on a
    /// results map, the board after the phase; in a retreat phase's board,
    /// its dislodged units too).
    pub position: &'a Position,
    /// The orders drawn, with their results (empty: the board alone).
    pub orders: &'a [Drawn],
    /// The kind of phase the orders were given in: where their units stood
    /// (in a retreat phase, at their dislodged spots).
    pub ordered_in: PhaseKind,
    /// After a movement phase: the units dislodged and where they may retreat.
    pub dislodged: &'a [Dislodged],
    /// Units whose type is withheld from this picture's reader (1885's
    /// starting choices before they are revealed): power and space.
    pub withheld: &'a [(PowerId, Prov)],
    /// The title written on the picture (`Game demo: Spring 1901 movement`).
    pub caption: &'a str,
}

impl<'a> Scene<'a> {
    /// The board `position` alone (its dislodged units, in a retreat phase).
    pub fn board(position: &'a Position, caption: &'a str) -> Scene<'a> {
        Scene { position, orders: &[], ordered_in: position.phase.kind, dislodged: &[], withheld: &[], caption }
    }

    /// The results of a phase of kind `ordered_in`: the board `after` it,
    /// its `orders` and (after a movement phase) the units it `dislodged`.
    pub fn results(after: &'a Position, ordered_in: PhaseKind, orders: &'a [Drawn], dislodged: &'a [Dislodged], caption: &'a str) -> Scene<'a> {
        Scene { position: after, orders, ordered_in, dislodged, withheld: &[], caption }
    }
}

/// The orders of an outcome, to draw.
pub fn drawn(results: &[OrderResult]) -> Vec<Drawn> {
    results.iter().map(|r| Drawn { power: r.power, order: r.order, result: r.result, defaulted: r.defaulted }).collect()
}

/// The powers' colours: Paul Tol's colour-blind-safe "muted" scheme (nine
/// colours, the classic powers' own), then eight more chosen one at a time
/// from Tol's other qualitative schemes and Kelly's colours of maximum
/// contrast (greys left out: they read as neutral land), each the one
/// farthest (CIEDE2000) from those already taken. No two of the seventeen
/// are nearer than 15 (`tests/it/map_colours.rs` checks every map's). For
/// the colour blind some are near (the nearest: #117733 and #666633 at 0.8
/// for a deuteranope, #999933 and #F38400 at 2.2 for a protanope):
/// [`colours`] gives no two neighbours such a pair, and the letters tell
/// every power apart.
pub const PALETTE: [&str; 17] = [
    "#CC6677", "#332288", "#88CCEE", "#999933", "#117733", "#AA4499", "#DDCC77", "#44AA99", "#882255", // Tol muted
    "#654522", "#0077BB", "#F38400", "#225555", "#CC3311", "#FFAABB", "#666633", "#F99379",
];

/// The colour of each power of `v`: the classic powers keep a colour near
/// their usual one; each other, in the map's order, takes of the colours
/// left the one its neighbours (powers with a home centre within two moves
/// of its own) already coloured are farthest from as the colour blind see
/// them ([`colour::dichromat_apart`]; the first left, with no neighbour
/// coloured yet); past seventeen powers colours repeat (the power's letter
/// on each unit, centre and legend entry tells them apart).
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
    let n = PALETTE.len();
    let mut used = [false; PALETTE.len()];
    let mut out: Vec<Option<usize>> = v.powers.iter().map(|p| usual(&p.name)).collect();
    for c in out.iter().flatten() {
        used[*c] = true;
    }
    for i in 0..out.len() {
        if out[i].is_some() {
            continue;
        }
        let near: Vec<usize> = (0..out.len()).filter_map(|j| out[j].filter(|_| j != i && neighbours(v, i, j))).collect();
        let apart = |k: usize| near.iter().map(|&c| colour::dichromat_apart(PALETTE[k], PALETTE[c])).fold(f64::MAX, f64::min);
        let free = (0..n).filter(|&k| !used[k]).map(|k| (k, apart(k))).fold(None, |best: Option<(usize, f64)>, x| match best {
            Some(b) if b.1 >= x.1 => Some(b),
            _ => Some(x),
        });
        let c = free.map_or(i % n, |f| f.0);
        used[c] = true;
        out[i] = Some(c);
    }
    out.into_iter().map(|c| PALETTE[c.unwrap_or(0)]).collect()
}

/// Whether powers `a` and `b` of `v` are neighbours: a home centre of one
/// within two moves of one of the other's (or, with no home centres, never).
fn neighbours(v: &Variant, a: usize, b: usize) -> bool {
    v.powers[a].home.iter().any(|&h| v.distance_to_any(h, &v.powers[b].home).is_some_and(|d| d <= 2))
}
