//! Games and their players as rows. Every state is a typed value; what is read
//! back goes through a strict reader (an unknown status or unreadable JSON is an
//! error naming the row, never a default).

use crate::adjudicate::Position;
use crate::contract::position_from_json;
use crate::map::{PowerId, Variant};
use crate::rules::RuleChoice;
use crate::timing::Schedule;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Declares a text-stored enum: its words, `Display`, and strict SQL conversion.
macro_rules! text_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $word:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name { $($(#[$vm])* #[serde(rename = $word)] $var),+ }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$var),+];
            pub fn as_str(self) -> &'static str {
                match self { $($name::$var => $word),+ }
            }
            pub fn from_word(w: &str) -> Option<$name> {
                match w { $($word => Some($name::$var),)+ _ => None }
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.as_str()))
            }
        }
        impl FromSql for $name {
            fn column_result(v: ValueRef<'_>) -> FromSqlResult<Self> {
                let s = v.as_str()?;
                $name::from_word(s).ok_or_else(|| FromSqlError::Other(format!("`{s}` is not a {}", stringify!($name)).into()))
            }
        }
    };
}

text_enum!(
    /// Where a game is in its life.
    GameStatus { Forming = "forming", Active = "active", Finished = "finished" }
);
text_enum!(
    /// What a row of `players` is.
    PlayerRole { Player = "player", Observer = "observer" }
);
text_enum!(
    /// Whether a player (or observer) still takes part.
    PlayerStatus {
        Active = "active",
        Resigned = "resigned",
        Ejected = "ejected",
        Eliminated = "eliminated",
        /// An observer who has not yet confirmed the subscription.
        Pending = "pending",
    }
);
text_enum!(
    /// The press rules of a game: which of white and grey press players may
    /// send, and which is the default (njudge's White, White/Grey,
    /// Grey/White, Grey and None). `grey` is njudge's White/Grey (both,
    /// white unless GREY is written), as it always was stored.
    Press {
        White = "white",
        Grey = "grey",
        GreyWhite = "grey/white",
        GreyOnly = "grey_only",
        None = "none",
    }
);
text_enum!(
    /// Whether press may be faked (njudge's No Fake, Partial may be Faked,
    /// Partial Fakes Broadcast by default, Partial Fakes Broadcast).
    FakePress {
        No = "no",
        May = "may",
        BroadcastByDefault = "broadcast_by_default",
        Broadcast = "broadcast",
    }
);
text_enum!(
    /// What press observers may send (njudge's SET OBSERVER ...).
    ObserverPress { Any = "any", Partial = "partial", White = "white", None = "none" }
);
text_enum!(
    /// Whether postal press (POSTALPRESS: broadcast, white, released with
    /// the next results) is allowed.
    PostalPress { Off = "off", On = "on" }
);
text_enum!(
    /// Whether the master gets a copy of all partial press (njudge's SET ALL
    /// PRESS / SET NORMAL PRESS).
    MasterPress { Normal = "normal", All = "all" }
);

impl Press {
    /// Whether players may send grey press.
    pub fn grey_allowed(self) -> bool {
        matches!(self, Press::Grey | Press::GreyWhite | Press::GreyOnly)
    }
    /// Whether players may send white press.
    pub fn white_allowed(self) -> bool {
        matches!(self, Press::White | Press::Grey | Press::GreyWhite)
    }
    /// Whether press is grey unless WHITE is written.
    pub fn grey_by_default(self) -> bool {
        matches!(self, Press::GreyWhite | Press::GreyOnly)
    }
}

macro_rules! default_first {
    ($($name:ident = $first:ident),+) => {$(
        impl Default for $name {
            fn default() -> $name {
                $name::$first
            }
        }
        impl $name {
            /// Whether this is the default (left out of the stored settings).
            pub fn is_default(&self) -> bool {
                *self == $name::$first
            }
        }
    )+};
}
default_first!(FakePress = No, ObserverPress = Any, PostalPress = Off, MasterPress = Normal);
text_enum!(
    /// How powers are given out when a game starts.
    Assignment { Random = "random", Preference = "preference" }
);

/// Declares a two-way game setting stored as a JSON boolean (as it was
/// before it was typed): `$yes` is stored `true` and is the default.
macro_rules! switch_enum {
    ($(#[$m:meta])* $name:ident { $(#[$ym:meta])* $yes:ident, $(#[$nm:meta])* $no:ident $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
        pub enum $name {
            $(#[$ym])*
            #[default]
            $yes,
            $(#[$nm])*
            $no,
        }
        impl From<bool> for $name {
            fn from(b: bool) -> $name {
                if b { $name::$yes } else { $name::$no }
            }
        }
        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bool(*self == $name::$yes)
            }
        }
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                bool::deserialize(d).map($name::from)
            }
        }
    };
}

switch_enum!(
    /// Press to some powers only, or broadcasts only (stored as `partial`).
    PartialPress {
        Allowed,
        BroadcastOnly,
    }
);
switch_enum!(
    /// After the grace period: missing orders take the defaults, or the
    /// game waits for the master (stored as `nmr`).
    Nmr {
        Defaults,
        WaitForMaster,
    }
);
switch_enum!(
    /// Which draws there are (stored as `dias`): of every survivor (DIAS),
    /// or of some, if every survivor votes for it (NODIAS).
    Draws {
        AllSurvivors,
        SomeSurvivors,
    }
);
switch_enum!(
    /// Who plays which power (stored as `anonymous`): hidden from the
    /// players until the game is over, or shown (SUMMARY names them).
    Anonymity {
        Hidden,
        Shown,
    }
);

switch_enum!(
    /// Whether a survivor may concede to the largest power (stored as
    /// `concessions`; njudge's `SET [NO] CONCESSIONS`).
    Concessions {
        Allowed,
        Refused,
    }
);
switch_enum!(
    /// Whether a power late with its orders (the deadline passed) may send
    /// press to others than the master (stored as `late_press`; njudge's
    /// `SET [NO] LATE PRESS`).
    LatePress {
        Allowed,
        Refused,
    }
);
switch_enum!(
    /// Whether a power that owes orders may send press to others than the
    /// master before its orders are complete (stored as `unordered_press`;
    /// njudge's `SET [NO] MUST ORDER` is its `Refused`).
    UnorderedPress {
        Allowed,
        Refused,
    }
);
switch_enum!(
    /// Who may SET WAIT (stored as `anyone_waits`; njudge's `SET [NO]
    /// STRICT WAIT` is its `Owing`): any player, or only one whose powers
    /// owe orders in the phase.
    Waiters {
        Anyone,
        Owing,
    }
);
switch_enum!(
    /// Whether the table hears of resignations, takeovers and civil disorder
    /// (stored as `announce`; njudge's `SET [NO] QUIET` is its `Quiet`).
    Announcements {
        Loud,
        Quiet,
    }
);

/// A game's options (stored as JSON).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub press: Press,
    pub partial: PartialPress,
    pub nmr: Nmr,
    pub movement: Schedule,
    pub retreat: Schedule,
    pub adjustment: Schedule,
    pub grace_secs: i64,
    pub reminder_secs: i64,
    #[serde(default)]
    pub list_address: Option<String>,
    /// Whether someone at the list address confirmed it (with the code the
    /// judge mailed there): until then the list gets nothing but that
    /// request. Lists set before confirmations existed count as confirmed.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub list_confirmed: bool,
    /// The list's code: confirms it while it waits, stops it after
    /// (`UNOBSERVE game code`, the list mail's List-Unsubscribe).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub list_code: Option<String>,
    /// List addresses that asked for no more of this game's mail: they stay
    /// off until someone there confirms a new request (`SET LIST` again).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub list_stopped: Vec<String>,
    /// How the list gets the results reports (`SET LIST addr MARKDOWN`).
    #[serde(default, skip_serializing_if = "is_text")]
    pub list_format: super::values::ReportFormat,
    /// Forums the results are posted to (`SET WEBHOOK`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub webhooks: Vec<super::values::Webhook>,
    pub assignment: Assignment,
    /// Rule options (see docs/RULES.md).
    #[serde(default)]
    pub rules: GameRules,
    /// A vacant power is taken over only with the master's approval.
    #[serde(default = "yes")]
    pub takeover_approval: bool,
    /// Powers left out of the game (by name): a game for fewer players
    /// (docs/RULES.md, "Games for fewer players"). Their units hold; no one
    /// plays them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub neutral: Vec<String>,
    /// A short game: the last year played (`SET END`); the game ends after
    /// that year's last phase (docs/RULES.md, "Ending a game").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_year: Option<i32>,
    /// What a solo victory needs instead of the map's count (`SET CENTERS`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory_count: Option<u32>,
    /// `SET NODIAS`: draws may leave survivors out.
    #[serde(default)]
    pub dias: Draws,
    /// `SET NO ANONYMOUS`: SUMMARY names the players at any time.
    #[serde(default)]
    pub anonymous: Anonymity,
    /// The seats of a game where a player plays several powers (by name;
    /// the first power of a seat is the one `players.power` names): four,
    /// three and two players (docs/RULES.md, "Games for fewer players").
    /// Empty: one power a seat.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<Vec<String>>,
    /// Provinces no unit may enter (by code): Italian territory in the
    /// two-player game while Italy is neutral.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub closed: Vec<String>,
    /// The two-player game (World War I): its coin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub world_war: Option<WorldWar>,
    /// The game's time zone (`SET TIMEZONE` by the master): its players'
    /// unless they chose their own, and the zone of its timings' clock times
    /// and days. `None`: the judge's.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "zone_name")]
    pub timezone: Option<chrono_tz::Tz>,
    /// How long after the last orders arrive the phase waits before it is
    /// processed early (njudge's DELAY): orders may still be changed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub delay_secs: i64,
    /// Days on which no deadline (nor the end of a grace period) falls:
    /// spans of dates in the game's zone (`SET BLACKOUT`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blackout: Vec<crate::timing::Blackout>,
    /// Whether and how press may be faked (`SET PARTIAL MAY BE FAKED` ...).
    #[serde(default, skip_serializing_if = "FakePress::is_default")]
    pub fake: FakePress,
    /// What press observers may send (`SET OBSERVER WHITE` ...).
    #[serde(default, skip_serializing_if = "ObserverPress::is_default")]
    pub observer_press: ObserverPress,
    /// `SET POSTAL PRESS`.
    #[serde(default, skip_serializing_if = "PostalPress::is_default")]
    pub postal_press: PostalPress,
    /// `SET ALL PRESS`: the master reads all partial press.
    #[serde(default, skip_serializing_if = "MasterPress::is_default")]
    pub master_press: MasterPress,
    /// `SET NO CONCESSIONS`: no concession to the largest power.
    #[serde(default, skip_serializing_if = "is_default")]
    pub concessions: Concessions,
    /// njudge's `SET [NO] LATE PRESS`.
    #[serde(default, skip_serializing_if = "is_default")]
    pub late_press: LatePress,
    /// njudge's `SET [NO] MUST ORDER`.
    #[serde(default, skip_serializing_if = "is_default")]
    pub unordered_press: UnorderedPress,
    /// njudge's `SET [NO] STRICT WAIT`.
    #[serde(default, skip_serializing_if = "is_default")]
    pub anyone_waits: Waiters,
    /// njudge's `SET MAX ABSENCE n`: the longest absence a player may set,
    /// in days (none: the judge's 21).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_absence_days: Option<u32>,
    /// `SET CD AFTER n`: a power whose player missed `n` phases in a row is
    /// in civil disorder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cd_after: Option<u32>,
    /// `SET QUIET`: resignations, takeovers and civil disorder are told to
    /// the master only.
    #[serde(default, skip_serializing_if = "is_default")]
    pub announce: Announcements,
    /// The master's one-line comment on the game (`SET COMMENT`), shown by LIST.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// `SET MANUAL START`: a forming game waits for the master's FORCE BEGIN.
    #[serde(default, skip_serializing_if = "Manual::is_auto")]
    pub start: Manual,
    /// `SET MANUAL PROCESS`: a phase is processed by the master's PROCESS only.
    #[serde(default, skip_serializing_if = "Manual::is_auto")]
    pub processing: Manual,
    /// A private game (`SET PRIVATE password`): the hash of the password a
    /// newcomer joins with (an invited address needs none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub join_hash: Option<String>,
    /// The mailboxes the master invited (`INVITE`): they join a private game
    /// without its password.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invited: Vec<String>,
    /// The game's co-masters (`PROMOTE`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub co_masters: Vec<CoMaster>,
}

/// Whether something happens by itself or waits for the master (njudge's
/// `SET AUTO START` / `SET MANUAL START`, the same for PROCESS).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Manual {
    #[default]
    #[serde(rename = "auto")]
    Auto,
    #[serde(rename = "manual")]
    Manual,
}

impl Manual {
    pub fn is_auto(&self) -> bool {
        *self == Manual::Auto
    }
}

/// A co-master (njudge's PROMOTE): an observer's address and the hash of the
/// password the judge mailed there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoMaster {
    pub address: String,
    pub pw_hash: String,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

/// The two-player game's coin, as stored: the seed drawn when the game
/// started, the side that won the toss (by the name of the seat's first
/// power) once flipped, and whether the neutral power has joined it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorldWar {
    pub seed: u64,
    #[serde(default)]
    pub winner: Option<String>,
    #[serde(default)]
    pub joined: bool,
}

/// The rule options a game chose (at most one value an option), stored as a
/// JSON object of option names and values (`{"retreat_default":"right_hand"}`).
/// Read strictly: an unknown option or value is an error naming it. Names
/// and values written otherwise (`CONVOY-INTENT`, `rhr`) are read as what
/// they mean and written back in their first spelling.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "BTreeMap<String, String>", into = "BTreeMap<String, String>")]
pub struct GameRules(Vec<RuleChoice>);

impl GameRules {
    /// Chooses `c` (in place of any earlier value of its option).
    pub fn set(&mut self, c: RuleChoice) {
        self.0.retain(|x| x.key() != c.key());
        self.0.push(c);
        self.0.sort_by_key(|x| x.key());
    }
    /// The choices, by option name.
    pub fn choices(&self) -> &[RuleChoice] {
        &self.0
    }
}

impl TryFrom<BTreeMap<String, String>> for GameRules {
    type Error = String;
    fn try_from(m: BTreeMap<String, String>) -> Result<GameRules, String> {
        let mut out = GameRules::default();
        for (k, v) in &m {
            out.set(RuleChoice::parse(k, v).map_err(|e| format!("stored rule {k}={v}: {e}"))?);
        }
        Ok(out)
    }
}

impl From<GameRules> for BTreeMap<String, String> {
    fn from(r: GameRules) -> BTreeMap<String, String> {
        r.0.iter().map(|c| (c.key().to_string(), c.word().to_string())).collect()
    }
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

fn is_true(b: &bool) -> bool {
    *b
}

impl Settings {
    /// The timing rule of `kind`'s phases.
    pub fn schedule(&self, kind: crate::phase::PhaseKind) -> &Schedule {
        match kind {
            crate::phase::PhaseKind::Movement => &self.movement,
            crate::phase::PhaseKind::Retreat => &self.retreat,
            crate::phase::PhaseKind::Adjustment => &self.adjustment,
        }
    }

    /// The timing rule of `kind`'s phases, to change.
    pub fn schedule_mut(&mut self, kind: crate::phase::PhaseKind) -> &mut Schedule {
        match kind {
            crate::phase::PhaseKind::Movement => &mut self.movement,
            crate::phase::PhaseKind::Retreat => &mut self.retreat,
            crate::phase::PhaseKind::Adjustment => &mut self.adjustment,
        }
    }

    /// The list address, once someone there confirmed it.
    pub fn confirmed_list(&self) -> Option<&str> {
        self.list_address.as_deref().filter(|_| self.list_confirmed)
    }
}

fn yes() -> bool {
    true
}

#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub status: GameStatus,
    pub paused: bool,
    pub master_hash: String,
    pub master_email: String,
    pub settings: Settings,
    /// The current position, as the contract's JSON.
    pub position: Option<String>,
    pub seq: i64,
    pub deadline: Option<i64>,
    pub grace_until: Option<i64>,
    pub reminded: i64,
    pub late_noticed: i64,
    pub waiting_gm: i64,
    /// Since when every order of the current phase is in (the master's
    /// delay, `Settings::delay_secs`, runs from then); `None`: not all in.
    pub ready_since: Option<i64>,
    /// When the table last heard who is late in the current phase.
    pub late_told: Option<i64>,
    /// The master's SET START: the current phase is not processed before it.
    pub not_before: Option<i64>,
    pub result: Option<String>,
    pub created: i64,
    /// How the game ended, as an [`EndRecord`]'s JSON (see [`Game::ending`]).
    pub ending: Option<String>,
}

/// How a finished game ended, as stored: the kind, the powers it names (by
/// name, so the record reads the same whatever the variant's power order),
/// and the phase it ended in.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndRecord {
    pub end: crate::end::EndKind,
    pub powers: Vec<String>,
    pub phase: Option<String>,
}

/// A game's end, read back: what happened and in which phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub end: crate::end::GameEnd,
    pub phase: Option<crate::phase::Phase>,
}

impl Ending {
    /// The record of this end in `v`'s terms, as JSON.
    pub fn to_json(&self, v: &Variant) -> String {
        let r = EndRecord {
            end: self.end.kind(),
            powers: self.end.powers().iter().map(|&p| v.powers[p as usize].name.clone()).collect(),
            phase: self.phase.map(|p| v.calendar.name(p)),
        };
        serde_json::to_string(&r).unwrap_or_else(|e| unreachable!("an end record always serializes: {e}"))
    }

    /// Reads a record strictly: unknown kinds, fields, powers or phases are errors.
    pub fn from_json(v: &Variant, text: &str) -> Result<Ending, String> {
        let r: EndRecord = serde_json::from_str(text).map_err(|e| format!("not an end record: {e}"))?;
        let powers = r
            .powers
            .iter()
            .map(|n| v.powers.iter().position(|w| w.name == *n).map(|i| i as crate::map::PowerId).ok_or_else(|| format!("unknown power `{n}`")))
            .collect::<Result<Vec<_>, _>>()?;
        let phase = r.phase.as_deref().map(|p| v.calendar.parse(p)).transpose()?;
        Ok(Ending { end: crate::end::GameEnd::from_parts(r.end, powers)?, phase })
    }
}

const GAME_COLS: &str = "id, name, variant, status, paused, master_hash, master_email, settings, position, seq, deadline, grace_until, reminded, late_noticed, waiting_gm, result, created, ending, ready_since, late_told, not_before";

fn json_error(col: usize, e: serde_json::Error) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(col, rusqlite::types::Type::Text, Box::new(e))
}

/// A game's settings as stored, read strictly (see [`Settings`]); the error
/// names the game and what is wrong.
pub fn read_settings(game: &str, text: &str) -> Result<Settings, String> {
    serde_json::from_str(text).map_err(|e| format!("game {game}: stored settings unreadable: {e}"))
}

fn game_row(r: &rusqlite::Row) -> rusqlite::Result<GameRow> {
    let settings: String = r.get(7)?;
    let name: String = r.get(1)?;
    let settings = read_settings(&name, &settings).map_err(|e| rusqlite::Error::FromSqlConversionFailure(7, rusqlite::types::Type::Text, e.into()))?;
    Ok(GameRow {
        id: r.get(0)?,
        name,
        variant: r.get(2)?,
        status: r.get(3)?,
        paused: r.get(4)?,
        master_hash: r.get(5)?,
        master_email: r.get(6)?,
        settings,
        position: r.get(8)?,
        seq: r.get(9)?,
        deadline: r.get(10)?,
        grace_until: r.get(11)?,
        reminded: r.get(12)?,
        late_noticed: r.get(13)?,
        waiting_gm: r.get(14)?,
        result: r.get(15)?,
        created: r.get(16)?,
        ending: r.get(17)?,
        ready_since: r.get(18)?,
        late_told: r.get(19)?,
        not_before: r.get(20)?,
    })
}

fn settings_json(s: &Settings) -> String {
    serde_json::to_string(s).unwrap_or_else(|e| unreachable!("settings always serialize: {e}"))
}

impl GameRow {
    /// A new game, forming, not yet inserted (its id is 0 until
    /// [`Game::insert`]).
    pub fn forming(name: &str, variant: &str, master_hash: String, master_email: &str, settings: Settings, created: i64) -> GameRow {
        GameRow {
            id: 0,
            name: name.to_string(),
            variant: variant.to_string(),
            status: GameStatus::Forming,
            paused: false,
            master_hash,
            master_email: master_email.to_string(),
            settings,
            position: None,
            seq: 0,
            deadline: None,
            grace_until: None,
            reminded: -1,
            late_noticed: -1,
            waiting_gm: -1,
            ready_since: None,
            late_told: None,
            not_before: None,
            result: None,
            created,
            ending: None,
        }
    }

    pub fn by_name(conn: &Connection, name: &str) -> rusqlite::Result<Option<GameRow>> {
        conn.prepare_cached(&format!("SELECT {GAME_COLS} FROM games WHERE name = ?1"))?.query_row([name], game_row).optional()
    }
    pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<GameRow> {
        conn.prepare_cached(&format!("SELECT {GAME_COLS} FROM games WHERE id = ?1"))?.query_row([id], game_row)
    }
    pub fn all(conn: &Connection) -> rusqlite::Result<Vec<GameRow>> {
        conn.prepare_cached(&format!("SELECT {GAME_COLS} FROM games ORDER BY name"))?.query_map([], game_row)?.collect()
    }
    pub fn insert(&mut self, conn: &Connection) -> rusqlite::Result<()> {
        conn.execute(
            "INSERT INTO games (name, variant, status, master_hash, master_email, settings, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![self.name, self.variant, self.status, self.master_hash, self.master_email, settings_json(&self.settings), self.created],
        )?;
        self.id = conn.last_insert_rowid();
        Ok(())
    }
    pub fn save(&self, conn: &Connection) -> rusqlite::Result<()> {
        conn.prepare_cached(
            "UPDATE games SET status = ?2, paused = ?3, master_hash = ?4, master_email = ?5, settings = ?6, position = ?7, seq = ?8,
             deadline = ?9, grace_until = ?10, reminded = ?11, late_noticed = ?12, waiting_gm = ?13, result = ?14, variant = ?15, ending = ?16,
             ready_since = ?17, late_told = ?18, not_before = ?19 WHERE id = ?1",
        )?
        .execute(params![
            self.id,
            self.status,
            self.paused,
            self.master_hash,
            self.master_email,
            settings_json(&self.settings),
            self.position,
            self.seq,
            self.deadline,
            self.grace_until,
            self.reminded,
            self.late_noticed,
            self.waiting_gm,
            self.result,
            self.variant,
            self.ending,
            self.ready_since,
            self.late_told,
            self.not_before
        ])?;
        Ok(())
    }
    /// The game's time zone: the master's (`SET TIMEZONE`), else `judge`'s.
    pub fn zone(&self, judge: chrono_tz::Tz) -> chrono_tz::Tz {
        self.settings.timezone.unwrap_or(judge)
    }
    /// The List-Id of the game's reports.
    pub fn list_id(&self, domain: &str) -> String {
        let clean: String = self.name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
        format!("Diplomacy game {} <{}.{}>", self.name, clean.to_ascii_lowercase(), domain)
    }
    /// The current position, read back strictly (an unreadable one is an
    /// error saying what is wrong; see `game::load`, which names the game).
    pub fn read_position(&self, v: &Variant) -> Result<Option<Position>, String> {
        let Some(t) = &self.position else { return Ok(None) };
        let value: serde_json::Value = serde_json::from_str(t).map_err(|e| format!("not JSON: {e}"))?;
        position_from_json(v, &value).map(Some)
    }
    /// How the game ended, read back strictly (`None`: not over, or over
    /// before schema version 6 recorded how).
    pub fn read_ending(&self, v: &Variant) -> Result<Option<Ending>, String> {
        self.ending.as_deref().map(|t| Ending::from_json(v, t)).transpose()
    }
    /// Games with deadline work due at `now`: a reminder not yet sent, the
    /// master's delay after complete orders over, or the deadline passed
    /// (and not parked waiting for the master), soonest first.
    pub fn due(conn: &Connection, now: i64) -> rusqlite::Result<Vec<i64>> {
        let mut st = conn.prepare_cached(
            "SELECT id FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND (
                deadline <= ?1 OR (reminded < seq AND deadline - json_extract(settings, '$.reminder_secs') <= ?1)
                OR ready_since + coalesce(json_extract(settings, '$.delay_secs'), 0) <= ?1)
             ORDER BY deadline",
        )?;
        st.query_map([now], |r| r.get(0))?.collect()
    }

    /// The earliest time after `after` at which a game has deadline work
    /// ([`Game::due`]): a reminder, the end of a delay, a deadline, a daily
    /// late notice, the master's SET START, the end of a grace period.
    pub fn next_due(conn: &Connection, after: i64) -> rusqlite::Result<Option<i64>> {
        conn.prepare_cached(
            "SELECT min(t) FROM (
                SELECT deadline - json_extract(settings, '$.reminder_secs') AS t FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND reminded < seq
                UNION ALL SELECT deadline FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq
                UNION ALL SELECT ready_since + coalesce(json_extract(settings, '$.delay_secs'), 0) FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND ready_since IS NOT NULL
                UNION ALL SELECT late_told + 86400 FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND late_told + 86400 < grace_until
                UNION ALL SELECT not_before FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND not_before IS NOT NULL
                UNION ALL SELECT grace_until FROM games WHERE status = 'active' AND paused = 0 AND deadline IS NOT NULL AND waiting_gm < seq AND grace_until IS NOT NULL)
             WHERE t > ?1",
        )?
        .query_row([after], |r| r.get(0))
    }
}

/// A stored set of powers (a concession, an alliance vote): a JSON array of
/// power numbers, read strictly.
fn is_text(f: &super::values::ReportFormat) -> bool {
    *f == super::values::ReportFormat::Text
}

/// A stored time zone (an IANA name), read strictly.
fn read_zone(text: Option<String>) -> Result<Option<chrono_tz::Tz>, String> {
    text.map(|t| t.parse::<chrono_tz::Tz>().map_err(|_| format!("`{t}` is not a time zone"))).transpose()
}

/// A game's zone in its settings: an IANA name, read strictly.
mod zone_name {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(z: &Option<chrono_tz::Tz>, s: S) -> Result<S::Ok, S::Error> {
        match z {
            Some(z) => s.serialize_str(z.name()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<chrono_tz::Tz>, D::Error> {
        let text = Option::<String>::deserialize(d)?;
        super::read_zone(text).map_err(serde::de::Error::custom)
    }
}

fn power_set(text: Option<String>) -> Result<Option<Vec<PowerId>>, serde_json::Error> {
    text.map(|t| serde_json::from_str(&t)).transpose()
}

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
        }
    }
    pub fn of_game(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<Player>> {
        conn.prepare_cached(
            "SELECT id, game_id, role, power, email, pw_hash, preference, wait, draw, concede, absences, status, joined, ally, seated, left, map, timezone, name FROM players WHERE game_id = ?1 ORDER BY id",
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
                timezone: read_zone(r.get(17)?).map_err(|e| rusqlite::Error::FromSqlConversionFailure(17, rusqlite::types::Type::Text, e.into()))?,
                name: r.get(18)?,
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
            "UPDATE players SET power = ?2, email = ?3, pw_hash = ?4, preference = ?5, wait = ?6, draw = ?7, concede = ?8, absences = ?9, status = ?10, ally = ?11, seated = ?12, left = ?13, map = ?14, timezone = ?15, name = ?16 WHERE id = ?1",
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
            self.name
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::end::GameEnd;

    /// Settings as the code before typed settings stored them (timings and
    /// rule options as strings): read back and written again unchanged.
    const STORED: &str = r#"{"press":"grey","partial":false,"nmr":true,"movement":"next 48 hours at 20:00 on Mon-Fri","retreat":"24h","adjustment":"cron: 0 0 20 * * *","grace_secs":86400,"reminder_secs":43200,"list_address":null,"assignment":"preference","rules":{"convoy_intent":"1992","retreat_default":"right_hand"},"takeover_approval":true,"dias":false,"anonymous":true}"#;

    #[test]
    fn stored_settings_read_back_typed_and_are_written_the_same() {
        let s = read_settings("demo", STORED).unwrap();
        assert_eq!(s.press, Press::Grey);
        assert_eq!((s.partial, s.nmr, s.dias, s.anonymous), (PartialPress::BroadcastOnly, Nmr::Defaults, Draws::SomeSurvivors, Anonymity::Hidden));
        // settings stored before DIAS and anonymity were options: their defaults
        let older = read_settings("demo", &STORED.replace(r#","dias":false,"anonymous":true"#, "")).unwrap();
        assert_eq!((older.dias, older.anonymous), (Draws::AllSurvivors, Anonymity::Hidden));
        assert_eq!(s.movement.as_str(), "next 48 hours at 20:00 on Mon-Fri");
        assert!(matches!(s.movement.timing(), crate::timing::Timing::Hours { secs: 172_800, .. }));
        assert!(matches!(s.adjustment.timing(), crate::timing::Timing::Cron(_)));
        use crate::rules::{ConvoyIntent, RetreatDefault};
        assert_eq!(s.rules.choices(), [RuleChoice::ConvoyIntent(ConvoyIntent::Rulebook1992), RuleChoice::RetreatDefault(RetreatDefault::RightHand)]);
        assert_eq!(settings_json(&s), STORED);
        // a rule stored as a player spelled it is read as what it means
        let spelled = STORED.replace(r#"{"convoy_intent":"1992","retreat_default":"right_hand"}"#, r#"{"RETREAT-DEFAULT":"rhr","convoy_intent":"intent"}"#);
        assert_eq!(settings_json(&read_settings("demo", &spelled).unwrap()), STORED);
    }

    #[test]
    fn malformed_settings_are_refused_naming_the_game_and_the_fault() {
        let bad = [
            (
                STORED.replace(r#""retreat_default":"right_hand""#, r#""retreat_default":"left_hand""#),
                "`left_hand` is not a value of rule option `retreat_default`",
            ),
            (STORED.replace(r#""convoy_intent":"1992""#, r#""gravity":"on""#), "unknown rule option `gravity`"),
            (STORED.replace(r#""retreat":"24h""#, r#""retreat":24"#), "invalid type"),
            (STORED.replace(r#""retreat":"24h","#, ""), "missing field `retreat`"),
            (STORED.replace(r#""press":"grey""#, r#""press":"loud""#), "unknown variant `loud`"),
            (STORED.replace(r#""nmr":true"#, r#""nmr":"yes""#), "expected a boolean"),
            (STORED.replace(r#""dias":false"#, r#""dias":false,"colour":"red""#), "unknown field `colour`"),
            ("not json".to_string(), "expected"),
        ];
        for (text, why) in bad {
            let e = read_settings("demo", &text).unwrap_err();
            assert!(e.starts_with("game demo: stored settings unreadable: ") && e.contains(why), "{text}: {e}");
        }
    }

    #[test]
    fn an_ending_is_stored_by_power_name_and_read_back_strictly() {
        let v = Variant::standard();
        let phase = v.calendar.parse("F1905M").unwrap();
        for end in [
            GameEnd::Solo(2),
            GameEnd::Alliance(vec![1, 2]),
            GameEnd::Draw(vec![0, 3, 6]),
            GameEnd::Concession(vec![5]),
            GameEnd::Terminated,
            GameEnd::NoMorePhases,
        ] {
            let e = Ending { end, phase: Some(phase) };
            let json = e.to_json(&v);
            assert_eq!(Ending::from_json(&v, &json), Ok(e.clone()), "{json}");
        }
        let solo = Ending { end: GameEnd::Solo(2), phase: Some(phase) }.to_json(&v);
        assert_eq!(solo, r#"{"end":"solo","powers":["FRANCE"],"phase":"F1905M"}"#);
        let bad = [
            r#"{"end":"victory","powers":["FRANCE"],"phase":"F1905M"}"#,
            r#"{"end":"solo","powers":["NARNIA"],"phase":"F1905M"}"#,
            r#"{"end":"solo","powers":["FRANCE","ITALY"],"phase":"F1905M"}"#,
            r#"{"end":"alliance","powers":["FRANCE"],"phase":"F1905M"}"#,
            r#"{"end":"terminated","powers":["FRANCE"],"phase":null}"#,
            r#"{"end":"solo","powers":["FRANCE"],"phase":"X1905M"}"#,
            r#"{"end":"solo","powers":["FRANCE"],"phase":"F1905M","extra":1}"#,
            "not json",
        ];
        for b in bad {
            assert!(Ending::from_json(&v, b).is_err(), "{b} should be refused");
        }
    }
}

/// Which pictures of the map a player's results mail carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MapPref {
    /// None (`SET NO MAP`).
    None,
    /// The PNG (the default, `SET MAP`).
    #[default]
    Png,
    /// The PNG and the SVG (`SET MAP SVG`).
    Svg,
}

impl rusqlite::types::FromSql for MapPref {
    fn column_result(v: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Self> {
        match v.as_i64()? {
            0 => Ok(MapPref::None),
            1 => Ok(MapPref::Png),
            2 => Ok(MapPref::Svg),
            n => Err(rusqlite::types::FromSqlError::Other(format!("`{n}` is not a map preference").into())),
        }
    }
}

impl rusqlite::ToSql for MapPref {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(rusqlite::types::ToSqlOutput::from(match self {
            MapPref::None => 0i64,
            MapPref::Png => 1,
            MapPref::Svg => 2,
        }))
    }
}
