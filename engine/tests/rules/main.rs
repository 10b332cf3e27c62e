//! The rules engine's own tests, one crate (one binary to build and link):
//! each file below is a module of it. They need the engine and nothing of
//! the judge, so rules work compiles only `mailjudge_engine`:
//! `cargo test --release -p mailjudge_engine`; one file's tests by its
//! module's name: `cargo test --release -p mailjudge_engine -- datc::`.
//!
//! The data they read is in `engine/tests/data/` (DATC and variant position
//! cases, the parser corpus, engine defects); the variant files are the
//! judge's `config/variants/`, which the engine builds in.

mod common;
mod relisting;

mod build_rules;
mod cases1885;
mod convoy_properties;
mod datc;
mod dpjudge1900;
mod dpjudge_rules;
mod engine_defects;
mod imperial;
mod loeb9;
mod map1885;
mod neutral;
mod order_check;
mod original1958;
mod parser_corpus;
mod ports;
mod properties;
mod properties1885;
mod referents;
mod sample_game;
mod stacks1958;
