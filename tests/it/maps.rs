//! Maps by mail and from the console: every results mail carries the phase's
//! map (the PNG; the SVG too for a player who SET MAP SVG) except to a player
//! who SET NO MAP; MAP game [phase]
//! answers with one (at most MAX_MAPS_PER_MAIL a mail); `mailjudge game map`
//! writes one to a file.

use crate::common;
use common::game::{GM, Game};
use common::*;

const FRANCE: &str = "SIGNON Fdemo pw-three";
const MASTER: &str = "SIGNON Mdemo gmpass";

fn png_size(data: &[u8]) -> (u32, u32) {
    let img = resvg::tiny_skia::Pixmap::decode_png(data).expect("a PNG");
    (img.width(), img.height())
}

#[test]
fn results_mails_carry_the_phase_map_unless_a_player_sets_no_map() {
    let mut g = Game::started();
    g.send("p2@example.test", "SIGNON Edemo pw-two\nSET NO MAP");
    let (r, _) = g.send("p3@example.test", &format!("{FRANCE}\nSET MAP SVG\nA PAR-BUR\nA MAR-BUR"));
    assert!(r.contains("MAP SVG set"), "{r}");
    let (_, sent) = g.send(GM, &format!("{MASTER}\nPROCESS!"));
    let results: Vec<&Sent> = sent.iter().filter(|s| s.subject == "Game demo: Spring 1901 movement results").collect();
    assert_eq!(results.len(), 9, "7 players, the master, the list");
    for r in &results {
        if r.to == "p2@example.test" {
            assert!(r.files.iter().all(|f| f.1.starts_with("text/calendar")), "England asked for no map");
            continue;
        }
        // a light mail: the PNG alone (at most 250 KB with the report), and
        // the SVG besides for who asked for it (its base64 on top)
        let size = std::fs::metadata(g.w.dir.path().join("outbox/new").join(&r.file)).unwrap().len();
        let svg = r.files.iter().filter(|f| f.1 == "image/svg+xml").map(|f| f.2.len().div_ceil(3) * 4 + f.2.len() / 38).sum::<usize>();
        assert!(size as usize <= 250_000 + svg, "to {}: {size} bytes ({svg} of them the SVG)", r.to);
        // the next deadline's calendar event first (tests/it/calendar.rs), then the maps
        assert_eq!((r.files[0].0.as_str(), r.files[0].1.as_str()), ("demo-F1901M.ics", "text/calendar; method=PUBLISH"), "to {}", r.to);
        let names: Vec<(&str, &str)> = r.files[1..].iter().map(|(n, t, _)| (n.as_str(), t.as_str())).collect();
        if r.to != "p3@example.test" {
            assert_eq!(names, vec![("demo-S1901M.png", "image/png")], "to {}", r.to);
            continue;
        }
        assert_eq!(names, vec![("demo-S1901M.png", "image/png"), ("demo-S1901M.svg", "image/svg+xml")], "to {}", r.to);
        let (w, h) = png_size(&r.files[1].2);
        assert!(w > 1000 && h > 700, "{w}x{h}");
        let svg = String::from_utf8(r.files[2].2.clone()).unwrap();
        // France's two moves to Burgundy bounced... off each other: both drawn, dashed
        assert_eq!(svg.matches(r#"<g class="move failed">"#).count(), 2, "{}", r.to);
        assert!(svg.contains("Game demo: Spring 1901 movement"));
    }
    // the map is stored once for all of them (2), as is each deadline's
    // event (the start notices' and the results')
    assert_eq!(db::files(g.w.db()).len() as i64, 4);
    // a player forwards the results mail, SVG and all, with orders above it: read, not refused as too large
    let fwd = results.iter().find(|r| r.to == "p3@example.test").unwrap();
    let raw = std::fs::read(g.w.dir.path().join("outbox/new").join(&fwd.file)).unwrap();
    let mut mail = b"From: p3@example.test\r\nTo: judge@example.test\r\nSubject: Fwd: results\r\nMessage-ID: <fwd@example.test>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nSIGNON Fdemo pw-three\r\nA PAR H\r\n--b\r\nContent-Type: message/rfc822\r\n\r\n".to_vec();
    mail.extend_from_slice(&raw);
    mail.extend_from_slice(b"\r\n--b--\r\n");
    g.w.deliver_bytes("fwd", &mail);
    let (_, sent) = g.w.step();
    let r = reply(&sent, "<fwd@example.test>");
    assert!(!r.body.contains("larger than") && r.body.contains("accepted"), "{}", r.body);
}

#[test]
fn map_by_mail_for_the_board_now_and_for_a_processed_phase() {
    let mut g = Game::started();
    g.send("p3@example.test", &format!("{FRANCE}\nA PAR-PIC"));
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    // an address that is not in the game gets no pictures
    let (r, sent) = g.send("outsider@example.test", "MAP demo");
    assert!(r.contains("Maps of game demo are mailed only to its master, its players and its observers"), "{r}");
    assert!(sent.iter().all(|s| s.files.is_empty()));
    // a player (under a +tag of the address too) and the master may ask: the
    // board now, and Spring 1901 with its orders
    let (_, sent) = g.send(GM, "MAP demo");
    assert_eq!(sent.iter().map(|s| s.files.len()).sum::<usize>(), 1, "the master's map, as PNG");
    let (_, sent) = g.send("elsewhere@example.test", &format!("{FRANCE}\nMAP demo"));
    assert_eq!(sent.iter().filter(|s| s.to == "elsewhere@example.test").map(|s| s.files.len()).sum::<usize>(), 1, "a player signed on from another address");
    // who asked for the SVG gets it too
    g.send("p2@example.test", "SIGNON Edemo pw-two\nSET MAP SVG");
    let id = g.drop_mail("p2+maps@example.test", "MAP demo\nMAP demo S1901M\nMAP demo S1901");
    let (_, sent) = g.w.step();
    let r = reply(&sent, &id);
    assert!(r.body.contains("The map of game demo, F1901M, is attached"), "{}", r.body);
    assert!(r.body.contains("The map of game demo, S1901M, is attached"), "{}", r.body);
    assert_eq!(r.files.len(), 6);
    let now = String::from_utf8(r.files[1].2.clone()).unwrap();
    let spring = String::from_utf8(r.files[3].2.clone()).unwrap();
    assert_eq!(r.files[1].0, "demo-F1901M.svg");
    assert_eq!(r.files[3].0, "demo-S1901M.svg");
    assert!(!now.contains(r#"<g class="move"#), "the board now has no orders drawn");
    assert!(now.contains(r#"<g class="unit army france" data-loc="PIC">"#));
    assert!(spring.contains(r#"<g class="move">"#), "Spring 1901's move drawn");
    assert!(spring.contains(r#"<g class="unit army france" data-loc="PIC">"#), "the board after the move");
    assert!(!spring.contains(r#"<g class="unit army france" data-loc="PAR">"#), "not the board before it");
    // a phase the game has not had
    let (r, _) = g.send("p2@example.test", "MAP demo F1905M");
    assert!(r.contains("Game demo has no processed phase F1905M"), "{r}");
    // at the cap, then past it
    let cap = mailjudge::command::info::MAX_MAPS_PER_MAIL;
    let id = g.drop_mail("p2@example.test", &vec!["MAP demo"; cap + 1].join("\n"));
    let (_, sent) = g.w.step();
    let r = reply(&sent, &id);
    assert_eq!(r.files.len(), 2 * cap);
    assert!(r.body.contains(&format!("A mail may ask for at most {cap} maps")), "{}", r.body);
    // a forming game has no board
    let mut f = Game::empty();
    f.send(GM, "CREATE ?later gmpass standard");
    let (r, _) = f.send(GM, "MAP later");
    assert!(r.contains("Game later has not started"), "{r}");
}

#[test]
fn the_console_writes_a_map_to_a_file() {
    let mut g = Game::started();
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    let cfg = g.w.dir.path().join("console.toml");
    std::fs::write(&cfg, config_text(g.w.dir.path(), 1000)).unwrap();
    for (name, phase) in [("s.svg", Some("S1901M")), ("now.png", None)] {
        let out = g.w.dir.path().join(name);
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_mailjudge"));
        cmd.args(["game", "--config"]).arg(&cfg).args(["map", "demo"]);
        if let Some(p) = phase {
            cmd.arg(p);
        }
        let run = cmd.arg("-o").arg(&out).output().unwrap();
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        let data = std::fs::read(&out).unwrap();
        if name.ends_with(".svg") {
            assert!(String::from_utf8(data).unwrap().starts_with("<svg"));
        } else {
            assert!(png_size(&data).0 > 1000);
        }
    }
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_mailjudge"))
        .args(["game", "--config"])
        .arg(&cfg)
        .args(["map", "demo", "F1999M", "-o"])
        .arg(g.w.dir.path().join("x.png"))
        .output()
        .unwrap();
    assert!(!run.status.success());
}

fn boom(line: &str) {
    if line.trim() == "BOOM" {
        panic!("injected failure after a MAP");
    }
}

#[test]
fn a_failed_mails_maps_go_nowhere() {
    let mut g = Game::started();
    g.send(GM, "SIGNON Mdemo gmpass\nPROCESS!");
    g.w.daemon.judge.ctx.hooks.before_command = Some(boom);
    // the MAP's files are made, then the mail fails: rolled back with it;
    // the next mail's MAP makes files anew (the same row ids) for itself
    let failed = g.drop_mail("p2@example.test", "MAP demo\nBOOM");
    let next = g.drop_mail("p3@example.test", "MAP demo S1901M");
    let listing = g.drop_mail("third@example.test", "LIST demo");
    let (_, sent) = g.w.step();
    let apology = reply(&sent, &failed);
    assert!(apology.body.contains("internal error") || !apology.body.is_empty());
    assert!(apology.files.is_empty(), "the apology carries no map: {:?}", apology.files.iter().map(|f| &f.0).collect::<Vec<_>>());
    assert_eq!(reply(&sent, &next).files.len(), 1, "the next mail's own map");
    assert!(reply(&sent, &listing).files.is_empty(), "a LIST carries none");
}
