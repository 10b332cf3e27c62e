//! Deadlines: reminders, late notices, and a game waiting for its master.

use crate::game::Game;
use crate::phase::PhaseKind;
use crate::rules::{CivilDisorder, RetreatDefault, Rulebook};

/// What happens to a power's missing orders in this phase of this game, for
/// the late notice: "units without orders hold" and so on.
pub fn defaults(kind: PhaseKind, rules: &Rulebook) -> String {
    match kind {
        PhaseKind::Movement => "units without orders hold".into(),
        PhaseKind::Retreat => match rules.retreat_default {
            RetreatDefault::Disband => "dislodged units without orders are disbanded".into(),
            RetreatDefault::RightHand => {
                "dislodged units without orders retreat by the right-hand rule (a disband order is not allowed; a unit is disbanded only if it cannot retreat)"
                    .into()
            }
        },
        PhaseKind::Adjustment => {
            let from = match rules.civil_disorder {
                CivilDisorder::Owned2023 => "the nearest supply centre you own",
                CivilDisorder::Home1992 => "the nearest of your home supply centres",
                CivilDisorder::LeastEffect => {
                    return "builds not ordered are waived, and the GM chooses the removals you do not order (the judge suggests those that do the least to the game: first units whose removal opens no centre of yours to a neighbour, then the farthest from your centres)".into();
                }
            };
            format!("builds not ordered are waived, and removals not ordered are chosen for you (the units farthest from {from})")
        }
    }
}

/// A dislodged unit of the reader's without a retreat order, before the
/// deadline of a game whose default is the right-hand rule: where the rule
/// sends it as the reader's orders stand (`dest`; `None`: disbanded, no
/// space left), in the results' own words ([`super::results::right_hand`]).
pub fn right_hand_now(unit: &str, dest: Option<&str>) -> String {
    match dest {
        Some(d) => format!("{unit}: {} (as things stand: other powers' retreat orders may change it)", super::results::right_hand(d)),
        None => format!("{unit}: no retreat ordered: the right-hand rule finds it no space, so it is disbanded"),
    }
}

/// A reminder: title.
pub fn reminder_title(g: &Game, phase: &str) -> String {
    format!("Reminder: game {}, {}", g.name, phase)
}

/// A reminder: the deadline, and how long until it.
pub fn deadline_in(time: &str, span: &str) -> String {
    format!("The deadline is {time} ({span} from now).")
}

/// A reminder: what a power still has to order.
pub fn still_to_order(power: &str, missing: &[crate::game::Missing]) -> String {
    format!("{} still has to order: {}.", power, super::orders::missing(missing).join(", "))
}

/// A reminder: how to sign on (`letter`: the power's).
pub fn sign_on_and_order(g: &Game, letter: char) -> String {
    format!("Sign on with SIGNON {}{} <password> and send your orders.", letter, g.name)
}

/// A reminder: subject.
pub fn reminder_subject(g: &Game) -> String {
    format!("Reminder: orders due in game {}", g.name)
}

/// After the grace period, in a game that defaults missing orders (`defaults`: [`defaults`]).
pub fn take_defaults(defaults: &str) -> String {
    format!("missing orders take the defaults: {defaults}")
}

/// After the grace period, in a game that does not.
pub fn waits_for_master() -> String {
    "the game waits for its master".to_string()
}

/// A late notice: title.
pub fn late_title(g: &Game, phase: &str) -> String {
    format!("Late: game {}, {}", g.name, phase)
}

/// A late notice: the deadline passed with the power's orders incomplete.
pub fn late(time: &str, power: &str) -> String {
    format!("The deadline ({time}) has passed and your orders for {} are not complete.", power)
}

/// A late notice: until when, and what then (`after`: [`take_defaults`] or [`waits_for_master`]).
pub fn until(grace: &str, after: &str) -> String {
    format!("You have until {grace} to send them; after that, {after}.")
}

/// A late notice: subject.
pub fn late_subject(g: &Game) -> String {
    format!("Late: orders missing in game {}", g.name)
}

/// The master's late notice: title and subject.
pub fn late_powers(g: &Game) -> String {
    format!("Late powers in game {}", g.name)
}

/// The master's late notice: whose orders are missing.
pub fn missing_from(phase: &str, time: &str, powers: &[String]) -> String {
    format!("The deadline of {phase} ({time}) has passed. Orders missing from: {}.", powers.join(", "))
}

/// Who is late, in a secret game's notice to the table (SET SECRET).
pub fn some_powers() -> String {
    "one or more powers".into()
}

/// The master's late notice: the end of the grace period.
pub fn grace_until(time: &str) -> String {
    format!("Grace period until {time}.")
}

/// The master's notice that the game waits: title and subject.
pub fn waits_for_you(g: &Game) -> String {
    format!("Game {} waits for you", g.name)
}

/// The master's notice that the game waits: whose orders are missing.
pub fn grace_ended(phase: &str, powers: &[String]) -> String {
    format!("The grace period of {phase} has ended; orders are still missing from {}.", powers.join(", "))
}

/// The master's notice that the game waits: what the master may do.
pub fn no_defaults_what_now() -> String {
    "This game does not default missing orders (SET NO NMR). Send PROCESS! to process with defaults, or SET DEADLINE to give more time.".to_string()
}

/// SET [NO] LATE COUNT done.
pub fn late_count_set(on: bool) -> String {
    if on {
        "Late notices now say how many phases each late player has been late in this game.".into()
    } else {
        "Late notices no longer count a player's late phases.".into()
    }
}

/// A late power with its count (SET LATE COUNT): `France (late 3 times in this game)`.
pub fn with_late_count(power: &str, times: u32) -> String {
    if times == 1 { format!("{power} (late for the first time in this game)") } else { format!("{power} (late {times} times in this game)") }
}
