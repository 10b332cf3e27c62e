//! The pure rules engine: no IO, no clock, no database (a test in
//! `tests/it/layout.rs` fails if any appears here).
//!
//! - [`map`]: variants as data (provinces, coasts, adjacency, powers, calendar),
//!   parsed from TOML text and validated.
//! - [`phase`]: phases and calendars (`S1901M`).
//! - [`order`]: orders and their canonical text.
//! - [`parse`]: the free-form order parser players' mail goes through.
//! - [`rules`]: rule options (DATC preferred choices, 1992 rulebook choices, right-hand rule).
//! - [`adjudicate`]: movement, retreats, adjustments.
//! - [`check`]: one order checked against a position without adjudicating.
//! - [`end`]: how a game ends (solo, alliance, draw, concession ...).
//! - [`random`]: random positions and orders for property tests and benchmarks.

pub mod adjudicate;
pub mod check;
pub mod end;
pub mod map;
pub mod order;
pub mod parse;
pub mod phase;
pub mod random;
pub mod rules;
