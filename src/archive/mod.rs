//! Whole games out of the store and back in: the record of a game read
//! strictly ([`record::GameRecord`]), written as the MILA `diplomacy` saved-game
//! JSON ([`mila`]), as the classic judges' plain-text results ([`text`]) and
//! as a static HTML site with a map a phase ([`html`]); and a saved game read
//! back and re-adjudicated phase by phase ([`mila::replay`]).

pub mod html;
pub mod judge_text;
pub mod mila;
pub mod record;
pub mod scene;
pub mod text;

pub use record::GameRecord;

/// What can go wrong reading or writing a game's record.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    #[error("no processed phase {0}")]
    NoPhase(String),
    #[error("the stored phase {phase} cannot be read: {why}")]
    Stored { phase: String, why: record::RecordFault },
    #[error("not a saved game: {0}")]
    NotSavedGame(String),
    #[error("the saved game is for map `{map}`, which this judge does not have: {why}")]
    UnknownMap { map: String, why: crate::variants::FindError },
    #[error("the saved game is {0} bytes, more than the {1} allowed")]
    TooLarge(usize, usize),
    #[error("the saved game has {0} phases, more than the {1} allowed")]
    TooManyPhases(usize, usize),
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}
