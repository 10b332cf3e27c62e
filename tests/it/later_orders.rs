//! njudge's orders for a later phase, played by mail: `PHASE season year
//! phase` blocks kept, listed in every later reply, cleared by CLEAR, given
//! when their phase begins (conditionals taken on the board then, builds in
//! reverse order of preference, SET WAIT carried), the player told; a
//! block for the phase being played given at once; the limits (five years
//! ahead, lines kept); and the master's `PROCESS <phase>`.

use crate::common;
use common::game::*;
use common::*;

const GERMANY: i64 = 3;
const FRANCE: i64 = 2;

/// The master processes the phase being played with whatever is in.
fn process(g: &mut Game) -> Vec<Sent> {
    let (r, sent) = g.as_master("PROCESS!");
    assert!(r.contains("processed"), "{r}");
    sent
}

/// `power`'s orders in force in the phase being played.
fn current(g: &Game, power: i64) -> Vec<String> {
    let seq = g.seq();
    let mut o: Vec<String> = db::orders(g.w.db()).into_iter().filter(|o| i64::from(o.power) == power && o.active && o.seq == seq).map(|o| o.text).collect();
    o.sort();
    o
}

/// The notice the kept orders' player got when their phase began.
fn kept_notice<'a>(sent: &'a [Sent], to: &str) -> &'a Sent {
    sent.iter().find(|s| s.to == to && s.subject.contains("your orders kept for")).unwrap_or_else(|| panic!("no kept-orders notice to {to}: {sent:#?}"))
}

#[test]
fn orders_for_a_later_phase_are_kept_listed_and_given_when_it_begins() {
    let mut g = Game::started();
    let (r, _) = g.as_power('F', "A PAR-BUR\nPHASE Fall 1901 Movement\nA BUR-MUN\nF BRE H");
    assert!(r.contains("A PAR - BUR: accepted."), "{r}");
    assert!(r.contains("The orders after this line are kept for Fall 1901 movement"), "{r}");
    assert!(r.contains("Kept: 2 line(s) for France in Fall 1901 movement."), "{r}");
    // the spring's orders are not touched by the block
    assert_eq!(g.orders(FRANCE), vec!["A PAR - BUR"]);
    // listed in every later reply
    let (r, _) = g.as_power('F', "A MAR H");
    assert!(r.contains("Kept for Fall 1901 movement: A BUR-MUN F BRE H"), "{r}");
    let sent = process(&mut g);
    assert_eq!(g.phase(&mailjudge::map::Variant::standard()), "F1901M");
    let n = kept_notice(&sent, "p3@example.test");
    let body = flat(&n.body);
    assert!(body.contains("Fall 1901 movement has begun, and the orders you kept for it were given."), "{body}");
    assert!(body.contains("A BUR - MUN: accepted.") && body.contains("F BRE H: accepted."), "{body}");
    assert!(body.contains("Still to order: A MAR."), "{body}");
    assert_eq!(current(&g, FRANCE), vec!["A BUR - MUN", "F BRE H"]);
    // used: no longer listed
    let (r, _) = g.as_power('F', "A MAR H");
    assert!(!r.contains("Kept for"), "{r}");
}

#[test]
fn conditions_are_taken_on_the_board_when_the_phase_begins() {
    let mut g = Game::started();
    g.as_power('G', "A MUN-RUH");
    g.as_power('R', "A MOS-UKR");
    // njudge's own example, and its power, type and province in any order
    let text = "A PAR-BUR\nPHASE Fall 1901 Movement\nIF NOT German Army Ruhr AND (Russian Ukraine OR Russian Galicia)\nA BUR-MUN\nELSE\nA BUR-BEL\nENDIF\nIF Ruhr Ge\nF BRE-MAO\nELSE IF Kiel\nF BRE-ENG\nENDIF\nIF NOT (F North Sea OR Fleet English Channel) THEN\nA MAR-GAS\nENDIF";
    let (r, _) = g.as_power('F', text);
    assert!(r.contains("Kept: 13 line(s) for France in Fall 1901 movement."), "{r}");
    process(&mut g);
    let orders = current(&g, FRANCE);
    // German army in Ruhr: the ELSE; a German unit in Ruhr: the first
    // branch; an English fleet in the North Sea? not yet (F LON held)
    assert_eq!(orders, vec!["A BUR - BEL", "A MAR - GAS", "F BRE - MAO"]);
}

#[test]
fn an_if_left_open_is_closed_by_the_end_of_the_mail() {
    let mut g = Game::started();
    let (r, _) = g.as_power('F', "PHASE F1901M\nIF French Paris\nA PAR-BUR\nIF Marseilles\nA MAR-PIE");
    assert!(r.contains("Kept: 6 line(s)"), "the two ENDIFs added: {r}");
    let (r, _) = g.as_power('F', "A PAR H");
    assert!(r.contains("A MAR-PIE ENDIF ENDIF"), "{r}");
    process(&mut g);
    assert_eq!(current(&g, FRANCE), vec!["A MAR - PIE", "A PAR - BUR"]);
}

#[test]
fn bad_lines_of_a_block_are_refused_one_by_one() {
    let mut g = Game::started();
    let (r, _) = g.as_power('F', "PHASE F1901M\nELSE\nENDIF\nIF Atlantis\nA PAR-BUR\nENDIF\nA PAR-XYZ\nIF Paris )\nA MAR H\nENDIF\nIF Par AND\nF BRE H");
    assert!(r.contains("ELSE without an IF before it."), "{r}");
    assert!(r.contains("ENDIF without an IF before it."), "{r}");
    assert!(r.contains("the condition `Atlantis` cannot be read: `Atlantis` names no province"), "{r}");
    assert!(r.contains("not kept: the IF this line belongs to was refused."), "{r}");
    assert!(r.contains("A PAR-XYZ"), "{r}");
    assert!(r.contains("a `)` closes no `(`."), "{r}");
    assert!(r.contains("AND, OR or NOT with nothing after it."), "{r}");
    assert!(r.contains("Nothing was kept for Fall 1901 movement"), "{r}");
    // an IF outside a PHASE block: refused whole, as before, saying where it belongs
    let (r, _) = g.as_power('F', "IF Paris\nA PAR-BUR\nENDIF\nA MAR H");
    assert!(r.contains("conditional orders (IF ... ENDIF) are for a later phase: put a PHASE line before them"), "{r}");
    assert_eq!(g.orders(FRANCE), vec!["A MAR H"]);
}

#[test]
fn phases_are_named_in_njudges_words_or_by_code_and_at_most_five_years_ahead() {
    let mut g = Game::started();
    for (line, ok) in [
        ("PHASE Fall 1901 Movement", true),
        ("PHASE F 1901 M", true),
        ("PHASE f1903r", true),
        ("PHASE Winter 1901 Build", true),
        ("PHASE Fall 1901 Adjustments", true),
        ("PHASE Spring 1906 Movement", true),
        ("PHASE Spring 1907 Movement", false),
        ("PHASE Spring 1900 Movement", false),
        ("PHASE Summer 1901 Movement", false),
        ("PHASE Spring 1901 Build", false),
        ("PHASE Fall 1901 Build", true),
        ("PHASE", false),
    ] {
        let (r, _) = g.as_power('F', &format!("{line}\nA PAR H"));
        assert_eq!(r.contains("Kept: 1 line(s)"), ok, "{line}: {r}");
    }
    let (r, _) = g.as_power('F', "PHASE Spring 1907 Movement\nA PAR H");
    assert!(r.contains("Spring 1907 movement is too far ahead: orders are kept for at most 5 years ahead."), "{r}");
    let (r, _) = g.as_power('F', "PHASE Spring 1900 Movement\nA PAR H");
    assert!(r.contains("Spring 1900 movement is over"), "{r}");
    let (r, _) = g.as_power('F', "PHASE Fall 1901 Adjustments\nA PAR H");
    assert!(r.contains("Kept for Winter 1901 adjustments"), "Fall's builds are Winter's: {r}");
}

#[test]
fn builds_kept_for_later_are_taken_last_first() {
    let mut g = Game::started();
    g.as_power('F', "A PAR-BUR\nA MAR-SPA\nF BRE-MAO\nPHASE Fall 1901 Movement\nF MAO-POR\nA SPA H\nA BUR H\nPHASE Winter 1901 Build\nBUILD A MAR\nBUILD A PAR\nBUILD F BRE");
    process(&mut g);
    let sent = process(&mut g);
    let body = flat(&kept_notice(&sent, "p3@example.test").body);
    assert!(body.contains("Winter 1901 adjustments has begun"), "{body}");
    // two builds owed, three listed: the last two count (njudge's reverse
    // order of preference: the last one takes the first one's place); the
    // builds complete the phase, which is then processed by itself
    assert!(body.contains("A PAR B: accepted.") && body.contains("F BRE B: accepted. It takes the place of A MAR B"), "{body}");
    assert!(!body.contains("Error"), "{body}");
    let v = mailjudge::map::Variant::standard();
    assert_eq!(g.unit_codes(&v, FRANCE as u8), vec!["A BUR", "A PAR", "A SPA", "F BRE", "F POR"]);
}

#[test]
fn clear_drops_the_orders_kept_and_a_block_for_the_phase_being_played_is_given_now() {
    let mut g = Game::started();
    g.as_power('F', "PHASE F1901M\nA PAR-BUR\nPHASE W1901A\nBUILD A PAR");
    // CLEAR inside a block drops that phase's only
    let (r, _) = g.as_power('F', "PHASE F1901M\nCLEAR\nA MAR-PIE");
    assert!(r.contains("Cleared: 1 line(s) kept for Fall 1901 movement."), "{r}");
    assert!(r.contains("Kept for Fall 1901 movement: A MAR-PIE") && r.contains("Kept for Winter 1901 adjustments: BUILD A PAR"), "{r}");
    // CLEAR alone: the current orders and every phase's
    let (r, _) = g.as_power('F', "A PAR H\nCLEAR");
    assert!(r.contains("Also cleared: 2 line(s) kept for later phases."), "{r}");
    assert!(!r.contains("Kept for"), "{r}");
    // a block for the phase being played: given now, its conditions on the board as it stands
    let (r, _) = g.as_power('F', "PHASE Spring 1901 Movement\nIF French Army Paris\nA PAR-PIC\nELSE\nA PAR-BUR\nENDIF\nA MAR-XYZ");
    assert!(r.contains("Spring 1901 movement is the phase being played: the orders after this line are given now"), "{r}");
    assert!(r.contains("A PAR - PIC: accepted."), "{r}");
    assert!(r.contains("A MAR-XYZ"), "{r}");
    assert_eq!(g.orders(FRANCE), vec!["A PAR - PIC"]);
}

#[test]
fn set_wait_is_carried_to_the_phase_and_a_phase_the_game_skips_is_told() {
    let mut g = Game::started();
    g.as_power('F', "PHASE F1901M\nSET WAIT\nA PAR H\nPHASE F1901R\nA PAR-BUR");
    let sent = process(&mut g);
    let body = flat(&kept_notice(&sent, "p3@example.test").body);
    assert!(body.contains("WAIT set"), "{body}");
    let row = g.row();
    assert!(row.players.iter().any(|p| p.email == "p3@example.test" && p.wait), "France waits");
    // the fall is processed: nothing is dislodged, so no retreat phase (nor
    // any adjustment: the game goes on to the spring)
    let sent = process(&mut g);
    assert_eq!(g.phase(&mailjudge::map::Variant::standard()), "S1902M");
    let n = sent.iter().find(|s| s.to == "p3@example.test" && s.subject.contains("your orders kept for")).expect("told of the unused block");
    assert!(flat(&n.body).contains("The lines kept for Fall 1901 retreats were not used: the game did not play that phase."), "{}", n.body);
}

#[test]
fn a_power_keeps_at_most_two_hundred_lines() {
    let mut g = Game::started();
    let max = mailjudge::game::later::MAX_KEPT_LINES;
    let block = |n: usize| format!("PHASE F1901M\n{}", vec!["A PAR H"; n].join("\n"));
    let (r, _) = g.as_power('F', &block(max - 1));
    assert!(r.contains(&format!("Kept: {} line(s)", max - 1)), "{r}");
    let (r, _) = g.as_power('F', &block(2));
    assert!(r.contains("Kept: 1 line(s)"), "one more to the limit: {r}");
    assert!(r.contains(&format!("not kept: a power keeps at most {max} lines for later phases")), "{r}");
}

#[test]
fn kept_orders_survive_a_restart() {
    let mut g = Game::started();
    g.as_power('F', "PHASE F1901M\nA PAR-BUR");
    g.restart();
    process(&mut g);
    assert_eq!(g.orders(FRANCE), vec!["A PAR - BUR"]);
}

#[test]
fn process_with_a_phase_processes_that_phase_only() {
    let mut g = Game::started();
    let (r, _) = g.as_master("PROCESS Fall 1901 Movement");
    assert!(r.contains("the game is in Spring 1901 movement, not Fall 1901 movement: nothing was processed"), "{r}");
    assert_eq!(g.seq(), 1);
    // njudge's form: forced, whatever is in
    let id = g.drop_mail(GM, "SIGNON Mdemo gmpass\nPROCESS Spring 1901 Movement");
    let (_, sent) = g.w.step();
    assert!(flat(&reply(&sent, &id).body).contains("processed"), "processed");
    assert_eq!(g.seq(), 2);
    // the same mail again (another Message-ID): the phase named is over
    let (r, _) = g.as_master("PROCESS S1901M");
    assert!(r.contains("the game is in Fall 1901 movement, not Spring 1901 movement"), "{r}");
    assert_eq!(g.seq(), 2);
    // the German orders were not needed
    assert!(g.orders(GERMANY).is_empty());
}

/// njudge's proxy orders, where the master allows them: `A BER P AUSTRIA`
/// lends the unit for the movement phase; the other power's order for it
/// stands, the owner's is refused; with none it holds; lending it to
/// oneself takes it back. Off by default.
#[test]
fn a_unit_lent_by_proxy_is_ordered_by_the_other_power() {
    let mut g = Game::started();
    let (r, _) = g.as_power('G', "A BER P AUSTRIA");
    assert!(r.contains("proxy orders are off in game demo (the master's SET PROXY allows them)."), "{r}");
    let (r, _) = g.as_master("SET PROXY");
    assert!(r.contains("Proxy orders allowed"), "{r}");
    let (r, _) = g.as_power('G', "A BER PROXY TO Austria\nA MUN P Austria\nA KIE P Austria");
    assert!(r.contains("A BER is lent to Austria for this phase"), "{r}");
    assert!(r.contains("A KIE: you have no such unit to lend."), "{r}");
    // the owner's own order for a lent unit is refused; the holder's stands
    let (r, _) = g.as_power('G', "A BER - SIL");
    assert!(r.contains("the unit is lent to Austria for this phase"), "{r}");
    let (r, _) = g.as_power('A', "A BER - PRU, A VIE - GAL");
    assert!(r.contains("A BER - PRU: accepted") && r.contains("A VIE - GAL: accepted"), "{r}");
    let mut german = current(&g, GERMANY);
    german.sort();
    assert_eq!(german, vec!["A BER - PRU", "A MUN H"], "the order is the German unit's");
    // taken back: Germany orders it again
    let (r, _) = g.as_power('G', "A MUN P Germany\nA MUN - RUH");
    assert!(r.contains("A MUN is yours to order again"), "{r}");
    assert!(r.contains("A MUN - RUH: accepted"), "{r}");
    let (r, _) = g.as_power('A', "A MUN - BOH");
    assert!(!r.contains("A MUN - BOH: accepted"), "no longer lent: {r}");
    process(&mut g);
    let v = mailjudge::map::Variant::standard();
    assert!(g.unit_codes(&v, GERMANY as u8).contains(&"A PRU".to_string()), "{:?}", g.unit_codes(&v, GERMANY as u8));
    // the loan ended with the phase
    let (r, _) = g.as_power('A', "A PRU - LVN");
    assert!(!r.contains("accepted"), "{r}");
}
