//! Games and seats: CREATE, joining, SIGNON, OBSERVE, RESIGN.

use crate::game::Game;

/// A game name that cannot be one.
pub fn bad_game_name(name: &str) -> String {
    format!("`{name}` cannot be a game name: use up to 16 letters, digits, - or _")
}

/// A master's password too short on CREATE.
pub fn master_password_too_short() -> String {
    "the password must have at least 4 characters".into()
}

/// A CREATE option that is not `key=value`.
pub fn option_not_key_value(option: &str) -> String {
    format!("option `{option}` is not KEY=VALUE (like press=grey or nmr=no)")
}

/// CREATE without the judge's creation password.
pub fn creation_password_needed() -> String {
    "creating games on this judge needs the judge's creation password: add judge=<password> to the CREATE line".into()
}

/// CREATE or SET VARIANT of a variant whose file the engine cannot play.
pub fn variant_unplayable(name: &str, why: &str) -> String {
    format!("variant `{name}` cannot be played: its file says {why}. The judge's keeper has the file; the other variants work")
}

/// A variant nobody has (CREATE, or a variant looked up by name), with the
/// variants there are.
pub fn unknown_variant(name: &str, known: &[String]) -> String {
    format!("unknown variant `{name}` (known: {})", known.join(", "))
}

/// CREATE with the name of a game that exists.
pub fn game_exists(name: &str) -> String {
    format!("a game called {name} exists already")
}

/// A game created: the master's and the players' sign-ons. `title`: the
/// variant's, `powers`: how many.
pub fn created(g: &Game, title: &str, powers: usize, seats: usize) -> String {
    format!(
        "Game {} created ({}, {} powers). You are its master: sign on later with SIGNON M{} <password> (or SIGNON *{}, which works in every variant). Players join with SIGNON ?{} <a password of their own>; the game starts when all {} seats are taken.",
        g.name, title, powers, g.name, g.name, g.name, seats
    )
}

/// Joining a game one was ejected from.
pub fn removed_cannot_rejoin(game: &str) -> String {
    format!("the master removed you from game {}: you cannot take a seat in it again", game)
}

/// A wrong password for one's seat (SIGNON ?game).
pub fn wrong_seat_password(game: &str) -> String {
    format!("wrong password for your seat in game {}", game)
}

/// Signed on as a power.
pub fn signed_on_as(power: &str, g: &Game) -> String {
    format!("Signed on as {} in game {}.", power, g.name)
}

/// Signed on to one's seat in a forming game.
pub fn signed_on_forming(g: &Game, taken: usize, seats: usize) -> String {
    format!("Signed on to game {} (forming: {} of {} seats taken).", g.name, taken, seats)
}

/// A sign-on to a forming game that keeps its number of players (SET SECRET).
pub fn signed_on_forming_secret(g: &Game) -> String {
    format!("Signed on to game {} (forming).", g.name)
}

/// A join of a forming game that keeps its number of players (SET SECRET).
pub fn joined_secret(g: &Game) -> String {
    format!("You joined game {}. SET PREFERENCE (like SET PREFERENCE FEG) says which powers you would like.", g.name)
}

/// A new player's password too short.
pub fn choose_longer_password() -> String {
    "choose a password of at least 4 characters".into()
}

/// Joined a forming game.
pub fn joined(g: &Game, taken: usize, seats: usize) -> String {
    format!("You joined game {} ({} of {} seats taken). SET PREFERENCE (like SET PREFERENCE FEG) says which powers you would like.", g.name, taken, seats)
}

/// The last seat taken: the game starts after the mail.
pub fn last_seat_taken() -> String {
    "All seats are taken: the game starts when the rest of this mail has been read.".into()
}

/// Taking over a power where none is vacant.
pub fn no_vacant_power(game: &str) -> String {
    format!("game {} has no vacant power", game)
}

/// A second request to take over a power.
pub fn takeover_asked_already(game: &str) -> String {
    format!("you have asked to take over a power in game {} already: the master decides", game)
}

/// The master's notice of a request to take over `power`: subject.
pub fn takeover_request_subject(g: &Game, sender: &str, power: &str) -> String {
    format!("Game {}: {} asks to take over {power}", g.name, sender)
}

/// The master's notice of a request to take over `power`: text.
pub fn takeover_request_notice(g: &Game, sender: &str, power: &str) -> String {
    format!("{} asks to take over {power} in game {}.\nSign on as the master and send APPROVE {power} (or REJECT {power}).\n", sender, g.name)
}

/// A request to take over `power` sent to the master.
pub fn takeover_asked(g: &Game, power: &str) -> String {
    format!("You asked to take over {power} in game {}: the master decides, and you will hear from the judge.", g.name)
}

/// The master's notice of a power taken over: subject.
pub fn taken_over_subject(g: &Game, power: &str) -> String {
    format!("Game {}: {} taken over", g.name, power)
}

/// The master's notice of a power taken over: text.
pub fn taken_over_notice(g: &Game, power: &str) -> String {
    format!("A new player took over {} in game {}.\n", power, g.name)
}

/// A vacant power taken over (`letter`: the power's).
pub fn take_over(g: &Game, power: &str, letter: char) -> String {
    format!("You take over {} in game {} (SIGNON {}{} password).", power, g.name, letter, g.name)
}

/// A wrong master's password.
pub fn wrong_master_password(game: &str) -> String {
    format!("wrong master password for game {}", game)
}

/// Signed on as the master.
pub fn signed_on_as_master(g: &Game) -> String {
    format!("Signed on as the master of game {} ({}).", g.name, g.status)
}

/// A letter that is no power's, with the letters there are.
pub fn not_a_power_letter(letter: char, game: &str, powers: &[(char, String)]) -> String {
    let letters: Vec<String> = powers.iter().map(|(l, name)| format!("{l} {name}")).collect();
    format!("`{letter}` is not a power letter in game {} (letters: {}; * for the master)", game, letters.join(", "))
}

/// SIGNON with a power's letter in a forming game.
pub fn powers_not_assigned_yet(game: &str) -> String {
    format!("game {} has not started: powers are not assigned yet (SIGNON ?{} password signs on to your seat)", game, game)
}

/// SIGNON as a power nobody plays.
pub fn nobody_plays_in(power: &str, game: &str) -> String {
    format!("nobody plays {} in game {} now", power, game)
}

/// A wrong password for a power.
pub fn wrong_power_password(power: &str, game: &str) -> String {
    format!("wrong password for {} in game {}", power, game)
}

/// OBSERVE by someone who gets the reports already.
pub fn already_observing(g: &Game) -> String {
    format!("You already get the reports of game {}.", g.name)
}

/// OBSERVE by an observer the master removed.
pub fn observer_removed(game: &str) -> String {
    format!("the master of game {} removed you from its observers", game)
}

/// OBSERVE confirmed.
pub fn observing(g: &Game) -> String {
    format!("You now observe game {}: you will get its reports and broadcasts (UNOBSERVE {} stops them).", g.name, g.name)
}

/// OBSERVE with a wrong confirmation code.
pub fn wrong_confirmation(game: &str) -> String {
    format!("that is not the confirmation code the judge sent for game {}", game)
}

/// OBSERVE again while a confirmation is on its way.
pub fn confirmation_sent_already(g: &Game) -> String {
    format!("A confirmation for game {} was mailed to you already: reply with the line it gives.", g.name)
}

/// The confirmation of OBSERVE: subject.
pub fn confirm_observe_subject(g: &Game) -> String {
    format!("Confirm: observe game {}", g.name)
}

/// The confirmation of OBSERVE: text, with the line that confirms.
pub fn confirm_observe_notice(g: &Game, token: &str) -> String {
    format!(
        "Someone asked the judge to send the reports of game {} to this address.\nTo receive them, send the judge a mail with this line:\n\n  OBSERVE {} {token}\n\nIf it was not you, do nothing: no more mail will come.\n",
        g.name, g.name
    )
}

/// OBSERVE asked: the confirmation is mailed.
pub fn confirmation_mailed(g: &Game) -> String {
    format!("To observe game {}, reply with the confirmation line the judge has mailed to you.", g.name)
}

/// UNOBSERVE by someone who does not observe.
pub fn not_observing(game: &str) -> String {
    format!("you do not observe game {}", game)
}

/// UNOBSERVE done.
pub fn unobserved(g: &Game) -> String {
    format!("You no longer get the reports of game {}.", g.name)
}

/// The line of a reply that stands for a game's start.
pub fn game_starts(g: &Game) -> String {
    format!("(game {} starts)", g.name)
}

/// The last joiner's power, once the game has started.
pub fn started_you_are(g: &Game, power: &str, letter: char) -> String {
    format!("All seats are taken: the game has started. You are {} (SIGNON {}{} password).", power, letter, g.name)
}

/// RESIGN by someone who is not a player.
pub fn only_players_resign() -> String {
    "only a player can resign".into()
}

/// A player without a power yet, in notices.
pub fn a_player() -> String {
    "a player".into()
}

/// The master's notice of a resignation (`who`: the power, or [`a_player`]): subject.
pub fn resigned_subject(g: &Game, who: &str) -> String {
    format!("Game {}: {who} resigned", g.name)
}

/// The master's notice of a resignation: text.
pub fn resigned_notice(g: &Game, who: &str) -> String {
    format!("{who} resigned from game {}. The power takes default orders until someone takes it over with SIGNON ?{} password.\n", g.name, g.name)
}

/// RESIGN done.
pub fn resigned(g: &Game) -> String {
    format!("You have resigned from game {}.", g.name)
}

/// The list stopped (UNOBSERVE from the list or with its code): the reply.
pub fn list_unsubscribed(g: &Game, address: &str) -> String {
    format!("{address} gets no more mail from game {}, and stays off its list.", g.name)
}

/// The list stopped: the master's notice, subject.
pub fn list_stopped_subject(g: &Game) -> String {
    format!("Game {}: the list asked for no more mail", g.name)
}

/// The list stopped: the master's notice.
pub fn list_stopped_notice(g: &Game, address: &str) -> String {
    format!("{address} asked to get no more of game {}'s mail: it is off the game's list and stays off.\n", g.name)
}

/// CONFIRM with a code that is not the list's (or no list waits).
pub fn wrong_list_code(game: &str) -> String {
    format!("Nothing in game {} waits for that code; nothing changed. The code is in the request the judge mailed to the address to confirm.", game)
}

/// CONFIRM accepted.
pub fn list_confirmed(g: &Game, address: &str) -> String {
    format!("Thank you: {address} now gets game {}'s results and broadcasts. Every such mail says how to stop them.", g.name)
}

/// SET [NO] APPROVAL done.
pub fn approval(on: bool) -> String {
    if on {
        "Takeovers of a vacant power need your approval (APPROVE or REJECT the power when asked).".into()
    } else {
        "A newcomer takes over a vacant power at once, without your approval.".into()
    }
}
