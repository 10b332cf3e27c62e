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
//!
//! Around the engine, the judge (mail in → parse → store → adjudicate → render → mail out):
//!
//! - [`config`]: the TOML configuration, validated once.
//! - [`mail`]: transports (Maildir) behind traits, reading inbound mail, composing outbound mail.
//! - [`store`]: the SQLite schema and migrations.
//! - [`judge`]: commands, games, deadlines, reports; [`timing`]: deadlines and dates.
//! - [`daemon`]: the loop of `mailjudge serve`.

pub mod cli;
pub mod command;
pub mod config;
pub mod contract;
pub mod daemon;
pub mod engine;
pub mod game;
pub mod judge;
pub mod mail;
pub mod password;
pub mod report;
pub mod store;
pub mod timing;
pub mod variants;

pub use engine::{adjudicate, map, order, parse, phase, random, rules};
