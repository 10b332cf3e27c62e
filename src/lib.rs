//! mailjudge: a play-by-email judge for Diplomacy.
//!
//! `docs/ARCHITECTURE.md` is the map: the layers (each module uses only its own layer and
//! those below; `tests/it/layout.rs` checks, and checks that no modules of one folder
//! import each other in a circle), the two flows (mail → reply, deadline → results), and
//! how to add a command, a game option, a rule option or a variant feature.
//!
//! Every module, lowest layer first:
//!
//! - the rules engine, the workspace crate `mailjudge_engine` (`engine/`; no IO, no clock,
//!   no database), re-exported here: [`phase`] calendars, [`map`] variants as data and
//!   their names, [`order`] orders and their canonical text, [`rules`] rule options,
//!   [`end`] how a game ends, [`parse`] the free-form order parser, [`adjudicate`]
//!   movement, retreats and adjustments, [`check`] one order against a position,
//!   [`random`] positions for property tests, [`contract`] the JSON interface
//!   (`mailjudge adjudicate`);
//! - [`timing`]: deadlines and dates as players write them; [`password`]: Argon2id with one
//!   reused buffer and a keyed cache;
//! - [`variants`]: finding variant files;
//! - [`store`]: all the SQL (schema, migrations, rows read back strictly into typed values);
//! - [`config`]: the configuration, read and checked once;
//! - [`mail`]: transports (Maildir, IMAP, SMTP, sendmail) behind traits, reading inbound
//!   mail, the sign-on grammar, redaction, composing;
//! - [`game`]: a game loaded once into a typed value, and what follows from its data
//!   (seats, who owes what, votes);
//! - [`report`]: every English sentence (`report::say`), with `templates/`;
//! - [`render`]: the map pictures (SVG, PNG);
//! - [`archive`]: a game's record and its exports; [`publish`]: forum webhooks;
//! - [`context`]: the judge's context and the one door to the outbox (the consent gate,
//!   the byte budgets);
//! - [`play`]: a game's life (start, phases, deadlines, the end);
//! - [`command`]: the command language of one mail, one family per file;
//! - [`judge`]: the mail pipeline (a batch in one transaction, each mail in a savepoint
//!   behind a panic boundary), deadlines' tick, the outbox;
//! - [`daemon`]: the loop of `mailjudge serve`; [`cli`]: the command line.

pub mod archive;
pub mod cli;
pub mod command;
pub mod config;
pub mod context;
pub mod daemon;
pub mod game;
pub mod judge;
pub mod mail;
pub mod password;
pub mod play;
pub mod publish;
pub mod render;
pub mod report;
pub mod store;
pub mod timing;
pub mod variants;

pub use mailjudge_engine::{adjudicate, check, contract, end, map, order, parse, phase, random, rules};
