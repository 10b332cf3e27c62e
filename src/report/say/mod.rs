//! Every sentence the judge builds in code, one function per sentence (or per
//! small group of closely related ones), named for what it says and returning
//! the text. The code that decides things (`src/command`, `src/game`,
//! `src/judge`) calls these and never writes English itself (checked by
//! `tests/it/layout.rs`). The wording is the judge's voice: change it here.
//!
//! One file per family, as in [`crate::command`]:
//! - [`session`]: a mail as a whole (signing on, blocks, password limits, the
//!   status at the end of a reply);
//! - [`parse`]: command lines that cannot be read;
//! - [`account`]: CREATE, joining, SIGNON, OBSERVE, RESIGN;
//! - [`info`]: LIST, HISTORY, SUMMARY;
//! - [`master`]: the master's commands and game options;
//! - [`options`]: the game options' HELP lines and README table, and
//!   options that do not exist or come too late;
//! - [`orders`]: orders and CLEAR, and why an order is refused;
//! - [`later`]: orders for a later phase (PHASE, IF ... ENDIF);
//! - [`press`]: PRESS and BROADCAST;
//! - [`settings`]: the SET command;
//! - [`game`]: the game's lifecycle (start, end, votes) and powers by name;
//! - [`seats`]: games where a player plays several powers (four, three and
//!   two players) and the two-player game's coin;
//! - [`deadline`]: reminders, late notices, waiting for the master;
//! - [`disorder`]: civil disorder, seats changing hands, the votes' answers;
//! - [`dedication`]: a player's record on the judge (GET DEDICATION, INFO
//!   PLAYER), the join limits by it and by address, I AM ALSO;
//! - [`results`]: the result lines of a phase's report;
//! - [`refusal`]: why a command or an order is refused (a [`crate::game::refusal::Refusal`]);
//! - [`start`]: the starting unit choice (`SET START`, 1885-III);
//! - [`removals`]: the GM's removals and their preview (1885-III);
//! - [`community`]: REGISTER, WHOIS, WHOGAME, GET, VERSION, the open
//!   games, private games, and the master's tools' refusals;
//! - [`judge`]: mail as a whole (rate limits, failures, the keeper's notices).

pub mod account;
pub mod archive;
pub mod community;
pub mod consent;
pub mod deadline;
pub mod dedication;
pub mod disorder;
pub mod game;
pub mod info;
pub mod judge;
pub mod later;
pub mod map;
pub mod master;
pub mod options;
pub mod orders;
pub mod parse;
pub mod press;
pub mod proxy;
pub mod refusal;
pub mod removals;
pub mod results;
pub mod seats;
pub mod session;
pub mod settings;
pub mod start;
pub mod time;
