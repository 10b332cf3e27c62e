//! Benchmarks: movement phases adjudicated (a fixed mid-game position and a
//! stream of random ones), order lines parsed, map load.
//!
//! `cargo bench --bench engine`; medians are in target/criterion/*/new/estimates.json.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mailjudge::adjudicate::moves;
use mailjudge::map::Variant;
use mailjudge::parse::parse_order;
use mailjudge::random::{midgame, movement_phase};
use mailjudge::rules::Rulebook;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let v = Variant::standard();
    let rules = Rulebook::default();

    let (units, orders) = midgame(&v);
    assert_eq!(units.len(), 30);
    let mut g = c.benchmark_group("movement");
    g.throughput(Throughput::Elements(1));
    g.bench_function("midgame_30_units", |b| b.iter(|| moves::adjudicate(&v, &rules, black_box(&units), black_box(&orders))));
    let stream: Vec<_> = (0..1000u64).map(|s| movement_phase(&v, s, 10 + (s as usize % 25))).collect();
    let mut i = 0;
    g.bench_function("random_stream", |b| {
        b.iter(|| {
            let (u, o) = &stream[i % stream.len()];
            i += 1;
            moves::adjudicate(&v, &rules, black_box(u), black_box(o))
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
