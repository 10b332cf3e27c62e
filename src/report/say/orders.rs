//! Orders and CLEAR: what was taken, what is still owed, and why an order
//! was refused.

use crate::store::games::GameStatus;

/// A line that is no command, from someone not signed on to a power.
pub fn not_signed_on() -> String {
    "not a command, and not an order: you are not signed on to a power (SIGNON Xgame password first). HELP lists the commands.".into()
}

/// Orders in a game that takes none.
pub fn no_orders_taken(game: &str, status: GameStatus) -> String {
    format!("game {game} is {status}: no orders are taken")
}

/// A line with more orders than it may hold.
pub fn too_many_on_line(n: usize, max: usize) -> String {
    format!("{n} orders on one line: a line may hold at most {max}; nothing on it was read")
}

/// A mail with more orders than the judge reads.
pub fn too_many_in_mail(max: usize) -> String {
    format!("more than {max} orders in one mail (the judge reads at most {max}): this line was not read")
}

/// An order taken (`order`: as the judge writes it).
pub fn accepted(order: &str) -> String {
    format!("{order}: accepted.")
}

/// An order accepted, for the power named when the seat has several, and
/// the earlier build or removal it took the place of.
pub fn accepted_line(power: Option<&str>, a: &crate::game::orders::Accepted) -> String {
    let base = match power {
        Some(p) => super::seats::accepted_for(p, &a.order),
        None => accepted(&a.order),
    };
    match &a.replaced {
        Some(old) => format!("{base} It takes the place of {old}: more were given than are due, and the latest count (njudge's rule)."),
        None => base,
    }
}

/// CLEAR done.
pub fn cleared(n: usize) -> String {
    format!("Cleared: {n} order(s) dropped.")
}

/// Removals still owed.
pub fn removals_owed(n: usize) -> String {
    format!("{n} removal(s)")
}

/// Builds still owed.
pub fn builds_owed(n: usize) -> String {
    format!("{n} build(s) or WAIVE")
}

/// What a power still owes, each as the status and reminders list it.
pub fn missing(m: &[crate::game::Missing]) -> Vec<String> {
    use crate::game::Missing;
    m.iter()
        .map(|m| match m {
            Missing::Unit(code) => code.clone(),
            Missing::Removals(n) => removals_owed(*n),
            Missing::Builds(n) => builds_owed(*n),
        })
        .collect()
}

/// An order without a unit type for a space where the power has an army and a fleet.
pub fn name_the_type(space: &str) -> String {
    format!("you have an army and a fleet in {space}: write A {space} or F {space}")
}

/// An order beyond the room of its slot: more orders in one mail than the
/// power has units of that type in the space (or builds owed, `build`).
pub fn slot_full(order: &str, room: usize, build: bool) -> String {
    if build {
        format!("{order}: this mail has already given all {room} build(s) owed; send the whole set again in one mail to change it")
    } else {
        format!("{order}: this mail has already ordered all {room} unit(s) of that type there; a later mail's orders for them replace these")
    }
}

/// An order refused, and why.
pub fn refused(order: &str, why: &str) -> String {
    format!("{order}: {why}")
}

/// An order for a unit the power does not have (`why`), with the units it
/// has (`dislodged`: in a retreat phase, its dislodged ones).
pub fn no_such_unit(why: &str, units: &[String], dislodged: bool) -> String {
    let what = if dislodged {
        format!("your dislodged units: {}", if units.is_empty() { "none".into() } else { units.join(", ") })
    } else {
        format!("your units: {}", units.join(", "))
    };
    format!("{why} ({what})")
}

/// A retreat or disband refused (`why`), with where the unit may retreat
/// (`right_hand`: by the right-hand rule, it may not disband).
pub fn retreat_options(why: &str, options: &[String], right_hand: bool) -> String {
    match options {
        [] => format!("{why} (it can only disband)"),
        _ if right_hand => format!("{why} (it may retreat to {}; without a valid order it retreats by the right-hand rule)", options.join(", ")),
        _ => format!("{why} (it may retreat to {}, or disband)", options.join(", ")),
    }
}

/// A build refused outside the capital and naval bases (`why`), with the
/// power's current capital (`None`: it owns no home centre) and the naval
/// bases it owns.
pub fn build_sites(why: &str, capital: Option<&str>, bases: &[String]) -> String {
    let capital = capital.map_or("your capital: none (you own no home centre)".to_string(), |c| format!("your capital now: {c}"));
    let bases = if bases.is_empty() { "none".to_string() } else { bases.join(", ") };
    format!("{why} ({capital}; your naval bases: {bases})")
}

/// A disband in a movement phase of a game without SET DISBAND.
pub fn movement_disband_off() -> String {
    "a unit is disbanded in a movement phase only in a game whose master SET DISBAND before the start (njudge's rule), and this game did not".into()
}

#[cfg(test)]
mod tests {
    use super::build_sites;

    #[test]
    fn a_refused_build_names_the_capital_and_the_bases() {
        let why = "armies are built only in the capital";
        assert_eq!(build_sites(why, Some("BRE"), &["BRE".into()]), "armies are built only in the capital (your capital now: BRE; your naval bases: BRE)");
        assert_eq!(build_sites(why, None, &[]), "armies are built only in the capital (your capital: none (you own no home centre); your naval bases: none)");
    }
}
