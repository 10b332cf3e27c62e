//! A stored game, loaded once into the typed value the rest of the judge
//! works on: its variant resolved, its position and ending read strictly,
//! its rulebook made, its seats and neutral powers as power numbers, and its
//! players. A stored value that cannot be read stops the load with the game
//! and the row named ([`LoadError`]).

use crate::adjudicate::Position;
use crate::map::{PowerId, Prov, Variant};
use crate::rules::{Rulebook, SideVictory, WORLD_WAR_CENTERS};
use crate::store::disorder::{self, Cause, Record};
use crate::store::games::{self as stored, Ending, GameStatus, Mark, PhaseMarks, Player, ReadError, Settings};
use crate::variants::Catalog;
use rusqlite::Connection;
use std::sync::Arc;

/// What of a game's settings and records could not be read against its variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    #[error("unknown power `{0}` in the stored settings")]
    Power(String),
    #[error("unknown province `{0}` in the stored settings")]
    Province(String),
    #[error("a seat with no power in the stored settings")]
    EmptySeat,
    #[error("stored civil disorder of power {0}, which the variant does not have")]
    DisorderPower(PowerId),
    #[error("stored civil disorder since `{0}`, not a phase of the variant")]
    DisorderPhase(String),
}

/// Why a game could not be loaded: the judge's fault (a stored value it
/// cannot read, a variant gone), never the player's. Its text is for the
/// keeper's log; a player is told by the apology.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("game {game} (games row {id}): {fault}")]
    Unreadable { game: String, id: i64, fault: Fault },
    /// The row itself (its position, its ending, its variant).
    #[error(transparent)]
    Row(#[from] ReadError),
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

/// One player's place at the table: the powers played together (one, or
/// several in a game for fewer players), the seat's own power first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub powers: Vec<PowerId>,
}

impl Seat {
    /// The power a player row names for this seat.
    pub fn own(&self) -> PowerId {
        self.powers[0]
    }
}

/// A game as the judge works on it: its row read once into typed values
/// (by the store, [`stored::by_id`]), and what they mean (the rulebook, the
/// seats), with its players. [`Game::save`] writes it back.
#[derive(Clone)]
pub struct Game {
    pub id: i64,
    pub name: String,
    pub variant: Arc<Variant>,
    pub status: GameStatus,
    pub paused: bool,
    pub master_hash: String,
    pub master_email: String,
    pub settings: Settings,
    /// The current position (`None` until the game starts).
    pub position: Option<Position>,
    /// The current phase's number on the game's line (1 the first; 0 forming).
    pub seq: i64,
    pub deadline: Option<i64>,
    pub grace_until: Option<i64>,
    /// What the current phase did once ([`Game::marked`]).
    pub marks: PhaseMarks,
    /// Since when every order of the current phase is in (the master's
    /// delay, `Settings::delay_for` the phase's kind, runs from then); `None`: not all in.
    pub ready_since: Option<i64>,
    /// When the table last heard who is late in the current phase.
    pub late_told: Option<i64>,
    /// The master's SET START: the current phase is not processed before it.
    pub not_before: Option<i64>,
    pub created: i64,
    /// How the game ended (`None`: not over, or over before endings were kept).
    pub ending: Option<Ending>,
    /// How a game that ended before endings were kept was said to end
    /// (`report::say::game::result` says every other's from its ending).
    pub old_result: Option<String>,
    /// The variant's rules with the game's options, neutral powers, closed
    /// provinces and victory conditions.
    pub rules: Rulebook,
    pub seats: Vec<Seat>,
    /// The powers no one plays (a game for fewer players).
    pub neutral: Vec<PowerId>,
    /// Every player and observer row, in the order they joined.
    pub players: Vec<Player>,
    /// The powers in civil disorder (by their seat's own power), in power order.
    pub disorder: Vec<Disorder>,
    /// Each seated player's record of play in this game, by player row id
    /// (a player with none yet has none here).
    pub records: Vec<(i64, Record)>,
}

/// The game's own row (what [`Game::save`] writes): its variant by name,
/// neither its players nor what the settings make of the table.
impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("id", &self.id)
            .field("name", &self.name)
            .field("variant", &self.variant.name)
            .field("status", &self.status)
            .field("paused", &self.paused)
            .field("master_hash", &self.master_hash)
            .field("master_email", &self.master_email)
            .field("settings", &self.settings)
            .field("position", &self.position)
            .field("seq", &self.seq)
            .field("deadline", &self.deadline)
            .field("grace_until", &self.grace_until)
            .field("marks", &self.marks)
            .field("ready_since", &self.ready_since)
            .field("late_told", &self.late_told)
            .field("not_before", &self.not_before)
            .field("created", &self.created)
            .field("ending", &self.ending)
            .field("old_result", &self.old_result)
            .finish()
    }
}

/// A power in civil disorder: from which phase, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disorder {
    pub power: PowerId,
    pub since: crate::phase::Phase,
    pub cause: Cause,
}

/// Game `id`, loaded (see [`Game`]).
pub fn load(conn: &Connection, variants: &mut Catalog, id: i64) -> Result<Game, LoadError> {
    read(conn, stored::by_id(conn, variants, id)?)
}

/// The game called `name`, if there is one, loaded.
pub fn load_named(conn: &Connection, variants: &mut Catalog, name: &str) -> Result<Option<Game>, LoadError> {
    stored::by_name(conn, variants, name)?.map(|row| read(conn, row)).transpose()
}

/// A stored row with its players, civil disorder and records of play: a [`Game`].
fn read(conn: &Connection, row: stored::Stored) -> Result<Game, LoadError> {
    let players = Player::of_game(conn, row.id)?;
    let mut game = of_row(row, players)?;
    game.disorder =
        disorder::of_game(conn, game.id)?.into_iter().map(|d| read_disorder(game.v(), d).map_err(|fault| game.unreadable(fault))).collect::<Result<_, _>>()?;
    game.records = disorder::records(conn, game.id)?;
    Ok(game)
}

/// A stored civil disorder, read strictly against the variant.
fn read_disorder(v: &Variant, d: disorder::DisorderRow) -> Result<Disorder, Fault> {
    if d.power as usize >= v.powers.len() {
        return Err(Fault::DisorderPower(d.power));
    }
    let since = v.calendar.parse(&d.since).map_err(|_| Fault::DisorderPhase(d.since.clone()))?;
    Ok(Disorder { power: d.power, since, cause: d.cause })
}

/// A [`Game`] from its row and its players.
fn of_row(row: stored::Stored, players: Vec<Player>) -> Result<Game, LoadError> {
    let stored::Stored {
        id,
        name,
        variant,
        status,
        paused,
        master_hash,
        master_email,
        settings,
        position,
        seq,
        deadline,
        grace_until,
        marks,
        ready_since,
        late_told,
        not_before,
        created,
        ending,
        old_result,
    } = row;
    let mut game = Game {
        id,
        name,
        variant,
        status,
        paused,
        master_hash,
        master_email,
        settings,
        position,
        seq,
        deadline,
        grace_until,
        marks,
        ready_since,
        late_told,
        not_before,
        created,
        ending,
        old_result,
        rules: Rulebook::default(),
        seats: Vec::new(),
        neutral: Vec::new(),
        players,
        disorder: Vec::new(),
        records: Vec::new(),
    };
    game.settings_changed()?;
    Ok(game)
}

/// What the settings make of the table: the seats, the neutral powers and
/// the rulebook.
fn table(settings: &Settings, v: &Variant) -> Result<(Vec<Seat>, Vec<PowerId>, Rulebook), Fault> {
    let power = |n: &String| v.power_by_name(n).ok_or_else(|| Fault::Power(n.clone()));
    let mut neutral = settings.neutral.iter().map(power).collect::<Result<Vec<_>, _>>()?;
    // the map's dummies: no one plays them, in any game
    neutral.extend((0..v.powers.len() as PowerId).filter(|&p| v.powers[p as usize].dummy));
    neutral.sort_unstable();
    neutral.dedup();
    let seats = if settings.groups.is_empty() {
        (0..v.powers.len() as PowerId).filter(|p| !neutral.contains(p)).map(|p| Seat { powers: vec![p] }).collect()
    } else {
        let mut seats = Vec::new();
        for g in &settings.groups {
            let powers = g.iter().map(power).collect::<Result<Vec<_>, _>>()?;
            if powers.is_empty() {
                return Err(Fault::EmptySeat);
            }
            seats.push(Seat { powers });
        }
        seats
    };
    let closed = settings.closed.iter().map(|c| v.prov_by_code(c).ok_or_else(|| Fault::Province(c.clone()))).collect::<Result<Vec<Prov>, _>>()?;
    let rules = rulebook(settings, v, &seats, &neutral, &closed);
    Ok((seats, neutral, rules))
}

/// The game's rulebook: the variant's, with the game's rule options, its
/// neutral powers and closed provinces, and its victory conditions.
fn rulebook(settings: &Settings, v: &Variant, seats: &[Seat], neutral: &[PowerId], closed: &[Prov]) -> Rulebook {
    let mut r = Rulebook::for_variant(v);
    for c in settings.rules.choices() {
        c.apply(&mut r);
    }
    let mut r = r.with_neutral(neutral).with_closed(closed).with_victory_count(settings.victory_count);
    if settings.world_war.is_some() {
        // a side wins with its centres together (its seat's powers)
        let mask = |i: usize| seats.get(i).map_or(0, |s| s.powers.iter().filter(|&&p| p < 64).fold(0u64, |m, &p| m | 1 << p));
        r.sides = Some(SideVictory { sides: [mask(0), mask(1)], centers: WORLD_WAR_CENTERS });
    }
    r
}

impl Game {
    /// A new game, forming, not yet stored (its id is 0 until [`Game::insert`]).
    pub fn forming(name: &str, variant: Arc<Variant>, master_hash: String, master_email: &str, settings: Settings, created: i64) -> Result<Game, LoadError> {
        let row = stored::Stored {
            id: 0,
            name: name.to_string(),
            variant,
            status: GameStatus::Forming,
            paused: false,
            master_hash,
            master_email: master_email.to_string(),
            settings,
            position: None,
            seq: 0,
            deadline: None,
            grace_until: None,
            marks: PhaseMarks::default(),
            ready_since: None,
            late_told: None,
            not_before: None,
            created,
            ending: None,
            old_result: None,
        };
        of_row(row, Vec::new())
    }

    /// `fault` in this game, naming it and its row.
    fn unreadable(&self, fault: Fault) -> LoadError {
        LoadError::Unreadable { game: self.name.clone(), id: self.id, fault }
    }

    /// The row as the store writes it.
    fn columns(&self) -> stored::Write<'_> {
        stored::Write {
            id: self.id,
            name: &self.name,
            variant: &self.variant,
            status: self.status,
            paused: self.paused,
            master_hash: &self.master_hash,
            master_email: &self.master_email,
            settings: &self.settings,
            position: self.position.as_ref(),
            seq: self.seq,
            deadline: self.deadline,
            grace_until: self.grace_until,
            marks: self.marks,
            ready_since: self.ready_since,
            late_told: self.late_told,
            not_before: self.not_before,
            created: self.created,
            ending: self.ending.as_ref(),
            old_result: self.old_result.as_deref(),
        }
    }

    /// Stores a new game (see [`Game::forming`]); it has its id after.
    pub fn insert(&mut self, conn: &Connection) -> rusqlite::Result<()> {
        self.id = stored::insert(conn, &self.columns())?;
        Ok(())
    }

    /// Writes the game's row back (its players are written one by one).
    pub fn save(&self, conn: &Connection) -> rusqlite::Result<()> {
        stored::save(conn, &self.columns())
    }

    /// Whether the current phase did `m` (see [`Mark`]).
    pub fn marked(&self, m: Mark) -> bool {
        self.marks.has(m, self.seq)
    }

    /// The current phase did `m`.
    pub fn mark(&mut self, m: Mark) {
        self.marks.set(m, self.seq);
    }

    /// `m` is to be done again in the current phase (its deadline moved).
    pub fn unmark(&mut self, m: Mark) {
        self.marks.clear(m, self.seq);
    }

    /// The game's time zone: the master's (`SET TIMEZONE`), else `judge`'s.
    pub fn zone(&self, judge: chrono_tz::Tz) -> chrono_tz::Tz {
        self.settings.timezone.unwrap_or(judge)
    }

    /// The variant (a shorthand for `&*self.variant`).
    pub fn v(&self) -> &Variant {
        &self.variant
    }

    /// Whether `power` is left out of this game.
    pub fn is_neutral(&self, power: PowerId) -> bool {
        self.neutral.contains(&power)
    }

    /// The powers played together with `power` (itself included, the seat's
    /// own power first); `power` alone where it is in no seat.
    pub fn group_of(&self, power: PowerId) -> Vec<PowerId> {
        self.seat_of(power).map_or_else(|| vec![power], |s| s.powers.clone())
    }

    /// The seat `power` is played from.
    pub fn seat_of(&self, power: PowerId) -> Option<&Seat> {
        self.seats.iter().find(|s| s.powers.contains(&power))
    }

    /// The seat's own power for `power` (the one a player row names).
    pub fn seat_power(&self, power: PowerId) -> PowerId {
        self.seat_of(power).map_or(power, Seat::own)
    }

    /// Whether `power`'s seat is in civil disorder.
    pub fn in_disorder(&self, power: PowerId) -> bool {
        let own = self.seat_power(power);
        self.disorder.iter().any(|d| d.power == own)
    }

    /// `power`'s civil disorder (its seat's), if it is in one.
    pub fn disorder_of(&self, power: PowerId) -> Option<&Disorder> {
        let own = self.seat_power(power);
        self.disorder.iter().find(|d| d.power == own)
    }

    /// The seats in civil disorder: each own power's name and the phase it
    /// went into it (for LIST, the board and the results).
    pub fn disorder_roll(&self) -> Vec<(String, String)> {
        let v = self.v();
        self.disorder.iter().map(|d| (crate::game::pname(v, d.power), v.calendar.long_name(d.since))).collect()
    }

    /// The record of play of player row `id` in this game.
    pub fn record_of(&self, id: i64) -> Record {
        self.records.iter().find(|(p, _)| *p == id).map(|(_, r)| *r).unwrap_or_default()
    }

    /// The player who plays `power` now (alone or with other powers).
    pub fn player_for(&self, power: PowerId) -> Option<&Player> {
        Player::active_for(&self.players, self.seat_power(power))
    }

    /// The current position, or the error a started game without one is.
    pub fn started(&self) -> anyhow::Result<&Position> {
        self.position.as_ref().ok_or_else(|| anyhow::anyhow!("game {} (games row {}): active, but no position stored", self.name, self.id))
    }

    /// Makes `pos` the game's position (saved with the row).
    pub fn set_position(&mut self, pos: Position) {
        self.position = Some(pos);
    }

    /// The game has no position (it is forming again).
    pub fn clear_position(&mut self) {
        self.position = None;
    }

    /// The seats, neutral powers and rulebook made again from the row's
    /// settings, after they were changed (the two-player game's coin, a
    /// rollback).
    pub fn settings_changed(&mut self) -> Result<(), LoadError> {
        (self.seats, self.neutral, self.rules) = table(&self.settings, &self.variant).map_err(|fault| self.unreadable(fault))?;
        Ok(())
    }

    /// The players read again (after rows were changed behind this value).
    pub fn reload_players(&mut self, conn: &Connection) -> rusqlite::Result<()> {
        self.players = Player::of_game(conn, self.id)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ConvoyIntent, RetreatDefault, RuleChoice};
    use crate::store::games::read_settings;

    const SETTINGS: &str = r#"{"press":"grey","partial":false,"nmr":true,"movement":"48h","retreat":"24h","adjustment":"24h","grace_secs":86400,"reminder_secs":43200,"assignment":"preference","rules":{"convoy_intent":"1992","retreat_default":"right_hand"}}"#;

    fn load(settings: &str) -> Result<Game, LoadError> {
        let mut g = Game::forming("demo", Arc::new(Variant::standard()), String::new(), "", read_settings("demo", SETTINGS).unwrap(), 0)?;
        (g.id, g.status) = (7, GameStatus::Active);
        g.settings = read_settings("demo", settings).unwrap();
        g.settings_changed()?;
        Ok(g)
    }

    #[test]
    fn a_game_is_read_once_into_its_rulebook_seats_and_position() {
        let g = load(SETTINGS).unwrap();
        assert_eq!((g.rules.convoy_intent, g.rules.retreat_default), (ConvoyIntent::Rulebook1992, RetreatDefault::RightHand));
        assert_eq!(g.seats.len(), 7);
        assert!(g.neutral.is_empty() && g.position.is_none() && g.ending.is_none());
        // a game for three players: Italy neutral, seats of several powers
        let three = SETTINGS.replace(
            r#""assignment""#,
            r#""neutral":["ITALY"],"groups":[["ENGLAND","GERMANY","AUSTRIA"],["RUSSIA","ITALY"],["FRANCE","TURKEY"]],"assignment""#,
        );
        let mut g = load(&three).unwrap();
        let v = Variant::standard();
        g.set_position(Position::initial(&v));
        let p = |n: &str| v.power_by_name(n).unwrap();
        assert_eq!(g.neutral, vec![p("ITALY")]);
        assert_eq!(g.seats.len(), 3);
        assert_eq!(g.group_of(p("GERMANY")), vec![p("ENGLAND"), p("GERMANY"), p("AUSTRIA")]);
        assert_eq!(g.seat_power(p("TURKEY")), p("FRANCE"));
        assert!(g.is_neutral(p("ITALY")) && g.rules.is_neutral(p("ITALY")));
        assert_eq!(g.position.as_ref().map(|pos| pos.phase), Some(v.start));
        assert_eq!(g.settings.rules.choices(), [RuleChoice::ConvoyIntent(ConvoyIntent::Rulebook1992), RuleChoice::RetreatDefault(RetreatDefault::RightHand)]);
    }

    #[test]
    fn a_stored_value_that_cannot_be_read_stops_the_load_naming_the_game_and_row() {
        let cases = [
            (SETTINGS.replace(r#""assignment""#, r#""neutral":["NARNIA"],"assignment""#), Fault::Power("NARNIA".into())),
            (SETTINGS.replace(r#""assignment""#, r#""closed":["XYZ"],"assignment""#), Fault::Province("XYZ".into())),
            (SETTINGS.replace(r#""assignment""#, r#""groups":[[]],"assignment""#), Fault::EmptySeat),
        ];
        for (settings, want) in cases {
            match load(&settings) {
                Err(e @ LoadError::Unreadable { .. }) => {
                    assert!(matches!(&e, LoadError::Unreadable { fault, .. } if *fault == want), "{e}");
                    assert!(e.to_string().starts_with("game demo (games row 7): "), "{e}");
                }
                other => panic!("{settings}: {:?}", other.err()),
            }
        }
    }

    #[test]
    fn the_marks_of_a_phase_are_over_when_the_game_moves_on() {
        let mut g = load(SETTINGS).unwrap();
        g.seq = 3;
        assert!(!g.marked(Mark::Reminded));
        g.mark(Mark::Reminded);
        g.mark(Mark::WaitingForMaster);
        assert!(g.marked(Mark::Reminded) && g.marked(Mark::WaitingForMaster) && !g.marked(Mark::LateNoticed));
        g.unmark(Mark::WaitingForMaster);
        assert!(g.marked(Mark::Reminded) && !g.marked(Mark::WaitingForMaster));
        // the next phase, and a rollback to an earlier one: nothing done there
        g.seq = 4;
        assert!(!g.marked(Mark::Reminded));
        g.seq = 2;
        assert!(!g.marked(Mark::Reminded));
    }
}
