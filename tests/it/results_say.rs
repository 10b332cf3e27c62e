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

const C58: &str = r#""centers": {"AUSTRIA": ["TRI", "VEN", "VIE"], "ENGLAND": ["EDI", "LON", "LVP", "PAR"], "FRANCE": ["BRE", "MAR", "BEL", "SPA"],
    "GERMANY": ["BER", "COL", "KIE"], "RUSSIA": ["MOS", "SEV", "STP"], "TURKEY": ["ANK", "CON", "ERZ"]}"#;
const C58S: &str = r#""centers": {"AUSTRIA": ["TRI", "VEN", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"],
    "GERMANY": ["BER", "COL", "KIE"], "ITALY": ["NAP", "ROM"], "RUSSIA": ["MOS", "SEV", "STP"], "TURKEY": ["ANK", "CON", "ERZ"]}"#;
const C85: &str = r#""centers": {"AUSTRIA": ["BUD", "CLU", "SPL", "VIE"], "ENGLAND": ["EDI", "LON", "LVP"], "FRANCE": ["BRE", "MAR", "PAR"],
    "GERMANY": ["BER", "DRE", "KIE", "MUN"], "ITALY": ["NAP", "ROM", "VEN"], "RUSSIA": ["ARK", "MOS", "SEV", "STP", "WAR"], "SPAIN": ["CAD", "MAD", "VAL"],
    "SWEDEN": ["GOT", "OSL", "STO"], "TURKEY": ["CON", "MAC", "SIN", "SMY"]}"#;

/// Letters of 1885's nine powers, in the map's order; player `q{i}`
/// (password `pw-{i}`) plays `SEATS[i]`.
const SEATS: [char; 9] = ['A', 'E', 'F', 'G', 'I', 'R', 'S', 'W', 'T'];

fn addr(i: usize) -> String {
    format!("q{i}@example.test")
}

/// A started game of 1885, each player seated by preference.
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

/// A mail from 1885's power `i`, signed on; the reply (flattened) and all sent.
fn mail_1885(g: &mut Game, i: usize, text: &str) -> (String, Vec<Sent>) {
    g.send(&addr(i), &format!("SIGNON {}demo pw-{i}\n{text}", SEATS[i]))
}

fn has(text: &str, part: &str) {
    assert!(text.contains(part), "no {part:?} in:\n{text}");
}

#[test]
fn a_dislodged_unit_with_no_retreat_is_reported_destroyed() {
    let mut g = Game::started();
    // Paris, attacked with two supports, has nowhere to go: Brest is French,
    // Picardy and Gascony German, Burgundy the attack's origin
    g.set_position(&format!(
        r#"{{"phase": "S1901M", "units": {{"FRANCE": ["A PAR", "F BRE", "A RUH"], "GERMANY": ["A BUR", "A PIC", "A GAS", "A MUN", "A KIE"]}}, {STD_CENTRES}}}"#
    ));
    g.send(FRANCE, "SIGNON Fdemo pw-three\nA PAR H\nF BRE H\nA RUH H");
    let (_, sent) = g.send(GERMANY, "SIGNON Gdemo pw-four\nA BUR - PAR\nA PIC S A BUR - PAR\nA GAS S A BUR - PAR\nA MUN - RUH\nA KIE S A MUN - RUH");
    let r = results_to(&sent, FRANCE);
    has(&r, "A PAR H (dislodged by German A BUR; no retreat possible: destroyed)");
    // the Ruhr's army may retreat: dislodged, and no more
    has(&r, "A RUH H (dislodged by German A MUN)");
    assert!(!r.contains("A RUH H (dislodged by German A MUN;"), "{r}");
    // the retreat phase: Paris's army, with no order, is destroyed; the Ruhr's is disbanded for want of one
    let sent = g.pass_deadline();
    let r = results_to(&sent, FRANCE);
    has(&r, "A PAR D (no retreat possible: destroyed)");
    has(&r, "A RUH D (disband: no retreat ordered: the unit is disbanded)");
}

#[test]
fn the_right_hand_rule_says_where_an_unordered_retreat_went() {
    let mut g = Game::started_with("retreat_default=right_hand");
    g.set_position(&format!(
        r#"{{"phase": "S1901R", "units": {{"GERMANY": ["A PAR"]}}, "retreats": {{"FRANCE": {{"A PAR": ["BRE", "GAS"]}}}}, "dislodged_by": {{"FRANCE": {{"A PAR": "PIC"}}}}, {STD_CENTRES}}}"#
    ));
    let r = results_to(&g.pass_deadline(), FRANCE);
    // attacked from Picardy: right is Burgundy (taken), left Brest
    has(&r, "A PAR R BRE (no retreat ordered: by the right-hand rule to BRE)");
}

#[test]
fn original_1958_shows_the_current_capital_on_the_board_in_list_and_in_a_refused_build() {
    let mut g = Game::started_variant("original1958", "");
    // England owns Paris: France's capital is Brest (D15); Italy owns no home centre
    g.set_position(&format!(r#"{{"phase": "W1914A", "units": {{"FRANCE": ["F BRE"], "ENGLAND": ["A PAR"], "ITALY": ["A TUN"]}}, {C58}}}"#));
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nBUILD A MAR\nBUILD F MAR\nBUILD A BRE\nLIST demo");
    has(&r, "A MAR B: armies are built only in the capital and fleets only in a naval base the power owns (your capital now: BRE; your naval bases: BRE)");
    has(&r, "F MAR B: armies are built only in the capital");
    has(&r, "A BRE B: accepted.");
    // LIST and the reply's board: each power's capital as things stand
    assert_eq!(r.matches("Centres: BEL BRE MAR SPA Capital: BRE").count(), 2, "{r}");
    has(&r, "Centres: EDI LON LVP PAR Capital: LON");
    has(&r, "Centres: none Capital: none (no home centre owned)");
    // the capital returns when Paris is France's again
    g.set_position(&format!(r#"{{"phase": "S1915M", "units": {{"FRANCE": ["F BRE"]}}, {C58S}}}"#));
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nLIST demo");
    has(&r, "Centres: BRE MAR PAR Capital: PAR");
}

#[test]
fn the_standard_board_shows_no_capital() {
    let mut g = Game::started();
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nLIST demo");
    has(&r, "Centres: BRE MAR PAR");
    assert!(!r.contains("Capital:"), "{r}");
}

#[test]
fn a_stack_unit_supporting_its_own_stack_gets_the_stack_rule_as_its_reason() {
    let mut g = Game::started_variant("original1958", "");
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nA PAR S A PAR - BUR\nA PAR S A PAR\nF BRE S A PAR - GAS\nA PAR - GAS");
    let mate = "a unit of a stack cannot support another unit of the same stack";
    has(&r, &format!("A PAR S A PAR - BUR: {mate}"));
    has(&r, &format!("A PAR S A PAR: {mate}"));
    // a support from elsewhere, of a unit of the stack, is another matter
    has(&r, "F BRE S A PAR - GAS: accepted.");
    has(&r, "A PAR - GAS: accepted.");
}

#[test]
fn orders_for_an_army_on_board_or_another_powers_unit_say_why() {
    // Original 1958: England's army on board its fleet in the North Sea, a German pair in Skagerrak
    let mut g = Game::started_variant("original1958", "");
    g.set_position(&format!(
        r#"{{"phase": "S1914M", "units": {{"FRANCE": ["F BRE"], "ENGLAND": ["F LON", "F NTH", "A NTH ABOARD"], "GERMANY": ["F SKA", "A SKA ABOARD"]}}, {C58S}}}"#
    ));
    let (r, _) = g.send(ENGLAND, "SIGNON Edemo pw-two\nA NTH - YOR\nA SKA - DEN\nF SKA - NTH");
    has(&r, "A NTH - YOR: an army on board takes no order of its own: it goes where its fleet goes (order the fleet)");
    has(&r, "A SKA - DEN: the unit belongs to another power");
    has(&r, "F SKA - NTH: the unit belongs to another power");
    let (r, _) = g.send(FRANCE, "SIGNON Fdemo pw-three\nF LON - ENG\nA NTH - YOR");
    has(&r, "F LON - ENG: the unit belongs to another power");
    has(&r, "A NTH - YOR: the unit belongs to another power");
    // a retreat order for the army on board a dislodged fleet (D10)
    g.set_position(&format!(
        r#"{{"phase": "S1914R", "units": {{"GERMANY": ["F DEN", "F KAT"]}}, "retreats": {{"ENGLAND": {{"A KAT ABOARD": ["SKA", "SWE"], "F KAT": ["SKA", "SWE"]}}}}, {C58S}}}"#
    ));
    let (r, _) = g.send(ENGLAND, "SIGNON Edemo pw-two\nA KAT R SWE\nA KAT D\nF KAT R SKA");
    has(&r, "A KAT R SWE: an army on board takes no order of its own");
    has(&r, "A KAT D: an army on board takes no order of its own");
    has(&r, "F KAT R SKA: accepted.");
}

#[test]
fn orders_for_an_allied_fleet_and_its_passenger_in_1885_say_whose_they_are() {
    let mut g = started_1885();
    // an English army on board a French fleet in the North Sea (E8)
    g.set_position(&format!(r#"{{"phase": "JAN1885M", "units": {{"ENGLAND": ["A NTH ABOARD", "A LON"], "FRANCE": ["F NTH"]}}, {C85}}}"#));
    let (r, _) = mail_1885(&mut g, 1, "F NTH - HEL\nA NTH - YOR");
    has(&r, "F NTH - HEL: the unit belongs to another power");
    has(&r, "A NTH - YOR: accepted.");
    let (r, _) = mail_1885(&mut g, 2, "A NTH - YOR\nF NTH H");
    has(&r, "A NTH - YOR: the unit belongs to another power");
    has(&r, "F NTH H: accepted.");
    // a dislodged English A/F: its army goes where the fleet retreats (E12)
    g.set_position(&format!(
        r#"{{"phase": "JAN1885R", "units": {{"FRANCE": ["F ENG"]}}, "retreats": {{"ENGLAND": {{"A ENG ABOARD": ["IRI", "NTH"], "F ENG": ["IRI", "NTH"]}}}}, {C85}}}"#
    ));
    let (r, _) = mail_1885(&mut g, 2, "A ENG R NTH");
    has(&r, "A ENG R NTH: the unit belongs to another power");
    let (r, _) = mail_1885(&mut g, 1, "A ENG R NTH\nF ENG R IRI");
    has(&r, "A ENG R NTH: an army on board takes no order of its own: it goes where its fleet goes (order the fleet)");
    has(&r, "F ENG R IRI: accepted.");
}

#[test]
fn a_failed_fast_ferry_says_an_af_was_formed() {
    let mut g = started_1885();
    g.set_position(&format!(r#"{{"phase": "JAN1885M", "units": {{"ENGLAND": ["A LON", "F ENG"], "GERMANY": ["A HOL"]}}, {C85}}}"#));
    mail_1885(&mut g, 1, "A LON - BEL\nF ENG C A LON - BEL");
    let (_, sent) = mail_1885(&mut g, 3, "A HOL - BEL");
    let r = results_to(&sent, &addr(1));
    has(&r, "A LON - BEL (bounce: stopped by German A HOL; the army could not land and stays on board its ferrying fleet: an A/F is formed)");
    has(&r, "A on board F ENG");
    // a ferry that lands says nothing of the kind
    g.set_position(&format!(r#"{{"phase": "FEB1885M", "units": {{"ENGLAND": ["A LON", "F ENG"]}}, {C85}}}"#));
    let (_, sent) = mail_1885(&mut g, 1, "A LON - BEL\nF ENG C A LON - BEL");
    let r = results_to(&sent, &addr(1));
    has(&r, "England: A LON - BEL F ENG C A LON - BEL");
    assert!(!r.contains("A/F is formed"), "{r}");
}

#[test]
fn a_support_the_unit_cannot_give_is_refused_on_arrival_and_one_of_an_empty_space_fails() {
    let mut g = Game::started();
    g.set_position(&format!(r#"{{"phase": "S1901M", "units": {{"FRANCE": ["A PAR", "F BRE"], "GERMANY": ["A BUR", "A PIC"]}}, {STD_CENTRES}}}"#));
    let (r, _) = g.send(
        FRANCE,
        "SIGNON Fdemo pw-three\nF BRE S A PIC - BUR\nA PAR S A MUN - BER\nA PAR S A KIE\nA PAR S A PIC - PAR\nF BRE S A MAR - GAS\nA PAR S A GAS\nF BRE S F BRE",
    );
    let cannot = "the supporting unit could not move to that province itself";
    // the supporter cannot reach the province: refused whatever else is ordered
    has(&r, &format!("F BRE S A PIC - BUR: {cannot}"));
    has(&r, &format!("A PAR S A MUN - BER: {cannot}"));
    has(&r, &format!("A PAR S A KIE: {cannot}"));
    has(&r, "A PAR S A PIC - PAR: a unit cannot support a move into its own province");
    has(&r, "F BRE S F BRE: a unit cannot support itself");
    // no unit in Marseilles or Gascony: valid orders, which fail
    has(&r, "F BRE S A MAR - GAS: accepted.");
    has(&r, "A PAR S A GAS: accepted.");
    let (_, sent) = g.send(GERMANY, "SIGNON Gdemo pw-four\nA BUR H\nA PIC H");
    let r = results_to(&sent, FRANCE);
    has(&r, "F BRE S A MAR - GAS (void: there is no unit there to support)");
    has(&r, "A PAR S A GAS (void: there is no unit there to support)");
}
