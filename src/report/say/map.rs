//! The words on a map picture: its caption and its legend.

/// The caption of a phase's map.
pub fn caption(game: &str, phase: &str) -> String {
    format!("Game {game}: {phase}")
}

/// A power's line in the legend.
pub fn legend_power(name: &str, centres: usize, units: usize) -> String {
    format!("{name}: {centres} centres, {units} units")
}

/// A mark the legend explains, each drawn beside its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Army,
    Fleet,
    Centre,
    Move,
    Failed,
    Hold,
    Support,
    Convoy,
    Dislodged,
    Retreat,
    Build,
    Removed,
    Stack,
    /// A power's capital (where its armies are built and stack): only on a
    /// map that has capitals (Original 1958).
    Capital,
    /// A naval base (where fleets are built and stack): only on such a map.
    NavalBase,
    Withheld,
}

impl Mark {
    /// Every mark, in the legend's order ([`Mark::Withheld`] last: only a
    /// picture with a withheld unit shows it; the capital and the naval
    /// base only a map that has them).
    pub const ALL: [Mark; 16] = [
        Mark::Army,
        Mark::Fleet,
        Mark::Centre,
        Mark::Move,
        Mark::Failed,
        Mark::Hold,
        Mark::Support,
        Mark::Convoy,
        Mark::Dislodged,
        Mark::Retreat,
        Mark::Build,
        Mark::Removed,
        Mark::Stack,
        Mark::Capital,
        Mark::NavalBase,
        Mark::Withheld,
    ];
}

/// The legend's words for `mark`; `unowned`: the supply centres no power owns.
pub fn legend_mark(mark: Mark, unowned: usize) -> String {
    match mark {
        Mark::Army => "army (letter: its power)".into(),
        Mark::Fleet => "fleet".into(),
        Mark::Centre => format!("centre ({unowned} unowned)"),
        Mark::Move => "move".into(),
        Mark::Failed => "dashed: failed".into(),
        Mark::Hold => "hold".into(),
        Mark::Support => "support".into(),
        Mark::Convoy => "convoy".into(),
        Mark::Dislodged => "dislodged".into(),
        Mark::Retreat => "may retreat to".into(),
        Mark::Build => "built".into(),
        Mark::Removed => "removed or disbanded".into(),
        Mark::Stack => "units in one space".into(),
        Mark::Capital => "capital".into(),
        Mark::NavalBase => "naval base".into(),
        Mark::Withheld => "type not yet revealed".into(),
    }
}
