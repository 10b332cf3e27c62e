//! Turning what a `.map` file said into the variant file structures.

use super::words::title_case;
use super::{DpErrorKind, Reader, Terrain, province_of, users};
use crate::map::toml::{RawCalendar, RawPower, RawProvince, RawSeason, RawVariant, RawVictory};
use crate::map::{Coast, NeighbourOrder, ProvinceKind};
use std::collections::BTreeMap;

impl Reader {
    pub(super) fn finish(mut self, name: &str) -> Result<RawVariant, DpErrorKind> {
        self.apply_seasons()?;
        let codes = self.province_codes();
        let mut province = Vec::new();
        for code in &codes {
            province.push(self.province(code, &codes)?);
        }
        let centres = province.iter().filter(|p| p.center).count() as u32;
        for c in &self.centres {
            if !codes.contains(c) {
                return Err(DpErrorKind::CentreNowhere(c.clone()));
            }
        }
        let words: Vec<&str> = self.powers.iter().flat_map(|w| [w.name.as_str(), w.own_word.as_str()]).collect();
        clean_aliases(&mut province, &words);
        let (power, mut not_implemented) = self.powers()?;
        let rules = self.rules_table(power.iter().any(|w| w.dummy));
        not_implemented.extend(self.not_implemented.iter().cloned());
        let (start, calendar) = self.start_and_calendar()?;
        Ok(RawVariant {
            name: name.to_ascii_lowercase(),
            title: Some(name.to_string()),
            start,
            neighbour_order: NeighbourOrder::File,
            victory: RawVictory { kind: "centers".into(), count: self.victory.unwrap_or(centres / 2 + 1), alliance: Vec::new() },
            calendar,
            rules,
            power,
            province,
            uncertain: Vec::new(),
            not_implemented,
        })
    }

    /// The first phase and the calendar: DPjudge's Spring, Fall and
    /// Winter, or the map's `FLOW` (dpjudge/flow.rs).
    fn start_and_calendar(&self) -> Result<(String, RawCalendar), DpErrorKind> {
        let (word, mut year, mut phase) = self.begin.clone().unwrap_or(("SPRING".into(), 1901, 'M'));
        if !self.flow.is_empty() {
            let calendar = super::flow::calendar(&self.flow, year)?;
            let code = super::flow::season_code(&word);
            return Ok((format!("{code}{year}{phase}"), calendar));
        }
        let mut season = match word.as_str() {
            "SPRING" => "S",
            "FALL" => "F",
            "WINTER" => "W",
            _ => return Err(DpErrorKind::Malformed(format!("BEGIN {word}: a map without FLOW begins in SPRING, FALL or WINTER"))),
        };
        if self.mobilizes() && phase != 'A' {
            // DPjudge begins a mobilizing game at the adjustments before
            (season, year, phase) = ("W", year - 1, 'A');
        }
        Ok((format!("{season}{year}{phase}"), standard_calendar(year)))
    }

    /// Province codes in the order the file first names them.
    fn province_codes(&self) -> Vec<String> {
        let mut codes: Vec<String> = Vec::new();
        for (n, _, _) in &self.locs {
            let c = province_of(n).to_ascii_uppercase();
            if !codes.contains(&c) {
                codes.push(c);
            }
        }
        codes
    }

    /// The line of a place as written for fleets (`ROM`, `SPA/NC`).
    fn loc(&self, written: &str) -> Option<&(String, Terrain, Vec<String>)> {
        self.locs.iter().find(|(n, _, _)| n == written)
    }

    /// The line of a province itself (`ROM`, `spa`), whatever its case.
    fn base(&self, code: &str) -> Option<&(String, Terrain, Vec<String>)> {
        self.locs.iter().find(|(n, _, _)| n.eq_ignore_ascii_case(code))
    }

    fn terrain_of(&self, code: &str) -> Option<Terrain> {
        self.base(code).map(|l| l.1).or_else(|| self.locs.iter().find(|(n, _, _)| province_of(n).eq_ignore_ascii_case(code)).map(|l| l.1))
    }

    fn province(&self, code: &str, codes: &[String]) -> Result<RawProvince, DpErrorKind> {
        let terrain = self.terrain_of(code).expect("a province comes from a line");
        let coast_lines: Vec<&(String, Terrain, Vec<String>)> =
            self.locs.iter().filter(|(n, _, _)| n.contains('/') && province_of(n).eq_ignore_ascii_case(code)).collect();
        let kind = match terrain {
            Terrain::Shut => ProvinceKind::Impassable,
            Terrain::Water => ProvinceKind::Sea,
            Terrain::Land if coast_lines.is_empty() => ProvinceKind::Land,
            _ => ProvinceKind::Coast,
        };
        let mut p = RawProvince {
            id: code.to_string(),
            name: self.names.iter().find(|(_, a)| a == code).map(|(n, _)| title_case(n)).unwrap_or_else(|| code.to_string()),
            kind,
            center: self.centres.iter().any(|c| c == code),
            port: terrain == Terrain::Port,
            ..RawProvince::default()
        };
        let base = self.base(code).map(|l| l.2.clone()).unwrap_or_default();
        if matches!(kind, ProvinceKind::Land | ProvinceKind::Coast) {
            p.army = self.army_edges(&base, codes)?;
            // an island abuts itself (`COAST HAW ABUTS haw ...`, Empire): no move
            p.army.retain(|a| a != code);
        }
        if coast_lines.is_empty() {
            if matches!(kind, ProvinceKind::Coast | ProvinceKind::Sea) {
                p.fleet = self.fleet_edges(&base)?;
            }
        } else {
            for (n, _, abuts) in coast_lines {
                let c = n.split('/').nth(1).unwrap_or("").to_ascii_uppercase();
                if Coast::from_code(&c).is_none() {
                    return Err(DpErrorKind::UnknownCoast { place: n.clone(), coast: c });
                }
                p.coast.insert(c, self.fleet_edges(abuts)?);
            }
        }
        let mut nb: Vec<String> = Vec::new();
        for x in p.army.iter().chain(&p.fleet).chain(p.coast.values().flatten()) {
            let x = province_of(x).to_string();
            if !nb.contains(&x) {
                nb.push(x);
            }
        }
        p.clockwise = nb;
        let (open_in, straits) = self.seasons_and_straits(code);
        p.open_in = open_in;
        p.straits = straits.into_iter().filter(|s| p.army.contains(s)).collect();
        p.half_strength = self.half_strength_of(code).into_iter().filter(|s| p.clockwise.contains(s)).collect();
        p.owner_only = self.owner_only_of(code).into_iter().filter(|(s, _)| p.clockwise.contains(s)).collect();
        p.aliases = self.aliases.iter().filter(|(_, a)| a == code).map(|(n, _)| n.clone()).collect();
        Ok(p)
    }

    fn army_edges(&self, abuts: &[String], codes: &[String]) -> Result<Vec<String>, DpErrorKind> {
        let mut out = Vec::new();
        for a in abuts {
            if !users(a).0 {
                continue;
            }
            let t = province_of(a).to_ascii_uppercase();
            if !codes.contains(&t) {
                return Err(DpErrorKind::UnknownNeighbour(a.clone()));
            }
            if matches!(self.terrain_of(&t), Some(Terrain::Land | Terrain::Coast | Terrain::Port)) && !out.contains(&t) {
                out.push(t);
            }
        }
        Ok(out)
    }

    fn fleet_edges(&self, abuts: &[String]) -> Result<Vec<String>, DpErrorKind> {
        let mut out = Vec::new();
        for a in abuts {
            if !users(a).1 {
                continue;
            }
            let t = a.to_ascii_uppercase();
            if self.base(province_of(&t)).is_none() && !self.locs.iter().any(|(n, _, _)| province_of(n).eq_ignore_ascii_case(province_of(&t))) {
                return Err(DpErrorKind::UnknownNeighbour(a.clone()));
            }
            // fleets reach a place written as they stand there (`SPA/NC`, `ROM`)
            if let Some((_, tt, _)) = self.loc(&t)
                && !matches!(tt, Terrain::Land | Terrain::Shut)
                && !out.contains(&t)
            {
                out.push(t);
            }
        }
        Ok(out)
    }

    fn powers(&self) -> Result<(Vec<RawPower>, Vec<String>), DpErrorKind> {
        let mut used: Vec<char> = self.powers.iter().filter_map(|w| w.letter).collect();
        let mut out = Vec::new();
        let mut not_implemented = Vec::new();
        for w in &self.powers {
            let letter = match w.letter {
                Some(l) if l != '*' => l,
                given => {
                    // `*` signs on a game's master on this judge: void's
                    // Yorkshire takes `M` (DPjudge's master letter, free here)
                    let first = given.map(|_| 'M');
                    let l = first
                        .into_iter()
                        .chain(w.name.chars())
                        .chain('A'..='Z')
                        .find(|c| c.is_ascii_alphabetic() && !used.contains(c))
                        .ok_or(DpErrorKind::NoLetterLeft)?;
                    used.push(l);
                    l
                }
            };
            // starting centres other than the homes (DPjudge's OWNS)
            let owns = w.owns.as_ref().filter(|owns| {
                let (mut a, mut b) = (owns.to_vec(), w.homes.clone());
                a.sort();
                b.sort();
                a != b
            });
            let dummy = self.dummies.contains(&w.name);
            out.push(RawPower {
                name: w.name.clone(),
                adjective: title_case(&w.own_word),
                letter: letter.to_string(),
                home: w.homes.clone(),
                // a mobilizing power builds its units (DPjudge places none)
                units: if self.mobilizes() { Vec::new() } else { w.units.clone() },
                build_sites: Vec::new(),
                owns: owns.cloned(),
                dummy: dummy && self.dummies_hold(),
                partisan: w.partisan.clone(),
                ..RawPower::default()
            });
        }
        if out.len() < 2 {
            return Err(DpErrorKind::TooFewPowers);
        }
        let dummies: Vec<&str> = self.dummies.iter().filter(|d| self.powers.iter().any(|w| w.name == **d)).map(String::as_str).collect();
        if !dummies.is_empty() && !self.dummies_hold() {
            not_implemented.push(format!(
                "DUMMY powers ({}) without RULE CD_DUMMIES, or retreating by CD_RETREATS: DPjudge's master orders them, or they retreat at random",
                dummies.join(", ")
            ));
        }
        Ok((out, not_implemented))
    }
}

/// Aliases that name one place only, and none of its own names again, nor
/// a power's name or adjective (`words`): the others would name two things.
pub(in crate::map) fn clean_aliases(province: &mut [RawProvince], words: &[&str]) {
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for p in province.iter() {
        for a in p.aliases.iter().chain([&p.name.to_ascii_lowercase(), &p.id.to_ascii_lowercase()]) {
            *count.entry(a.clone()).or_default() += 1;
        }
    }
    for w in words {
        *count.entry(w.to_ascii_lowercase()).or_default() += 2;
    }
    for p in province.iter_mut() {
        let own = [p.name.to_ascii_lowercase(), p.id.to_ascii_lowercase()];
        let mut seen = Vec::new();
        p.aliases.retain(|a| {
            let keep = count.get(a) == Some(&1) && !own.contains(a) && !seen.contains(a);
            seen.push(a.clone());
            keep
        });
    }
}

pub(in crate::map) fn standard_calendar(first_year: i32) -> RawCalendar {
    let season = |code: &str, name: &str, phases: &[&str]| RawSeason {
        code: code.into(),
        name: name.into(),
        phases: phases.iter().map(|p| p.to_string()).collect(),
        every: None,
        remainder: None,
    };
    RawCalendar {
        first_year,
        year_step: 1,
        era: None,
        seasons: vec![season("S", "Spring", &["M", "R"]), season("F", "Fall", &["M", "R"]), season("W", "Winter", &["A"])],
        ownership_after: vec!["F".into()],
    }
}
