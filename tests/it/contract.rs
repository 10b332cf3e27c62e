//! The typed contract path (`Adjudicator::run_jsonl`, what `adjudicate
//! --jsonl` runs) against the `serde_json::Value` formatter it replaced, kept
//! here as it was (`old_outcome`): byte for byte the same lines over random
//! movement, retreat and adjustment phases of the three built-in maps. Then
//! the loop's streaming (a real child process answers each line before the
//! next is sent) and its limits (line length at and past `MAX_LINE`, absurd
//! nesting, bytes that are not UTF-8).

use mailjudge::adjudicate::{self, Outcome, Position};
use mailjudge::contract::{Adjudicator, MAX_LINE, position_from_json, position_to_json, sample};
use mailjudge::map::{PowerId, Variant};
use mailjudge::order::Order;
use mailjudge::parse::parse_order;
use mailjudge::rules::Rulebook;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The outcome line as the contract wrote it before the typed rewrite
/// (`contract.rs` at 37a2236: `run_case` and `outcome_json`).
fn old_line(v: &Variant, line: &str) -> String {
    let case: Value = serde_json::from_str(line).unwrap();
    let pos = match position_from_json(v, &case) {
        Ok(p) => p,
        Err(e) => return json!({ "error": e.to_string() }).to_string(),
    };
    let mut orders: Vec<(PowerId, Order)> = Vec::new();
    let mut unreadable: Vec<(PowerId, String, String)> = Vec::new();
    for (p, list) in case["orders"].as_object().unwrap() {
        let pw = v.power_by_name(p).unwrap();
        for text in list.as_array().unwrap() {
            let text = text.as_str().unwrap();
            match parse_order(v, text, Some(pos.phase.kind)) {
                Ok(o) => orders.push((pw, o)),
                Err(e) => unreadable.push((pw, text.trim().to_string(), e.message)),
            }
        }
    }
    let out = adjudicate::process(v, &Rulebook::for_variant(v), &pos, &orders);
    old_outcome(v, &out, &unreadable).to_string()
}

#[derive(serde::Serialize)]
struct ResultRow {
    order: String,
    result: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

fn old_outcome(v: &Variant, out: &Outcome, unreadable: &[(PowerId, String, String)]) -> Value {
    let mut results: BTreeMap<String, Vec<ResultRow>> = BTreeMap::new();
    for r in &out.results {
        results.entry(v.powers[r.power as usize].name.clone()).or_default().push(ResultRow {
            order: r.order.canonical(v),
            result: r.result.label(),
            note: r.note.map(|n| n.text().to_string()),
        });
    }
    for (p, text, msg) in unreadable {
        results.entry(v.powers[*p as usize].name.clone()).or_default().push(ResultRow { order: text.clone(), result: "void", note: Some(msg.clone()) });
    }
    // the board's parts as the judge stores positions (the same code the old
    // formatter called), with the outcome's dislodged units
    let board = position_to_json(v, &Position { dislodged: out.dislodged.clone(), ..out.position.clone() });
    let mut o = Map::new();
    o.insert("phase".into(), json!(v.calendar.name(out.phase)));
    o.insert("results".into(), serde_json::to_value(results).unwrap());
    o.insert("units".into(), board["units"].clone());
    o.insert("retreats".into(), board["retreats"].clone());
    o.insert("centers".into(), board["centers"].clone());
    o.insert("next_phase".into(), out.next_phase.map(|p| json!(v.calendar.name(p))).unwrap_or(Value::Null));
    if let Some(w) = out.winner() {
        o.insert("winner".into(), json!(v.powers[w as usize].name));
    }
    if board["dislodged_by"].as_object().is_some_and(|m| !m.is_empty()) {
        o.insert("dislodged_by".into(), board["dislodged_by"].clone());
    }
    if let Some(owners) = board.get("owners") {
        o.insert("owners".into(), owners.clone());
    }
    Value::Object(o)
}

fn jsonl(input: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    Adjudicator::new(None, None, vec![]).run_jsonl(input, &mut out).unwrap();
    String::from_utf8(out).unwrap().lines().map(str::to_string).collect()
}

fn same_as_before(variant: &str, seed: u64, n: usize) {
    let v = Variant::builtin(variant).unwrap();
    let cases = sample::cases(&v, seed, n);
    let got = jsonl(cases.join("\n").as_bytes());
    assert_eq!(got.len(), n, "one outcome a case");
    let mut kinds = BTreeMap::new();
    for (case, new) in cases.iter().zip(&got) {
        assert_eq!(*new, old_line(&v, case), "{variant}: the outcome of {case} changed");
        let phase: Value = serde_json::from_str(new).unwrap();
        *kinds.entry(phase["phase"].as_str().map(|p| p.chars().last().unwrap()).unwrap_or('!')).or_insert(0) += 1;
    }
    // real outcomes of all three kinds of phase, few input errors
    for k in ['M', 'R', 'A'] {
        assert!(kinds.get(&k).copied().unwrap_or(0) >= n / 10, "{variant}: too few {k} phases: {kinds:?}");
    }
    assert!(kinds.get(&'!').copied().unwrap_or(0) <= n / 20, "{variant}: too many input errors: {kinds:?}");
}

#[test]
fn same_outcomes_as_the_value_formatter_standard() {
    same_as_before("standard", 11, 3000);
}

#[test]
fn same_outcomes_as_the_value_formatter_original1958() {
    same_as_before("original1958", 12, 2000);
}

#[test]
fn same_outcomes_as_the_value_formatter_1885() {
    same_as_before("1885", 13, 2000);
}

/// A real case, padded with spaces after its JSON to `len` bytes.
fn padded_case(len: usize) -> String {
    let mut case = json!({"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": ["A PAR - BUR"]}}).to_string();
    case.extend(std::iter::repeat_n(' ', len - case.len()));
    case
}

#[test]
fn a_line_of_max_line_bytes_is_a_case_one_byte_more_is_an_error() {
    let at = padded_case(MAX_LINE);
    let past = padded_case(MAX_LINE + 1);
    let small = padded_case(200);
    let got = jsonl(format!("{at}\n{past}\n{small}\r\n{past}").as_bytes());
    assert_eq!(got.len(), 4);
    let first: Value = serde_json::from_str(&got[0]).unwrap();
    assert_eq!(first["units"], json!({"FRANCE": ["A BUR"]}));
    let too_long = json!({ "error": format!("line longer than {MAX_LINE} bytes") }).to_string();
    assert_eq!(got[1], too_long);
    assert_eq!(got[2], got[0], "the line after a skipped one is read whole");
    assert_eq!(got[3], too_long, "an over-long last line without newline");
}

#[test]
fn absurd_nesting_and_bad_bytes_are_input_errors_and_the_batch_goes_on() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let mut input = deep.into_bytes();
    input.extend_from_slice(b"\n{\"variant\": \"standard\", \"phase\": \"S1901M\", \"units\": {\"FRANCE\": [\"A \xff\"]}}\n\n");
    input.extend_from_slice(padded_case(200).as_bytes());
    let got = jsonl(&input);
    assert_eq!(got.len(), 3, "{got:?}");
    let deep: Value = serde_json::from_str(&got[0]).unwrap();
    // the typed case refuses the array at its first element (no recursion)
    assert!(deep["error"].as_str().unwrap().starts_with("bad JSON case: "), "{deep}");
    assert_eq!(got[1], json!({"error": "unreadable input: stream did not contain valid UTF-8"}).to_string());
    assert!(got[2].contains("\"A BUR\""), "{}", got[2]);
}

#[test]
fn a_piped_jsonl_process_answers_each_line_before_the_next() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mailjudge"))
        .args(["adjudicate", "--jsonl", "--variant", "standard"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let dests = ["BUR", "PIC", "GAS"];
    for d in dests {
        let case = json!({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": [format!("A PAR - {d}")]}});
        writeln!(stdin, "{case}").unwrap();
        stdin.flush().unwrap();
        // the process is still running with its input open: the answer
        // arrives only if it was flushed for this line
        let answer = rx.recv_timeout(Duration::from_secs(60)).expect("an answer before the next line is sent");
        let outcome: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(outcome["units"], json!({"FRANCE": [format!("A {d}")]}));
    }
    writeln!(stdin, "not json").unwrap();
    let answer = rx.recv_timeout(Duration::from_secs(60)).unwrap();
    assert!(answer.starts_with("{\"error\":\"bad JSON case"), "{answer}");
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
    assert!(rx.try_recv().is_err(), "nothing more than one line a case");
}
