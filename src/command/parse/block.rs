//! Blocks of lines: a line that opens one (press, a conditional, orders for a
//! later phase, a REGISTER form) and the line that closes it.

use super::cmd::Cmd;

/// A line that opens a block of lines belonging to it (a PHASE line is
/// none: its lines are read one by one, see `command::later`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// Text for people: `PRESS ...`, `BROADCAST ...`, `POSTAL PRESS`,
    /// `DIARY`, and any other press header (`FAKE ...`, `GREYPRESS` ...),
    /// up to ENDPRESS or SIGNOFF.
    Press,
    /// njudge's conditional orders outside a PHASE block, `IF ...` up to
    /// the matching `ENDIF` (refused whole: they are for a later phase).
    Conditional,
    /// njudge's registration form: `REGISTER` up to `END`.
    Register,
    /// njudge's `SET COMMENT BEGIN` (`SET INFO BEGIN`): the game's long
    /// comment, the rest of the mail up to SIGNOFF.
    Comment,
}

/// Whether `line` opens a block (whatever else is on it: a header that
/// cannot be read still opens its block, so its lines are never orders).
pub fn block(line: &str) -> Option<BlockKind> {
    let mut w = line.split_whitespace().map(|w| w.to_ascii_uppercase());
    let first = w.next()?;
    let second = w.next().unwrap_or_default();
    let press_word = |x: &str| x.ends_with("PRESS") || x.starts_with("BROADCAST");
    let third = w.next().unwrap_or_default();
    match first.as_str() {
        "IF" => Some(BlockKind::Conditional),
        "SET" if matches!(second.as_str(), "COMMENT" | "INFO" | "INFORMATION") && third == "BEGIN" && w.next().is_none() => Some(BlockKind::Comment),
        "ENDPRESS" | "ENDBROADCAST" => None,
        "DIARY" => (!matches!(second.as_str(), "LIST" | "READ" | "DELETE")).then_some(BlockKind::Press),
        "FAKE" | "NOFAKE" => Some(BlockKind::Press),
        "REGISTER" => Some(BlockKind::Register),
        f if press_word(f) => Some(BlockKind::Press),
        "POSTAL" | "GREY" | "GRAY" | "WHITE" | "ANONYMOUS" | "PARTIAL" if press_word(&second) => Some(BlockKind::Press),
        _ => None,
    }
}

/// How a press block ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PressEnd {
    /// ENDPRESS, ENDBROADCAST (END PRESS ...): the next line is read.
    EndPress,
    /// SIGNOFF (SIGN OFF): nothing after it is read.
    Signoff,
}

/// Whether `line` alone closes a press block, and how: SIGNOFF only alone
/// (`SIGNOFF now` in a press is the press's text).
pub fn press_end(line: &str) -> Option<PressEnd> {
    let signoff_alone = || {
        let w: Vec<String> = line.split_whitespace().map(str::to_ascii_uppercase).collect();
        matches!(w.iter().map(String::as_str).collect::<Vec<_>>().as_slice(), ["SIGNOFF"] | ["SIGN", "OFF"])
    };
    match super::parse(line.trim()) {
        Cmd::EndPress => Some(PressEnd::EndPress),
        Cmd::Signoff if signoff_alone() => Some(PressEnd::Signoff),
        _ => None,
    }
}

/// Whether `line` closes a REGISTER form: `END`, `END REGISTER`, `ENDREGISTER`.
fn register_end(line: &str) -> bool {
    let w: Vec<String> = line.split_whitespace().map(str::to_ascii_uppercase).collect();
    matches!(w.iter().map(String::as_str).collect::<Vec<_>>().as_slice(), ["END"] | ["ENDREGISTER"] | ["END", "REGISTER"])
}

/// The index in `rest` (the lines after the opening one) of the line that
/// closes a block of `kind`, if any.
pub fn block_end(kind: BlockKind, rest: &[String]) -> Option<usize> {
    match kind {
        BlockKind::Press => rest.iter().position(|l| press_end(l).is_some()),
        BlockKind::Comment => rest.iter().position(|l| press_end(l) == Some(PressEnd::Signoff)),
        BlockKind::Conditional => {
            let mut depth = 1usize;
            for (k, l) in rest.iter().enumerate() {
                match l.split_whitespace().next().map(|w| w.to_ascii_uppercase()).as_deref() {
                    Some("IF") => depth += 1,
                    Some("ENDIF") => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(k);
                        }
                    }
                    _ => {}
                }
            }
            None
        }
        BlockKind::Register => rest.iter().position(|l| register_end(l)),
    }
}
