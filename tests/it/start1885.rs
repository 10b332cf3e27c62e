//! Davis's 1885-III by mail: the starting unit choice before the first move
//! (`SET START`, docs/RULES1885.md E3) and the GM's removals with their
//! preview (E18), played through a real judge on the Maildir test world.
//! The map is the built-in 1885 (config/variants/1885.toml).

use crate::common;
use common::db::count;
use common::game::*;
use common::*;
use mailjudge::adjudicate::Position;
use mailjudge::map::Variant;

fn variant() -> Variant {
    Variant::builtin("1885").expect("1885 is built in")
}

/// The nine players: p1 Austria ... p9 Turkey, in the map's power order,
/// each with its power's letter as preference.
const LETTERS: [char; 9] = ['A', 'E', 'F', 'G', 'I', 'R', 'S', 'W', 'T'];

fn addr(i: usize) -> String {
    format!("p{}@example.test", i + 1)
}

/// `SIGNON` line of the player of power number `i`.
fn signon(i: usize) -> String {
    format!("SIGNON {}demo pw-{}", LETTERS[i], i + 1)
}

const AUSTRIA: usize = 0;
const FRANCE: usize = 2;
const ITALY: usize = 4;
const RUSSIA: usize = 5;
const SWEDEN: usize = 7;

/// A started game of 1885 (`demo`, master gm@example.test, password gmpass).
fn started() -> Game {
    let mut g = Game::empty();
    let (r, _) = g.send(GM, "CREATE ?demo gmpass 1885");
    assert!(r.contains("the game starts when all 9 seats are taken"), "{r}");
    for (i, c) in LETTERS.iter().enumerate() {
        g.send(&addr(i), &format!("SIGNON ?demo pw-{}\nSET PREFERENCE {c}", i + 1));
    }
    assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "active"), 1, "the ninth join starts the game");
    for i in 0..9 {
        assert_eq!(db::power_of(g.w.db(), &addr(i)), Some(i as i64));
    }
    g
}

/// Sends `body` from `from`; the reply's body as sent (not flattened).
fn send_raw(g: &mut Game, from: &str, body: &str) -> String {
    let id = g.drop_mail(from, body);
    let (_, sent) = g.w.step();
    reply(&sent, &id).body.clone()
}

/// `power`'s stored starting choices (read strictly through the store), as
/// (province, unit type letter).
fn choices(g: &Game, v: &Variant, power: u8) -> Vec<(String, char)> {
    let all = mailjudge::store::start::all(g.w.db(), v, g.row().id).unwrap();
    all.into_iter().filter(|c| c.power == power).map(|c| (v.code(c.prov).to_string(), c.kind.letter())).collect()
}

fn position(g: &Game) -> Position {
    g.row().position.unwrap()
}

fn has(g: &Game, power: &str, unit: &str) -> bool {
    let v = variant();
    let p = v.power_by_name(power).unwrap();
    position(g).units.iter().any(|u| u.power == p && v.unit_code(u) == unit)
}

/// A power's units as the board in a reply, LIST or report shows them
/// (the `Units:` line under the power's line of the position).
fn board_units(text: &str, power: &str) -> String {
    let start = text.find("Position at the start of").unwrap_or_else(|| panic!("no board in {text}"));
    let lines: Vec<&str> = text[start..].lines().collect();
    let i = lines.iter().position(|l| l.trim_start().starts_with(&format!("{power} "))).unwrap_or_else(|| panic!("no board line for {power} in {text}"));
    lines[i + 1].to_string()
}

#[test]
fn start_notice_tells_the_powers_with_a_choice() {
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass 1885");
    let mut sent = Vec::new();
    for (i, c) in LETTERS.iter().enumerate() {
        sent = g.send(&addr(i), &format!("SIGNON ?demo pw-{}\nSET PREFERENCE {c}", i + 1)).1;
    }
    let notice = |i: usize| flat(&to(&sent, &addr(i)).into_iter().find(|s| s.subject.contains("has started")).expect("a start notice").body);
    assert!(notice(ITALY).contains("You may start it as the other unit type: your unit in ROM. Send SET START A ROM"), "{}", notice(ITALY));
    assert!(notice(RUSSIA).contains("You may start one of them as the other unit type: your units in STP, SEV."), "{}", notice(RUSSIA));
    assert!(notice(SWEDEN).contains("your unit in OSL"), "{}", notice(SWEDEN));
    assert!(!notice(FRANCE).contains("SET START"), "{}", notice(FRANCE));
}

#[test]
fn starting_choices_are_checked_private_and_revealed_by_the_first_results() {
    let mut g = started();
    let v = variant();

    // Italy orders its fleet first, then chooses an army: the fleet's order is dropped
    let (r, _) = g.send(&addr(ITALY), &format!("{}\nF ROM - TYS", signon(ITALY)));
    assert!(r.contains("F ROM - TYS: accepted"), "{r}");
    let (r, sent) = g.send(&addr(ITALY), &format!("{}\nSET START A ROM", signon(ITALY)));
    assert!(r.contains("starting units set: A ROM. Only you and the GM see this"), "{r}");
    assert!(r.contains("your orders for the other type were dropped (order the unit again): F ROM - TYS"), "{r}");
    // the reply is the only mail: nothing broadcast
    assert_eq!(sent.len(), 1, "{:#?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    assert_eq!(sent[0].to, addr(ITALY));
    // the player's own board shows its choice; the others' choice units are withheld
    assert!(board_units(&sent[0].body, "Italy").contains("A ROM"), "{}", sent[0].body);
    assert!(board_units(&sent[0].body, "Russia").contains("? SEV"), "{}", sent[0].body);
    assert!(board_units(&sent[0].body, "Russia").contains("? STP"), "{}", sent[0].body);
    // stored, typed
    assert_eq!(count(choices(&g, &v, 4), |c| c.0 == "ROM" && c.1 == 'A'), 1);

    // orders for the chosen type work; for the other type they are refused at once
    let (r, _) = g.send(&addr(ITALY), &format!("{}\nA ROM - APU\nF ROM - TYS", signon(ITALY)));
    assert!(r.contains("A ROM - APU: accepted"), "{r}");
    assert!(r.contains("the unit there is of the other type"), "{r}");
    // a unit type left out is the chosen one
    let (r, _) = g.send(&addr(ITALY), &format!("{}\nROM - APU", signon(ITALY)));
    assert!(r.contains("A ROM - APU: accepted"), "{r}");

    // Russia: one unit at most (at the limit accepted, past it refused)
    let (r, _) = g.send(&addr(RUSSIA), &format!("{}\nSET START A STP, A SEV", signon(RUSSIA)));
    assert!(r.contains("you may start with at most one unit of the other type than the map's, of those in STP, SEV"), "{r}");
    let (r, _) = g.send(&addr(RUSSIA), &format!("{}\nSET START A MOS", signon(RUSSIA)));
    assert!(r.contains("you have no choice of unit type in MOS; you may choose the type of your unit in STP or SEV"), "{r}");
    let (r, _) = g.send(&addr(RUSSIA), &format!("{}\nSET START A SEV", signon(RUSSIA)));
    assert!(r.contains("starting units set: F STP, A SEV."), "{r}");
    // a later choice replaces the earlier one; the bare START and full names are read too
    let (r, _) = g.send(&addr(RUSSIA), &format!("{}\nSTART army St Petersburg, fleet Sevastopol", signon(RUSSIA)));
    assert!(r.contains("starting units set: A STP, F SEV."), "{r}");
    assert_eq!(choices(&g, &v, 5).len(), 1);
    // a province named twice, a missing type, no unit at all
    let (r, _) = g.send(&addr(RUSSIA), &format!("{}\nSET START A STP A STP", signon(RUSSIA)));
    assert!(r.contains("STP is named twice"), "{r}");
    let (r, _) = g.send(&addr(RUSSIA), &format!("{}\nSET START STP", signon(RUSSIA)));
    assert!(r.contains("`STP` is not a unit type"), "{r}");
    let (r, _) = g.send(&addr(RUSSIA), &format!("{}\nSET START", signon(RUSSIA)));
    assert!(r.contains("SET START needs the unit you want"), "{r}");
    assert_eq!(count(choices(&g, &v, 5), |c| c.0 == "STP" && c.1 == 'A'), 1, "refusals change nothing");

    // a power without a choice is refused
    let (r, _) = g.send(&addr(FRANCE), &format!("{}\nSET START A BRE", signon(FRANCE)));
    assert!(r.contains("France has no choice of starting units on this map"), "{r}");
    // Sweden names the map's type: nothing to store; then changes its mind and back
    let (r, _) = g.send(&addr(SWEDEN), &format!("{}\nSET START A OSL\nSET START DEFAULT", signon(SWEDEN)));
    assert!(r.contains("starting units set: A OSL."), "{r}");
    assert!(r.contains("starting units set: F OSL."), "{r}");
    assert_eq!(choices(&g, &v, 7).len(), 0);

    // another player sees no choice: its reply's board, and LIST
    let id = g.drop_mail(&addr(AUSTRIA), &format!("{}\nA VIE H", signon(AUSTRIA)));
    let (_, sent) = g.w.step();
    assert_eq!(sent.len(), 1);
    let r = reply(&sent, &id).body.clone();
    assert!(board_units(&r, "Italy").contains("? ROM"), "{r}");
    assert!(!r.contains("A ROM") && !r.contains("F ROM") && !r.contains("A STP") && !r.contains("F STP"), "{r}");
    let r = send_raw(&mut g, &addr(AUSTRIA), "LIST demo");
    assert!(board_units(&r, "Italy").contains("? ROM"), "{r}");
    assert!(!r.contains("A ROM") && !r.contains("A STP"), "{r}");
    // an anonymous LIST neither
    let r = send_raw(&mut g, "someone@example.test", "LIST demo");
    assert!(board_units(&r, "Russia").contains("? STP") && !r.contains("A STP"), "{r}");
    // the choosing player's LIST shows its own
    let r = send_raw(&mut g, &addr(ITALY), &format!("{}\nLIST demo", signon(ITALY)));
    assert!(board_units(&r, "Italy").contains("A ROM") && board_units(&r, "Russia").contains("? STP"), "{r}");
    // the master sees every choice
    let r = send_raw(&mut g, GM, "SIGNON Mdemo gmpass\nLIST demo");
    assert!(board_units(&r, "Italy").contains("A ROM") && board_units(&r, "Russia").contains("A STP"), "{r}");
    // the stored position is still the map's until the first move
    assert!(has(&g, "ITALY", "F ROM"));

    // survives a restart: stored before the reply was sent
    g.restart();

    // the first move, by the deadline's defaults: the choices applied before adjudication
    let d = g.row().grace_until.unwrap();
    g.w.set_time(d + 60);
    let (_, sent) = g.w.step();
    assert_eq!(position(&g).phase, v.calendar.parse("FEB1885M").unwrap(), "January was processed");
    assert!(has(&g, "ITALY", "A APU"), "Italy's army moved from Rome to Apulia");
    assert!(has(&g, "RUSSIA", "A STP") && has(&g, "RUSSIA", "F SEV"));
    assert!(has(&g, "SWEDEN", "F OSL"));
    // every report reveals them
    let report = to(&sent, &addr(AUSTRIA)).into_iter().find(|s| s.subject.contains("January 1885")).expect("Austria's report");
    let body = flat(&report.body);
    assert!(
        body.contains("Starting units chosen before the first move: Italy chose A ROM. Russia chose A STP, F SEV. Sweden started with the map's F OSL."),
        "{body}"
    );
    assert!(body.contains("A ROM - APU"), "{body}");
    assert!(board_units(&report.body, "Italy").contains("A APU"), "{body}");

    // after the first move: refused
    let (r, _) = g.send(&addr(ITALY), &format!("{}\nSET START F ROM", signon(ITALY)));
    assert!(r.contains("starting units can be chosen only before the January 1885 movement results"), "{r}");
    assert!(has(&g, "ITALY", "A APU"));
}

/// The keeper's console map (`mailjudge game map demo -o FILE`) before the
/// first move withholds every starting choice, by the rule a map by mail
/// follows for a reader who sees none (the same picture as Austria's MAP),
/// until the first results reveal them.
#[test]
fn the_console_map_withholds_the_starting_choices_until_revealed() {
    let mut g = started();
    let (r, _) = g.send(&addr(ITALY), &format!("{}\nSET START A ROM", signon(ITALY)));
    assert!(r.contains("starting units set: A ROM."), "{r}");
    let (r, _) = g.send(&addr(RUSSIA), &format!("{}\nSET START A SEV", signon(RUSSIA)));
    assert!(r.contains("starting units set: F STP, A SEV."), "{r}");
    let cfg = g.w.dir.path().join("console.toml");
    std::fs::write(&cfg, config_text(g.w.dir.path(), 1000)).unwrap();
    let console_map = |g: &Game| -> String {
        let out = g.w.dir.path().join("now.svg");
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_mailjudge"))
            .args(["game", "--config"])
            .arg(&cfg)
            .args(["map", "demo", "-o"])
            .arg(&out)
            .output()
            .unwrap();
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        String::from_utf8(std::fs::read(&out).unwrap()).unwrap()
    };
    let svg = console_map(&g);
    assert_eq!(svg.matches(r#"<g class="unit withheld "#).count(), 4, "ROM, STP, SEV, OSL withheld");
    for (power, loc) in [("italy", "ROM"), ("russia", "STP"), ("russia", "SEV"), ("sweden", "OSL")] {
        assert!(svg.contains(&format!(r#"<g class="unit withheld {power}" data-loc="{loc}">"#)), "{power} {loc}");
        for kind in ["army", "fleet"] {
            assert!(!svg.contains(&format!(r#"<g class="unit {kind} {power}" data-loc="{loc}">"#)), "{kind} {power} {loc} drawn");
        }
    }
    // the picture Austria (no choice of its own) gets by mail
    let id = g.drop_mail(&addr(AUSTRIA), &format!("{}\nSET MAP SVG\nMAP demo", signon(AUSTRIA)));
    let (_, sent) = g.w.step();
    let by_mail = reply(&sent, &id).files.iter().find(|f| f.1 == "image/svg+xml").map(|f| String::from_utf8(f.2.clone()).unwrap()).expect("an SVG map");
    assert_eq!(by_mail, svg, "the console's map is Austria's");
    // the first results reveal the choices: the console draws them
    let (r, _) = g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    assert!(!r.contains("Error"), "{r}");
    assert!(g.row().seq > 1, "the first move processed");
    let svg = console_map(&g);
    assert!(!svg.contains(r#"<g class="unit withheld "#), "nothing withheld once revealed");
    assert!(svg.contains(r#"<g class="unit army italy" data-loc="ROM">"#) && svg.contains(r#"<g class="unit army russia" data-loc="SEV">"#));
}

#[test]
fn a_power_that_chose_nothing_starts_with_the_maps_units() {
    let mut g = started();
    let d = g.row().grace_until.unwrap();
    g.w.set_time(d + 60);
    let (_, sent) = g.w.step();
    assert!(has(&g, "ITALY", "F ROM") && has(&g, "RUSSIA", "F STP") && has(&g, "RUSSIA", "F SEV") && has(&g, "SWEDEN", "F OSL"));
    let report = to(&sent, GM).into_iter().find(|s| s.subject.contains("January 1885")).expect("the master's report");
    let body = flat(&report.body);
    assert!(body.contains("Italy started with the map's F ROM. Russia started with the map's F STP, F SEV."), "{body}");
}

/// The game moved to March 1885 (movement) with an Austrian army standing in
/// Archangel, a Russian centre without a unit: after the March move Russia
/// owns four centres for its five units and owes one removal.
fn march_with_austrians_in_archangel() -> Game {
    let g = started();
    let v = variant();
    let mut game = g.row();
    let mut pos = position(&g);
    pos.phase = v.calendar.parse("MAR1885M").unwrap();
    pos.units.push(v.parse_unit(v.power_by_name("AUSTRIA").unwrap(), "A ARK").unwrap());
    pos.units.sort();
    game.set_position(pos);
    game.seq = 3;
    game.save(&g.w.daemon.judge.conn).unwrap();
    g
}

/// The removal the judge's heuristic makes for Russia in the current position.
fn suggested(g: &Game) -> String {
    let v = variant();
    let rules = g.loaded().rules;
    let units = mailjudge::adjudicate::adjust::default_removals(&v, &rules, &position(g), v.power_by_name("RUSSIA").unwrap());
    assert_eq!(units.len(), 1);
    v.unit_code(&units[0])
}

/// Processes March's move by its deadline; returns the mail sent.
fn to_march_adjustments(g: &mut Game) -> Vec<Sent> {
    let d = g.row().grace_until.unwrap();
    g.w.set_time(d + 60);
    let (_, sent) = g.w.step();
    assert_eq!(position(g).phase, variant().calendar.parse("MAR1885A").unwrap());
    sent
}

#[test]
fn the_gm_gets_a_preview_and_the_preview_is_applied_without_a_gm_order() {
    let mut g = march_with_austrians_in_archangel();
    let sent = to_march_adjustments(&mut g);
    let unit = suggested(&g);
    // the preview, to the master only, when the phase opens
    let previews: Vec<&Sent> = sent.iter().filter(|s| s.subject == "Removals to choose in game demo").collect();
    assert_eq!(previews.len(), 1, "{:#?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    assert_eq!(previews[0].to, GM);
    let body = flat(&previews[0].body);
    assert!(body.contains(&format!("Russia must remove 1. Unless you order otherwise the judge removes: {unit}.")), "{body}");
    assert!(body.contains(&format!("e.g. `Russia: REMOVE {unit}`")), "{body}");
    assert!(!body.contains("Austria must remove"), "{body}");

    // the deadline passes with the removal missing: the preview again, with the late notice
    let d = g.row().deadline.unwrap();
    g.w.set_time(d + 60);
    let (_, sent) = g.w.step();
    let again: Vec<&Sent> = sent.iter().filter(|s| s.subject == "Removals to choose in game demo").collect();
    assert_eq!(again.len(), 1, "{:#?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    assert!(flat(&again[0].body).contains("has passed with removals not ordered"), "{}", again[0].body);
    assert!(flat(&again[0].body).contains(&format!("the judge removes: {unit}.")));
    assert_eq!(position(&g).phase.kind, mailjudge::phase::PhaseKind::Adjustment, "not processed before the grace period ends");

    // the grace period ends: the preview's removal, said so in the results
    let d = g.row().grace_until.unwrap();
    g.w.set_time(d + 60);
    let (_, sent) = g.w.step();
    assert!(!has(&g, "RUSSIA", &unit), "{unit} removed");
    assert_eq!(position(&g).units.iter().filter(|u| u.power == 5).count(), 4);
    let report = to(&sent, &addr(AUSTRIA)).into_iter().find(|s| s.subject.contains("March 1885")).expect("a report");
    let body = flat(&report.body);
    assert!(body.contains(&format!("{unit} D (removal not ordered by the power or the GM: the judge's choice, as previewed to the GM)")), "{body}");
}

#[test]
fn the_gms_removal_order_replaces_the_preview() {
    let mut g = march_with_austrians_in_archangel();
    to_march_adjustments(&mut g);
    let unit = suggested(&g);
    let other = if unit == "A MOS" { "A WAR" } else { "A MOS" };
    // the master orders for Russia: past the number owed, the latest counts (njudge)
    let (r, _) = g.send(GM, &format!("SIGNON Mdemo gmpass\nRussia: REMOVE {unit}\nRussia: REMOVE {other}"));
    assert!(r.contains(&format!("{unit} D: accepted")), "{r}");
    assert!(r.contains(&format!("{other} D: accepted. It takes the place of {unit} D: more were given than are due, and the latest count")), "{r}");
    // a line without a power is not the master's order
    let (r, _) = g.send(GM, &format!("SIGNON Mdemo gmpass\nREMOVE {unit}"));
    assert!(r.contains("you are signed on as the master: name the power before the order"), "{r}");
    // the deadline: Russia's removal is in, so no second preview
    let d = g.row().deadline.unwrap();
    g.w.set_time(d + 60);
    let (_, sent) = g.w.step();
    assert!(!sent.iter().any(|s| s.subject == "Removals to choose in game demo"), "{:#?}", sent.iter().map(|s| (&s.to, &s.subject)).collect::<Vec<_>>());
    let d = g.row().grace_until.unwrap();
    g.w.set_time(d + 60);
    g.w.step();
    assert!(!has(&g, "RUSSIA", other), "the GM's removal");
    assert!(has(&g, "RUSSIA", &unit), "not the preview's");
}

#[test]
fn the_first_move_is_processed_early_once_every_order_for_the_chosen_units_is_in() {
    let mut g = started();
    g.send(&addr(ITALY), &format!("{}\nSET START A ROM\nA ROM - APU\nF NAP H\nA VEN H", signon(ITALY)));
    g.send(&addr(RUSSIA), &format!("{}\nSET START A SEV\nA SEV H\nF STP H\nA WAR H\nA MOS H\nA SIB H", signon(RUSSIA)));
    let others: [(usize, &str); 7] = [
        (AUSTRIA, "A BUD H\nA VIE H\nA CLU H\nF SPL H"),
        (1, "F EDI H\nF LON H\nF LVP H"),
        (FRANCE, "F BRE H\nA MAR H\nA PAR H"),
        (3, "F KIE H\nA BER H\nA MUN H\nA DRE H"),
        (6, "A MAD H\nF CAD H\nF VAL H"),
        (SWEDEN, "A STO H\nF GOT H\nF OSL H"),
        (8, "F SIN H\nA CON H\nA SMY H"),
    ];
    let v = variant();
    for (i, orders) in others {
        assert_eq!(position(&g).phase, v.start, "not processed before the last orders");
        let (r, _) = g.send(&addr(i), &format!("{}\n{orders}", signon(i)));
        assert!(!r.contains("Error"), "{r}");
    }
    // Italy's and Russia's orders for the chosen armies count as complete
    assert_eq!(position(&g).phase, v.calendar.parse("FEB1885M").unwrap(), "processed once every order was in");
    assert!(has(&g, "ITALY", "A APU") && has(&g, "RUSSIA", "A SEV") && has(&g, "RUSSIA", "F STP"));
}

#[test]
fn set_preference_sw_in_1885_is_spain_then_sweden() {
    let mut g = crate::common::game::Game::empty();
    g.send(GM, "CREATE ?demo gmpass 1885");
    let (r, _) = g.send("p1@example.test", "SIGNON ?demo pw-one\nSET PREFERENCE SW");
    let r = crate::common::game::flat(&r);
    assert!(r.contains("Spain") && r.contains("Sweden") && r.find("Spain") < r.find("Sweden"), "{r}");
    let row = crate::common::db::game(g.w.db(), "demo");
    assert_eq!(row.players.iter().find(|p| p.email == "p1@example.test").and_then(|p| p.preference.clone()).as_deref(), Some("SW"));
}
