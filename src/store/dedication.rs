//! The judge-wide record of an address (njudge's dedication, `data/dedsystems`):
//! the sums of its records of play over every seat its mailbox held, in every
//! game; the addresses linked to one registration (I AM ALSO) and the links
//! that wait for their codes; and the typed values of a game's join limits
//! (a ratio, kept in thousandths). Read back strictly.

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

/// The addresses one access list of a game (SET ALLOW PLAYER, SET DENY
/// PLAYER) holds at most.
pub const MAX_ACCESS_LIST: usize = 50;

/// A ratio from 0 to 1 in thousandths (njudge shows three decimals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u16", into = "u16")]
pub struct Ratio(u16);

/// A stored ratio past 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} thousandths is more than 1")]
pub struct RatioError(pub u16);

impl Ratio {
    /// One (a perfect on-time ratio).
    pub const ONE: Ratio = Ratio(1000);
    /// Zero.
    pub const ZERO: Ratio = Ratio(0);

    /// `n` thousandths, if no more than 1000.
    pub fn from_thousandths(n: u16) -> Option<Ratio> {
        (n <= 1000).then_some(Ratio(n))
    }

    pub fn thousandths(self) -> u16 {
        self.0
    }

    /// `n / d` to the nearest thousandth, at most 1 (`d` > 0).
    pub fn of(n: u32, d: u32) -> Ratio {
        let t = (u64::from(n) * 1000 + u64::from(d) / 2) / u64::from(d.max(1));
        Ratio(t.min(1000) as u16)
    }
}

impl TryFrom<u16> for Ratio {
    type Error = RatioError;
    fn try_from(n: u16) -> Result<Ratio, RatioError> {
        Ratio::from_thousandths(n).ok_or(RatioError(n))
    }
}

impl From<Ratio> for u16 {
    fn from(r: Ratio) -> u16 {
        r.0
    }
}

impl std::fmt::Display for Ratio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{:03}", self.0 / 1000, self.0 % 1000)
    }
}

/// The records of play of every seat one mailbox (or a registration's
/// mailboxes) held, summed: phases due, on time, late, missed; late notices
/// the judge sent; seats abandoned; civil disorders; seats held from a
/// game's start and seats taken over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    pub due: u32,
    pub on_time: u32,
    pub late: u32,
    pub missed: u32,
    pub notices: u32,
    pub abandoned: u32,
    pub disorders: u32,
    pub started: u32,
    pub took_over: u32,
    /// Dedication points the keeper added (ADJUST; may be negative).
    pub bonus: i64,
}

/// A seat a mailbox held: a player's row with a power, of a game that
/// started, not a takeover request (waiting, or refused: resigned without
/// ever leaving).
const HELD: &str = "p.role = 'player' AND p.power IS NOT NULL AND p.status <> 'pending' AND NOT (p.status = 'resigned' AND p.left IS NULL)";

/// The pattern of addresses `mailbox` may stand for with a `+tag` (for LIKE, `\` escaping).
fn tagged_pattern(mailbox: &str) -> String {
    let esc = |s: &str| s.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    match mailbox.rsplit_once('@') {
        Some((local, domain)) => format!("{}+%@{}", esc(local), esc(domain)),
        None => esc(mailbox),
    }
}

impl Sums {
    /// `r` added (a seat more, held from its game's start or taken over).
    pub fn add(&mut self, r: &SeatRecord) {
        self.due += r.due;
        self.on_time += r.on_time;
        self.late += r.late;
        self.missed += r.missed;
        self.notices += r.notices;
        self.abandoned += r.abandoned;
        self.disorders += r.disorders;
        if r.took_over { self.took_over += 1 } else { self.started += 1 }
    }
}

/// One seat's record, and the address that held it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    pub email: String,
    /// Taken over (else held from the game's start).
    pub took_over: bool,
    pub due: u32,
    pub on_time: u32,
    pub late: u32,
    pub missed: u32,
    pub notices: u32,
    pub abandoned: u32,
    pub disorders: u32,
}

/// The records of every seat, in every game, held from an address that may
/// be of mailbox `mailbox` (lower case, without a `+tag`): the address
/// itself in any case, or with a `+tag`. A `+tag` of a longer local part
/// is among them too (the caller keeps the seats of its mailbox only).
pub fn seats_of(conn: &Connection, mailbox: &str) -> rusqlite::Result<Vec<SeatRecord>> {
    let mut st = conn.prepare_cached(&format!(
        "SELECT p.email, p.seated IS NOT NULL, COALESCE(r.due, 0), COALESCE(r.on_time, 0), COALESCE(r.late, 0), COALESCE(r.missed, 0),
                COALESCE(r.late_notices, 0), COALESCE(r.abandoned, 0), COALESCE(r.disorders, 0)
         FROM players p JOIN games g ON g.id = p.game_id LEFT JOIN records_of_play r ON r.player_id = p.id
         WHERE {HELD} AND g.rated AND (p.email = ?1 COLLATE NOCASE OR p.email LIKE ?2 ESCAPE '\\') ORDER BY p.id"
    ))?;
    st.query_map(params![mailbox, tagged_pattern(mailbox)], |r| {
        Ok(SeatRecord {
            email: r.get(0)?,
            took_over: r.get(1)?,
            due: r.get(2)?,
            on_time: r.get(3)?,
            late: r.get(4)?,
            missed: r.get(5)?,
            notices: r.get(6)?,
            abandoned: r.get(7)?,
            disorders: r.get(8)?,
        })
    })?
    .collect()
}

/// The registration `mailbox` belongs to: the mailbox it was linked to (I
/// AM ALSO), else its own.
pub fn registration_of(conn: &Connection, mailbox: &str) -> rusqlite::Result<String> {
    let linked: Option<String> =
        conn.prepare_cached("SELECT registration FROM address_links WHERE mailbox = ?1")?.query_row([mailbox], |r| r.get(0)).optional()?;
    Ok(linked.unwrap_or_else(|| mailbox.to_string()))
}

/// Every mailbox of the registration `registration`: its own first, then
/// those linked to it, in the order they were linked.
pub fn mailboxes_of(conn: &Connection, registration: &str) -> rusqlite::Result<Vec<String>> {
    let mut out = vec![registration.to_string()];
    let mut st = conn.prepare_cached("SELECT mailbox FROM address_links WHERE registration = ?1 ORDER BY linked, mailbox")?;
    for m in st.query_map([registration], |r| r.get::<_, String>(0))? {
        out.push(m?);
    }
    Ok(out)
}

/// Links `mailbox` (and whatever was linked to it) to `registration`.
pub fn link(conn: &Connection, mailbox: &str, registration: &str, now: i64) -> rusqlite::Result<()> {
    conn.execute("UPDATE address_links SET registration = ?2 WHERE registration = ?1", params![mailbox, registration])?;
    conn.execute(
        "INSERT INTO address_links (mailbox, registration, linked) VALUES (?1, ?2, ?3)
         ON CONFLICT (mailbox) DO UPDATE SET registration = excluded.registration, linked = excluded.linked",
        params![mailbox, registration, now],
    )?;
    Ok(())
}

/// A link that waits for its codes: `mailbox` asked to be linked to the
/// registration of `registration`; the hashes of the code mailed there and
/// of the code in the reply to `mailbox`; when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkRequest {
    pub mailbox: String,
    pub registration: String,
    pub old_code: String,
    pub new_code: String,
    pub at: i64,
}

/// Keeps `r` (in place of any request `r.mailbox` made before).
pub fn save_request(conn: &Connection, r: &LinkRequest) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO link_requests (mailbox, registration, old_code, new_code, at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (mailbox) DO UPDATE SET registration = excluded.registration, old_code = excluded.old_code, new_code = excluded.new_code, at = excluded.at",
        params![r.mailbox, r.registration, r.old_code, r.new_code, r.at],
    )?;
    Ok(())
}

/// The request `mailbox` made, if one waits (made at `since` or later).
pub fn request_of(conn: &Connection, mailbox: &str, since: i64) -> rusqlite::Result<Option<LinkRequest>> {
    conn.query_row("SELECT mailbox, registration, old_code, new_code, at FROM link_requests WHERE mailbox = ?1 AND at >= ?2", params![mailbox, since], |r| {
        Ok(LinkRequest { mailbox: r.get(0)?, registration: r.get(1)?, old_code: r.get(2)?, new_code: r.get(3)?, at: r.get(4)? })
    })
    .optional()
}

/// Forgets the request of `mailbox`.
pub fn drop_request(conn: &Connection, mailbox: &str) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM link_requests WHERE mailbox = ?1", [mailbox])?;
    Ok(())
}

/// The keeper's changes to a registration's record (njudge's ADJUST and
/// RECORD): points added to its dedication, and what each count was set
/// to, kept as the difference from the count its seats give (so play goes
/// on counting from the value set).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjustment {
    pub points: i64,
    pub on_time: i64,
    pub due: i64,
    pub started: i64,
    pub abandoned: i64,
    pub took_over: i64,
}

impl Adjustment {
    /// `s` with the counts changed (none below 0 nor past `u32::MAX`).
    pub fn apply(&self, s: Sums) -> Sums {
        let f = |n: u32, d: i64| (i64::from(n).saturating_add(d)).clamp(0, i64::from(u32::MAX)) as u32;
        Sums {
            on_time: f(s.on_time, self.on_time),
            due: f(s.due, self.due),
            started: f(s.started, self.started),
            abandoned: f(s.abandoned, self.abandoned),
            took_over: f(s.took_over, self.took_over),
            bonus: s.bonus.saturating_add(self.points),
            ..s
        }
    }
}

/// The keeper's changes to the record of `registration` (none: all 0).
pub fn adjustment_of(conn: &Connection, registration: &str) -> rusqlite::Result<Adjustment> {
    conn.prepare_cached("SELECT points, on_time, due, started, abandoned, took_over FROM record_adjustments WHERE registration = ?1")?
        .query_row([registration], |r| {
            Ok(Adjustment { points: r.get(0)?, on_time: r.get(1)?, due: r.get(2)?, started: r.get(3)?, abandoned: r.get(4)?, took_over: r.get(5)? })
        })
        .optional()
        .map(Option::unwrap_or_default)
}

/// Keeps `a` as the keeper's changes to the record of `registration`.
pub fn save_adjustment(conn: &Connection, registration: &str, a: &Adjustment) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO record_adjustments (registration, points, on_time, due, started, abandoned, took_over) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (registration) DO UPDATE SET points = excluded.points, on_time = excluded.on_time, due = excluded.due,
         started = excluded.started, abandoned = excluded.abandoned, took_over = excluded.took_over",
        params![registration, a.points, a.on_time, a.due, a.started, a.abandoned, a.took_over],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ratio_is_read_strictly_and_rounded_to_thousandths() {
        assert_eq!(serde_json::from_str::<Ratio>("1000").unwrap(), Ratio::ONE);
        assert!(serde_json::from_str::<Ratio>("1001").is_err());
        assert_eq!(Ratio::of(2, 3).to_string(), "0.667");
        assert_eq!(Ratio::of(5, 4), Ratio::ONE, "at most one");
        assert_eq!(Ratio::of(0, 7).to_string(), "0.000");
    }

    #[test]
    fn links_follow_a_registration_and_move_with_it() {
        let c = crate::store::open_memory().unwrap();
        link(&c, "b@x.org", "a@x.org", 1).unwrap();
        assert_eq!(registration_of(&c, "b@x.org").unwrap(), "a@x.org");
        assert_eq!(registration_of(&c, "a@x.org").unwrap(), "a@x.org");
        // a registration linked on carries what was linked to it
        link(&c, "a@x.org", "z@x.org", 2).unwrap();
        assert_eq!(registration_of(&c, "b@x.org").unwrap(), "z@x.org");
        assert_eq!(mailboxes_of(&c, "z@x.org").unwrap(), ["z@x.org", "b@x.org", "a@x.org"]);
        assert_eq!(tagged_pattern("a_b@x.org"), "a\\_b+%@x.org");
    }
}
