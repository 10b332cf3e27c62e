//! The words on a map picture: its caption and its legend.

/// The caption of a phase's map.
pub fn caption(game: &str, phase: &str) -> String {
    format!("Game {game}: {phase}")
}

/// A power's line in the legend.
pub fn legend_power(name: &str, centres: usize, units: usize) -> String {
    format!("{name}: {centres} centres, {units} units")
}

/// The legend's key to the symbols.
pub fn legend_key(unowned: usize) -> String {
    format!(
        "Circle: army. Boat: fleet. Letter: the power. Dot: supply centre ({unowned} unowned, white). Arrow: move. Thin line: support or convoy. Dashed: failed. Ringed off to the side: dislodged, dotted to where it may retreat."
    )
}
