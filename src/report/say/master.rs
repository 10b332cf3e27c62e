//! The master's commands (PROCESS, PREDICT, PAUSE, RESUME, TERMINATE, BECOME,
//! EJECT, APPROVE, REJECT, ROLLBACK) and game options.

use crate::game::Game;
use crate::store::games::{Anonymity, Draws, GameStatus, Nmr, PartialPress, Press};
use crate::store::values::ReportFormat;

/// A command for an active game, in a game that is not.
pub fn game_is(game: &str, status: GameStatus) -> String {
    format!("game {game} is {status}")
}

/// PROCESS with orders missing (`powers`: whose).
pub fn orders_missing(powers: &[String]) -> String {
    format!("orders are missing from {}: not processed. PROCESS! processes now, with default orders for them.", powers.join(", "))
}

/// PROCESS done.
pub fn processed(phase: &str) -> String {
    format!("{phase} processed; the report is mailed to everyone.")
}

/// PREDICT in a game that is not active.
pub fn no_phase_to_predict(game: &str, status: GameStatus) -> String {
    format!("game {game} is {status}: there is no phase to predict")
}

/// The notice of a pause: subject.
pub fn paused_subject(g: &Game) -> String {
    format!("Game {} is paused", g.name)
}

/// The notice of a pause: text.
pub fn paused_notice(g: &Game) -> String {
    format!("The master has paused game {}. Deadlines are suspended until it resumes.\n", g.name)
}

/// PAUSE done.
pub fn paused(g: &Game) -> String {
    format!("Game {} paused.", g.name)
}

/// The notice of a game resumed: subject.
pub fn resumes_subject(g: &Game) -> String {
    format!("Game {} resumes", g.name)
}

/// The notice of a game resumed: text.
pub fn resumes_notice(g: &Game, deadline: &str) -> String {
    format!("Game {} resumes. Deadline: {deadline}.\n", g.name)
}

/// RESUME done.
pub fn resumed(g: &Game, deadline: &str) -> String {
    format!("Game {} resumed; deadline {deadline}.", g.name)
}

/// The table's notice of a finished game resumed.
pub fn reopened_notice(g: &Game, had: &str, phase: &str, deadline: &str) -> String {
    format!("Game {} resumes: it had ended ({}), and plays on from {phase}. Deadline: {deadline}.\n", g.name, had.trim_end_matches('.'))
}

/// RESUME of a finished game done; `again`: its end (a victory, the last
/// year) would come again at the next phase processed.
pub fn reopened(g: &Game, had: &str, phase: &str, deadline: &str, again: bool) -> String {
    let mut out = format!("Game {} resumed: it had ended ({}); it plays on from {phase}, deadline {deadline}.", g.name, had.trim_end_matches('.'));
    if again {
        out.push_str(" It would end the same way at the next phase processed: raise SET CENTERS or SET END first.");
    }
    out
}

/// How a terminated game ended.
pub fn terminated_result() -> String {
    "The master terminated the game.".into()
}

/// TERMINATE done.
pub fn terminated(g: &Game) -> String {
    format!("Game {} terminated.", g.name)
}

/// BECOME done.
pub fn acting_for(power: &str) -> String {
    format!("The lines below act for {power} (as its master).")
}

/// BECOME of a neutral power (a game for fewer players): it takes no orders.
pub fn become_neutral(power: &str) -> String {
    format!("{power} is neutral in this game: its units hold and take no orders, so no one may act for it")
}

/// EJECT of an address that does not observe.
pub fn not_an_observer(who: &str, game: &str) -> String {
    format!("{who} does not observe game {game}")
}

/// EJECT of an observer done.
pub fn observer_ejected(who: &str, g: &Game) -> String {
    format!("{who} no longer gets the reports of game {}.", g.name)
}

/// EJECT of something that is neither a power nor an address.
pub fn not_a_power_or_address(who: &str) -> String {
    format!("`{who}` is not a power of this game (or give an observer's address)")
}

/// EJECT of a power nobody plays.
pub fn nobody_plays(power: &str) -> String {
    format!("nobody plays {power}")
}

/// The ejected player's notice: subject.
pub fn ejected_subject(g: &Game) -> String {
    format!("Game {}: you were removed", g.name)
}

/// The ejected player's notice: text.
pub fn ejected_notice(g: &Game, power: &str) -> String {
    format!("The master of game {} removed you from {}.\n", g.name, power)
}

/// EJECT of a player done (`approval`: take-overs need the master's approval).
pub fn power_vacant(power: &str, approval: bool) -> String {
    let how = if approval { "with your approval (APPROVE power)" } else { "by SIGNON ?game password" };
    format!("{power} is now vacant; a new player can take it over {how}. The removed player cannot take a seat in this game again.")
}

/// APPROVE or REJECT for a power nobody asked for.
pub fn nobody_asked(power: &str) -> String {
    format!("nobody asked to take over {power}")
}

/// APPROVE for a power someone plays.
pub fn not_vacant(power: &str) -> String {
    format!("{power} is not vacant")
}

/// The approved player's notice: subject.
pub fn approved_subject(g: &Game, power: &str) -> String {
    format!("Game {}: you now play {power}", g.name)
}

/// The approved player's notice: text (`letter`: the power's).
pub fn approved_notice(g: &Game, power: &str, letter: char) -> String {
    format!("The master approved: you now play {power} in game {} (SIGNON {}{} password).\n", g.name, letter, g.name)
}

/// A refused player's notice: subject.
pub fn refused_subject(g: &Game, power: &str) -> String {
    format!("Game {}: your request for {power}", g.name)
}

/// A refused player's notice: text.
pub fn refused_notice(g: &Game, power: &str) -> String {
    format!("The master did not give you {power} in game {}.\n", g.name)
}

/// APPROVE done.
pub fn now_plays(email: &str, power: &str) -> String {
    format!("{email} now plays {power}.")
}

/// REJECT done.
pub fn requests_refused(power: &str) -> String {
    format!("The requests for {power} were refused.")
}

/// ROLLBACK to a phase the game has not had.
pub fn no_processed_phase(game: &str, phase: &str) -> String {
    format!("game {game} has no processed phase {phase} (HISTORY shows them)")
}

/// A bare ROLLBACK with nothing processed.
pub fn nothing_to_roll_back(game: &str) -> String {
    format!("game {game} has no phase processed yet: there is nothing to roll back")
}

/// ROLLBACK n past the phases processed.
pub fn no_such_turn(game: &str, turn: &str, turns: usize) -> String {
    format!(
        "game {game} has {turns} phase(s) processed: turn {turn} is not one of them (turn 1 is the first phase processed; ROLLBACK S1902M names a phase by its code)"
    )
}

/// The notice of a rollback: subject.
pub fn rolled_back_subject(g: &Game) -> String {
    format!("Game {} rolled back", g.name)
}

/// The notice of a rollback: text.
pub fn rolled_back_notice(g: &Game, phase: &str, deadline: &str) -> String {
    format!("The master rolled game {} back to {}. All orders must be sent again. Deadline: {}.\n", g.name, phase, deadline)
}

/// ROLLBACK done.
pub fn rolled_back(phase: &str) -> String {
    format!("Rolled back to {phase}.")
}

/// A phase kind's timing set (`key`: movement, retreat or adjustment).
pub fn timing_set(key: &str, timing: &str) -> String {
    format!("{key} deadlines: {timing} (from the next phase on; SET DEADLINE changes the current one).")
}

/// The reminder period set.
pub fn reminders(span: &str) -> String {
    format!("Reminders {span} before the deadline.")
}

/// The grace period set.
pub fn grace_period(span: &str) -> String {
    format!("Grace period {span}.")
}

/// NMR set: what happens to missing orders after the grace period.
pub fn nmr(n: Nmr) -> String {
    if n == Nmr::Defaults {
        "Missing orders take the defaults after the grace period.".into()
    } else {
        "After the grace period the game waits for the master.".into()
    }
}

/// A press setting that is none.
pub fn press_values(value: &str) -> String {
    format!("press is white, grey or none, not `{value}`")
}

/// The press setting set.
pub fn press_set(press: Press) -> String {
    format!("Press: {press}.")
}

/// Partial press set.
pub fn partial(p: PartialPress) -> String {
    format!("Partial press {}.", if p == PartialPress::Allowed { "allowed" } else { "not allowed (broadcast only)" })
}

/// The list address removed.
pub fn no_list_address() -> String {
    "No list address: reports go to the players, observers and master only.".into()
}

/// The list address set.
pub fn list_address(address: &str, format: ReportFormat, confirmed: bool) -> String {
    let how = match format {
        ReportFormat::Text => "",
        ReportFormat::Markdown => ", results in Markdown",
        ReportFormat::BBCode => ", results in BBCode",
    };
    if confirmed {
        format!("Reports also go to {address}{how}.")
    } else {
        format!("Reports will also go to {address}{how} once someone there confirms: the address gets nothing from this game before that.")
    }
}

/// A list address that asked for no more of the game's mail.
pub fn list_stopped(address: &str) -> String {
    format!("{address} asked to get no more of this game's mail: it stays off until someone there confirms a new request.")
}

/// The request mailed to a list address: subject.
pub fn list_request_subject(g: &Game) -> String {
    format!("Game {}: may this address get the game's mail?", g.name)
}

/// The request mailed to a list address, with its code.
pub fn list_request(g: &Game, master: &str, judge: &str, code: &str) -> String {
    let asked = format!("The master of the Diplomacy game {} ({master}) asked that this address get the game's results and broadcasts.", g.name);
    consent_request(g, &asked, judge, code, true)
}

/// A request for consent mailed to an address someone named: what was
/// asked, how to agree (and, for a list, how to refuse for good).
pub fn consent_request(g: &Game, asked: &str, judge: &str, code: &str, refusable: bool) -> String {
    let name = &g.name;
    let refuse = if refusable { format!(" To refuse for good, send:\n\n  UNOBSERVE {name} {code}\n") } else { "\n".to_string() };
    format!(
        "{asked}\n\nNothing more is sent here unless someone at this address agrees, by sending a mail to {judge} saying:\n\n  CONFIRM {name} {code}\n\nIf you did not expect this, do nothing: this is the only mail you get.{refuse}"
    )
}

/// The master's reply once the request went.
pub fn list_request_sent(address: &str) -> String {
    format!("A request with a code was mailed to {address}.")
}

/// The master's reply when the address had a request lately.
pub fn list_request_waiting(address: &str, after: &str) -> String {
    format!("{address} had a request from this judge less than a day ago, so none is sent now: SET LIST again after {after} to send one.")
}

/// SET LIST with no address: njudge's SET LIST is a game shown in its listing.
pub fn list_needs_address() -> String {
    "the list needs its address (list=none, SET LIST NONE: no list); SET LIST alone, njudge's, lists the game in LIST.".into()
}

pub fn list_format_values(got: &str) -> String {
    format!("`{got}`: SET LIST takes an address and, if you like, the results' format: TEXT (the default), MARKDOWN or BBCODE.")
}

/// A list address that is none.
pub fn not_an_address(address: &str) -> String {
    format!("`{address}` is not a mail address")
}

/// The assignment set after the start.
pub fn already_assigned() -> String {
    "powers are already assigned".into()
}

/// An assignment setting that is none.
pub fn assignment_values() -> String {
    "assignment is random or preference".into()
}

/// The assignment set.
pub fn assigned_by(how: &str) -> String {
    format!("Powers will be assigned by {how}.")
}

/// A rule set after the start.
pub fn rules_before_start() -> String {
    "rule options are set before the game starts".into()
}

/// SET RULE without `key=value`.
pub fn rule_usage() -> String {
    "write SET RULE key=value (like retreat_default=right_hand)".into()
}

/// A rule set.
pub fn rule_set(key: &str, value: &str) -> String {
    format!("Rule {key} = {value}.")
}

/// `players=` with a number that has no game for fewer players.
/// A power's line in the master's overview: complete (and waiting), or what it still owes.
pub fn overview_state(complete: bool, missing: &[String], waiting: bool) -> String {
    match (complete, waiting) {
        (true, true) => "complete (SET WAIT)".into(),
        (true, false) => "complete".into(),
        (false, _) if missing.is_empty() => "incomplete".into(),
        (false, _) => format!("missing {}", missing.join(", ")),
    }
}

/// SET VARIANT of the variant the game has.
pub fn variant_kept(title: &str) -> String {
    format!("The game is {title} already.")
}

/// SET VARIANT done: what went with the old map.
pub fn variant_set(g: &Game, title: &str, powers: usize, seats: usize, seating: bool, dropped: &[String], preferences: usize) -> String {
    let mut out = format!("Game {} is {title} now: {powers} powers; it starts when all {seats} seats are taken.", g.name);
    if seating {
        out.push_str(" Its seating for fewer players is gone (SET PLAYERS chooses one again, on the standard map).");
    }
    if !dropped.is_empty() {
        out.push_str(&format!(" Rules the new map cannot play are dropped: {}.", dropped.join(", ")));
    }
    if preferences > 0 {
        out.push_str(&format!(" {preferences} players' preferences named the old map's powers: they are cleared (each may SET PREFERENCE again)."));
    }
    out
}

/// SET PLAYERS n with more joined than it seats.
pub fn more_joined(joined: usize, seats: usize) -> String {
    format!("{joined} players have joined already, and that game seats {seats}: EJECT some first, or choose more players")
}

pub fn players_values(value: &str) -> String {
    format!(
        "players={value}: games for fewer players are played on the standard map: players=6 or 5 (powers left out), 4, 3a, 3b (3 is 3a) or 2 (one player plays several powers); 7 is the normal game"
    )
}

/// A game for fewer players set: how many, and the powers left out.
pub fn players_set(players: usize, neutral: &[String]) -> String {
    if neutral.is_empty() {
        format!("A game for {players} players: every power is played.")
    } else {
        format!("A game for {players} players: {} left out (neutral: their units hold and are disbanded when dislodged).", neutral.join(", "))
    }
}

/// SET END done.
pub fn end_year(year: &str) -> String {
    format!("The game ends after the last phase of {year}: unless it ends before, in a draw between the powers still in it.")
}

/// SET END NONE done.
pub fn no_end_year() -> String {
    "The game has no end year: it goes on until a victory or a vote ends it.".into()
}

/// SET END with a year that is no year, or one already over (`first`: the first year it may be).
pub fn end_values(value: &str, first: &str) -> String {
    format!("END {value}: write a year from {first} on (the game's current year or later), or NONE")
}

/// SET CENTERS done.
pub fn victory_count(n: u32) -> String {
    format!("A solo victory now needs {n} supply centres.")
}

/// SET CENTERS NONE done (`n`: the map's count).
pub fn map_victory_count(n: u32) -> String {
    format!("A solo victory needs the map's count again: {n}.")
}

/// SET CENTERS outside 1 to the map's number of centres.
pub fn centers_values(value: &str, most: usize) -> String {
    format!("CENTERS {value}: write a number of supply centres from 1 to {most} (the map has {most}), or NONE for the map's count")
}

/// SET DIAS / SET NODIAS done.
pub fn dias(d: Draws) -> String {
    if d == Draws::AllSurvivors {
        "Draws include every surviving power (DIAS).".into()
    } else {
        "Draws may leave surviving powers out (NODIAS): a draw happens when every survivor votes for the same powers.".into()
    }
}

pub fn anonymous(a: Anonymity) -> String {
    if a == Anonymity::Hidden {
        "Who plays which power stays hidden from the players until the game is over (ANONYMOUS).".into()
    } else {
        "Who plays which power is shown: SUMMARY names the players at any time (NO ANONYMOUS).".into()
    }
}

pub fn webhook_usage() -> String {
    "SET WEBHOOK DISCORD https://discord.com/api/webhooks/..., or SET WEBHOOK DISCOURSE https://forum.example.org TOPIC 123 KEY apikey USER name.".into()
}

pub fn webhook_refused(why: &str) -> String {
    format!("That webhook is refused: {why}. The judge's keeper decides which hosts games may post to.")
}

pub fn too_many_webhooks(n: usize) -> String {
    format!("A game may have at most {n} webhooks: SET NO WEBHOOK removes them all.")
}

/// A webhook set; its key is never shown back.
pub fn webhook_set(w: &crate::store::values::Webhook) -> String {
    let host = w.url.split("://").nth(1).and_then(|r| r.split('/').next()).unwrap_or("");
    match w.kind {
        crate::store::values::WebhookKind::Discord => format!("Results, broadcasts and the end of the game will be posted to the Discord webhook at {host}."),
        crate::store::values::WebhookKind::Discourse => format!(
            "Results, broadcasts and the end of the game will be posted to topic {} on {host} as {} (KEY ****).",
            w.topic.unwrap_or(0),
            w.user.as_deref().unwrap_or("")
        ),
    }
}

pub fn no_webhooks() -> String {
    "The game's webhooks are removed.".into()
}

/// A master's command that would mail the whole table once too often this hour.
pub fn table_mail_limit(game: &str, limit: i64, again: &str) -> String {
    format!(
        "Not done: commands of game {game}'s master have mailed the whole table {limit} times within the last hour, the most this judge allows. Try again after {again}."
    )
}

/// PROCESS named another phase than the one being played.
pub fn process_other_phase(named: &str, now: &str) -> String {
    format!("the game is in {now}, not {named}: nothing was processed (PROCESS with a phase processes only that phase).")
}

/// A second PROCESS in one mail.
pub fn one_process_per_mail() -> String {
    "Not done: one mail processes at most one phase. Send another mail to process the next one.".into()
}

/// A deadline passed in a game the master processes by hand.
pub fn manual_deadline_passed(phase: &str) -> String {
    format!(
        "The deadline of {phase} has passed. The game is processed by hand (SET MANUAL PROCESS): PROCESS, or PROCESS! for default orders, when you are ready."
    )
}

/// PROMOTE: the new co-master's notice: subject.
pub fn promoted_subject(g: &Game) -> String {
    format!("Game {}: you are a co-master", g.name)
}

/// PROMOTE: the new co-master's notice: text, with its password.
pub fn promoted_notice(g: &Game, password: &str) -> String {
    format!(
        "The master of game {0} made you a co-master: you may use the master's commands.\nSign on from this address with:\n\n  SIGNON *{0} {password}\n\nKeep this password to yourself.\n",
        g.name
    )
}

/// PROMOTE done.
pub fn promoted(who: &str, g: &Game) -> String {
    format!("{who} is now a co-master of game {}; the judge mailed them a password.", g.name)
}

/// Why one of the master's commands is the master's alone (a co-master is
/// refused it: `command::master::CO_MASTER_MAY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MasterOnly {
    /// The master's own seat: its password and its address.
    OwnSeat,
    /// Who the co-masters are.
    CoMasters,
    /// How the game ends.
    TheEnd,
    /// Who may join, and whether the players are named.
    TheTable,
    /// Where the game is published outside it.
    Published,
}

/// The reason a co-master's refusal gives.
pub fn master_only_why(why: MasterOnly) -> String {
    match why {
        MasterOnly::OwnSeat => "the master's seat, its password and its address, is the master's own",
        MasterOnly::CoMasters => "who helps to run the game is the master's choice",
        MasterOnly::TheEnd => "how the game ends is the master's decision",
        MasterOnly::TheTable => "who may join, and whether the players are named, is the master's promise to them",
        MasterOnly::Published => "where the game's mail and results go outside it is the master's choice",
    }
    .into()
}

/// How a change's notices name a co-master's seat.
pub fn co_master_named(address: &str) -> String {
    format!("the co-master {address}")
}

/// SET PASSWORD from a co-master done: its own, not the master's.
pub fn co_master_password_changed(g: &Game) -> String {
    format!("Your co-master password of game {} changed (the master's own is not yours to change).", g.name)
}

/// DEMOTE done.
pub fn demoted(who: &str, g: &Game) -> String {
    format!("{who} is no longer a co-master of game {}.", g.name)
}

/// SET COMMENT done (`None`: cleared).
pub fn comment_set(g: &Game, comment: Option<&str>) -> String {
    match comment {
        Some(c) => format!("Game {}'s comment is now: {c}", g.name),
        None => format!("Game {} has no comment now.", g.name),
    }
}

/// SET MANUAL START / SET AUTO START done.
pub fn start_mode(g: &Game, manual: bool) -> String {
    if manual {
        format!("Game {} starts only when you say so (FORCE BEGIN).", g.name)
    } else {
        format!("Game {} starts by itself once its seats are taken.", g.name)
    }
}

/// SET MANUAL PROCESS / SET AUTO PROCESS done.
pub fn process_mode(g: &Game, manual: bool) -> String {
    if manual {
        format!("Game {}'s phases are processed only by your PROCESS, never at a deadline.", g.name)
    } else {
        format!("Game {}'s phases are processed at their deadlines, or once all orders are in.", g.name)
    }
}

/// The game started by FORCE BEGIN (or SET AUTO START), with its vacant powers.
pub fn begun(g: &Game, vacant: &[String]) -> String {
    if vacant.is_empty() {
        format!("Game {} has begun.", g.name)
    } else {
        format!("Game {} has begun. Vacant, open to SIGNON ?{}: {}.", g.name, g.name, vacant.join(", "))
    }
}

/// UNSTART: the table's notice: subject.
pub fn unstarted_subject(g: &Game) -> String {
    format!("Game {} is forming again", g.name)
}

/// UNSTART: the table's notice: text.
pub fn unstarted_notice(g: &Game) -> String {
    format!("The master has taken game {} back before its first phase. Its players stay; the powers will be assigned anew when it starts again.\n", g.name)
}

/// UNSTART done.
pub fn unstarted(g: &Game) -> String {
    format!("Game {} is forming again, its players kept; FORCE BEGIN starts it (powers assigned anew).", g.name)
}

/// ROLLFORWARD done: `n` phases played again, the game now at `now`.
pub fn rolled_forward(n: usize, now: &str, finished: bool) -> String {
    if finished { format!("Rolled forward {n} phase(s); the game is over.") } else { format!("Rolled forward {n} phase(s); the game is now at {now}.") }
}

/// The table's notice of changed press rules: subject.
pub fn press_rules_subject(g: &crate::game::Game) -> String {
    format!("Game {}: the press rules changed", g.name)
}

/// The table's notice of changed press rules: a line each rule changed.
pub fn press_rules_notice(g: &crate::game::Game, lines: &[String]) -> String {
    let mut out = format!("The master changed the press rules of game {}:\n\n", g.name);
    for l in lines {
        out.push_str(&format!("  {l}\n"));
    }
    out.push_str("\nSend GET press for what each rule means.\n");
    out
}

/// The copy to a power's player of what the master did in its name: subject.
pub fn acted_for_subject(g: &crate::game::Game, power: &str) -> String {
    format!("Game {}: the master acted for {power}", g.name)
}

/// A press rule changed that the table could not be told of (`why`).
pub fn press_rule_untold(done: &str, why: &str) -> String {
    format!("{done} The table is not told of it: {why}")
}

/// SET COMMENT BEGIN done.
pub fn long_comment_set(g: &crate::game::Game, lines: usize) -> String {
    if lines == 0 {
        format!("Game {}'s long comment is cleared.", g.name)
    } else {
        format!("Game {}'s long comment is set ({lines} line(s)): LIST {} and LIST FULL show it.", g.name, g.name)
    }
}

/// SET MODERATED / SET UNMODERATED done.
pub fn moderation(m: crate::store::games::Moderation) -> String {
    match m {
        crate::store::games::Moderation::Moderated => "The game is moderated: only the master (and co-masters) change its options and deadlines.".into(),
        crate::store::games::Moderation::Unmoderated => {
            "The game is unmoderated: its players change its options of play and its deadlines too, each change told to the table (docs/RULES.md).".into()
        }
    }
}

/// SET [NO] RESUME done.
pub fn player_resume(r: crate::store::games::PlayerResume) -> String {
    match r {
        crate::store::games::PlayerResume::Allowed => "Any player may RESUME the game when it is paused.".into(),
        crate::store::games::PlayerResume::Refused => "Only the master may RESUME the game.".into(),
    }
}

/// SET [NO] SHOW done.
pub fn changers(c: crate::store::games::Changers) -> String {
    match c {
        crate::store::games::Changers::Named => "The table's notices of a changed setting give who changed it, with the address.".into(),
        crate::store::games::Changers::Unnamed => "The table's notices of a changed setting say only whether the master or a player changed it.".into(),
    }
}

/// SET [NO] REVEAL done.
pub fn revealing(r: crate::store::games::Revealing) -> String {
    match r {
        crate::store::games::Revealing::AtTheEnd => "An anonymous game names its players once it is over.".into(),
        crate::store::games::Revealing::Never => "An anonymous game never names its players, not even once it is over (NO REVEAL).".into(),
    }
}

/// SET [NO] SECRET done.
pub fn player_count(c: crate::store::games::PlayerCount) -> String {
    match c {
        crate::store::games::PlayerCount::Secret => {
            "Secret game: how many players have joined, who and how many observe, and who is late are kept from all but the master.".into()
        }
        crate::store::games::PlayerCount::Told => "The game's players are counted as usual.".into(),
    }
}

/// BECOME MASTER from the master: the game is moderated.
pub fn already_master(g: &Game) -> String {
    format!("You are the master of game {}; it is moderated.", g.name)
}

/// BECOME MASTER done: the only player of an unmoderated forming game is its master.
pub fn became_master(g: &Game) -> String {
    format!("You are now the master of game {} (your password is the master's); it is moderated, and you play no power in it.", g.name)
}

/// The former master's notice of BECOME MASTER.
pub fn master_passed_subject(g: &Game) -> String {
    format!("Game {}: a new master", g.name)
}

/// The former master's notice of BECOME MASTER.
pub fn master_passed_notice(g: &Game, who: &str) -> String {
    format!("Game {} was unmoderated and {who}, its only player, has become its master with BECOME MASTER. You are no longer its master.\n", g.name)
}

/// How the table's notices name the master who changed a setting (`address`: SET SHOW).
pub fn changed_by_master(address: Option<&str>) -> String {
    match address {
        Some(a) => format!("The master ({a})"),
        None => "The master".into(),
    }
}

/// How the table's notices name a player who changed a setting of an
/// unmoderated game: by seat once it has one; `address`: SET SHOW, where
/// the game shows who plays what.
pub fn changed_by_player(seat: Option<&str>, address: Option<&str>) -> String {
    match (seat, address) {
        (Some(s), Some(a)) => format!("{s}'s player ({a})"),
        (Some(s), None) => format!("{s}'s player"),
        (None, Some(a)) => format!("A player ({a})"),
        (None, None) => "A player".into(),
    }
}

/// The table's notice of a player's change of an unmoderated game.
pub fn changed_subject(g: &Game) -> String {
    format!("Game {}: a setting changed", g.name)
}

/// The table's notice of a player's changes of an unmoderated game's options, a line each.
pub fn changes_notice(game: &str, who: &str, lines: &[String]) -> String {
    let mut out = format!("{who} changed settings of game {game} (it is unmoderated):\n\n");
    for l in lines {
        out.push_str(&format!("  {l}\n"));
    }
    out
}

/// The table's notice of a player's change of an unmoderated game: who,
/// and the reply's words for the change.
pub fn changed_notice(game: &str, who: &str, what: &str) -> String {
    format!("{who} changed a setting of game {game} (it is unmoderated): {what}\n")
}
