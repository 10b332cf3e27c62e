//! Game options as data: one table, [`OPTIONS`], of every option CREATE's
//! `key=value` and the master's SET take: the names players write, the typed
//! value ([`OptionValue`]) each is read into (once, by [`read`]), and whether
//! the master may change it while the game runs or only while it forms.
//! Applying a value ([`apply`]) is one short function per concern. HELP's
//! list of the master's options ([`help_lines`]) and README.md's options
//! table ([`readme_table`], checked by `tests/options_table.rs`) are written
//! from the same table, with the words of [`say::options`].

use super::{R, Session};
use crate::config::Config;
use crate::game::dedication::AccessList;
use crate::game::options::OptionError;
use crate::game::refusal::Refusal;
use crate::game::{Assignment, Game, GameStatus, Press};
use crate::map::{PowerId, Variant};
use crate::phase::PhaseKind;
use crate::publish::Webhook;
use crate::report::results::ReportFormat;
use crate::report::say;
use crate::rules::{RuleChoice, Seating};
use crate::store::dedication::Ratio;
use crate::store::games::{Access, Level, Rating};
use crate::store::games::{
    Announcements, Anonymity, Concessions, Draws, FakePress, GraceEnd, LatePress, MasterPress, Nmr, ObserverPress, PartialPress, PostalPress, ProxyOrders,
    UnorderedPress, Waiters,
};
use crate::store::games::{
    BlankPress, Changers, GracePress, Listing, MinorPress, Moderation, PlayerCount, PlayerResume, Revealing, Sight, TouchPress, Watching,
};
use crate::timing::{self, Schedule};

pub use crate::game::options::GameOption;

/// When the master may change an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changeable {
    /// While the game forms or runs.
    Always,
    /// Only while it forms (CREATE, or SET before the start).
    Forming,
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub option: GameOption,
    /// The names CREATE takes (`key=value`, any case).
    pub keys: &'static [&'static str],
    /// The names SET takes (any case, or the unique start of one; njudge's of
    /// several words, `GRACE PRESS`, are taken with or without their blanks); none: CREATE only.
    pub words: &'static [&'static str],
    /// `NO` before a name turns the option off (`nonmr=`, `SET NO NMR`).
    pub negatable: bool,
    pub changeable: Changeable,
}

const fn spec(option: GameOption, keys: &'static [&'static str], words: &'static [&'static str], negatable: bool, changeable: Changeable) -> OptionSpec {
    OptionSpec { option, keys, words, negatable, changeable }
}

use Changeable::{Always, Forming};
use GameOption as O;

/// Every game option, in the order HELP and README.md list them.
pub const OPTIONS: &[OptionSpec] = &[
    spec(O::Press, &["press"], &["PRESS"], false, Always),
    spec(O::Partial, &["partial"], &["PARTIAL"], true, Always),
    spec(O::Fake, &["fake"], &["FAKE"], true, Always),
    spec(O::ObserverPress, &["observer", "observer_press"], &["OBSERVER"], false, Always),
    spec(O::PostalPress, &["postalpress", "postal_press"], &["POSTALPRESS"], true, Always),
    spec(O::MasterPress, &["masterpress", "master_press"], &["MASTERPRESS"], false, Always),
    spec(O::LatePress, &["latepress", "late_press"], &["LATEPRESS"], true, Always),
    spec(O::MustOrder, &["mustorder", "must_order"], &["MUSTORDER"], true, Always),
    spec(O::WatchAllPress, &["watchallpress", "watch_all_press"], &["WATCH ALL PRESS"], true, Always),
    // njudge: cannot be changed once the game is in progress
    spec(O::MinorPress, &["minorpress", "minor_press"], &["MINOR PRESS"], true, Forming),
    spec(O::GracePress, &["gracepress", "grace_press"], &["GRACE PRESS"], true, Always),
    spec(O::TouchPress, &["touchpress", "touch_press"], &["TOUCH PRESS"], true, Always),
    spec(O::BlankPress, &["blankpress", "blank_press"], &["BLANK PRESS"], true, Always),
    spec(O::Nmr, &["nmr"], &["NMR"], true, Always),
    spec(O::Assignment, &["assignment"], &["ASSIGNMENT"], false, Forming),
    spec(O::Movement, &["movement"], &["MOVEMENT", "MOVES", "MOVE"], false, Always),
    // njudge's SET MOVE|RETREAT|ADJUST|BUILD, with and without an S
    spec(O::Retreat, &["retreat"], &["RETREATS", "RETREAT"], false, Always),
    spec(O::Adjustment, &["adjustment"], &["ADJUSTMENTS", "BUILDS", "ADJUSTS", "ADJUST", "BUILD"], false, Always),
    // SET GRACE moves the current phase's grace period (see settings.rs)
    spec(O::Grace, &["grace"], &[], false, Always),
    spec(O::Reminder, &["reminder"], &["REMINDER"], false, Always),
    spec(O::List, &["list"], &["LIST"], false, Always),
    // SET LIST alone, SET NOLIST, SET UNLIST (njudge's listing; see parse/set.rs)
    spec(O::Listed, &["listed"], &["LISTED"], true, Always),
    spec(O::Webhook, &["webhook"], &["WEBHOOK"], true, Always),
    spec(O::End, &["end"], &["END"], false, Always),
    spec(O::Centers, &["centers", "centres"], &["CENTERS", "CENTRES"], false, Always),
    spec(O::Dias, &["dias"], &["DIAS"], true, Always),
    spec(O::Concessions, &["concessions"], &["CONCESSIONS"], true, Always),
    // SET CD AFTER n (see disorder.rs: SET CD also declares a power's civil disorder)
    spec(O::CdAfter, &["cd_after"], &[], false, Always),
    spec(O::Quiet, &["quiet"], &["QUIET"], true, Always),
    spec(O::Proxy, &["proxy"], &["PROXY"], true, Always),
    spec(O::Approval, &["approval"], &["APPROVAL"], true, Always),
    spec(O::LateCount, &["latecount", "late_count"], &["LATECOUNT"], true, Always),
    spec(O::Anonymous, &["anonymous"], &["ANONYMOUS"], true, Always),
    // njudge's Gunboat modifier: ANONYMOUS, PRESS NONE and QUIET together
    spec(O::Gunboat, &["gunboat"], &["GUNBOAT"], true, Forming),
    spec(O::Reveal, &["reveal"], &["REVEAL"], true, Always),
    spec(O::Secret, &["secret"], &["SECRET"], true, Always),
    // SET UNMODERATED is its NO form (parse/set.rs)
    spec(O::Moderated, &["moderated"], &["MODERATED", "MODERATE"], false, Always),
    spec(O::Resume, &["resume"], &["RESUME"], true, Always),
    // SET UNRATED is its NO form (parse/set.rs)
    spec(O::Rated, &["rated"], &["RATED"], true, Always),
    spec(O::Show, &["show"], &["SHOW"], true, Always),
    spec(O::Delay, &["delay"], &["DELAY"], false, Always),
    spec(O::StrictGrace, &["strictgrace", "strict_grace"], &["STRICT GRACE"], true, Always),
    spec(O::StrictWait, &["strictwait", "strict_wait"], &["STRICTWAIT"], true, Always),
    spec(O::MaxAbsence, &["maxabsence", "max_absence"], &["MAXABSENCE"], false, Always),
    // who may join, by record (njudge's dedsystems) and by address
    spec(O::Dedication, &["dedication"], &["DEDICATION"], false, Always),
    spec(O::OnTime, &["ontimerat", "ontime"], &["ONTIMERAT", "ONTIME"], false, Always),
    spec(O::CdRatio, &["resrat"], &["RESRAT"], false, Always),
    spec(O::AllowPlayer, &["allow"], &["ALLOW PLAYER", "ALLOW PLAYERS", "PLAYER ALLOW", "PLAYERS ALLOW"], false, Always),
    spec(O::Access, &["access"], &["ACCESS"], false, Always),
    spec(O::Level, &["level"], &["LEVEL"], false, Always),
    spec(O::DenyPlayer, &["deny"], &["DENY PLAYER", "DENY PLAYERS", "PLAYER DENY", "PLAYERS DENY"], false, Always),
    // njudge's SET PLAYERS n (SET POWERS n): the rulebook's seatings here
    spec(O::Players, &["players"], &["PLAYERS", "POWERS"], false, Forming),
    spec(O::Rule, &["rule"], &["RULE"], false, Forming),
    spec(O::ConvoyIntent, &["convoy_intent"], &[], false, Forming),
    spec(O::CivilDisorder, &["civil_disorder"], &[], false, Forming),
    spec(O::RetreatDefault, &["retreat_default"], &[], false, Forming),
    spec(O::Paradox, &["paradox"], &[], false, Forming),
    // njudge's build and disband rules (bgs: before the start), rule options
    // too; SET ANY|HOME|ONE CENTRES and ANY|NORMAL DISBAND are in parse/set.rs
    spec(O::BuildSites, &["build_sites"], &[], false, Forming),
    spec(O::Removals, &["removals"], &[], false, Forming),
    spec(O::MovementDisband, &["disband", "movement_disband"], &["DISBAND"], true, Forming),
    spec(O::AutoDisband, &["autodisband", "auto_disband"], &["AUTO DISBAND"], true, Forming),
    spec(O::BlankBoard, &["blankboard", "blank_board", "emptyboard", "empty_board"], &["BLANK BOARD", "EMPTY BOARD"], true, Forming),
    // njudge's blind variant modifier, DPjudge's BLIND rule (before the start)
    spec(O::Blind, &["blind"], &["BLIND"], true, Forming),
];

impl GameOption {
    /// Its row of [`OPTIONS`].
    pub fn spec(self) -> &'static OptionSpec {
        OPTIONS.iter().find(|s| s.option == self).unwrap_or_else(|| unreachable!("every option has a row"))
    }
}

/// The name the master's SET of option `o` has in the tables of what a
/// co-master and an unmoderated game's player may do (`master::CO_MASTER_MAY`,
/// `master::PLAYERS_MAY`): most are `SET OPTION`.
pub fn master_command_of(o: GameOption) -> &'static str {
    match o {
        O::Anonymous => "SET ANONYMOUS",
        O::List => "SET LIST",
        O::Webhook => "SET WEBHOOK",
        O::Listed => "SET NOLIST",
        O::Moderated => "SET MODERATED",
        O::Show => "SET SHOW",
        O::Reveal => "SET REVEAL",
        O::Secret => "SET SECRET",
        O::MasterPress => "SET MASTERPRESS",
        O::WatchAllPress => "SET WATCH ALL PRESS",
        O::Dedication | O::OnTime | O::CdRatio | O::AllowPlayer | O::DenyPlayer | O::Access | O::Level => "SET JOIN LIMITS",
        _ => "SET OPTION",
    }
}

/// An option as a command names it: which, and whether with `NO` before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    pub option: GameOption,
    pub no: bool,
}

/// The option CREATE's `key` names (any case; a rule's `-` for `_`).
pub fn by_key(key: &str) -> Option<Named> {
    let key = key.to_ascii_lowercase().replace('-', "_");
    let hit = |k: &str| OPTIONS.iter().find(|s| s.keys.contains(&k));
    if let Some(s) = hit(&key) {
        return Some(Named { option: s.option, no: false });
    }
    let s = hit(key.strip_prefix("no")?).filter(|s| s.negatable)?;
    Some(Named { option: s.option, no: true })
}

/// The names SET takes for options, upper case (`NO` forms joined: `NONMR`).
pub fn set_words() -> Vec<(String, Named)> {
    let mut out = Vec::new();
    for s in OPTIONS {
        for w in s.words {
            out.push((w.to_string(), Named { option: s.option, no: false }));
        }
        if s.negatable {
            for w in s.words {
                out.push((format!("NO{w}"), Named { option: s.option, no: true }));
            }
        }
    }
    out
}

/// An option's value, read.
#[derive(Clone, Debug)]
pub enum OptionValue {
    Press(Press),
    Partial(PartialPress),
    Fake(FakePress),
    ObserverPress(ObserverPress),
    PostalPress(PostalPress),
    MasterPress(MasterPress),
    Nmr(Nmr),
    Assignment(Assignment),
    Timing(PhaseKind, Schedule),
    /// njudge's parameters (`CLOCK 1410 NEXT 71 DAYS -MTWTF-`): those left
    /// out keep their values, and GRACE and DELAY are the game's.
    NjudgeTiming(PhaseKind, timing::NjudgeParams),
    Grace(i64),
    Reminder(i64),
    /// An address and the results' format; `None`: no list.
    List(Option<(String, ReportFormat)>),
    /// A webhook to add; `None`: remove them all.
    Webhook(Option<Webhook>),
    End(Option<i32>),
    Centers(Option<u32>),
    Dias(Draws),
    Concessions(Concessions),
    LatePress(LatePress),
    UnorderedPress(UnorderedPress),
    Waiters(Waiters),
    MaxAbsence(Option<u32>),
    CdAfter(Option<u32>),
    Quiet(Announcements),
    Proxy(ProxyOrders),
    Approval(bool),
    Rated(Rating),
    SiteAccess(Access),
    ClassLevel(Level),
    LateCount(bool),
    Anonymous(Anonymity),
    /// Gunboat on or off, with the press it leaves (off: the judge's default).
    Gunboat(bool, Press),
    Delay(i64),
    GraceEnd(GraceEnd),
    Dedication(Option<i64>),
    OnTime(Option<Ratio>),
    CdRatio(Option<Ratio>),
    /// An address (as written) added to an access list, or (`add` false) taken off.
    Access {
        list: AccessList,
        address: String,
        add: bool,
    },
    /// A switch of press or of the table (issue 36).
    Table(TableValue),
    /// A game for fewer players: the value as written (`3a`) and its seating.
    Players(String, Seating),
    Rule(RuleChoice),
}

/// The switches of press and of the table (issue 36): who may change the
/// game, who sees what of it.
#[derive(Clone, Copy, Debug)]
pub enum TableValue {
    Watching(Watching),
    MinorPress(MinorPress),
    GracePress(GracePress),
    TouchPress(TouchPress),
    BlankPress(BlankPress),
    Moderation(Moderation),
    PlayerResume(PlayerResume),
    Changers(Changers),
    Revealing(Revealing),
    PlayerCount(PlayerCount),
    Listing(Listing),
    Sight(Sight),
}

/// What reading and applying an option may look at: the game (before the
/// change), its map, the judge's configuration.
pub struct Scope<'a> {
    pub game: &'a Game,
    pub variant: &'a Variant,
    pub cfg: &'a Config,
}

/// Reads `text` as the value of `named` in `scope`, refusing (with what
/// would work) a value the option does not take, or a change the game is
/// past.
pub fn read(named: Named, text: &str, scope: &Scope) -> Result<OptionValue, OptionError> {
    if named.option.spec().changeable == Forming && scope.game.status != GameStatus::Forming {
        return Err(OptionError::TooLate(named.option));
    }
    // an on/off option's value: on, off, or refused (never read as off)
    let yes = || read_switch(named, text);
    let rule = |key: &str| RuleChoice::parse(key, text)?.fits(scope.variant).map(OptionValue::Rule);
    Ok(match named.option {
        O::Press => OptionValue::Press(read_press(text)?),
        // PARTIAL's other words are the fake option's (`SET PARTIAL FAKES ...`)
        O::Partial if switch_word(text).is_none() => return Err(OptionError::FakeValues { value: text.to_string() }),
        O::Partial => OptionValue::Partial(yes()?.into()),
        O::Fake => OptionValue::Fake(read_fake(named.no, text)?),
        O::ObserverPress => OptionValue::ObserverPress(read_observer_press(text)?),
        O::PostalPress => OptionValue::PostalPress(if yes()? { PostalPress::On } else { PostalPress::Off }),
        O::MasterPress => OptionValue::MasterPress(read_master_press(text)?),
        O::Nmr => OptionValue::Nmr(yes()?.into()),
        O::Dias => OptionValue::Dias(yes()?.into()),
        O::Concessions => OptionValue::Concessions(yes()?.into()),
        O::LatePress => OptionValue::LatePress(yes()?.into()),
        // MUST ORDER is the switch's second value: on refuses unordered press
        O::MustOrder => OptionValue::UnorderedPress((!yes()?).into()),
        // STRICT WAIT is the switch's second value: on, only those owing orders wait
        O::StrictWait => OptionValue::Waiters((!yes()?).into()),
        O::MaxAbsence => OptionValue::MaxAbsence(read_max_absence(text)?),
        O::CdAfter => OptionValue::CdAfter(read_cd_after(text)?),
        // QUIET is the switch's second value: on is quiet
        O::Quiet => OptionValue::Quiet((!yes()?).into()),
        // PROXY is the switch's second value: on, units may be lent
        O::Proxy => OptionValue::Proxy((!yes()?).into()),
        O::Approval => OptionValue::Approval(yes()?),
        O::LateCount => OptionValue::LateCount(yes()?),
        O::Anonymous => OptionValue::Anonymous(yes()?.into()),
        O::Gunboat => {
            let on = yes()?;
            OptionValue::Gunboat(on, if on { Press::None } else { scope.cfg.defaults.press })
        }
        // the switches whose second value is on (as PROXY)
        O::WatchAllPress => OptionValue::Table(TableValue::Watching((!yes()?).into())),
        O::TouchPress => OptionValue::Table(TableValue::TouchPress((!yes()?).into())),
        O::BlankPress => OptionValue::Table(TableValue::BlankPress((!yes()?).into())),
        O::Resume => OptionValue::Table(TableValue::PlayerResume((!yes()?).into())),
        O::Show => OptionValue::Table(TableValue::Changers((!yes()?).into())),
        O::Secret => OptionValue::Table(TableValue::PlayerCount((!yes()?).into())),
        O::MinorPress => OptionValue::Table(TableValue::MinorPress(yes()?.into())),
        O::GracePress => OptionValue::Table(TableValue::GracePress(yes()?.into())),
        O::Moderated => OptionValue::Table(TableValue::Moderation(yes()?.into())),
        O::Access => OptionValue::SiteAccess(read_access_word(text)?),
        O::Level => {
            OptionValue::ClassLevel(Level::from_word(&text.trim().to_ascii_lowercase()).ok_or_else(|| OptionError::LevelValues { value: text.to_string() })?)
        }
        O::Rated => OptionValue::Rated(if yes()? { Rating::Rated } else { Rating::Unrated }),
        O::Reveal => OptionValue::Table(TableValue::Revealing(yes()?.into())),
        O::Listed => OptionValue::Table(TableValue::Listing(yes()?.into())),
        O::Delay => OptionValue::Delay(read_delay(text)?),
        // STRICT GRACE on: the grace period's whole length
        O::StrictGrace => OptionValue::GraceEnd(yes()?.into()),
        O::Dedication => OptionValue::Dedication(read_dedication(text)?),
        O::OnTime => OptionValue::OnTime(read_ratio("ONTIMERAT", text)?),
        O::CdRatio => OptionValue::CdRatio(read_ratio("RESRAT", text)?),
        O::AllowPlayer => read_access(AccessList::Allow, text, scope.cfg)?,
        O::DenyPlayer => read_access(AccessList::Deny, text, scope.cfg)?,
        O::Assignment => OptionValue::Assignment(read_assignment(text)?),
        O::Movement => read_timing(PhaseKind::Movement, text)?,
        O::Retreat => read_timing(PhaseKind::Retreat, text)?,
        O::Adjustment => read_timing(PhaseKind::Adjustment, text)?,
        O::Grace => OptionValue::Grace(timing::parse_duration(text)?),
        O::Reminder => OptionValue::Reminder(timing::parse_duration(text)?),
        O::List => OptionValue::List(read_list(text, scope.cfg)?),
        O::Webhook if named.no => OptionValue::Webhook(None),
        O::Webhook => OptionValue::Webhook(Some(read_webhook(text, scope.cfg)?)),
        O::End => OptionValue::End(read_end(text, scope)?),
        O::Centers => OptionValue::Centers(read_centers(text, scope.variant)?),
        O::Players => {
            let seating = crate::rules::fewer_players(scope.variant, text).ok_or_else(|| OptionError::PlayersValues { value: text.to_string() })?;
            OptionValue::Players(text.trim().to_string(), seating)
        }
        O::Rule => {
            let (k, x) = text.split_once('=').ok_or(OptionError::RuleUsage)?;
            OptionValue::Rule(RuleChoice::parse(k.trim(), x.trim())?.fits(scope.variant)?)
        }
        O::ConvoyIntent => rule("convoy_intent")?,
        O::CivilDisorder => rule("civil_disorder")?,
        O::RetreatDefault => rule("retreat_default")?,
        O::Paradox => rule("paradox")?,
        O::BuildSites => rule("build_sites")?,
        O::Removals => rule("removals")?,
        O::MovementDisband => OptionValue::Rule(RuleChoice::MovementDisband(yes()?).fits(scope.variant)?),
        O::AutoDisband => OptionValue::Rule(RuleChoice::AutoDisband(yes()?)),
        O::BlankBoard => OptionValue::Rule(RuleChoice::BlankBoard(yes()?).fits(scope.variant)?),
        // BLIND is the switch's second value: on, each power sees its own part
        O::Blind => OptionValue::Table(TableValue::Sight((!yes()?).into())),
    })
}

/// Applies a value read by [`read`] to `g`; what to answer.
pub fn apply(g: &mut Game, v: &Variant, value: OptionValue) -> Result<String, OptionError> {
    let s = &mut g.settings;
    Ok(match value {
        OptionValue::Press(p) => {
            s.press = p;
            say::master::press_set(p)
        }
        OptionValue::Partial(b) => {
            s.partial = b;
            say::master::partial(b)
        }
        OptionValue::Fake(f) => {
            s.fake = f;
            say::press::fake_set(f)
        }
        OptionValue::ObserverPress(o) => {
            s.observer_press = o;
            say::press::observer_press_set(o)
        }
        OptionValue::PostalPress(p) => {
            s.postal_press = p;
            say::press::postal_press_set(p)
        }
        OptionValue::MasterPress(m) => {
            s.master_press = m;
            say::press::master_press_set(m)
        }
        OptionValue::Nmr(b) => {
            s.nmr = b;
            say::master::nmr(b)
        }
        OptionValue::Dias(b) => {
            s.dias = b;
            say::master::dias(b)
        }
        OptionValue::Concessions(b) => {
            s.concessions = b;
            say::disorder::concessions(b)
        }
        OptionValue::LatePress(b) => {
            s.late_press = b;
            say::press::late_press(b)
        }
        OptionValue::UnorderedPress(b) => {
            s.unordered_press = b;
            say::press::unordered_press(b)
        }
        OptionValue::Waiters(w) => {
            s.anyone_waits = w;
            say::settings::waiters(w)
        }
        OptionValue::MaxAbsence(n) => {
            s.max_absence_days = n;
            say::settings::max_absence(n.unwrap_or(crate::game::MAX_ABSENCE_DAYS))
        }
        OptionValue::CdAfter(n) => {
            s.cd_after = n;
            say::disorder::cd_after(n)
        }
        OptionValue::Quiet(b) => {
            s.announce = b;
            say::disorder::quiet(b)
        }
        OptionValue::Proxy(b) => {
            s.no_proxy = b;
            say::proxy::option(b)
        }
        OptionValue::LateCount(b) => {
            s.late_count = b;
            say::deadline::late_count_set(b)
        }
        OptionValue::SiteAccess(a) => {
            s.access = a;
            say::dedication::access_set(a)
        }
        OptionValue::ClassLevel(l) => {
            s.level = l;
            say::dedication::level_set(l)
        }
        OptionValue::Rated(r) => {
            s.rating = Some(r);
            say::dedication::rated_set(r)
        }
        OptionValue::Approval(b) => {
            s.takeover_approval = b;
            say::account::approval(b)
        }
        OptionValue::Anonymous(b) => {
            s.anonymous = b;
            say::master::anonymous(b)
        }
        OptionValue::Gunboat(on, press) => apply_gunboat(s, on, press),
        OptionValue::Delay(secs) => apply_delay(s, secs),
        OptionValue::GraceEnd(e) => {
            s.strict_grace = e;
            say::time::grace_end_set(e)
        }
        OptionValue::Dedication(n) => {
            s.min_dedication = n;
            say::dedication::dedication_set(n)
        }
        OptionValue::OnTime(r) => {
            s.min_on_time = r;
            say::dedication::on_time_set(r)
        }
        OptionValue::CdRatio(r) => {
            s.max_cd = r;
            say::dedication::cd_set(r)
        }
        OptionValue::Access { list, address, add } => apply_access(s, list, &address, add)?,
        OptionValue::Table(t) => apply_table(s, t),
        OptionValue::Assignment(a) => {
            s.assignment = a;
            say::master::assigned_by(a.as_str())
        }
        OptionValue::Timing(kind, t) => apply_timing(s, kind, t),
        OptionValue::NjudgeTiming(kind, p) => apply_njudge_timing(s, kind, &p)?,
        OptionValue::Grace(secs) => apply_grace(s, secs),
        OptionValue::Reminder(secs) => {
            s.reminder_secs = secs;
            say::master::reminders(&timing::format_span(secs))
        }
        OptionValue::List(list) => apply_list(s, list),
        OptionValue::Webhook(w) => apply_webhook(s, w)?,
        OptionValue::End(year) => {
            s.end_year = year;
            year.map_or_else(say::master::no_end_year, |y| say::master::end_year(&v.calendar.year_name(y)))
        }
        OptionValue::Centers(n) => {
            s.victory_count = n;
            n.map_or_else(|| say::master::map_victory_count(crate::rules::map_victory_count(v)), say::master::victory_count)
        }
        OptionValue::Players(text, seating) => {
            let joined = g.players.iter().filter(|p| p.role == crate::game::PlayerRole::Player && p.status == crate::game::PlayerStatus::Active).count();
            if joined > seating.groups.len() {
                return Err(OptionError::MoreJoined { joined, seats: seating.groups.len() });
            }
            apply_players(&mut g.settings, v, &text, &seating)
        }
        OptionValue::Rule(c) => {
            s.rules.set(c);
            // the game's rulebook too (the game may start in this same mail)
            c.apply(&mut g.rules);
            say::options::rule_set(c).unwrap_or_else(|| say::master::rule_set(c.key(), c.word()))
        }
    })
}

/// The switches of press and of the table (issue 36): who may change the
/// game, who sees what of it.
/// Gunboat's three options at once (docs/RULES.md, "Gunboat games").
fn apply_gunboat(s: &mut crate::store::games::Settings, on: bool, press: Press) -> String {
    s.press = press;
    s.announce = (!on).into();
    if on {
        s.anonymous = Anonymity::Hidden;
    }
    say::options::gunboat(on, press)
}

fn apply_table(s: &mut crate::store::games::Settings, value: TableValue) -> String {
    match value {
        TableValue::Watching(w) => {
            s.no_watch = w;
            say::press::watch_all_press(w)
        }
        TableValue::MinorPress(m) => {
            s.minor_press = m;
            say::press::minor_press(m)
        }
        TableValue::GracePress(g) => {
            s.grace_press = g;
            say::press::grace_press(g)
        }
        TableValue::TouchPress(t) => {
            s.no_touch = t;
            say::press::touch_press(t)
        }
        TableValue::BlankPress(b) => {
            s.no_blank = b;
            say::press::blank_press(b)
        }
        TableValue::Moderation(m) => {
            s.moderated = m;
            say::master::moderation(m)
        }
        TableValue::PlayerResume(r) => {
            s.no_resume = r;
            say::master::player_resume(r)
        }
        TableValue::Changers(c) => {
            s.no_show = c;
            say::master::changers(c)
        }
        TableValue::Revealing(r) => {
            s.reveal = r;
            say::master::revealing(r)
        }
        TableValue::PlayerCount(c) => {
            s.player_count = c;
            say::master::player_count(c)
        }
        TableValue::Listing(l) => {
            s.listed = l;
            say::community::listing(l)
        }
        TableValue::Sight(b) => {
            s.no_blind = b;
            say::options::blind_set(b)
        }
    }
}

/// A list address: nothing goes there until someone there confirms; one that
/// asked for no more mail stays off until someone there confirms anew.
fn apply_list(s: &mut crate::store::games::Settings, list: Option<(String, ReportFormat)>) -> String {
    let Some((a, format)) = list else {
        s.list_address = None;
        s.list_code = None;
        s.list_confirmed = true;
        s.list_format = ReportFormat::Text;
        return say::master::no_list_address();
    };
    let stopped = s.list_stopped.contains(&crate::mail::mailbox_key(&a));
    let same = s.list_address.as_deref().is_some_and(|l| l.eq_ignore_ascii_case(&a));
    if !same || stopped {
        s.list_address = Some(a.clone());
        s.list_confirmed = false;
        s.list_code = Some(crate::password::confirmation_code());
    }
    s.list_format = format;
    let set = say::master::list_address(&a, format, s.list_confirmed);
    if stopped { format!("{} {set}", say::master::list_stopped(&a)) } else { set }
}

/// An address added to an access list (at most
/// [`crate::game::dedication::MAX_ACCESS_LIST`]), or taken off it; kept by its mailbox.
fn apply_access(s: &mut crate::store::games::Settings, list: AccessList, address: &str, add: bool) -> Result<String, OptionError> {
    let key = crate::mail::mailbox_key(address);
    let l = match list {
        AccessList::Allow => &mut s.allow_players,
        AccessList::Deny => &mut s.deny_players,
    };
    let max = crate::game::dedication::MAX_ACCESS_LIST;
    match (add, l.contains(&key)) {
        (true, true) => {}
        (true, false) if l.len() >= max => return Err(OptionError::AccessListFull { list, max }),
        (true, false) => l.push(key),
        (false, true) => l.retain(|m| *m != key),
        (false, false) => return Err(OptionError::NotOnAccessList { list, address: address.to_string() }),
    }
    Ok(say::dedication::list_changed(list, address, add, l.len()))
}

fn apply_webhook(s: &mut crate::store::games::Settings, w: Option<Webhook>) -> Result<String, OptionError> {
    let Some(w) = w else {
        s.webhooks.clear();
        return Ok(say::master::no_webhooks());
    };
    s.webhooks.retain(|x| x.url != w.url);
    if s.webhooks.len() >= crate::publish::MAX_WEBHOOKS {
        return Err(OptionError::TooManyWebhooks { max: crate::publish::MAX_WEBHOOKS });
    }
    let shown = say::master::webhook_set(&w);
    s.webhooks.push(w);
    Ok(shown)
}

/// A game for fewer players (only while forming: nobody has a seat yet).
fn apply_players(s: &mut crate::store::games::Settings, v: &Variant, text: &str, seating: &Seating) -> String {
    let name = |p: &PowerId| v.powers[*p as usize].name.clone();
    let pnames = |ps: &[PowerId]| ps.iter().map(|&p| crate::game::pname(v, p)).collect::<Vec<_>>();
    s.neutral = seating.neutral.iter().map(name).collect();
    let several = seating.groups.iter().any(|g| g.len() > 1);
    s.groups = if several { seating.groups.iter().map(|g| g.iter().map(name).collect()).collect() } else { Vec::new() };
    s.closed = Vec::new();
    s.world_war = None;
    let seats: Vec<String> = seating.groups.iter().map(|g| say::seats::powers(&pnames(g))).collect();
    if seating.world_war {
        s.closed = crate::rules::WORLD_WAR_CLOSED.iter().map(|c| c.to_string()).collect();
        s.world_war = Some(crate::store::games::WorldWar { seed: 0, winner: None, joined: false });
        let neutral = pnames(&seating.neutral).join(", ");
        say::seats::world_war_set(&seats, &neutral, &crate::rules::WORLD_WAR_CLOSED, crate::rules::WORLD_WAR_YEAR, crate::rules::WORLD_WAR_CENTERS)
    } else if several {
        say::seats::groups_set(text, &seats)
    } else {
        say::master::players_set(seating.groups.len(), &pnames(&seating.neutral))
    }
}

/// One CREATE option, `key=value`, for the game being created.
pub fn create_option(g: &mut Game, v: &Variant, cfg: &Config, key: &str, text: &str) -> Result<String, OptionError> {
    let named = by_key(key).ok_or_else(|| OptionError::Unknown { key: key.to_string(), known: OPTIONS.iter().map(|s| s.keys[0]).collect() })?;
    let value = read(named, text, &Scope { game: g, variant: v, cfg })?;
    apply(g, v, value)
}

/// An option the table refuses, as a [`Refusal`] (the sender's mistake).
pub(super) fn refused(why: OptionError) -> Refusal {
    Refusal::BadOption { why }
}

impl Session<'_> {
    /// The master's SET of a game option.
    pub(super) fn set_option(&mut self, named: Named, arg: &str) -> R {
        let (mut g, by) = self.setting_game(master_command_of(named.option))?;
        let v = g.variant.clone();
        let value = read(named, arg, &Scope { game: &g, variant: &v, cfg: &self.ctx.cfg }).map_err(refused)?;
        self.within_own_record(&g.master_email.clone(), &value)?;
        let before = g.settings.clone();
        let msg = apply(&mut g, &v, value).map_err(refused)?;
        // a press rule changed in a game under way: the table is told (once a mail)
        // (past the master's table mails an hour, the rule is still changed, untold)
        let mut msg = msg;
        // (a player's change in an unmoderated game is told below, by whom)
        if by.is_master() && super::notices::press_rule(named.option) && g.status == GameStatus::Active && g.settings != before {
            let line = msg.clone();
            let told = self.tell_table_later(
                &g,
                super::notices::About::PressRule(named.option),
                say::master::press_rules_subject(&g),
                Box::new(move |_| line.clone()),
            );
            match told {
                Ok(()) => {}
                Err(super::Fail::Refused(why)) => msg = say::master::press_rule_untold(&msg, &say::refusal::refusal(&why)),
                Err(e) => return Err(e),
            }
        }
        // an unmoderated game's table hears of its players' changes (once a mail)
        if !by.is_master() {
            let (who, line) = (self.changer_named(&g, by), msg.clone());
            self.tell_table_later(&g, super::notices::About::Changed(named.option, who), say::master::changed_subject(&g), Box::new(move |_| line.clone()))?;
        }
        g.save(self.conn)?;
        // a list waiting for its confirmation: the request (at most one a day to an address)
        let msg = if named.option == O::List && !g.settings.list_confirmed { format!("{msg} {}", self.list_request(&g)?) } else { msg };
        self.touch(g.id);
        Ok(vec![msg])
    }
}

impl Session<'_> {
    /// One of CREATE's options for the game being created, `g` (whose
    /// master is the sender): as [`create_option`], a limit by record no
    /// further than the sender's own.
    pub(super) fn creation_option(&mut self, g: &mut Game, v: &Variant, key: &str, text: &str) -> Result<String, super::Fail> {
        let named = by_key(key).ok_or_else(|| refused(OptionError::Unknown { key: key.to_string(), known: OPTIONS.iter().map(|s| s.keys[0]).collect() }))?;
        let value = read(named, text, &Scope { game: g, variant: v, cfg: &self.ctx.cfg }).map_err(refused)?;
        self.within_own_record(&self.sender.clone(), &value)?;
        Ok(apply(g, v, value).map_err(refused)?)
    }
}

/// The lines of HELP that list the master's options (those SET takes, by
/// their names or by njudge's names with their value in them: `SET ANY
/// CENTRES`, `SET NORMAL DISBAND`, parse/set.rs).
pub fn help_lines() -> Vec<String> {
    let shown = |s: &&OptionSpec| !s.words.is_empty() || matches!(s.option, O::BuildSites | O::Removals);
    OPTIONS.iter().filter(shown).flat_map(|s| say::options::help(s.option, s.changeable == Forming)).collect()
}

/// README.md's table of game options.
pub fn readme_table() -> String {
    let mut out = say::options::readme_header();
    for s in OPTIONS {
        let names: Vec<String> = s.keys.iter().map(|k| format!("`{k}`")).collect();
        // the rule options by name are set with SET RULE, the grace period
        // with SET GRACE (which takes a date too: see settings.rs)
        let set = match s.option {
            O::ConvoyIntent | O::CivilDisorder | O::RetreatDefault | O::Paradox => Some("RULE".to_string()),
            O::Grace => Some("GRACE".to_string()),
            O::AllowPlayer | O::DenyPlayer => s.words.first().map(|w| w.to_string()),
            // njudge's SET NOLIST (SET LIST alone lists it again)
            O::Listed => Some("NOLIST".to_string()),
            // njudge's names (their value in them) and its names of several words
            O::BuildSites => Some(r"ANY\|HOME\|ONE CENTRES".to_string()),
            O::Removals => Some(r"ANY\|NORMAL DISBAND".to_string()),
            O::MovementDisband | O::AutoDisband | O::BlankBoard | O::Gunboat | O::Blind => s.words.first().map(|w| format!("[NO] {w}")),
            _ => s.words.first().map(|_| s.keys[0].to_ascii_uppercase()),
        };
        out.push_str(&say::options::readme_row(s.option, &names.join(", "), set.as_deref(), s.changeable == Forming));
    }
    out
}

mod timing_options;
mod values;
pub(super) use timing_options::kinds_keep;
use timing_options::{apply_delay, apply_grace, apply_njudge_timing, apply_timing};
use values::*;

#[cfg(test)]
mod tests;
