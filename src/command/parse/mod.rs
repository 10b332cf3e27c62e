//! Reading one command line. Case-insensitive; njudge's names, spacings and
//! abbreviations (`SIGN ON`, `END PRESS`, `SET NO WAIT`, `SET DEAD` ...).
//! A line that is no command is an order (or an error) for the session.
//!
//! One concept a file, each using only those before it: [`cmd`] (what a
//! line is, read), [`line`] (a line's words and its command word), the
//! readers of each family of commands ([`account`], [`info`], [`set`],
//! [`player`], [`master`], [`community`]), and [`block`] (the lines a
//! command opens and closes, read with [`parse`]). [`parse`] asks each
//! family in turn.

mod account;
mod block;
mod cmd;
mod community;
mod info;
mod keeper;
mod line;
mod master;
mod player;
mod set;

pub use block::{BlockKind, PressEnd, block, block_end, press_end};
pub use cmd::{Cmd, Colour, Diary, Fake, HistoryAsk, HistorySpan, PressHeader, SetKey, ToolSet, Whom};
use line::Line;
pub use line::match_word;
pub use set::MAX_PRESS_SETS;

#[cfg(test)]
mod tests;

/// Reads one line.
pub fn parse(line: &str) -> Cmd {
    let w: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = w.first() else { return Cmd::NotCommand };
    let up = first.to_ascii_uppercase();
    let second = w.get(1).map(|s| s.to_ascii_uppercase());
    // two-word spellings
    let (head, skip) = match (up.as_str(), second.as_deref()) {
        ("SIGN", Some("ON")) => ("SIGNON".to_string(), 2),
        ("SIGN", Some("OFF")) => ("SIGNOFF".to_string(), 2),
        ("END", Some("PRESS")) | ("END", Some("BROADCAST")) => ("ENDPRESS".to_string(), 2),
        ("POSTAL", Some("PRESS")) => ("POSTALPRESS".to_string(), 2),
        ("PROCESS", Some("NOW")) => ("PROCESS!".to_string(), 2),
        ("FORCE", Some("BEGIN")) => ("FORCEBEGIN".to_string(), 2),
        ("WHO", Some("IS")) => ("WHOIS".to_string(), 2),
        ("WHO", Some("GAME")) => ("WHOGAME".to_string(), 2),
        // njudge's WHO IS user, also written WHO user
        ("WHO", _) => ("WHOIS".to_string(), 1),
        ("INFO", Some("PLAYER")) => ("INFOPLAYER".to_string(), 2),
        ("I", Some("AM")) if w.get(2).is_some_and(|a| a.eq_ignore_ascii_case("ALSO")) => ("IAMALSO".to_string(), 3),
        ("SEND", Some("ME")) => ("GET".to_string(), 2),
        _ => (up.clone(), 1),
    };
    let l = Line { w, head, skip };
    account::account(&l)
        .or_else(|| info::info(&l))
        .or_else(|| player::player(&l))
        .or_else(|| master::master(&l))
        .or_else(|| community::community(&l))
        .or_else(|| keeper::keeper(&l))
        .unwrap_or(Cmd::NotCommand)
}

/// `line` without its comment (DPjudge's): nothing of a line that starts
/// with `//`, and nothing after a ` //` (a word that starts with `//`);
/// `https://` and the like are no comment. Press and other text blocks are
/// kept as written: this is for command and order lines.
pub fn without_comment(line: &str) -> &str {
    let t = line.trim_start();
    if t.starts_with("//") {
        return "";
    }
    let cut = t.char_indices().find(|&(i, c)| c.is_whitespace() && t[i + c.len_utf8()..].starts_with("//")).map(|(i, _)| i);
    match cut {
        Some(i) => t[..i].trim_end(),
        None => t,
    }
}

/// The command words, for a suggestion when a line's first word is none
/// (`PROCES` is PROCESS).
pub const COMMAND_WORDS: &[&str] = &[
    "CREATE",
    "SIGNON",
    "SIGNOFF",
    "OBSERVE",
    "UNOBSERVE",
    "CONFIRM",
    "UNLOCK",
    "RESIGN",
    "HELP",
    "LIST",
    "HISTORY",
    "SUMMARY",
    "MAP",
    "CLEAR",
    "PHASE",
    "PRESS",
    "BROADCAST",
    "ENDPRESS",
    "SET",
    "APPROVE",
    "REJECT",
    "PROCESS",
    "PREDICT",
    "PAUSE",
    "RESUME",
    "TERMINATE",
    "EJECT",
    "BECOME",
    "ROLLBACK",
    "ROLLFORWARD",
    "PROMOTE",
    "DEMOTE",
    "INVITE",
    "UNSTART",
    "REGISTER",
    "WHOIS",
    "WHOGAME",
    "VERSION",
    "GET",
    "INFOPLAYER",
    "IAMALSO",
    "ADJUST",
    "RECORD",
];
