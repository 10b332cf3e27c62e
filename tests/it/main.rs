//! The judge's integration tests, one crate (one binary to build and link):
//! each file below is a module of it, and all share `common`, the toolkit
//! (a judge on a temporary spool, a started game, mail in and out, the
//! record read back through the store). Run one file's tests with its
//! module's name: `cargo test --release --test it -- intake::`.
//!
//! The `#[ignore]`d groups: `e2e_mail::` (needs the loopback mail servers,
//! run one at a time), `archive::` and `mila_maps::` (need the MILA package);
//! test.sh runs them.
//!
//! The engine's own suites (the DATC, the variants' position cases, the
//! parser corpus, the engine's properties) are the engine's test crate,
//! `engine/tests/rules/` (`cargo test --release -p mailjudge_engine`).

mod common;

mod archive;
mod archive_text;
mod attachments;
mod bad_mail;
mod batch_properties;
mod blind;
mod blocks;
mod budgets;
mod build_rules;
mod calendar;
mod civil_disorder;
mod cli;
mod community;
mod consent;
mod contract;
mod crash;
mod deadline_rules;
mod deadline_timer;
mod dedication;
mod dpjudge_checked;
mod dpjudge_games;
mod draws_njudge;
mod e2e_mail;
mod fewer_players;
mod fixture_maps;
mod forum;
mod game1885;
mod game1958;
mod game_ends;
mod gunboat;
mod history_and_replies;
mod hostile_mail;
mod intake;
mod later_orders;
mod layout;
mod limits;
mod map;
mod map_1958_picture;
mod map_colours;
mod map_geometry;
mod map_readable;
mod maps;
mod master;
mod master_tools;
mod master_trust;
mod mila_maps;
mod moderation_press;
mod newcomer;
mod njudge_habits;
mod njudge_import;
mod njudge_rows;
mod options_table;
mod original1958;
mod outbox;
mod password_memory;
mod poison;
mod press_forms;
mod receipts;
mod record;
mod render;
mod replies;
mod results_say;
mod right_hand;
mod roles;
mod scripted_fewer;
mod scripted_game;
mod seats;
mod serve_waits;
mod set_words;
mod start1885;
mod storage;
mod time_forms;
mod traced_maps;
mod upgrade;
mod variant_import;
