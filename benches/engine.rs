//! Benchmarks: movement phases adjudicated (a fixed mid-game position and a
//! stream of random ones), order lines parsed, map load.
//!
//! `cargo bench --bench engine`; medians are in target/criterion/*/new/estimates.json.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mailjudge::adjudicate::movement;
use mailjudge::map::{PowerId, Unit, Variant};
use mailjudge::order::Order;
use mailjudge::parse::{parse_line, parse_order};
use mailjudge::random::movement_phase;
use mailjudge::rules::Rulebook;
use std::hint::black_box;

/// A mid-game position of 30 units with supports, a convoy and contested spaces.
pub fn midgame(v: &Variant) -> (Vec<Unit>, Vec<(PowerId, Order)>) {
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

fn bench(c: &mut Criterion) {
    let v = Variant::standard();
    let rules = Rulebook::default();

    let (units, orders) = midgame(&v);
    assert_eq!(units.len(), 30);
    let mut g = c.benchmark_group("movement");
    g.throughput(Throughput::Elements(1));
    g.bench_function("midgame_30_units", |b| b.iter(|| movement::adjudicate(&v, &rules, black_box(&units), black_box(&orders))));
    let stream: Vec<_> = (0..1000u64).map(|s| movement_phase(&v, s, 10 + (s as usize % 25))).collect();
    let mut i = 0;
    g.bench_function("random_stream", |b| {
        b.iter(|| {
            let (u, o) = &stream[i % stream.len()];
            i += 1;
            movement::adjudicate(&v, &rules, black_box(u), black_box(o))
        })
    });
    g.finish();

    let lines: Vec<&str> = vec![
        "A PAR - BUR",
        "F NTH C A LON - BEL",
        "A Sil S RUSSIAN A War-Pru",
        "F StP/sc - Bot",
        "A Liv-York",
        "F MAO - Spain (north coast)",
        "A Mun Holds",
        "a gal-bud",
        "F Nrg - NAt",
        "A Ser S Turkish A Bul-Rum",
        "F West-MAt",
        "army paris moves to burgundy",
        "F Tyn-GoL",
        "A Ruhr S Hol-Bel",
        "F Con - Bul/ec",
        "A Lon - Bel via convoy",
    ];
    let mut g = c.benchmark_group("parse");
    g.throughput(Throughput::Elements(lines.len() as u64));
    g.bench_function(BenchmarkId::new("order_lines", lines.len()), |b| {
        b.iter(|| {
            for l in &lines {
                black_box(parse_order(&v, black_box(l), None).ok());
            }
        })
    });
    g.finish();

    c.bench_function("map_load_standard", |b| b.iter(Variant::standard));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(60).measurement_time(std::time::Duration::from_secs(4)).warm_up_time(std::time::Duration::from_secs(1));
    targets = bench
}
criterion_main!(benches);
