//! The board as players read it: where every unit stands, who owns which supply
//! centre, the dislodged units and their retreats, and (in an adjustment phase)
//! who builds and who removes.
//!
//! [`board`] is pure (no IO, no clock, no database): a [`Board`] of display data
//! (power names and canonical codes) built from a variant and a position.
//! `templates/board.txt` lays it out in at most 74 columns; the judge includes it
//! in results, replies and `LIST`, and [`render_board_text`] renders it alone.
//!
//! Long lists (a big power's units and centres, a fleet's retreat options) are
//! wrapped by a macro in the template, not here: the template knows the text in
//! front of a list, so it can indent the following lines under its first item,
//! and needs no filter registered in the judge's template environment.

use crate::adjudicate::{Position, adjust};
use crate::map::{PowerId, Variant};
use crate::phase::PhaseKind;
use crate::report::say;
use minijinja::{Environment, Value, context};
use serde::Serialize;

/// The built-in board template (`board.txt`).
pub const TEMPLATE: &str = include_str!("../../templates/board.txt");

/// Everything the board section shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// The phase the position is for: `Spring 1901 movement`.
    pub phase: String,
    /// `S1901M`.
    pub phase_code: String,
    /// `movement`, `retreat` or `adjustment`.
    pub kind: &'static str,
    /// Powers still in the game, in the variant's order.
    pub powers: Vec<PowerBoard>,
    /// In a retreat phase: the dislodged units, in power order, then by unit.
    pub dislodged: Vec<DislodgedUnit>,
    /// Supply centres nobody owns (codes, sorted).
    pub unowned: Vec<String>,
    /// Powers with no unit, no centre and no dislodged unit (display names).
    pub eliminated: Vec<String>,
    /// Powers in civil disorder, each with the phase it went into it
    /// (`France (since Fall 1902 movement)`); the game knows, not the position.
    pub disorder: Vec<String>,
}

/// One power's part of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PowerBoard {
    /// `France`.
    pub name: String,
    /// `French`.
    pub adjective: String,
    /// `F`.
    pub letter: String,
    /// Units on the board (`A PAR`, `F STP/SC`), sorted; dislodged units are not here.
    pub units: Vec<String>,
    /// Supply centres owned (codes, sorted).
    pub centers: Vec<String>,
    pub unit_count: usize,
    pub center_count: usize,
    /// In an adjustment phase: builds the power can make (owed, limited by its
    /// owned, unoccupied home centres). 0 otherwise.
    pub builds: usize,
    /// In an adjustment phase: builds owed (centres minus units). 0 otherwise.
    pub builds_owed: usize,
    /// In an adjustment phase with builds owed: the home centres it can build in.
    pub build_sites: Vec<String>,
    /// In an adjustment phase: units the power must remove. 0 otherwise.
    pub removes: usize,
    /// On a map whose capital can move (Original 1958, D15): the power's
    /// capital as things stand (its code; empty: it owns no home centre, so
    /// it has none). `None` on other maps.
    pub capital: Option<String>,
    /// In a blind game, a foreign power the reader sees only in part: its
    /// units and centres in sight, no counts, no adjustments.
    pub glimpsed: bool,
}

/// A dislodged unit waiting for its retreat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DislodgedUnit {
    /// `Germany`.
    pub power: String,
    /// `A MUN`.
    pub unit: String,
    /// Where it may retreat (codes, sorted); empty: it will be disbanded.
    pub options: Vec<String>,
}

/// A power's units as the board shows them, sorted: `A PAR`, `F STP/SC`;
/// identical units in one space once, counted (`2 armies in Paris`); an army
/// on board by its fleet (`A on board F ENG`).
fn shown_units(v: &Variant, pos: &Position, p: PowerId) -> Vec<String> {
    let mut codes: Vec<(String, &crate::map::Unit)> = pos.units.iter().filter(|u| u.power == p).map(|u| (v.unit_code(u), u)).collect();
    codes.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < codes.len() {
        let (code, u) = &codes[i];
        let n = codes[i..].iter().take_while(|(c, _)| c == code).count();
        if u.aboard {
            let fleet = pos.units.iter().find(|f| f.loc.prov == u.loc.prov && f.kind == crate::map::UnitType::Fleet);
            let shown = fleet.map(|f| v.unit_code(f)).unwrap_or_else(|| format!("F {}", v.code(u.loc.prov)));
            let foreign = fleet.filter(|f| f.power != p).map(|f| v.powers[f.power as usize].adjective.as_str());
            out.push(say::game::aboard(&shown, foreign));
        } else if n > 1 {
            out.push(say::game::stack(n, u.kind == crate::map::UnitType::Fleet, &v.province(u.loc.prov).name));
        } else {
            out.push(code.clone());
        }
        i += n;
    }
    out
}

/// The board of `pos`, by the variant's own rules.
pub fn board(v: &Variant, pos: &Position) -> Board {
    board_in(v, &crate::rules::Rulebook::for_variant(v), pos)
}

/// The board of `pos` in a game of `rules` (where its powers may build:
/// SET ANY CENTRES, SET ONE CENTRE).
pub fn board_in(v: &Variant, rules: &crate::rules::Rulebook, pos: &Position) -> Board {
    let adjusting = pos.phase.kind == PhaseKind::Adjustment;
    let mut powers = Vec::new();
    let mut eliminated = Vec::new();
    for p in 0..v.powers.len() as PowerId {
        let units = shown_units(v, pos, p);
        let u = pos.unit_count(p);
        let mut centers: Vec<String> = pos.centers.iter().enumerate().filter(|(_, o)| **o == Some(p)).map(|(i, _)| v.code(i as u16).to_string()).collect();
        centers.sort();
        // a power about to build its first units (1898's MOBILIZE) is in the game
        let mobilizing = adjusting && adjust::mobilizing(v, pos, p);
        if units.is_empty() && centers.is_empty() && !mobilizing && !pos.dislodged.iter().any(|d| d.unit.power == p) {
            eliminated.push(crate::game::pname(v, p));
            continue;
        }
        let c = centers.len();
        // what it counts in the adjustments (1900's partisan sites one more each)
        let counted = if adjusting { adjust::supply(v, pos, p) } else { c };
        let (mut builds, mut builds_owed, mut build_sites, mut removes) = (0, 0, Vec::new(), 0);
        if adjusting && (counted > u || mobilizing) {
            build_sites = adjust::free_homes(v, rules, pos, p).map(|h| v.code(h).to_string()).collect();
            build_sites.sort();
            // a capital that is also a naval base is one site
            build_sites.dedup();
            builds = adjust::builds_possible(v, rules, pos, p);
            builds_owed = if mobilizing { builds } else { counted - u };
        } else if adjusting && u > counted {
            removes = u - counted;
        }
        let w = &v.powers[p as usize];
        powers.push(PowerBoard {
            name: crate::game::pname(v, p),
            adjective: w.adjective.clone(),
            letter: w.letter.to_string(),
            units,
            centers,
            unit_count: u,
            center_count: c,
            builds,
            builds_owed,
            build_sites,
            removes,
            capital: v.builds_at_bases().then(|| v.current_capital(p, &pos.centers).map(|c| v.code(c).to_string()).unwrap_or_default()),
            glimpsed: false,
        });
    }
    let mut dislodged: Vec<(PowerId, DislodgedUnit)> = pos
        .dislodged
        .iter()
        .map(|d| {
            (
                d.unit.power,
                DislodgedUnit {
                    power: crate::game::pname(v, d.unit.power),
                    unit: v.unit_code(&d.unit),
                    options: d.options.iter().map(|l| v.loc_code(*l)).collect(),
                },
            )
        })
        .collect();
    dislodged.sort_by(|a, b| (a.0, &a.1.unit).cmp(&(b.0, &b.1.unit)));
    for (_, d) in &mut dislodged {
        d.options.sort();
    }
    let mut unowned: Vec<String> =
        pos.centers.iter().enumerate().filter(|&(i, o)| o.is_none() && v.is_center(i as u16)).map(|(i, _)| v.code(i as u16).to_string()).collect();
    unowned.sort();
    let kind = match pos.phase.kind {
        PhaseKind::Movement => "movement",
        PhaseKind::Retreat => "retreat",
        PhaseKind::Adjustment => "adjustment",
    };
    Board {
        phase: v.calendar.long_name(pos.phase),
        phase_code: v.calendar.name(pos.phase),
        kind,
        powers,
        dislodged: dislodged.into_iter().map(|(_, d)| d).collect(),
        unowned,
        eliminated,
        disorder: Vec::new(),
    }
}

/// The board of `pos` with the type of some units withheld (`hidden`: a
/// power and the space of its unit): shown `? ROM`, as the other powers see
/// a starting unit whose type its power chooses before the first move
/// (docs/RULES1885.md E3).
pub fn board_withheld(v: &Variant, rules: &crate::rules::Rulebook, pos: &Position, hidden: &[(PowerId, crate::map::Prov)]) -> Board {
    let mut b = board_in(v, rules, pos);
    for &(p, prov) in hidden {
        let Some(u) = pos.units.iter().find(|u| u.power == p && u.loc.prov == prov && !u.aboard) else { continue };
        let code = v.unit_code(u);
        let name = crate::game::pname(v, p);
        if let Some(pb) = b.powers.iter_mut().find(|pb| pb.name == name)
            && let Some(s) = pb.units.iter_mut().find(|s| **s == code)
        {
            *s = say::start::type_withheld(v.code(prov));
        }
    }
    b
}

impl Board {
    /// The board with the game's powers in civil disorder (`roll`: each
    /// power's name and the phase it went into it).
    pub fn with_disorder(mut self, roll: &[(String, String)]) -> Board {
        self.disorder = roll.iter().map(|(p, since)| say::disorder::board_entry(p, since)).collect();
        self
    }

    /// A blind game's board (made from the position as `seat` sees it,
    /// `crate::game::blind::position`): the seat's powers whole, the others
    /// by what is in sight only, no power said to be eliminated, no centre
    /// said to be unowned (a centre out of sight shows unowned), and no
    /// civil disorder (docs/RULES.md, "Blind games").
    pub fn seen_by(mut self, v: &Variant, seat: &[PowerId]) -> Board {
        let own: Vec<String> = seat.iter().map(|&p| crate::game::pname(v, p)).collect();
        for p in &mut self.powers {
            p.glimpsed = !own.contains(&p.name);
        }
        self.eliminated.clear();
        self.unowned.clear();
        self.disorder.clear();
        self
    }

    /// The board as a template value (what `Value::from_serialize` would give,
    /// without minijinja's `serde` feature): pass it as `board`.
    pub fn to_value(&self) -> Value {
        json_value(serde_json::to_value(self).expect("a board serializes"))
    }
}

fn json_value(j: serde_json::Value) -> Value {
    use serde_json::Value as J;
    match j {
        J::Null => Value::from(()),
        J::Bool(b) => Value::from(b),
        J::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Value::from(u),
            (None, Some(i)) => Value::from(i),
            _ => Value::from(n.as_f64().unwrap_or(0.0)),
        },
        J::String(s) => Value::from(s),
        J::Array(a) => Value::from(a.into_iter().map(json_value).collect::<Vec<Value>>()),
        J::Object(o) => Value::from(o.into_iter().map(|(k, x)| (k, json_value(x))).collect::<std::collections::BTreeMap<String, Value>>()),
    }
}

/// Renders the built-in `board.txt` alone (configured like the judge's templates).
pub fn render_board_text(board: &Board) -> String {
    let mut e = Environment::new();
    e.set_syntax(
        minijinja::syntax::SyntaxConfig::builder().trim_blocks(true).lstrip_blocks(true).keep_trailing_newline(true).build().expect("valid syntax config"),
    );
    e.add_template("board.txt", TEMPLATE).expect("board.txt compiles");
    e.get_template("board.txt").and_then(|t| t.render(context! { board => board.to_value() })).expect("board.txt renders")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::position_from_json;
    use serde_json::json;

    fn pos(v: &Variant, j: serde_json::Value) -> Position {
        position_from_json(v, &j).unwrap()
    }

    fn check_width(text: &str) {
        for l in text.lines() {
            assert!(l.chars().count() <= 74, "line longer than 74 columns: {l:?}\n{text}");
            assert_eq!(l, l.trim_end(), "trailing blanks: {l:?}");
        }
    }

    fn render(b: &Board) -> String {
        let t = render_board_text(b);
        check_width(&t);
        t
    }

    #[test]
    fn board_initial_position() {
        let v = Variant::standard();
        let b = board(&v, &Position::initial(&v));
        assert_eq!(b.phase, "Spring 1901 movement");
        assert_eq!(b.phase_code, "S1901M");
        assert_eq!(b.kind, "movement");
        let names: Vec<&str> = b.powers.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]);
        let units: Vec<Vec<String>> = b.powers.iter().map(|p| p.units.clone()).collect();
        assert_eq!(
            units,
            [
                vec!["A BUD", "A VIE", "F TRI"],
                vec!["A LVP", "F EDI", "F LON"],
                vec!["A MAR", "A PAR", "F BRE"],
                vec!["A BER", "A MUN", "F KIE"],
                vec!["A ROM", "A VEN", "F NAP"],
                vec!["A MOS", "A WAR", "F SEV", "F STP/SC"],
                vec!["A CON", "A SMY", "F ANK"],
            ]
        );
        for (p, w) in b.powers.iter().zip(&v.powers) {
            let mut homes: Vec<String> = w.home.iter().map(|&h| v.code(h).to_string()).collect();
            homes.sort();
            assert_eq!(p.centers, homes);
            assert_eq!((p.center_count, p.unit_count), (homes.len(), homes.len()));
            assert_eq!((p.builds, p.builds_owed, p.removes), (0, 0, 0));
        }
        assert_eq!(b.unowned, ["BEL", "BUL", "DEN", "GRE", "HOL", "NWY", "POR", "RUM", "SER", "SPA", "SWE", "TUN"]);
        assert!(b.dislodged.is_empty() && b.eliminated.is_empty());
        let t = render(&b);
        assert!(t.starts_with("Position at the start of Spring 1901 movement:\n\n"), "{t}");
        assert!(t.contains("Russia      4 centres   4 units\n  Units:    A MOS  A WAR  F SEV  F STP/SC\n  Centres:  MOS SEV STP WAR\n"), "{t}");
        assert!(t.ends_with("\nUnowned centres (12): BEL BUL DEN GRE HOL NWY POR RUM SER SPA SWE TUN\n"), "{t}");
        assert!(!t.contains("Dislodged") && !t.contains("Eliminated") && !t.contains("builds"), "{t}");
    }

    #[test]
    fn board_retreat_with_options_and_without() {
        let v = Variant::standard();
        let p = pos(
            &v,
            json!({
                "phase": "F1901R",
                "units": {"AUSTRIA": ["A BUD", "A VIE", "F TRI"], "ENGLAND": ["A LVP", "F EDI", "F LON"], "FRANCE": ["A BUR", "A PAR", "F BRE"],
                          "GERMANY": ["A BER", "F KIE"], "ITALY": ["A ROM", "A VEN", "F ION"], "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/SC"],
                          "TURKEY": ["A CON", "A SMY", "F ANK"]},
                "centers": {"AUSTRIA": ["BUD", "TRI", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"],
                            "ITALY": ["NAP", "ROM", "VEN"], "RUSSIA": ["MOS", "SEV", "STP", "WAR"], "TURKEY": ["ANK", "CON", "SMY"]},
                "retreats": {"GERMANY": {"A MUN": ["TYR", "SIL", "BOH"]}, "ITALY": {"F TUN": []}},
            }),
        );
        let b = board(&v, &p);
        assert_eq!(b.kind, "retreat");
        assert_eq!(
            b.dislodged,
            [
                DislodgedUnit { power: "Germany".into(), unit: "A MUN".into(), options: vec!["BOH".into(), "SIL".into(), "TYR".into()] },
                DislodgedUnit { power: "Italy".into(), unit: "F TUN".into(), options: vec![] },
            ]
        );
        let g = &b.powers[3];
        assert_eq!((g.units.clone(), g.unit_count, g.center_count), (vec!["A BER".to_string(), "F KIE".to_string()], 2, 3));
        let t = render(&b);
        assert!(t.starts_with("Position at the start of Fall 1901 retreats:\n"), "{t}");
        assert!(
            t.contains(
                "\nDislodged units:\n  Germany    A MUN     may retreat to BOH, SIL, TYR\n  Italy      F TUN     no retreat possible: it will be disbanded\n"
            ),
            "{t}"
        );
        assert!(!t.contains("builds"), "{t}");
    }

    #[test]
    fn board_of_an_engine_outcome() {
        // Germany dislodges the French army in Burgundy; the board of the retreat
        // phase shows the German army there and the French one among the dislodged.
        let v = Variant::standard();
        let p = pos(
            &v,
            json!({"phase": "F1901M", "units": {"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A MUN", "A RUH"]}, "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]}}),
        );
        let g = v.power_by_name("GERMANY").unwrap();
        let orders: Vec<_> =
            ["A RUH-BUR", "A MUN S A RUH-BUR"].iter().map(|o| (g, crate::parse::parse_order(&v, o, Some(PhaseKind::Movement)).unwrap())).collect();
        let out = crate::adjudicate::process(&v, &crate::rules::Rulebook::default(), &p, &orders);
        let b = board(&v, &out.position);
        assert_eq!(b.phase, "Fall 1901 retreats");
        assert_eq!(b.powers[0].units, ["A PAR"]);
        assert_eq!(b.powers[1].units, ["A BUR", "A MUN"]);
        assert_eq!(
            b.dislodged,
            [DislodgedUnit { power: "France".into(), unit: "A BUR".into(), options: ["BEL", "GAS", "MAR", "PIC"].map(String::from).to_vec() }]
        );
        let t = render(&b);
        assert!(t.contains("\nDislodged units:\n  France     A BUR     may retreat to BEL, GAS, MAR, PIC\n"), "{t}");
    }

    #[test]
    fn board_long_retreat_list_wraps_under_its_first_option() {
        let v = Variant::standard();
        let p = pos(
            &v,
            json!({"phase": "S1901R", "units": {"FRANCE": ["A PAR"]}, "retreats": {"ENGLAND": {"F MAO": ["BRE", "ENG", "GAS", "IRI", "NAF", "NAO", "POR", "SPA/NC", "SPA/SC", "WES"]}}}),
        );
        let b = board(&v, &p);
        assert_eq!(b.dislodged[0].options, ["BRE", "ENG", "GAS", "IRI", "NAF", "NAO", "POR", "SPA/NC", "SPA/SC", "WES"]);
        let t = render(&b);
        let expected = "\
  England    F MAO     may retreat to BRE, ENG, GAS, IRI, NAF, NAO, POR,
                                      SPA/NC, SPA/SC, WES
";
        assert!(t.contains(expected), "{t}");
        // England has only its dislodged fleet: still in the game
        assert_eq!(b.powers.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["England", "France"]);
        assert!(t.contains("England     0 centres   0 units\n  Units:    none\n  Centres:  none\n"), "{t}");
    }

    #[test]
    fn board_adjustments_limited_by_home_centres_and_removals() {
        let v = Variant::standard();
        let p = pos(
            &v,
            json!({
                "phase": "W1901A",
                // Austria: 5 centres, 3 units, 2 builds owed, but VIE is occupied by its own
                // army and TRI by an Italian fleet: only BUD is free.
                // Russia: 6 centres, 4 units, every home free but MOS (lost to Turkey): 2 builds.
                // Germany: 2 centres, 3 units: removes 1. England: even.
                // France: 4 centres, 3 units; BRE and MAR occupied, PAR lost: no build possible.
                // Turkey: 7 centres, 3 units, 4 builds owed; CON occupied: builds in ANK and SMY.
                "units": {"AUSTRIA": ["A VIE", "A SER", "F ALB"], "ITALY": ["F TRI", "A VEN", "F ION"], "GERMANY": ["A BER", "A MUN", "F DEN"],
                          "ENGLAND": ["F NTH", "F NWG", "A YOR"], "FRANCE": ["F BRE", "A MAR", "A SPA"], "RUSSIA": ["A UKR", "A GAL", "F BOT", "F BLA"],
                          "TURKEY": ["A MOS", "F CON", "A BUL"]},
                "centers": {"AUSTRIA": ["BUD", "TRI", "VIE", "SER", "GRE"], "ITALY": ["NAP", "ROM", "VEN"], "GERMANY": ["BER", "MUN"],
                            "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "SPA", "POR"], "RUSSIA": ["SEV", "STP", "WAR", "RUM", "SWE", "NWY"],
                            "TURKEY": ["ANK", "CON", "SMY", "BUL", "MOS", "PAR", "KIE"]},
            }),
        );
        let b = board(&v, &p);
        let by = |n: &str| b.powers.iter().find(|p| p.name == n).unwrap().clone();
        let a = by("Austria");
        assert_eq!((a.builds, a.builds_owed, a.build_sites.clone(), a.removes), (1, 2, vec!["BUD".to_string()], 0));
        let r = by("Russia");
        assert_eq!((r.builds, r.builds_owed, r.build_sites.clone()), (2, 2, vec!["SEV".to_string(), "STP".to_string(), "WAR".to_string()]));
        let f = by("France");
        assert_eq!((f.builds, f.builds_owed, f.build_sites.len()), (0, 1, 0));
        let g = by("Germany");
        assert_eq!((g.builds, g.builds_owed, g.removes), (0, 0, 1));
        let tu = by("Turkey");
        assert_eq!((tu.builds, tu.builds_owed, tu.build_sites.clone()), (2, 4, vec!["ANK".to_string(), "SMY".to_string()]));
        let e = by("England");
        assert_eq!((e.builds, e.builds_owed, e.removes), (0, 0, 0));
        let t = render(&b);
        assert!(t.starts_with("Position at the start of Winter 1901 adjustments:\n"), "{t}");
        assert!(t.contains("\nAustria     5 centres   3 units  builds 1 (of 2 owed: no free home centre)\n"), "{t}");
        assert!(t.contains("\n  Build in: BUD\n"), "{t}");
        assert!(t.contains("\nEngland     3 centres   3 units\n"), "{t}");
        assert!(t.contains("\nFrance      4 centres   3 units  builds 0 (of 1 owed: no free home centre)\n"), "{t}");
        assert!(t.contains("\nGermany     2 centres   3 units  removes 1\n"), "{t}");
        assert!(t.contains("\nRussia      6 centres   4 units  builds 2\n"), "{t}");
        assert!(t.contains("\n  Build in: SEV STP WAR\n"), "{t}");
        assert!(t.contains("\nTurkey      7 centres   3 units  builds 2 (of 4 owed: no free home centre)\n"), "{t}");
        assert!(t.contains("\n  Build in: ANK SMY\n"), "{t}");
        assert_eq!(t.matches("Build in:").count(), 3, "{t}");
    }

    #[test]
    fn board_eliminated_power_is_omitted() {
        let v = Variant::standard();
        let p = pos(
            &v,
            json!({
                "phase": "S1905M",
                "units": {"FRANCE": ["A PAR"], "GERMANY": ["A MUN"]},
                "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"], "ITALY": ["ROM"]},
            }),
        );
        let b = board(&v, &p);
        assert_eq!(b.powers.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["France", "Germany", "Italy"]);
        assert_eq!(b.eliminated, ["Austria", "England", "Russia", "Turkey"]);
        let italy = &b.powers[2];
        assert!(italy.units.is_empty() && italy.center_count == 1);
        let t = render(&b);
        assert!(!t.contains("\nAustria"), "{t}");
        assert!(t.contains("\nItaly       1 centre    0 units\n  Units:    none\n  Centres:  ROM\n"), "{t}");
        assert!(t.contains("\nFrance      1 centre    1 unit\n"), "{t}");
        assert!(t.ends_with("\nEliminated: Austria, England, Russia, Turkey\n"), "{t}");
        // 31 unowned centres wrap with a 4-column indent
        assert_eq!(b.unowned.len(), 31);
        let expected = "
Unowned centres (31): ANK BEL BER BRE BUD BUL CON DEN EDI GRE HOL KIE LON
    LVP MAR MOS NAP NWY POR RUM SER SEV SMY SPA STP SWE TRI TUN VEN VIE
    WAR
";
        assert!(t.contains(expected), "{t}");
    }

    #[test]
    fn board_big_power_lists_wrap_with_a_hanging_indent() {
        let v = Variant::standard();
        let units = [
            "A BEL", "A BUR", "A HOL", "A MUN", "A PAR", "A PIC", "A RUH", "A SPA", "F BRE", "F ENG", "F IRI", "F LON", "F MAO", "F NAF", "F NTH", "F POR",
            "F STP/NC",
        ];
        let centers = ["BEL", "BER", "BRE", "DEN", "EDI", "HOL", "KIE", "LON", "LVP", "MAR", "MUN", "NWY", "PAR", "POR", "SPA", "STP", "SWE", "TUN"];
        let p = pos(&v, json!({"phase": "W1907A", "units": {"FRANCE": units}, "centers": {"FRANCE": centers}}));
        let b = board(&v, &p);
        let t = render(&b);
        let expected = "\
France     18 centres  17 units  builds 1
  Units:    A BEL  A BUR  A HOL  A MUN  A PAR  A PIC  A RUH  A SPA  F BRE
            F ENG  F IRI  F LON  F MAO  F NAF  F NTH  F POR  F STP/NC
  Centres:  BEL BER BRE DEN EDI HOL KIE LON LVP MAR MUN NWY PAR POR SPA
            STP SWE TUN
  Build in: MAR
";
        assert!(t.contains(expected), "{t}");
    }

    #[test]
    fn board_to_value_has_the_serialized_fields() {
        let v = Variant::standard();
        let b = board(&v, &Position::initial(&v));
        let val = b.to_value();
        let json = serde_json::to_value(&b).unwrap();
        let keys: Vec<String> = val.try_iter().unwrap().map(|k| k.to_string()).collect();
        let mut expected: Vec<String> = json.as_object().unwrap().keys().cloned().collect();
        expected.sort();
        assert_eq!(keys, expected);
        assert_eq!(val.get_attr("phase").unwrap().as_str(), Some("Spring 1901 movement"));
        let russia = val.get_attr("powers").unwrap().get_item(&Value::from(5)).unwrap();
        assert_eq!(russia.get_attr("unit_count").unwrap(), Value::from(4));
        assert_eq!(russia.get_attr("letter").unwrap().as_str(), Some("R"));
        assert_eq!(russia.get_attr("units").unwrap().get_item(&Value::from(3)).unwrap().as_str(), Some("F STP/SC"));
    }

    #[test]
    fn board_works_when_included_by_another_template() {
        let v = Variant::standard();
        let b = board(&v, &Position::initial(&v));
        let mut e = Environment::new();
        e.set_syntax(minijinja::syntax::SyntaxConfig::builder().trim_blocks(true).lstrip_blocks(true).keep_trailing_newline(true).build().unwrap());
        e.add_template("board.txt", TEMPLATE).unwrap();
        // the parent's own variables are neither used nor changed by the include
        e.add_template("report.txt", "Game x\n\n{% include \"board.txt\" %}\nNext phase: {{ units }} {{ powers | length }}\n").unwrap();
        let t = e.get_template("report.txt").unwrap().render(context! { board => b.to_value(), units => "y", powers => vec![1] }).unwrap();
        assert_eq!(t, format!("Game x\n\n{}Next phase: y 1\n", render_board_text(&b)));
    }

    #[test]
    fn board_golden_mid_game() {
        let v = Variant::standard();
        let p = pos(&v, serde_json::from_str(include_str!("../../tests/data/board/f1902r.json")).unwrap());
        let t = render(&board(&v, &p));
        assert_eq!(t, include_str!("../../tests/data/board/f1902r.txt"), "got:\n{t}");
    }
}
