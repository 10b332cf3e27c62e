//! The JSON contract's speed: 20,000 standard phases (three movement phases
//! to one retreat and one adjustment phase, from `mailjudge::contract::sample`)
//! through `Adjudicator::run_jsonl`, the loop `adjudicate --jsonl` runs:
//! each line read, adjudicated, its outcome formatted and written to a sink.
//! Reports µs a phase end to end and the engine's share (the same phases'
//! positions and orders, read beforehand, through `adjudicate::process`).
//!
//! `cargo bench --bench contract` (own timing loop: best and median of 7 runs).
//!
//! `cargo bench --bench contract -- once` runs the loop once, untimed, for
//! instruction counts (a shared machine's timings move by several per cent;
//! counts do not):
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='*run_jsonl*' --callgrind-out-file=/tmp/contract.cg target/release/deps/contract-* once
//! ```
//!
//! The total ("Collected") over 20,000 is the instructions a phase takes.
//!
//! Figures (best of 7, a 2-core machine shared with other builds):
//! `Value` formatter 33.2 µs a phase; typed serde outcome 21.3 µs; flat case
//! lists, per-variant code tables, canonical order fast path and the outcome
//! written from the tables 11.24 µs, then 9.89-10.24 µs (98.6k instructions
//! a phase); the case read by hand (`contract/case/fast.rs`), counts in one
//! pass and civil disorder's distances kept (docs/ARCHITECTURE.md, "The
//! contract's speed") 8.55-8.61 µs, median 8.61-8.74 µs, with the engine
//! alone 2.81-2.94 µs (76.8k instructions a phase), measured back to back
//! with the version before; a second such run, at a busier moment, 9.01-9.06
//! µs against 10.26-10.35 µs.

use mailjudge::adjudicate::{self, Position};
use mailjudge::contract::{Adjudicator, position_from_json, sample};
use mailjudge::map::{PowerId, Variant};
use mailjudge::order::Order;
use mailjudge::parse::parse_order;
use mailjudge::rules::Rulebook;
use std::hint::black_box;
use std::time::{Duration, Instant};

const PHASES: usize = 20_000;
const RUNS: usize = 7;

fn main() {
    let v = Variant::standard();
    let lines = sample::cases(&v, 1, PHASES);
    let input = lines.join("\n").into_bytes();
    if std::env::args().any(|a| a == "once") {
        Adjudicator::new(None, None, vec![]).run_jsonl(&input[..], std::io::sink()).expect("runs");
        return;
    }

    let mut check = Vec::new();
    Adjudicator::new(None, None, vec![]).run_jsonl(&input[..], &mut check).expect("runs");
    let outcomes = String::from_utf8(check).expect("UTF-8");
    let errors = outcomes.lines().filter(|l| l.starts_with("{\"error\"")).count();
    assert_eq!(outcomes.lines().count(), PHASES, "one outcome a case");
    println!("{PHASES} phases ({} bytes of cases, {} of outcomes, {errors} input errors)", input.len(), outcomes.len());

    let end_to_end = timed(|| {
        let mut adj = Adjudicator::new(None, None, vec![]);
        adj.run_jsonl(black_box(&input[..]), std::io::sink()).expect("runs");
    });

    let rules = Rulebook::for_variant(&v);
    let phases: Vec<(Position, Vec<(PowerId, Order)>)> = lines.iter().filter_map(|l| engine_input(&v, l)).collect();
    let engine = timed(|| {
        for (pos, orders) in &phases {
            black_box(adjudicate::process(&v, &rules, black_box(pos), black_box(orders)));
        }
    });

    let per = |d: Duration, n: usize| d.as_secs_f64() * 1e6 / n as f64;
    let (e2e_best, e2e_median) = (per(end_to_end.0, PHASES), per(end_to_end.1, PHASES));
    let (eng_best, eng_median) = (per(engine.0, phases.len()), per(engine.1, phases.len()));
    println!("contract/jsonl end to end: {e2e_best:.2} µs a phase (best of {RUNS}), median {e2e_median:.2} µs");
    println!("engine alone (adjudicate::process): {eng_best:.2} µs a phase (best), median {eng_median:.2} µs");
    println!("engine share of end to end: {:.0}% (best against best)", 100.0 * eng_best / e2e_best);
}

/// The phase's position and orders as the engine takes them, read once.
fn engine_input(v: &Variant, line: &str) -> Option<(Position, Vec<(PowerId, Order)>)> {
    let value: serde_json::Value = serde_json::from_str(line).ok()?;
    let pos = position_from_json(v, &value).ok()?;
    let mut orders = Vec::new();
    for (p, list) in value["orders"].as_object()? {
        let pw = v.power_by_name(p)?;
        for text in list.as_array()? {
            if let Ok(o) = parse_order(v, text.as_str()?, Some(pos.phase.kind)) {
                orders.push((pw, o));
            }
        }
    }
    Some((pos, orders))
}

/// Best and median wall time of [`RUNS`] runs of `f`, after one warm-up.
fn timed(mut f: impl FnMut()) -> (Duration, Duration) {
    f();
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    (times[0], times[RUNS / 2])
}
