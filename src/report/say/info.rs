//! What anyone may ask: LIST, HISTORY, SUMMARY.

use crate::game::Game;
use crate::phase::{Calendar, PhaseKind};
use crate::store::games::{Anonymity, Draws, GraceEnd, Identity, Nmr, PerKind, Settings};
use crate::timing;

/// LIST on a judge without games.
pub fn no_games() -> String {
    "No games on this judge yet. CREATE ?name password starts one.".into()
}

/// The head of LIST's table of games.
pub fn list_header() -> String {
    format!("{:<16} {:<10} {:<9} {}", "game", "variant", "status", "phase / seats")
}

/// One game in LIST's table (`detail`: its phase, or its seats taken).
pub fn list_row(g: &Identity, detail: &str) -> String {
    format!("{:<16} {:<10} {:<9} {}", g.name, g.variant, g.status, detail)
}

/// Seats taken in a forming game.
pub fn seats_taken(taken: usize, seats: usize) -> String {
    format!("{taken} of {seats} seats taken")
}

/// A paused game's phase in LIST.
pub fn phase_paused(phase: &str, paused: bool) -> String {
    format!("{phase}{}", if paused { " (paused)" } else { "" })
}

/// The first line of LIST game (`title`: the variant's).
pub fn game_title(g: &Game, title: &str) -> String {
    format!("Game {} ({}), {}{}", g.name, title, g.status, if g.paused { ", paused" } else { "" })
}

/// The current phase.
pub fn phase_line(phase: &str) -> String {
    format!("Phase: {phase}")
}

/// The current deadline.
pub fn deadline_line(time: &str) -> String {
    format!("Deadline: {time}")
}

/// Who holds a seat, for LIST game.
pub enum SeatState {
    /// A player, with their record of play in this game (njudge's late
    /// count), and their dedication where the game names its players.
    Played {
        record: crate::store::disorder::Record,
        dedication: Option<i64>,
    },
    Vacant,
    /// In civil disorder since the phase named.
    Disorder {
        since: String,
    },
}

/// A power in LIST game: centres, whether someone plays it, its orders
/// (`needs`: it has something to order, `complete`: all of it is ordered).
/// (`centres`: `None` in a blind game, for a power not the reader's).
pub fn power_line(power: &str, centres: Option<usize>, seat: &SeatState, needs: bool, complete: bool) -> String {
    let who = match seat {
        SeatState::Played { record, dedication } => {
            format!("played{}{}", super::disorder::late_count(record), dedication.map(super::dedication::beside).unwrap_or_default())
        }
        SeatState::Vacant => "vacant".to_string(),
        SeatState::Disorder { since } => super::disorder::list_state(since),
    };
    let state = if !needs {
        "nothing to order"
    } else if complete {
        "orders in"
    } else {
        "orders missing"
    };
    match centres {
        Some(n) => format!("  {:<10} {:2} centres  {who}, {state}", power, n),
        None => format!("  {:<10} {who}, {state}", power),
    }
}

/// A forming game in LIST game.
pub fn forming_line(g: &Game, taken: usize, seats: usize) -> String {
    format!("Forming: {taken} of {seats} seats taken. Join with SIGNON ?{} password.", g.name)
}

/// A game's settings in LIST game.
pub fn settings_line(s: &Settings, cal: &Calendar) -> String {
    format!(
        "Press: {}; missing orders after the grace period: {}; timing: movement `{}`, retreats `{}`, adjustments `{}`, grace {}",
        super::press::settings(s),
        if s.nmr == Nmr::Defaults { "default" } else { "the game waits for the master" },
        s.movement,
        s.retreat,
        s.adjustment,
        timing::format_span(s.grace_secs)
    ) + &per_kind(&s.phase_grace)
        + strict_grace(s)
        + &delay_settings(s)
        + &game_end_settings(s, cal)
        + &build_rule_settings(s)
}

/// STRICT GRACE, where the game has it (a new game has not).
fn strict_grace(s: &Settings) -> &'static str {
    if s.strict_grace == GraceEnd::Exact { ", ending its whole length after the deadline (STRICT GRACE)" } else { "" }
}

/// The kinds of phase with their own grace period or delay (njudge's `SET
/// RETREATS GRACE 12`), after the game's: ` (retreats 12 hours)`.
fn per_kind(own: &PerKind) -> String {
    let kinds: Vec<String> = own
        .given()
        .into_iter()
        .map(|(k, secs)| {
            let kind = match k {
                PhaseKind::Movement => "movement",
                PhaseKind::Retreat => "retreats",
                PhaseKind::Adjustment => "adjustments",
            };
            format!("{kind} {}", timing::format_span(secs))
        })
        .collect();
    if kinds.is_empty() { String::new() } else { format!(" ({})", kinds.join(", ")) }
}

/// The delay after the last orders, where there is one.
fn delay_settings(s: &Settings) -> String {
    if s.delay_secs == 0 && s.phase_delay.is_empty() {
        return String::new();
    }
    let game = if s.delay_secs == 0 { "none".to_string() } else { timing::format_span(s.delay_secs) };
    format!(", delay after the last orders {game}{}", per_kind(&s.phase_delay))
}

/// The build and disband rules the master chose (njudge's names; docs/RULES.md):
/// the build sites as chosen, the others where on.
fn build_rule_settings(s: &Settings) -> String {
    use crate::rules::{BuildSites, Removals, RuleChoice as C};
    let names: Vec<&str> = s
        .rules
        .choices()
        .iter()
        .filter_map(|c| match c {
            C::BuildSites(BuildSites::Home) => Some("HOME CENTRES"),
            C::BuildSites(BuildSites::Any) => Some("ANY CENTRES"),
            C::BuildSites(BuildSites::OneHome) => Some("ONE CENTRE"),
            C::BuildSites(BuildSites::AnyHome) => Some("build_sites=any_home"),
            C::Removals(Removals::Any) => Some("ANY DISBAND"),
            C::MovementDisband(true) => Some("DISBAND"),
            C::AutoDisband(true) => Some("AUTO DISBAND"),
            C::BlankBoard(true) => Some("BLANK BOARD"),
            _ => None,
        })
        .collect();
    if names.is_empty() { String::new() } else { format!("; build and disband rules: {}", names.join(", ")) }
}

/// The settings that say how the game ends, where the master changed them:
/// the last year, the solo victory's count, draws leaving survivors out.
fn game_end_settings(s: &Settings, cal: &Calendar) -> String {
    let mut out = String::new();
    if let Some(y) = s.end_year {
        out += &format!("; last year: {} (then a draw between the survivors)", cal.year_name(y));
    }
    if let Some(n) = s.victory_count {
        out += &format!("; a solo victory needs {n} supply centres");
    }
    if s.dias == Draws::SomeSurvivors {
        out += "; draws may leave survivors out (NODIAS)";
    }
    if s.anonymous == Anonymity::Shown {
        out += "; players are named (NO ANONYMOUS)";
    }
    if s.blind() {
        out += "; blind: each power sees only what its units see (BLIND)";
    }
    out
}

/// How a finished game ended.
pub fn result_line(result: &str) -> String {
    format!("Result: {result}")
}

/// HISTORY of a game without processed phases.
pub fn no_phases(g: &Game) -> String {
    format!("Game {} has no processed phases yet.", g.name)
}

/// HISTORY FROM a phase the game does not have.
pub fn no_phase_from(phase: &str, game: &str) -> String {
    format!("no phase {phase} in game {} (phases are named like S1901M, F1901R, W1901A)", game)
}

/// HISTORY TO a phase the game does not have.
pub fn no_phase_to(phase: &str, game: &str) -> String {
    format!("no phase {phase} in game {}", game)
}

/// HISTORY with TO before FROM: the TO is not used (njudge's way).
pub fn to_before_from_ignored() -> String {
    "(TO comes before FROM, so it is left out: the history runs to the end.)".into()
}

/// HISTORY's LINES past what one reply holds.
pub fn history_lines(asked: u64, max: u64) -> String {
    format!("HISTORY sends 1 to {max} lines: LINES {asked} is not among them")
}

/// HISTORY's EXCLSTART or EXCLEND with no phase.
pub fn history_not_a_turn(word: &str) -> String {
    format!("`{word}` is no phase: EXCLSTART and EXCLEND take phases like S1902M, F1901R, W1901A (or F1905B, the builds of 1905)")
}

/// HISTORY cut at its LINES.
pub fn history_lines_cut(max: usize) -> String {
    format!("(The history stops here: LINES {max} reached. Ask again FROM a later phase or date for the rest.)")
}

/// HISTORY of more phases than it sends.
pub fn last_30_phases() -> String {
    "(only the last 30 phases of that range; ask with FROM and TO for earlier ones)".into()
}

/// The first line of SUMMARY (`title`: the variant's).
pub fn summary_title(g: &Game, title: &str) -> String {
    format!("Summary of game {} ({}), {}", g.name, title, g.status)
}

/// The head of SUMMARY's table of centres (`powers`: the powers' columns).
pub fn summary_header(powers: &str) -> String {
    format!("{:<8}{powers}", "year")
}

/// A power nobody has had in SUMMARY (`forming`: the game has not started).
pub fn nobody_had(forming: bool) -> String {
    if forming { "not assigned".into() } else { "vacant".into() }
}

/// SUMMARY: the head of the list of who played each power.
pub fn played_by_title() -> String {
    "Played by:".into()
}

/// SUMMARY of an anonymous game still running.
pub fn players_hidden(never: bool) -> String {
    if never {
        "Who plays which power is never shown (the game is anonymous, NO REVEAL).".into()
    } else {
        "Who plays which power is shown when the game is over (the game is anonymous).".into()
    }
}

/// One player's time at a seat: from the phase a takeover seated them
/// (`None`: from the start) to the phase they left in (`None`: still there,
/// or to the end).
pub struct Span {
    pub who: String,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// SUMMARY: a seat and its players in turn.
pub fn seat_played_by(seat: &str, spans: &[Span]) -> String {
    let parts: Vec<String> = spans
        .iter()
        .map(|s| match (&s.from, &s.to) {
            (None, None) => s.who.clone(),
            (None, Some(t)) => format!("{} (to {t})", s.who),
            (Some(f), None) => format!("{} (from {f})", s.who),
            (Some(f), Some(t)) => format!("{} (from {f} to {t})", s.who),
        })
        .collect();
    format!("  {seat}: {}", parts.join(", then "))
}

/// HISTORY with PRESS: more press than one reply shows.
pub fn press_cut(n: usize) -> String {
    format!("(Only the first {n} press messages of these phases are shown: ask for fewer phases with FROM and TO.)")
}

/// HISTORY with PRESS of a game still running.
pub fn broadcasts_only_until_end() -> String {
    "(Only broadcasts are shown while the game runs; all press is shown once it is over, grey press still unsigned.)".into()
}

/// HISTORY of a game with rollbacks: where the phases they replaced are.
pub fn has_undone(g: &Game, rollbacks: i64) -> String {
    format!("(The master rolled this game back {rollbacks} time(s); the phases replaced are kept: HISTORY {} UNDONE shows them.)", g.name)
}

/// HISTORY game UNDONE of a game never rolled back.
pub fn no_undone(g: &Game) -> String {
    format!("Game {} has never been rolled back: no phase was replaced.", g.name)
}

/// HISTORY game UNDONE: the head of one rollback's phases.
pub fn undone_branch(branch: i64, when: &str) -> String {
    format!("Rollback {branch} ({when}): the phases it replaced")
}

/// HISTORY game UNDONE: the mark on each replaced phase's results.
pub fn undone_mark(branch: i64) -> String {
    format!("[REPLACED by rollback {branch}: not part of the game]")
}

/// MAP: the reply's line.
pub fn map_attached(g: &Game, phase: &str) -> String {
    format!("The map of game {}, {phase}, is attached (PNG, and SVG for a sharper picture).", g.name)
}

/// MAP from an address that is not in the game.
/// MAP for an address whose byte budget has no room for a picture.
pub fn map_over_budget(game: &str) -> String {
    format!(
        "No map of game {} attached: this address has had nearly as much mail from this judge as it sends one address in an hour (or a day). Ask again later; results mails still carry their map.",
        game
    )
}

/// A blind game's record asked for while it runs, by someone other than its master.
pub fn blind_record(game: &str, what: crate::game::refusal::BlindRecord) -> String {
    use crate::game::refusal::BlindRecord as B;
    let what = match what {
        B::History => "its history",
        B::Summary => "its summary",
        B::PastMap => "the maps of its past phases",
    };
    format!(
        "Game {game} is blind: while it runs, only its master may read {what} (each player has its own results by mail, and `MAP {game}` draws the board as its power sees it); everything is shown once the game is over."
    )
}

pub fn map_for_members(game: &str) -> String {
    format!(
        "Maps of game {0} are mailed only to its master, its players and its observers (or after a SIGNON to it in the same mail): send `OBSERVE {0}` first, then ask again (or read the board with `LIST {0}`).",
        game
    )
}

/// MAP of a game that has not started.
pub fn no_map_yet(game: &str) -> String {
    format!("Game {} has not started: there is no board to draw yet.", game)
}

/// MAP past the maps one mail may ask for.
pub fn too_many_maps(n: usize) -> String {
    format!("A mail may ask for at most {n} maps; send the others in another mail.")
}

/// MAP or another command naming a phase the game has not processed.
pub fn no_such_phase(p: &str, game: &str) -> String {
    format!("Game {} has no processed phase {p} (phases are written like S1901M or F1902R; MAP {} alone draws the board now).", game, game)
}

/// HISTORY ... PRESS of a running game asked from outside it.
pub fn press_for_members(game: &str) -> String {
    format!(
        "The press of game {} is shown to its master, players and observers while it runs, and to anyone once it is over; send HISTORY from the address you play or watch it from, after SIGNON.",
        game
    )
}

/// HELP's lines of a variant's power letters (`powers`: letter and name),
/// within 74 columns.
pub fn variant_letters(variant: &str, powers: &[(char, String)]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = format!("  {variant}:");
    for (i, (l, name)) in powers.iter().enumerate() {
        let item = format!(" {l} {name}{}", if i + 1 < powers.len() { "," } else { "" });
        if line.len() + item.len() > 74 {
            lines.push(line);
            line = format!("   {item}");
        } else {
            line.push_str(&item);
        }
    }
    lines.push(line);
    lines
}

/// HELP's line for a variant file of the judge's that cannot be played.
pub fn variant_unplayable(variant: &str) -> String {
    format!("  {variant}: its file cannot be played (CREATE says why)")
}

/// HELP's last line of letters when the judge has more variant files.
pub fn variants_not_listed(more: usize) -> String {
    format!("  and {more} more variants of this judge: GET VARIANTS lists them")
}

/// A day as HELP's examples write dates (`2026-12-03`), in `tz`.
pub fn iso_day(t: i64, tz: chrono_tz::Tz) -> String {
    crate::timing::in_zone(&tz, t).map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default()
}

/// LIST FULL: a game's settings, under its line.
pub fn full_settings(settings: &str) -> String {
    format!("    {settings}")
}

/// LIST FULL: who plays a seat.
pub fn full_player(power: &str, who: &str) -> String {
    format!("    {power}: {who}")
}

/// LIST FULL: how many seats are taken, where the players are not shown.
pub fn full_player_count(taken: usize, seats: usize) -> String {
    format!("    {taken} of {seats} seats played (who plays what is shown once the game is over)")
}
