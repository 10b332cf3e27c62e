//! Map pictures: golden SVG files for fixed positions (set UPDATE_GOLDEN=1 to
//! write them anew after a deliberate change), and what every picture must
//! show whatever its looks: each unit with its power and type, each supply
//! centre with its owner, failed orders dashed, dislodged units and their
//! retreat options, a legend naming every power; the PNG decodes at its size.

use mailjudge::adjudicate::{self, Position};
use mailjudge::contract::position_from_json;
use mailjudge::map::{PowerId, Variant};
use mailjudge::render::{self, Drawn, Scene};
use std::path::PathBuf;

fn golden(name: &str, svg: &str) {
    // RENDER_OUT=DIR: each picture as PNG too, to look at
    if let Some(dir) = std::env::var_os("RENDER_OUT") {
        std::fs::write(PathBuf::from(dir).join(name.replace(".svg", ".png")), render::png(svg).unwrap()).unwrap();
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/render").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, svg).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
    assert!(want == svg, "{name} differs from its golden file (UPDATE_GOLDEN=1 to accept a deliberate change)");
}

/// Adjudicates `orders` (power, text) on `pos`: the scene's orders and dislodged units.
fn play(v: &Variant, pos: &Position, orders: &[(PowerId, &str)]) -> (Vec<Drawn>, Vec<adjudicate::Dislodged>, Position) {
    let parsed: Vec<(PowerId, mailjudge::order::Order)> =
        orders.iter().map(|(p, t)| (*p, mailjudge::parse::parse_order(v, t, Some(pos.phase.kind)).unwrap_or_else(|e| panic!("{t}: {e:?}")))).collect();
    let rules = mailjudge::rules::Rulebook::for_variant(v);
    let out = adjudicate::process(v, &rules, pos, &parsed);
    (render::drawn(&out.results), out.dislodged.clone(), out.position)
}

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

/// What every picture shows, checked on the SVG's classes.
fn shows_the_board(v: &Variant, pos: &Position, svg: &str) {
    for u in pos.units.iter().filter(|u| !u.aboard) {
        let kind = if u.kind == mailjudge::map::UnitType::Army { "army" } else { "fleet" };
        let class = format!(r#"<g class="unit {kind} {}" data-loc="{}">"#, v.powers[u.power as usize].name.to_ascii_lowercase(), v.loc_code(u.loc));
        assert!(svg.contains(&class), "{class} missing");
    }
    for (i, p) in v.provinces.iter().enumerate().filter(|(_, p)| p.center) {
        let owner = pos.centers[i].map(|o| v.powers[o as usize].name.to_ascii_lowercase()).unwrap_or_else(|| "unowned".into());
        assert!(svg.contains(&format!(r#"<circle class="sc {owner}" data-prov="{}""#, p.code)), "centre {} of {owner} missing", p.code);
    }
    for p in &v.powers {
        assert!(svg.contains(&format!(r#"<g class="legend-power {}">"#, p.name.to_ascii_lowercase())), "legend lacks {}", p.name);
    }
}

#[test]
fn standard_opening_position() {
    let v = Variant::standard();
    let pos = Position::initial(&v);
    let svg = render::svg(&v, &Scene { position: &pos, orders: &[], dislodged: &[], caption: "Game demo: Spring 1901 movement" });
    shows_the_board(&v, &pos, &svg);
    assert_eq!(count(&svg, r#"<g class="unit "#), 22);
    assert_eq!(count(&svg, r#"<circle class="sc "#), 34);
    assert_eq!(count(&svg, r#"<path id="p-"#), 75 + 1, "every province's outline");
    golden("standard-s1901m.svg", &svg);
    // the same input, the same bytes
    assert_eq!(svg, render::svg(&v, &Scene { position: &pos, orders: &[], dislodged: &[], caption: "Game demo: Spring 1901 movement" }));
}

#[test]
fn standard_moves_supports_convoys_a_failed_move_and_a_dislodged_unit() {
    let v = Variant::standard();
    let pos = position_from_json(
        &v,
        &serde_json::json!({
            "phase": "F1902M",
            "units": {"ENGLAND": ["F NTH", "A YOR", "F LON"], "FRANCE": ["A BUR", "A PIC", "F BRE"], "GERMANY": ["A MUN", "A RUH", "F HOL"], "RUSSIA": ["A WAR"], "AUSTRIA": ["A GAL"]},
            "centers": {"ENGLAND": ["LON", "EDI", "LVP", "NWY"], "FRANCE": ["PAR", "MAR", "BRE", "BEL"], "GERMANY": ["BER", "KIE", "MUN", "HOL"], "RUSSIA": ["WAR", "MOS"], "AUSTRIA": ["VIE", "BUD"]}
        }),
    )
    .unwrap();
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
        (5, "A WAR - GAL"),
        (0, "A GAL H"),
    ];
    let (drawn, dislodged, _) = play(&v, &pos, &orders);
    assert!(!dislodged.is_empty(), "the German attack on Burgundy dislodges the French army");
    let svg = render::svg(&v, &Scene { position: &pos, orders: &drawn, dislodged: &dislodged, caption: "Game demo: Fall 1902 movement" });
    shows_the_board(&v, &pos, &svg);
    // each order drawn, failed ones (bounces: ENG, WAR-GAL, BUR-BEL) dashed
    assert_eq!(count(&svg, r#"<g class="move"#), 6);
    assert_eq!(
        count(&svg, r#"<g class="move failed""#),
        drawn.iter().filter(|d| matches!(d.order, mailjudge::order::Order::Move { .. }) && d.result != adjudicate::ResultKind::Ok).count()
    );
    assert!(count(&svg, r#"<g class="move failed""#) >= 3);
    assert!(svg.contains(r#"<g class="convoy">"#));
    assert_eq!(count(&svg, r#"<g class="support-move"#), 3);
    assert!(svg.contains(r#"<circle class="hold"#));
    for d in &drawn {
        if d.result != adjudicate::ResultKind::Ok {
            assert!(svg.contains("stroke-dasharray=\"12 8\"") || svg.contains("stroke-dasharray=\"8 6\""));
        }
    }
    // the dislodged unit, with a dotted line to each retreat option
    assert!(svg.contains(r#"<g class="unit dislodged army france" data-loc="BUR">"#), "{}", &svg[svg.find("dislodged").unwrap_or(0)..][..200]);
    let options: usize = dislodged.iter().map(|d| d.options.len()).sum();
    assert!(options > 0);
    assert_eq!(count(&svg, r#"<line class="retreat-option""#), options);
    golden("standard-f1902m.svg", &svg);
}

#[test]
fn original_1958_schematic_with_a_boarded_army() {
    let v = Variant::builtin("original1958").unwrap();
    let pos = Position::initial(&v);
    let (drawn, dislodged, after) = play(&v, &pos, &[(1, "A LVP - LON B"), (1, "F LON H")]);
    let svg = render::svg(&v, &Scene { position: &pos, orders: &drawn, dislodged: &dislodged, caption: "Game old: 1901" });
    shows_the_board(&v, &pos, &svg);
    assert!(svg.contains(r#"<circle id="p-LON""#), "a schematic node a province");
    let after_svg = render::svg(&v, &Scene { position: &after, orders: &[], dislodged: &[], caption: "Game old: after" });
    if after.units.iter().any(|u| u.aboard) {
        assert!(after_svg.contains(r#"<g class="unit aboard army"#), "a boarded army is drawn on its fleet");
    }
    golden("original1958-start.svg", &svg);
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
            kind: mailjudge::map::UnitType::Fleet,
            loc: mailjudge::map::Loc { prov: hob, coast: Default::default() },
            aboard: false,
        });
    }
    pos.units.sort();
    let svg = render::svg(&v, &Scene { position: &pos, orders: &[], dislodged: &[], caption: "Game davis: January 1885" });
    shows_the_board(&v, &pos, &svg);
    assert_eq!(count(&svg, r#"data-loc="HOB">"#), 2, "both fleets in the Box are drawn");
    // side by side, not on top of each other
    let xs: Vec<&str> = svg.match_indices(r#"data-loc="HOB"><polygon points=""#).map(|(i, m)| &svg[i + m.len()..i + m.len() + 12]).collect();
    assert_ne!(xs[0], xs[1]);
    golden("1885-box.svg", &svg);
}

#[test]
fn text_in_the_picture_is_escaped() {
    let v = Variant::standard();
    let pos = Position::initial(&v);
    let svg = render::svg(&v, &Scene { position: &pos, orders: &[], dislodged: &[], caption: "Game <script>&\"x\"" });
    assert!(svg.contains("Game &lt;script&gt;&amp;&quot;x&quot;"));
    assert!(!svg.contains("<script>"));
}

#[test]
fn the_png_decodes_at_its_size_and_a_huge_picture_is_refused() {
    let v = Variant::standard();
    let pos = Position::initial(&v);
    let svg = render::svg(&v, &Scene { position: &pos, orders: &[], dislodged: &[], caption: "Game demo: Spring 1901 movement" });
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
