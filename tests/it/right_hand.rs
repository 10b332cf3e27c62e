//! Just's Right-Hand Rule on hand-checked positions (standard map, where the
//! clockwise rings are derived from the map drawing).

use mailjudge::adjudicate::{Dislodged, Position, ResultKind, process, retreat::preference};
use mailjudge::map::{Loc, Unit, UnitType, Variant};
use mailjudge::parse::parse_line;
use mailjudge::rules::Rulebook;

fn rhr() -> Rulebook {
    let mut r = Rulebook::default();
    r.set("retreat_default", "right_hand").unwrap();
    r
}

fn army(v: &Variant, power: &str, p: &str) -> Unit {
    Unit { power: v.power_by_name(power).unwrap(), kind: UnitType::Army, loc: Loc::new(v.prov_by_code(p).unwrap()), aboard: false }
}

fn dislodged(v: &Variant, unit: Unit, options: &[&str], from: &str) -> Dislodged {
    let mut options: Vec<Loc> = options.iter().map(|o| v.parse_loc(o).unwrap()).collect();
    options.sort();
    Dislodged { unit, options, attacker_from: Some(v.prov_by_code(from).unwrap()) }
}

fn retreat_phase(v: &Variant, units: Vec<Unit>, d: Vec<Dislodged>) -> Position {
    Position { phase: v.calendar.parse("F1901R").unwrap(), units, centers: v.initial_centers(), owners: Vec::new(), dislodged: d }
}

fn codes(v: &Variant, ps: &[u16]) -> Vec<String> {
    ps.iter().map(|&p| v.code(p).to_string()).collect()
}

#[test]
fn preference_alternates_right_and_left_of_the_attack() {
    let v = Variant::standard();
    let p = |c| v.prov_by_code(c).unwrap();
    // Munich's ring from the north: KIE BER SIL BOH TYR SWI BUR RUH. Attacked from
    // Burgundy (west): right is Ruhr, left Switzerland, then Kiel, Tyrolia, ...
    assert_eq!(codes(&v, &preference(&v, p("MUN"), p("BUR"))), ["RUH", "SWI", "KIE", "TYR", "BER", "BOH", "SIL"]);
    // Belgium attacked from Holland: right is Ruhr, left the North Sea
    assert_eq!(codes(&v, &preference(&v, p("BEL"), p("HOL"))), ["RUH", "NTH", "BUR", "ENG", "PIC"]);
    // Paris attacked from Picardy (north): right is Burgundy, left Brest
    assert_eq!(codes(&v, &preference(&v, p("PAR"), p("PIC"))), ["BUR", "BRE", "GAS"]);
}

#[test]
fn convoyed_attack_from_afar_uses_its_bearing() {
    let v = Variant::standard();
    let p = |c| v.prov_by_code(c).unwrap();
    // Brest attacked by an army convoyed from London (to the north-north-east):
    // first right is Picardy, first left the English Channel.
    let pref = codes(&v, &preference(&v, p("BRE"), p("LON")));
    assert_eq!(&pref[..2], ["PIC", "ENG"]);
    assert_eq!(pref.len(), 5);
}

#[test]
fn unordered_unit_retreats_to_the_right() {
    let v = Variant::standard();
    let d = dislodged(&v, army(&v, "GERMANY", "MUN"), &["BER", "BOH", "KIE", "RUH", "SIL", "TYR"], "BUR");
    let pos = retreat_phase(&v, vec![army(&v, "FRANCE", "MUN")], vec![d]);
    let out = process(&v, &rhr(), &pos, &[]);
    assert!(out.position.units.contains(&army(&v, "GERMANY", "RUH")));
    let r = &out.results[0];
    assert!(r.defaulted);
    assert_eq!(r.order.canonical(&v), "A MUN R RUH");
    // with Ruhr closed, Switzerland is impassable, so the second right: Kiel
    let d = dislodged(&v, army(&v, "GERMANY", "MUN"), &["BER", "BOH", "KIE", "SIL", "TYR"], "BUR");
    let out = process(&v, &rhr(), &retreat_phase(&v, vec![], vec![d]), &[]);
    assert!(out.position.units.contains(&army(&v, "GERMANY", "KIE")));
    // the standard rule disbands instead
    let d = dislodged(&v, army(&v, "GERMANY", "MUN"), &["BER", "KIE"], "BUR");
    let out = process(&v, &Rulebook::default(), &retreat_phase(&v, vec![], vec![d]), &[]);
    assert!(out.position.units.is_empty());
    assert_eq!(out.results[0].result, ResultKind::Disband);
}

#[test]
fn disband_order_is_void_under_the_right_hand_rule() {
    let v = Variant::standard();
    let d = dislodged(&v, army(&v, "GERMANY", "MUN"), &["BER", "KIE", "RUH"], "BUR");
    let pos = retreat_phase(&v, vec![], vec![d]);
    let germany = v.power_by_name("GERMANY").unwrap();
    let orders = vec![(germany, parse_line(&v, "A Mun D", Some(pos.phase.kind)).remove(0).unwrap())];
    let out = process(&v, &rhr(), &pos, &orders);
    assert_eq!(out.results[0].result, ResultKind::Void);
    assert!(out.position.units.contains(&army(&v, "GERMANY", "RUH")), "retreated by the rule instead");
    // with no retreat possible, the unit is disbanded
    let d = dislodged(&v, army(&v, "GERMANY", "MUN"), &[], "BUR");
    let out = process(&v, &rhr(), &retreat_phase(&v, vec![], vec![d]), &[]);
    assert!(out.position.units.is_empty());
}

#[test]
fn two_defaulted_units_choosing_one_space_both_go_elsewhere() {
    let v = Variant::standard();
    // Munich (attacked from Burgundy) and Belgium (attacked from Holland) both
    // want the Ruhr first. The Ruhr is closed to both, like a stand-off; Munich
    // goes on to Kiel, Belgium to Burgundy.
    let mun = dislodged(&v, army(&v, "GERMANY", "MUN"), &["BER", "KIE", "RUH"], "BUR");
    let bel = dislodged(&v, army(&v, "FRANCE", "BEL"), &["BUR", "PIC", "RUH"], "HOL");
    for d in [vec![mun.clone(), bel.clone()], vec![bel, mun]] {
        let out = process(&v, &rhr(), &retreat_phase(&v, vec![], d), &[]);
        let mut got: Vec<String> = out.position.units.iter().map(|u| v.unit_code(u)).collect();
        got.sort();
        assert_eq!(got, ["A BUR", "A KIE"]);
    }
}

#[test]
fn ordered_retreat_takes_precedence_over_a_defaulted_one() {
    let v = Variant::standard();
    let mun = dislodged(&v, army(&v, "GERMANY", "MUN"), &["BER", "KIE", "RUH"], "BUR");
    let bel = dislodged(&v, army(&v, "FRANCE", "BEL"), &["BUR", "PIC", "RUH"], "HOL");
    let pos = retreat_phase(&v, vec![], vec![mun, bel]);
    let france = v.power_by_name("FRANCE").unwrap();
    let orders = vec![(france, parse_line(&v, "A Bel - Ruh", Some(pos.phase.kind)).remove(0).unwrap())];
    let out = process(&v, &rhr(), &pos, &orders);
    let mut got: Vec<String> = out.position.units.iter().map(|u| v.unit_code(u)).collect();
    got.sort();
    assert_eq!(got, ["A KIE", "A RUH"]);
}

/// An imported `.map` lists each province's neighbours only in file order
/// (`neighbour_order = "file"`), so the right-hand rule, which turns around
/// the drawn ring, is refused on it wherever a game or a case would set it:
/// by mail (CREATE options and SET RULE), by `adjudicate --rule` and by a
/// case's `rules`, and in a variant file's own `[rules]`.
#[test]
fn the_right_hand_rule_is_refused_on_maps_without_a_drawn_ring() {
    use crate::common::binary::run;
    use crate::common::game::{GM, Game};
    let ancmed = Variant::builtin("ancmed").unwrap();
    assert!(!ancmed.neighbour_order.is_drawn() && Variant::standard().neighbour_order.is_drawn());
    assert!(rhr().fits(&ancmed).is_err_and(|e| e.to_string().contains("only in its file's order")));
    assert!(rhr().fits(&Variant::standard()).is_ok());

    // by mail: on the imported map refused, naming why; on standard taken
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass ancmed retreat_default=right_hand");
    assert!(r.contains("only in its file's order"), "{r}");
    let (r, _) = g.send(GM, "CREATE ?demo gmpass ancmed");
    assert!(r.contains("the game starts when all 5 seats are taken"), "{r}");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET RULE retreat_default=right_hand");
    assert!(r.contains("only in its file's order"), "{r}");
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nSET RULE retreat-default = RHR\nSET RULE retreat_default=disband");
    assert_eq!(r.matches("only in its file's order").count(), 1, "{r}");
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass standard retreat_default=right_hand");
    assert!(!r.contains("only in its file's order") && r.contains("seats are taken"), "{r}");

    // by the contract: the override, and a case's own rules
    let phase = ancmed.calendar.name(ancmed.start);
    let case = |rules: &str| format!(r#"{{"variant":"ancmed","phase":"{phase}","units":{{}},"orders":{{}},"centers":{{}}{rules}}}"#);
    let (code, _, err) = run(&["adjudicate", "--rule", "retreat_default=right_hand"], &case(""));
    assert!(code != 0 && err.contains("only in its file's order"), "{code} {err}");
    let (code, _, err) = run(&["adjudicate"], &case(r#","rules":{"retreat_default":"right_hand"}"#));
    assert!(code != 0 && err.contains("only in its file's order"), "{code} {err}");
    let (code, out, err) = run(&["adjudicate"], &case(r#","rules":{"retreat_default":"disband"}"#));
    assert_eq!(code, 0, "{out}{err}");

    // in the variant file: the right-hand default with a file-order ring
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/variants/pure.toml")).unwrap();
    let with = format!("{text}\n[rules]\nretreat_default = \"right_hand\"\n");
    let err = Variant::from_toml(&with).unwrap_err().to_string();
    assert!(err.contains("only in its file's order"), "{err}");
    assert!(Variant::from_toml(&with.replace("neighbour_order = \"file\"\n", "")).is_ok(), "the same file with drawn rings takes it");
}
