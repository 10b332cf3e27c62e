//! A fixed amount of engine work, for instruction counts under valgrind
//! (timings on a shared 2-core machine move by ±8 %; counts do not):
//!
//! ```text
//! cargo build --release --example engine_instructions
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/engine_instructions midgame 0
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/engine_instructions midgame 2000
//! ```
//!
//! The difference of the two totals ("Collected"), divided by the count, is
//! the instructions one adjudication takes: `midgame` is the 30-unit position
//! of `benches/engine.rs`, `random` the first 1,000 positions of its random
//! stream, each adjudicated `count / 1000` times.

use mailjudge::adjudicate::moves;
use mailjudge::map::Variant;
use mailjudge::random::{midgame, movement_phase};
use mailjudge::rules::Rulebook;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("midgame");
    let count: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1000);
    let v = Variant::standard();
    let rules = Rulebook::default();
    let (units, orders) = midgame(&v);
    let stream: Vec<_> = (0..1000u64).map(|s| movement_phase(&v, s, 10 + (s as usize % 25))).collect();
    match mode {
        "midgame" => {
            for _ in 0..count {
                black_box(moves::adjudicate(&v, &rules, black_box(&units), black_box(&orders)));
            }
        }
        _ => {
            for i in 0..count {
                let (u, o) = &stream[i % stream.len()];
                black_box(moves::adjudicate(&v, &rules, black_box(u), black_box(o)));
            }
        }
    }
}
