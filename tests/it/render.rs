//! Map pictures: golden SVG files (`tests/data/golden/`) for fixed scenes on
//! the standard map, Original 1958 and 1885 — a movement with every kind of
//! order and result, a retreat phase, an adjustment with builds (several at
//! one site on 1958) and removals — and, whatever the looks, what every
//! picture must show: a results map draws the board *after* the phase (each
//! unit at its new space, the legend counting units and centres after it),
//! the phase's orders over it, stacks fanned and counted, dislodged units
//! (an A/F pair once, on its fleet) with their retreat options, a legend
//! with every mark. `MAILJUDGE_BLESS=1` writes the golden files anew after a
//! deliberate change (`RENDER_OUT=DIR` writes each picture as PNG too, to
//! look at before committing).

use mailjudge::adjudicate::{self, Outcome, Position, ResultKind};
use mailjudge::contract::position_from_json;
use mailjudge::map::{PowerId, UnitType, Variant};
use mailjudge::order::Order;
use mailjudge::phase::PhaseKind;
use mailjudge::render::{self, Drawn, Scene};
use std::path::PathBuf;

/// `svg` against its golden file: equal, or the first differing element named.
pub(crate) fn golden(name: &str, svg: &str) {
    if let Some(dir) = std::env::var_os("RENDER_OUT") {
        std::fs::write(PathBuf::from(dir).join(name.replace(".svg", ".png")), render::png(svg).unwrap()).unwrap();
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden").join(name);
    if std::env::var_os("MAILJUDGE_BLESS").is_some() {
        std::fs::write(&path, svg).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e} (MAILJUDGE_BLESS=1 writes it)", path.display()));
    if let Some(line) = first_difference(&want, svg) {
        panic!("{name} differs from its golden file (MAILJUDGE_BLESS=1 to accept a deliberate change): {line}");
    }
}

/// The first element (the SVG is one line: split at `><`) where `got`
/// differs from `want`, with both sides.
fn first_difference(want: &str, got: &str) -> Option<String> {
    if want == got {
        return None;
    }
    let (w, g): (Vec<&str>, Vec<&str>) = (want.split("><").collect(), got.split("><").collect());
    let i = (0..w.len().max(g.len())).find(|&i| w.get(i) != g.get(i)).unwrap_or(0);
    Some(format!("element {i}:\n  golden: <{}>\n  drawn:  <{}>", w.get(i).unwrap_or(&"(end)"), g.get(i).unwrap_or(&"(end)")))
}

#[test]
fn the_golden_comparison_names_the_first_differing_element() {
    assert_eq!(first_difference("<a><b/><c/></a>", "<a><b/><c/></a>"), None);
    let d = first_difference("<a><b x=\"1\"/><c/></a>", "<a><b x=\"2\"/><c/></a>").unwrap();
    assert!(d.starts_with("element 1:") && d.contains("golden: <b x=\"1\"/>") && d.contains("drawn:  <b x=\"2\"/>"), "{d}");
    assert!(first_difference("x><y", "x><y><z").unwrap().contains("golden: <(end)>"));
}

fn parse(v: &Variant, pos: &Position, orders: &[(PowerId, &str)]) -> Vec<(PowerId, Order)> {
    orders.iter().map(|(p, t)| (*p, mailjudge::parse::parse_order(v, t, Some(pos.phase.kind)).unwrap_or_else(|e| panic!("{t}: {e:?}")))).collect()
}

/// Adjudicates `orders` (power, text) on `pos`.
pub(crate) fn play(v: &Variant, pos: &Position, orders: &[(PowerId, &str)]) -> Outcome {
    adjudicate::process(v, &mailjudge::rules::Rulebook::for_variant(v), pos, &parse(v, pos, orders))
}

/// The results picture of `out`, played on `before`.
pub(crate) fn results(v: &Variant, before: &Position, out: &Outcome, caption: &str) -> (Vec<Drawn>, String) {
    let drawn = render::drawn(&out.results);
    let svg = render::svg(v, &Scene::results(&out.position, before.phase.kind, &drawn, &out.dislodged, caption));
    (drawn, svg)
}

pub(crate) fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

fn power(v: &Variant, p: PowerId) -> String {
    v.powers[p as usize].name.to_ascii_lowercase()
}

/// What every picture shows of the board it draws, checked on the SVG's
/// classes: each unit on the board at its space (as many as stand there),
/// each centre with its owner, each power in the legend counting its units
/// and centres on that board, every mark explained.
pub(crate) fn shows_the_board(v: &Variant, pos: &Position, svg: &str) {
    for u in pos.units.iter().filter(|u| !u.aboard) {
        let kind = if u.kind == UnitType::Army { "army" } else { "fleet" };
        let class = format!(r#"<g class="unit {kind} {}" data-loc="{}">"#, power(v, u.power), v.loc_code(u.loc));
        let here = pos.units.iter().filter(|x| !x.aboard && x.kind == u.kind && x.power == u.power && x.loc == u.loc).count();
        assert_eq!(count(svg, &class), here, "{class}");
    }
    for u in pos.units.iter().filter(|u| u.aboard) {
        assert!(svg.contains(&format!(r#"<g class="unit aboard army {}" data-loc="{}">"#, power(v, u.power), v.loc_code(u.loc))), "aboard {u:?}");
    }
    assert_eq!(count(svg, r#"<g class="unit army "#) + count(svg, r#"<g class="unit fleet "#), pos.units.iter().filter(|u| !u.aboard).count());
    for (i, p) in v.provinces.iter().enumerate().filter(|(_, p)| p.center) {
        let owner = pos.centers[i].map(|o| power(v, o)).unwrap_or_else(|| "unowned".into());
        assert!(svg.contains(&format!(r#"<circle class="sc {owner}" data-prov="{}""#, p.code)), "centre {} of {owner} missing", p.code);
    }
    for (i, p) in v.powers.iter().enumerate() {
        let i = i as PowerId;
        let units = pos.unit_count(i) + pos.dislodged.iter().filter(|d| d.unit.power == i && !d.options.is_empty()).count();
        let row = format!(
            r#"<g class="legend-power {name}" id="legend-{name}" data-centres="{}" data-units="{units}">"#,
            pos.center_count(i),
            name = p.name.to_ascii_lowercase()
        );
        assert!(svg.contains(&row), "legend: {row}");
    }
    for class in ["army", "fleet", "centre", "move", "failed", "hold", "support", "convoy", "dislodged", "retreat", "build", "removed", "stack"] {
        assert!(svg.contains(&format!(r#"<g class="key {class}">"#)), "the legend explains {class}");
    }
}

/// The units drawn on the board (not dislodged, not removed) in province `code`, any coast.
fn on_board(svg: &str, code: &str) -> usize {
    svg.split(r#"<g class="unit "#)
        .skip(1)
        .filter(|g| {
            (g.starts_with("army ") || g.starts_with("fleet ")) && g.split('"').nth(2).is_some_and(|loc| loc == code || loc.starts_with(&format!("{code}/")))
        })
        .count()
}

/// Each successful move's unit stands at its destination in the picture,
/// and its old space holds only the units the board after has there.
fn moved_units_stand_at_their_new_spaces(v: &Variant, out: &Outcome, svg: &str) {
    let mut moved = 0;
    for r in out.results.iter().filter(|r| r.result == ResultKind::Ok) {
        let (Order::Move { unit, dest, .. } | Order::Retreat { unit, dest }) = r.order else { continue };
        let kind = if unit.kind == Some(UnitType::Fleet) { "fleet" } else { "army" };
        assert!(svg.contains(&format!(r#"<g class="unit {kind} {}" data-loc="{}">"#, power(v, r.power), v.loc_code(dest))), "{:?} at its destination", r.order);
        let left = out.position.units.iter().filter(|u| !u.aboard && u.loc.prov == unit.loc.prov).count();
        assert_eq!(on_board(svg, &v.provinces[unit.loc.prov as usize].code), left, "{:?}: the old space shows only what stands there after", r.order);
        moved += 1;
    }
    assert!(moved > 0, "the scene moves something");
}

fn standard_fall() -> (Variant, Position) {
    let v = Variant::standard();
    let pos = position_from_json(
        &v,
        &serde_json::json!({
            "phase": "F1902M",
            "units": {"ENGLAND": ["F NTH", "A YOR", "F LON"], "FRANCE": ["A BUR", "A PIC", "F BRE"], "GERMANY": ["A MUN", "A RUH", "F HOL", "A KIE"], "RUSSIA": ["A WAR"], "AUSTRIA": ["A GAL", "A BOH"]},
            "centers": {"ENGLAND": ["LON", "EDI", "LVP", "NWY"], "FRANCE": ["PAR", "MAR", "BRE", "BEL"], "GERMANY": ["BER", "KIE", "MUN", "HOL"], "RUSSIA": ["WAR", "MOS"], "AUSTRIA": ["VIE", "BUD"]}
        }),
    )
    .unwrap();
    (v, pos)
}

#[test]
fn standard_opening_position() {
    let v = Variant::standard();
    let pos = Position::initial(&v);
    let svg = render::svg(&v, &Scene::board(&pos, "Game demo: Spring 1901 movement"));
    shows_the_board(&v, &pos, &svg);
    assert_eq!(count(&svg, r#"<g class="unit "#), 22);
    assert_eq!(count(&svg, r#"<circle class="sc "#), 34);
    assert_eq!(count(&svg, r#"<path id="p-"#), 75 + 1, "every province's outline");
    assert_eq!(count(&svg, r#"<g class="stack">"#), 0, "one unit a space: no count");
    assert!(!svg.contains(r#"<g class="key withheld">"#), "no withheld unit, no key for one");
    golden("standard-s1901m.svg", &svg);
    // the same input, the same bytes
    assert_eq!(svg, render::svg(&v, &Scene::board(&pos, "Game demo: Spring 1901 movement")));
}

#[test]
fn standard_movement_results_show_the_board_after_with_every_kind_of_order() {
    let (v, pos) = standard_fall();
    let orders = [
        (1, "F NTH C A YOR - BEL"),
        (1, "A YOR - BEL"),
        (1, "F LON - ENG"),
        (2, "A PIC S A BUR - BEL"),
        (2, "A BUR - BEL"),
        (2, "F BRE - ENG"),
        (3, "A MUN - BUR"),
        (3, "A RUH S A MUN - BUR"),
        (3, "F HOL S A YOR - BEL"),
        (3, "A KIE H"),
        (5, "A WAR - GAL"),
        (0, "A GAL H"),
        (0, "A BOH S A GAL"),
    ];
    let out = play(&v, &pos, &orders);
    assert!(!out.dislodged.is_empty(), "the German attack on Burgundy dislodges the French army");
    let (drawn, svg) = results(&v, &pos, &out, "Game demo: Fall 1902 movement");
    shows_the_board(&v, &out.position, &svg);
    moved_units_stand_at_their_new_spaces(&v, &out, &svg);
    // the board after: Germany in Burgundy, Munich left; the convoyed army bounced, still in York
    assert!(svg.contains(r#"<g class="unit army germany" data-loc="BUR">"#));
    assert!(!svg.contains(r#"<g class="unit army germany" data-loc="MUN">"#), "Munich is left");
    assert!(svg.contains(r#"<g class="unit army england" data-loc="YOR">"#));
    // each order drawn, failed ones dashed
    let moves = drawn.iter().filter(|d| matches!(d.order, Order::Move { .. })).count();
    let failed = drawn.iter().filter(|d| matches!(d.order, Order::Move { .. }) && d.result != ResultKind::Ok).count();
    assert_eq!(count(&svg, r#"<g class="move"#), moves);
    assert_eq!(count(&svg, r#"<g class="move failed""#), failed);
    assert!(failed >= 2, "the bounces in the Channel and Galicia");
    assert!(svg.contains(r#"<g class="convoy">"#));
    assert_eq!(count(&svg, r#"<g class="support-move"#), 3);
    assert_eq!(count(&svg, r#"<g class="support-hold"#), 1);
    assert!(svg.contains(r#"<circle class="hold"#));
    // the dislodged unit at its dislodged spot, a dotted line to each retreat option
    assert!(svg.contains(r#"<g class="unit dislodged army france" data-loc="BUR">"#));
    let options: usize = out.dislodged.iter().map(|d| d.options.len()).sum();
    assert!(options > 0);
    assert_eq!(count(&svg, r#"<line class="retreat-option""#), options);
    golden("standard-f1902m.svg", &svg);
}

#[test]
fn standard_retreat_results_show_the_retreat_and_the_unit_at_its_new_space() {
    let (v, pos) = standard_fall();
    let out = play(&v, &pos, &[(3, "A MUN - BUR"), (3, "A RUH S A MUN - BUR"), (2, "A BUR H")]);
    let retreat = out.position.clone();
    assert_eq!(retreat.phase.kind, PhaseKind::Retreat);
    // the board now: the dislodged unit beside its space with its options
    let now = render::svg(&v, &Scene::board(&retreat, "Game demo: Fall 1902 retreats"));
    assert!(now.contains(r#"<g class="unit dislodged army france" data-loc="BUR">"#));
    let d = &retreat.dislodged[0];
    let to = v.loc_code(d.options[0]);
    let out = play(&v, &retreat, &[(2, &format!("A BUR R {to}"))]);
    let (_, svg) = results(&v, &retreat, &out, "Game demo: Fall 1902 retreats");
    shows_the_board(&v, &out.position, &svg);
    moved_units_stand_at_their_new_spaces(&v, &out, &svg);
    assert_eq!(count(&svg, r#"<g class="retreat"#), 1);
    assert!(!svg.contains(r#"class="unit dislodged"#), "after the retreats nothing is dislodged");
    assert_eq!(count(&svg, r#"<g class="disband">"#), 0);
    golden("standard-f1902r.svg", &svg);
}

#[test]
fn standard_adjustment_results_ring_the_builds_and_cross_the_removals() {
    let v = Variant::standard();
    let pos = position_from_json(
        &v,
        &serde_json::json!({
            "phase": "W1902A",
            "units": {"ENGLAND": ["F NTH"], "FRANCE": ["A BUR", "A PIC", "F BRE", "A GAS"], "GERMANY": ["A MUN"]},
            "centers": {"ENGLAND": ["LON", "EDI", "LVP", "NWY"], "FRANCE": ["PAR", "MAR"], "GERMANY": ["BER", "KIE", "MUN"]}
        }),
    )
    .unwrap();
    let out = play(&v, &pos, &[(1, "BUILD F LON"), (1, "BUILD A LVP"), (1, "BUILD F EDI"), (2, "REMOVE A PIC"), (2, "REMOVE A GAS"), (3, "BUILD A MUN")]);
    let (drawn, svg) = results(&v, &pos, &out, "Game demo: Winter 1902 adjustments");
    shows_the_board(&v, &out.position, &svg);
    let built = drawn.iter().filter(|d| matches!(d.order, Order::Build(_)) && d.result == ResultKind::Ok).count();
    assert_eq!(built, 3);
    assert_eq!(count(&svg, r#"<circle class="build" "#), built, "each unit built is ringed where it stands");
    assert_eq!(count(&svg, r#"<circle class="build failed""#), 1, "the build in occupied Munich failed");
    assert_eq!(count(&svg, r#"<g class="disband">"#), 2, "each removal crossed");
    assert_eq!(count(&svg, r#"<g class="removed army france""#), 2, "the removed units faded where they stood");
    assert!(!svg.contains(r#"<g class="unit army france" data-loc="PIC">"#));
    golden("standard-w1902a.svg", &svg);
}

#[test]
fn original_1958_stacks_are_fanned_and_counted_and_builds_at_one_site_drawn_apart() {
    let v = Variant::builtin("original1958").unwrap();
    let pos = Position::initial(&v);
    let svg = render::svg(&v, &Scene::board(&pos, "Game old: Spring 1914 movement"));
    shows_the_board(&v, &pos, &svg);
    // every power starts with a stack of two in its capital (Russia's St Petersburg: three)
    let stacks = count(&svg, r#"<g class="stack">"#);
    assert_eq!(stacks, 7);
    assert!(svg.contains(">×2</text>") && svg.contains(">×3</text>"), "the stack counted");
    // each army's circle in a space: its centre
    let xs = |svg: &str, code: &str| -> Vec<(String, String)> {
        svg.match_indices(&format!(r#"data-loc="{code}"><circle cx=""#))
            .map(|(i, m)| {
                let mut it = svg[i + m.len()..].split('"');
                (it.next().unwrap().to_string(), it.nth(1).unwrap().to_string())
            })
            .collect()
    };
    let vie = xs(&svg, "VIE");
    assert_eq!(vie.len(), 2);
    assert_ne!(vie[0], vie[1], "the two armies in Vienna side by side");
    golden("original1958-s1914m.svg", &svg);

    // a winter: three armies built in the capital, a fleet in a naval base, a removal
    let pos = position_from_json(
        &v,
        &serde_json::json!({
            "phase": "W1914A",
            "units": {"AUSTRIA": ["A VIE", "F TRI"], "FRANCE": ["A PAR", "A BUR", "F BRE"]},
            "centers": {"AUSTRIA": ["VIE", "TRI", "VEN", "BUD", "SER", "RUM"], "FRANCE": ["PAR", "BRE"]}
        }),
    )
    .unwrap();
    let out = play(&v, &pos, &[(0, "BUILD A VIE"), (0, "BUILD A VIE"), (0, "BUILD A VIE"), (0, "BUILD F TRI"), (2, "REMOVE A BUR")]);
    let (drawn, svg) = results(&v, &pos, &out, "Game old: Winter 1914 adjustments");
    let built = drawn.iter().filter(|d| matches!(d.order, Order::Build(_)) && d.result == ResultKind::Ok).count();
    assert_eq!(built, 4, "{:?}", drawn);
    shows_the_board(&v, &out.position, &svg);
    assert_eq!(count(&svg, r#"<circle class="build" "#), 4);
    let vie = xs(&svg, "VIE");
    assert_eq!(vie.len(), 4, "the army that was there and three built");
    let mut apart = vie.clone();
    apart.sort();
    apart.dedup();
    assert_eq!(apart.len(), 4, "four armies in Vienna, each at its own place: {vie:?}");
    assert!(svg.contains(">×4</text>"), "the stack of four counted");
    assert_eq!(count(&svg, r#"<g class="disband">"#), 1);
    golden("original1958-w1914a.svg", &svg);
}

#[test]
fn original_1958_movement_with_boarding_and_a_dislodged_stack_then_its_retreats() {
    let v = Variant::builtin("original1958").unwrap();
    let pos = position_from_json(
        &v,
        &serde_json::json!({
            "phase": "S1914M",
            "units": {"FRANCE": ["A PAR", "A PAR", "F BRE"], "GERMANY": ["A BUR", "A LOR", "A FLA"], "ENGLAND": ["A LON", "F LON", "F LON"]},
            "centers": {"FRANCE": ["PAR", "BRE", "MAR"], "GERMANY": ["BER", "KIE"], "ENGLAND": ["LON", "EDI", "LVP"]}
        }),
    )
    .unwrap();
    let out = play(
        &v,
        &pos,
        &[
            (2, "A PAR H"),
            (2, "A PAR H"),
            (2, "F BRE - GAS"),
            (3, "A BUR - PAR"),
            (3, "A LOR S A BUR - PAR"),
            (3, "A FLA S A BUR - PAR"),
            (1, "F LON - NTH"),
            (1, "A LON - NTH B"),
        ],
    );
    let (_, svg) = results(&v, &pos, &out, "Game old: Spring 1914 movement");
    shows_the_board(&v, &out.position, &svg);
    moved_units_stand_at_their_new_spaces(&v, &out, &svg);
    let dislodged = out.dislodged.iter().filter(|d| d.unit.loc.prov == v.prov_by_code("PAR").unwrap()).count();
    assert_eq!(dislodged, 2, "the French stack dislodged whole");
    assert_eq!(count(&svg, r#"<g class="unit dislodged army france" data-loc="PAR">"#), 2);
    assert_eq!(count(&svg, r#"<circle class="dislodged-ring""#), out.dislodged.len(), "each dislodged unit ringed once");
    golden("original1958-s1914m-results.svg", &svg);

    let retreat = out.position.clone();
    let opts: Vec<String> = retreat.dislodged[0].options.iter().map(|l| v.loc_code(*l)).collect();
    let out = play(&v, &retreat, &[(2, &format!("A PAR R {}", opts[0])), (2, "A PAR D")]);
    let (_, svg) = results(&v, &retreat, &out, "Game old: Spring 1914 retreats");
    shows_the_board(&v, &out.position, &svg);
    moved_units_stand_at_their_new_spaces(&v, &out, &svg);
    assert_eq!(count(&svg, r#"<g class="disband">"#), 1, "the disbanded army crossed at its dislodged spot");
    golden("original1958-s1914r.svg", &svg);
}

fn centres_1885() -> serde_json::Value {
    serde_json::json!({"AUSTRIA": ["BUD", "CLU", "SPL", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "DRE", "KIE", "MUN"], "ITALY": ["NAP", "ROM", "VEN"], "RUSSIA": ["ARK", "MOS", "SEV", "STP", "WAR"], "SPAIN": ["CAD", "MAD", "VAL"], "SWEDEN": ["GOT", "OSL", "STO"], "TURKEY": ["CON", "MAC", "SIN", "SMY"]})
}

#[test]
fn davis_1885_a_dislodged_carrying_pair_is_ringed_once_on_its_fleet_with_one_retreat_line_each() {
    let v = Variant::builtin("1885").unwrap();
    let pos = position_from_json(
        &v,
        &serde_json::json!({
            "phase": "JAN1885M",
            "units": {"ENGLAND": ["A ENG ABOARD", "F ENG", "A YOR", "F NTH"], "FRANCE": ["F BRE", "F MAO", "A PAR", "A PIC"], "GERMANY": ["A MUN", "A RUH", "A KIE"]},
            "centers": centres_1885()
        }),
    )
    .unwrap();
    let england = v.powers.iter().position(|p| p.name == "ENGLAND").unwrap() as PowerId;
    let france = v.powers.iter().position(|p| p.name == "FRANCE").unwrap() as PowerId;
    let germany = v.powers.iter().position(|p| p.name == "GERMANY").unwrap() as PowerId;
    let out = play(
        &v,
        &pos,
        &[
            (france, "F MAO - ENG"),
            (france, "F BRE S F MAO - ENG"),
            (france, "A PAR - BUR"),
            (france, "A PIC H"),
            (germany, "A MUN - BUR"),
            (germany, "A RUH S A MUN - BUR"),
            (germany, "A KIE - HOL"),
            (england, "A YOR - WAL"),
            (england, "F NTH H"),
        ],
    );
    let pair: Vec<_> = out.dislodged.iter().filter(|d| v.provinces[d.unit.loc.prov as usize].code == "ENG").collect();
    assert_eq!(pair.len(), 2, "the fleet and the army aboard are both dislodged: {:?}", out.dislodged);
    let (_, svg) = results(&v, &pos, &out, "Game davis: January 1885");
    shows_the_board(&v, &out.position, &svg);
    moved_units_stand_at_their_new_spaces(&v, &out, &svg);
    assert!(svg.contains(r#"<g class="unit dislodged fleet england" data-loc="ENG">"#));
    assert!(svg.contains(r#"<g class="unit dislodged aboard army england" data-loc="ENG">"#), "the army rides on its fleet");
    assert!(!svg.contains(r#"<g class="unit dislodged army england" data-loc="ENG">"#), "not drawn as a unit of its own");
    assert_eq!(count(&svg, r#"<circle class="dislodged-ring""#), out.dislodged.len() - 1, "the pair ringed once");
    let fleet = pair.iter().find(|d| d.unit.kind == UnitType::Fleet).unwrap();
    let others: usize = out.dislodged.iter().filter(|d| v.provinces[d.unit.loc.prov as usize].code != "ENG").map(|d| d.options.len()).sum();
    assert_eq!(count(&svg, r#"<line class="retreat-option""#), fleet.options.len() + others, "one line an option, not doubled");
    golden("1885-jan1885m.svg", &svg);

    // the pair retreats together: one arrow, the army still aboard after
    let retreat = out.position.clone();
    let to = fleet.options.iter().find(|l| v.provinces[l.prov as usize].kind == mailjudge::map::ProvinceKind::Sea).copied().expect("a sea to retreat to");
    let out = play(&v, &retreat, &[(england, &format!("F ENG R {}", v.loc_code(to)))]);
    let (_, svg) = results(&v, &retreat, &out, "Game davis: January 1885 retreats");
    shows_the_board(&v, &out.position, &svg);
    assert_eq!(count(&svg, r#"<g class="retreat"#), 1, "one retreat line for the pair");
    assert!(svg.contains(&format!(r#"<g class="unit aboard army england" data-loc="{}">"#, v.loc_code(to))));
    golden("1885-jan1885r.svg", &svg);
}

#[test]
fn davis_1885_adjustments_and_withheld_starting_choices() {
    let v = Variant::builtin("1885").unwrap();
    // before the first move: Italy's, Russia's and Sweden's choice units withheld
    let pos = Position::initial(&v);
    let withheld: Vec<(PowerId, u16)> = v.powers.iter().enumerate().flat_map(|(p, w)| w.choice.iter().map(move |&c| (p as PowerId, c))).collect();
    assert_eq!(withheld.len(), 4);
    let caption = "Game davis: January 1885";
    let svg = render::svg(&v, &Scene { withheld: &withheld, ..Scene::board(&pos, caption) });
    assert_eq!(count(&svg, r#"<g class="unit withheld "#), 4);
    let italy = v.powers.iter().position(|p| p.name == "ITALY").unwrap() as PowerId;
    assert!(svg.contains(r#"<g class="unit withheld italy" data-loc="ROM">"#));
    assert!(!svg.contains(r#"<g class="unit fleet italy" data-loc="ROM">"#), "the type is not drawn");
    assert!(svg.contains(r#"<g class="key withheld">"#), "the legend explains the mark");
    golden("1885-start-withheld.svg", &svg);
    // Italy's own picture: its choice drawn
    let mut own = pos.clone();
    own.units.iter_mut().filter(|u| u.power == italy && v.provinces[u.loc.prov as usize].code == "ROM").for_each(|u| u.kind = UnitType::Army);
    let not_italy: Vec<_> = withheld.iter().copied().filter(|(p, _)| *p != italy).collect();
    let svg = render::svg(&v, &Scene { withheld: &not_italy, ..Scene::board(&own, caption) });
    assert!(svg.contains(r#"<g class="unit army italy" data-loc="ROM">"#));
    assert_eq!(count(&svg, r#"<g class="unit withheld "#), 3);

    let pos = position_from_json(
        &v,
        &serde_json::json!({
            "phase": "DEC1885A",
            "units": {"ENGLAND": ["F LON"], "FRANCE": ["A PAR", "F BRE", "A PIC", "A BUR"]},
            "centers": {"ENGLAND": ["EDI", "LON", "LVP", "BEL"], "FRANCE": ["BRE", "PAR"]}
        }),
    )
    .unwrap();
    let england = v.powers.iter().position(|p| p.name == "ENGLAND").unwrap() as PowerId;
    let france = v.powers.iter().position(|p| p.name == "FRANCE").unwrap() as PowerId;
    let out = play(&v, &pos, &[(england, "BUILD A EDI"), (england, "BUILD F LVP"), (france, "REMOVE A PIC"), (france, "REMOVE A BUR")]);
    let (drawn, svg) = results(&v, &pos, &out, "Game davis: December 1885 adjustments");
    shows_the_board(&v, &out.position, &svg);
    let built = drawn.iter().filter(|d| matches!(d.order, Order::Build(_)) && d.result == ResultKind::Ok).count();
    assert_eq!(count(&svg, r#"<circle class="build" "#), built);
    assert!(built >= 2, "{drawn:?}");
    assert_eq!(count(&svg, r#"<g class="disband">"#), 2);
    golden("1885-dec1885a.svg", &svg);
}

#[test]
fn davis_1885_schematic_with_two_powers_in_the_box() {
    let v = Variant::builtin("1885").unwrap();
    let mut pos = Position::initial(&v);
    pos.units.retain(|u| u.power != 1 && u.power != 6);
    let hob = v.prov_by_code("HOB").unwrap();
    for p in [1u8, 6] {
        pos.units.push(mailjudge::map::Unit {
            power: p as PowerId,
            kind: UnitType::Fleet,
            loc: mailjudge::map::Loc { prov: hob, coast: Default::default() },
            aboard: false,
        });
    }
    pos.units.sort();
    let svg = render::svg(&v, &Scene::board(&pos, "Game davis: January 1885"));
    shows_the_board(&v, &pos, &svg);
    assert_eq!(count(&svg, r#"data-loc="HOB">"#), 2, "both fleets in the Box are drawn");
    // side by side, not on top of each other, and counted
    let xs: Vec<&str> = svg.match_indices(r#"data-loc="HOB"><polygon points=""#).map(|(i, m)| &svg[i + m.len()..i + m.len() + 12]).collect();
    assert_ne!(xs[0], xs[1]);
    assert!(svg.contains(">×2</text>"));
    golden("1885-box.svg", &svg);
}

#[test]
fn text_in_the_picture_is_escaped() {
    let v = Variant::standard();
    let pos = Position::initial(&v);
    let svg = render::svg(&v, &Scene::board(&pos, "Game <script>&\"x\""));
    assert!(svg.contains("Game &lt;script&gt;&amp;&quot;x&quot;"));
    assert!(!svg.contains("<script>"));
}

#[test]
fn the_png_decodes_at_its_size_and_a_huge_picture_is_refused() {
    let v = Variant::standard();
    let pos = Position::initial(&v);
    let svg = render::svg(&v, &Scene::board(&pos, "Game demo: Spring 1901 movement"));
    let png = render::png(&svg).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let img = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert!(img.width() > 1000 && img.width() < 1500, "{}", img.width());
    if let Some(dir) = std::env::var_os("RENDER_OUT") {
        std::fs::write(PathBuf::from(dir).join("standard.png"), &png).unwrap();
    }
    // at the cap: a picture of MAX_PIXELS at the scale is drawn; past it, refused
    let side = ((render::MAX_PIXELS as f64).sqrt() / render::SCALE as f64).floor() - 2.0;
    let at =
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="{side}" height="{side}"><rect width="10" height="10"/></svg>"#);
    assert!(render::png(&at).is_ok());
    let past =
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {0} {0}" width="{0}" height="{0}"><rect width="10" height="10"/></svg>"#, side * 1.01);
    assert!(matches!(render::png(&past), Err(render::RenderError::TooLarge(..))));
    assert!(matches!(render::png("<not svg"), Err(render::RenderError::Svg(_))));
}

/// `serve` draws the map of each map in play once at its start (the first
/// deadline after a restart then draws only what changed): one picture for
/// the standard game, none where no game is in play.
#[test]
fn the_judge_warms_the_maps_in_play_when_it_starts() {
    let mut g = crate::common::game::Game::empty();
    // a forming game is not in play
    g.send(crate::common::game::GM, "CREATE ?other gmpass standard");
    assert!(mailjudge::daemon::warm(&mut g.w.daemon.judge).is_none(), "no game in play: nothing drawn");
    let mut g = crate::common::game::Game::started();
    let drawn = mailjudge::daemon::warm(&mut g.w.daemon.judge).expect("a game in play").join().unwrap();
    assert_eq!(drawn, 1);
}
