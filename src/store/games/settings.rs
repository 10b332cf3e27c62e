//! A game's options as stored (one JSON object, read strictly): the press
//! rules, timings, rule options, the table, the list and the webhooks.

use super::kinds::{
    Announcements, Anonymity, Assignment, Concessions, Draws, FakePress, GraceEnd, LatePress, Manual, MasterPress, Nmr, ObserverPress, PartialPress,
    PostalPress, Press, ProxyOrders, UnorderedPress, Waiters,
};
use super::kinds::{BlankPress, Changers, GracePress, Listing, MinorPress, Moderation, PlayerCount, PlayerResume, Revealing, Sight, TouchPress, Watching};
use crate::rules::RuleChoice;
use crate::store::values::{ReportFormat, Webhook};
use crate::timing::Schedule;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A game's options (stored as JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    pub list_format: ReportFormat,
    /// Forums the results are posted to (`SET WEBHOOK`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub webhooks: Vec<Webhook>,
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
    /// njudge's GRACE and DELAY for one kind of phase (`SET RETREATS GRACE
    /// 12`, `SET BUILDS DELAY 1`): a kind given one has it in place of the
    /// game's `grace_secs` or `delay_secs`, which the others keep.
    #[serde(default, skip_serializing_if = "PerKind::is_empty")]
    pub phase_grace: PerKind,
    #[serde(default, skip_serializing_if = "PerKind::is_empty")]
    pub phase_delay: PerKind,
    /// `SET [NO] STRICT GRACE`: where a grace period ends. A game stored
    /// before the option has none here, and so its grace periods end as
    /// they always did (STRICT GRACE); a new game is NO STRICT GRACE.
    #[serde(default, skip_serializing_if = "is_default")]
    pub strict_grace: GraceEnd,
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
    /// `SET PROXY`: a power may lend a unit to another for a phase.
    #[serde(default, skip_serializing_if = "is_default")]
    pub no_proxy: ProxyOrders,
    /// `SET LATE COUNT`: late notices say how often the player was late in the game.
    #[serde(default, skip_serializing_if = "is_default")]
    pub late_count: bool,
    /// The master's long comment (njudge's `SET COMMENT BEGIN`), shown by LIST game and LIST FULL.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub long_comment: Vec<String>,
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
    /// `SET UNMODERATED`: its players change its options and deadlines too.
    #[serde(default, skip_serializing_if = "is_default")]
    pub moderated: Moderation,
    /// `SET RATED` / `SET UNRATED`; none: rated when moderated (njudge's
    /// default), see [`Settings::rated`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<super::kinds::Rating>,
    /// `SET RESUME`: its players may RESUME it.
    #[serde(default, skip_serializing_if = "is_default")]
    pub no_resume: PlayerResume,
    /// `SET SHOW`: the table's notices of a changed setting give the address.
    #[serde(default, skip_serializing_if = "is_default")]
    pub no_show: Changers,
    /// `SET NO REVEAL`: an anonymous game never names its players.
    #[serde(default, skip_serializing_if = "is_default")]
    pub reveal: Revealing,
    /// `SET SECRET`: nobody but the master is told how many players it has.
    #[serde(default, skip_serializing_if = "is_default")]
    pub player_count: PlayerCount,
    /// `SET WATCH ALL PRESS`: observers may ask for all partial press.
    #[serde(default, skip_serializing_if = "is_default")]
    pub no_watch: Watching,
    /// `SET NO MINOR PRESS`: no press in retreats and adjustments.
    #[serde(default, skip_serializing_if = "is_default")]
    pub minor_press: MinorPress,
    /// `SET NO GRACE PRESS`: no press once the deadline passed with a power late.
    #[serde(default, skip_serializing_if = "is_default")]
    pub grace_press: GracePress,
    /// `SET TOUCH PRESS`: press only between powers that touch.
    #[serde(default, skip_serializing_if = "is_default")]
    pub no_touch: TouchPress,
    /// `SET BLANK PRESS`: press with no text goes.
    #[serde(default, skip_serializing_if = "is_default")]
    pub no_blank: BlankPress,
    /// `SET NOLIST`: LIST and `SIGNON ?` show the game only to its own people.
    #[serde(default, skip_serializing_if = "is_default")]
    pub listed: Listing,
    /// `SET BLIND`: each power sees only what its units see.
    #[serde(default, skip_serializing_if = "is_default")]
    pub no_blind: Sight,
    /// The mailboxes (of observers, the master, co-masters) that asked for no
    /// broadcasts (`SET NO BROADCAST`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_broadcasts: Vec<String>,
    /// The observers' mailboxes that asked for all partial press (`SET ALL
    /// PRESS` where the game allows it, `SET WATCH ALL PRESS`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub watchers: Vec<String>,
    /// Who may join or take over a seat, by their record on this judge
    /// (`game::dedication`): the least dedication (`SET DEDICATION`), the
    /// least on-time ratio (`SET ONTIMERAT`), the greatest CD ratio (`SET
    /// RESRAT`); and who may join or observe, by address (mailboxes, at
    /// most [`crate::store::dedication::MAX_ACCESS_LIST`] a list): `SET
    /// ALLOW PLAYER` (when it holds anyone, only they) and `SET DENY PLAYER`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_dedication: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_on_time: Option<crate::store::dedication::Ratio>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_cd: Option<crate::store::dedication::Ratio>,
    #[serde(default, skip_serializing_if = "Vec::is_empty", deserialize_with = "access_list")]
    pub allow_players: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty", deserialize_with = "access_list")]
    pub deny_players: Vec<String>,
    /// Who may join or take over a seat by their site (`SET ACCESS`) and by
    /// the class they registered (`SET LEVEL`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub access: super::kinds::Access,
    #[serde(default, skip_serializing_if = "is_default")]
    pub level: super::kinds::Level,
}

/// An access list as stored: mailboxes, at most
/// [`crate::store::dedication::MAX_ACCESS_LIST`] (a longer one is refused).
fn access_list<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let list = Vec::<String>::deserialize(d)?;
    let max = crate::store::dedication::MAX_ACCESS_LIST;
    if list.len() > max {
        return Err(serde::de::Error::custom(format!("an access list of {} addresses, more than {max}", list.len())));
    }
    Ok(list)
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

/// A number of seconds for some kinds of phase (njudge's per-kind GRACE and
/// DELAY), stored as `{"retreat":43200}`: a kind left out has none of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerKind {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjustment: Option<i64>,
}

impl PerKind {
    /// `kind`'s own value, if it has one.
    pub fn get(&self, kind: crate::phase::PhaseKind) -> Option<i64> {
        match kind {
            crate::phase::PhaseKind::Movement => self.movement,
            crate::phase::PhaseKind::Retreat => self.retreat,
            crate::phase::PhaseKind::Adjustment => self.adjustment,
        }
    }

    /// Gives `kind` its own value.
    pub fn set(&mut self, kind: crate::phase::PhaseKind, secs: i64) {
        let slot = match kind {
            crate::phase::PhaseKind::Movement => &mut self.movement,
            crate::phase::PhaseKind::Retreat => &mut self.retreat,
            crate::phase::PhaseKind::Adjustment => &mut self.adjustment,
        };
        *slot = Some(secs);
    }

    /// The kinds with a value of their own, in the calendar's order.
    pub fn given(&self) -> Vec<(crate::phase::PhaseKind, i64)> {
        use crate::phase::PhaseKind as K;
        [K::Movement, K::Retreat, K::Adjustment].into_iter().filter_map(|k| self.get(k).map(|s| (k, s))).collect()
    }

    /// Whether no kind has a value of its own.
    pub fn is_empty(&self) -> bool {
        *self == PerKind::default()
    }
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

/// A stored rule option that does not read.
#[derive(Debug, thiserror::Error)]
#[error("stored rule {key}={value}: {source}")]
pub struct StoredRuleError {
    pub key: String,
    pub value: String,
    pub source: crate::rules::RuleError,
}

impl TryFrom<BTreeMap<String, String>> for GameRules {
    type Error = StoredRuleError;
    fn try_from(m: BTreeMap<String, String>) -> Result<GameRules, StoredRuleError> {
        let mut out = GameRules::default();
        for (k, v) in &m {
            out.set(RuleChoice::parse(k, v).map_err(|source| StoredRuleError { key: k.clone(), value: v.clone(), source })?);
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
    /// Whether the game counts in its players' judge-wide records
    /// (dedication, on-time and CD ratios): as the master set it, else
    /// when it is moderated (njudge).
    pub fn rated(&self) -> bool {
        match self.rating {
            Some(r) => r == super::kinds::Rating::Rated,
            None => self.moderated == super::kinds::Moderation::Moderated,
        }
    }

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

    /// The grace period of `kind`'s phases: its own (njudge's `SET RETREATS
    /// GRACE 12`), else the game's.
    pub fn grace_for(&self, kind: crate::phase::PhaseKind) -> i64 {
        self.phase_grace.get(kind).unwrap_or(self.grace_secs)
    }

    /// The delay after the last orders of `kind`'s phases: its own (njudge's
    /// `SET BUILDS DELAY 1`), else the game's.
    pub fn delay_for(&self, kind: crate::phase::PhaseKind) -> i64 {
        self.phase_delay.get(kind).unwrap_or(self.delay_secs)
    }

    /// Whether the players are shown who plays which power: at any time in a
    /// game that is not anonymous, else once it is `over`, unless it never
    /// names them (`SET NO REVEAL`).
    pub fn shows_players(&self, over: bool) -> bool {
        self.anonymous == Anonymity::Shown || (over && self.reveal == Revealing::AtTheEnd)
    }

    /// Whether the game keeps its number of players from all but its master (`SET SECRET`).
    pub fn secret(&self) -> bool {
        self.player_count == PlayerCount::Secret
    }

    /// Whether each power sees only what its units see (`SET BLIND`).
    pub fn blind(&self) -> bool {
        self.no_blind == Sight::Blind
    }

    /// The list address, once someone there confirmed it.
    pub fn confirmed_list(&self) -> Option<&str> {
        self.list_address.as_deref().filter(|_| self.list_confirmed)
    }
}

fn yes() -> bool {
    true
}

fn is_text(f: &ReportFormat) -> bool {
    *f == ReportFormat::Text
}

/// A game's stored settings that do not read: the game named, and what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("game {game}: stored settings unreadable: {source}")]
pub struct SettingsError {
    pub game: String,
    pub source: serde_json::Error,
}

/// A game's settings as stored, read strictly (see [`Settings`]); the error
/// names the game and what is wrong.
pub fn read_settings(game: &str, text: &str) -> Result<Settings, SettingsError> {
    serde_json::from_str(text).map_err(|source| SettingsError { game: game.to_string(), source })
}

/// A game's settings as they are stored.
pub fn settings_json(s: &Settings) -> String {
    serde_json::to_string(s).unwrap_or_else(|e| unreachable!("settings always serialize: {e}"))
}

/// A stored time zone that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a time zone")]
pub struct ZoneError(pub String);

/// A stored time zone (an IANA name), read strictly.
pub fn read_zone(text: Option<String>) -> Result<Option<chrono_tz::Tz>, ZoneError> {
    text.map(|t| t.parse::<chrono_tz::Tz>().map_err(|_| ZoneError(t))).transpose()
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_kinds_own_grace_and_delay_and_strict_grace_are_stored_and_read_back() {
        use crate::phase::PhaseKind as K;
        // stored before them: the game's grace and delay for every kind, STRICT GRACE
        let old = read_settings("demo", STORED).unwrap();
        assert_eq!(old.strict_grace, GraceEnd::Exact);
        assert_eq!([K::Movement, K::Retreat, K::Adjustment].map(|k| (old.grace_for(k), old.delay_for(k))), [(86_400, 0); 3]);
        let mut s = old.clone();
        s.phase_grace.set(K::Retreat, 43_200);
        s.phase_delay.set(K::Adjustment, 1800);
        s.strict_grace = GraceEnd::OnDeadlineDays;
        let json = settings_json(&s);
        assert!(json.ends_with(r#","phase_grace":{"retreat":43200},"phase_delay":{"adjustment":1800},"strict_grace":false}"#), "{json}");
        let back = read_settings("demo", &json).unwrap();
        assert_eq!(back, s);
        assert_eq!([K::Movement, K::Retreat, K::Adjustment].map(|k| back.grace_for(k)), [86_400, 43_200, 86_400]);
        assert_eq!([K::Movement, K::Retreat, K::Adjustment].map(|k| back.delay_for(k)), [0, 0, 1800]);
        assert_eq!(back.phase_grace.given(), [(K::Retreat, 43_200)]);
        // a kind that is none is refused
        let bad = json.replace(r#"{"retreat":43200}"#, r#"{"winter":43200}"#);
        assert!(read_settings("demo", &bad).unwrap_err().to_string().contains("unknown field `winter`"));
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
            let e = read_settings("demo", &text).unwrap_err().to_string();
            assert!(e.starts_with("game demo: stored settings unreadable: ") && e.contains(why), "{text}: {e}");
        }
    }
}
