//! How a game ends, as a type: the engine decides victories; draws,
//! concessions and a master's termination come from the game around it.

use crate::map::PowerId;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// One power met the variant's victory condition.
    Solo(PowerId),
    /// Powers that met an alliance victory condition together.
    Alliance(Vec<PowerId>),
    /// The powers that shared a draw (every survivor, or those the GM allowed).
    Draw(Vec<PowerId>),
    /// The other powers conceded to this power (or coalition).
    Concession(Vec<PowerId>),
    /// The master ended the game.
    Terminated,
    /// The calendar had no phase after the last one played.
    NoMorePhases,
}

/// The kinds of [`GameEnd`], as stored (`solo`, `alliance`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndKind {
    Solo,
    Alliance,
    Draw,
    Concession,
    Terminated,
    NoMorePhases,
}

impl GameEnd {
    pub fn kind(&self) -> EndKind {
        match self {
            GameEnd::Solo(_) => EndKind::Solo,
            GameEnd::Alliance(_) => EndKind::Alliance,
            GameEnd::Draw(_) => EndKind::Draw,
            GameEnd::Concession(_) => EndKind::Concession,
            GameEnd::Terminated => EndKind::Terminated,
            GameEnd::NoMorePhases => EndKind::NoMorePhases,
        }
    }

    /// The powers it names (the winner, the allies, the drawing powers ...).
    pub fn powers(&self) -> &[PowerId] {
        match self {
            GameEnd::Solo(p) => std::slice::from_ref(p),
            GameEnd::Alliance(ps) | GameEnd::Draw(ps) | GameEnd::Concession(ps) => ps,
            GameEnd::Terminated | GameEnd::NoMorePhases => &[],
        }
    }

    /// Rebuilds an end from its kind and powers; `Err` when the number of
    /// powers does not fit the kind.
    pub fn from_parts(kind: EndKind, powers: Vec<PowerId>) -> Result<GameEnd, EndError> {
        let n = powers.len();
        let end = match kind {
            EndKind::Solo if n == 1 => GameEnd::Solo(powers[0]),
            EndKind::Alliance if n >= 2 => GameEnd::Alliance(powers),
            EndKind::Draw if n >= 1 => GameEnd::Draw(powers),
            EndKind::Concession if n >= 1 => GameEnd::Concession(powers),
            EndKind::Terminated | EndKind::NoMorePhases if n == 0 => {
                if kind == EndKind::Terminated {
                    GameEnd::Terminated
                } else {
                    GameEnd::NoMorePhases
                }
            }
            _ => return Err(EndError { kind, powers: n }),
        };
        Ok(end)
    }
}

/// A stored end whose number of powers does not fit its kind
/// ([`GameEnd::from_parts`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a game end of kind {kind:?} cannot name {powers} power(s)")]
pub struct EndError {
    pub kind: EndKind,
    pub powers: usize,
}
