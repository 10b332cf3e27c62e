//! The free-form order parser: whatever players write, turned into [`Order`]s.
//!
//! The rulebook's principle (VII.2) is the design: an order that can have only one
//! meaning is followed; one that admits two is not. Names are matched
//! case-insensitively as a code (`STP`), an alias (`Nrg`, `GoL`, `MAt`), a full name
//! (`St Petersburg`, `Mid-Atlantic Ocean`), or any prefix of these that names one
//! province only. Every error names the offending text and, where it can, the
//! candidates or a suggestion.
//!
//! The parser knows only the map, not the board: inferring a unit's type or a
//! fleet's only reachable coast from the position is [`crate::adjudicate::complete`].
//!
//! The files: [`words`], the words orders are written with and the
//! tokenizer; [`free`], the full parser; [`canonical`], the fast path for
//! orders written exactly as the contract writes them (the same order the
//! full parser reads, found with one lookup a name). The names themselves
//! are the map's (`crate::map::names`).

mod canonical;
mod free;
#[cfg(test)]
mod tests;
mod words;

use crate::map::{Prov, Variant};
use crate::order::Order;
use crate::phase::PhaseKind;
use std::fmt;

/// What went wrong with one order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A word that names no province.
    UnknownProvince { word: String, suggestions: Vec<Prov> },
    /// A word that could name several provinces.
    AmbiguousProvince { word: String, candidates: Vec<Prov> },
    /// A coast that does not exist.
    BadCoast,
    /// The order stops before it says what to do.
    Incomplete,
    /// A word the parser cannot place.
    Unexpected { word: String },
}

/// An order that could not be understood: the text, what is wrong, and a sentence
/// for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub text: String,
    pub kind: ParseErrorKind,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.text, self.message)
    }
}
impl std::error::Error for ParseError {}

/// Parses one order (no commas or semicolons inside).
///
/// `phase` adapts the reading: in a retreat phase `A BUR - GAS` is a retreat.
pub fn parse_order(v: &Variant, text: &str, phase: Option<PhaseKind>) -> Result<Order, ParseError> {
    match canonical::canonical(v, text) {
        Some(order) => Ok(for_phase(order, phase)),
        None => free::parse_free(v, text, phase),
    }
}

/// Adapts a parsed order to the phase it is given in.
pub fn for_phase(order: Order, phase: Option<PhaseKind>) -> Order {
    match (phase, order) {
        (Some(PhaseKind::Retreat), Order::Move { unit, dest, via: false }) => Order::Retreat { unit, dest },
        _ => order,
    }
}

/// Parses a line that may hold several orders separated by commas or semicolons.
pub fn parse_line(v: &Variant, line: &str, phase: Option<PhaseKind>) -> Vec<Result<Order, ParseError>> {
    line.split([',', ';']).filter(|s| !s.trim().is_empty()).map(|s| parse_order(v, s, phase)).collect()
}

/// Reads a province name alone (for commands such as `SET ABSENCE` or tests).
pub fn parse_province(v: &Variant, text: &str) -> Result<Prov, ParseError> {
    free::parse_province(v, text)
}
