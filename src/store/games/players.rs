//! A game's players and observers as rows, read back strictly.

use super::kinds::{MapPref, PlayerRole, PlayerStatus, ReplyForm};
use super::settings::read_zone;
use crate::map::PowerId;
use rusqlite::{Connection, params};

fn json_error(col: usize, e: serde_json::Error) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(col, rusqlite::types::Type::Text, Box::new(e))
}

/// A stored set of powers (a concession, an alliance vote): a JSON array of
/// power numbers, read strictly.
fn power_set(text: Option<String>) -> Result<Option<Vec<PowerId>>, serde_json::Error> {
    text.map(|t| serde_json::from_str(&t)).transpose()
}

/// A player or an observer of a game, as its row holds it.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: i64,
    pub game_id: i64,
    pub role: PlayerRole,
    pub power: Option<PowerId>,
    pub email: String,
    pub pw_hash: Option<String>,
    pub preference: Option<String>,
    pub wait: bool,
    pub draw: Option<String>,
    /// The coalition this player concedes to (`SET CONCEDE`), in power order.
    pub concede: Option<Vec<PowerId>>,
    /// The alliance this player votes to win together (`SET ALLY`, its own
    /// power included), in power order.
    pub ally: Option<Vec<PowerId>>,
    pub absences: Vec<(i64, i64)>,
    pub status: PlayerStatus,
    pub joined: i64,
    /// When a takeover gave this player its seat (the master's approval, or
    /// the SIGNON itself); `None` for a seat taken before the game started.
    pub seated: Option<i64>,
    /// When the player resigned or was ejected.
    pub left: Option<i64>,
    /// Which pictures of the map results mails carry (`SET MAP`, the
    /// default: the PNG; `SET MAP SVG`: the SVG too; `SET NO MAP`: none).
    pub map: MapPref,
    /// The player's own time zone (`SET TIMEZONE`); `None`: the game's.
    pub timezone: Option<chrono_tz::Tz>,
    /// The name the player chose to be shown by (`SET NAME`); `None`: the power's.
    pub name: Option<String>,
    /// What replies to the player's mail show (`SET SHORT REPLY`: not the board).
    pub reply: ReplyForm,
}

impl Player {
    /// A new row (not yet inserted).
    pub fn new(game_id: i64, role: PlayerRole, email: &str, now: i64) -> Player {
        Player {
            id: 0,
            game_id,
            role,
            power: None,
            email: email.to_string(),
            pw_hash: None,
            preference: None,
            wait: false,
            draw: None,
            concede: None,
            ally: None,
            absences: vec![],
            status: PlayerStatus::Active,
            joined: now,
            seated: None,
            left: None,
            map: MapPref::Png,
            timezone: None,
            name: None,
            reply: ReplyForm::Full,
        }
    }
    pub fn of_game(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<Player>> {
        conn.prepare_cached(
            "SELECT id, game_id, role, power, email, pw_hash, preference, wait, draw, concede, absences, status, joined, ally, seated, left, map, timezone, name, reply FROM players WHERE game_id = ?1 ORDER BY id",
        )?
        .query_map([game_id], |r| {
            let abs: String = r.get(10)?;
            Ok(Player {
                id: r.get(0)?,
                game_id: r.get(1)?,
                role: r.get(2)?,
                power: r.get(3)?,
                email: r.get(4)?,
                pw_hash: r.get(5)?,
                preference: r.get(6)?,
                wait: r.get(7)?,
                draw: r.get(8)?,
                concede: power_set(r.get(9)?).map_err(|e| json_error(9, e))?,
                ally: power_set(r.get(13)?).map_err(|e| json_error(13, e))?,
                absences: serde_json::from_str(&abs).map_err(|e| json_error(10, e))?,
                status: r.get(11)?,
                joined: r.get(12)?,
                seated: r.get(14)?,
                left: r.get(15)?,
                map: r.get(16)?,
                timezone: read_zone(r.get(17)?).map_err(|e| rusqlite::Error::FromSqlConversionFailure(17, rusqlite::types::Type::Text, Box::new(e)))?,
                name: r.get(18)?,
                reply: r.get(19)?,
            })
        })?
        .collect()
    }
    pub fn insert(&mut self, conn: &Connection) -> rusqlite::Result<()> {
        conn.execute(
            "INSERT INTO players (game_id, role, power, email, pw_hash, preference, status, joined, seated, left, map) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            params![self.game_id, self.role, self.power, self.email, self.pw_hash, self.preference, self.status, self.joined, self.seated, self.left, self.map],
        )?;
        self.id = conn.last_insert_rowid();
        Ok(())
    }
    pub fn save(&self, conn: &Connection) -> rusqlite::Result<()> {
        let absences = serde_json::to_string(&self.absences).unwrap_or_else(|e| unreachable!("pairs of integers serialize: {e}"));
        let set = |s: &Option<Vec<PowerId>>| s.as_ref().map(|s| serde_json::to_string(s).unwrap_or_else(|e| unreachable!("integers serialize: {e}")));
        conn.prepare_cached(
            "UPDATE players SET power = ?2, email = ?3, pw_hash = ?4, preference = ?5, wait = ?6, draw = ?7, concede = ?8, absences = ?9, status = ?10, ally = ?11, seated = ?12, left = ?13, map = ?14, timezone = ?15, name = ?16, reply = ?17 WHERE id = ?1",
        )?
        .execute(params![
            self.id,
            self.power,
            self.email,
            self.pw_hash,
            self.preference,
            self.wait,
            self.draw,
            set(&self.concede),
            absences,
            self.status,
            set(&self.ally),
            self.seated,
            self.left,
            self.map,
            self.timezone.map(|z| z.name()),
            self.name,
            self.reply
        ])?;
        Ok(())
    }
    pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<()> {
        conn.execute("DELETE FROM players WHERE id = ?1", [id])?;
        Ok(())
    }
    /// The player who holds `power` now.
    pub fn active_for(players: &[Player], power: PowerId) -> Option<&Player> {
        players.iter().find(|p| p.role == PlayerRole::Player && p.power == Some(power) && p.status == PlayerStatus::Active)
    }
    /// Whether this row is a seated player still in the game.
    pub fn is_active_player(&self) -> bool {
        self.role == PlayerRole::Player && self.status == PlayerStatus::Active
    }
}
