//! The starting unit choice (`SET START`, docs/RULES1885.md E3): the
//! replies, the start notice's line, the withheld type on the board, and the
//! first results' lines that reveal the choices.

use crate::adjudicate::Position;
use crate::game::start::Choice;
use crate::map::{PowerId, Variant};

/// `SET START` without a unit.
pub fn usage() -> String {
    "SET START needs the unit you want, such as `SET START A ROM` or `SET START F ROM`, or `SET START NONE` for the map's units".into()
}

/// A word where a unit type (A or F) should be.
pub fn type_expected(word: &str) -> String {
    format!("`{word}` is not a unit type: write A (army) or F (fleet) before the province, as in `SET START A ROM`")
}

/// A unit type with no province after it.
pub fn province_expected(word: &str) -> String {
    format!("`{word}` needs a province after it, as in `SET START A ROM`")
}

/// A power whose starting units are all fixed.
pub fn no_choice(power: &str) -> String {
    format!("{power} has no choice of starting units on this map")
}

/// A province that is not one of the power's choices (`options`: the ones it has).
pub fn not_a_choice(prov: &str, options: &[String]) -> String {
    format!("you have no choice of unit type in {prov}; you may choose the type of your unit in {}", options.join(" or "))
}

/// A province named twice in one SET START.
pub fn named_twice(prov: &str) -> String {
    format!("{prov} is named twice")
}

/// More units changed than the map allows.
pub fn too_many(max: u8, options: &[String]) -> String {
    let units = if max == 1 { "one unit".to_string() } else { format!("{max} units") };
    format!("you may start with at most {units} of the other type than the map's, of those in {}", options.join(", "))
}

/// SET START after the first move was processed (or before the game started).
pub fn too_late(first: &str) -> String {
    format!("starting units can be chosen only before the {first} results; this game is past that")
}

/// SET START accepted: what the power now starts with in its choice provinces.
pub fn accepted(units: &[String], first: &str) -> String {
    format!(
        "starting units set: {}. Only you and the GM see this until the {first} results reveal every power's choice; you may change it until then.",
        units.join(", ")
    )
}

/// Orders for a unit of the type the power no longer starts with, taken out of force.
pub fn orders_dropped(orders: &[String]) -> String {
    format!("your orders for the other type were dropped (order the unit again): {}", orders.join(", "))
}

/// The start notice of a power with a choice.
pub fn you_may_choose(options: &[String], max: u8, first: &str) -> String {
    let how = if max as usize >= options.len() && options.len() == 1 {
        "it"
    } else if max as usize >= options.len() {
        "any of them"
    } else if max == 1 {
        "one of them"
    } else {
        "some of them"
    };
    format!(
        "You may start {how} as the other unit type: your unit{} in {}. Send SET START A {} (or F ...) before the {first} deadline; only you and the GM see it until the results.",
        if options.len() == 1 { "" } else { "s" },
        options.join(", "),
        options.first().map(String::as_str).unwrap_or_default()
    )
}

/// A unit whose type another power chooses, as the board shows it before the first results.
pub fn type_withheld(prov: &str) -> String {
    format!("? {prov}")
}

/// The first results: the title of the lines that reveal the choices.
pub fn revealed_title() -> String {
    "Starting units chosen before the first move:".into()
}

/// The first results: what one power started with (`chose`: by its choice, else the map's).
pub fn revealed(power: &str, units: &[String], chose: bool) -> String {
    if chose { format!("  {power} chose {}.", units.join(", ")) } else { format!("  {power} started with the map's {}.", units.join(", ")) }
}

/// The lines of the first results that reveal what each power with a choice
/// started with (`pos`: the position processed, the choices applied).
pub fn reveal(v: &Variant, pos: &Position, choices: &[Choice]) -> Vec<String> {
    let mut out = vec![revealed_title()];
    for (p, w) in v.powers.iter().enumerate() {
        let p = p as PowerId;
        if w.choice.is_empty() {
            continue;
        }
        let units = crate::game::start::own_units(v, pos, p);
        let chose = choices.iter().any(|c| c.power == p);
        out.push(revealed(&crate::game::pname(v, p), &units, chose));
    }
    out
}
