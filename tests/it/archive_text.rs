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

/// A year by mail: a bounce, a dislodgement and its retreat, a convoy, a
/// build.
fn played() -> (Game, GameRecord) {
    let mut g = Game::started();
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR\nA MAR-GAS");
    g.send("p4@example.test", "SIGNON Gdemo pw-four\nA MUN-RUH\nA BER-MUN");
    g.send("p2@example.test", "SIGNON Edemo pw-two\nF LON-NTH\nF EDI-NWG\nA LVP-YOR");
    g.send("p5@example.test", "SIGNON Idemo pw-five\nA VEN-TYR");
    g.send("p6@example.test", "SIGNON Rdemo pw-six\nF STP/SC-BOT");
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    g.send("p4@example.test", "SIGNON Gdemo pw-four\nA RUH-BUR\nA MUN S A RUH-BUR");
    g.send("p2@example.test", "SIGNON Edemo pw-two\nF NTH C A YOR-NWY\nA YOR-NWY");
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA BUR H");
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    assert_eq!(g.phase(&Variant::standard()), "F1901R", "the French army in Burgundy was dislodged");
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA BUR R PIC");
    assert_eq!(g.phase(&Variant::standard()), "W1901A");
    g.send("p2@example.test", "SIGNON Edemo pw-two\nBUILD F LON");
    assert_eq!(g.phase(&Variant::standard()), "S1902M");
    let rec = GameRecord::load(&g.w.daemon.judge.conn, &g.loaded()).unwrap();
    (g, rec)
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
        "England: Builds a fleet in London.",
        "The next phase of 'demo' will be Movement for Spring of 1902.",
    ] {
        assert!(text.lines().any(|l| l.starts_with(line)), "no line `{line}` in\n{text}");
    }
    assert!(text.contains("France: Army Burgundy HOLD.  (*dislodged*)"), "{text}");
    let (phases, differences) = replayed(&v, &text);
    assert_eq!(phases, rec.phases.len(), "every processed phase is replayed");
    assert!(differences.is_empty(), "{differences:?}\n{text}");
    assert!(!text.contains("Diplomacy press"), "no press while the game runs");
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
    assert!(s.iter().any(|(_, o)| o == "A MAR H"), "{s:?}");
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
