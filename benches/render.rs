//! Benchmarks: map pictures. SVG and PNG of the standard map with a full
//! spring's orders drawn (the targets: an SVG under 20 ms, a PNG under
//! 15 ms), and of the 1885 map.
//!
//! The PNG's size in bytes is printed before the timings. `*_png` draws
//! the picture again, its pieces kept from the last time (a map redrawn
//! with nothing changed but its caption costs about the same: a thousand
//! games' deadlines); `*_png_first` draws it as the first picture of its
//! map since the judge started (no piece kept); `standard_png_next_phase`
//! draws the spring's results after the board before them (the pieces that
//! changed: every unit that moved, the orders, the caption, the legend's
//! counts); `standard_png_again` is the same picture asked for again (kept
//! whole by `render::png`).
//!
//! `cargo bench --bench render`.

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use mailjudge::adjudicate::{self, Position};
use mailjudge::map::{PowerId, Variant};
use mailjudge::render::{self, Scene};
use std::hint::black_box;

/// The opening and every unit's usual first move, adjudicated.
fn spring(v: &Variant) -> (Position, Vec<render::Drawn>) {
    // the board after the moves, the orders drawn over it
    let pos = Position::initial(v);
    let orders = [
        (0, "A VIE - GAL"),
        (0, "A BUD - SER"),
        (0, "F TRI - ALB"),
        (1, "F LON - NTH"),
        (1, "F EDI - NWG"),
        (1, "A LVP - YOR"),
        (2, "A PAR - BUR"),
        (2, "A MAR S A PAR - BUR"),
        (2, "F BRE - MAO"),
        (3, "A MUN - BUR"),
        (3, "A BER - KIE"),
        (3, "F KIE - DEN"),
        (4, "A VEN - TYR"),
        (4, "A ROM - APU"),
        (4, "F NAP - ION"),
        (5, "A WAR - GAL"),
        (5, "A MOS - UKR"),
        (5, "F SEV - BLA"),
        (5, "F STP/SC - BOT"),
        (6, "F ANK - BLA"),
        (6, "A CON - BUL"),
        (6, "A SMY - ARM"),
    ];
    let parsed: Vec<(PowerId, mailjudge::order::Order)> =
        orders.iter().map(|(p, t)| (*p, mailjudge::parse::parse_order(v, t, Some(pos.phase.kind)).unwrap())).collect();
    let out = adjudicate::process(v, &mailjudge::rules::Rulebook::for_variant(v), &pos, &parsed);
    (out.position, render::drawn(&out.results))
}

fn bench(c: &mut Criterion) {
    let v = Variant::standard();
    let (pos, drawn) = spring(&v);
    let scene = Scene::results(&pos, mailjudge::phase::PhaseKind::Movement, &drawn, &[], "Game demo: Spring 1901 movement");
    let svg = render::svg(&v, &scene);
    // the bytes beside the time: a results mail carries this PNG (base64: 4/3 of it)
    for (name, svg) in [
        ("standard", &svg),
        (
            "1885",
            &render::svg(&Variant::builtin("1885").unwrap(), &Scene::board(&Position::initial(&Variant::builtin("1885").unwrap()), "Game davis: January 1885")),
        ),
    ] {
        let png = render::png(svg).unwrap();
        println!("render/{name}_png: {} bytes of PNG ({} bytes of SVG)", png.len(), svg.len());
    }
    let mut g = c.benchmark_group("render");
    g.bench_function("standard_svg", |b| b.iter(|| render::svg(&v, black_box(&scene))));
    g.bench_function("standard_png", |b| b.iter(|| render::draw_png(black_box(&svg)).unwrap()));
    g.bench_function("standard_png_again", |b| b.iter(|| render::png(black_box(&svg)).unwrap()));
    let before = render::svg(&v, &Scene::board(&Position::initial(&v), "Game demo: Spring 1901 movement"));
    g.bench_function("standard_png_next_phase", |b| {
        b.iter_batched(
            || {
                render::forget_pieces();
                render::draw_png(&before).unwrap();
            },
            |()| render::draw_png(black_box(&svg)).unwrap(),
            BatchSize::PerIteration,
        )
    });
    g.bench_function("standard_png_first", |b| b.iter_batched(render::forget_pieces, |()| render::draw_png(black_box(&svg)).unwrap(), BatchSize::PerIteration));
    let v85 = Variant::builtin("1885").unwrap();
    let pos85 = Position::initial(&v85);
    let scene85 = Scene::board(&pos85, "Game davis: January 1885");
    let svg85 = render::svg(&v85, &scene85);
    g.bench_function("1885_svg", |b| b.iter(|| render::svg(&v85, black_box(&scene85))));
    g.bench_function("1885_png", |b| b.iter(|| render::draw_png(black_box(&svg85)).unwrap()));
    g.bench_function("1885_png_first", |b| b.iter_batched(render::forget_pieces, |()| render::draw_png(black_box(&svg85)).unwrap(), BatchSize::PerIteration));
    g.finish();
}

criterion_group! { name = benches; config = Criterion::default().sample_size(20); targets = bench }
criterion_main!(benches);
