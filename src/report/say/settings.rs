//! SET: a player's own settings and votes, and the master's deadlines.

use crate::game::Game;

/// SET WAIT done.
pub fn wait_set() -> String {
    "WAIT set: this phase will not be processed before its deadline.".into()
}

/// SET NOWAIT done.
pub fn wait_cleared() -> String {
    "WAIT cleared.".into()
}

/// A vote in a game without a position.
pub fn not_started() -> String {
    "not started".into()
}

/// SET DRAW naming other powers than the survivors.
pub fn draw_includes_survivors(survivors: &[String]) -> String {
    format!("draws on this judge include every surviving power: {}", survivors.join(", "))
}

/// A vote naming a power that is out of the game (or neutral).
pub fn not_a_survivor(power: &str, survivors: &[String]) -> String {
    format!("{power} is not in the game: a vote names surviving powers ({})", survivors.join(", "))
}

/// SET DRAW for some of the survivors done (NODIAS).
pub fn partial_draw_vote_recorded(powers: &[String]) -> String {
    format!(
        "Your vote for a draw between {} is recorded: you accept it or any draw within it (one that includes you, if you named yourself). It stays secret and holds for this phase; the widest draw every survivor accepts passes (a survivor who has not voted accepts only a concession to itself).",
        powers.join(", ")
    )
}

/// SET DRAW done.
pub fn draw_vote_recorded() -> String {
    "Your vote for a draw including all survivors is recorded (it stays secret and holds for this phase; the draw happens when every survivor not in civil disorder has voted).".into()
}

/// SET NODRAW done.
pub fn draw_withdrawn() -> String {
    "Draw vote withdrawn.".into()
}

/// SET CONCEDE to oneself.
pub fn concede_to_self() -> String {
    "you cannot concede to yourself".into()
}

/// SET CONCEDE without a power.
pub fn concede_usage() -> String {
    "write SET CONCEDE and the largest power on the board, to whom you concede: SET CONCEDE FRANCE".into()
}

/// SET CONCEDE done (`to`: the power, or the coalition's powers).
pub fn conceded(to: &[String]) -> String {
    format!("You concede to {} (the game ends when every other survivor concedes to it; votes hold for this phase only).", to.join(", "))
}

/// SET ALLY on a map without alliance victories (`map`: its title).
pub fn no_alliances(map: &str) -> String {
    format!("the map {map} has no alliance victories: only a solo, a draw or a concession end the game")
}

/// SET DRAW on a map whose games end in a solo victory only.
pub fn no_draws(map: &str) -> String {
    format!("games of the map {map} end in a solo victory only: no draw may be voted (a concession to the largest power still may be)")
}

/// SET ALLY naming a number of allies the map has no alliance victory for.
pub fn alliance_size(n: usize, sizes: &[u32]) -> String {
    let sizes: Vec<String> = sizes.iter().map(u32::to_string).collect();
    format!("an alliance of {n} powers (yours included) cannot win on this map: its alliances are of {} powers", sizes.join(" or "))
}

/// SET ALLY naming a power that nobody plays (a game for fewer players).
pub fn neutral_ally(power: &str) -> String {
    format!("{power} is left out of this game and cannot be an ally")
}

/// SET ALLY done.
pub fn ally_recorded(allies: &[String]) -> String {
    format!(
        "Your vote for an alliance of {} is recorded: they win together after a phase in which every one of them has voted for this alliance and it meets the map's alliance victory.",
        allies.join(", ")
    )
}

/// SET NOALLY done.
pub fn ally_withdrawn() -> String {
    "Alliance vote withdrawn.".into()
}

/// SET NOCONCEDE done.
pub fn concession_withdrawn() -> String {
    "Concession withdrawn.".into()
}

/// A vote that ended the game.
pub fn game_over(result: &str) -> String {
    format!("The game is over: {result}")
}

/// SET ABSENCE without its dates.
pub fn absence_usage() -> String {
    "write SET ABSENCE 2026-12-24 TO 2026-12-27".into()
}

/// An absence that ends before it starts, or is over.
pub fn absence_order() -> String {
    "the absence must end after it starts, and in the future".into()
}

/// The master's SET MAX ABSENCE.
pub fn max_absence(days: u32) -> String {
    if days == 0 {
        "Players may not set absences themselves: each request goes to the master to grant.".into()
    } else {
        format!("Players may set absences of up to {days} days; a longer one goes to the master to grant.")
    }
}

/// SET MAX ABSENCE with a value it does not take.
pub fn max_absence_values(value: &str, most: u32) -> String {
    format!("SET MAX ABSENCE {value}: write a number of days from 0 (every absence to the master) to {most}, or NONE")
}

/// The master's SET [NO] STRICT WAIT.
pub fn waiters(w: crate::store::games::Waiters) -> String {
    match w {
        crate::store::games::Waiters::Anyone => "Any player may SET WAIT.".into(),
        crate::store::games::Waiters::Owing => "Strict wait: only a player whose powers owe orders in the phase may SET WAIT.".into(),
    }
}

/// SET WAIT refused by STRICT WAIT.
pub fn strict_wait(game: &str) -> String {
    format!("game {game} is STRICT WAIT: only a player whose powers owe orders in this phase may SET WAIT")
}

/// More absences than a player may have at once.
pub fn too_many_absences(n: usize) -> String {
    format!("you have {n} absences recorded already (the most at once): ask the master to PAUSE the game or SET DEADLINE")
}

/// SET ABSENCE done.
pub fn absence_recorded(from: &str, to: &str) -> String {
    format!("Absence recorded: {from} to {to}. Deadlines falling in it move to its end.")
}

/// The current deadline moved by an absence.
pub fn deadline_moves(time: &str) -> String {
    format!("The current deadline moves to {time}.")
}

/// The notice of a deadline moved by an absence: subject.
pub fn deadline_moved_subject(g: &Game) -> String {
    format!("Game {}: deadline moved", g.name)
}

/// The notice of a deadline moved by an absence: text.
pub fn deadline_moved_notice(game: &str, time: &str) -> String {
    format!("A player's absence moves the deadline of game {game} to {time}.\n")
}

/// A new password that is none.
pub fn password_rules() -> String {
    "a password has at least 4 characters and no spaces".into()
}

/// A new address the judge cannot write to.
pub fn unusable_address(address: &str) -> String {
    format!("`{address}` is not a mail address the judge can write to")
}

/// The master, as the owner of a seat whose password or address changed.
pub fn the_master() -> String {
    "the master".into()
}

/// A password or address change by someone who has no seat of their own.
pub fn seat_holders_only() -> String {
    "sign on as the player to change their password or address".into()
}

/// What a SET PASSWORD or SET ADDRESS changed (`address`: the new one, if that).
pub fn what_changed(address: Option<&str>) -> String {
    match address {
        None => "password".to_string(),
        Some(a) => format!("address (now {a})"),
    }
}

/// The word for what changed, in subjects.
fn changed_word(password: bool) -> &'static str {
    if password { "password" } else { "address" }
}

/// The notice to a seat's address of record: subject.
pub fn changed_subject(g: &Game, password: bool) -> String {
    format!("Game {}: your {} was changed", g.name, changed_word(password))
}

/// The notice to a seat's address of record: text (`what`: [`what_changed`],
/// `who`: the seat, `sender`: who changed it).
pub fn changed_notice(g: &Game, what: &str, who: &str, sender: &str) -> String {
    format!("The {what} of {who} in game {} was changed by a mail from {}.\nIf this was not you, tell the game's master at once.\n", g.name, sender)
}

/// The master's notice of a change: subject.
pub fn changed_master_subject(g: &Game, who: &str, password: bool) -> String {
    format!("Game {}: {who} changed their {}", g.name, changed_word(password))
}

/// The master's notice of a change: text.
pub fn changed_master_notice(g: &Game, what: &str, who: &str, sender: &str) -> String {
    format!("The {what} of {who} in game {} was changed by a mail from {}.\n", g.name, sender)
}

/// SET PASSWORD done.
pub fn password_changed() -> String {
    "Password changed.".into()
}

/// SET ADDRESS: the request is on its way.
pub fn address_pending(g: &Game, address: &str) -> String {
    format!("Your mail in game {} will go to {address} once someone there confirms with the code the judge mails there; until then it comes here.", g.name)
}

/// The request mailed to a seat's new address: subject.
pub fn address_request_subject(g: &Game) -> String {
    format!("Game {}: may this address get a player's mail?", g.name)
}

/// The request mailed to a seat's new address, with its code.
pub fn address_request(g: &Game, asker: &str, judge: &str, code: &str) -> String {
    let asked = format!("A mail from {asker} asked that a seat's mail in the Diplomacy game {} go to this address from now on.", g.name);
    super::master::consent_request(g, &asked, judge, code, false)
}

pub fn address_changed(g: &Game, address: &str) -> String {
    format!("Mail for you in game {} now goes to {address}.", g.name)
}

/// SET PREFERENCE after the start.
pub fn preference_before_start() -> String {
    "preferences are given before the game starts".into()
}

/// SET PREFERENCE without powers.
pub fn preference_usage() -> String {
    "give powers in the order you want them, like SET PREFERENCE FEG".into()
}

/// SET PREFERENCE done.
/// A preference list as the replies show it: each power by name, best
/// first, powers liked equally together in brackets (`England, [France,
/// Germany]`), or a random power.
pub fn preference_tiers(pref: &crate::game::preference::Preference, v: &crate::map::Variant) -> Vec<String> {
    use crate::game::preference::Preference;
    match pref {
        Preference::Random => vec!["any power, at random".to_string()],
        Preference::Ranked(tiers) => tiers
            .iter()
            .map(|t| {
                let names: Vec<String> = t.iter().map(|&p| crate::game::pname(v, p)).collect();
                if names.len() == 1 { names.join("") } else { format!("[{}]", names.join(", ")) }
            })
            .collect(),
    }
}

pub fn preference_recorded(powers: &[String]) -> String {
    format!("Preference recorded: {}.", powers.join(", "))
}

/// SET PREFERENCE done, with the powers nobody plays in this game (a game
/// for fewer players) dropped from the list.
pub fn preference_recorded_left_out(powers: &[String], left_out: &[String]) -> String {
    format!("Preference recorded: {}. Not played in this game, so dropped from the list: {}.", powers.join(", "), left_out.join(", "))
}

/// SET PREFERENCE naming only powers nobody plays in this game.
pub fn preference_only_left_out(left_out: &[String]) -> String {
    format!("no one plays {} in this game: name powers that are played", left_out.join(" or "))
}

/// SET DEADLINE to a time passed, unconfirmed (`arg`: as given).
pub fn deadline_passed_confirm(time: &str, arg: &str) -> String {
    format!(
        "{time} has already passed: the phase would be processed at once. To do that, send SET DEADLINE {arg} ! (or PROCESS); otherwise give a time in the future"
    )
}

/// The notice of a new deadline: subject.
pub fn new_deadline_subject(g: &Game) -> String {
    format!("Game {}: new deadline", g.name)
}

/// The notice of a new deadline: text.
pub fn new_deadline_notice(game: &str, who: &str, time: &str) -> String {
    format!("{who} set the deadline of game {game} to {time}.\n")
}

/// SET DEADLINE done.
pub fn deadline_set(time: &str) -> String {
    format!("Deadline set to {time}.")
}

/// SET GRACE done.
pub fn grace_until(time: &str) -> String {
    format!("Grace period until {time}.")
}

pub fn map(pref: crate::store::games::MapPref) -> String {
    use crate::store::games::MapPref;
    match pref {
        MapPref::Png => "MAP set: your results mails carry a picture of the board (PNG). SET MAP SVG adds the SVG, which scales without blurring.".into(),
        MapPref::Svg => "MAP SVG set: your results mails carry the board as PNG and as SVG.".into(),
        MapPref::None => "NO MAP set: your results mails come without the map. MAP game [phase] sends one when you want it.".into(),
    }
}

/// SET MAP with a word that is not SVG.
pub fn map_usage(got: &str) -> String {
    format!("`{got}`: SET MAP takes nothing (the PNG picture) or SVG (the PNG and the SVG); SET NO MAP turns the map off.")
}

/// SET SHORT REPLY or SET FULL REPLY: what replies now show.
pub fn reply_form(form: crate::store::games::ReplyForm) -> String {
    use crate::store::games::ReplyForm;
    match form {
        ReplyForm::Short => {
            "SHORT REPLY set: replies to your mail leave the board out (your lines and what they did, your orders, what is still to order and the deadline stay). SET FULL REPLY brings it back.".into()
        }
        ReplyForm::Full => "FULL REPLY set: replies to your mail show the board again.".into(),
    }
}

/// SET SHORT REPLY or SET FULL REPLY with a word after it.
pub fn reply_form_usage(got: &str) -> String {
    format!("`{got}`: SET SHORT REPLY and SET FULL REPLY take nothing after them.")
}

/// SET NAME: what the published game now shows the player by.
pub fn name(name: Option<&str>, power: &str) -> String {
    match name {
        Some(n) => format!("NAME set: the game's published pages and records show you as \"{n}\" (never your address)."),
        None => format!("NAME cleared: the game's published pages and records show you as {power} (never your address)."),
    }
}

/// SET NAME with a name too long or with control characters.
pub fn name_too_long(max: usize) -> String {
    format!("SET NAME takes a name of at most {max} characters on one line.")
}

/// SET ADDRESS of the seat's own address.
pub fn address_unchanged(g: &Game, address: &str) -> String {
    format!("Your mail for game {} already goes to {address}: nothing to change.", g.name)
}
