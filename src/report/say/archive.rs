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
pub fn adopted(game: &str, title: &str, phase: &str, master: &str, password: &str, seated: &[(String, String)], seats: usize) -> String {
    let mut out = format!(
        "Game {game} ({title}) is made from the record, at {phase}, and paused.\n\
         Its master is {master}, password {password} (shown only now: sign on with SIGNON M{game} {password}).\n"
    );
    for (power, address) in seated {
        out.push_str(&format!("{power} is played by {address} (its password mailed there).\n"));
    }
    let open = seats.saturating_sub(seated.len());
    if open > 0 {
        out.push_str(&format!(
            "{open} of the {seats} seats are open: a player asks for one with SIGNON ?{game} PASSWORD, the master approves it with APPROVE POWER,\n"
        ));
        out.push_str("and RESUME starts the deadlines once the seats are filled.");
    } else {
        out.push_str("Every seat is filled: RESUME starts the deadlines.");
    }
    out
}

/// `--seat POWER=ADDRESS` whose power the map does not have.
pub fn seat_no_power(powers: usize) -> String {
    format!("no power of the map has that name or letter (it has {powers})")
}

/// `--seat` naming a power twice.
pub fn seat_twice(power: &str) -> String {
    format!("{power} is seated twice")
}

/// The mail to a player the keeper seated in a game moved in from a record.
pub struct SeatedBy<'a> {
    pub game: &'a str,
    pub power: &'a str,
    pub letter: char,
    pub phase: &'a str,
    pub password: &'a str,
}

impl SeatedBy<'_> {
    pub fn subject(&self) -> String {
        format!("You play {} in game {}", self.power, self.game)
    }

    pub fn notice(&self) -> String {
        format!(
            "Game {game} has moved to this judge from a record of its play, at {phase}, and the judge's keeper seated you as {power}.\n\n\
             Your password is {pw}. Sign on with SIGNON {letter}{game} {pw} above your orders (SET PASSWORD changes it).\n\
             The game is paused until its master resumes it; the deadline comes with that notice.\n\
             If you did not expect this, RESIGN (after the SIGNON line) gives up the seat.\n",
            game = self.game,
            phase = self.phase,
            power = self.power,
            pw = self.password,
            letter = self.letter,
        )
    }
}

pub fn about_heading() -> String {
    "About this game".into()
}

pub fn variant() -> String {
    "Variant".into()
}

pub fn options() -> String {
    "Options".into()
}

pub fn neutral() -> String {
    "Powers nobody played".into()
}

pub fn created() -> String {
    "Created".into()
}

pub fn first_processed() -> String {
    "First phase processed".into()
}

pub fn last_processed() -> String {
    "Last phase processed".into()
}

pub fn ended() -> String {
    "Ended".into()
}

/// The fixed words of njudge's results layout (the form jDip's judge import
/// reads), written by `archive::judge_text` and matched when it reads a
/// file back.
pub mod njudge {
    pub const MOVEMENT: &str = "Movement results for";
    pub const RETREAT: &str = "Retreat results for";
    pub const ADJUSTMENT: &str = "Adjustment results for";
    pub const STARTING: &str = "Starting position for";
    pub const PLAYERS: &str = "The following players are signed up for game";
    pub const DISLODGED: &str = "The following units were dislodged:";
    pub const OWNERSHIP: &str = "Ownership of supply centers:";
    pub const NEXT_PHASE: &str = "will be";
    pub const CAN_RETREAT: &str = "can retreat to";
    pub const DESTROYED: &str = "with no valid retreats was destroyed.";
    /// After an unordered unit (njudge's words; jDip writes `No Orders`).
    pub const NO_ORDER: &str = ", No Order Processed";
    pub const WAIVED: &str = "Build waived";
    pub const BUILDS: &str = "Builds";
    pub const REMOVES: &str = "Removes";
    pub const DEFAULTS: &str = "Defaults, removing";
    pub const RESULTS: &str = "results";
    pub const PRESS: &str = "press";
    /// Before the game's result (so that it does not read as an order line).
    pub const GAME_OVER: &str = "The game is over.";
    /// After `HOLD` in an Original 1958 boarding without moving (`Army
    /// London HOLD AND BOARD.`): jDip reads the hold and skips the rest.
    pub const AND_BOARD: &str = "AND BOARD";
    /// The Original 1958 block after a movement phase's orders (jDip's order
    /// reading stops at it and no other pattern of its takes its lines).
    pub const BOARDING: &str = "Moves to board and armies on board:";
    /// After a move in that block: the move was to board (`England: Army
    /// Wales -> London, to board.`).
    pub const TO_BOARD: &str = ", to board";
    /// After an army in that block (`France: Army English Channel, on
    /// board.`), and before the place of one dislodged with its fleet (`The
    /// French Army on board in the North Sea can retreat to ...`).
    pub const ON_BOARD: &str = "on board";

    /// `:: Judge: MAILJUDGE  Game: demo  Variant: standard`.
    pub fn colons(game: &str, variant: &str) -> String {
        format!(":: Judge: MAILJUDGE  Game: {game}  Variant: {variant}")
    }

    /// `Subject: Diplomacy history demo`.
    pub fn history_subject(game: &str) -> String {
        format!("Subject: Diplomacy history {game}")
    }

    /// `Subject: Diplomacy results demo S1901M `.
    pub fn results_subject(game: &str, phase: &str) -> String {
        format!("Subject: Diplomacy {RESULTS} {game} {phase} ")
    }

    /// `Subject: Diplomacy press demo F1901M`.
    pub fn press_subject(game: &str, phase: &str) -> String {
        format!("Subject: Diplomacy {PRESS} {game} {phase}")
    }

    /// `Movement results for Spring of 1901.  (demo.001)`.
    /// `Spring of 1901`, or the year alone where the season has no name
    /// (classical's `273 B.C.`).
    pub fn season_of_year(season: &str, year: &str) -> String {
        if season.is_empty() { year.to_string() } else { format!("{season} of {year}") }
    }

    pub fn phase_heading(heading: &str, when: &str, game: &str, n: usize) -> String {
        format!("{heading} {when}.  ({game}.{n:03})")
    }

    /// `Starting position for Spring of 1901.`
    pub fn starting(when: &str) -> String {
        format!("{STARTING} {when}.")
    }

    /// `The next phase of 'demo' will be Movement for Fall of 1901.`
    pub fn next_phase(game: &str, kind: &str, when: &str) -> String {
        format!("The next phase of '{game}' {NEXT_PHASE} {kind} for {when}.")
    }

    /// The word njudge names a phase kind by in its next-phase line.
    pub fn kind_word(kind: crate::phase::PhaseKind) -> &'static str {
        match kind {
            crate::phase::PhaseKind::Movement => "Movement",
            crate::phase::PhaseKind::Retreat => "Retreats",
            crate::phase::PhaseKind::Adjustment => "Adjustments",
        }
    }

    /// `Broadcast message from Austria:` / `Message from Austria to England, France:`.
    pub fn press_from(from: &str, to: Option<&str>) -> String {
        match to {
            None => format!("Broadcast message from {from}:"),
            Some(to) => format!("Message from {from} to {to}:"),
        }
    }

    /// The master as njudge names it among the powers (`Message from Master to England:`).
    pub fn master() -> &'static str {
        "Master"
    }

    /// An observer as njudge names it among the powers.
    pub fn observer() -> &'static str {
        "Observer"
    }

    pub fn anonymous() -> &'static str {
        "someone"
    }
}

/// An import refused: a line of a judge's text file that does not read.
pub fn bad_line(n: usize, line: &str, why: &str) -> String {
    format!("line {n} `{}`: {why}", line.trim())
}
