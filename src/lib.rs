//! mailjudge: a play-by-email judge for Diplomacy.
//!
//! # Layout
//!
//! - [`map`]: variants as data (provinces, coasts, adjacency, powers, calendar),
//!   loaded from TOML and validated.
//! - [`phase`]: phases and calendars (`S1901M`).
//! - [`order`]: orders and their canonical text.
//! - [`parse`]: the free-form order parser players' mail goes through.
//! - [`rules`]: rule options (DATC preferred choices, 1992 rulebook choices, right-hand rule).
//! - [`adjudicate`]: the pure rules engine (movement, retreats, adjustments).
//! - [`random`]: random positions and orders for property tests and benchmarks.
//! - [`contract`]: `mailjudge adjudicate`, the engine's JSON interface.

pub mod adjudicate;
pub mod contract;
pub mod map;
pub mod order;
pub mod parse;
pub mod phase;
pub mod random;
pub mod rules;
