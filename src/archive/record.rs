//! A game's record as the store keeps it, read back strictly: every phase on
//! the game's line with the board before it and its orders and results, the
//! board now, the press the public may read, who played, how it ended.

use super::ArchiveError;
use crate::adjudicate::{Dislodged, Position};
use crate::game::Game;
use crate::map::{PowerId, Variant};
use crate::render::Drawn;
use crate::store::games::GameStatus;
use crate::store::press::{Audience, Stored as StoredPress};
use rusqlite::Connection;

/// One processed phase.
pub struct PhaseRecord {
    pub seq: i64,
    /// `S1901M`.
    pub name: String,
    /// The board at its start.
    pub position: Position,
    /// Every order with its result.
    pub orders: Vec<Drawn>,
    /// The results as the players were mailed them.
    pub report: String,
    pub processed: i64,
}

pub struct GameRecord {
    pub game: Game,
    pub phases: Vec<PhaseRecord>,
    /// The board now (after the last phase).
    pub current: Option<Position>,
    /// Press the public may read (broadcasts; after the game, all of it).
    pub press: Vec<StoredPress>,
}

/// The press messages a record keeps at most (the first ones).
pub const MAX_PRESS: usize = 5_000;

/// The bytes of press bodies a record keeps at most (the first messages
/// that fit), so that a game's record and its end-of-game package stay
/// small whatever its players sent.
pub const MAX_PRESS_BYTES: usize = 4 << 20;

impl GameRecord {
    pub fn load(conn: &Connection, game: &Game) -> Result<GameRecord, ArchiveError> {
        let v = game.v();
        let mut phases = Vec::new();
        for p in crate::store::phases::line(conn, game.id)? {
            let bad = |why: RecordFault| ArchiveError::Stored { phase: p.phase.clone(), why };
            let position = read_position(v, &p.position).map_err(bad)?;
            let orders = read_results(v, position.phase.kind, &p.results).map_err(bad)?;
            phases.push(PhaseRecord { seq: p.seq, name: p.phase.clone(), position, orders, report: p.report.clone(), processed: p.processed });
        }
        let current = game.position.clone();
        let everything = game.status == GameStatus::Finished;
        let q = crate::store::press::Query {
            seqs: 0..=i64::MAX,
            observers_only: !everything,
            postal_from: if everything { i64::MAX } else { game.seq },
            limit: MAX_PRESS,
            max_bytes: MAX_PRESS_BYTES,
        };
        let press = crate::store::press::of_game(conn, v, game.id, &q)?;
        Ok(GameRecord { game: game.clone(), phases, current, press })
    }

    /// The seq of the board now: the press sent since the last processed
    /// phase carries it.
    pub fn current_seq(&self) -> i64 {
        self.phases.last().map_or(1, |p| p.seq + 1)
    }

    /// The board after phase `i`: the next phase's board, or the board now
    /// after the last one (its own board if the record has neither).
    pub fn after(&self, i: usize) -> &Position {
        self.phases.get(i + 1).map(|p| &p.position).or(self.current.as_ref()).unwrap_or(&self.phases[i].position)
    }

    /// The units dislodged in phase `i` and where they could go: the board
    /// of the retreat phase that followed.
    pub fn dislodged_after(&self, i: usize) -> Vec<Dislodged> {
        let next = self.phases.get(i + 1).map(|p| &p.position).or(self.current.as_ref());
        next.filter(|n| n.phase.kind == crate::phase::PhaseKind::Retreat).map(|n| n.dislodged.clone()).unwrap_or_default()
    }

    /// Press that is not grey, with its sender: `None` for the master.
    pub fn signed_press(&self) -> impl Iterator<Item = (&StoredPress, Option<PowerId>)> {
        self.press.iter().filter(|p| !p.grey && !p.by_observer && p.audience.is_some()).map(|p| (p, p.from_power))
    }

    /// Whether a message went to everyone.
    pub fn is_broadcast(p: &StoredPress) -> bool {
        p.audience == Some(Audience::All)
    }
}

/// What in a stored phase cannot be read back (the judge's own record: the
/// keeper's concern).
#[derive(Debug, thiserror::Error)]
pub enum RecordFault {
    /// The board is not JSON.
    #[error("{0}")]
    PositionJson(serde_json::Error),
    /// The board is JSON, but no board of the variant.
    #[error("{0}")]
    Position(Box<crate::contract::CaseError>),
    #[error("results: {0}")]
    ResultsJson(serde_json::Error),
    #[error("unknown power `{0}`")]
    UnknownPower(String),
    #[error("order `{order}`: {why:?}")]
    Order { order: String, why: Box<crate::parse::ParseError> },
    #[error("unknown result `{0}`")]
    UnknownResult(String),
}

/// A stored board (its JSON), read back strictly.
pub fn read_position(v: &Variant, text: &str) -> Result<Position, RecordFault> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(RecordFault::PositionJson)?;
    crate::contract::position_from_json(v, &value).map_err(|e| RecordFault::Position(Box::new(e)))
}

/// The stored results rows as orders to draw (strict: a row that does not
/// read is an error, not skipped).
pub fn read_results(v: &Variant, kind: crate::phase::PhaseKind, text: &str) -> Result<Vec<Drawn>, RecordFault> {
    #[derive(serde::Deserialize)]
    struct Row {
        power: String,
        order: String,
        result: String,
        // older records lack it: given
        #[serde(default)]
        defaulted: bool,
    }
    let rows: Vec<Row> = serde_json::from_str(text).map_err(RecordFault::ResultsJson)?;
    rows.into_iter()
        .map(|r| {
            let power = v.power_by_name(&r.power.to_ascii_uppercase()).ok_or_else(|| RecordFault::UnknownPower(r.power.clone()))?;
            let order = crate::parse::parse_order(v, &r.order, Some(kind)).map_err(|why| RecordFault::Order { order: r.order.clone(), why: Box::new(why) })?;
            let result = crate::adjudicate::ResultKind::from_label(&r.result).ok_or_else(|| RecordFault::UnknownResult(r.result.clone()))?;
            Ok(Drawn { power, order, result, defaulted: r.defaulted })
        })
        .collect()
}
