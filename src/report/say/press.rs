//! PRESS and BROADCAST.

use crate::game::Game;
use crate::game::pname;
use crate::map::Variant;

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
pub fn subject(g: &Game, from: &str) -> String {
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
pub fn markdown(g: &Game, phase: &str, from: &str, body: &str) -> String {
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
        (None, _, _) if p.by_observer => from_observer(),
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
        Some(Audience::Some(r)) => {
            let mut names: Vec<String> = r.powers.iter().map(|&q| pname(v, q)).collect();
            if r.observers {
                names.push(to_observers());
            }
            if r.master {
                names.push(to_master());
            }
            names.join(", ")
        }
        None => to_unknown(),
    }
}

/// PRESS with no recipients.
pub fn no_recipients() -> String {
    "PRESS needs its recipients (PRESS TO EF, PRESS TO ALL BUT G, PRESS -G, or BROADCAST for everyone): nothing was sent".into()
}

/// TO, +, - or ALL BUT without the list.
pub fn needs_list(head: &str) -> String {
    format!("{head}: the list of recipients is missing (power letters written together, O for the observers, M for the master: {head} TO EFO)")
}

/// A letter of a press's list that names no one.
pub fn not_a_recipient_letter(letter: char, powers: &[(char, String)]) -> String {
    let known: Vec<String> = powers.iter().map(|(c, n)| format!("{c} {n}")).collect();
    format!("`{letter}` in the list of recipients is no power's letter ({}, O the observers, M the master)", known.join(", "))
}

/// A list that names no one but the sender.
pub fn to_nobody() -> String {
    "the list of recipients names no one but you: nothing was sent".into()
}

/// WHITE where press is grey only.
pub fn no_white_press() -> String {
    "this game allows only anonymous (grey) press (press to the master is always signed)".into()
}

/// FAKE where it is not allowed.
pub fn no_fake_press() -> String {
    "this game does not allow fake press (FAKE)".into()
}

/// FAKE on press to the master.
pub fn fake_to_master() -> String {
    "press to the master is never faked: write it without FAKE".into()
}

/// An observer's press that the game refuses.
pub fn no_observer_press() -> String {
    "observers of this game may not send this press (press to the master, PRESS TO M, always goes)".into()
}

/// POSTALPRESS with words after it.
pub fn postal_press_options() -> String {
    "POSTALPRESS takes no options: it is always a signed broadcast".into()
}

/// POSTALPRESS where it is not allowed.
pub fn no_postal_press() -> String {
    "this game has no postal press: nothing was kept".into()
}

/// Who a press is from when an observer writes it.
pub fn from_observer() -> String {
    "An observer".into()
}

/// A fake setting set.
pub fn fake_set(f: crate::store::games::FakePress) -> String {
    use crate::store::games::FakePress as F;
    match f {
        F::No => "No fake press.",
        F::May => "Partial press may be faked (FAKE).",
        F::BroadcastByDefault => "Partial press looks like a broadcast unless NOFAKE is written.",
        F::Broadcast => "All press looks like a broadcast.",
    }
    .into()
}

/// The observers' press set.
pub fn observer_press_set(o: crate::store::games::ObserverPress) -> String {
    use crate::store::games::ObserverPress as O;
    match o {
        O::Any => "Observers may send press as players do.",
        O::Partial => "Observers may send broadcasts and partial press.",
        O::White => "Observers may send press, never anonymous.",
        O::None => "Observers may send press to the master only.",
    }
    .into()
}

/// Postal press set.
pub fn postal_press_set(p: crate::store::games::PostalPress) -> String {
    if p == crate::store::games::PostalPress::On { "Postal press allowed (POSTALPRESS)." } else { "No postal press." }.into()
}

/// The master's copies of partial press set.
pub fn master_press_set(m: crate::store::games::MasterPress) -> String {
    if m == crate::store::games::MasterPress::All { "The master gets a copy of all partial press." } else { "The master gets only press to the master." }.into()
}

/// A fake option's value that is none of them.
pub fn fake_values(value: &str) -> String {
    format!("fake is no, may, broadcast_by_default or broadcast, not `{value}`")
}

/// An observer option's value that is none of them.
pub fn observer_press_values(value: &str) -> String {
    format!("observer press is any, partial, white or none, not `{value}`")
}

/// A master press option's value that is none of them.
pub fn master_press_values(value: &str) -> String {
    format!("master press is all or normal, not `{value}`")
}

/// The game's press options in LIST, njudge's words.
pub fn settings(s: &crate::store::games::Settings) -> String {
    use crate::store::games::{FakePress, MasterPress, ObserverPress, PartialPress, PostalPress, Press};
    let mut parts = vec![
        match s.press {
            Press::White => "White",
            Press::Grey => "White/Grey",
            Press::GreyWhite => "Grey/White",
            Press::GreyOnly => "Grey",
            Press::None => "None",
        }
        .to_string(),
    ];
    parts.push(if s.partial == PartialPress::Allowed { "Partial Allowed" } else { "No Partial" }.into());
    parts.push(
        match s.fake {
            FakePress::No => "No Fake",
            FakePress::May => "Partial may be Faked",
            FakePress::BroadcastByDefault => "Partial Fakes Broadcast by default",
            FakePress::Broadcast => "Partial Fakes Broadcast",
        }
        .into(),
    );
    if s.observer_press != ObserverPress::Any {
        parts.push(format!("Observer {}", s.observer_press));
    }
    if s.postal_press == PostalPress::On {
        parts.push("PostalPress".into());
    }
    if s.master_press == MasterPress::All {
        parts.push("Master reads all press".into());
    }
    if s.late_press == crate::store::games::LatePress::Refused {
        parts.push("No late press".into());
    }
    if s.unordered_press == crate::store::games::UnorderedPress::Refused {
        parts.push("Valid orders required to send press".into());
    }
    parts.join(", ")
}

/// The master's SET [NO] LATE PRESS.
pub fn late_press(l: crate::store::games::LatePress) -> String {
    match l {
        crate::store::games::LatePress::Allowed => "Late powers may send press (they are reminded that they are late).".into(),
        crate::store::games::LatePress::Refused => {
            "No late press: once the deadline has passed, a power still owing orders may send press to the master only.".into()
        }
    }
}

/// The master's SET [NO] MUST ORDER.
pub fn unordered_press(u: crate::store::games::UnorderedPress) -> String {
    match u {
        crate::store::games::UnorderedPress::Allowed => "Press does not wait for orders.".into(),
        crate::store::games::UnorderedPress::Refused => {
            "Orders before press: a power that owes orders may send press to the master only until its orders are complete.".into()
        }
    }
}

/// Press refused by SET MUST ORDER.
pub fn needs_orders_first(game: &str) -> String {
    format!("game {game} does not allow press from players who have not sent complete orders (press to the master alone is allowed)")
}

/// Press refused by SET NO LATE PRESS.
pub fn no_late_press(game: &str) -> String {
    format!("game {game} does not allow press from late players: complete your orders first (press to the master alone is allowed)")
}

/// Press from a late power, where allowed: njudge's reminder.
pub fn you_are_late() -> String {
    "Note: you are late with your orders; the deadline has passed.".into()
}

/// The reply to POSTALPRESS.
pub fn postal_kept(lines: usize) -> String {
    format!("Postal press kept ({lines} line(s)): it goes to everyone with the results of this phase.")
}

/// The subject of the postal press mailed with a phase's results.
pub fn postal_subject(g: &Game, phase: &str) -> String {
    format!("Postal press in game {} ({phase})", g.name)
}

/// Who a fake press said it went to, in the reply.
pub fn shown_as(to: &str) -> String {
    format!("It names as its recipients: {to}.")
}

/// The observers, among a press's recipients.
pub fn to_observers() -> String {
    "the observers".into()
}

/// DIARY with words it does not take.
pub fn diary_usage() -> String {
    "DIARY takes RECORD (or nothing: the entry follows up to ENDPRESS), LIST, READ n or DELETE n".into()
}

/// DIARY from the master or an observer.
pub fn diary_not_a_power() -> String {
    "a diary is kept by a power's player: sign on as your power".into()
}

/// A diary entry longer than the judge keeps.
pub fn diary_too_long(bytes: usize, max: usize) -> String {
    format!("the diary entry is {bytes} bytes; the limit is {max}: nothing was kept")
}

/// A diary that holds all it may.
pub fn diary_full(entries: usize, bytes: usize) -> String {
    format!("your diary holds all it may ({entries} entries, {bytes} bytes): DIARY DELETE an entry first; nothing was kept")
}

/// DIARY READ or DELETE of an entry there is not.
pub fn no_diary_entry(number: i64) -> String {
    format!("your diary has no entry {number} (DIARY LIST lists them)")
}

/// DIARY RECORD done.
pub fn diary_recorded(number: i64, lines: usize) -> String {
    format!("Diary entry {number} kept ({lines} line(s)). Nobody else reads it; it comes back to you with the end of the game.")
}

/// DIARY DELETE done.
pub fn diary_deleted(number: i64) -> String {
    format!("Diary entry {number} deleted.")
}

/// DIARY LIST: the head line, and one line an entry.
pub fn diary_list(entries: &[(i64, String, usize)]) -> String {
    if entries.is_empty() {
        return "Your diary is empty.".into();
    }
    let lines: Vec<String> = entries.iter().map(|(n, when, lines)| format!("  {n:>3}  {when}  ({lines} line(s))")).collect();
    format!("Your diary:\n{}", lines.join("\n"))
}

/// DIARY READ: the entry.
pub fn diary_entry(number: i64, when: &str, body: &str) -> String {
    format!("Diary entry {number} ({when}):\n{body}")
}

/// The subject of a power's diary mailed when the game is over.
pub fn diary_subject(g: &Game) -> String {
    format!("Your diary of game {}", g.name)
}

/// The title of a power's diary mailed when the game is over.
pub fn diary_title(g: &Game, power: &str) -> String {
    format!("The diary of {power} in game {}, as it was kept:", g.name)
}

/// Observing confirmed: the code signs the observer on to send press.
pub fn observer_signon(g: &Game) -> String {
    format!("Keep the confirmation code: SIGNON O{} code signs you on as an observer, to send press as the game allows.", g.name)
}

/// `SIGNON O<game>` done.
pub fn signed_on_as_observer(g: &crate::game::Game) -> String {
    format!("Signed on to game {} as an observer.", g.name)
}

/// An observer's command for a power.
pub fn observer_is_no_power() -> String {
    "an observer plays no power".into()
}

/// `SIGNON O<game>` with a wrong code.
pub fn wrong_observer_code(game: &str) -> String {
    format!("that is not the code of an observer of game {game} (the one that confirmed OBSERVE {game})")
}

/// Press not sent: its sender's hourly budget for press is spent.
pub fn held_back_sender(limit: u64) -> String {
    format!(
        "Held back: your press made this judge send others {} KB within the last hour, the most one sender's press may; it was not sent. Send it again later.",
        limit / 1000
    )
}

/// Press not sent to a recipient: its share of press is spent this hour
/// (never named by its address).
pub fn held_back_recipient(limit: u64) -> String {
    format!("Held back from a recipient who had {} KB of press within the last hour, the most one address gets in an hour.", limit / 1000)
}

/// Press not sent to anyone: the reasons.
pub fn held_back(why: &[String]) -> String {
    format!("not sent: {}", why.join(" "))
}

/// The master's SET [NO] WATCH ALL PRESS.
pub fn watch_all_press(w: crate::store::games::Watching) -> String {
    match w {
        crate::store::games::Watching::Allowed => {
            "Observers may ask for a copy of all partial press (an observer's SET ALL PRESS; SET NORMAL PRESS stops it).".into()
        }
        crate::store::games::Watching::Refused => "Observers get no partial press but what is sent to them.".into(),
    }
}

/// The master's SET [NO] MINOR PRESS.
pub fn minor_press(m: crate::store::games::MinorPress) -> String {
    match m {
        crate::store::games::MinorPress::Allowed => "Press goes in every phase.".into(),
        crate::store::games::MinorPress::Refused => "No press in retreat and adjustment phases but to and from the master.".into(),
    }
}

/// The master's SET [NO] GRACE PRESS.
pub fn grace_press(g: crate::store::games::GracePress) -> String {
    match g {
        crate::store::games::GracePress::Allowed => "Press goes after a deadline too.".into(),
        crate::store::games::GracePress::Refused => {
            "No grace press: once the deadline has passed with a power late, players send press to the master only until no power is late.".into()
        }
    }
}

/// The master's SET [NO] TOUCH PRESS.
pub fn touch_press(t: crate::store::games::TouchPress) -> String {
    match t {
        crate::store::games::TouchPress::Off => "Press goes as the game's press rules allow, to any power.".into(),
        crate::store::games::TouchPress::On => {
            "Touch press: a player's partial press goes only to powers whose units touch its own, never to the observers, and it broadcasts once a phase; press to the master always goes.".into()
        }
    }
}

/// The master's SET [NO] BLANK PRESS.
pub fn blank_press(b: crate::store::games::BlankPress) -> String {
    match b {
        crate::store::games::BlankPress::Allowed => "Press with no text goes.".into(),
        crate::store::games::BlankPress::Refused => "Press with no text is refused.".into(),
    }
}

/// Press refused by SET NO MINOR PRESS.
pub fn no_minor_press() -> String {
    "this game has no press in retreat and adjustment phases (SET NO MINOR PRESS); press to the master alone goes".into()
}

/// Press refused by SET NO GRACE PRESS.
pub fn no_grace_press(game: &str) -> String {
    format!("game {game}'s deadline has passed and a power is late: no press but to the master until its orders are in (SET NO GRACE PRESS)")
}

/// Partial press refused by SET TOUCH PRESS.
pub fn not_touching(power: &str) -> String {
    format!("no unit of yours touches one of {power}'s: in this game press goes only to powers whose units touch yours (SET TOUCH PRESS)")
}

/// A second broadcast refused by SET TOUCH PRESS.
pub fn one_broadcast_a_phase() -> String {
    "you have sent this phase's broadcast already: in this game a power broadcasts once a phase (SET TOUCH PRESS)".into()
}

/// Press to the observers refused by SET TOUCH PRESS.
pub fn touch_no_observers() -> String {
    "in this game players send no press to the observers (SET TOUCH PRESS)".into()
}

/// Press with no text, refused.
pub fn blank_refused() -> String {
    "the press has no text: this game sends no blank press (the master's SET BLANK PRESS allows it)".into()
}

/// SET [NO] BROADCAST from a power's player.
pub fn broadcasts_for_players() -> String {
    "only observers and masters may stop the broadcasts they get; a power's player gets every broadcast".into()
}

/// An observer's SET ALL PRESS where the master did not allow it.
pub fn no_watching(game: &str) -> String {
    format!("game {game} gives its observers no partial press (the master's SET WATCH ALL PRESS allows it)")
}

/// SET NO BROADCAST / SET BROADCAST done.
pub fn broadcasts(game: &str, on: bool) -> String {
    if on { format!("You get game {game}'s broadcasts.") } else { format!("You get no more of game {game}'s broadcasts (SET BROADCAST to get them again).") }
}

/// An observer's SET ALL PRESS / SET NORMAL PRESS done.
pub fn watching(game: &str, on: bool) -> String {
    if on {
        format!("You get a copy of game {game}'s partial press, as its recipients read it (SET NORMAL PRESS stops it).")
    } else {
        format!("You get only game {game}'s press to everyone or to the observers.")
    }
}
