//! mailjudge's rules engine, a crate of its own: variants read from text, the
//! free-form order parser, the adjudicator and its JSON contract. No IO, no
//! clock, no database (a test in `tests/it/layout.rs` fails if any appears
//! here); the judge around it (`mailjudge`) reads files and mail.
//!
//! - [`map`]: variants as data (provinces, coasts, adjacency, powers, calendar),
//!   parsed from TOML text and validated.
//! - [`phase`]: phases and calendars (`S1901M`).
//! - [`order`]: orders and their canonical text.
//! - [`parse`]: the free-form order parser players' mail goes through.
//! - [`rules`]: rule options (DATC preferred choices, 1992 rulebook choices, right-hand rule).
//! - [`adjudicate`]: movement (the standard resolver in `adjudicate/movement/`,
//!   the 1958 and 1885 layers over it in `boarding.rs` and `ferry/`), retreats,
//!   adjustments.
//! - [`check`]: one order checked against a position without adjudicating.
//! - [`end`]: how a game ends (solo, alliance, draw, concession ...).
//! - [`random`]: random positions and orders for property tests and benchmarks.
//! - [`contract`]: the JSON interface of `mailjudge adjudicate` (`ADJUDICATE.md`).

pub mod adjudicate;
pub mod check;
pub mod contract;
pub mod end;
pub mod map;
pub mod order;
pub mod parse;
pub mod phase;
pub mod random;
pub mod rules;
