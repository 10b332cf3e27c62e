//! SET: the names it takes (a player's settings and votes, the deadline, the
//! master's tools and every game option), njudge's press settings and their
//! lists.

use super::cmd::{Cmd, SetKey, ToolSet};
use super::line::{Line, match_word};
use crate::command::options;
use crate::command::options::{GameOption, Named};
use crate::game::refusal::{Refusal, UsageRefusal};

/// The names SET takes besides the game options' (those are in [`crate::command::options::OPTIONS`]).
const SET_KEYS: &[(&str, SetKey)] = &[
    ("WAIT", SetKey::Wait),
    ("NOWAIT", SetKey::NoWait),
    ("DRAW", SetKey::Draw),
    ("NODRAW", SetKey::NoDraw),
    ("CONCEDE", SetKey::Concede),
    // njudge's short form (before 1.4.0 the only one)
    ("CONC", SetKey::Concede),
    ("NOCONCEDE", SetKey::NoConcede),
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
    ("ADDRESS", SetKey::Address),
    ("PREFERENCE", SetKey::Preference),
    ("DEADLINE", SetKey::Deadline),
    ("GRACE", SetKey::Grace),
    ("ALLY", SetKey::Ally),
    ("NOALLY", SetKey::NoAlly),
    ("START", SetKey::Start),
    ("MAP", SetKey::Map),
    ("NAME", SetKey::Name),
    ("NOMAP", SetKey::NoMap),
    ("CD", SetKey::Cd),
    ("NOCD", SetKey::NoCd),
    ("PRIVATE", SetKey::Tool(ToolSet::Private)),
    ("NOPRIVATE", SetKey::Tool(ToolSet::Public)),
    ("PUBLIC", SetKey::Tool(ToolSet::Public)),
    ("MANUAL", SetKey::Tool(ToolSet::Manual)),
    ("NOMANUAL", SetKey::Tool(ToolSet::Auto)),
    ("AUTO", SetKey::Tool(ToolSet::Auto)),
];

/// Every name SET takes, upper case.
pub(super) fn set_keys() -> &'static [(String, SetKey)] {
    static KEYS: std::sync::LazyLock<Vec<(String, SetKey)>> = std::sync::LazyLock::new(|| {
        let own = SET_KEYS.iter().map(|(w, k)| (w.to_string(), *k));
        own.chain(options::set_words().into_iter().map(|(w, n)| (w, SetKey::Option(n)))).collect()
    });
    &KEYS
}

/// `SET name value` (`SET NO name` read as `SET NOname`).
pub(super) fn set(l: &Line) -> Cmd {
    let words: Vec<String> = l.w[l.skip..].iter().map(|w| w.trim_end_matches(',').to_ascii_uppercase()).collect();
    if let Some((option, no, arg)) = press_set(&words) {
        return Cmd::Set { key: SetKey::Option(Named { option, no }), arg: arg.to_string() };
    }
    if let Some(list) = press_sets(&l.rest(0)) {
        return Cmd::PressSets(list);
    }
    let Some(mut key) = l.arg(0).map(|k| k.to_ascii_uppercase()) else { return Cmd::Bad(Refusal::Usage(UsageRefusal::SetNeedsName)) };
    let mut next = 1;
    if key == "NO"
        && let Some(k2) = l.arg(1)
    {
        key = format!("NO{}", k2.to_ascii_uppercase());
        next = 2;
    }
    // njudge's names of two words: `SET STRICT WAIT`, `SET MAX ABSENCE 10`,
    // `SET NO STRICT WAIT` (only when the two make a name whole)
    if let Some(w2) = l.arg(next)
        && let joined = format!("{key}{}", w2.to_ascii_uppercase())
        && set_keys().iter().any(|(n, _)| *n == joined)
    {
        key = joined;
        next += 1;
    }
    // whole words only: `SET CO` stays CONCEDE
    if key == "COMMENT" {
        return Cmd::Set { key: SetKey::Tool(ToolSet::Comment), arg: l.rest(next) };
    }
    match match_word(&key, set_keys()) {
        Ok(Some(k)) => Cmd::Set { key: k, arg: l.rest(next) },
        Ok(None) => Cmd::Bad(Refusal::Usage(UsageRefusal::SetNoSuch { key })),
        Err(c) => Cmd::Bad(Refusal::Usage(UsageRefusal::SetAmbiguous { key, candidates: c })),
    }
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
/// `SET NORMAL PRESS`: the option, `NO`, and the value in the table's words.
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
        (false, ["NONE"] | ["PRESS", "NONE"]) => (GameOption::Press, false, "none"),
        (true, ["WHITE"]) => (GameOption::Press, false, "grey_only"),
        (true, ["GREY" | "GRAY"]) => (GameOption::Press, false, "white"),
        (false, [c]) if colour(c).is_some() => (GameOption::Press, false, colour(c)?),
        (_, ["PARTIAL"]) => (GameOption::Partial, no, ""),
        (true, ["FAKE"] | ["FAKE", "BROADCAST"]) => (GameOption::Fake, true, ""),
        (false, ["PARTIAL", "MAY", ..]) => (GameOption::Fake, false, "may"),
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
        (false, ["ALL"]) if pressed => (GameOption::MasterPress, false, "all"),
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
