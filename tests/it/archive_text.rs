//! The classic judge's text archive both ways: a game played by mail
//! written in njudge's results layout (the form jDip's judge import reads)
//! and read back, re-adjudicated phase by phase with no difference; files
//! in the forms jDip's import code shows (tests/data/judge_text); a changed
//! result reported in its phase alone; the reader's refusals and limits.

use crate::common;
use common::game::{GM, Game};
use mailjudge::archive::judge_text::{read, write};
use mailjudge::archive::{ArchiveError, GameRecord, mila};
use mailjudge::map::Variant;
use mailjudge::phase::PhaseKind;
use std::path::{Path, PathBuf};

const MASTER: &str = "SIGNON Mdemo gmpass";

/// A year by mail (`common::year`), Russia's fleet moving to the Gulf of
/// Bothnia in the spring too (a coast to write).
fn played() -> (Game, GameRecord) {
    common::year::played_year(&[("p6@example.test", "SIGNON Rdemo pw-six\nF STP/SC-BOT")])
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/judge_text").join(name)
}

/// Every difference of a replay of `text`: boards and results.
fn replayed(v: &Variant, text: &str) -> (usize, Vec<mila::Difference>) {
    let jt = read::read(v, text).unwrap_or_else(|e| panic!("{e}"));
    let rules = mila::recorded_rules(v, &[]).unwrap();
    let mut report = mila::replay(v, &rules, &jt.saved);
    read::compare_results(v, &rules, &jt.saved, &jt.results, &mut report.differences);
    (report.phases, report.differences)
}

#[test]
fn a_game_by_mail_exports_in_njudge_layout_and_replays_without_a_difference() {
    let (_g, rec) = played();
    let v = Variant::standard();
    let text = write::to_njudge(&v, &rec);
    for line in [
        ":: Judge: MAILJUDGE  Game: demo  Variant: standard",
        "The following players are signed up for game 'demo':",
        "Starting position for Spring of 1901.",
        "Subject: Diplomacy results demo S1901M ",
        "Movement results for Spring of 1901.  (demo.001)",
        "France: Army Paris -> Burgundy.",
        "Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia.",
        "England: Fleet North Sea CONVOY Army Yorkshire -> Norway.",
        "Germany: Army Munich SUPPORT Army Ruhr -> Burgundy.",
        "The following units were dislodged:",
        "Retreat results for Fall of 1901.",
        "Ownership of supply centers:",
        "Adjustment results for Winter of 1901.",
        "England:                  Builds a fleet in London.",
        "The next phase of 'demo' will be Movement for Spring of 1902.",
    ] {
        assert!(text.lines().any(|l| l.starts_with(line)), "no line `{line}` in\n{text}");
    }
    assert!(text.contains("France: Army Burgundy HOLD.  (*dislodged*)"), "{text}");
    assert!(text.contains("France:                   Army Burgundy -> Picardy."), "{text}");
    // a unit left unordered, as njudge writes it; read back as the default it was
    assert!(text.contains("Austria: Army Vienna, No Order Processed.\n"), "{text}");
    assert!(!text.contains("Army Vienna HOLD"), "{text}");
    let jt = read::read(&v, &text).unwrap();
    let vienna = jt.results[0].iter().find(|r| r.text == "A VIE H").expect("Vienna's line");
    assert!(vienna.defaulted);
    assert!(!jt.saved.phases[0].orders.iter().any(|(_, o)| o == "A VIE H"), "a default is no order given");
    assert!(jt.saved.phases[0].orders.iter().any(|(_, o)| o == "A PAR - BUR"));
    let (phases, differences) = replayed(&v, &text);
    assert_eq!(phases, rec.phases.len(), "every processed phase is replayed");
    assert!(differences.is_empty(), "{differences:?}\n{text}");
    assert!(!text.contains("Diplomacy press"), "no press while the game runs");
}

/// A retreat left unordered: njudge's `, No Order Processed (DISBAND)`,
/// read back as the default it was.
#[test]
fn an_unordered_retreat_is_written_as_njudge_writes_it() {
    let v = Variant::standard();
    let mut g = Game::started();
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    g.send("p4@example.test", "SIGNON Gdemo pw-four\nA MUN-RUH\nA BER-MUN");
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    g.send("p4@example.test", "SIGNON Gdemo pw-four\nA RUH-BUR\nA MUN S A RUH-BUR");
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    assert_eq!(g.phase(&v), "F1901R");
    // France orders no retreat: the army disbands by default
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    let rec = GameRecord::load(&g.w.daemon.judge.conn, &g.loaded()).unwrap();
    let text = write::to_njudge(&v, &rec);
    assert!(text.contains("France:                   Army Burgundy, No Order Processed (DISBAND).\n"), "{text}");
    let jt = read::read(&v, &text).unwrap();
    let burgundy = jt.results[2].iter().find(|r| r.text == "A BUR D").expect("the retreat's line");
    assert!(burgundy.defaulted);
    assert!(jt.saved.phases[2].orders.is_empty(), "no retreat was ordered: {:?}", jt.saved.phases[2].orders);
    let (_, differences) = replayed(&v, &text);
    assert!(differences.is_empty(), "{differences:?}");
}

#[test]
fn a_changed_result_is_reported_in_its_phase_alone() {
    let (_g, rec) = played();
    let v = Variant::standard();
    let text = write::to_njudge(&v, &rec);
    let line = "France: Army Paris -> Burgundy.";
    assert!(text.contains(&format!("{line}\n")), "{text}");
    let doctored = text.replacen(&format!("{line}\n"), &format!("{line}  (*bounce*)\n"), 1);
    let (_, differences) = replayed(&v, &doctored);
    let phases: Vec<&str> = differences.iter().map(|d| d.phase.as_str()).collect();
    assert_eq!(phases, ["S1901M"], "{differences:?}");
    let what = differences[0].what.join("\n");
    assert!(what.contains("results: ours only [FRANCE A PAR - BUR ok]; recorded only [FRANCE A PAR - BUR bounce]"), "{what}");
    // the next board is the units F1901M lists, so the boards agree: the
    // result alone differs
    assert_eq!(differences[0].what.len(), 1, "{what}");
}

#[test]
fn press_is_written_once_the_game_is_over_in_the_order_sent() {
    let (mut g, _) = played();
    g.as_power('F', "PRESS TO E\nHello England.\nENDPRESS\nBROADCAST\nHello all.\nENDPRESS");
    g.as_master("TERMINATE");
    let rec = GameRecord::load(&g.w.daemon.judge.conn, &g.loaded()).unwrap();
    let v = Variant::standard();
    let text = write::to_njudge(&v, &rec);
    let first = text.find("> Hello England.").expect("the private message, the game being over");
    let second = text.find("> Hello all.").expect("the broadcast");
    assert!(first < second, "in the order sent");
    let last_turn = text.rfind("Subject: Diplomacy results").unwrap();
    assert!(last_turn < first, "press after every turn");
    assert!(text.contains("Message from France to England:") && text.contains("Broadcast message from France:"));
    let (_, differences) = replayed(&v, &text);
    assert!(differences.is_empty(), "{differences:?}");
}

#[test]
fn an_observers_broadcast_and_press_to_the_master_are_named_as_njudge_names_them() {
    let (mut g, _) = played();
    let obs = "watcher@example.test";
    let (_, sent) = g.send(obs, "OBSERVE demo");
    let c = sent.iter().find(|s| s.to == obs && s.subject == "Confirm: observe game demo").expect("a confirmation");
    let line = c.body.lines().find(|l| l.trim_start().starts_with("OBSERVE demo ")).unwrap().trim().to_string();
    g.send(obs, &line);
    let code = line.split_whitespace().nth(2).unwrap().to_string();
    let (r, _) = g.send(obs, &format!("SIGNON Odemo {code}\nBROADCAST\nFrom the gallery.\nENDPRESS"));
    assert!(!r.contains("refused"), "{r}");
    g.as_power('F', "PRESS TO M\nA word for the master.\nENDPRESS");
    g.as_master("PRESS TO E\nFrom the chair.\nENDPRESS");
    g.as_master("TERMINATE");
    let rec = GameRecord::load(&g.w.daemon.judge.conn, &g.loaded()).unwrap();
    let v = Variant::standard();
    let text = write::to_njudge(&v, &rec);
    let around = |needle: &str| {
        let at = text.find(needle).unwrap_or_else(|| panic!("{needle}: {text}"));
        // the press mail's own lines: from its Date: line to the text
        let begin = text[..at].rfind("Date: ").unwrap_or(0);
        text[begin..at].to_string()
    };
    assert!(around("> From the gallery.").contains("Broadcast message from Observer:"), "{text}");
    assert!(around("> A word for the master.").contains("Message from France to Master:"), "{text}");
    assert!(around("> From the chair.").contains("Message from Master to England:"), "{text}");
    assert!(!text.contains("the Master") && !text.contains(" to :"), "{text}");
}

#[test]
fn an_original1958_game_round_trips() {
    let mut g = Game::started_variant("original1958", "");
    let v = g.loaded().variant.clone();
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    let rec = GameRecord::load(&g.w.daemon.judge.conn, &g.loaded()).unwrap();
    assert!(rec.phases.len() >= 2);
    let text = write::to_njudge(&v, &rec);
    assert!(text.contains("Variant: original1958"));
    let (_, differences) = replayed(&v, &text);
    assert!(differences.is_empty(), "{differences:?}\n{text}");
}

#[test]
fn a_file_in_the_forms_jdip_reads_imports_and_agrees() {
    let v = Variant::standard();
    let text = std::fs::read_to_string(data("jdip_forms.txt")).unwrap();
    assert!(read::sniff(&text));
    assert_eq!(read::variant_of(&text), "standard");
    let jt = read::read(&v, &text).unwrap();
    assert_eq!(jt.game, "jdipforms");
    let names: Vec<&str> = jt.saved.phases.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["S1901M", "F1901M", "W1901A", "S1902M"]);
    // the wrapped support, the unordered unit, the builds and the waive
    let s = &jt.saved.phases[0].orders;
    assert!(s.iter().any(|(_, o)| o == "A MUN S A BER - KIE"), "{s:?}");
    // the unordered unit is the judge's default, no order given, as it was
    assert!(!s.iter().any(|(_, o)| o == "A MAR H"), "{s:?}");
    assert!(jt.results[0].iter().any(|r| r.text == "A MAR H" && r.defaulted));
    let w: Vec<&str> = jt.saved.phases[2].orders.iter().map(|(_, o)| o.as_str()).collect();
    assert_eq!(w.len(), 10, "nine builds and a waive; the pending build orders nothing: {w:?}");
    assert!(w.contains(&"B F STP/NC") || w.iter().any(|o| o.contains("STP/NC")), "{w:?}");
    // the ownership block with St. Petersburg over two lines
    let owners = &jt.saved.phases[2].position;
    let stp = v.prov_by_code("STP").unwrap();
    assert_eq!(owners.centers[stp as usize], v.power_by_name("RUSSIA"));
    assert_eq!(owners.centers[v.prov_by_code("GRE").unwrap() as usize], None);
    assert_eq!(jt.saved.phases[3].position.units.len(), 22 + 9);
    let (phases, differences) = replayed(&v, &text);
    assert_eq!(phases, 3);
    assert!(differences.is_empty(), "{differences:?}");
}

#[test]
fn a_recorded_bounce_that_was_not_is_reported_from_the_jdip_forms_file() {
    let v = Variant::standard();
    let text = std::fs::read_to_string(data("jdip_forms.txt")).unwrap();
    let doctored = text.replacen("Russia: Army Ukraine -> Rumania.", "Russia: Army Ukraine -> Rumania.  (*bounce*)", 1);
    let (_, differences) = replayed(&v, &doctored);
    let phases: Vec<&str> = differences.iter().map(|d| d.phase.as_str()).collect();
    assert_eq!(phases[0], "F1901M", "{differences:?}");
    assert!(differences[0].what.iter().any(|w| w.contains("RUSSIA A UKR - RUM bounce")), "{differences:?}");
}

#[test]
fn unknown_provinces_and_powers_are_refused_with_their_line() {
    let v = Variant::standard();
    let text = std::fs::read_to_string(data("jdip_forms.txt")).unwrap();
    let bad_prov = text.replacen("Turkey: Army Smyrna -> Armenia.", "Turkey: Army Smyrna -> Atlantis.", 1);
    let e = read::read(&v, &bad_prov).err().expect("refused").to_string();
    let n = bad_prov.lines().position(|l| l.contains("Atlantis")).unwrap() + 1;
    assert!(e.contains(&format!("line {n} `Turkey: Army Smyrna -> Atlantis.`")), "{e}");
    let bad_power = text.replacen("Italy: Army Venice HOLD.", "Lemuria: Army Venice HOLD.", 1);
    let e = read::read(&v, &bad_power).err().expect("refused").to_string();
    assert!(e.contains("`Lemuria: Army Venice HOLD.`: unknown power"), "{e}");
    let bad_start = text.replacen("Turkey: Army  Smyrna.", "Turkey: Army  Atlantis.", 1);
    assert!(read::read(&v, &bad_start).err().expect("refused").to_string().contains("Atlantis"));
    assert_eq!(jt_kind(&v, &text), PhaseKind::Movement);
}

fn jt_kind(v: &Variant, text: &str) -> PhaseKind {
    read::read(v, text).unwrap().saved.phases[0].position.phase.kind
}

#[test]
fn the_reader_limits_hold_at_and_past_them() {
    let v = Variant::standard();
    let head = ":: Judge: X  Game: big  Variant: standard\n\n";
    let turns = |n: usize| {
        let mut t = head.to_string();
        for _ in 0..n {
            t.push_str("Date: Mon, 1 Jan 2001 00:00:00 +0000\nSubject: Diplomacy press big S1901M\n\n> hello\n\n");
        }
        t
    };
    assert!(read::read(&v, &turns(read::MAX_PHASES)).is_ok());
    assert!(matches!(read::read(&v, &turns(read::MAX_PHASES + 1)), Err(ArchiveError::TooManyPhases(n, m)) if n == m + 1));
    let mut at = head.to_string();
    at.push_str(&" ".repeat(read::MAX_BYTES - head.len()));
    assert!(read::read(&v, &at).is_ok());
    at.push(' ');
    assert!(matches!(read::read(&v, &at), Err(ArchiveError::TooLarge(..))));
}

#[test]
fn import_reads_the_layout_from_the_command_line() {
    let (_g, rec) = played();
    let v = Variant::standard();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("demo.txt");
    std::fs::write(&file, write::to_njudge(&v, &rec)).unwrap();
    let bin = env!("CARGO_BIN_EXE_mailjudge");
    let ok = std::process::Command::new(bin).arg("import").arg(&file).output().unwrap();
    assert_eq!(ok.status.code(), Some(0), "{}", String::from_utf8_lossy(&ok.stderr));
    assert!(String::from_utf8_lossy(&ok.stdout).contains("every outcome agrees"));
    let doctored = write::to_njudge(&v, &rec).replacen("France: Army Paris -> Burgundy.\n", "France: Army Paris -> Burgundy.  (*bounce*)\n", 1);
    std::fs::write(&file, doctored).unwrap();
    let bad = std::process::Command::new(bin).arg("import").arg(&file).output().unwrap();
    assert_eq!(bad.status.code(), Some(1));
    let out = String::from_utf8_lossy(&bad.stdout);
    assert!(out.contains("S1901M differs:") && !out.contains("F1901M differs:"), "{out}");
}

/// Each order line of `text` and its parse as `read` parses it, by turn.
fn orders_of(v: &Variant, text: &str) -> Vec<(String, Vec<String>)> {
    let jt = read::read(v, text).unwrap_or_else(|e| panic!("{e}"));
    jt.saved
        .phases
        .iter()
        .zip(&jt.results)
        .map(|(p, r)| (p.name.clone(), r.iter().map(|x| format!("{} {}", v.powers[x.power as usize].name, x.text)).collect()))
        .collect()
}

#[test]
fn an_njudge_history_in_njudges_own_layout_imports_and_agrees() {
    // written by hand in the layout of njudge's own results (its column
    // padding, `(*bounce, dislodged*)`, the owner before a foreign unit,
    // the convoy route, `No Order Processed (DISBAND)`, the adjustment
    // counts, the older `Adjustment orders for`), no starting position
    let v = Variant::standard();
    let text = std::fs::read_to_string(data("njudge_layout.txt")).unwrap();
    assert!(read::sniff(&text));
    assert_eq!(read::variant_of(&text), "standard");
    let jt = read::read(&v, &text).unwrap();
    assert_eq!(jt.game, "classic");
    let names: Vec<&str> = jt.saved.phases.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M"]);
    let counts: Vec<usize> = jt.results.iter().map(Vec::len).collect();
    assert_eq!(counts, [22, 22, 1, 11], "every order line read, the waive among the builds");
    let fall = &orders_of(&v, &text)[1].1;
    for o in ["FRANCE A PIC S A RUH - BEL", "ENGLAND A YOR - NWY", "AUSTRIA A SER H", "RUSSIA F SEV S A UKR - RUM"] {
        assert!(fall.contains(&o.to_string()), "{o} in {fall:?}");
    }
    let trieste = jt.results[1].iter().find(|r| r.text.starts_with("F TRI")).unwrap();
    assert!(trieste.dislodged && trieste.result == mailjudge::adjudicate::ResultKind::Bounce, "bounce, dislodged");
    assert_eq!(jt.results[2][0].text, "F TRI D", "an unordered retreat disbands");
    assert_eq!(jt.saved.phases[4].position.units.len(), 21 + 10);
    let (phases, differences) = replayed(&v, &text);
    assert_eq!(phases, 4);
    assert!(differences.is_empty(), "{differences:?}");
    // a recorded cut that was not is reported, in its phase
    let doctored = text.replacen("-> Rumania. (*cut*)", "-> Rumania.", 1);
    let (_, differences) = replayed(&v, &doctored);
    let phases: Vec<&str> = differences.iter().map(|d| d.phase.as_str()).collect();
    assert_eq!(phases, ["F1901M"], "{differences:?}");
}

#[test]
fn a_single_results_mail_reads_without_date_or_subject_lines() {
    // jDip imports a lone results mail too: the phase is its heading's
    let v = Variant::standard();
    let text = std::fs::read_to_string(data("njudge_layout.txt")).unwrap();
    let start = text.find("Movement results for Fall").unwrap();
    let end = text.find("Date: Wed").unwrap();
    let jt = read::read(&v, &text[start..end]).unwrap();
    assert_eq!(jt.saved.phases.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["F1901M", "F1901R"]);
    assert_eq!(jt.results[0].len(), 22);
    assert_eq!(jt.saved.phases[1].position.dislodged.len(), 1, "the dislodged block read");
}

fn jdip(name: &str) -> String {
    std::fs::read_to_string(data(&format!("jdip/{name}"))).unwrap()
}

#[test]
fn jdips_movement_retreat_and_adjustment_samples_read_but_for_their_deliberate_errors() {
    // an early JudgeOrderParser's test text: four turns of the standard map
    // with four lines its author broke on purpose (a misspelt result,
    // provinces that do not exist, a power that does not)
    let v = Variant::standard();
    let text = jdip("judge_order_parser.txt");
    let broken = [
        "Austria: Army Vienna -> Galicia. (*bounce,  disloged*)",
        "Russia: Fleet Bul (sc) -> NewProvince.",
        "Russia: Fleet Ang/sc (sc) -> NewProvince. (*BOUNCE*)",
        "Kenya:         3 unusable builds pending.",
    ];
    let without = |keep: Option<&str>| text.lines().filter(|l| !broken.contains(l) || Some(*l) == keep).map(|l| format!("{l}\n")).collect::<String>();
    for b in broken {
        let e = read::read(&v, &without(Some(b))).err().unwrap_or_else(|| panic!("`{b}` refused")).to_string();
        assert!(e.contains(b.trim()), "{b}: {e}");
    }
    let e = read::read(&v, &text).err().expect("refused").to_string();
    assert!(e.contains("line 8") && e.contains("disloged"), "the first broken line, by its number: {e}");
    let turns = orders_of(&v, &without(None));
    let names: Vec<&str> = turns.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(&names[..4], ["S1901M", "F1902R", "W1902A", "W1903A"]);
    let counts: Vec<usize> = turns.iter().take(4).map(|(_, o)| o.len()).collect();
    assert_eq!(counts, [6, 3, 9, 10], "{turns:?}");
    assert!(turns[0].1.contains(&"RUSSIA F STP/SC - BOT".to_string()), "{:?}", turns[0].1);
    assert_eq!(turns[1].1, ["FRANCE A BEL R BUR", "RUSSIA A WAR R MOS", "RUSSIA F SWE R BOT"]);
    assert_eq!(&turns[2].1[..4], ["FRANCE F BRE D", "RUSSIA F BOT D", "TURKEY F ARM D", "AUSTRIA F TRI B"]);
    assert!(turns[3].1.iter().any(|o| o == "ENGLAND WAIVE"), "{:?}", turns[3].1);
    let jt = read::read(&v, &without(None)).unwrap();
    let bounced = jt.results[0].iter().filter(|r| r.result == mailjudge::adjudicate::ResultKind::Bounce).count();
    assert_eq!(bounced, 1, "Smyrna's bounce");
}

#[test]
fn jdips_ownership_sample_reads_as_a_listing() {
    // AdjustmentParser's sample: an ownership block (St. Petersburg split
    // over two lines, a line indented by a tab, two powers owning Norway
    // and St. Petersburg: the later one holds them, as in jDip) and the
    // adjustment counts, with no turn
    let v = Variant::standard();
    assert!(read::sniff(&jdip("adjustment_parser.txt")), "an ownership block is njudge's layout");
    let jt = read::read(&v, &jdip("adjustment_parser.txt")).unwrap();
    assert_eq!(jt.saved.phases.len(), 1, "the board alone");
    let c = &jt.saved.phases[0].position.centers;
    let owned = |p: &str| c.iter().filter(|o| **o == v.power_by_name(p)).count();
    let owns: Vec<usize> = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"].iter().map(|p| owned(p)).collect();
    assert_eq!(owns, [2, 3, 6, 5, 5, 7, 4]);
    for (prov, power) in [("STP", "RUSSIA"), ("NWY", "RUSSIA"), ("VIE", "RUSSIA"), ("GRE", "AUSTRIA")] {
        assert_eq!(c[v.prov_by_code(prov).unwrap() as usize], v.power_by_name(power), "{prov}");
    }
}

#[test]
fn jdips_dislodged_sample_reads_its_standard_entries_and_refuses_the_rest() {
    // DislodgedParser's sample: twelve entries, the adjectives numbered
    // (`1Austrian`) and half the places invented; read after a heading
    // (jDip's test hands the block to the parser directly)
    let v = Variant::standard();
    let text = jdip("dislodged_parser.txt");
    let heading = "Movement results for Fall of 1906.\n\n";
    let e = read::read(&v, &format!("{heading}{text}")).err().expect("refused").to_string();
    assert!(e.contains("1Austrian"), "{e}");
    let (orders, block) = text.split_at(text.find("The following").unwrap());
    let entries: Vec<String> = block.lines().skip(2).take_while(|l| !l.is_empty()).fold(Vec::new(), |mut acc, l| {
        if l.starts_with("The ") {
            acc.push(String::new());
        }
        let last = acc.last_mut().unwrap();
        last.push_str(l);
        last.push('\n');
        acc
    });
    assert_eq!(entries.len(), 12);
    let mut read_ok = Vec::new();
    for (k, e) in entries.iter().enumerate() {
        // the numbering taken off the adjective
        let e = e.replacen(&format!("The {}", k + 1), "The ", 1);
        let one = format!("{heading}{orders}The following units were dislodged:\n\n{e}\n");
        if let Ok(jt) = read::read(&v, &one) {
            let d = &jt.saved.phases[1].position.dislodged;
            read_ok.push((k + 1, d[0].options.len()));
        }
    }
    assert_eq!(read_ok, [(1, 0), (2, 4), (3, 0), (4, 4), (7, 2)], "the entries of standard powers and places");
}

#[test]
fn jdips_njudge_order_samples_read_once_their_chaos_powers_are_standard_ones() {
    // NJudgeOrderParser's sample lines are from Chaos (a power a home
    // centre: `2-Spa`, `F-Bul`); this judge has no Chaos, so each is
    // refused by its power; with standard powers in their place the orders
    // read, but a wing and the places the sample invented
    let v = Variant::standard();
    let text = jdip("njudge_order_parser.txt");
    let (adjust, moves) = text.split_once("\n\n").unwrap();
    let e = read::read(&v, &format!("Adjustment results for Winter of 1901.\n\n{adjust}")).err().expect("refused").to_string();
    assert!(e.contains("2-Spa") && e.contains("unknown power"), "{e}");
    let standard = |t: &str| {
        let mut t = t.to_string();
        for (tag, power) in [
            ("2-Spa", "France"),
            ("F-Bul", "Turkey"),
            ("H-Den", "Germany"),
            ("A-Ank", "Turkey"),
            ("1-Smy", "Turkey"),
            ("N-Lvp", "England"),
            ("T-Nap", "Italy"),
            ("B-Bel", "Germany"),
            ("K-Hol", "German"),
            ("Q-Mar", "French"),
            ("W-Por", "Russian"),
        ] {
            t = t.replace(tag, power);
        }
        t
    };
    let mut refused = Vec::new();
    let mut read_lines = Vec::new();
    for (head, lines) in [("Adjustment results for Winter of 1901.", adjust), ("Movement results for Spring of 1901.", moves)] {
        for l in lines.lines() {
            match read::read(&v, &format!("{head}\n\n{}\n", standard(l))) {
                Ok(jt) => read_lines.push(jt.results[0].iter().map(|r| r.text.clone()).collect::<Vec<_>>().join("")),
                Err(_) => refused.push(l),
            }
        }
    }
    assert_eq!(
        refused,
        [
            "F-Bul:     Defaults, removing the army in Siberia.",
            "2-Spa:     Removes the wing over the St. Petersberg.",
            "F-Bul:   \t Builds a wing in Sevastopol."
        ]
    );
    assert_eq!(read_lines.len(), 11 + 10);
    for o in ["F SPA/SC B", "F BLA D", "WAIVE", "A CON - GRE", "A BEL S A HOL", "F SPA/SC S F POR - MAO", "F MAO C A BRE - SPA"] {
        assert!(read_lines.iter().any(|x| x.contains(o)), "{o} in {read_lines:?}");
    }
    assert_eq!(read_lines.iter().filter(|x| x.is_empty()).count(), 6, "the six pending and unusable counts order nothing");
}

#[test]
fn jdips_position_sample_is_refused_by_its_first_power() {
    // PositionParser's sample is from a variant of Argentina, Brazil and Oz
    // that this judge does not have: the block is found (a unit line with no
    // blank after the colon) and its first line refused, named
    let v = Variant::standard();
    let e = read::read(&v, &jdip("position_parser.txt")).err().expect("refused").to_string();
    assert!(e.contains("line 7 `Argentina:Army  Santa Cruz.`: unknown power"), "{e}");
    // the same block with standard powers and places reads as jDip's test
    // reads it: nine units, in spring 1901
    let ours = jdip("position_parser.txt")
        .replace("Argentina:Army  Santa Cruz.", "Austria:Army  Vienna.")
        .replace("Argentina:Fleet Buenos Aires.", "Austria:Fleet Trieste.")
        .replace("Argentina:Fleet Chile.", "Austria:Fleet Albania.")
        .replace("Brazil:  Army  Brasilia.", "England: Army  London.")
        .replace("Brazil:  Army  Rio de Janeiro.", "England: Army  Wales.")
        .replace("Brazil:  Fleet Recife.", "England: Fleet North Sea.")
        .replace("Oz:      Fleet New South Wales.", "Turkey:  Fleet Black Sea.")
        .replace("Oz:      Fleet Victoria.", "Turkey:  Fleet Aegean Sea.")
        .replace("Oz:      Fleet Western Australia.", "Turkey:  Fleet Ankara.");
    let jt = read::read(&v, &ours).unwrap();
    assert_eq!(jt.saved.phases[0].name, "S1901M");
    assert_eq!(jt.saved.phases[0].position.units.len(), 9);
}

/// Where `text` breaks a pattern of jDip's judge import (`dip.judge.parser`
/// and `NJudgeOrderParser`, rgo/jDip), each as a line: the `::` line, every
/// `date:` in a line's first ten columns followed by a `Subject:` line
/// (else `TurnParser` fails), a results subject's ` S1901M `, the order
/// lines after each heading (`Power: ` first, an order word, results jDip
/// knows), adjustment lines its two patterns take, ownership lines long
/// enough not to end the block, dislodged entries, starting units with no
/// full stop inside, the next-phase line.
pub(crate) fn jdip_breaks(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut bad = Vec::new();
    let low = |l: &str| l.to_ascii_lowercase();
    let colons = lines.iter().any(|l| {
        let x = low(l);
        let (j, g, v) = (x.find("judge"), x.find("game"), x.find("variant"));
        l.contains("::") && j.is_some() && j < g && g < v
    });
    if !colons {
        bad.push("no `:: Judge: Game: Variant:` line".to_string());
    }
    let power_word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    let prefix = |l: &str| l.trim_start().split_once(':').is_some_and(|(p, rest)| power_word(p) && rest.starts_with(char::is_whitespace));
    let known = ["bounce", "cut", "no convoy", "dislodged", "destroyed", "void"];
    let mut kind = None;
    for (i, l) in lines.iter().enumerate() {
        let x = low(l);
        if x.find("date:").is_some_and(|p| p < 10) && !lines.get(i + 1).is_some_and(|n| low(n).contains("subject:")) {
            bad.push(format!("`{l}`: a date: line without a Subject: line after it"));
        }
        // ` S1901M ` (or, as older njudges wrote, at the end of the line)
        let code =
            |w: &str| w.len() == 6 && w.starts_with(char::is_alphabetic) && w.ends_with(char::is_alphabetic) && w[1..5].chars().all(|c| c.is_ascii_digit());
        if x.starts_with("subject:") && x.contains("results") && !l.split_whitespace().skip(1).any(code) {
            bad.push(format!("`{l}`: no ` S1901M ` in the subject"));
        }
        let t = l.trim();
        if ["movement results for", "retreat results for", "adjustment results for", "adjustment orders for"].iter().any(|h| low(t).starts_with(h)) {
            kind = Some(low(t).split(' ').next().unwrap_or("").to_string());
            continue;
        }
        let Some(k) = kind.as_deref() else { continue };
        if t.len() <= 10 {
            continue;
        }
        if !prefix(l) {
            kind = None;
            continue;
        }
        let (_, rest) = t.split_once(':').unwrap();
        if k == "adjustment" {
            let r = low(rest);
            let order = ["remove", "build", "default"].iter().any(|w| r.contains(w))
                && ["army", "fleet"].iter().any(|w| r.contains(w))
                && (r.contains(" in ") || r.contains(" over "));
            let waive = rest.len() - rest.trim_start().len() >= 2 && r.contains("build") && (r.contains("waived") || r.contains("pending"));
            if !order && !waive {
                bad.push(format!("`{l}`: an adjustment jDip's patterns do not take"));
            }
            continue;
        }
        let (order, results) = rest.split_once("(*").map_or((rest, ""), |(o, r)| (o, r.trim_end().trim_end_matches("*)")));
        // jDip takes the line's full stop off, then looks for an order word
        if !order.trim().trim_end_matches('.').split_whitespace().any(|w| ["HOLD", "->", "SUPPORT", "CONVOY", "DISBAND", "No"].contains(&w)) {
            bad.push(format!("`{l}`: no order word"));
        }
        for r in results.split(',').filter(|r| !r.trim().is_empty()) {
            if !known.contains(&r.trim()) {
                bad.push(format!("`{l}`: jDip does not know `{}`", r.trim()));
            }
        }
    }
    let block = |head: &str| {
        lines.iter().position(|l| l.starts_with(head)).map(|h| lines[h + 2..].iter().take_while(|l| !l.trim().is_empty()).copied().collect::<Vec<_>>())
    };
    for own in lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("Ownership of supply centers:"))
        .map(|(h, _)| lines[h + 2..].iter().take_while(|l| !l.trim().is_empty()))
    {
        for l in own.filter(|l| l.len() <= 10) {
            bad.push(format!("`{l}`: short enough to end jDip's ownership block"));
        }
    }
    if let Some(entries) = block("The following units were dislodged:") {
        for e in entries.join(" ").split("The ").filter(|e| !e.trim().is_empty()) {
            if !(e.contains(" can retreat to ") || e.contains(" with no valid retreats")) || !e.trim_end().ends_with('.') {
                bad.push(format!("`The {e}`: not a dislodged entry jDip reads"));
            }
        }
    }
    if let Some(units) = block("Starting position for") {
        for u in units.iter().filter(|u| u.len() > 10) {
            let (p, rest) = u.split_once(':').unwrap_or(("", ""));
            if !power_word(p) || rest.trim_end_matches('.').contains('.') || !rest.ends_with('.') {
                bad.push(format!("`{u}`: not a starting unit jDip reads"));
            }
        }
    }
    for l in lines.iter().filter(|l| l.starts_with("The next phase of")) {
        let w: Vec<&str> = l.split_whitespace().collect();
        let ok = w.windows(6).any(|w| w[0] == "be" && w[2] == "for" && w[4] == "of" && w[5].trim_end_matches('.').parse::<u32>().is_ok());
        if !ok {
            bad.push(format!("`{l}`: not a next-phase line jDip reads"));
        }
    }
    bad
}

#[test]
fn our_export_takes_every_pattern_of_jdips_import() {
    let (mut g, _) = played();
    g.as_power('F', "PRESS TO E\nDate: tomorrow, then.\nENDPRESS");
    g.as_master("TERMINATE");
    let rec = GameRecord::load(&g.w.daemon.judge.conn, &g.loaded()).unwrap();
    let v = Variant::standard();
    let text = write::to_njudge(&v, &rec);
    assert_eq!(jdip_breaks(&text), Vec::<String>::new(), "{text}");
    assert!(text.contains(">         Date: tomorrow, then."), "the press line pushed right: {text}");
    assert!(text.contains("The game is over."), "jDip's end-of-game mark");
    // the check fails on what jDip would refuse
    for (good, bad) in [
        ("England:                  Builds a fleet in London.", "England: Build waived."),
        ("France: Army Paris -> Burgundy.", "France: Army Paris -> Burgundy.  (*disrupted*)"),
        ("> Date: tomorrow", "Date: tomorrow"),
    ] {
        let good = if good.starts_with('>') { ">         Date: tomorrow, then." } else { good };
        assert!(text.contains(good), "{good}");
        let broken = text.replacen(good, bad, 1);
        assert!(!jdip_breaks(&broken).is_empty(), "`{bad}` taken");
    }
    // and on an njudge history written by hand, and on jDip's forms
    for f in ["njudge_layout.txt", "jdip_forms.txt"] {
        let t = std::fs::read_to_string(data(f)).unwrap();
        assert_eq!(jdip_breaks(&t), Vec::<String>::new(), "{f}");
    }
}

#[test]
fn a_foreign_unit_supported_is_written_after_its_owner_and_read_back() {
    let mut g = Game::started();
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    g.send("p4@example.test", "SIGNON Gdemo pw-four\nA MUN S A PAR-BUR");
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    let rec = GameRecord::load(&g.w.daemon.judge.conn, &g.loaded()).unwrap();
    let v = Variant::standard();
    let text = write::to_njudge(&v, &rec);
    assert!(text.contains("Germany: Army Munich SUPPORT French Army Paris -> Burgundy.\n"), "{text}");
    assert!(text.contains("France: Army Paris -> Burgundy.\n"), "{text}");
    let spring = &orders_of(&v, &text)[0].1;
    assert!(spring.contains(&"GERMANY A MUN S A PAR - BUR".to_string()), "{spring:?}");
    let (_, differences) = replayed(&v, &text);
    assert!(differences.is_empty(), "{differences:?}");
}

#[test]
fn njudges_retreat_and_support_results_read_as_ours() {
    use mailjudge::adjudicate::ResultKind;
    let v = Variant::standard();
    let pad = " ".repeat(18);
    let text = format!(
        "Retreat results for Fall of 1901.  (x.003)\n\nAustria:{pad}Fleet Trieste -> Albania. (*bounce, destroyed*)\nItaly:  {pad}Army Apulia -> Albania. (*bounce, destroyed*)\n\nMovement results for Spring of 1902. (x.005)\n\nItaly: Army Venice SUPPORT Army Rome -> Tuscany. (*no support*)\nItaly: Army Rome -> Apulia.\n"
    );
    let jt = read::read(&v, &text).unwrap();
    let results: Vec<Vec<ResultKind>> = jt.results.iter().map(|t| t.iter().map(|r| r.result).collect()).collect();
    assert_eq!(results, [vec![ResultKind::Disband, ResultKind::Disband], vec![ResultKind::Void, ResultKind::Ok]]);
    assert_eq!(jt.results[0][0].text, "F TRI R ALB");
}

/// Original 1958 in njudge's layout as this judge writes it: moves to board
/// (the move an order line, `, to board` in the block after the orders),
/// boarding without moving (`HOLD AND BOARD`, the partner's power as
/// njudge names another power's unit), then the armies on board listed in
/// the next turn's block; read back to the boarding orders and the pairs,
/// replayed and compared with no difference, within jDip's patterns.
#[test]
fn original_1958_boarding_words_read_back_to_the_boarding_orders_and_pairs() {
    let v = Variant::builtin("original1958").unwrap();
    let text = "\
:: Judge: MAILJUDGE  Game: boats  Variant: original1958

Starting position for Spring of 1914.

England:  Army Wales.
England:  Fleet London.
England:  Fleet North Sea.

France:  Army Yorkshire.

Date: Mon, 1 Jan 2001 00:00:00 +0000
Subject: Diplomacy results boats S1914M 

Movement results for Spring of 1914.  (boats.001)

England: Army Wales -> London.
England: Fleet London HOLD AND BOARD.
England: Fleet North Sea -> Yorkshire.

France: Army Yorkshire HOLD AND BOARD English Fleet.

Moves to board and armies on board:

England: Army Wales -> London, to board.
England: Fleet North Sea -> Yorkshire, to board the French Army.

The next phase of 'boats' will be Movement for Fall of 1914.

Date: Mon, 8 Jan 2001 00:00:00 +0000
Subject: Diplomacy results boats F1914M 

Movement results for Fall of 1914.  (boats.002)

England: Fleet London HOLD.
England: Fleet Yorkshire -> North Sea.

Moves to board and armies on board:

England: Army London, on board.
France: Army Yorkshire, on board.

The next phase of 'boats' will be Adjustments for Winter of 1914.
";
    assert_eq!(jdip_breaks(text), Vec::<String>::new());
    let jt = read::read(&v, text).unwrap();
    let orders: Vec<&str> = jt.saved.phases[0].orders.iter().map(|(_, o)| o.as_str()).collect();
    assert_eq!(orders, ["A WAL - LON B", "F LON B", "F NTH - YOR B FRANCE", "A YOR B ENGLAND"]);
    let units = |k: usize| {
        let mut u: Vec<String> = jt.saved.phases[k].position.units.iter().map(|u| format!("{} {}", v.powers[u.power as usize].name, v.unit_code(u))).collect();
        u.sort();
        u
    };
    assert_eq!(units(1), ["ENGLAND A LON ABOARD", "ENGLAND F LON", "ENGLAND F YOR", "FRANCE A YOR ABOARD"]);
    // the French army sails with its English fleet
    assert_eq!(units(2), ["ENGLAND A LON ABOARD", "ENGLAND F LON", "ENGLAND F NTH", "FRANCE A NTH ABOARD"]);
    let rules = jt.saved.rules(&v, &[]).unwrap();
    let mut differences = mila::replay(&v, &rules, &jt.saved).differences;
    read::compare_results(&v, &rules, &jt.saved, &jt.results, &mut differences);
    assert!(differences.is_empty(), "{differences:?}");
}
