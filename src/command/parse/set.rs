//! SET: the names it takes (a player's settings and votes, the deadline, the
//! master's tools and every game option), njudge's press settings and their
//! lists, and njudge's names it does not take, each refused by its name.
//!
//! A name is taken whole or refused by name, never read as the start of
//! another with the rest as its value (docs/RULES.md, "SET names"): the
//! line's first words, joined (`SET STRICT GRACE` is `STRICTGRACE`, up to
//! three after `NO`), are looked up first, longest first; only then may the
//! first word be the start of a name (`SET DEAD` for DEADLINE), and only when
//! every name it could start, with the words after it, means the same.

use super::cmd::{Cmd, SetKey, ToolSet};
use super::line::Line;
use crate::command::options;
use crate::command::options::{GameOption, Named};
use crate::game::refusal::{Refusal, SetHint, UsageRefusal};

/// The names SET takes besides the game options' (those are in [`crate::command::options::OPTIONS`]).
const SET_KEYS: &[(&str, SetKey)] = &[
    ("WAIT", SetKey::Wait),
    ("NOWAIT", SetKey::NoWait),
    // njudge's short form of NOWAIT (ml_set.c)
    ("NOW", SetKey::NoWait),
    ("DRAW", SetKey::Draw),
    ("NODRAW", SetKey::NoDraw),
    ("CONCEDE", SetKey::Concede),
    // njudge's short form (before 1.4.0 the only one)
    ("CONC", SetKey::Concede),
    ("NOCONCEDE", SetKey::NoConcede),
    ("NOCONC", SetKey::NoConcede),
    ("ABSENCE", SetKey::Absence),
    ("NOABSENCE", SetKey::NoAbsence),
    // njudge's other names for an absence
    ("HOLIDAY", SetKey::Absence),
    ("HOLIDAYS", SetKey::Absence),
    ("NOHOLIDAY", SetKey::NoAbsence),
    ("NOHOLIDAYS", SetKey::NoAbsence),
    ("VACATION", SetKey::Absence),
    ("VACATIONS", SetKey::Absence),
    ("NOVACATION", SetKey::NoAbsence),
    ("NOVACATIONS", SetKey::NoAbsence),
    ("TIMEZONE", SetKey::Timezone),
    ("ZONE", SetKey::Timezone),
    ("BLACKOUT", SetKey::Blackout),
    ("NOBLACKOUT", SetKey::NoBlackout),
    ("PASSWORD", SetKey::Password),
    // njudge's short forms of PASSWORD, ADDRESS and PREFERENCE
    ("PW", SetKey::Password),
    ("ADDRESS", SetKey::Address),
    ("AD", SetKey::Address),
    ("PREFERENCE", SetKey::Preference),
    ("PREFERENCES", SetKey::Preference),
    ("DEADLINE", SetKey::Deadline),
    ("GRACE", SetKey::Grace),
    ("ALLY", SetKey::Ally),
    ("NOALLY", SetKey::NoAlly),
    ("START", SetKey::Start),
    ("MAP", SetKey::Map),
    ("VARIANT", SetKey::Variant),
    ("NAME", SetKey::Name),
    ("NOMAP", SetKey::NoMap),
    // our own (njudge has none): replies without the board
    ("SHORTREPLY", SetKey::Reply(crate::game::ReplyForm::Short)),
    ("FULLREPLY", SetKey::Reply(crate::game::ReplyForm::Full)),
    ("BRIEF", SetKey::Reply(crate::game::ReplyForm::Short)),
    ("NOBRIEF", SetKey::Reply(crate::game::ReplyForm::Full)),
    ("CD", SetKey::Cd),
    ("NOCD", SetKey::NoCd),
    ("COMMENT", SetKey::Tool(ToolSet::Comment)),
    // njudge's other names for the comment (ml_set.c)
    ("INFO", SetKey::Tool(ToolSet::Comment)),
    ("INFORMATION", SetKey::Tool(ToolSet::Comment)),
    ("PRIVATE", SetKey::Tool(ToolSet::Private)),
    ("NOPRIVATE", SetKey::Tool(ToolSet::Public)),
    ("PUBLIC", SetKey::Tool(ToolSet::Public)),
    ("MANUAL", SetKey::Tool(ToolSet::Manual)),
    ("NOMANUAL", SetKey::Tool(ToolSet::Auto)),
    ("AUTO", SetKey::Tool(ToolSet::Auto)),
    // njudge's SET NO AUTO START|PROCESS
    ("NOAUTO", SetKey::Tool(ToolSet::Manual)),
    // an observer's or master's copies of the broadcasts (njudge's, data/index)
    ("BROADCAST", SetKey::Broadcast),
    ("NOBROADCAST", SetKey::NoBroadcast),
];

/// njudge's names that stand for a setting and the first words of its
/// value (`SET AUTOSTART` is `SET AUTO START`), and its names of two words
/// whose first word may be abbreviated (`SET MAX VACATIONS 10`).
const PRESETS: &[(&str, SetKey, &str)] = &[
    ("AUTO START", SetKey::Tool(ToolSet::Auto), "START"),
    ("AUTO PROCESS", SetKey::Tool(ToolSet::Auto), "PROCESS"),
    ("AUTO PROC", SetKey::Tool(ToolSet::Auto), "PROCESS"),
    ("NO AUTO START", SetKey::Tool(ToolSet::Manual), "START"),
    ("NO AUTO PROCESS", SetKey::Tool(ToolSet::Manual), "PROCESS"),
    ("NO AUTO PROC", SetKey::Tool(ToolSet::Manual), "PROCESS"),
    ("MANUAL START", SetKey::Tool(ToolSet::Manual), "START"),
    ("MANUAL PROCESS", SetKey::Tool(ToolSet::Manual), "PROCESS"),
    ("MAN START", SetKey::Tool(ToolSet::Manual), "START"),
    ("MAN PROC", SetKey::Tool(ToolSet::Manual), "PROCESS"),
    ("NO MANUAL START", SetKey::Tool(ToolSet::Auto), "START"),
    ("NO MANUAL PROCESS", SetKey::Tool(ToolSet::Auto), "PROCESS"),
    ("NO MAN START", SetKey::Tool(ToolSet::Auto), "START"),
    ("NO MAN PROC", SetKey::Tool(ToolSet::Auto), "PROCESS"),
    ("STRICT WAIT", SetKey::Option(Named { option: GameOption::StrictWait, no: false }), ""),
    ("NO STRICT WAIT", SetKey::Option(Named { option: GameOption::StrictWait, no: true }), ""),
    ("MAX ABSENCE", SetKey::Option(Named { option: GameOption::MaxAbsence, no: false }), ""),
    ("MAX VACATIONS", SetKey::Option(Named { option: GameOption::MaxAbsence, no: false }), ""),
    ("MAX HOLIDAYS", SetKey::Option(Named { option: GameOption::MaxAbsence, no: false }), ""),
    // njudge's ways of giving out the powers (bgs)
    ("PRFLIST", SetKey::Option(Named { option: GameOption::Assignment, no: false }), "preference"),
    ("PRFBOTH", SetKey::Option(Named { option: GameOption::Assignment, no: false }), "preference"),
    ("PRFRAND", SetKey::Option(Named { option: GameOption::Assignment, no: false }), "random"),
    ("BROADCAST PRESS", SetKey::Broadcast, ""),
    ("NO BROADCAST PRESS", SetKey::NoBroadcast, ""),
    ("NORMAL BROADCAST", SetKey::Broadcast, ""),
    ("NO NORMAL BROADCAST", SetKey::NoBroadcast, ""),
    ("UNMODERATED", SetKey::Option(Named { option: GameOption::Moderated, no: true }), ""),
    ("UNRATED", SetKey::Option(Named { option: GameOption::Rated, no: true }), ""),
    ("UNMODERATE", SetKey::Option(Named { option: GameOption::Moderated, no: true }), ""),
    // njudge's listing (SET LIST alone is read in `set`)
    ("NO LIST", SetKey::Option(Named { option: GameOption::Listed, no: true }), ""),
    ("UNLIST", SetKey::Option(Named { option: GameOption::Listed, no: true }), ""),
    ("UNLISTED", SetKey::Option(Named { option: GameOption::Listed, no: true }), ""),
    // njudge's build and disband rules (bgs), their value in their names
    ("ANY CENTRE", BUILD_SITES, "any"),
    ("ANY CENTRES", BUILD_SITES, "any"),
    ("ANY CENTER", BUILD_SITES, "any"),
    ("ANY CENTERS", BUILD_SITES, "any"),
    ("HOME CENTRE", BUILD_SITES, "home"),
    ("HOME CENTRES", BUILD_SITES, "home"),
    ("HOME CENTER", BUILD_SITES, "home"),
    ("HOME CENTERS", BUILD_SITES, "home"),
    ("ONE CENTRE", BUILD_SITES, "one"),
    ("ONE CENTRES", BUILD_SITES, "one"),
    ("ONE CENTER", BUILD_SITES, "one"),
    ("ONE CENTERS", BUILD_SITES, "one"),
    ("ANY DISBAND", SetKey::Option(Named { option: GameOption::Removals, no: false }), "any"),
    ("NORMAL DISBAND", SetKey::Option(Named { option: GameOption::Removals, no: false }), "normal"),
];

/// njudge's `SET ANY|HOME|ONE CENTRE[S]|CENTER[S]`.
const BUILD_SITES: SetKey = SetKey::Option(Named { option: GameOption::BuildSites, no: false });

/// njudge's SET names (`data/index`, and its parser's `ml_set.c`) that this
/// judge does not take, each with why; `[NO] ` before a name: its NO form too.
const NOT_TAKEN: &[(&str, SetHint)] = {
    use SetHint as H;
    &[
        // not njudge's: refused by name all the same (its limits by record are options)
        ("RELIABILITY", H::Reliability),
        ("ALLOW MASTER", H::JudgeLists),
        ("ALLOW MASTERS", H::JudgeLists),
        ("MASTER ALLOW", H::JudgeLists),
        ("MASTERS ALLOW", H::JudgeLists),
        ("DENY MASTER", H::JudgeLists),
        ("DENY MASTERS", H::JudgeLists),
        ("MASTER DENY", H::JudgeLists),
        ("MASTERS DENY", H::JudgeLists),
        ("APPROVE", H::Approve),
        ("APPROVED", H::Approve),
        ("NOT APPROVE", H::Approve),
        ("NOT APPROVED", H::Approve),
        ("NOT VARIANT", H::Variant),
        ("BN", H::Numbers),
        ("BN NUMBER", H::Numbers),
        ("BN NUM", H::Numbers),
        ("BNC", H::Numbers),
        ("BNC NUMBER", H::Numbers),
        ("BNC NUM", H::Numbers),
        ("MN", H::Numbers),
        ("MN NUMBER", H::Numbers),
        ("MN NUM", H::Numbers),
        ("MNC", H::Numbers),
        ("MNC NUMBER", H::Numbers),
        ("MNC NUM", H::Numbers),
        ("EP", H::Numbers),
        ("EP NUMBER", H::Numbers),
        ("EP NUM", H::Numbers),
        ("[NO] AUTO CREATE", H::AutoCreate),
        ("[NO] STRICT CONVOY", H::StrictConvoy),
        ("[NO] COASTAL CONVOY", H::MapRule),
        ("[NO] COASTAL CONVOYS", H::MapRule),
        ("[NO] DUALITY", H::MapRule),
        ("[NO] GATEWAY", H::MapRule),
        ("[NO] GATEWAYS", H::MapRule),
        ("[NO] RAILWAY", H::MapRule),
        ("[NO] RAILWAYS", H::MapRule),
        ("[NO] HONG KONG", H::MapRule),
        ("[NO] PORTAGE", H::MapRule),
        ("[NO] SUMMER", H::MapRule),
        ("[NO] HOME TRANSFER", H::MapRule),
        ("[NO] BCENTRES", H::MapRule),
        ("[NO] BCENTERS", H::MapRule),
        ("[NO] NEUTRALS", H::MapRule),
        ("[NO] CAPTURE WIN", H::MapRule),
        ("[NO] AIR LIFT", H::MapRule),
        ("[NO] AIR LIFTS", H::MapRule),
        ("TRANSFORM", H::MapRule),
        ("TRAFO", H::MapRule),
        ("NO TRANSFORM", H::MapRule),
        ("NO TRAFO", H::MapRule),
        ("[NO] ATTACK TRANSFORM", H::MapRule),
        ("[NO] ATTACK TRANSFORMS", H::MapRule),
        ("XFLAG", H::MapRule),
        ("XFLAGS", H::MapRule),
        ("[NO] ALLIED WIN", H::AlliedWin),
        ("[NO] MACH2", H::Machiavelli),
        ("[NO] MACHIAVELLI2", H::Machiavelli),
        ("[NO] MACH-2", H::Machiavelli),
        ("[NO] MACHIAVELLI-2", H::Machiavelli),
        ("[NO] ADJACENT", H::Machiavelli),
        ("[NO] ADJACENCY", H::Machiavelli),
        ("[NO] ADJ", H::Machiavelli),
        ("[NO] ASSASSINS", H::Machiavelli),
        ("[NO] ASSASSINATION", H::Machiavelli),
        ("[NO] ASSASSINATIONS", H::Machiavelli),
        ("[NO] BANK", H::Machiavelli),
        ("[NO] BANKERS", H::Machiavelli),
        ("[NO] LOANS", H::Machiavelli),
        ("[NO] DICE", H::Machiavelli),
        ("[NO] FAMINE", H::Machiavelli),
        ("[NO] PLAGUE", H::Machiavelli),
        ("[NO] FORT", H::Machiavelli),
        ("[NO] FORTS", H::Machiavelli),
        ("[NO] FORTRESS", H::Machiavelli),
        ("[NO] FORTRESSES", H::Machiavelli),
        ("[NO] GARRISON", H::Machiavelli),
        ("[NO] GARRISONS", H::Machiavelli),
        ("[NO] MONEY", H::Machiavelli),
        ("[NO] SPECIAL", H::Machiavelli),
        ("[NO] STORM", H::Machiavelli),
        ("[NO] STORMS", H::Machiavelli),
        ("BASIC", H::Machiavelli),
        ("ADVANCED", H::Machiavelli),
    ]
};

/// The most words a name has, once a leading `NO` is joined to the next
/// (`NO WATCH ALL PRESS` is `NOWATCH ALL PRESS`).
const MAX_NAME_WORDS: usize = 3;

/// What a name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Meaning {
    /// A setting, and the first words of its value (`SET AUTOSTART`: START).
    Set(SetKey, &'static str),
    /// One of njudge's names this judge does not take.
    NotTaken(SetHint),
}

/// A name SET knows: as shown (`NO STRICT GRACE`), its words as a line's
/// are matched ([`name_words`]), and the words joined (`NOSTRICTGRACE`).
#[derive(Debug)]
pub(super) struct Name {
    pub(super) shown: String,
    words: Vec<String>,
    pub(super) joined: String,
    pub(super) meaning: Meaning,
}

/// Every name SET takes, upper case.
pub(super) fn set_keys() -> &'static [(String, SetKey)] {
    static KEYS: std::sync::LazyLock<Vec<(String, SetKey)>> = std::sync::LazyLock::new(|| {
        let own = SET_KEYS.iter().map(|(w, k)| (w.to_string(), *k));
        own.chain(options::set_words().into_iter().map(|(w, n)| (w, SetKey::Option(n)))).collect()
    });
    &KEYS
}

/// Every name SET knows: those it takes, njudge's with a value in them,
/// and njudge's it refuses.
pub(super) fn names() -> &'static [Name] {
    static NAMES: std::sync::LazyLock<Vec<Name>> = std::sync::LazyLock::new(|| {
        let name = |shown: String, meaning| {
            let (words, _) = name_words(shown.split_whitespace());
            Name { joined: words.concat(), words, shown, meaning }
        };
        let mut out: Vec<Name> = set_keys().iter().map(|(w, k)| name(w.clone(), Meaning::Set(*k, ""))).collect();
        out.extend(PRESETS.iter().map(|(w, k, v)| name(w.to_string(), Meaning::Set(*k, v))));
        for (w, hint) in NOT_TAKEN {
            let meaning = Meaning::NotTaken(*hint);
            match w.strip_prefix("[NO] ") {
                Some(bare) => {
                    out.push(name(bare.to_string(), meaning));
                    out.push(name(format!("NO {bare}"), meaning));
                }
                None => out.push(name(w.to_string(), meaning)),
            }
        }
        out
    });
    &NAMES
}

/// A line's words (or a name's) as names are matched: upper case, without
/// a trailing comma, a leading `NO` joined to the word after it (`SET NO
/// WAIT` is `SET NOWAIT`); and whether a `NO` was joined.
fn name_words<'a>(words: impl Iterator<Item = &'a str>) -> (Vec<String>, bool) {
    let mut w: Vec<String> = words.map(|w| w.trim_end_matches(',').to_ascii_uppercase()).collect();
    let joined = w.len() > 1 && w[0] == "NO";
    if joined {
        let next = w.remove(1);
        w[0].push_str(&next);
    }
    (w, joined)
}

/// What the first words of a SET line name.
#[derive(Debug)]
pub(super) enum Found {
    /// A name, and how many of the line's words (as [`name_words`] makes them) it takes.
    One(&'static Name, usize),
    NoSuch,
    /// The first word starts names that mean different things.
    Ambiguous(Vec<String>),
}

/// The name a SET line's words begin with (as [`name_words`] makes them).
/// Whole names first, the longest first: the first words joined are a
/// name's words joined (`STRICT GRACE`, `STRICTGRACE`). Else the first word
/// may be the start of a name's first word (at least two letters) whose
/// other words, as far as the line has any, start with the line's next
/// words; taken only when all such names mean the same with the words after
/// them (`SET GR 2h` is GRACE; `SET STRICT GR` could be STRICTWAIT or STRICT
/// GRACE, and is refused as ambiguous).
pub(super) fn find(w: &[String]) -> Found {
    for k in (1..=w.len().min(MAX_NAME_WORDS)).rev() {
        let joined = w[..k].concat();
        if let Some(n) = names().iter().find(|n| n.joined == joined) {
            return Found::One(n, k);
        }
    }
    let Some(first) = w.first().filter(|f| f.len() >= 2) else { return Found::NoSuch };
    let fits = |n: &Name| n.words[0].starts_with(first.as_str()) && n.words.iter().zip(w).skip(1).all(|(part, word)| part.starts_with(word.as_str()));
    let hits: Vec<(&'static Name, usize)> = names().iter().filter(|n| fits(n)).map(|n| (n, n.words.len().min(w.len()))).collect();
    let Some(&(one, taken)) = hits.first() else { return Found::NoSuch };
    // what a name makes of the line: its setting and the whole value, or its refusal
    let reading = |n: &Name, k: usize| match n.meaning {
        Meaning::Set(key, value) => {
            (Some(key), None, [value].into_iter().chain(w[k..].iter().map(String::as_str)).filter(|s| !s.is_empty()).collect::<Vec<_>>())
        }
        Meaning::NotTaken(hint) => (None, Some(hint), Vec::new()),
    };
    if hits.iter().all(|&(n, k)| reading(n, k) == reading(one, taken)) {
        return Found::One(one, taken);
    }
    let mut shown: Vec<String> = Vec::new();
    for (n, _) in hits {
        if !shown.contains(&n.shown) {
            shown.push(n.shown.clone());
        }
    }
    Found::Ambiguous(shown)
}

/// `SET name value`: njudge's press settings (one, or a list), else the
/// name [`find`] finds, its value the words after it as written.
pub(super) fn set(l: &Line) -> Cmd {
    let words: Vec<String> = l.w[l.skip..].iter().map(|w| w.trim_end_matches(',').to_ascii_uppercase()).collect();
    if let Some((option, no, arg)) = press_set(&words) {
        return Cmd::Set { key: SetKey::Option(Named { option, no }), arg: arg.to_string() };
    }
    if let Some(list) = press_sets(&l.rest(0)) {
        return Cmd::PressSets(list);
    }
    let (w, no_joined) = name_words(l.w[l.skip..].iter().copied());
    let Some(key) = w.first().cloned() else { return Cmd::Bad(Refusal::Usage(UsageRefusal::SetNeedsName)) };
    let (name, taken) = match find(&w) {
        Found::One(n, k) => (n, k),
        Found::NoSuch => return Cmd::Bad(Refusal::Usage(UsageRefusal::SetNoSuch { key })),
        Found::Ambiguous(candidates) => return Cmd::Bad(Refusal::Usage(UsageRefusal::SetAmbiguous { key, candidates })),
    };
    let rest = l.rest(taken + usize::from(no_joined));
    let not_taken = |name: &str, hint| Cmd::Bad(Refusal::Usage(UsageRefusal::SetNotTaken { name: name.to_string(), hint }));
    match name.meaning {
        Meaning::NotTaken(hint) => not_taken(&name.shown, hint),
        // njudge's SET PRIVATE is its NOLIST (ours with a join password: see master.rs)
        Meaning::Set(SetKey::Tool(ToolSet::Private), _) if rest.is_empty() => listing(false),
        // njudge's SET LIST alone lists the game (ours with an address: the list's)
        Meaning::Set(SetKey::Option(Named { option: GameOption::List, no: false }), _) if rest.is_empty() => listing(true),
        Meaning::Set(key, value) => {
            let arg = if value.is_empty() {
                rest
            } else if rest.is_empty() {
                value.to_string()
            } else {
                format!("{value} {rest}")
            };
            Cmd::Set { key, arg }
        }
    }
}

/// njudge's SET LIST (`on`) or SET NOLIST, SET PRIVATE.
fn listing(on: bool) -> Cmd {
    Cmd::Set { key: SetKey::Option(Named { option: GameOption::Listed, no: !on }), arg: String::new() }
}

/// The most settings one SET lists: one for each press option (a longer
/// list would only set some twice, and each is a write to the game).
pub const MAX_PRESS_SETS: usize = 8;

/// njudge's press settings given as a list (`data/press`: `SET GREY,
/// PARTIAL FAKES BROADCAST`): two or more, comma-separated, each read by
/// [`press_set`]. Anything else in the list (a value of another option
/// holds commas too: `on Mon, Thu`) leaves the line to the other readers.
fn press_sets(text: &str) -> Option<Vec<(Named, String)>> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() < 2 || parts.len() > MAX_PRESS_SETS {
        return None;
    }
    parts
        .iter()
        .map(|p| {
            let words: Vec<String> = p.split_whitespace().map(str::to_ascii_uppercase).collect();
            press_set(&words).map(|(option, no, arg)| (Named { option, no }, arg.to_string()))
        })
        .collect()
}

/// njudge's SET words for the press options (`data/index`): `SET GREY`,
/// `SET WHITE/GREY [PRESS]`, `SET NO PRESS`, `SET PRESS NONE`, `SET [NO]
/// PARTIAL [PRESS]`, `SET NO FAKE [BROADCAST]`, `SET PARTIAL MAY [BE
/// FAKED]`, `SET PARTIAL FAKES [BROADCAST] [BY DEFAULT]`, `SET [NO] POSTAL
/// PRESS`, `SET OBSERVER ANY|PARTIAL|WHITE|NO [PRESS]`, `SET ALL PRESS`,
/// `SET NORMAL PRESS` (and their spellings in njudge's parser: `SET NOPRESS`,
/// `SET ALLPRESS`, `SET PARTIAL DEFAULT`, `SET ANY OBSERVER` ...): the
/// option, `NO`, and the value in the table's words.
fn press_set(words: &[String]) -> Option<(GameOption, bool, &'static str)> {
    let mut w: Vec<&str> = words.iter().map(String::as_str).collect();
    let pressed = w.len() > 1 && w.last() == Some(&"PRESS");
    if pressed {
        w.pop();
    }
    let no = w.first() == Some(&"NO");
    let rest = if no { &w[1..] } else { &w[..] };
    let colour = |c: &str| match c.replace("GRAY", "GREY").as_str() {
        "WHITE" => Some("white"),
        "GREY" => Some("grey_only"),
        "WHITE/GREY" => Some("grey"),
        "GREY/WHITE" => Some("grey/white"),
        _ => None,
    };
    Some(match (no, rest) {
        (true, []) if pressed => (GameOption::Press, false, "none"),
        (false, ["NOPRESS"]) => (GameOption::Press, false, "none"),
        (false, ["NONE"] | ["PRESS", "NONE"]) => (GameOption::Press, false, "none"),
        (true, ["WHITE"]) => (GameOption::Press, false, "grey_only"),
        (true, ["GREY" | "GRAY"]) => (GameOption::Press, false, "white"),
        (false, [c]) if colour(c).is_some() => (GameOption::Press, false, colour(c)?),
        (_, ["PARTIAL"]) => (GameOption::Partial, no, ""),
        (true, ["FAKE"] | ["FAKE", "BROADCAST"]) => (GameOption::Fake, true, ""),
        (false, ["PARTIAL", "MAY", ..]) => (GameOption::Fake, false, "may"),
        // njudge's short forms of PARTIAL FAKES BROADCAST BY DEFAULT (ml_set.c)
        (false, ["PARTIAL", "DEFAULT"] | ["DEFAULT"]) => (GameOption::Fake, false, "broadcast_by_default"),
        (false, ["PARTIAL", "FAKES", tail @ ..]) => {
            let tail: &[&str] = tail.strip_prefix(&["BROADCAST"]).unwrap_or(tail);
            match tail {
                [] => (GameOption::Fake, false, "broadcast"),
                ["BY", "DEFAULT"] => (GameOption::Fake, false, "broadcast_by_default"),
                _ => return None,
            }
        }
        (_, ["POSTAL"]) if pressed => (GameOption::PostalPress, no, ""),
        (_, ["POSTALPRESS"]) => (GameOption::PostalPress, no, ""),
        (false, ["OBSERVER", o]) => (GameOption::ObserverPress, false, observer_word(o)?),
        // njudge's reversed forms: ANY OBSERVER, WHITE OBSERVER, NO OBSERVER
        (false, [o, "OBSERVER"]) => (GameOption::ObserverPress, false, observer_word(o)?),
        (true, ["OBSERVER"]) => (GameOption::ObserverPress, false, "none"),
        (false, ["ALL"]) if pressed => (GameOption::MasterPress, false, "all"),
        (false, ["ALLPRESS"]) => (GameOption::MasterPress, false, "all"),
        (false, ["NORMALPRESS"]) => (GameOption::MasterPress, false, "normal"),
        (_, ["LATE"]) if pressed => (GameOption::LatePress, no, ""),
        (_, ["MUST", "ORDER" | "ORDERS"]) => (GameOption::MustOrder, no, ""),
        (false, ["NORMAL"]) if pressed => (GameOption::MasterPress, false, "normal"),
        _ => return None,
    })
}

fn observer_word(o: &str) -> Option<&'static str> {
    Some(match o {
        "ANY" => "any",
        "PARTIAL" => "partial",
        "WHITE" => "white",
        "NO" | "NONE" => "none",
        _ => return None,
    })
}
