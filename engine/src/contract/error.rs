//! Why a case is refused: the contract's input errors (`{"error": "..."}`,
//! `ADJUDICATE.md`), each with the words the contract has always answered.

use crate::map::{LocError, UnitError};
use crate::phase::PhaseError;
use crate::rules::RuleError;

/// What a variant finder gives instead of a variant (the judge's: a file
/// that cannot be read, a variant it does not know); its text is the
/// case's error.
pub type FinderError = Box<dyn std::error::Error + Send + Sync>;

/// Why a case is an input error.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CaseError {
    #[error("bad JSON case: {0}")]
    BadJson(serde_json::Error),
    #[error("bad position: {0}")]
    BadPosition(serde_json::Error),
    #[error("no variant: give `variant` in the case or --variant")]
    NoVariant,
    #[error("unknown variant `{0}`")]
    UnknownVariant(String),
    /// The finder's own answer.
    #[error("{0}")]
    Find(FinderError),
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error(transparent)]
    Phase(#[from] PhaseError),
    /// A power the variant does not have (the variant's name, its powers).
    #[error("unknown power `{name}` (variant {variant} has {})", .powers.join(" "))]
    UnknownPower { name: String, variant: String, powers: Vec<String> },
    #[error("units: more than {0} units")]
    TooManyUnits(usize),
    #[error("units of {power}: {error}")]
    Unit { power: String, error: UnitError },
    /// A unit listed in a space that already holds one it may not share
    /// with (the unit as written, the province's name).
    #[error("units: {unit} is listed twice (a unit in {province} already)")]
    ListedTwice { unit: String, province: String },
    #[error("units: {0} needs one fleet to carry it, and a space holds one army on board at most")]
    NoCarrier(String),
    #[error("centers of {power}: {error}")]
    Center { power: String, error: LocError },
    #[error("centers of {power}: {code} is not a supply centre")]
    NotACenter { power: String, code: String },
    #[error("centers: {0} is owned by two powers")]
    OwnedTwice(String),
    /// `A PAR x3` with a count that is no number.
    #[error("retreats of {power} {unit}: {error}")]
    Copies { power: String, unit: String, error: std::num::ParseIntError },
    #[error("retreats of {power}: {error}")]
    Dislodged { power: String, error: UnitError },
    #[error("retreats: more than {0} dislodged units")]
    TooManyDislodged(usize),
    #[error("retreats: two dislodged units in {0}")]
    TwoDislodged(String),
    #[error("retreats of {power} {unit}: {error}")]
    RetreatOption { power: String, unit: String, error: LocError },
    #[error("dislodged_by of {power} {unit}: {error}")]
    DislodgedBy { power: String, unit: String, error: LocError },
    #[error("owners: {0}")]
    Owner(LocError),
    #[error("owners: {0} is not a tracked province (a build site that is not a centre)")]
    NotTracked(String),
    /// The adjudicator panicked on the case (a malformed case must never
    /// crash a batch).
    #[error("internal error: {0}")]
    Internal(String),
}
