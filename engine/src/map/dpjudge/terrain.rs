//! What DPjudge's `.map` files say of seasonal spaces, straits and renamed
//! places (docs/VARIANTS.md, "loeb9"):
//!
//! - `IN SPRING: WATER ARC`: ARC, `SHUT` otherwise, is water in every spring
//!   phase (the TOML's `open_in = ["S"]`). Only this one-line form, for a
//!   season and a `SHUT` place made `WATER`, is read; other `IN` lines are
//!   refused.
//! - `RULE HIBERNATE`: a unit in a space when it shuts stays there and may
//!   only hold, which is what mailjudge does. Without it DPjudge destroys
//!   the unit: a seasonal map without the rule imports with that named in
//!   `not_implemented`.
//! - `naf~` in an adjacency list: a strait (the TOML's `straits`), for
//!   armies only (a `~` on an edge fleets use is refused).
//! - `DEN -> Copenhagen = cop ...`: the place DEN gets the abbreviation COP
//!   everywhere (adjacencies, centres, homes, units) and the names of the
//!   line, losing those it had. A coast is renamed the same way, on a line
//!   of its own before its province's (`BUL/EC -> Sofia (east coast) =
//!   sof/ec ...`, Renaissance).

use super::{DpErrorKind, Here, LineError, Reader, Terrain, malformed, province_of, users};

/// Seasonal spaces, straits and the HIBERNATE rule, as read.
#[derive(Default)]
pub(super) struct Changes {
    pub hibernate: bool,
    /// Strait crossings (province codes, upper case), as written: one
    /// direction a `~`.
    pub straits: Vec<(String, String)>,
    /// Each seasonal place (as written) with the season code it is water in.
    pub open_in: Vec<(String, String)>,
    /// Half-strength crossings (province codes, upper case), as written:
    /// one direction a `*` (1900's `*MAO`).
    pub half: Vec<(String, String)>,
    /// Crossings for the owner of a centre (province codes, upper case):
    /// from, to, the centre (imperial's `BLA(CON)` on the Aegean's line).
    pub owner: Vec<(String, String, String)>,
}

impl Changes {
    /// `-X` on `place`'s line: no strait between them any more.
    pub fn forget_straits(&mut self, place: &str, gone: &str) {
        let (p, g) = (province_of(place).to_ascii_uppercase(), province_of(gone).to_ascii_uppercase());
        self.straits.retain(|(a, b)| !(*a == p && *b == g || *a == g && *b == p));
        self.half.retain(|(a, b)| !(*a == p && *b == g || *a == g && *b == p));
        self.owner.retain(|(a, b, _)| !(*a == p && *b == g || *a == g && *b == p));
    }
}

impl Reader {
    /// `IN SEASON: WATER PLACE`.
    pub(super) fn seasonal(&mut self, words: &[&str]) -> Result<(), LineError> {
        let refuse = || Here(DpErrorKind::UnsupportedDirective(format!("{} (mailjudge reads only `IN SPRING|FALL|WINTER: WATER place`)", words.join(" "))));
        let line = words[1..].join(" ");
        let (when, what) = line.split_once(':').ok_or_else(refuse)?;
        let season = match when.trim().to_ascii_uppercase().as_str() {
            "SPRING" => "S",
            "FALL" => "F",
            "WINTER" => "W",
            _ => return Err(refuse()),
        };
        let what: Vec<&str> = what.split_whitespace().collect();
        let [terrain, place] = what[..] else { return Err(refuse()) };
        if !terrain.eq_ignore_ascii_case("WATER") {
            return Err(refuse());
        }
        self.terrain.open_in.push((place.to_string(), season.to_string()));
        Ok(())
    }

    /// An adjacency as written, its `~` read (a strait from `place`) and
    /// taken off.
    pub(super) fn strait(&mut self, place: &str, abut: &str) -> Result<String, LineError> {
        if !abut.contains('~') {
            return Ok(abut.to_string());
        }
        let bare = abut.trim_matches('~');
        if bare.contains('~') || bare.is_empty() {
            return Err(malformed(&format!("`{abut}`: a strait is written `abc~`")));
        }
        if users(bare).1 {
            return Err(Here(DpErrorKind::UnsupportedDirective(format!("{abut} (a `~` crossing fleets use)"))));
        }
        let pair = (province_of(place).to_ascii_uppercase(), province_of(bare).to_ascii_uppercase());
        if !self.terrain.straits.contains(&pair) {
            self.terrain.straits.push(pair);
        }
        Ok(bare.to_string())
    }

    /// An adjacency as written, its `*` read (a half-strength crossing from
    /// `place`: 1900's Suez route, `*MAO`) and taken off.
    pub(super) fn half_strength(&mut self, place: &str, abut: &str) -> Result<String, LineError> {
        if !abut.contains('*') {
            return Ok(abut.to_string());
        }
        let bare = abut.trim_matches('*');
        if bare.contains('*') || bare.is_empty() {
            return Err(malformed(&format!("`{abut}`: a half-strength crossing is written `*ABC`")));
        }
        let pair = (province_of(place).to_ascii_uppercase(), province_of(bare).to_ascii_uppercase());
        if !self.terrain.half.contains(&pair) {
            self.terrain.half.push(pair);
        }
        Ok(bare.to_string())
    }

    /// An adjacency as written, its `(CENTRE)` read (a crossing from `place`
    /// for the owner of CENTRE only: imperial's `BLA(CON)`) and taken off.
    /// A list of centres (`BLA(CON,ANK)`) is refused.
    pub(super) fn owner_only(&mut self, place: &str, abut: &str) -> Result<String, LineError> {
        let Some((bare, rest)) = abut.split_once('(') else { return Ok(abut.to_string()) };
        let Some(centre) = rest.strip_suffix(')') else {
            return Err(malformed(&format!("`{abut}`: a crossing for the owner of a centre is written `ABC(XYZ)`")));
        };
        if centre.is_empty() || !centre.chars().all(|c| c.is_ascii_alphanumeric()) || bare.is_empty() {
            return Err(Here(DpErrorKind::UnsupportedDirective(format!("{abut} (a crossing for the owner of one centre is read, `ABC(XYZ)`)"))));
        }
        let key = (province_of(place).to_ascii_uppercase(), province_of(bare).to_ascii_uppercase(), centre.to_ascii_uppercase());
        if !self.terrain.owner.contains(&key) {
            self.terrain.owner.push(key);
        }
        Ok(bare.to_string())
    }

    /// `OLD -> Name = NEW ...`: OLD becomes NEW everywhere, its names gone.
    /// A coast is renamed on a line of its own (`BUL/EC -> Sofia (east
    /// coast) = sof/ec ...`, Renaissance), to the same coast, and before the
    /// province itself (`BUL -> Sofia = sof ...`), as DPjudge's `pages/Map`
    /// asks: a province is renamed only once none of its coasts keeps the old
    /// name.
    pub(super) fn rename(&mut self, old: &str, new: &str) -> Result<(), LineError> {
        let old = old.to_ascii_uppercase();
        self.check_rename(&old, new)?;
        self.names.retain(|(_, a)| *a != old);
        self.aliases.retain(|(_, a)| *a != old);
        // the same word in the case it was written in (`DEN`, `den`, `Den`)
        let lower = new.to_ascii_lowercase();
        let title = format!("{}{}", &new[..1], &lower[1..]);
        let swap = |w: &mut String| {
            if w.eq_ignore_ascii_case(&old) {
                *w = if *w == old {
                    new.to_string()
                } else if *w == old.to_ascii_lowercase() {
                    lower.clone()
                } else {
                    title.clone()
                };
            }
        };
        for (n, _, abuts) in &mut self.locs {
            swap(n);
            abuts.iter_mut().for_each(swap);
        }
        self.centres.iter_mut().for_each(swap);
        self.unowned.iter_mut().for_each(swap);
        for w in &mut self.powers {
            w.homes.iter_mut().for_each(swap);
            w.partisan.iter_mut().for_each(swap);
            for u in &mut w.units {
                if u[2..].eq_ignore_ascii_case(&old) {
                    *u = format!("{}{new}", &u[..2]);
                }
            }
            if let Some(owns) = &mut w.owns {
                owns.iter_mut().for_each(swap);
            }
        }
        for (a, b) in self.terrain.straits.iter_mut().chain(self.terrain.half.iter_mut()) {
            swap(a);
            swap(b);
        }
        for (p, _) in &mut self.terrain.open_in {
            swap(p);
        }
        for (a, b, c) in &mut self.terrain.owner {
            swap(a);
            swap(b);
            swap(c);
        }
        Ok(())
    }

    /// Whether `old` (upper case) may be renamed `new`: a place of the map,
    /// a coast to the same coast, a province once its coasts are renamed.
    fn check_rename(&self, old: &str, new: &str) -> Result<(), LineError> {
        if !self.names.iter().any(|(_, a)| a == old) && !self.locs.iter().any(|(n, _, _)| n.eq_ignore_ascii_case(old)) {
            return Err(Here(DpErrorKind::UnknownPlace(old.to_string())));
        }
        if let Some((_, coast)) = old.split_once('/') {
            if new.split_once('/').is_none_or(|(_, c)| !c.eq_ignore_ascii_case(coast)) {
                return Err(malformed(&format!("{old} -> {new}: a coast is renamed to the same coast of the new name")));
            }
        } else if new.contains('/') {
            return Err(malformed(&format!("{old} -> {new}: a province is renamed to a province, not a coast")));
        } else if self.locs.iter().any(|(n, _, _)| n.contains('/') && province_of(n).eq_ignore_ascii_case(old)) {
            return Err(Here(DpErrorKind::UnsupportedDirective(format!(
                "{old} -> (renaming a province before its coasts: each coast `{old}/XC ->` comes first)"
            ))));
        }
        Ok(())
    }

    /// The seasonal places made water (their base terrain must be `SHUT`),
    /// and what the map lacks for them.
    pub(super) fn apply_seasons(&mut self) -> Result<(), DpErrorKind> {
        for (place, _) in &self.terrain.open_in {
            let Some(l) = self.locs.iter_mut().find(|(n, _, _)| n.eq_ignore_ascii_case(place)) else {
                return Err(DpErrorKind::SeasonalNowhere(place.clone()));
            };
            if l.1 != Terrain::Shut && l.1 != Terrain::Water {
                return Err(DpErrorKind::SeasonalNotShut(place.clone()));
            }
            l.1 = Terrain::Water;
        }
        if !self.terrain.open_in.is_empty() && !self.terrain.hibernate {
            self.not_implemented.push("units destroyed when their space shuts (a seasonal map without RULE HIBERNATE)".into());
        }
        Ok(())
    }

    /// The season codes `code` is open in, and its straits.
    pub(super) fn seasons_and_straits(&self, code: &str) -> (Vec<String>, Vec<String>) {
        let open = self.terrain.open_in.iter().filter(|(p, _)| p.eq_ignore_ascii_case(code)).map(|(_, s)| s.clone()).collect();
        let straits = self.terrain.straits.iter().filter(|(a, _)| a == code).map(|(_, b)| b.clone()).collect();
        (open, straits)
    }

    /// The provinces `code` reaches only while owning a centre, each with
    /// the centre.
    pub(super) fn owner_only_of(&self, code: &str) -> Vec<(String, String)> {
        self.terrain.owner.iter().filter(|(a, _, _)| a == code).map(|(_, b, c)| (b.clone(), c.clone())).collect()
    }

    /// The provinces `code` reaches at half strength.
    pub(super) fn half_strength_of(&self, code: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for (_, b) in self.terrain.half.iter().filter(|(a, _)| a == code) {
            if !out.contains(b) {
                out.push(b.clone());
            }
        }
        out
    }
}
