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
}

/// A variant's calendar: the seasons of one year.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calendar {
    pub seasons: Vec<Season>,
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
        let year: i32 = year_text.parse().map_err(|_| bad())?;
        let season = self.seasons.iter().position(|s| s.code.eq_ignore_ascii_case(code)).ok_or_else(|| PhaseError::UnknownSeason {
            text: t.to_string(),
            code: code.to_string(),
            seasons: self.seasons.iter().map(|s| s.code.clone()).collect(),
        })?;
        let phase = Phase { year, season: season as u8, kind };
        if !self.seasons[season].phases.contains(&kind) {
            return Err(PhaseError::NoSuchPhase { text: t.to_string(), code: code.to_string(), kind });
        }
        Ok(phase)
    }

    pub fn name(&self, p: Phase) -> String {
        format!("{}{}{}", self.seasons[p.season as usize].code, p.year, p.kind.letter())
    }

    /// Human name: "Spring 1901 movement".
    pub fn long_name(&self, p: Phase) -> String {
        let kind = match p.kind {
            PhaseKind::Movement => "movement",
            PhaseKind::Retreat => "retreats",
            PhaseKind::Adjustment => "adjustments",
        };
        format!("{} {} {}", self.seasons[p.season as usize].name, p.year, kind)
    }

    /// The phase that follows `p` in the calendar (skipping nothing).
    pub fn successor(&self, p: Phase) -> Phase {
        let s = &self.seasons[p.season as usize];
        let i = s.phases.iter().position(|k| *k == p.kind).unwrap_or(0);
        if i + 1 < s.phases.len() {
            return Phase { kind: s.phases[i + 1], ..p };
        }
        let (season, year) = if p.season as usize + 1 < self.seasons.len() { (p.season + 1, p.year) } else { (0, p.year + 1) };
        Phase { year, season, kind: self.seasons[season as usize].phases[0] }
    }

    /// The last adjustment phase before `p` (within the year before it and
    /// its own year), if the calendar has one: `W1900A` before `S1901M`.
    pub fn adjustment_before(&self, p: Phase) -> Option<Phase> {
        let first = self.seasons.first()?.phases.first()?;
        let mut at = Phase { year: p.year - 1, season: 0, kind: *first };
        let mut last = None;
        // at most two years of phases (a calendar has a few dozen at most)
        for _ in 0..2 * self.seasons.iter().map(|s| s.phases.len()).sum::<usize>() {
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
    /// retreats are over.
    pub fn ownership_changes_after(&self, p: Phase) -> bool {
        self.seasons[p.season as usize].ownership
    }
}

/// Display helper pairing a phase with its calendar.
pub struct PhaseName<'a>(pub &'a Calendar, pub Phase);

impl fmt::Display for PhaseName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.name(self.1))
    }
}
