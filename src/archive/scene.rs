//! Maps of a game's phases: the scene of a phase just processed or read back
//! from the record, drawn (crate::render) as SVG and PNG, kept as files to
//! mail (store::attachments).

use crate::adjudicate::{Dislodged, Outcome, Position};
use crate::contract::position_from_json;
use crate::map::Variant;
use crate::render::{self, Drawn, Scene};
use crate::report::say;
use crate::store::games::GameRow;
use crate::store::outbox::Attachment;
use rusqlite::Connection;

pub use super::ArchiveError as MapError;

/// A phase to draw: the board before it, its orders, the units it dislodged.
pub struct PhaseScene {
    pub phase: String,
    pub position: Position,
    pub orders: Vec<Drawn>,
    pub dislodged: Vec<Dislodged>,
}

impl PhaseScene {
    /// The phase just adjudicated.
    pub fn of_outcome(v: &Variant, before: &Position, out: &Outcome) -> PhaseScene {
        PhaseScene { phase: v.calendar.name(before.phase), position: before.clone(), orders: render::drawn(&out.results), dislodged: out.dislodged.clone() }
    }

    /// The board as it stands (no orders): the current phase.
    pub fn of_position(v: &Variant, pos: &Position) -> PhaseScene {
        PhaseScene { phase: v.calendar.name(pos.phase), position: pos.clone(), orders: Vec::new(), dislodged: Vec::new() }
    }

    /// Phase `code` (`S1901M`) of the game's line, read back strictly from
    /// the record: its position, each result row's power, order and result,
    /// and (after a movement phase) the dislodged units of the retreat phase
    /// that followed.
    pub fn stored(conn: &Connection, game: &crate::game::Game, code: &str) -> Result<PhaseScene, MapError> {
        let v = game.v();
        let line = crate::store::phases::line(conn, game.id)?;
        // `S1901M`, or `S1901` for the season's first phase of that name
        let named = |p: &crate::store::phases::Stored| {
            p.phase.eq_ignore_ascii_case(code) || p.phase.get(..p.phase.len() - 1).is_some_and(|s| s.eq_ignore_ascii_case(code))
        };
        let i = line.iter().position(named).ok_or_else(|| MapError::NoPhase(code.to_ascii_uppercase()))?;
        let p = &line[i];
        let bad = |why: String| MapError::Stored { phase: p.phase.clone(), why };
        let position = read_position(v, &p.position).map_err(bad)?;
        let orders = read_results(v, position.phase.kind, &p.results).map_err(bad)?;
        // the retreat phase after a movement phase holds its dislodged units and their options
        let next = match line.get(i + 1) {
            Some(n) => Some(read_position(v, &n.position).map_err(|why| MapError::Stored { phase: n.phase.clone(), why })?),
            None => game.position.clone(),
        };
        let dislodged = next.filter(|n| n.phase.kind == crate::phase::PhaseKind::Retreat).map(|n| n.dislodged).unwrap_or_default();
        Ok(PhaseScene { phase: p.phase.clone(), position, orders, dislodged })
    }

    /// The SVG and PNG of this scene, named `GAME-PHASE.svg` / `.png`. A PNG
    /// that cannot be drawn is left out (and logged): the SVG still goes.
    pub fn files(&self, v: &Variant, game: &GameRow) -> Vec<Attachment> {
        let caption = say::map::caption(&game.name, &self.long_name(v));
        let svg = render::svg(v, &Scene { position: &self.position, orders: &self.orders, dislodged: &self.dislodged, caption: &caption });
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

fn read_position(v: &Variant, text: &str) -> Result<Position, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    position_from_json(v, &value)
}

pub use super::record::read_results;
