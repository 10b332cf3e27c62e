//! Orders for a later phase: the PHASE line and what became of its block,
//! why a line of it is refused, the notice when its phase begins, and the
//! lines a reply lists as kept.

use crate::game::later::{CondFault, LaterRefusal};
use crate::phase::PhaseKind;

/// Under a PHASE line naming a later phase.
pub fn kept_until(phase: &str) -> String {
    format!("The orders after this line are kept for {phase} and given when it begins (conditions are taken on the board then).")
}

/// Under a PHASE line naming the phase being played.
pub fn for_this_phase(phase: &str) -> String {
    format!("{phase} is the phase being played: the orders after this line are given now (conditions are taken on the board as it stands).")
}

/// A PHASE block with nothing kept.
pub fn nothing_kept(phase: &str) -> String {
    format!("Nothing was kept for {phase}: no orders followed.")
}

/// What a PHASE block kept.
pub fn kept(lines: usize, phase: &str, power: &str) -> String {
    format!("Kept: {lines} line(s) for {power} in {phase}. CLEAR drops them.")
}

/// CLEAR inside a PHASE block.
pub fn cleared(lines: usize, phase: &str) -> String {
    format!("Cleared: {lines} line(s) kept for {phase}.")
}

/// CLEAR outside one, for the lines kept for later phases besides the current orders.
pub fn cleared_all(lines: usize) -> String {
    format!("Also cleared: {lines} line(s) kept for later phases.")
}

/// An order (or SET WAIT) a block gave, and what the judge answered.
pub fn given(line: &str, answer: &str) -> String {
    format!("{line}: {answer}")
}

/// A block for the phase being played whose conditions left no order.
pub fn none_taken() -> String {
    "No order was given: the conditions took no branch with orders in it.".into()
}

/// The subject of the notice when a phase with kept orders begins.
pub fn begun_subject(game: &str, phase: &str) -> String {
    format!("{game}: your orders kept for {phase} are in")
}

/// The notice's title.
pub fn begun_title(game: &str, phase: &str, power: &str) -> String {
    format!("Game {game}, {power}: {phase} has begun, and the orders you kept for it were given.")
}

/// The notice when the game passed a phase that had orders kept.
pub fn unused(phase: &str) -> String {
    format!("The lines kept for {phase} were not used: the game did not play that phase.")
}

/// After the orders given: what the power still owes.
pub fn still_to_order(missing: &[String]) -> String {
    format!("Still to order: {}.", missing.join(", "))
}

/// After the orders given: nothing owed.
pub fn complete() -> String {
    "Your orders are complete.".into()
}

/// A reply's heading of the lines kept for one later phase.
pub fn kept_heading(phase: &str) -> String {
    format!("Kept for {phase}:")
}

fn kind(k: PhaseKind) -> &'static str {
    match k {
        PhaseKind::Movement => "movement",
        PhaseKind::Retreat => "retreats",
        PhaseKind::Adjustment => "adjustments",
    }
}

/// Why a line of a PHASE block (or the PHASE line) is refused.
pub fn refusal(r: &LaterRefusal) -> String {
    match r {
        LaterRefusal::NotAPhase { text } => {
            format!("`{text}` is not a phase: write PHASE season year phase (PHASE Fall 1905 Movement, PHASE Winter 1905 Build) or its code (PHASE F1905M).")
        }
        LaterRefusal::NotPlayed { phase } => format!("{phase} is never played: this game's calendar does not have that year."),
        LaterRefusal::UnknownSeason { word, seasons } => format!("`{word}` is no season of this game's calendar ({}).", seasons.join(", ")),
        LaterRefusal::NoSuchPhase { season, kind: k } => format!("{season} has no {} phase in this game's calendar.", kind(*k)),
        LaterRefusal::Past { phase, now } => format!("{phase} is over: the game is in {now}."),
        LaterRefusal::TooFarAhead { phase, max } => format!("{phase} is too far ahead: orders are kept for at most {max} years ahead."),
        LaterRefusal::ElseWithoutIf => "ELSE without an IF before it.".into(),
        LaterRefusal::EndIfWithoutIf => "ENDIF without an IF before it.".into(),
        LaterRefusal::ElseAfterElse => "this IF has had its ELSE already.".into(),
        LaterRefusal::BadCondition { text, why } => format!("the condition `{text}` cannot be read: {}", cond_fault(why)),
        LaterRefusal::TooDeep { max } => format!("conditionals may nest at most {max} deep."),
        LaterRefusal::InRefusedIf => "not kept: the IF this line belongs to was refused.".into(),
        LaterRefusal::TooManyKept { max } => format!("not kept: a power keeps at most {max} lines for later phases (CLEAR drops them)."),
        LaterRefusal::Unreadable(e) => format!("{}: {}", e.text, e.message),
    }
}

fn cond_fault(f: &CondFault) -> String {
    match f {
        CondFault::Empty => "it is empty (IF [NOT] [power] [type] province, joined by AND and OR).".into(),
        CondFault::Unopened => "a `)` closes no `(`.".into(),
        CondFault::Dangling => "AND, OR or NOT with nothing after it.".into(),
        CondFault::NoProvince { words } => format!("`{words}` names no province (with a power of two letters or more and A or F if you like, in any order)."),
        CondFault::Ambiguous { words } => format!("`{words}` can be read more than one way: write the power and the province in full."),
    }
}
