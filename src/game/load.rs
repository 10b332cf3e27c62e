//! A stored game, loaded once into the typed value the rest of the judge
//! works on: its variant resolved, its position and ending read strictly,
//! its rulebook made, its seats and neutral powers as power numbers, and its
//! players. A stored value that cannot be read stops the load with the game
//! and the row named ([`LoadError`]).

use crate::adjudicate::Position;
use crate::map::{PowerId, Prov, Variant};
use crate::rules::{Rulebook, SideVictory, WORLD_WAR_CENTERS};
use crate::store::disorder::{self, Cause, Record};
use crate::store::games::{Ending, GameRow, Player};
use crate::variants::{Catalog, FindError};
use rusqlite::Connection;
use std::sync::Arc;

/// What of a game's row could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    #[error("stored position unreadable: {0}")]
    Position(String),
    #[error("stored ending unreadable: {0}")]
    Ending(String),
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
    #[error("game {game} (games row {id}): its variant: {source}")]
    Variant { game: String, id: i64, source: FindError },
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

impl LoadError {
    /// `fault` in `row`, naming its game and row.
    fn unreadable(row: &GameRow, fault: Fault) -> LoadError {
        LoadError::Unreadable { game: row.name.clone(), id: row.id, fault }
    }
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

/// A game as the judge works on it. The stored row stays reachable (and
/// is what [`GameRow::save`] writes); what the row means is read here once.
#[derive(Clone)]
pub struct Game {
    pub row: GameRow,
    pub variant: Arc<Variant>,
    /// The current position (`None` until the game starts).
    pub position: Option<Position>,
    /// The variant's rules with the game's options, neutral powers, closed
    /// provinces and victory conditions.
    pub rules: Rulebook,
    pub seats: Vec<Seat>,
    /// The powers no one plays (a game for fewer players).
    pub neutral: Vec<PowerId>,
    /// Every player and observer row, in the order they joined.
    pub players: Vec<Player>,
    /// How the game ended (`None`: not over, or over before endings were kept).
    pub ending: Option<Ending>,
    /// The powers in civil disorder (by their seat's own power), in power order.
    pub disorder: Vec<Disorder>,
    /// Each seated player's record of play in this game, by player row id
    /// (a player with none yet has none here).
    pub records: Vec<(i64, Record)>,
}

/// A power in civil disorder: from which phase, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disorder {
    pub power: PowerId,
    pub since: crate::phase::Phase,
    pub cause: Cause,
}

impl std::ops::Deref for Game {
    type Target = GameRow;
    fn deref(&self) -> &GameRow {
        &self.row
    }
}

impl std::ops::DerefMut for Game {
    fn deref_mut(&mut self) -> &mut GameRow {
        &mut self.row
    }
}

/// Game `id`, loaded (see [`Game`]).
pub fn load(conn: &Connection, variants: &mut Catalog, id: i64) -> Result<Game, LoadError> {
    read(conn, variants, GameRow::by_id(conn, id)?)
}

/// The game called `name`, if there is one, loaded.
pub fn load_named(conn: &Connection, variants: &mut Catalog, name: &str) -> Result<Option<Game>, LoadError> {
    GameRow::by_name(conn, name)?.map(|row| read(conn, variants, row)).transpose()
}

/// Reads a stored row and its players into a [`Game`].
pub fn read(conn: &Connection, variants: &mut Catalog, row: GameRow) -> Result<Game, LoadError> {
    let players = Player::of_game(conn, row.id)?;
    let variant = variants.get(&row.variant).map_err(|source| LoadError::Variant { game: row.name.clone(), id: row.id, source })?;
    let mut game = of_row(row, variant, players)?;
    game.disorder = disorder::of_game(conn, game.id)?
        .into_iter()
        .map(|d| read_disorder(game.v(), d).map_err(|fault| LoadError::unreadable(&game.row, fault)))
        .collect::<Result<_, _>>()?;
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

/// A [`Game`] from its row, its variant and its players.
pub fn of_row(row: GameRow, variant: Arc<Variant>, players: Vec<Player>) -> Result<Game, LoadError> {
    let v = &*variant;
    let fault = |fault: Fault| LoadError::unreadable(&row, fault);
    let position = row.read_position(v).map_err(|why| fault(Fault::Position(why)))?;
    let ending = row.read_ending(v).map_err(|why| fault(Fault::Ending(why)))?;
    let (seats, neutral, rules) = table(&row, v)?;
    Ok(Game { row, variant, position, rules, seats, neutral, players, ending, disorder: Vec::new(), records: Vec::new() })
}

/// What the settings make of the table: the seats, the neutral powers and
/// the rulebook.
fn table(row: &GameRow, v: &Variant) -> Result<(Vec<Seat>, Vec<PowerId>, Rulebook), LoadError> {
    let fault = |fault: Fault| LoadError::unreadable(row, fault);
    let power = |n: &String| v.power_by_name(n).ok_or_else(|| fault(Fault::Power(n.clone())));
    let neutral = row.settings.neutral.iter().map(power).collect::<Result<Vec<_>, _>>()?;
    let seats = if row.settings.groups.is_empty() {
        (0..v.powers.len() as PowerId).filter(|p| !neutral.contains(p)).map(|p| Seat { powers: vec![p] }).collect()
    } else {
        let mut seats = Vec::new();
        for g in &row.settings.groups {
            let powers = g.iter().map(power).collect::<Result<Vec<_>, _>>()?;
            if powers.is_empty() {
                return Err(fault(Fault::EmptySeat));
            }
            seats.push(Seat { powers });
        }
        seats
    };
    let closed = row.settings.closed.iter().map(|c| v.prov_by_code(c).ok_or_else(|| fault(Fault::Province(c.clone())))).collect::<Result<Vec<Prov>, _>>()?;
    let rules = rulebook(row, v, &seats, &neutral, &closed);
    Ok((seats, neutral, rules))
}

/// The game's rulebook: the variant's, with the game's rule options, its
/// neutral powers and closed provinces, and its victory conditions.
fn rulebook(row: &GameRow, v: &Variant, seats: &[Seat], neutral: &[PowerId], closed: &[Prov]) -> Rulebook {
    let mut r = Rulebook::for_variant(v);
    for c in row.settings.rules.choices() {
        c.apply(&mut r);
    }
    let mut r = r.with_neutral(neutral).with_closed(closed).with_victory_count(row.settings.victory_count);
    if row.settings.world_war.is_some() {
        // a side wins with its centres together (its seat's powers)
        let mask = |i: usize| seats.get(i).map_or(0, |s| s.powers.iter().filter(|&&p| p < 64).fold(0u64, |m, &p| m | 1 << p));
        r.sides = Some(SideVictory { sides: [mask(0), mask(1)], centers: WORLD_WAR_CENTERS });
    }
    r
}

impl Game {
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
        self.position.as_ref().ok_or_else(|| anyhow::anyhow!("game {} (games row {}): active, but no position stored", self.row.name, self.row.id))
    }

    /// Makes `pos` the game's position (typed and as stored; saved with
    /// the row).
    pub fn set_position(&mut self, pos: Position) {
        self.row.position = Some(crate::contract::position_to_json(&self.variant, &pos).to_string());
        self.position = Some(pos);
    }

    /// The seats, neutral powers and rulebook made again from the row's
    /// settings, after they were changed (the two-player game's coin, a
    /// rollback).
    pub fn settings_changed(&mut self) -> Result<(), LoadError> {
        (self.seats, self.neutral, self.rules) = table(&self.row, &self.variant)?;
        Ok(())
    }

    /// The players read again (after rows were changed behind this value).
    pub fn reload_players(&mut self, conn: &Connection) -> rusqlite::Result<()> {
        self.players = Player::of_game(conn, self.row.id)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ConvoyIntent, RetreatDefault, RuleChoice};
    use crate::store::games::{GameStatus, read_settings};

    const SETTINGS: &str = r#"{"press":"grey","partial":false,"nmr":true,"movement":"48h","retreat":"24h","adjustment":"24h","grace_secs":86400,"reminder_secs":43200,"assignment":"preference","rules":{"convoy_intent":"1992","retreat_default":"right_hand"}}"#;

    fn row(settings: &str) -> GameRow {
        GameRow { id: 7, status: GameStatus::Active, ..GameRow::forming("demo", "standard", String::new(), "", read_settings("demo", settings).unwrap(), 0) }
    }

    fn load(row: GameRow) -> Result<Game, LoadError> {
        of_row(row, Arc::new(Variant::standard()), Vec::new())
    }

    #[test]
    fn a_game_is_read_once_into_its_rulebook_seats_and_position() {
        let g = load(row(SETTINGS)).unwrap();
        assert_eq!((g.rules.convoy_intent, g.rules.retreat_default), (ConvoyIntent::Rulebook1992, RetreatDefault::RightHand));
        assert_eq!(g.seats.len(), 7);
        assert!(g.neutral.is_empty() && g.position.is_none() && g.ending.is_none());
        // a game for three players: Italy neutral, seats of several powers
        let three = SETTINGS.replace(
            r#""assignment""#,
            r#""neutral":["ITALY"],"groups":[["ENGLAND","GERMANY","AUSTRIA"],["RUSSIA","ITALY"],["FRANCE","TURKEY"]],"assignment""#,
        );
        let mut r = row(&three);
        let v = Variant::standard();
        r.position = Some(crate::contract::position_to_json(&v, &Position::initial(&v)).to_string());
        let g = load(r).unwrap();
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
            match load(row(&settings)) {
                Err(e @ LoadError::Unreadable { .. }) => {
                    assert!(matches!(&e, LoadError::Unreadable { fault, .. } if *fault == want), "{e}");
                    assert!(e.to_string().starts_with("game demo (games row 7): "), "{e}");
                }
                other => panic!("{settings}: {:?}", other.err()),
            }
        }
        let mut r = row(SETTINGS);
        r.position = Some("{\"phase\":\"S1901M\"".into());
        let e = load(r).err().expect("an unreadable position");
        assert!(matches!(e, LoadError::Unreadable { fault: Fault::Position(_), .. }), "{e}");
        assert!(e.to_string().starts_with("game demo (games row 7): stored position unreadable: not JSON"), "{e}");
        let mut r = row(SETTINGS);
        r.ending = Some(r#"{"end":"solo","powers":["NARNIA"],"phase":"F1905M"}"#.into());
        let e = load(r).err().expect("an unreadable ending");
        assert!(e.to_string().contains("stored ending unreadable: unknown power `NARNIA`"), "{e}");
    }
}
