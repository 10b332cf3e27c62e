//! Benchmarks: a 20-year game (random moves, the defaults for retreats and
//! adjustments) read from the store and exported as MILA JSON, as text and
//! as the HTML site; and the saved game read back and re-adjudicated.
//!
//! `cargo bench --bench archive`.

use criterion::{Criterion, criterion_group, criterion_main};
use mailjudge::adjudicate::{self, Position};
use mailjudge::archive::{GameRecord, html, mila, text};
use mailjudge::contract::position_to_json;
use mailjudge::map::{Loc, PowerId, UnitType, Variant};
use mailjudge::order::{Order, UnitSpec};
use mailjudge::phase::PhaseKind;
use mailjudge::random::Rng;
use mailjudge::store::phases::{PhaseRow, insert};
use std::hint::black_box;

/// Plays 20 years into a fresh store: each unit moves to a random neighbour
/// or holds. Returns the store and the game.
fn twenty_years(v: &Variant) -> (rusqlite::Connection, mailjudge::game::Game) {
    let conn = mailjudge::store::open_memory().unwrap();
    conn.execute(
        "INSERT INTO games (id, name, variant, status, master_hash, master_email, settings, created, seq) VALUES (1, 'bench', 'standard', 'finished', 'h', 'gm@example.test', ?1, 0, 1)",
        [serde_json::json!({"press": "white", "partial": true, "nmr": true, "movement": "next 48 hours", "retreat": "next 24 hours", "adjustment": "next 24 hours", "grace_secs": 0, "reminder_secs": 0, "assignment": "random"}).to_string()],
    )
    .unwrap();
    let rules = mailjudge::rules::Rulebook::for_variant(v);
    let mut rng = Rng::new(20);
    let mut pos = Position::initial(v);
    let mut seq = 1;
    while pos.phase.year < v.start.year + 20 {
        let orders: Vec<(PowerId, Order)> = if pos.phase.kind == PhaseKind::Movement {
            pos.units
                .iter()
                .map(|u| {
                    let dests: Vec<Loc> = match u.kind {
                        UnitType::Army => v.army_neighbours(u.loc.prov).iter().map(|&p| Loc { prov: p, coast: Default::default() }).collect(),
                        UnitType::Fleet => v.fleet_neighbours(u.loc).to_vec(),
                    };
                    let spec = UnitSpec::new(Some(u.kind), u.loc);
                    match rng.pick(&dests) {
                        Some(d) if rng.below(3) > 0 => (u.power, Order::Move { unit: spec, dest: *d, via: false }),
                        _ => (u.power, Order::Hold(spec)),
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        let out = adjudicate::process(v, &rules, &pos, &orders);
        let results: Vec<serde_json::Value> = out
            .results
            .iter()
            .map(|r| serde_json::json!({"power": v.powers[r.power as usize].name, "order": r.order.canonical(v), "result": r.result.label(), "note": null, "defaulted": r.defaulted}))
            .collect();
        let name = v.calendar.name(pos.phase);
        insert(
            &conn,
            &PhaseRow {
                game_id: 1,
                seq,
                phase: &name,
                position: &position_to_json(v, &pos).to_string(),
                results: &serde_json::Value::Array(results).to_string(),
                report: &format!("Game bench: {name} results\n"),
                processed: seq,
            },
        )
        .unwrap();
        seq += 1;
        pos = out.position;
        if out.next_phase.is_none() {
            break;
        }
    }
    conn.execute("UPDATE games SET position = ?1, seq = ?2", rusqlite::params![position_to_json(v, &pos).to_string(), seq]).unwrap();
    let game = mailjudge::game::load(&conn, &mut mailjudge::variants::Catalog::default(), 1).unwrap();
    (conn, game)
}

fn bench(c: &mut Criterion) {
    let v = Variant::standard();
    let (conn, game) = twenty_years(&v);
    let rec = GameRecord::load(&conn, &game).unwrap();
    eprintln!("the game: {} phases", rec.phases.len());
    let saved = serde_json::to_string(&mila::to_mila(&v, &rec)).unwrap();
    let rules = mila::recorded_rules(&v, &[("civil_disorder".into(), "2023".into())]).unwrap();
    let report = mila::replay(&v, &rules, &mila::read(&v, &saved).unwrap());
    assert!(report.differences.is_empty(), "{:?}", report.differences.first());
    let mut g = c.benchmark_group("archive");
    g.sample_size(10);
    g.bench_function("load_20_years", |b| b.iter(|| GameRecord::load(&conn, black_box(&game)).unwrap()));
    g.bench_function("export_mila_20_years", |b| b.iter(|| serde_json::to_string(&mila::to_mila(&v, black_box(&rec))).unwrap()));
    g.bench_function("export_text_20_years", |b| b.iter(|| text::to_text(&v, black_box(&rec))));
    g.bench_function("export_html_20_years", |b| b.iter(|| html::site(&v, black_box(&rec), true)));
    g.bench_function("import_replay_20_years", |b| b.iter(|| mila::replay(&v, &rules, &mila::read(&v, black_box(&saved)).unwrap())));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
