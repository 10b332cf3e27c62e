//! Blind games (`SET BLIND`, `blind=yes`; docs/RULES.md, "Blind games"):
//! a standard game played blind by mail for a year. Each player's results
//! and map show only what its units and home centres see, the master's
//! everything, an observer's only that the phase was processed; the end
//! reveals all.

use crate::common::game::{GM, Game, flat};
use crate::common::*;

const ENGLAND: &str = "p2@example.test";
const TURKEY: &str = "p7@example.test";
const WATCHER: &str = "watcher@example.test";

/// The results mail to `to` among `sent` (its body flattened).
fn results_to<'a>(sent: &'a [Sent], to: &str) -> &'a Sent {
    sent.iter().find(|s| s.to == to && s.subject.contains("results")).unwrap_or_else(|| panic!("no results to {to}"))
}

/// The provinces the SVG map draws units in (`data-loc` of each unit).
fn drawn_units(svg: &str) -> Vec<String> {
    svg.split(r#"<g class="unit "#).skip(1).filter_map(|s| s.split(r#"data-loc=""#).nth(1).and_then(|r| r.split('"').next()).map(|l| l.to_string())).collect()
}

fn svg_of(s: &Sent) -> String {
    s.files.iter().find(|f| f.1 == "image/svg+xml").map(|f| String::from_utf8(f.2.clone()).unwrap()).expect("an SVG map")
}

#[test]
fn blind_is_set_before_the_start_and_listed_with_the_settings() {
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass standard");
    assert!(r.contains("demo"), "{r}");
    let (r, _) = g.as_master("SET BLIND");
    assert!(r.contains("A blind game: each power's results"), "{r}");
    assert!(g.row().settings.blind());
    let (r, _) = g.as_master("SET NO BLIND");
    assert!(r.contains("Every power sees the whole board (NO BLIND)"), "{r}");
    assert!(!g.row().settings.blind());
    // once started: too late either way
    let mut g = Game::started_with("blind=yes");
    assert!(g.row().settings.blind());
    let (r, _) = g.as_master("SET NO BLIND");
    assert!(r.contains("SET [NO] BLIND is set before the game starts"), "{r}");
    assert!(g.row().settings.blind());
    let (r, _) = g.send(GM, "LIST demo");
    assert!(r.contains("blind: each power sees only what its units see (BLIND)"), "{r}");
    // a value that is no switch is refused
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass standard blind=maybe");
    assert!(r.contains("SET BLIND is on or off"), "{r}");
}

#[test]
fn a_blind_year_by_mail_shows_each_power_its_own_part_and_the_end_shows_all() {
    let mut g = Game::started_with("blind=yes");
    g.observe(WATCHER);
    g.as_power('E', "SET MAP SVG");
    g.as_power('E', "F LON - NTH\nF EDI - NWG\nA LVP - YOR");
    g.as_power('G', "F KIE - DEN\nA BER - KIE\nA MUN - RUH");
    g.as_power('T', "F ANK - BLA\nA CON - BUL\nA SMY - ARM");
    let sent = g.pass_deadline();
    let england = results_to(&sent, ENGLAND);
    let text = flat(&england.body);
    // its own orders, and the German fleet that came next to the North Sea
    assert!(text.contains("F LON - NTH") && text.contains("A LVP - YOR"), "{text}");
    assert!(text.contains("F DEN (arrives: came into sight)"), "{text}");
    // nothing of Turkey, far away, nor of the German army in Munich
    for far in ["ANK", "BLA", "CON", "BUL", "SMY", "ARM", "MUN", "RUH", "Turkey"] {
        assert!(!text.contains(far), "England is told of {far}: {text}");
    }
    // England's own counts; a foreign power in sight without them
    assert!(text.contains("Germany (in sight)"), "{text}");
    // its map lacks the far units, has its own and the one in sight
    let drawn = drawn_units(&svg_of(england));
    assert!(drawn.contains(&"NTH".to_string()) && drawn.contains(&"DEN".to_string()), "{drawn:?}");
    for far in ["BLA", "BUL", "ARM", "RUH", "VIE", "MOS"] {
        assert!(!drawn.contains(&far.to_string()), "England's map draws a unit in {far}: {drawn:?}");
    }
    // Turkey sees its own, not England's
    let turkey = flat(&results_to(&sent, TURKEY).body);
    assert!(turkey.contains("F ANK - BLA") && !turkey.contains("NTH") && !turkey.contains("England"), "{turkey}");
    // the master: everything
    let master = flat(&results_to(&sent, GM).body);
    for all in ["F LON - NTH", "F ANK - BLA", "A MUN - RUH", "A VIE H", "F BRE H"] {
        assert!(master.contains(all), "the master is not told of {all}: {master}");
    }
    // the observer: that the phase was processed, not one unit
    let watcher = sent.iter().find(|s| s.to == WATCHER).expect("the observer's notice");
    let seen = flat(&watcher.body);
    assert!(seen.contains("Spring 1901 movement has been processed") && seen.contains("blind game"), "{seen}");
    for unit in ["A ", "F ", "NTH", "BLA", "LON"] {
        assert!(!seen.contains(unit), "the observer is told {unit:?}: {seen}");
    }
    // no map for the observer: the next deadline's calendar event alone
    assert!(watcher.files.iter().all(|f| f.1.starts_with("text/calendar")) && watcher.files.len() == 1, "no map for the observer");
    // the fall and the adjustments
    g.as_power('T', "F BLA - RUM\nA BUL - GRE\nA ARM - SEV");
    g.as_power('E', "F NTH - NWY\nF NWG - BAR\nA YOR H");
    let sent = g.pass_deadline();
    let text = flat(&results_to(&sent, ENGLAND).body);
    assert!(text.contains("F NTH - NWY") && !text.contains("RUM") && !text.contains("GRE"), "{text}");
    let master = flat(&results_to(&sent, GM).body);
    assert!(master.contains("F BLA - RUM") && master.contains("A BUL - GRE"), "{master}");
    let sent = g.pass_deadline();
    assert!(!flat(&results_to(&sent, ENGLAND).body).contains("Turkey"));
    assert_eq!(g.phase(&mailjudge::map::Variant::standard()), "S1902M");
    // the end reveals all: the last board to everyone, the record in the package
    let (_, sent) = g.as_master("TERMINATE");
    let over = sent.iter().find(|s| s.to == ENGLAND && s.subject == "Game demo is over").expect("the end's notice");
    let text = flat(&over.body);
    assert!(text.contains("Turkey") && text.contains("F RUM") && text.contains("A GRE"), "{text}");
    let observer_end = flat(&sent.iter().find(|s| s.to == WATCHER && s.subject == "Game demo is over").expect("the observer's end").body);
    assert!(observer_end.contains("F RUM"), "{observer_end}");
    let package = sent.iter().find(|s| s.to == ENGLAND && !s.files.is_empty() && s.subject != "Game demo is over").expect("the end-of-game package");
    let record: String = package.files.iter().filter(|f| f.1.starts_with("text/")).map(|f| String::from_utf8_lossy(&f.2).to_string()).collect();
    assert!(record.contains("F BLA - RUM") || record.contains("F BLA -> RUM") || record.contains("RUM"), "the record holds Turkey's moves");
}

#[test]
fn replies_lists_and_the_record_show_a_player_only_its_part_while_the_game_runs() {
    let mut g = Game::started_with("blind=yes");
    // an order for a foreign unit out of sight: refused as for no unit at all
    let (r, _) = g.as_power('E', "A MUN - RUH");
    assert!(!r.contains("not your unit") && !r.to_lowercase().contains("german"), "{r}");
    let (open, _) = Game::started().as_power('E', "A MUN - RUH");
    assert_ne!(flat(&open), flat(&r), "an open game's reply differs: {open}");
    // a support's unit type is filled in only from what is in sight: here
    // guessed from the province (a land province: an army), as for no unit
    let (r, _) = g.as_power('E', "F LON S BRE - ENG");
    assert!(!r.contains("S F BRE"), "{r}");
    assert_eq!(g.orders(1), ["F LON S A BRE - ENG"]);
    let mut open = Game::started();
    open.as_power('E', "F LON S BRE - ENG");
    assert_eq!(open.orders(1), ["F LON S F BRE - ENG"], "an open game fills it from the board");
    // the board in the reply: England's part
    assert!(!r.contains("Turkey") && !r.contains("F ANK") && r.contains("F EDI"), "{r}");
    // LIST: no foreign centre count, no foreign unit far away
    let (r, _) = g.send(ENGLAND, "LIST demo");
    assert!(r.contains("F LON") && !r.contains("F ANK") && !r.contains("A VIE"), "{r}");
    assert!(!r.contains("Turkey 3 centres") && r.contains("England 3 centres"), "{r}");
    let (r, _) = g.send("stranger@example.test", "LIST demo");
    assert!(!r.contains("F LON") && !r.contains("F ANK"), "{r}");
    // the master's LIST: all
    let (r, _) = g.as_master("LIST demo");
    assert!(r.contains("F ANK") && r.contains("Turkey 3 centres"), "{r}");
    // HISTORY and SUMMARY: the master's only, while the game runs
    g.as_master("PROCESS!");
    let (r, _) = g.as_power('E', "HISTORY demo");
    assert!(r.contains("Game demo is blind: while it runs, only its master may read its history"), "{r}");
    let (r, _) = g.as_power('E', "SUMMARY demo");
    assert!(r.contains("only its master may read its summary"), "{r}");
    let (r, _) = g.as_power('E', "MAP demo S1901M");
    assert!(r.contains("only its master may read the maps of its past phases"), "{r}");
    let (r, _) = g.as_master("HISTORY demo");
    assert!(r.contains("F ANK H"), "{r}");
    // once over, everyone reads everything
    g.as_master("TERMINATE");
    let (r, _) = g.as_power('E', "HISTORY demo");
    assert!(r.contains("F ANK H"), "{r}");
}
