//! The result lines of a phase's report: what happened to an order and,
//! where one unit made it so, which.

use crate::adjudicate::{Note, ResultKind};
use crate::map::{Unit, Variant};

/// A unit as a report names it: `German A MUN`.
pub fn unit(v: &Variant, u: &Unit) -> String {
    format!("{} {}", v.powers[u.power as usize].adjective, v.unit_code(u))
}

/// The result shown after an order: empty for an order that simply
/// succeeded; else the result, the unit that caused it (`by`, named by
/// [`unit`]) and the rule's note (shown for a result other than success,
/// and for an order the judge supplied).
pub fn result(kind: ResultKind, note: Option<Note>, defaulted: bool, by: Option<&str>) -> String {
    let label = match kind {
        ResultKind::Ok => String::new(),
        k => k.label().replace('_', " "),
    };
    let head = match (kind, by) {
        (ResultKind::Bounce, Some(u)) => format!("bounce: stopped by {u}"),
        (ResultKind::Cut, Some(u)) => format!("cut by {u}"),
        (ResultKind::Dislodged, Some(u)) => format!("dislodged by {u}"),
        (ResultKind::Disband, Some(u)) if note == Some(Note::RetreatCollision) => return format!("disband: {u} retreated to the same space"),
        _ => label,
    };
    match note {
        Some(n) if kind != ResultKind::Ok || defaulted => {
            if head.is_empty() {
                n.text().to_string()
            } else if by.is_some() {
                format!("{head}; {}", n.text())
            } else {
                format!("{head}: {}", n.text())
            }
        }
        _ => head,
    }
}

/// A foreign unit a blind game's player saw only before or only after the
/// orders (DPjudge's ARRIVES, DEPARTS, LOST, FOUND).
pub fn glimpse(how: crate::game::blind::Glimpse) -> String {
    use crate::game::blind::Glimpse as G;
    match how {
        G::Arrives => "arrives: came into sight",
        G::Departs => "departs: moved out of sight",
        G::Lost => "lost: out of sight now",
        G::Found => "found: came into sight where it stood",
    }
    .into()
}

/// The notice of a blind game's phase to its observers and its list: title.
pub fn blind_processed_title(g: &crate::game::Game, phase: &str) -> String {
    format!("Game {}: {phase} processed", g.name)
}

/// The notice's line: the phase processed, the next one and its deadline
/// (no results: the game is blind).
pub fn blind_processed(phase: &str, next: &str, deadline: Option<&str>) -> String {
    let deadline = deadline.map(|d| format!(", deadline {d}")).unwrap_or_default();
    format!(
        "{phase} has been processed. This is a blind game: each power sees only its own results, and the whole game is shown once it is over. Next phase: {next}{deadline}."
    )
}

/// The notice's lines for a forum (Markdown).
pub fn blind_notice_markdown(lines: &[String]) -> String {
    lines.join("\n\n")
}

/// A dislodged unit that could retreat nowhere (`result`: what
/// [`result`] says of its order): it is destroyed.
pub fn destroyed(result: &str) -> String {
    format!("{result}; no retreat possible: destroyed")
}

/// A dislodged unit that could retreat nowhere, at the retreat phase that
/// removes it.
pub fn destroyed_unordered() -> String {
    "no retreat possible: destroyed".into()
}

/// An unordered retreat the right-hand rule made (`dest`: where it went).
pub fn right_hand(dest: &str) -> String {
    format!("no retreat ordered: by the right-hand rule to {dest}")
}

/// A report's title: `Spring 1901 movement results`.
pub fn title(phase: &str) -> String {
    format!("{phase} results")
}

/// A power's receipt nonce, told in the results of its phase (docs/RECEIPTS.md).
pub fn receipt_nonce(power: &str, nonce: &str) -> String {
    format!("Receipt nonce for {power}: {nonce}")
}

/// The winner of a game won by supply centres.
pub fn won_by_centres(power: &str, centres: usize) -> String {
    format!("{power} has won ({centres} supply centres).")
}

/// The winner of a game won by units on the board.
pub fn won_by_units(power: &str, units: usize) -> String {
    format!("{power} has won ({units} units on the board).")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_without_a_referent_read_as_before() {
        assert_eq!(result(ResultKind::Ok, None, false, None), "");
        assert_eq!(result(ResultKind::Bounce, None, false, None), "bounce");
        assert_eq!(result(ResultKind::NoConvoy, Some(Note::NoConvoyRoute), false, None), "no convoy: no complete chain of convoying fleets");
        assert_eq!(result(ResultKind::Ok, Some(Note::DefaultHold), true, None), "no order: the unit holds");
        assert_eq!(result(ResultKind::Disband, Some(Note::RetreatCollision), false, None), "disband: another unit retreated to the same space");
    }

    #[test]
    fn destroyed_units_and_the_right_hand_rule_say_what_became_of_the_unit() {
        assert_eq!(destroyed("dislodged by German A BUR"), "dislodged by German A BUR; no retreat possible: destroyed");
        assert_eq!(destroyed_unordered(), "no retreat possible: destroyed");
        assert_eq!(right_hand("BRE"), "no retreat ordered: by the right-hand rule to BRE");
    }

    #[test]
    fn results_with_a_referent_say_who() {
        assert_eq!(result(ResultKind::Bounce, None, false, Some("German A MUN")), "bounce: stopped by German A MUN");
        assert_eq!(result(ResultKind::Cut, None, false, Some("English A BEL")), "cut by English A BEL");
        assert_eq!(result(ResultKind::Dislodged, None, false, Some("German F HEL")), "dislodged by German F HEL");
        assert_eq!(result(ResultKind::Dislodged, Some(Note::DefaultHold), true, Some("German F HEL")), "dislodged by German F HEL; no order: the unit holds");
        assert_eq!(
            result(ResultKind::Disband, Some(Note::RetreatCollision), false, Some("English A BRE")),
            "disband: English A BRE retreated to the same space"
        );
    }
}
