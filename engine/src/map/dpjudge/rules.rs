//! What DPjudge's `RULE` flags, `DIRECTIVES` blocks, `OWNS` lines and
//! `DUMMY` powers become (docs/VARIANTS.md, "Rules of play"):
//!
//! - `RULE BUILD_ANY`: `[rules] build_any = true` (builds in any owned centre).
//! - `RULE REMOTE_BUILDS`: `build_sites = "one"` (any owned centre, while the
//!   power owns one of its home centres: aberration); with `HOME_BUILDS` as
//!   well it is not played.
//! - `RULE HOME_BUILDS`: `build_sites = "any_home"` (any owned centre that
//!   is some power's home centre: imperial). `BUILD_ANY` overrides it, as
//!   in DPjudge.
//! - `RULE MOBILIZE`: `mobilize = true` (1898): no unit and no centre at the
//!   start, one build in a home centre of the power's choice; a `BEGIN`
//!   other than an adjustment phase begins at the adjustment before it, and
//!   the map's units are not placed, as in DPjudge.
//! - `RULE NO_DRAW`: `no_draw = true` (sengoku).
//! - `DUMMY` powers with `RULE CD_DUMMIES` (their orders default: their units
//!   hold) are `dummy = true`, unless `CD_RETREATS` without
//!   `IMMOBILE_DUMMIES` would retreat them at random; `RULE CD_BUILDS` with
//!   such dummies is `dummy_builds = true`. Other dummies, and `CD_BUILDS`
//!   without them (random builds for players in civil disorder), go into
//!   `not_implemented`.
//! - `RULE !FLAG` takes a flag back (vassal's `!BUILD_ANY`).
//! - `DIRECTIVES` ... `END DIRECTIVES`: the block's `RULE` lines are read as
//!   any (other game settings there are refused); `X DIRECTIVES` ... for another of DPjudge's game types X (ambition's
//!   and void's `PAYOLA DIRECTIVES`) is skipped: mailjudge plays the standard
//!   game, to which they do not apply.
//! - `OWNS` adds starting centres, `CENTERS` (after a power) replaces them;
//!   a power whose starting centres are not its home centres gets `owns`.

use super::{DpErrorKind, Here, LineError, PRESS_RULES, Reader, malformed};
use std::collections::BTreeMap;

/// The `RULE` flags mailjudge reads (`HIBERNATE`: dpjudge/terrain.rs).
const FLAGS: &[&str] =
    &["BUILD_ANY", "REMOTE_BUILDS", "HOME_BUILDS", "MOBILIZE", "NO_DRAW", "CD_DUMMIES", "IMMOBILE_DUMMIES", "CD_BUILDS", "CD_RETREATS", "HIBERNATE"];

impl Reader {
    /// Whether the line is taken by a `DIRECTIVES` block: its start or end,
    /// or a line of a block for another game type (skipped).
    pub(super) fn directives(&mut self, up: &str, words: &[&str]) -> Result<bool, LineError> {
        let last = words[words.len() - 1].to_ascii_uppercase();
        if last == "DIRECTIVE" || last == "DIRECTIVES" {
            self.directives = match words.len() {
                1 => Some(false),
                2 if up == "END" => None,
                2 => Some(up != "STANDARD"),
                _ => return Err(malformed("a directives line is `DIRECTIVES`, `TYPE DIRECTIVES` or `END DIRECTIVES`")),
            };
            return Ok(true);
        }
        match self.directives {
            Some(true) => Ok(true),
            // a block for every game holds game settings: only RULE lines are read
            Some(false) if up != "RULE" && up != "RULES" => Err(Here(DpErrorKind::UnsupportedDirective(format!("{} (in a DIRECTIVES block)", words[0])))),
            _ => Ok(false),
        }
    }

    /// `RULE FLAG ...`: each flag recorded, or refused.
    pub(super) fn rule_flags(&mut self, words: &[&str]) -> Result<(), LineError> {
        for w in &words[1..] {
            let flag = w.to_ascii_uppercase();
            if let Some(gone) = flag.strip_prefix('!') {
                self.flags.retain(|f| f != gone);
                if gone == "HIBERNATE" {
                    self.terrain.hibernate = false;
                }
                continue;
            }
            if PRESS_RULES.contains(&flag.as_str()) {
                continue;
            }
            if !FLAGS.contains(&flag.as_str()) {
                return Err(Here(DpErrorKind::UnsupportedRule(flag)));
            }
            if flag == "HIBERNATE" {
                self.terrain.hibernate = true;
            }
            if !self.flags.contains(&flag) {
                self.flags.push(flag);
            }
        }
        Ok(())
    }

    /// `OWNS` (adds) or `CENTERS` (replaces) for the current power.
    pub(super) fn owns(&mut self, up: &str, words: &[&str]) {
        let p = self.current.expect("the caller checked");
        let named: Vec<String> = words[1..].iter().map(|w| w.to_ascii_uppercase()).collect();
        for c in &named {
            if !self.centres.contains(c) {
                self.centres.push(c.clone());
            }
        }
        let owns = self.powers[p].owns.get_or_insert_with(Vec::new);
        if up == "CENTERS" {
            owns.clear();
        }
        for c in named {
            if !owns.contains(&c) {
                owns.push(c);
            }
        }
    }

    fn flag(&self, f: &str) -> bool {
        self.flags.iter().any(|x| x == f)
    }

    /// Whether the map's `DUMMY` powers are played as mailjudge's dummies:
    /// their orders default (`CD_DUMMIES`) and a dislodged one is destroyed.
    pub(super) fn dummies_hold(&self) -> bool {
        self.flag("CD_DUMMIES") && (self.flag("IMMOBILE_DUMMIES") || !self.flag("CD_RETREATS"))
    }

    /// Whether the map starts with its powers mobilizing.
    pub(super) fn mobilizes(&self) -> bool {
        self.flag("MOBILIZE")
    }

    /// The `[rules]` table the flags make (`dummies`: the map has dummy
    /// powers played as such), what they leave unplayed added to
    /// `not_implemented`.
    pub(super) fn rules_table(&mut self, dummies: bool) -> BTreeMap<String, ::toml::Value> {
        let mut t = BTreeMap::new();
        let on = ::toml::Value::Boolean(true);
        let (any, remote, home) = (self.flag("BUILD_ANY"), self.flag("REMOTE_BUILDS"), self.flag("HOME_BUILDS"));
        match (any, remote, home) {
            (_, true, true) => {
                self.not_implemented.push("RULE HOME_BUILDS with REMOTE_BUILDS: builds in any power's home centre, while owning one's own".into())
            }
            (_, true, false) => {
                t.insert("build_sites".into(), ::toml::Value::String("one".into()));
            }
            (true, false, _) => {
                t.insert("build_any".into(), on.clone());
            }
            (false, false, true) => {
                t.insert("build_sites".into(), ::toml::Value::String("any_home".into()));
            }
            (false, false, false) => {}
        }
        for (flag, key) in [("MOBILIZE", "mobilize"), ("NO_DRAW", "no_draw")] {
            if self.flag(flag) {
                t.insert(key.into(), on.clone());
            }
        }
        if self.flag("CD_BUILDS") {
            if dummies {
                t.insert("dummy_builds".into(), on);
            } else {
                self.not_implemented.push("RULE CD_BUILDS for powers that have players: random builds in civil disorder (mailjudge waives them)".into());
            }
        }
        t
    }
}
