//! Results and replies that say what happened (issue 22 item 9): a
//! dislodged unit with no retreat is destroyed, 1958's current capital on
//! the board and in a refused build, the precise reason for orders to a
//! stack's own member, an army on board and another power's fleet, a
//! failed Fast Ferry forming an A/F, where the right-hand rule sent an
//! unordered retreat, and a support the unit cannot give refused on
//! arrival. Each a scripted game by mail.

use crate::common;
use common::game::*;
use common::*;

const ENGLAND: &str = "p2@example.test";
const FRANCE: &str = "p3@example.test";
const GERMANY: &str = "p4@example.test";

/// The results mail `addr` got in `sent`, flattened.
fn results_to(sent: &[Sent], addr: &str) -> String {
    let s = to(sent, addr).into_iter().find(|s| s.subject.contains("results")).unwrap_or_else(|| panic!("{addr} gets the results: {sent:#?}"));
    flat(&s.body)
}

const STD_CENTRES: &str = r#""centers": {"AUSTRIA": ["BUD", "TRI", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"],
    "GERMANY": ["BER", "KIE", "MUN"], "ITALY": ["NAP", "ROM", "VEN"], "RUSSIA": ["MOS", "SEV", "STP", "WAR"], "TURKEY": ["ANK", "CON", "SMY"]}"#;

#[test]
fn probe_standard() {
    let mut g = Game::started();
    g.set_position(&format!(
        r#"{{"phase": "S1901M", "units": {{"FRANCE": ["A PAR", "F BRE"], "GERMANY": ["A BUR", "A PIC", "A GAS"]}}, {STD_CENTRES}}}"#
    ));
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nF BRE S A PIC - BUR\nA PAR S A MUN - BER\nA PAR S A RUH - BEL\nA PAR S A PIC");
    eprintln!("REPLY1 {r}");
    let (r, sent) = g.send(GERMANY, "SIGNON Gdemo pw-four\nA BUR - PAR\nA PIC S A BUR - PAR\nA GAS S A BUR - PAR");
    eprintln!("REPLY2 {r}");
    eprintln!("RESULTS {}", results_to(&sent, FRANCE));
}

const C58: &str = r#""centers": {"AUSTRIA": ["TRI", "VEN", "VIE"], "ENGLAND": ["EDI", "LON", "LVP", "PAR"], "FRANCE": ["BRE", "MAR", "BEL", "SPA"],
    "GERMANY": ["BER", "COL", "KIE"], "ITALY": ["NAP", "ROM"], "RUSSIA": ["MOS", "SEV", "STP"], "TURKEY": ["ANK", "CON", "ERZ"]}"#;
const C58S: &str = r#""centers": {"AUSTRIA": ["TRI", "VEN", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"],
    "GERMANY": ["BER", "COL", "KIE"], "ITALY": ["NAP", "ROM"], "RUSSIA": ["MOS", "SEV", "STP"], "TURKEY": ["ANK", "CON", "ERZ"]}"#;

#[test]
fn probe_1958() {
    let mut g = Game::started_variant("original1958", "");
    g.set_position(&format!(r#"{{"phase": "W1914A", "units": {{"FRANCE": ["F BRE"], "ENGLAND": ["A PAR"]}}, {C58}}}"#));
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nBUILD A MAR\nBUILD A PAR\nBUILD F MAR\nLIST demo");
    eprintln!("CAPITAL {r}");
    g.set_position(&format!(r#"{{"phase": "S1914M", "units": {{"FRANCE": ["A PAR", "A PAR", "F BRE"], "ENGLAND": ["F LON", "F NTH", "A NTH ABOARD"], "GERMANY": ["F SKA", "A SKA ABOARD"]}}, {C58S}}}"#));
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nA PAR S A PAR - BUR\nA PAR S A PAR\nF LON - ENG\nA NTH - YOR\nF NTH H\nF BRE S A MUN - KIE\nF BRE S A MAR - GAS\nF BRE S A PIC - BUR");
    eprintln!("STACK {r}");
    let (r, _) = g.send(ENGLAND, "SIGNON Edemo pw-two\nA SKA - DEN\nF SKA - NTH\nA NTH - YOR");
    eprintln!("OTHER {r}");
    g.set_position(&format!(r#"{{"phase": "S1914R", "units": {{"GERMANY": ["F DEN", "F KAT"]}}, "retreats": {{"ENGLAND": {{"A KAT ABOARD": ["SKA", "SWE"], "F KAT": ["SKA", "SWE"]}}}}, {C58S}}}"#));
    let (r, _) = g.send(ENGLAND, "SIGNON Edemo pw-two\nA KAT R SWE\nA KAT D\nKAT R SKA");
    eprintln!("ABOARD {r}");
}

#[test]
fn probe_rhr() {
    let mut g = Game::started_with("retreat_default=right_hand");
    g.set_position(&format!(
        r#"{{"phase": "S1901R", "units": {{"GERMANY": ["A PAR"]}}, "retreats": {{"FRANCE": {{"A PAR": ["BRE", "GAS"]}}}}, "dislodged_by": {{"FRANCE": {{"A PAR": "PIC"}}}}, {STD_CENTRES}}}"#
    ));
    let sent = g.pass_deadline();
    eprintln!("RHR {}", results_to(&sent, FRANCE));
}

const SEATS: [char; 9] = ['A', 'E', 'F', 'G', 'I', 'R', 'S', 'W', 'T'];
fn addr(i: usize) -> String {
    format!("q{i}@example.test")
}
const C85: &str = r#""centers": {"AUSTRIA": ["BUD", "CLU", "SPL", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "DRE", "KIE", "MUN"], "ITALY": ["NAP", "ROM", "VEN"], "RUSSIA": ["ARK", "MOS", "SEV", "STP", "WAR"], "SPAIN": ["CAD", "MAD", "VAL"], "SWEDEN": ["GOT", "OSL", "STO"], "TURKEY": ["CON", "MAC", "SIN", "SMY"]}"#;

fn started_1885() -> Game {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass 1885");
    for (i, l) in SEATS.iter().enumerate() {
        g.drop_mail(&addr(i), &format!("SIGNON ?demo pw-{i}\nSET PREFERENCE {l}"));
    }
    g.w.step();
    assert_eq!(g.status(), "active");
    g
}

#[test]
fn probe_1885() {
    let mut g = started_1885();
    g.set_position(&format!(r#"{{"phase": "JAN1885M", "units": {{"ENGLAND": ["A LON", "F ENG", "A NTH ABOARD"], "GERMANY": ["A HOL"], "FRANCE": ["F NTH"]}}, {C85}}}"#));
    let (r, _) = g.send(&addr(1), "SIGNON Edemo pw-1\nA LON - BEL\nF ENG C A LON - BEL\nF NTH - HEL\nA NTH - YOR\nF ENG S F ENG");
    eprintln!("E85 {r}");
    let (r, _) = g.send(&addr(2), "SIGNON Fdemo pw-2\nF NTH H\nA NTH - YOR");
    eprintln!("F85 {r}");
    let (r, sent) = g.send(&addr(3), "SIGNON Gdemo pw-3\nA HOL - BEL");
    eprintln!("G85 {r}");
    eprintln!("RES85 {}", results_to(&sent, &addr(1)));
}
