//! Orders sealed with a receipt (issue 38, docs/RECEIPTS.md): every reply
//! that lists a power's orders carries `Receipt: HEX`, the SHA-256 of the
//! game, phase and power, the orders as listed and the phase's secret nonce,
//! which only the phase's results tell. Checked with `sha256sum` itself.

use crate::common::Sent;
use crate::common::game::Game;
use std::io::Write;
use std::process::{Command, Stdio};

/// What `sha256sum` says of `text`: its hex digest.
fn sha256sum(text: &str) -> String {
    let mut child = Command::new("sha256sum").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("sha256sum runs");
    child.stdin.take().expect("stdin").write_all(text.as_bytes()).expect("written");
    let out = child.wait_with_output().expect("sha256sum ends");
    String::from_utf8(out.stdout).expect("text").split_whitespace().next().expect("a digest").to_string()
}

/// The orders a reply lists (without their indent) and its receipt.
fn listed(reply: &str) -> (Vec<String>, String) {
    let lines: Vec<&str> = reply.lines().map(|l| l.trim_end_matches('\r')).collect();
    let at = lines.iter().position(|l| *l == "Your orders now:").unwrap_or_else(|| panic!("no orders listed: {reply}"));
    let orders: Vec<String> = lines[at + 1..].iter().take_while(|l| l.starts_with("  ")).map(|l| l[2..].to_string()).collect();
    let receipt = lines[at + 1 + orders.len()].strip_prefix("Receipt: ").unwrap_or_else(|| panic!("no receipt after the orders: {reply}"));
    (orders, receipt.to_string())
}

/// France's mail: its reply, as sent (not flattened), and everything sent.
fn as_france(g: &mut Game, orders: &str) -> (String, Vec<Sent>) {
    let (_, sent) = g.as_power('F', orders);
    let reply = sent.iter().find(|s| s.to == "p3@example.test" && s.body.contains("received your mail")).expect("the reply").body.clone();
    (reply, sent)
}

/// The nonce a results mail tells for `power`.
fn nonce(results: &Sent, power: &str) -> String {
    let head = format!("Receipt nonce for {power}: ");
    let line = results.body.lines().find_map(|l| l.trim_end_matches('\r').strip_prefix(&head).map(str::to_string));
    line.unwrap_or_else(|| panic!("no nonce for {power}: {}", results.body))
}

#[test]
fn a_receipt_is_checked_with_sha256sum_once_the_results_tell_the_nonce() {
    let mut g = Game::started();
    let mut mails: Vec<Sent> = Vec::new();
    let (first, sent) = as_france(&mut g, "A PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO");
    mails.extend(sent);
    let (orders, first_receipt) = listed(&first);
    assert_eq!(orders, ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"]);
    assert_eq!(first_receipt.len(), 64);
    assert!(first_receipt.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)), "{first_receipt}");
    // other orders, another receipt; the same orders again, the same receipt
    let (second, sent) = as_france(&mut g, "A MAR - SPA");
    mails.extend(sent);
    let (orders, receipt) = listed(&second);
    assert_ne!(receipt, first_receipt);
    let (again, sent) = as_france(&mut g, "A MAR - SPA");
    mails.extend(sent);
    assert_eq!(listed(&again).1, receipt, "one nonce for the phase");
    // a reply that lists no orders has no receipt
    let (none, _) = g.as_power('A', "LIST");
    assert!(!none.contains("Receipt:"), "{none}");
    // the master's preview tells no nonce
    let (preview, sent) = g.as_master("PREDICT");
    mails.extend(sent);
    assert!(!preview.contains("Receipt nonce"), "{preview}");
    let results = g.pass_deadline();
    let to_france = results.iter().find(|s| s.to == "p3@example.test" && s.body.contains("Spring 1901")).expect("France's results");
    let n = nonce(to_france, "France");
    assert_eq!(n.len(), 32);
    for m in &mails {
        assert!(!m.body.contains(&n), "the nonce told before the results: to {} {}", m.to, m.subject);
    }
    // the check a player makes: the heading, the orders as listed, the nonce
    let text = format!("demo S1901M France\n{}\n{n}", orders.join("\n"));
    assert_eq!(sha256sum(&text), receipt);
    assert_ne!(sha256sum(&format!("demo S1901M France\n{}\n{n}", orders[..2].join("\n"))), receipt, "the check can fail");
    // the orders adjudicated are those acknowledged
    for o in &orders {
        assert!(to_france.body.contains(o.as_str()), "{o} in the results: {}", to_france.body);
    }
    // every power played has its nonce, each its own, in everyone's results
    let to_england = results.iter().find(|s| s.to == "p2@example.test" && s.body.contains("Spring 1901")).expect("England's results");
    let all: Vec<String> = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"].iter().map(|p| nonce(to_england, p)).collect();
    assert_eq!(all[2], n);
    assert!(all.iter().enumerate().all(|(i, a)| all[i + 1..].iter().all(|b| a != b)), "{all:?}");
    // the next phase seals with a new nonce
    let (fall, _) = as_france(&mut g, "A BUR H");
    let (fall_orders, fall_receipt) = listed(&fall);
    assert_ne!(sha256sum(&format!("demo F1901M France\n{}\n{n}", fall_orders.join("\n"))), fall_receipt);
    let results = g.pass_deadline();
    let to_france = results.iter().find(|s| s.to == "p3@example.test" && s.body.contains("Fall 1901")).expect("France's fall results");
    let fall_nonce = nonce(to_france, "France");
    assert_ne!(fall_nonce, n);
    assert_eq!(sha256sum(&format!("demo F1901M France\n{}\n{fall_nonce}", fall_orders.join("\n"))), fall_receipt);
}

/// docs/RECEIPTS.md's worked example: its command, run, gives the hash it
/// shows, the receipt its reply shows, and the judge's own seal agrees.
#[test]
fn the_worked_example_of_docs_receipts_checks_out() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/RECEIPTS.md")).expect("docs/RECEIPTS.md");
    let lines: Vec<&str> = doc.lines().collect();
    let at = lines.iter().position(|l| l.trim_start().starts_with("$ printf")).expect("the example command");
    let command = lines[at].trim_start().trim_start_matches("$ ");
    let shown = lines[at + 1].split_whitespace().next().expect("the hash shown");
    let out = Command::new("bash").arg("-c").arg(command).output().expect("bash runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout).split_whitespace().next(), Some(shown), "{command}");
    let receipt = lines.iter().find_map(|l| l.trim().strip_prefix("Receipt: ")).expect("the example receipt");
    assert_eq!(receipt, shown);
    let orders: Vec<String> = ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"].map(String::from).to_vec();
    let nonce = lines.iter().find_map(|l| l.trim().strip_prefix("Receipt nonce for France: ")).expect("the example nonce");
    assert_eq!(mailjudge::game::receipt::seal("demo", "S1901M", "France", &orders, nonce), shown);
    // the second way, from a file of the reply's lines
    let dir = tempfile::tempdir().expect("a directory");
    std::fs::write(dir.path().join("orders.txt"), orders.iter().map(|o| format!("  {o}\n")).collect::<String>()).expect("written");
    let second = lines.iter().find(|l| l.trim_start().starts_with("$ {")).expect("the file example").trim_start().trim_start_matches("$ ");
    let out = Command::new("bash").arg("-c").arg(second).current_dir(dir.path()).output().expect("bash runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout).split_whitespace().next(), Some(shown), "{second}");
}
