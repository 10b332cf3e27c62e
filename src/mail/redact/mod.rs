//! Passwords out of stored mail: the judge keeps every inbound mail raw (table
//! `mails`, and so in every backup), and sign-on mail carries passwords.
//!
//! [`secret_spans`] decides which words of a line are secrets, generously (a
//! stored mail with a word too many masked costs little; a password kept in
//! clear is a leak), but ordinary prose and the judge's own text quoted back
//! are not masked:
//!
//! - a sign-on line: its first word is a sign-on command — SIGNON, SIGN ON,
//!   CREATE, OBSERVE, WATCH (what the parser takes a password from), or a word
//!   people write for one: SIGNIN, SIGN IN, SINGON, LOGIN, LOG ON, JOIN, or a
//!   word within two edits of SIGNON or CREATE (any case, punctuation ignored)
//!   that is not a word of its own ([`NOT_TYPOS`]: "Signed", "Great") — and its
//!   next word may be a game (not a word of prose, [`NOT_GAMES`]: "Join me",
//!   "Sign on with"). Every word after the game is a secret; for a command
//!   that is not the parser's, only if at most [`MAX_WORDS_AFTER_GAME`] words
//!   follow the game, or the game is written `?game`;
//! - `SET PASSWORD x y z` (also `SET PASS`, `SET PW`, `SET NEW PASSWORD`), or a
//!   line starting with PASSWORD: everything after that word;
//! - `judge=VALUE` anywhere (the judge's creation password): the value;
//! - none in a line of the judge's own text: a line of its HELP, or a sentence
//!   of its replies that starts like a command ([`JUDGE_SENTENCES`]). HELP's
//!   lines made in code (the options' table) come in the [`JudgeText`] the
//!   judge makes and passes to every entry point here and to the reader.
//!
//! A sign-on line that lacks its password (a bare `SIGNON` or `SIGNON Fgame`)
//! is joined with the lines holding the missing words ([`join_signons`]), by
//! the reader and here alike: the password on the line after is a secret, and
//! the reply echoes the joined line masked. A subject is masked only if it is
//! itself a sign-on line, its `Re:` and `Fwd:` prefixes left out
//! ([`redact_text`]), read strictly, as it is shown back ([`Reading::Subject`]:
//! "SIGNON Fdemo pw" and "CREATE ?rc pw" are masked, "Join game rc" is not);
//! in the stored mail, a Subject field whose secret is in an RFC 2047 encoded
//! word is written anew.
//!
//! [`mask_line`] shows a line with its secrets as `******` (for the reply's
//! echo). [`redact`] returns a mail's raw bytes with every secret of its lines
//! (the command lines the judge read, and every line of every text part, quoted
//! or not, `format=flowed` text also with its soft-wrapped lines joined)
//! replaced by as many `*`, where the secret appears literally. If it
//! does not (a base64 or quoted-printable body, HTML entities), or the
//! replacement would change the mail's MIME structure, the mail is stored as its
//! headers plus its decoded text body, redacted, with a [`REDACTED_HEADER`]
//! saying so (other parts are dropped).

use mail_parser::{Message, MessageParser, MimeHeaders, PartType};
use std::ops::Range;

mod raw;
mod signon;
mod store;

use raw::*;
pub use signon::*;
pub use store::*;

#[cfg(test)]
mod tests;

/// The most secrets taken from one mail ([`mail_secrets`]): each is looked for
/// in the whole mail, so a mail made of thousands of sign-on lines must not cost
/// thousands of passes over it. A real mail has a few.
pub const MAX_SECRETS: usize = 100;

/// What a secret is shown as in a line ([`mask_line`]).
pub const MASK: &str = "******";

/// The header added to a mail whose body was decoded and re-encoded to redact it.
pub const REDACTED_HEADER: &str = "X-Mailjudge-Redacted";
