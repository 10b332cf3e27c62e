//! Shared by the engine's tests: hand-built positions and orders
//! ([`board`]), and variant position cases compared with the adjudicator's
//! outcome ([`cases`]).
#![allow(dead_code)]

pub mod board;
pub mod cases;
