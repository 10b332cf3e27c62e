//! The GM's removals (docs/RULES1885.md E18): the preview mail listing the
//! units the judge will remove for powers that have not ordered all theirs,
//! and the result line of such a removal.

use crate::game::Game;

/// The preview's subject.
pub fn preview_subject(g: &Game) -> String {
    format!("Removals to choose in game {}", g.name)
}

/// The preview's title.
pub fn preview_title(g: &Game, phase: &str) -> String {
    format!("Removals in game {}, {}", g.name, phase)
}

/// Why the preview is sent: the phase opened, or its deadline passed.
pub fn preview_why(opened: bool, deadline: &str) -> String {
    if opened {
        format!("These powers must remove units. A removal a power does not order is yours to choose; the deadline is {deadline}.")
    } else {
        format!("The deadline ({deadline}) has passed with removals not ordered. They are yours to choose.")
    }
}

/// One power's line: how many it owes, what it ordered, and what the judge will remove.
pub fn preview_power(power: &str, owed: usize, ordered: &[String], judge: &[String]) -> String {
    let ordered = if ordered.is_empty() { String::new() } else { format!(" It ordered: {}.", ordered.join(", ")) };
    format!("{power} must remove {owed}.{ordered} Unless you order otherwise the judge removes: {}.", judge.join(", "))
}

/// How the GM orders a removal, and what happens without one.
pub fn preview_how(example: &str, grace: &str) -> String {
    format!(
        "To choose, sign on as master and send the removal for the power, e.g. `{example}` (or BECOME the power and order it). Your order replaces the judge's choice. Without one, the units above are removed when the phase is processed (at the end of the grace period, {grace}, or when you PROCESS! it)."
    )
}

/// The result note of a removal no one ordered, taken from the preview.
pub fn judge_removed() -> String {
    "removal not ordered by the power or the GM: the judge's choice, as previewed to the GM".into()
}
