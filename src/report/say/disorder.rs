//! Civil disorder, seats changing hands and the votes that end a game: what
//! the table, the master and a voter are told.

use crate::game::Game;
use crate::store::disorder::{Cause, Record};
use crate::store::games::{Announcements, Concessions};

/// SET CONCESSIONS / SET NO CONCESSIONS done.
pub fn concessions(c: Concessions) -> String {
    match c {
        Concessions::Allowed => "Survivors may concede the game to the largest power (SET CONCEDE power).".into(),
        Concessions::Refused => "No concessions in this game (SET CONCEDE is refused).".into(),
    }
}

/// SET CD AFTER n / NONE done.
pub fn cd_after(n: Option<u32>) -> String {
    match n {
        Some(1) => "A power whose player misses a phase goes into civil disorder.".into(),
        Some(n) => format!("A power whose player misses {n} phases in a row goes into civil disorder."),
        None => "Missed phases put no power in civil disorder (a vacant power still goes into it when a phase is processed).".into(),
    }
}

/// SET QUIET / SET NO QUIET done.
pub fn quiet(a: Announcements) -> String {
    match a {
        Announcements::Loud => "Resignations, takeovers, vacant seats and civil disorder are announced to everyone in the game.".into(),
        Announcements::Quiet => "Quiet game: resignations, takeovers, vacant seats and civil disorder are told to the master only.".into(),
    }
}

/// SET CD AFTER with a value it does not take.
pub fn cd_after_values(value: &str, most: u32) -> String {
    format!("SET CD AFTER {value}: write a number of missed phases in a row from 1 to {most}, or NONE")
}

/// The subject of a notice of civil disorder.
pub fn subject(g: &Game) -> String {
    format!("Game {}: civil disorder", g.name)
}

/// A seat that went into civil disorder, from which phase, and why.
pub fn went_into(power: &str, since: &str, cause: Cause) -> String {
    let why = match cause {
        Cause::Vacant => "no one held it when the phase was processed",
        Cause::Missed => "its player missed too many phases in a row",
        Cause::Master => "the master declared it",
    };
    format!("{power} is in civil disorder from {since}: {why}. Its units hold unless ordered, it builds nothing, and it has no vote.")
}

/// How a vacant seat is taken over.
pub fn open_seat(g: &Game, power: &str, approval: bool) -> String {
    let how = if approval { ", with the master's approval" } else { "" };
    format!("{power} is open: anyone not playing in game {} may take it over with SIGNON ?{} password{how}.", g.name, g.name)
}

/// The subject of a notice that a seat is vacant.
pub fn vacant_subject(g: &Game, power: &str) -> String {
    format!("Game {}: {power} is vacant", g.name)
}

/// A seat left by its player (`ejected`: by the master).
pub fn seat_left(power: &str, ejected: bool) -> String {
    if ejected { format!("The master removed the player of {power}.") } else { format!("The player of {power} resigned.") }
}

/// The subject of a notice of a takeover.
pub fn taken_over_subject(g: &Game, power: &str) -> String {
    format!("Game {}: {power} taken over", g.name)
}

/// A seat taken over (`who`, the name the new player chose, if any: never
/// an address; named only where the game shows who plays what).
pub fn taken_over(power: &str, who: Option<&str>, reveal: bool) -> String {
    match who.filter(|_| reveal) {
        Some(who) => format!("{who} took over {power}."),
        None => format!("A new player took over {power}."),
    }
}

/// The phase's deadline starting again for a new player.
pub fn deadline_restarted(time: &str) -> String {
    format!("So that the new player has the phase's time, its deadline is now {time}.")
}

/// LIST's state of a seat in civil disorder.
pub fn list_state(since: &str) -> String {
    format!("civil disorder since {since}")
}

/// LIST's late count of a seated player (njudge's latecount).
pub fn late_count(r: &Record) -> String {
    if r.due == 0 { String::new() } else { format!(", late {} of {}", r.late + r.missed, r.due) }
}

/// A player's own record over every game on this judge (njudge's dedication).
pub fn dedication(r: &crate::store::dedication::Sums, seats: u32) -> String {
    format!(
        "Your record on this judge: {} seat(s); of {} phase(s) due, {} on time, {} late, {} missed; civil disorder {} time(s).",
        seats, r.due, r.on_time, r.late, r.missed, r.disorders
    )
}

/// SET CD power done.
pub fn declared(power: &str, since: &str) -> String {
    format!("{power} is in civil disorder from {since}.")
}

/// SET CD power when it already is.
pub fn already_in(power: &str) -> String {
    format!("{power} is already in civil disorder.")
}

/// SET NO CD power done (`was`: it was in civil disorder).
pub fn lifted(power: &str, was: bool) -> String {
    if was { format!("{power} is no longer in civil disorder.") } else { format!("{power} was not in civil disorder.") }
}

/// A player signing on again takes their power out of civil disorder.
pub fn back_from_disorder(power: &str) -> String {
    format!("{power} is no longer in civil disorder: welcome back.")
}

/// The subject of a notice that a power left civil disorder.
pub fn back_subject(g: &Game, power: &str) -> String {
    format!("Game {}: {power} is played again", g.name)
}

/// A power that left civil disorder (told to the table).
pub fn back_notice(power: &str) -> String {
    format!("{power} is no longer in civil disorder: its player is back.")
}

/// A draw the master declared.
pub fn master_draw(powers: &[String]) -> String {
    format!("The master declared a draw between {}.", powers.join(", "))
}

/// SET CONCEDE where the master set NO CONCESSIONS.
pub fn no_concessions(game: &str) -> String {
    format!("game {game} allows no concessions (the master set NO CONCESSIONS)")
}

/// SET CONCEDE in a NODIAS game.
pub fn concede_under_nodias() -> String {
    "this game allows draws that leave survivors out (NODIAS): concede with a draw of that power alone, SET DRAW power".into()
}

/// SET CONCEDE to a power that is not the largest (`largest`: the one that
/// is, `None` when two or more share the most centres).
pub fn concede_not_largest(named: &[String], largest: Option<&[String]>) -> String {
    let named = named.join(", ");
    match largest {
        Some(l) => format!("you may concede only to the largest power on the board, {}; not to {named}", l.join(", ")),
        None => format!("you may concede only to the largest power on the board, and none has more centres than every other; not to {named}"),
    }
}

/// DECLARE DRAW naming no power.
pub fn declare_draw_usage() -> String {
    "write DECLARE DRAW, or DECLARE DRAW and the powers in the draw: DECLARE DRAW ENGLAND FRANCE".into()
}

/// A new player's WAIT, set when they take over a seat.
pub fn wait_set_for_you() -> String {
    "WAIT is set for you, so the phase is not processed before you are ready: send SET NOWAIT when your orders are in.".into()
}

/// A power in civil disorder on the board.
pub fn board_entry(power: &str, since: &str) -> String {
    format!("{power} (since {since})")
}
