//! The words of a game's archive: the plain-text history's head, the HTML
//! site's headings, and what an import says of the phases it replayed.

pub fn text_head(game: &str, title: &str, phases: usize) -> String {
    format!("Game {game} ({title}): the whole game, {phases} processed phase(s)\n")
}

pub fn site_title(game: &str, title: &str) -> String {
    format!("Game {game} ({title})")
}

pub fn phases_heading() -> String {
    "Phases".into()
}

pub fn chart_heading() -> String {
    "Supply centres year by year".into()
}

pub fn players_heading() -> String {
    "Who played".into()
}

pub fn press_heading() -> String {
    "Press released".into()
}

pub fn results_heading() -> String {
    "Orders and results".into()
}

pub fn board_now() -> String {
    "The board now".into()
}

pub fn year() -> String {
    "Year".into()
}

pub fn previous() -> String {
    "previous".into()
}

pub fn next() -> String {
    "next".into()
}

pub fn index() -> String {
    "all phases".into()
}

pub fn unreadable_order(text: &str, power: &str, why: &str) -> String {
    format!("order `{text}` of {power} cannot be read: {why}")
}

pub fn next_phase_differs(ours: &str, recorded: &str) -> String {
    format!("next phase: ours {ours}, recorded {recorded}")
}

pub fn differs(what: &str, ours: &[&str], recorded: &[&str]) -> String {
    format!("{what}: ours only [{}]; recorded only [{}]", ours.join(", "), recorded.join(", "))
}

pub fn import_agrees(phases: usize) -> String {
    format!("{phases} phase(s) re-adjudicated: every outcome agrees with the record.")
}

pub fn import_differs(phases: usize, differing: usize) -> String {
    format!("{phases} phase(s) re-adjudicated: {differing} differ from the record.")
}

pub fn phase_differs(phase: &str) -> String {
    format!("{phase} differs:")
}

/// What the keeper is told of a game made from a record (`import --as`).
pub fn adopted(game: &str, title: &str, phase: &str, master: &str, password: &str) -> String {
    format!(
        "Game {game} ({title}) is made from the record, at {phase}, and paused.\n\
         Its master is {master}, password {password} (shown only now: sign on with SIGNON M{game} {password}).\n\
         Every power's seat is open: a player asks for one with SIGNON ?{game} PASSWORD, the master approves it with APPROVE POWER,\n\
         and RESUME starts the deadlines once the seats are filled."
    )
}
