//! Readable maps (issue 37 part 2), checked on the SVG's shapes: a
//! dislodged unit is drawn clear of the unit that took its space (and of
//! every other unit), ringed and tied to its space by a line; a cross over
//! a unit destroyed or disbanded hides no unit that stands; units stacked in
//! one space (Original 1958's capitals and naval bases) stand side by side,
//! none over another, and the arrows to and from them start at the unit
//! they are about and end clear of the stack; capitals and naval bases are
//! marked on a map that has them, and on no other.

use crate::render::{count, play, results, shows_the_board};
use mailjudge::adjudicate::{Dislodged, Position, ResultKind};
use mailjudge::contract::position_from_json;
use mailjudge::map::{PowerId, Variant};
use mailjudge::order::Order;
use mailjudge::phase::PhaseKind;
use mailjudge::render::{self, Scene};

/// A box: left, top, right, bottom.
type Rect = (f64, f64, f64, f64);

/// One element of the SVG: its name, its attributes, and those of the
/// group it is in.
struct El {
    name: String,
    attrs: Vec<(String, String)>,
    group: Vec<(String, String)>,
    /// The index of the group's own element (`usize::MAX`: none).
    gid: usize,
}

fn attr<'a>(attrs: &'a [(String, String)], k: &str) -> Option<&'a str> {
    attrs.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str())
}

impl El {
    fn get(&self, k: &str) -> Option<&str> {
        attr(&self.attrs, k)
    }
    fn num(&self, k: &str) -> f64 {
        self.get(k).unwrap_or_else(|| panic!("{} has no {k}", self.name)).parse().unwrap()
    }
    /// The class of the group it is in.
    fn in_class(&self) -> &str {
        attr(&self.group, "class").unwrap_or("")
    }
    /// The box of a shape (its stroke left out).
    fn bbox(&self) -> Rect {
        let pts: Vec<f64> = match self.name.as_str() {
            "circle" => {
                let (x, y, r) = (self.num("cx"), self.num("cy"), self.num("r"));
                return (x - r, y - r, x + r, y + r);
            }
            "line" => vec![self.num("x1"), self.num("y1"), self.num("x2"), self.num("y2")],
            "polygon" => numbers(self.get("points").unwrap()),
            "path" => numbers(self.get("d").unwrap()),
            other => panic!("no box for {other}"),
        };
        let xs = pts.iter().step_by(2);
        let ys = pts.iter().skip(1).step_by(2);
        (
            xs.clone().copied().fold(f64::MAX, f64::min),
            ys.clone().copied().fold(f64::MAX, f64::min),
            xs.copied().fold(f64::MIN, f64::max),
            ys.copied().fold(f64::MIN, f64::max),
        )
    }
}

/// The numbers of a points list or of path data made of M and L.
fn numbers(s: &str) -> Vec<f64> {
    s.split([',', ' ', 'M', 'L']).filter(|t| !t.is_empty()).map(|t| t.parse().unwrap()).collect()
}

/// The elements of `svg` (as svg.rs writes it: double-quoted attributes,
/// text escaped), each with the attributes of its group.
fn elements(svg: &str) -> Vec<El> {
    let mut out = Vec::new();
    let mut stack: Vec<(usize, Vec<(String, String)>)> = Vec::new();
    for chunk in svg.split('<').skip(1) {
        let tag = chunk.split('>').next().unwrap();
        if let Some(end) = tag.strip_prefix('/') {
            if end == "g" {
                stack.pop();
            }
            continue;
        }
        let closed = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let (name, mut rest) = body.split_once(' ').unwrap_or((body, ""));
        let mut attrs = Vec::new();
        while let Some((k, v)) = rest.split_once("=\"") {
            let (value, r) = v.split_once('"').unwrap();
            attrs.push((k.trim().to_string(), value.to_string()));
            rest = r;
        }
        let (gid, group) = stack.last().cloned().unwrap_or((usize::MAX, Vec::new()));
        if name == "g" && !closed {
            stack.push((out.len(), attrs.clone()));
        }
        out.push(El { name: name.to_string(), attrs, group, gid });
    }
    out
}

fn overlap(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

fn within(r: Rect, (x, y): (f64, f64)) -> bool {
    x > r.0 && x < r.2 && y > r.1 && y < r.3
}

/// A unit's symbol: the class of its group (`unit army france`), its
/// location, its box.
struct Symbol {
    class: String,
    loc: String,
    at: Rect,
}

/// The symbols of the units drawn whose group class starts with `prefix`
/// (`"unit army"`, `"unit dislodged"`): each group's first shape.
fn symbols(els: &[El], prefix: &str) -> Vec<Symbol> {
    let mut out: Vec<Symbol> = Vec::new();
    let mut seen: Vec<usize> = Vec::new();
    for e in els.iter().filter(|e| matches!(e.name.as_str(), "circle" | "polygon") && e.in_class().starts_with(prefix)) {
        // one symbol a group: its first shape
        if seen.contains(&e.gid) {
            continue;
        }
        seen.push(e.gid);
        out.push(Symbol { class: e.in_class().to_string(), loc: attr(&e.group, "data-loc").unwrap_or("").to_string(), at: e.bbox() });
    }
    out
}

/// The units standing on the board (not dislodged, not removed), aboard ones too.
fn on_board(els: &[El]) -> Vec<Symbol> {
    let mut s = symbols(els, "unit army");
    s.extend(symbols(els, "unit fleet"));
    s.extend(symbols(els, "unit aboard"));
    s.extend(symbols(els, "unit withheld"));
    s
}

fn rings(els: &[El]) -> Vec<Rect> {
    els.iter().filter(|e| e.get("class") == Some("dislodged-ring")).map(El::bbox).collect()
}

/// The crosses over units removed or disbanded.
fn crosses(els: &[El]) -> Vec<Rect> {
    els.iter().filter(|e| e.name == "path" && matches!(e.in_class(), "disband" | "disbanded")).map(El::bbox).collect()
}

/// Every dislodged unit's ring clear of every unit on the board and of the
/// other rings; every cross clear of every unit on the board; returns the
/// count of rings.
fn dislodged_clear(name: &str, svg: &str) -> usize {
    let els = elements(svg);
    let board = on_board(&els);
    let rs = rings(&els);
    for (i, r) in rs.iter().enumerate() {
        for u in &board {
            assert!(!overlap(*r, u.at), "{name}: a dislodged unit's ring {r:?} over {} in {} {:?}", u.class, u.loc, u.at);
        }
        for q in &rs[i + 1..] {
            assert!(!overlap(*r, *q), "{name}: two dislodged units' rings {r:?} and {q:?} overlap");
        }
        let (w, h) = frame(svg);
        assert!(r.0 >= 0.0 && r.1 >= 0.0 && r.2 <= w && r.3 <= h, "{name}: a ring {r:?} leaves the map");
    }
    for c in crosses(&els) {
        for u in &board {
            assert!(!overlap(c, u.at), "{name}: a cross {c:?} over {} in {} {:?}", u.class, u.loc, u.at);
        }
    }
    rs.len()
}

/// The map's width and height (the legend below left out).
fn frame(svg: &str) -> (f64, f64) {
    let els = elements(svg);
    let w = els[0].num("width");
    let legend = els.iter().find(|e| e.name == "rect" && attr(&e.group, "class") == Some("legend")).unwrap();
    (w, legend.num("y"))
}

/// Each dislodged unit is near its space: its ring beside the units
/// standing there (a gap under 10) or a line from its ring to the edge of
/// one of them (within 6); returns the count of lines.
fn tied(name: &str, els: &[El]) -> usize {
    let board = on_board(els);
    let lines: Vec<&El> = els.iter().filter(|e| e.get("class") == Some("dislodged-from")).collect();
    let gap = |a: Rect, b: Rect| (a.0 - b.2).max(b.0 - a.2).max(a.1 - b.3).max(b.1 - a.3).max(0.0);
    let prov = |loc: &str| loc.split('/').next().unwrap().to_string();
    let dislodged = symbols(els, "unit dislodged").into_iter().filter(|u| !u.class.contains("aboard"));
    for (ring, unit) in rings(els).into_iter().zip(dislodged) {
        let here: Vec<Rect> = board.iter().filter(|u| prov(&u.loc) == prov(&unit.loc)).map(|u| u.at).collect();
        if here.is_empty() {
            continue;
        }
        let (cx, cy, r) = ((ring.0 + ring.2) / 2.0, (ring.1 + ring.3) / 2.0, (ring.2 - ring.0) / 2.0);
        let touches = here.iter().any(|b| gap(ring, *b) < 10.0);
        let line = lines.iter().find(|l| ((l.num("x1") - cx).hypot(l.num("y1") - cy) - r).abs() < 1.0);
        match line {
            Some(l) => {
                let end = (l.num("x2"), l.num("y2"));
                let edge = here.iter().map(|b| gap(*b, (end.0, end.1, end.0, end.1))).fold(f64::MAX, f64::min);
                assert!(
                    here.iter().all(|b| !within(*b, end)) && edge < 6.0,
                    "{name}: the line from {} ends at {end:?}, {edge:.1} from its space's units",
                    unit.loc
                );
            }
            None => assert!(touches, "{name}: the dislodged unit of {} at ({cx:.0},{cy:.0}) is neither beside its space's units nor tied to them", unit.loc),
        }
    }
    lines.len()
}

/// A retreat phase's board with a unit of another power dislodged in every
/// space a unit starts in, none able to retreat.
fn everyone_dislodged(v: &Variant) -> Position {
    let mut pos = Position::initial(v);
    pos.phase.kind = PhaseKind::Retreat;
    let n = v.powers.len() as PowerId;
    pos.dislodged = pos
        .units
        .iter()
        .map(|u| Dislodged { unit: mailjudge::map::Unit { power: (u.power + 1) % n, aboard: false, ..*u }, options: Vec::new(), attacker_from: None })
        .collect();
    pos
}

#[test]
fn on_every_drawn_map_each_dislodged_unit_stands_clear_of_every_unit_and_its_cross_hides_none() {
    let mut lines = 0;
    for name in ["standard", "ancmed", "modern", "pure", "original1958", "1885"] {
        let v = Variant::builtin(name).unwrap();
        let pos = everyone_dislodged(&v);
        let svg = render::svg(&v, &Scene::board(&pos, name));
        let n = dislodged_clear(name, &svg);
        assert_eq!(n, pos.dislodged.len(), "{name}: each dislodged unit ringed");
        assert_eq!(count(&svg, r#"<g class="disbanded">"#), n, "{name}: each crossed (none may retreat)");
        lines += tied(name, &elements(&svg));
    }
    assert!(lines > 5, "{lines} lines from dislodged units to their spaces");
}

fn standard(units: serde_json::Value, centres: serde_json::Value, phase: &str) -> (Variant, Position) {
    let v = Variant::standard();
    let pos = position_from_json(&v, &serde_json::json!({"phase": phase, "units": units, "centers": centres})).unwrap();
    (v, pos)
}

fn centres() -> serde_json::Value {
    serde_json::json!({"ENGLAND": ["LON", "EDI", "LVP"], "FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["BER", "KIE", "MUN"]})
}

/// The arrows of class `class` (`move`, `move failed`, `retreat`): the first
/// `<line>` of each.
fn arrows<'a>(els: &'a [El], class: &str) -> Vec<&'a El> {
    let mut seen: Vec<usize> = Vec::new();
    els.iter()
        .filter(|e| e.name == "line" && e.in_class().split(' ').next() == Some(class))
        .filter(|e| {
            let new = !seen.contains(&e.gid);
            seen.push(e.gid);
            new
        })
        .collect()
}

#[test]
fn a_dislodged_unit_is_drawn_apart_from_the_unit_that_took_its_space_and_its_order_starts_there() {
    let (v, pos) = standard(serde_json::json!({"FRANCE": ["A BUR", "A PAR"], "GERMANY": ["A MUN", "A RUH"], "ENGLAND": ["A BEL"]}), centres(), "F1902M");
    let out = play(&v, &pos, &[(3, "A MUN - BUR"), (3, "A RUH S A MUN - BUR"), (2, "A BUR - BEL"), (2, "A PAR S A BUR - BEL")]);
    assert_eq!(out.dislodged.len(), 1);
    let (_, svg) = results(&v, &pos, &out, "Game demo: Fall 1902 movement");
    shows_the_board(&v, &out.position, &svg);
    dislodged_clear("standard", &svg);
    let els = elements(&svg);
    let ring = rings(&els)[0];
    let centre = ((ring.0 + ring.2) / 2.0, (ring.1 + ring.3) / 2.0);
    let germans = symbols(&els, "unit army germany");
    let taker = germans.iter().find(|u| u.loc == "BUR").expect("the German army in Burgundy");
    assert!(!overlap(ring, taker.at));
    // the French army's failed move starts from it, not from under the German army
    let moves = arrows(&els, "move");
    let french = moves.iter().find(|e| (e.num("x1"), e.num("y1")) == centre).expect("the dislodged army's move starts at its ring's centre");
    assert!(!within(taker.at, (french.num("x1"), french.num("y1"))));
    // the supports reach the move's middle from where the army is drawn
    assert_eq!(count(&svg, r#"<g class="support-move"#), 2);
    // near the German army: beside it, or tied to it by a line
    tied("standard", &els);
    let (tx, ty) = ((taker.at.0 + taker.at.2) / 2.0, (taker.at.1 + taker.at.3) / 2.0);
    assert!((centre.0 - tx).hypot(centre.1 - ty) < 80.0, "{centre:?} far from Burgundy's army at ({tx},{ty})");

    // the retreat phase's board draws it at a spot clear of the German army too, and its retreat starts there
    let retreat = out.position.clone();
    let svg = render::svg(&v, &Scene::board(&retreat, "Game demo: Fall 1902 retreats"));
    dislodged_clear("standard retreat board", &svg);
    let to = v.loc_code(retreat.dislodged[0].options[0]);
    let after = play(&v, &retreat, &[(2, &format!("A BUR R {to}"))]);
    let (_, svg) = results(&v, &retreat, &after, "Game demo: Fall 1902 retreats");
    let els = elements(&svg);
    let r = arrows(&els, "retreat")[0];
    let start = (r.num("x1"), r.num("y1"));
    for u in on_board(&els) {
        assert!(!within(u.at, start), "the retreat starts from under {} in {}", u.class, u.loc);
    }
}

#[test]
fn a_unit_that_moved_in_is_not_hidden_by_the_cross_of_the_unit_it_destroyed() {
    // Burgundy's French army dislodged with nowhere to go: destroyed
    let (v, pos) = standard(
        serde_json::json!({"FRANCE": ["A BUR", "A PAR", "A PIC", "A MAR", "A GAS"], "GERMANY": ["A MUN", "A RUH"], "ENGLAND": ["A BEL"]}),
        centres(),
        "F1902M",
    );
    let out = play(&v, &pos, &[(3, "A MUN - BUR"), (3, "A RUH S A MUN - BUR")]);
    assert!(out.dislodged.iter().any(|d| d.options.is_empty()), "{:?}", out.dislodged);
    let (_, svg) = results(&v, &pos, &out, "Game demo: Fall 1902 movement");
    assert_eq!(count(&svg, r#"<g class="disbanded">"#), 1);
    dislodged_clear("destroyed", &svg);

    // two dislodged armies retreat to Paris: both disbanded, each crossed at its own spot
    let (v, pos) =
        standard(serde_json::json!({"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A MUN", "A RUH"], "ENGLAND": ["A BEL", "F ENG"]}), centres(), "F1902M");
    let out = play(&v, &pos, &[(3, "A MUN - BUR"), (3, "A RUH S A MUN - BUR"), (1, "A BEL - PIC"), (1, "F ENG S A BEL - PIC")]);
    assert_eq!(out.dislodged.len(), 2, "{:?}", out.dislodged);
    let retreat = out.position.clone();
    let after = play(&v, &retreat, &[(2, "A BUR R PAR"), (2, "A PIC R PAR")]);
    assert!(after.results.iter().all(|r| r.result != ResultKind::Ok), "{:?}", after.results);
    let (_, svg) = results(&v, &retreat, &after, "Game demo: Fall 1902 retreats");
    assert_eq!(count(&svg, r#"<g class="disband">"#), 2);
    let els = elements(&svg);
    let cs = crosses(&els);
    assert!(!overlap(cs[0], cs[2]), "the two crosses apart: {cs:?}");
    dislodged_clear("bounced retreats", &svg);
    for r in arrows(&els, "retreat") {
        for u in on_board(&els) {
            assert!(!within(u.at, (r.num("x1"), r.num("y1"))), "a retreat starts under {} in {}", u.class, u.loc);
        }
    }
}

fn original() -> Variant {
    Variant::builtin("original1958").unwrap()
}

/// No two units drawn on the board overlap.
fn apart(name: &str, els: &[El]) -> usize {
    let board = on_board(els);
    for (i, a) in board.iter().enumerate() {
        for b in &board[i + 1..] {
            assert!(!overlap(a.at, b.at), "{name}: {} in {} {:?} over {} in {} {:?}", a.class, a.loc, a.at, b.class, b.loc, b.at);
        }
    }
    board.len()
}

#[test]
fn original_1958_a_removal_from_a_stack_is_crossed_beside_the_units_left() {
    let v = original();
    let pos = position_from_json(
        &v,
        &serde_json::json!({"phase": "W1914A", "units": {"AUSTRIA": ["A VIE", "A VIE", "A VIE", "F TRI"]}, "centers": {"AUSTRIA": ["VIE", "TRI", "BUD"]}}),
    )
    .unwrap();
    let out = play(&v, &pos, &[(0, "REMOVE A VIE")]);
    let (_, svg) = results(&v, &pos, &out, "Game old: Winter 1914 adjustments");
    shows_the_board(&v, &out.position, &svg);
    let els = elements(&svg);
    assert_eq!(symbols(&els, "unit army austria").iter().filter(|u| u.loc == "VIE").count(), 2);
    assert_eq!(crosses(&els).len(), 2, "one cross (two strokes)");
    dislodged_clear("removal", &svg);
    let faded = symbols(&els, "removed army austria");
    assert_eq!(faded.len(), 1);
    for u in on_board(&els) {
        assert!(!overlap(faded[0].at, u.at), "the removed army drawn over {} in {}", u.class, u.loc);
    }
    let (vx, vy) =
        symbols(&els, "unit army austria").iter().filter(|u| u.loc == "VIE").map(|u| ((u.at.0 + u.at.2) / 2.0, (u.at.1 + u.at.3) / 2.0)).next().unwrap();
    let f = faded[0].at;
    assert!(((f.0 + f.2) / 2.0 - vx).hypot((f.1 + f.3) / 2.0 - vy) < 120.0, "the removed army beside Vienna's");
}

#[test]
fn original_1958_stacks_stand_side_by_side_and_the_arrows_to_and_from_constantinople_stay_in_sight() {
    let v = original();
    // the opening: every capital's stack, side by side
    let svg = render::svg(&v, &Scene::board(&Position::initial(&v), "Game old: Spring 1914 movement"));
    assert_eq!(apart("opening", &elements(&svg)), 22);
    // a stack of five in a grid, and one of four
    let pos = position_from_json(
        &v,
        &serde_json::json!({"phase": "S1915M", "units": {"AUSTRIA": ["A VIE", "A VIE", "A VIE", "A VIE", "A VIE", "F TRI", "F TRI", "F TRI", "F TRI"]}, "centers": {"AUSTRIA": ["VIE", "TRI", "BUD", "SER", "RUM", "GRE", "ALB", "BUL", "VEN"]}}),
    )
    .unwrap();
    let svg = render::svg(&v, &Scene::board(&pos, "Game old: Spring 1915 movement"));
    assert_eq!(apart("grid", &elements(&svg)), 9);
    assert!(svg.contains(">×5</text>") && svg.contains(">×4</text>"));

    // Constantinople: one fleet bounces, one leaves, the army holds, an attack from Bulgaria fails
    let pos = position_from_json(
        &v,
        &serde_json::json!({"phase": "S1914M", "units": {"TURKEY": ["F CON", "F CON", "A CON"], "RUSSIA": ["F SEV"], "AUSTRIA": ["A BUL"]}, "centers": {"TURKEY": ["CON", "ANK", "ERZ"], "RUSSIA": ["SEV", "STP"], "AUSTRIA": ["VIE", "BUL"]}}),
    )
    .unwrap();
    let out = play(&v, &pos, &[(6, "F CON - BLA"), (6, "F CON - AEG"), (6, "A CON H"), (5, "F SEV - BLA"), (0, "A BUL - CON")]);
    let (drawn, svg) = results(&v, &pos, &out, "Game old: Spring 1914 movement");
    shows_the_board(&v, &out.position, &svg);
    let els = elements(&svg);
    assert_eq!(apart("Constantinople", &els), 5);
    let con: Vec<Rect> = on_board(&els).into_iter().filter(|u| u.loc == "CON").map(|u| u.at).collect();
    assert_eq!(con.len(), 2, "the fleet that bounced and the army");
    // four moves, no two starting at one point
    let moves = arrows(&els, "move");
    assert_eq!(moves.len(), 4);
    let start = |e: &El| (e.num("x1"), e.num("y1"));
    for (i, a) in moves.iter().enumerate() {
        assert!(!moves[i + 1..].iter().any(|b| start(b) == start(a)), "two arrows start at {:?}", start(a));
    }
    // the bounced fleet's arrow starts at the fleet as it is drawn
    let fleet = symbols(&els, "unit fleet turkey").into_iter().find(|u| u.loc == "CON").expect("the fleet that bounced");
    let middle = |r: Rect| ((r.0 + r.2) / 2.0, (r.1 + r.3) / 2.0);
    assert_eq!(moves.iter().filter(|e| within(fleet.at, start(e))).count(), 1);
    // the fleet that left starts from the edge of the stack, not under it
    let left = moves.iter().find(|e| e.in_class() == "move").expect("the one move that succeeded");
    assert!(con.iter().all(|r| !within(*r, start(left))));
    let near = con.iter().map(|r| (start(left).0 - middle(*r).0).hypot(start(left).1 - middle(*r).1)).fold(f64::MAX, f64::min);
    assert!(near < 60.0, "it starts {near:.0} from the stack");
    // no arrow's head under a unit in Constantinople (the attack from Bulgaria bounced off it)
    for e in &moves {
        let head = (e.num("x2"), e.num("y2"));
        assert!(con.iter().all(|r| !within(*r, head)), "an arrow's head {head:?} under the stack");
    }
    assert_eq!(drawn.iter().filter(|d| d.result != ResultKind::Ok && matches!(d.order, Order::Move { .. })).count(), 3, "{drawn:?}");
    // the hold ring is round the army where it is drawn
    let hold = els.iter().find(|e| e.get("class") == Some("hold")).expect("the army's hold");
    let army = symbols(&els, "unit army turkey").into_iter().find(|u| u.loc == "CON").unwrap();
    assert!(within(army.at, (hold.num("cx"), hold.num("cy"))));
}

#[test]
fn capitals_and_naval_bases_are_marked_on_original_1958_and_nowhere_else() {
    let v = original();
    let pos = Position::initial(&v);
    let svg = render::svg(&v, &Scene::board(&pos, "Game old: Spring 1914 movement"));
    let els = elements(&svg);
    let centre = |code: &str| {
        let e = els.iter().find(|e| e.get("class").is_some_and(|c| c.starts_with("sc ")) && e.get("data-prov") == Some(code)).unwrap();
        (e.num("cx"), e.num("cy"))
    };
    for (p, w) in v.powers.iter().enumerate() {
        let cap = v.code(w.capital.unwrap()).to_string();
        let class = format!(r#"<g class="capital {}" data-prov="{cap}">"#, w.name.to_ascii_lowercase());
        assert_eq!(count(&svg, &class), 1, "{class}");
        let ring =
            els.iter().find(|e| attr(&e.group, "class").is_some_and(|c| c.starts_with("capital ")) && attr(&e.group, "data-prov") == Some(&cap)).unwrap();
        assert_eq!((ring.num("cx"), ring.num("cy")), centre(&cap), "{cap}: the ring round its centre mark");
        for b in &w.naval_bases {
            assert!(svg.contains(&format!(r#"<g class="naval-base {}" data-prov="{}">"#, w.name.to_ascii_lowercase(), v.code(b.prov))), "{p}");
        }
    }
    assert_eq!(count(&svg, r#"<g class="capital "#), 7);
    assert_eq!(count(&svg, r#"<g class="naval-base "#), 8, "Russia has two");
    assert!(svg.contains(r#"<g class="key capital">"#) && svg.contains(r#"<g class="key naval-base">"#));
    // Austria without Vienna: the next home centre it owns is its capital
    let mut lost = pos.clone();
    let vie = v.prov_by_code("VIE").unwrap();
    lost.centers[vie as usize] = Some(1);
    let next = v.current_capital(0, &lost.centers).unwrap();
    assert_ne!(next, vie);
    let svg = render::svg(&v, &Scene::board(&lost, "Game old: Fall 1914 movement"));
    assert!(svg.contains(&format!(r#"<g class="capital austria" data-prov="{}">"#, v.code(next))));
    assert!(!svg.contains(r#"<g class="capital austria" data-prov="VIE">"#));
    // maps without capitals mark none, and their legends do not explain one
    for name in ["standard", "1885", "ancmed", "chaos"] {
        let v = Variant::builtin(name).unwrap();
        let svg = render::svg(&v, &Scene::board(&Position::initial(&v), name));
        assert!(!svg.contains(r#"<g class="bases">"#) && !svg.contains("key capital") && !svg.contains("key naval-base"), "{name}");
    }
}
