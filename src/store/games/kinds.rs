//! The words a game's row and its players' rows keep: statuses, roles and
//! the options' values, each a typed enum stored as a word (or as a JSON
//! boolean, as it was before it was typed), read back strictly.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use serde::{Deserialize, Serialize};
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
    /// Who may join a game by their site (njudge's `SET ACCESS`): anyone,
    /// only those of its master's site, or only those of a site no other
    /// player of it has (game::dedication::site).
    Access { Any = "any", Same = "same", Different = "different" }
);
text_enum!(
    /// The class of player a game takes (njudge's `SET LEVEL`), by the
    /// `Level:` a player registered: Amateur is Novice or Intermediate,
    /// Advanced is Intermediate or Expert.
    Level { Any = "any", Novice = "novice", Amateur = "amateur", Intermediate = "intermediate", Advanced = "advanced", Expert = "expert" }
);
default_first!(Access = Any, Level = Any);
text_enum!(
    /// Whether a game counts in its players' judge-wide records (njudge's
    /// `SET RATED` / `SET UNRATED`; unset: as its moderation says).
    Rating { Rated = "rated", Unrated = "unrated" }
);
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
    /// Where a grace period ends (stored as `strict_grace`; njudge's `SET
    /// [NO] STRICT GRACE`): its whole length after the deadline (STRICT
    /// GRACE, as in every game stored before the option), or moved on to a
    /// day the phase's timing lets a deadline fall on (NO STRICT GRACE,
    /// njudge's default and a new game's); blackout days apply to both.
    GraceEnd {
        Exact,
        OnDeadlineDays,
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
    /// Whether a power may lend a unit to another for a phase (stored as
    /// `no_proxy`; njudge's `SET [NO] PROXY`, off by default): `A BER P
    /// AUSTRIA` (`command::proxy`).
    ProxyOrders {
        Refused,
        Allowed,
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

switch_enum!(
    /// Who may change a game's options and deadlines (stored as
    /// `moderated`; njudge's `SET MODERATED` / `SET UNMODERATED`): its master
    /// (and co-masters) alone, or its players too (docs/RULES.md, "Moderated
    /// and unmoderated games").
    Moderation {
        Moderated,
        Unmoderated,
    }
);
switch_enum!(
    /// Who may RESUME a paused game (stored as `no_resume`; njudge's `SET
    /// [NO] RESUME`): its master alone, or any of its players.
    PlayerResume {
        Refused,
        Allowed,
    }
);
switch_enum!(
    /// Whether the table's notices of a changed setting name who changed it
    /// (stored as `no_show`; njudge's `SET [NO] SHOW`): by role only, or
    /// with the address (docs/RULES.md, "Who changed a setting").
    Changers {
        Unnamed,
        Named,
    }
);
switch_enum!(
    /// Whether an anonymous game names its players once it is over (stored
    /// as `reveal`; njudge's `SET [NO] REVEAL`).
    Revealing {
        AtTheEnd,
        Never,
    }
);
switch_enum!(
    /// Whether players and observers are told how many players a game has
    /// (stored as `player_count`; njudge's `SET [NO] SECRET`).
    PlayerCount {
        Told,
        Secret,
    }
);
switch_enum!(
    /// Whether observers may ask for a copy of all partial press (stored as
    /// `no_watch`; njudge's `SET [NO] WATCH ALL PRESS`).
    Watching {
        Refused,
        Allowed,
    }
);
switch_enum!(
    /// Whether players press in retreat and adjustment phases (stored as
    /// `minor_press`; njudge's `SET [NO] MINOR PRESS`).
    MinorPress {
        Allowed,
        Refused,
    }
);
switch_enum!(
    /// Whether players press once the deadline passed while a power is late
    /// (stored as `grace_press`; njudge's `SET [NO] GRACE PRESS`).
    GracePress {
        Allowed,
        Refused,
    }
);
switch_enum!(
    /// Whether press goes only between powers whose units touch, a broadcast
    /// a phase (stored as `no_touch`; njudge's `SET [NO] TOUCH PRESS`).
    TouchPress {
        Off,
        On,
    }
);
switch_enum!(
    /// Whether press with no text goes (stored as `no_blank`; njudge's `SET
    /// [NO] BLANK PRESS`, off by default).
    BlankPress {
        Refused,
        Allowed,
    }
);
switch_enum!(
    /// Whether every power sees the whole board, or each only what its
    /// units see (stored as `no_blind`; njudge's blind variant modifier,
    /// DPjudge's BLIND rule: docs/RULES.md, "Blind games").
    Sight {
        Open,
        Blind,
    }
);
switch_enum!(
    /// Whether LIST and `SIGNON ?` show the game to anyone (stored as
    /// `listed`; njudge's `SET LIST` / `SET NOLIST`): unlisted, only who
    /// knows its name finds it.
    Listing {
        Listed,
        Unlisted,
    }
);

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

text_enum!(
    /// What a reply to a player's mail shows of the game (`SET FULL REPLY`,
    /// `SET SHORT REPLY`): all, or all but the board.
    ReplyForm { Full = "full", Short = "short" }
);

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
