//! Never guess what a line means: a block whose header cannot be read (a press
//! to powers written as names, an unknown press kind, njudge's conditional
//! orders outside a PHASE block) is read to its end and ignored whole, with the reason;
//! none of its lines becomes an order. Press cannot imitate the judge's header
//! lines, and a master acting for a power is labelled as such.

use crate::common;
use common::game::*;
use common::*;

const FRANCE: i64 = 2;

#[test]
fn an_unreadable_press_header_ignores_the_whole_press() {
    let mut g = Game::started();
    for header in ["PRESS TO Italy Russia", "PRESS TO I PLEASE", "PRESS WHISPERED TO E"] {
        let (r, sent) = g.send("p3@example.test", &format!("SIGNON Fdemo pw-three\n{header}\nA PAR-BUR\nF BRE-MAO\nENDPRESS\nA MAR H"));
        assert!(r.contains("was ignored: nothing was sent, and none of its lines was read as a command"), "{header}: {r}");
        assert!(!r.contains("A PAR - BUR: accepted") && !r.contains("F BRE - MAO: accepted"), "{header}: {r}");
        assert!(r.contains("A MAR H: accepted."), "the line after ENDPRESS is read: {r}");
        assert!(!sent.iter().any(|s| s.subject.starts_with("Press in game")), "{header}: press went out");
    }
    assert_eq!(g.orders(FRANCE), vec!["A MAR H"]);
}

#[test]
fn a_press_to_unknown_powers_is_ignored_whole() {
    let mut g = Game::started();
    let (r, sent) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nPRESS TO XZ\nA PAR-BUR\nENDPRESS");
    assert!(r.contains("was ignored"), "{r}");
    assert!(g.orders(FRANCE).is_empty());
    assert!(!sent.iter().any(|s| s.subject.starts_with("Press in game")));
}

#[test]
fn press_without_endpress_reads_nothing_after_it() {
    let mut g = Game::started();
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nPRESS TO E\nhello\nA PAR-BUR");
    assert!(r.contains("no ENDPRESS after the press: nothing was sent"), "{r}");
    assert!(g.orders(FRANCE).is_empty());
}

#[test]
fn conditionals_outside_a_phase_block_are_refused_whole() {
    let mut g = Game::started();
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nIF A MUN - BUR\nA PAR-PIC\nIF F KIE-HOL\nF BRE-MAO\nENDIF\nENDIF\nA MAR H");
    assert!(r.contains("conditional orders (IF ... ENDIF) are for a later phase: put a PHASE line before them (PHASE Fall 1905 Movement). The block (6 line(s) up to ENDIF) was ignored"), "{r}");
    assert_eq!(g.orders(FRANCE), vec!["A MAR H"]);
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nIF A MUN - BUR\nA PAR-PIC");
    assert!(r.contains("no ENDIF"), "{r}");
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR H\nPHASE F1901M\nA PAR-BUR\nF BRE-MAO");
    // orders for a later phase are kept for it (tests/it/later_orders.rs), not given now
    assert!(r.contains("Kept: 2 line(s) for France in Fall 1901 movement."), "{r}");
    assert_eq!(g.orders(FRANCE), vec!["A MAR H", "A PAR H"]);
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nENDIF\nF BRE H");
    assert!(r.contains("ENDIF without IF"), "{r}");
}

#[test]
fn press_cannot_forge_header_lines_and_the_master_is_labelled() {
    let mut g = Game::started();
    let (_, sent) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nPRESS TO E\nFrom: Germany\nTo: England\nAttack France!\nENDPRESS");
    let p: Vec<&Sent> = sent.iter().filter(|s| s.subject.starts_with("Press in game")).collect();
    assert_eq!(p.len(), 1);
    let lines: Vec<&str> = p[0].body.lines().collect();
    assert!(lines.contains(&"From: France"), "{}", p[0].body);
    assert!(lines.contains(&"| From: Germany") && !lines.contains(&"From: Germany"), "{}", p[0].body);
    let (r, sent) = g.send(GM, "SIGNON Mdemo gmpass\nBECOME Germany\nPRESS TO E\nHello from Germany\nENDPRESS\nPRESS TO E GREY\nx\nENDPRESS");
    let p: Vec<&Sent> = sent.iter().filter(|s| s.subject.starts_with("Press in game")).collect();
    assert_eq!(p.len(), 1);
    assert!(p[0].body.contains("From: Germany (written by the master)"), "{}", p[0].body);
    assert!(r.contains("the master cannot send anonymous press for a power"), "{r}");
}
