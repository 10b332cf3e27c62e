//! PRESS and BROADCAST.

use crate::game::pname;
use crate::map::Variant;
use crate::store::games::GameRow;

/// ENDPRESS with no press open.
pub fn endpress_without_press() -> String {
    "ENDPRESS without PRESS".into()
}

/// A press longer than the judge takes.
pub fn too_long(bytes: usize, max: usize) -> String {
    format!("the press is {bytes} bytes; the limit is {max}: nothing was sent")
}

/// Grey press by the master acting for a power.
pub fn master_not_anonymous() -> String {
    "the master cannot send anonymous press for a power".into()
}

/// Who a press is from when the master writes for a power.
pub fn written_by_master(power: &str) -> String {
    format!("{power} (written by the master)")
}

/// Who a press is from when the master writes it.
pub fn from_master() -> String {
    "The master".into()
}

/// Press from a player of a forming game.
pub fn not_before_start() -> String {
    "press starts once the game has started".into()
}

/// Press to players in a no-press game.
pub fn no_press_game() -> String {
    "this is a no-press game: press may only go to the master (PRESS TO M)".into()
}

/// Grey press where it is not allowed.
pub fn no_grey_press() -> String {
    "anonymous (grey) press is not allowed in this game".into()
}

/// The master, among a press's recipients.
pub fn to_master() -> String {
    "the master".into()
}

/// Press to some powers where only broadcasts are allowed.
pub fn no_partial_press() -> String {
    "this game has no partial press: use BROADCAST".into()
}

/// Press to a power nobody plays.
pub fn nobody_plays(power: &str) -> String {
    format!("nobody plays {power} now: nothing was sent")
}

/// The recipients of a broadcast.
pub fn to_everyone() -> String {
    "everyone (broadcast)".into()
}

/// Who grey press is from.
pub fn anonymous() -> String {
    "Someone (anonymous)".into()
}

/// The phase of a game that has none yet.
pub fn forming() -> String {
    "forming".into()
}

/// The subject of a press (`from`: who it is from, as shown).
pub fn subject(g: &GameRow, from: &str) -> String {
    format!("Press in game {} from {}", g.name, from)
}

/// PRESS done.
pub fn sent(to: &str, grey: bool, lines: usize) -> String {
    format!("Press sent to {to}{} ({lines} line(s)).", if grey { ", anonymously" } else { "" })
}

/// To whom press stored before audiences were kept went: not recorded.
pub fn to_unknown() -> String {
    "(not recorded)".into()
}

/// A broadcast posted to the game's forums (Markdown): every line of the
/// message quoted, so it cannot pass for the judge's own text.
pub fn markdown(g: &crate::store::games::GameRow, phase: &str, from: &str, body: &str) -> String {
    let quoted: Vec<String> = body.lines().map(|l| format!("> {l}")).collect();
    format!("**Press in game {} ({phase})** from {from} to everyone:\n\n{}", g.name, quoted.join("\n"))
}

/// Who a stored press is from, as players read it: grey press stays
/// unsigned, the master's own press and press the master wrote for a power
/// say so.
pub fn sender(game: &crate::game::Game, p: &crate::store::press::Stored) -> String {
    let v = game.v();
    match (p.from_power, p.grey, p.by_master) {
        (_, true, _) => anonymous(),
        (None, _, _) => from_master(),
        (Some(pw), _, true) => written_by_master(&pname(v, pw)),
        (Some(pw), _, false) => super::seats::seat_names(game, pw),
    }
}

/// Who a stored press went to, as players read it.
pub fn recipients(v: &Variant, audience: Option<&crate::store::press::Audience>) -> String {
    use crate::store::press::Audience;
    match audience {
        Some(Audience::All) => to_everyone(),
        Some(Audience::Master) => to_master(),
        Some(Audience::Powers(ps)) => ps.iter().map(|&q| pname(v, q)).collect::<Vec<_>>().join(", "),
        None => to_unknown(),
    }
}
