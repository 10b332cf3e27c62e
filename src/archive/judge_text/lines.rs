//! What the njudge-layout reader reads a file's lines into: province names,
//! order lines, turns, and what is wrong with a line (below the reader, the
//! board after a turn and Original 1958's boarding words, which all use them).

use crate::adjudicate::{Dislodged, ResultKind};
use crate::map::{Coast, Loc, PowerId, Prov, Unit, Variant};
use crate::order::Order;
use crate::phase::Phase;

/// One order line read: its power, the order in this judge's codes, and
/// the recorded result.
pub struct Recorded {
    pub power: PowerId,
    pub order: Order,
    pub text: String,
    pub result: ResultKind,
    /// `(*dislodged*)` among its results.
    pub dislodged: bool,
    /// `, No Order Processed`: the judge's default, not an order given (the
    /// game read back leaves it to the engine, as it was).
    pub defaulted: bool,
}

/// A turn of the file: the phase (from its subject), the orders and the
/// blocks after them.
pub(super) struct Turn {
    pub(super) phase: Phase,
    pub(super) orders: Vec<Recorded>,
    pub(super) dislodged: Vec<Dislodged>,
    /// Original 1958's armies on board at the start of a movement phase
    /// (the block after its orders).
    pub(super) aboard: Vec<Unit>,
    pub(super) ownership: Option<Vec<Option<PowerId>>>,
    pub(super) next: Option<Phase>,
}

/// Province names (normalised words) to provinces, longest first.
pub(super) struct Names(Vec<(Vec<String>, Prov)>);

fn norm(w: &str) -> String {
    w.to_lowercase().replace('.', "")
}

impl Names {
    pub(super) fn of(v: &Variant) -> Names {
        let mut all: Vec<(Vec<String>, Prov)> = Vec::new();
        for (i, p) in v.provinces.iter().enumerate() {
            for n in std::iter::once(&p.name).chain(p.aliases.iter()).chain(std::iter::once(&p.code)) {
                all.push((n.split_whitespace().map(norm).collect(), i as Prov));
            }
        }
        all.sort_by_key(|(w, _)| std::cmp::Reverse(w.len()));
        Names(all)
    }

    /// The province named at the start of `words`, and how many words it took.
    fn at(&self, words: &[String]) -> Option<(Prov, usize)> {
        self.0.iter().find(|(n, _)| words.len() >= n.len() && n.iter().zip(words).all(|(a, b)| a == b)).map(|(n, p)| (*p, n.len()))
    }

    /// `Fleet St. Petersburg (south coast) -> Gulf of Bothnia` → `F STP/SC - BOT`.
    pub(super) fn to_codes(&self, v: &Variant, text: &str) -> String {
        let mut t = text.to_lowercase();
        for c in Coast::ALL {
            let code = c.code().to_lowercase();
            t = t.replace(&format!(" ({})", c.name()), &format!(" /{code}")).replace(&format!(" ({code})"), &format!(" /{code}"));
        }
        // `Ang/sc`, `Spa/nc`: the coast a word of its own
        let t = t.replace('/', " /").replace("  /", " /");
        let toks: Vec<String> = t.split_whitespace().map(|w| w.trim_end_matches(',').to_string()).collect();
        let normed: Vec<String> = toks.iter().map(|w| norm(w)).collect();
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            if let Some((p, n)) = self.at(&normed[i..]) {
                out.push(v.code(p).to_string());
                i += n;
                continue;
            }
            match toks[i].as_str() {
                "army" => out.push("A".into()),
                "fleet" => out.push("F".into()),
                "->" => out.push("-".into()),
                w if w.starts_with('/') => {
                    if let Some(last) = out.last_mut() {
                        last.push_str(&w.to_uppercase());
                    }
                }
                w => out.push(w.to_string()),
            }
            i += 1;
        }
        out.join(" ")
    }

    /// A place written in full (`the North Sea`, `Spain (south coast)`).
    pub(super) fn loc(&self, v: &Variant, text: &str) -> Result<Loc, LineFault> {
        let t = text.trim().trim_end_matches('.');
        let t = t.strip_prefix("the ").or_else(|| t.strip_prefix("The ")).unwrap_or(t);
        v.parse_loc(&self.to_codes(v, t)).map_err(LineFault::Loc)
    }
}

/// What is wrong with a line of the file (the keeper reads it, after the
/// line's number and text: [`say::bad_line`]).
#[derive(Debug, thiserror::Error)]
pub enum LineFault {
    #[error("no such season")]
    NoSuchSeason,
    /// An order line's power.
    #[error("unknown power")]
    UnknownPower,
    #[error("unknown power `{0}`")]
    UnknownPowerNamed(String),
    #[error("unknown result `{0}`")]
    UnknownResult(String),
    #[error("unknown unit `{0}`")]
    UnknownUnit(String),
    #[error("no army or fleet in `{0}`")]
    NoUnitKind(String),
    #[error("not a dislodged unit")]
    NotDislodged,
    /// A place the variant does not have (the map's words).
    #[error("{0}")]
    Loc(crate::map::LocError),
    /// A unit that cannot stand where it says (the map's words).
    #[error("{0}")]
    Unit(crate::map::UnitError),
    /// An order the parser does not take (its words).
    #[error("{}", .0.message)]
    Order(Box<crate::parse::ParseError>),
}
