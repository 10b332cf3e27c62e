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

use mailjudge::adjudicate::movement;
use mailjudge::map::{PowerId, Unit, Variant};
use mailjudge::order::Order;
use mailjudge::parse::parse_line;
use mailjudge::random::movement_phase;
use mailjudge::rules::Rulebook;
use std::hint::black_box;

fn midgame(v: &Variant) -> (Vec<Unit>, Vec<(PowerId, Order)>) {
    let board: &[(&str, &[&str])] = &[
        ("ENGLAND", &["F NTH", "F NWG", "A NWY", "F ENG", "A LON", "F BAR"]),
        ("FRANCE", &["A BUR", "A PIC", "F MAO", "A SPA", "F BRE"]),
        ("GERMANY", &["A MUN", "A RUH", "F HOL", "A BEL", "F DEN"]),
        ("RUSSIA", &["A STP", "F SWE", "A WAR", "A UKR"]),
        ("AUSTRIA", &["A VIE", "A GAL", "A SER"]),
        ("ITALY", &["A VEN", "F ION", "A TUN"]),
        ("TURKEY", &["A BUL", "F BLA", "A ARM", "F AEG"]),
    ];
    let orders: &[(&str, &str)] = &[
        ("ENGLAND", "F NTH C A LON - BEL, A LON - BEL, F ENG S A LON - BEL, A NWY - STP, F BAR S A NWY - STP, F NWG H"),
        ("FRANCE", "A BUR - BEL, A PIC S A BUR - BEL, F MAO - ENG, F BRE S F MAO - ENG, A SPA H"),
        ("GERMANY", "A MUN - BUR, A RUH S A MUN - BUR, F HOL S A BEL, A BEL H, F DEN - SWE"),
        ("RUSSIA", "A STP H, F SWE S A STP, A WAR - GAL, A UKR S A WAR - GAL"),
        ("AUSTRIA", "A VIE S A GAL, A GAL H, A SER - BUL"),
        ("ITALY", "A VEN - TRI, F ION C A TUN - GRE, A TUN - GRE"),
        ("TURKEY", "A BUL S A SER - GRE, F BLA - RUM, A ARM - SEV, F AEG S A TUN - GRE"),
    ];
    let mut units = Vec::new();
    for (p, list) in board {
        let pw = v.power_by_name(p).unwrap();
        for u in *list {
            units.push(v.parse_unit(pw, u).unwrap());
        }
    }
    let mut list = Vec::new();
    for (p, line) in orders {
        let pw = v.power_by_name(p).unwrap();
        for o in parse_line(v, line, None) {
            list.push((pw, o.unwrap()));
        }
    }
    (units, list)
}

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
                black_box(movement::adjudicate(&v, &rules, black_box(&units), black_box(&orders)));
            }
        }
        _ => {
            for i in 0..count {
                let (u, o) = &stream[i % stream.len()];
                black_box(movement::adjudicate(&v, &rules, black_box(u), black_box(o)));
            }
        }
    }
}
