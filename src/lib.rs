//! mailjudge: a play-by-email judge for Diplomacy.
//!
//! # Layout
//!
//! The pure rules engine is the workspace crate `mailjudge_engine` (`engine/`; no IO, no
//! clock, no database; `tests/it/layout.rs` checks), its modules re-exported here: [`map`] variants as data, [`phase`] calendars, [`order`] orders and their
//! canonical text, [`parse`] the free-form order parser, [`rules`] rule options,
//! [`adjudicate`] movement, retreats and adjustments, [`random`] positions for property
//! tests. [`contract`] is its JSON interface (`mailjudge adjudicate`), [`variants`]
//! finds variant files.
//!
//! Around the engine, the judge (mail in → commands → store → adjudicate → report → mail out):
//!
//! - [`mail`]: transports (Maildir, IMAP, SMTP, sendmail) behind traits, reading
//!   inbound mail (what is a command, what is never answered), redaction, composing.
//! - [`judge`]: the mail pipeline: a batch in one transaction, each mail in a
//!   savepoint behind a panic boundary, deadlines, the outbox.
//! - [`command`]: the command language of one mail, one family per file.
//! - [`game`]: a game's lifecycle, its orders and its deadlines.
//! - [`store`]: all the SQL (schema, migrations, typed records, strict readers).
//! - [`report`]: every text the judge writes, with `templates/`.
//! - [`password`]: Argon2id with one reused buffer and a keyed cache.
//! - [`timing`]: deadlines and dates as players write them; [`config`]: the configuration.
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
