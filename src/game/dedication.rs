//! njudge's three figures of a player's record (its `data/dedsystems`),
//! judge-wide for an address: the dedication points, the on-time ratio and
//! the CD ratio, from the summed records of every seat its registration's
//! mailboxes held ([`crate::store::dedication::Sums`]); and a game's limits
//! on who joins it by them and by its access lists (docs/RULES.md,
//! "Records and join limits").

use crate::store::dedication::{self as stored, Ratio, Sums};
use crate::store::games::{Access, Level, Settings};
use rusqlite::Connection;

/// Points a phase ordered on time earns.
pub const ON_TIME_POINTS: i64 = 3;
/// Points a late notice costs.
pub const LATE_NOTICE_POINTS: i64 = -1;
/// Points a seat abandoned costs (left owing orders).
pub const ABANDONED_POINTS: i64 = -50;
/// Points a civil disorder costs.
pub const DISORDER_POINTS: i64 = -100;

pub use crate::store::dedication::MAX_ACCESS_LIST;

/// The addresses that may be linked to one registration (I AM ALSO), its own not counted.
pub const MAX_LINKED: usize = 10;

/// An address's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Figures(pub Sums);

impl Figures {
    /// njudge's dedication points: 3 a phase on time, less 1 a late notice,
    /// 50 a seat abandoned and 100 a civil disorder.
    pub fn points(&self) -> i64 {
        let s = &self.0;
        ON_TIME_POINTS * i64::from(s.on_time)
            + LATE_NOTICE_POINTS * i64::from(s.notices)
            + ABANDONED_POINTS * i64::from(s.abandoned)
            + DISORDER_POINTS * i64::from(s.disorders)
            + s.bonus
    }

    /// Phases on time of phases due; `None` for a newcomer (0 of 0: perfect).
    pub fn on_time(&self) -> Option<Ratio> {
        (self.0.due > 0).then(|| Ratio::of(self.0.on_time, self.0.due))
    }

    /// The seats held: games started and seats taken over.
    pub fn seats(&self) -> u32 {
        self.0.started + self.0.took_over
    }

    /// Times in civil disorder or a seat abandoned (njudge counts both in its CD ratio).
    pub fn cd_count(&self) -> u32 {
        self.0.disorders + self.0.abandoned
    }

    /// The CD ratio: civil disorders and seats abandoned of seats held
    /// (at most 1); `None` for a newcomer (0 of 0: perfect).
    pub fn cd(&self) -> Option<Ratio> {
        (self.seats() > 0).then(|| Ratio::of(self.cd_count(), self.seats()))
    }

    /// Whether the on-time ratio is at least `min` (a newcomer's always is).
    pub fn on_time_at_least(&self, min: Ratio) -> bool {
        self.0.due == 0 || u64::from(self.0.on_time) * 1000 >= u64::from(min.thousandths()) * u64::from(self.0.due)
    }

    /// Whether the CD ratio is at most `max` (a newcomer's always is).
    pub fn cd_at_most(&self, max: Ratio) -> bool {
        self.seats() == 0 || u64::from(self.cd_count()) * 1000 <= u64::from(max.thousandths()) * u64::from(self.seats())
    }
}

/// The mailboxes of the registration `addr` belongs to (its own, or the
/// one it was linked to by I AM ALSO, first; then every one linked to it).
pub fn mailboxes(conn: &Connection, addr: &str) -> rusqlite::Result<Vec<String>> {
    let registration = stored::registration_of(conn, &crate::mail::mailbox_key(addr))?;
    stored::mailboxes_of(conn, &registration)
}

/// The summed records of every seat held from `mailboxes` (a registration's,
/// its own first), in every rated game, with the keeper's changes to it.
pub fn sums(conn: &Connection, mailboxes: &[String]) -> rusqlite::Result<Sums> {
    let played = played(conn, mailboxes)?;
    let Some(registration) = mailboxes.first() else { return Ok(played) };
    Ok(stored::adjustment_of(conn, registration)?.apply(played))
}

/// The same as played, without the keeper's changes.
pub fn played(conn: &Connection, mailboxes: &[String]) -> rusqlite::Result<Sums> {
    let mut s = Sums::default();
    for m in mailboxes {
        for seat in stored::seats_of(conn, m)?.iter().filter(|r| crate::mail::mailbox_key(&r.email) == *m) {
            s.add(seat);
        }
    }
    Ok(s)
}

/// The figures of `addr`: its registration's, over every seat its
/// mailboxes held; and those mailboxes.
pub fn of_address(conn: &Connection, addr: &str) -> rusqlite::Result<(Figures, Vec<String>)> {
    let boxes = mailboxes(conn, addr)?;
    Ok((Figures(sums(conn, &boxes)?), boxes))
}

/// Which access list of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessList {
    /// SET ALLOW PLAYER: when it holds anyone, only they may join or observe.
    Allow,
    /// SET DENY PLAYER: they may not (not looked at while the allow list holds anyone).
    Deny,
}

/// Why the judge refuses a join, a limit the master set, or a link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DedicationRefusal {
    /// The game's SET DEDICATION: the least it takes, and the sender's.
    DedicationTooLow {
        game: String,
        least: i64,
        have: i64,
    },
    /// SET ONTIMERAT.
    OnTimeTooLow {
        game: String,
        least: Ratio,
        have: Ratio,
    },
    /// SET RESRAT.
    CdTooHigh {
        game: String,
        most: Ratio,
        have: Ratio,
    },
    /// The allow list holds others only.
    NotAllowed {
        game: String,
    },
    /// On the deny list.
    Denied {
        game: String,
    },
    /// The master's limit past the master's own figure (njudge's rule).
    DedicationAboveOwn {
        level: i64,
        own: i64,
    },
    OnTimeAboveOwn {
        level: Ratio,
        own: Ratio,
    },
    CdBelowOwn {
        level: Ratio,
        own: Ratio,
    },
    /// INFO PLAYER without an address.
    InfoPlayerUsage,
    /// I AM ALSO without an address, or with other words than its codes.
    IAmAlsoUsage,
    /// I AM ALSO of an address the judge does not know (no profile, no seat ever).
    UnknownAddress {
        address: String,
    },
    /// I AM ALSO of an address that is the sender's own registration already.
    SameRegistration {
        address: String,
    },
    /// The registration has [`MAX_LINKED`] addresses linked already.
    TooManyLinked {
        max: usize,
    },
    /// I AM ALSO address codes: no request waits for them.
    WrongLinkCodes {
        address: String,
    },
    /// SET ACCESS SAME: the joiner's site is not the master's.
    NotMastersSite {
        game: String,
        site: String,
    },
    /// SET ACCESS DIFFERENT: a player of the game is of the joiner's site.
    SiteTaken {
        game: String,
        site: String,
    },
    /// SET LEVEL: the joiner registered no class.
    NoLevel {
        game: String,
        level: Level,
    },
    /// SET LEVEL: the joiner's class is not the game's.
    WrongLevel {
        game: String,
        level: Level,
        yours: Level,
    },
    /// ADJUST or RECORD from another address than the keeper's.
    KeeperOnly,
    /// ADJUST or RECORD before the keeper set a password for them.
    NoKeeperPassword,
    WrongKeeperPassword,
    AdjustUsage,
    RecordUsage,
    /// ADJUST by more than [`MAX_ADJUST`] either way.
    AdjustTooLarge {
        word: String,
    },
    /// RECORD of a value past [`MAX_RECORD_VALUE`].
    RecordTooLarge {
        word: String,
    },
    /// RECORD of a field that is none of njudge's five.
    NoSuchField {
        word: String,
    },
}

/// The classes a registered or a game's class stands for (Amateur: Novice
/// or Intermediate; Advanced: Intermediate or Expert; Any: all three).
fn classes(l: Level) -> &'static [Level] {
    match l {
        Level::Novice => &[Level::Novice],
        Level::Intermediate => &[Level::Intermediate],
        Level::Expert => &[Level::Expert],
        Level::Amateur => &[Level::Novice, Level::Intermediate],
        Level::Advanced => &[Level::Intermediate, Level::Expert],
        Level::Any => &[Level::Novice, Level::Intermediate, Level::Expert],
    }
}

/// The class a registration's `Level:` line names: its first word that is
/// one (`Expert`, `novice player`); none when it names none, or names
/// several (njudge's form left as it came: "Novice, Amateur, ... or Expert").
pub fn registered_level(text: &str) -> Option<Level> {
    let named: Vec<Level> =
        text.split(|c: char| !c.is_ascii_alphabetic()).filter_map(|w| Level::from_word(&w.to_ascii_lowercase())).filter(|l| *l != Level::Any).collect();
    match named.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// Whether a player of class `player` may join a game for `game`: every
/// class the player's stands for is one the game takes.
pub fn level_fits(game: Level, player: Level) -> bool {
    game == Level::Any || classes(player).iter().all(|c| classes(game).contains(c))
}

/// A player's site as compared: the `Site:` registered (any case, blanks
/// squeezed), else the domain of the address.
pub fn site(registered: Option<&str>, address: &str) -> String {
    match registered.map(|s| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()).filter(|s| !s.is_empty()) {
        Some(s) => s,
        None => address.rsplit_once('@').map_or(address, |(_, d)| d).to_ascii_lowercase(),
    }
}

/// Whether a joiner of site `own` may join the game `game` by its
/// `access`: the master's site `master`, the other players' `others`.
pub fn site_admits(game: &str, access: Access, own: &str, master: &str, others: &[String]) -> Result<(), DedicationRefusal> {
    match access {
        Access::Any => Ok(()),
        Access::Same if own != master => Err(DedicationRefusal::NotMastersSite { game: game.to_string(), site: own.to_string() }),
        Access::Different if others.iter().any(|o| o == own) => Err(DedicationRefusal::SiteTaken { game: game.to_string(), site: own.to_string() }),
        Access::Same | Access::Different => Ok(()),
    }
}

/// Whether a joiner who registered `registered` (a `Level:` line, or none)
/// may join a game for `level`.
pub fn level_admits(game: &str, level: Level, registered: Option<&str>) -> Result<(), DedicationRefusal> {
    if level == Level::Any {
        return Ok(());
    }
    let Some(yours) = registered.and_then(registered_level) else { return Err(DedicationRefusal::NoLevel { game: game.to_string(), level }) };
    if level_fits(level, yours) { Ok(()) } else { Err(DedicationRefusal::WrongLevel { game: game.to_string(), level, yours }) }
}

/// The most points one ADJUST adds or takes.
pub const MAX_ADJUST: i64 = 100_000;
/// The largest count RECORD sets.
pub const MAX_RECORD_VALUE: u32 = 1_000_000;

/// A count of a record the keeper's RECORD sets (njudge's field numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordField {
    /// 1: phases ordered on time.
    OnTime,
    /// 2: phases due.
    Due,
    /// 3: games started.
    Started,
    /// 4: seats abandoned (njudge's resignations).
    Abandoned,
    /// 5: seats taken over.
    TookOver,
}

impl RecordField {
    /// njudge's number or a name (`1`, `ONTIME`, `TOTAL`, `RESIGNATIONS` ...).
    pub fn parse(word: &str) -> Option<RecordField> {
        Some(match word.to_ascii_uppercase().as_str() {
            "1" | "ONTIME" | "ON-TIME" => RecordField::OnTime,
            "2" | "TOTAL" | "DUE" => RecordField::Due,
            "3" | "START" | "STARTS" | "STARTED" => RecordField::Started,
            "4" | "RESIGNATIONS" | "RESIGNED" | "ABANDONED" => RecordField::Abandoned,
            "5" | "TOOKOVER" | "TOOKOVERS" | "TAKEOVERS" => RecordField::TookOver,
            _ => return None,
        })
    }

    /// The count in `s`.
    pub fn of(self, s: &Sums) -> u32 {
        match self {
            RecordField::OnTime => s.on_time,
            RecordField::Due => s.due,
            RecordField::Started => s.started,
            RecordField::Abandoned => s.abandoned,
            RecordField::TookOver => s.took_over,
        }
    }

    /// The keeper's change of this count in `a`.
    pub fn change(self, a: &mut stored::Adjustment) -> &mut i64 {
        match self {
            RecordField::OnTime => &mut a.on_time,
            RecordField::Due => &mut a.due,
            RecordField::Started => &mut a.started,
            RecordField::Abandoned => &mut a.abandoned,
            RecordField::TookOver => &mut a.took_over,
        }
    }
}

/// Whether `figures` may join (or take over a seat of) the game of `s`, by its limits.
pub fn admits(game: &str, s: &Settings, figures: &Figures) -> Result<(), DedicationRefusal> {
    if let Some(least) = s.min_dedication
        && figures.points() < least
    {
        return Err(DedicationRefusal::DedicationTooLow { game: game.to_string(), least, have: figures.points() });
    }
    if let Some(least) = s.min_on_time
        && !figures.on_time_at_least(least)
    {
        return Err(DedicationRefusal::OnTimeTooLow { game: game.to_string(), least, have: figures.on_time().unwrap_or(Ratio::ONE) });
    }
    if let Some(most) = s.max_cd
        && !figures.cd_at_most(most)
    {
        return Err(DedicationRefusal::CdTooHigh { game: game.to_string(), most, have: figures.cd().unwrap_or(Ratio::ZERO) });
    }
    Ok(())
}

/// Whether the address of `mailboxes` (its registration's, any of which
/// may be listed) may join or observe the game of `s`, by its access lists.
pub fn listed(game: &str, s: &Settings, mailboxes: &[String]) -> Result<(), DedicationRefusal> {
    let on = |list: &[String]| mailboxes.iter().any(|m| list.contains(m));
    if !s.allow_players.is_empty() {
        return if on(&s.allow_players) { Ok(()) } else { Err(DedicationRefusal::NotAllowed { game: game.to_string() }) };
    }
    if on(&s.deny_players) {
        return Err(DedicationRefusal::Denied { game: game.to_string() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_are_njudges() {
        let f = Figures(Sums { due: 10, on_time: 8, late: 1, missed: 1, notices: 3, abandoned: 1, disorders: 1, started: 3, took_over: 1, bonus: 0 });
        assert_eq!(f.points(), 24 - 3 - 50 - 100);
        assert_eq!(f.on_time().map(|r| r.to_string()).as_deref(), Some("0.800"));
        assert_eq!(f.cd().map(|r| r.to_string()).as_deref(), Some("0.500"));
        assert!(f.on_time_at_least(Ratio::from_thousandths(800).unwrap()) && !f.on_time_at_least(Ratio::from_thousandths(801).unwrap()));
        assert!(f.cd_at_most(Ratio::from_thousandths(500).unwrap()) && !f.cd_at_most(Ratio::from_thousandths(499).unwrap()));
        let newcomer = Figures::default();
        assert_eq!((newcomer.points(), newcomer.on_time(), newcomer.cd()), (0, None, None));
        assert!(newcomer.on_time_at_least(Ratio::ONE) && newcomer.cd_at_most(Ratio::ZERO));
    }
}
