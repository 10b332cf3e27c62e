//! Maps of a game's phases: the scene of a phase just processed or read back
//! from the record (the board after it, its orders drawn over it), or of the
//! board now, drawn (crate::render) as SVG and PNG, kept as files to
//! mail (store::attachments).

use super::record::{RecordFault, read_position};
use crate::adjudicate::{Dislodged, Outcome, Position};
use crate::game::Game;
use crate::map::{PowerId, Prov, Variant};
use crate::phase::PhaseKind;
use crate::render::{self, Drawn, Scene};
use crate::report::say;
use crate::store::outbox::Attachment;
use rusqlite::Connection;

pub use super::ArchiveError as MapError;

/// A phase to draw: the board after it (or, for the board as it stands,
/// the board now), its orders, the units it dislodged.
pub struct PhaseScene {
    /// `S1901M`: the phase whose orders are drawn, or the current phase.
    pub phase: String,
    /// The board drawn: after the phase's orders, or the board now.
    pub position: Position,
    /// The kind of phase the orders were given in.
    pub ordered_in: PhaseKind,
    pub orders: Vec<Drawn>,
    pub dislodged: Vec<Dislodged>,
    /// Units whose type this picture's reader may not see yet (1885's
    /// starting choices before the first move).
    pub withheld: Vec<(PowerId, Prov)>,
}

impl PhaseScene {
    /// The phase just adjudicated: the board after it, its orders drawn over it.
    pub fn of_outcome(v: &Variant, before: &Position, out: &Outcome) -> PhaseScene {
        PhaseScene {
            phase: v.calendar.name(before.phase),
            position: out.position.clone(),
            ordered_in: before.phase.kind,
            orders: render::drawn(&out.results),
            dislodged: out.dislodged.clone(),
            withheld: Vec::new(),
        }
    }

    /// The board as it stands (no orders): the current phase. `withheld`:
    /// the units whose type the reader may not see
    /// ([`crate::game::start::hidden`]).
    pub fn of_position(v: &Variant, pos: &Position, withheld: Vec<(PowerId, Prov)>) -> PhaseScene {
        PhaseScene { phase: v.calendar.name(pos.phase), position: pos.clone(), ordered_in: pos.phase.kind, orders: Vec::new(), dislodged: Vec::new(), withheld }
    }

    /// Phase `code` (`S1901M`) of the game's line, read back strictly from
    /// the record: each result row's power, order and result, drawn over the
    /// board after the phase (the next phase's stored board, or the board
    /// now after the last one), and (after a movement phase) the dislodged
    /// units of the retreat phase that followed.
    pub fn stored(conn: &Connection, game: &crate::game::Game, code: &str) -> Result<PhaseScene, MapError> {
        let v = game.v();
        let line = crate::store::phases::line(conn, game.id)?;
        // `S1901M`, or `S1901` for the season's first phase of that name
        let named = |p: &crate::store::phases::Stored| {
            p.phase.eq_ignore_ascii_case(code) || p.phase.get(..p.phase.len() - 1).is_some_and(|s| s.eq_ignore_ascii_case(code))
        };
        let i = line.iter().position(named).ok_or_else(|| MapError::NoPhase(code.to_ascii_uppercase()))?;
        let p = &line[i];
        let bad = |why: RecordFault| MapError::Stored { phase: p.phase.clone(), why };
        let before = read_position(v, &p.position).map_err(bad)?;
        let orders = read_results(v, before.phase.kind, &p.results).map_err(bad)?;
        let after = match line.get(i + 1) {
            Some(n) => Some(read_position(v, &n.position).map_err(|why| MapError::Stored { phase: n.phase.clone(), why })?),
            None => game.position.clone(),
        };
        let position = after.unwrap_or_else(|| before.clone());
        // the retreat phase after a movement phase holds its dislodged units and their options
        let dislodged =
            if position.phase.kind == PhaseKind::Retreat && before.phase.kind == PhaseKind::Movement { position.dislodged.clone() } else { Vec::new() };
        Ok(PhaseScene { phase: p.phase.clone(), position, ordered_in: before.phase.kind, orders, dislodged, withheld: Vec::new() })
    }

    /// The picture of this scene as the renderer takes it.
    pub fn scene<'a>(&'a self, caption: &'a str) -> Scene<'a> {
        Scene { position: &self.position, orders: &self.orders, ordered_in: self.ordered_in, dislodged: &self.dislodged, withheld: &self.withheld, caption }
    }

    /// The SVG and PNG of this scene, named `GAME-PHASE.svg` / `.png`. A PNG
    /// that cannot be drawn is left out (and logged): the SVG still goes.
    pub fn files(&self, v: &Variant, game: &Game) -> Vec<Attachment> {
        let caption = say::map::caption(&game.name, &self.long_name(v));
        let svg = render::svg(v, &self.scene(&caption));
        let base = format!("{}-{}", game.name, self.phase);
        let mut out = Vec::with_capacity(2);
        match render::png(&svg) {
            Ok(png) => out.push(Attachment { name: format!("{base}.png"), mime: "image/png".into(), data: png }),
            Err(e) => tracing::error!("game {}: the map of {} could not be drawn as PNG: {e}", game.name, self.phase),
        }
        out.push(Attachment { name: format!("{base}.svg"), mime: "image/svg+xml".into(), data: svg.into_bytes() });
        out
    }

    fn long_name(&self, v: &Variant) -> String {
        v.calendar.parse(&self.phase).map(|p| v.calendar.long_name(p)).unwrap_or_else(|_| self.phase.clone())
    }
}

pub use super::record::read_results;
