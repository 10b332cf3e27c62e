//! The game's lifecycle (start, results, the end, votes, a game set aside)
//! and powers by name.

use crate::game::Game;
use crate::store::games::Identity;

/// A command for a game that is over.
pub fn is_over(game: &str) -> String {
    format!("game {} is over", game)
}

/// A word that names no power.
pub fn not_a_power(word: &str) -> String {
    format!("`{word}` is not a power of this game")
}

/// A letter in a list of power letters that is none.
pub fn not_a_power_letter(letter: char) -> String {
    format!("`{letter}` is not a power letter here")
}

/// The title of the notices of a start (and the master's subject).
pub fn started(g: &Game) -> String {
    format!("Game {} has started", g.name)
}

/// A player's notice of the start: subject.
pub fn started_subject(g: &Game, power: &str) -> String {
    format!("Game {} has started: you are {}", g.name, power)
}

/// A player's notice of the start: the power and how to sign on.
pub fn you_are(g: &Game, power: &str, letter: char) -> String {
    format!("You are {}. Sign on with: SIGNON {}{} <your password>", power, letter, g.name)
}

/// A player's notice of the start: the units.
pub fn your_units(units: &[String]) -> String {
    // a blank board (SET BLANK BOARD): the first phase builds them
    if units.is_empty() {
        return "Your units: none yet; you build them in the first phase.".into();
    }
    format!("Your units: {}", units.join(", "))
}

/// The notices of the start: the first phase and its deadline.
pub fn first_phase(phase: &str, deadline: &str) -> String {
    format!("First phase: {phase}. Deadline: {deadline}.")
}

/// The master's notice of the start: the head of the list of players.
pub fn who_plays_what(variant: &str, powers: usize) -> String {
    format!("Variant {variant}, {powers} powers. Who plays what:")
}

/// The master's notice of the start: the neutral powers of a game for fewer players.
pub fn neutral_seats(powers: &[String]) -> String {
    format!("Neutral, played by no one: {}.", crate::report::say::seats::powers(powers))
}

/// The master's notice of the start: one power's player.
pub fn seat(power: &str, email: &str) -> String {
    format!("  {:<10} {email}", power)
}

/// The master's notice of a game set aside: title.
pub fn set_aside_title(g: &Identity) -> String {
    format!("Game {} is paused: it could not be processed", g.name)
}

/// The master's notice of a game set aside: what happened, and what now.
pub fn set_aside_lines(g: &Identity) -> Vec<String> {
    vec![
        format!("The judge could not process game {} because of an internal error. Nothing of the failed step took effect.", g.name),
        "The game is paused and the judge's keeper has been told. Orders already in are kept; when the keeper has fixed the cause, RESUME continues the game."
            .to_string(),
    ]
}

/// The master's notice of a game set aside: subject.
pub fn set_aside_subject(g: &Identity) -> String {
    format!("Game {} is paused", g.name)
}

/// The keeper's notice of a game set aside: subject.
pub fn set_aside_keeper_subject(g: &Identity) -> String {
    format!("mailjudge: game {} set aside", g.name)
}

/// The keeper's notice of a game set aside: text, with the error.
pub fn set_aside_keeper_notice(g: &Identity, error: &str) -> String {
    format!("Processing game {} (id {}) failed and the game was paused:\n{error}\n", g.name, g.id)
}

/// How a game ended with a winner.
pub fn won(power: &str, phase: &str) -> String {
    format!("{power} won in {phase}")
}

/// Powers won together (an alliance victory).
pub fn won_together(powers: &[String], phase: &str) -> String {
    format!("{} won together in {phase}", powers.join(", "))
}

/// The sentence for how a game ended (`powers`: the names the end names,
/// `phase`: the long name of the phase it ended in, if any).
pub fn ending(end: crate::end::EndKind, powers: &[String], phase: &str) -> String {
    use crate::end::EndKind;
    match end {
        EndKind::Solo => won(powers.first().map_or("", String::as_str), phase),
        EndKind::Alliance => won_together(powers, phase),
        EndKind::Draw => draw_declared(phase, powers),
        EndKind::Concession => conceded_to(powers, phase),
        EndKind::Terminated => super::master::terminated_result(),
        EndKind::NoMorePhases => ended(),
    }
}

/// The sentence for how `g` ended, from its ending (a game that ended
/// before endings were kept: the sentence it was told); `None` while it runs.
pub fn result(g: &Game) -> Option<String> {
    let Some(e) = &g.ending else { return g.old_result.clone() };
    let v = g.v();
    let names: Vec<String> = e.end.powers().iter().map(|&p| crate::game::pname(v, p)).collect();
    Some(ending(e.end.kind(), &names, &e.phase.map(|p| v.calendar.long_name(p)).unwrap_or_default()))
}

/// The List-Id of `g`'s reports (on `domain`).
pub fn list_id(g: &Game, domain: &str) -> String {
    let clean: String = g.name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
    format!("Diplomacy game {} <{}.{}>", g.name, clean.to_ascii_lowercase(), domain)
}

/// How a game ended without one (no phase after the last).
pub fn ended() -> String {
    "ended".into()
}

/// The subject of a phase's results.
pub fn results_subject(g: &Game, phase: &str) -> String {
    format!("Game {}: {} results", g.name, phase)
}

/// The notice of the end of a game: title and subject.
pub fn over(g: &Game) -> String {
    format!("Game {} is over", g.name)
}

/// How a game ended in a draw.
pub fn draw_declared(phase: &str, powers: &[String]) -> String {
    format!("Draw declared in {} between {}.", phase, powers.join(", "))
}

/// How a game ended by concession (to one power or a coalition).
pub fn conceded_to(powers: &[String], phase: &str) -> String {
    match powers {
        [one] => format!("The other powers conceded: {one} wins ({phase})."),
        _ => format!("The other powers conceded: {} win together ({phase}).", powers.join(", ")),
    }
}

/// Several identical units of a power in one space, on the board: `2 armies in Paris`.
pub fn stack(n: usize, fleet: bool, space: &str) -> String {
    format!("{n} {} in {space}", if fleet { "fleets" } else { "armies" })
}

/// An army on board a fleet, on the board: `A on board F ENG`, or with the
/// fleet's power when it is another's: `A on board English F ENG`.
pub fn aboard(fleet: &str, fleet_adjective: Option<&str>) -> String {
    match fleet_adjective {
        Some(a) => format!("A on board {a} {fleet}"),
        None => format!("A on board {fleet}"),
    }
}

/// The end-of-game package's subject and title.
pub fn package_subject(g: &Game) -> String {
    format!("Game {}: the final summary and the game's record", g.name)
}

/// The end-of-game package without the game's record (it could not be made).
pub fn record_not_attached(g: &Game) -> String {
    format!("The game's record could not be attached; the keeper can make it with `mailjudge export {}`.", g.name)
}

/// The end-of-game package without the summary (it could not be made).
pub fn summary_unavailable(g: &Game) -> String {
    format!("The summary of game {} could not be made (the judge's log says why); the record can be made with `mailjudge export {}`.", g.name, g.name)
}

/// A file of the game's record too large to mail.
pub fn record_file_too_large(g: &Game, file: &str, bytes: usize, max: usize) -> String {
    format!(
        "{file} is not attached: it is {:.1} MB, too large even gzipped for the {:.1} MB of files a mail carries; the keeper can make it with `mailjudge export {}`.",
        bytes as f64 / 1e6,
        max as f64 / 1e6,
        g.name
    )
}

pub fn package_title(g: &Game) -> String {
    format!("Game {} is over: who played what, the supply centres year by year, and the whole game attached", g.name)
}

/// The end of a game, posted to its forums (Markdown).
pub fn over_markdown(g: &Game, result: &str) -> String {
    format!("## Game {} is over\n\n{result}", g.name)
}

pub fn webhook_gave_up_subject(g: &Identity) -> String {
    format!("Game {}: posting to a webhook failed", g.name)
}

/// The master's notice when a webhook's posts are given up (`url` without
/// its path: a Discord webhook's path is its secret).
pub fn webhook_gave_up_notice(g: &Identity, url: &str, error: &str) -> String {
    format!(
        "The judge could not post game {}'s news to the webhook at {}, and has given up on the posts waiting for it.\nThe error: {error}\n\nCheck the webhook (SET WEBHOOK ... again), or remove it with SET NO WEBHOOK.\n",
        g.name,
        url_host(url)
    )
}

/// The master's notice when the webhook refused one post (the later ones still go).
pub fn webhook_post_refused_notice(g: &Identity, url: &str, error: &str) -> String {
    format!(
        "The webhook at {} refused one post of game {}'s news; it was dropped, and the posts after it still go.\nThe error: {error}\n",
        url_host(url),
        g.name
    )
}

/// A URL's host (and port) alone: a Discord webhook's path is its secret.
fn url_host(url: &str) -> &str {
    url.split("://").nth(1).and_then(|r| r.split('/').next()).unwrap_or("")
}

/// The line at the end of a game's mail to an observer or its list: how to stop it.
pub fn how_to_stop(command: &str, judge: &str) -> String {
    format!("\n--\nTo get no more of this game's mail at this address, send a mail to {judge} saying:\n  {command}\n")
}
