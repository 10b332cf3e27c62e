//! Games where a player plays several powers (four, three and two players,
//! docs/RULES.md "Games for fewer players") and the two-player game's coin.

use crate::game::Game;
use crate::game::pname;
use crate::map::PowerId;

/// Powers played together: `England`, `Austria and France`,
/// `England, France and Russia`.
pub fn powers(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `players=4`, `3a`, `3b`: the seats.
pub fn groups_set(players: &str, seats: &[String]) -> String {
    format!(
        "A game for {} players ({players}), one player to a seat: {}. A player signs on with the letter of any power of the seat and orders all its powers in one mail.",
        seats.len(),
        seats.join("; ")
    )
}

/// `players=2`: the World War I game.
pub fn world_war_set(sides: &[String], neutral: &str, closed: &[&str], year: i32, centers: u32) -> String {
    format!(
        "A game for 2 players (World War I, from {year}): {}. {neutral} is neutral and its territory ({}) may not be entered; before the Winter {year} adjustments a coin gives {neutral} to one side, whose player orders it from Spring {}. A side wins with {centers} supply centres. A player signs on with the letter of any power of the side.",
        sides.join(" against "),
        closed.join(", "),
        year + 1
    )
}

/// An order line written for a power (`Germany: A BER - KIE`) that the
/// sender does not play.
pub fn not_your_power(power: &str, game: &str) -> String {
    format!("you do not play {power} in game {}", game)
}

/// An order accepted for one of the powers of a seat.
pub fn accepted_for(power: &str, order: &str) -> String {
    format!("{power}: {order}: accepted.")
}

/// The coin of the two-player game, as announced and kept in the history:
/// how it was derived, so that anyone can check it.
pub fn coin_flipped(g: &Game, seed: u64, digest: &str, heads: bool, side: &str, neutral: &str, year: i32) -> String {
    format!(
        "The coin of game {} is flipped: SHA-256 of `{}:{seed}` (the game's number and the seed drawn at its start) is {digest}; its first byte is {}, so the coin shows {}. {neutral} joins {side} in Spring {}.",
        g.name,
        g.id,
        if heads { "even" } else { "odd" },
        if heads { "heads (the first side)" } else { "tails (the second side)" },
        year + 1
    )
}

/// The neutral power joins the side that won the toss.
pub fn neutral_joins(neutral: &str, side: &str) -> String {
    format!("{neutral} has joined {side}: its units take orders from this phase, and its territory is open.")
}

/// The powers of `power`'s seat by name: `France`, `Austria and France`.
pub fn seat_names(game: &crate::game::Game, power: PowerId) -> String {
    let v = game.v();
    powers(&game.group_of(power).iter().map(|&p| pname(v, p)).collect::<Vec<_>>())
}
