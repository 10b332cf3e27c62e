//! Phases and the calendar: `S1901M`, `F1901R`, `W1901A`, or a variant's own season codes.

use std::fmt;

/// The three kinds of phase every calendar is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PhaseKind {
    /// Movement (`M`): orders to hold, move, support and convoy.
    Movement,
    /// Retreats (`R`) of dislodged units.
    Retreat,
    /// Adjustments (`A`): builds and removals.
    Adjustment,
}

impl PhaseKind {
    pub fn letter(self) -> char {
        match self {
            PhaseKind::Movement => 'M',
            PhaseKind::Retreat => 'R',
            PhaseKind::Adjustment => 'A',
        }
    }
    pub fn from_letter(c: char) -> Option<PhaseKind> {
        match c.to_ascii_uppercase() {
            'M' => Some(PhaseKind::Movement),
            'R' => Some(PhaseKind::Retreat),
            'A' => Some(PhaseKind::Adjustment),
            _ => None,
        }
    }
}

/// One season of a calendar year, with the phases played in it, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Season {
    /// Code as written in phase names (`S`, `F`; a monthly calendar may use `JAN`).
    pub code: String,
    pub name: String,
    pub phases: Vec<PhaseKind>,
    /// Centres change hands at the end of this season's movement (after its retreats).
    pub ownership: bool,
    /// Played only in some years (DPjudge's `IFYEARDIV`): none, every year.
    pub every: Option<YearDivisor>,
}

/// The years a season is played in: those whose number as written (273 of
/// 273 B.C.) leaves `remainder` when divided by `every`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YearDivisor {
    pub every: u32,
    pub remainder: u32,
}

/// How a calendar counts its years.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Era {
    /// Up, as written (1901, 1902): the default.
    #[default]
    Ad,
    /// Down, before Christ (273 B.C., 272 B.C.): held as negative numbers
    /// (-273, -272), so that a later phase is still a greater [`Phase`].
    Bc,
}

/// A variant's calendar: the seasons of one year, how many years one year
/// of play is (DPjudge's `NEWYEAR:5`) and how years are counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calendar {
    pub seasons: Vec<Season>,
    /// Years from one year of play to the next (1 or more).
    pub step: u32,
    pub era: Era,
}

impl Default for Calendar {
    fn default() -> Calendar {
        Calendar { seasons: Vec::new(), step: 1, era: Era::Ad }
    }
}

/// A phase of play: a season of a year and a phase kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Phase {
    pub year: i32,
    /// Index into the calendar's seasons.
    pub season: u8,
    pub kind: PhaseKind,
}

/// Why a text is not a phase of a calendar ([`Calendar::parse`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PhaseError {
    #[error("`{0}` is not a phase (expected e.g. `S1901M`)")]
    NotAPhase(String),
    #[error("`{text}`: unknown season `{code}` (this calendar has {})", .seasons.join(", "))]
    UnknownSeason { text: String, code: String, seasons: Vec<String> },
    #[error("`{text}`: season `{code}` has no {kind:?} phase")]
    NoSuchPhase { text: String, code: String, kind: PhaseKind },
    #[error("`{text}`: that season is not played in {year}")]
    NotPlayedIn { text: String, year: String },
}

impl Calendar {
    /// Reads `S1901M`: a season code, a year, and `M`/`R`/`A`.
    pub fn parse(&self, text: &str) -> Result<Phase, PhaseError> {
        let t = text.trim();
        let bad = || PhaseError::NotAPhase(t.to_string());
        let digits_at = t.find(|c: char| c.is_ascii_digit()).ok_or_else(bad)?;
        let (code, rest) = t.split_at(digits_at);
        let kind_char = rest.chars().last().ok_or_else(bad)?;
        let kind = PhaseKind::from_letter(kind_char).ok_or_else(bad)?;
        let year_text = &rest[..rest.len() - kind_char.len_utf8()];
        let written: i32 = year_text.parse().map_err(|_| bad())?;
        let year = self.year_of(written);
        let named = |s: &Season| s.code.eq_ignore_ascii_case(code);
        if !self.seasons.iter().any(named) {
            return Err(PhaseError::UnknownSeason {
                text: t.to_string(),
                code: code.to_string(),
                seasons: self.seasons.iter().map(|s| s.code.clone()).collect(),
            });
        }
        // a code may name two seasons of different phases (classical's B: its
        // movement every year, its adjustments every other year)
        let season = self.seasons.iter().position(|s| named(s) && s.phases.contains(&kind)).ok_or_else(|| PhaseError::NoSuchPhase {
            text: t.to_string(),
            code: code.to_string(),
            kind,
        })?;
        if !self.played(season, year) {
            return Err(PhaseError::NotPlayedIn { text: t.to_string(), year: self.year_name(year) });
        }
        Ok(Phase { year, season: season as u8, kind })
    }

    pub fn name(&self, p: Phase) -> String {
        format!("{}{}{}", self.seasons[p.season as usize].code, self.written(p.year), p.kind.letter())
    }

    /// A year as written (273 for 273 B.C.).
    pub fn written(&self, year: i32) -> i32 {
        match self.era {
            Era::Ad => year,
            Era::Bc => year.saturating_neg(),
        }
    }

    /// The year written `written` (273 B.C. is -273).
    pub fn year_of(&self, written: i32) -> i32 {
        self.written(written)
    }

    /// A year as players read it: `1901`, `273 B.C.`.
    pub fn year_name(&self, year: i32) -> String {
        match self.era {
            Era::Ad => year.to_string(),
            Era::Bc => format!("{} B.C.", self.written(year)),
        }
    }

    /// Reads a year as written by a player: `1905`; on a B.C. calendar
    /// `200`, `200 B.C.` or `200BC`.
    pub fn read_year(&self, text: &str) -> Option<i32> {
        let t = text.trim();
        let digits = t.trim_end_matches(|c: char| !c.is_ascii_digit());
        let mark: String = t[digits.len()..].chars().filter(|c| !c.is_whitespace() && *c != '.').collect();
        let marked = match self.era {
            Era::Ad => mark.is_empty() || mark.eq_ignore_ascii_case("AD"),
            Era::Bc => mark.is_empty() || mark.eq_ignore_ascii_case("BC"),
        };
        let written: i32 = digits.parse().ok()?;
        marked.then(|| self.year_of(written))
    }

    /// Whether season `season` is played in `year`.
    pub fn played(&self, season: usize, year: i32) -> bool {
        self.seasons[season].every.is_none_or(|d| self.written(year).rem_euclid(d.every.max(1) as i32) == d.remainder as i32)
    }

    /// Human name: "Spring 1901 movement".
    pub fn long_name(&self, p: Phase) -> String {
        let kind = match p.kind {
            PhaseKind::Movement => "movement",
            PhaseKind::Retreat => "retreats",
            PhaseKind::Adjustment => "adjustments",
        };
        format!("{} {kind}", self.when(p))
    }

    /// The season and year: `Spring 1901`, or the year alone where the
    /// season has no name (classical's `273 B.C.`).
    pub fn when(&self, p: Phase) -> String {
        match self.seasons[p.season as usize].name.as_str() {
            "" => self.year_name(p.year),
            name => format!("{name} {}", self.year_name(p.year)),
        }
    }

    /// The phase that follows `p` in the calendar: the next phase of its
    /// season, else the first of the next season played (in its year, or
    /// the next years, [`Calendar::step`] years on).
    pub fn successor(&self, p: Phase) -> Phase {
        let s = &self.seasons[p.season as usize];
        let i = s.phases.iter().position(|k| *k == p.kind).unwrap_or(0);
        if i + 1 < s.phases.len() {
            return Phase { kind: s.phases[i + 1], ..p };
        }
        let (mut season, mut year) = (p.season as usize, p.year);
        // a year has at least its first season if none is played (a TOML's
        // calendar is checked to play one every year)
        for _ in 0..=self.seasons.len() {
            season += 1;
            if season >= self.seasons.len() {
                (season, year) = (0, year.saturating_add(self.step.max(1) as i32));
            }
            if self.played(season, year) {
                break;
            }
        }
        Phase { year, season: season as u8, kind: self.seasons[season].phases[0] }
    }

    /// The last adjustment phase before `p` (within the year before it and
    /// its own year), if the calendar has one: `W1900A` before `S1901M`.
    pub fn adjustment_before(&self, p: Phase) -> Option<Phase> {
        let first = self.seasons.first()?.phases.first()?;
        let mut at = Phase { year: p.year.saturating_sub(self.step.max(1) as i32), season: 0, kind: *first };
        let mut last = None;
        // at most two years of phases (a calendar has a few dozen at most)
        for _ in 0..2 * self.seasons.iter().map(|s| s.phases.len()).sum::<usize>() + 1 {
            if at == p {
                return last;
            }
            if at.kind == PhaseKind::Adjustment {
                last = Some(at);
            }
            at = self.successor(at);
        }
        None
    }

    /// Whether centres change hands once `p` (a movement or retreat phase) and its
    /// retreats are over: after a season of `ownership_after`, but where the
    /// adjustments right after it are played only in some years (classical's
    /// every other year), only in those: DPjudge takes the centres on coming
    /// to the adjustments.
    pub fn ownership_changes_after(&self, p: Phase) -> bool {
        let i = p.season as usize;
        let next_adjusts = |s: &Season| s.every.is_some() && s.phases.contains(&PhaseKind::Adjustment);
        self.seasons[i].ownership && self.seasons.get(i + 1).is_none_or(|s| !next_adjusts(s) || self.played(i + 1, p.year))
    }
}

/// Display helper pairing a phase with its calendar.
pub struct PhaseName<'a>(pub &'a Calendar, pub Phase);

impl fmt::Display for PhaseName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.name(self.1))
    }
}

#[cfg(test)]
mod tests;
