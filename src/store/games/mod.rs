//! Games and their players as rows. Every state is a typed value; what is read
//! back goes through a strict reader (an unknown status or unreadable JSON is an
//! error naming the row, never a default). A game's row is read and written
//! here only (`row.rs`): the rest of the judge holds a `game::Game`.
//!
//! - `kinds.rs`: the words rows keep (statuses, roles, the options' values);
//! - `settings.rs`: a game's options (one JSON object);
//! - `row.rs`: a game's own row, its phase marks and its ending;
//! - `players.rs`: its players and observers.

mod kinds;
mod players;
mod row;
mod settings;

pub use kinds::{Access, Level, Rating};
pub use kinds::{
    Announcements, Anonymity, Assignment, Concessions, Draws, FakePress, GameStatus, GraceEnd, LatePress, Manual, MapPref, MasterPress, Nmr, ObserverPress,
    PartialPress, PlayerRole, PlayerStatus, PostalPress, Press, ProxyOrders, ReplyForm, UnorderedPress, Waiters,
};
pub use kinds::{BlankPress, Changers, GracePress, Listing, MinorPress, Moderation, PlayerCount, PlayerResume, Revealing, Sight, TouchPress, Watching};
pub use players::Player;
pub use row::{
    EndRecord, Ending, EndingError, Identity, Mark, PhaseMarks, PositionError, ReadError, RowFault, Stored, Write, by_id, by_name, exists, identities,
    identity_named, identity_of, insert, pause, position_text, read_position, save, set_variant, webhooks_of,
};
pub use settings::{CoMaster, GameRules, PerKind, Settings, SettingsError, StoredRuleError, WorldWar, ZoneError, read_settings, read_zone, settings_json};

use rusqlite::Connection;

/// The delay after the last orders of a game's current phase, in SQL: the
/// phase kind's own (`settings.phase_delay`, by the kind's letter ending the
/// phase's name, `S1901M`), else the game's (`settings.delay_secs`), else none.
const DELAY: &str = "coalesce(json_extract(settings, '$.phase_delay.' || CASE substr(json_extract(position, '$.phase'), -1) \
    WHEN 'M' THEN 'movement' WHEN 'R' THEN 'retreat' ELSE 'adjustment' END), json_extract(settings, '$.delay_secs'), 0)";

/// Games with deadline work due at `now`: a reminder not yet sent, the
/// master's delay after complete orders over, or the deadline passed
/// (and not parked waiting for the master), soonest first.
pub fn due(conn: &Connection, now: i64) -> rusqlite::Result<Vec<i64>> {
    let mut st = conn.prepare_cached(&format!(
        "SELECT id FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND (
            deadline <= ?1 OR (reminded < seq AND deadline - json_extract(settings, '$.reminder_secs') <= ?1)
            OR ready_since + {DELAY} <= ?1)
         ORDER BY deadline"
    ))?;
    st.query_map([now], |r| r.get(0))?.collect()
}

/// Games in play with a deadline, soonest first (at most `n`).
pub fn in_play(conn: &Connection, n: usize) -> rusqlite::Result<Vec<i64>> {
    let mut st = conn.prepare_cached("SELECT id FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL ORDER BY deadline LIMIT ?1")?;
    st.query_map([n as i64], |r| r.get(0))?.collect()
}

/// The earliest time after `after` at which a game has deadline work
/// ([`due`]): a reminder, the end of a delay, a deadline, a daily
/// late notice, the master's SET START, the end of a grace period.
pub fn next_due(conn: &Connection, after: i64) -> rusqlite::Result<Option<i64>> {
    conn.prepare_cached(&format!(
        "SELECT min(t) FROM (
            SELECT deadline - json_extract(settings, '$.reminder_secs') AS t FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND reminded < seq
            UNION ALL SELECT deadline FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq
            UNION ALL SELECT ready_since + {DELAY} FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND ready_since IS NOT NULL
            UNION ALL SELECT late_told + 86400 FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND late_told + 86400 < grace_until
            UNION ALL SELECT not_before FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND not_before IS NOT NULL
            UNION ALL SELECT grace_until FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND grace_until IS NOT NULL)
         WHERE t > ?1"
    ))?
    .query_row([after], |r| r.get(0))
}
