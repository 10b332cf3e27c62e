//! The table of game options, [`OPTIONS`]: every option CREATE's
//! `key=value` and the master's SET take, the names players write for it,
//! and whether the master may change it while the game runs or only while
//! it forms. Data only: `command::options` reads and applies values,
//! `report::say::options` words HELP's lines and README.md's table.

/// A game option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOption {
    Press,
    Partial,
    Nmr,
    Assignment,
    Movement,
    Retreat,
    Adjustment,
    Grace,
    Reminder,
    List,
    Webhook,
    End,
    Centers,
    Dias,
    Anonymous,
    Players,
    /// `rule=name=value`, `SET RULE name=value`: any rule option by name.
    Rule,
    ConvoyIntent,
    CivilDisorder,
    RetreatDefault,
    Paradox,
}

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
    /// The names SET takes (any case, or the unique start of one); none: CREATE only.
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
    spec(O::Nmr, &["nmr"], &["NMR"], true, Always),
    spec(O::Assignment, &["assignment"], &["ASSIGNMENT"], false, Forming),
    spec(O::Movement, &["movement"], &["MOVEMENT", "MOVES"], false, Always),
    spec(O::Retreat, &["retreat"], &["RETREATS"], false, Always),
    spec(O::Adjustment, &["adjustment"], &["ADJUSTMENTS", "BUILDS"], false, Always),
    // SET GRACE moves the current phase's grace period (see settings.rs)
    spec(O::Grace, &["grace"], &[], false, Always),
    spec(O::Reminder, &["reminder"], &["REMINDER"], false, Always),
    spec(O::List, &["list"], &["LIST"], false, Always),
    spec(O::Webhook, &["webhook"], &["WEBHOOK"], true, Always),
    spec(O::End, &["end"], &["END"], false, Always),
    spec(O::Centers, &["centers", "centres"], &["CENTERS", "CENTRES"], false, Always),
    spec(O::Dias, &["dias"], &["DIAS"], true, Always),
    spec(O::Anonymous, &["anonymous"], &["ANONYMOUS"], true, Always),
    spec(O::Players, &["players"], &[], false, Forming),
    spec(O::Rule, &["rule"], &["RULE"], false, Forming),
    spec(O::ConvoyIntent, &["convoy_intent"], &[], false, Forming),
    spec(O::CivilDisorder, &["civil_disorder"], &[], false, Forming),
    spec(O::RetreatDefault, &["retreat_default"], &[], false, Forming),
    spec(O::Paradox, &["paradox"], &[], false, Forming),
];

impl GameOption {
    /// Its row of [`OPTIONS`].
    pub fn spec(self) -> &'static OptionSpec {
        OPTIONS.iter().find(|s| s.option == self).unwrap_or_else(|| unreachable!("every option has a row"))
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
