//! Every MILA map checked against the reference engine: seeded random games played by the
//! MILA `diplomacy` package (1.1.2), each phase adjudicated by `mailjudge adjudicate
//! --jsonl` too, outcomes compared (`tools/check_mila_maps.sh`, which runs
//! `tools/mila_differential.py`; MILA's known departures are corrected or excluded, see
//! docs/MILA-DIFFERENTIAL.md). Needs PyPI once (the package goes into target/mila-venv);
//! run by test.sh.

use mailjudge::map::{Loc, Prov, ProvinceKind, UnitType, Variant};
use serde_json::json;
use std::path::Path;

/// Phases compared per map (movements, retreats, adjustments), chosen so that the whole
/// run stays near five minutes on two loaded cores (docs/MILA-DIFFERENTIAL.md, "Figures"):
/// thousands where MILA is quick, fewer where it is slow (`world`'s 17 powers, about 1.5 s a
/// phase with MILA's own play and the check; known_world_901, 0.3 s; modern, where a
/// third of the phases are excluded, 0.05 s). The maps mailjudge does not ship are
/// imported from MILA's own files at test time.
const MAPS: &[(&str, usize)] = &[
    ("standard", 3000),
    ("ancmed", 2000),
    ("modern", 1500),
    ("pure", 2000),
    ("world", 300),
    // `=@`: MILA's own file, imported: the built-in empire is DPjudge's file, whose
    // powers are named `B.C.` and `NEW-YORK` (its facts are checked below too)
    ("empire=@", 1000),
    ("colonial", 1000),
    ("known_world_901", 800),
    ("standard_fleet_rome=fleetrome", 1500),
    ("standard_france_austria", 1000),
    ("standard_germany_italy", 1000),
    ("standard_age_of_empires", 1000),
    ("standard_age_of_empires_2", 1000),
    ("ancmed_age_of_empires", 1000),
];

/// The maps only the full run compares (and reads): MILA's first load of
/// `world` computes its 216,760 convoy paths, about two minutes of the two
/// cores (cached in target/mila-home afterwards), more than the rest of the
/// sample together.
const FULL_ONLY: &[&str] = &["world"];

/// The maps a run takes: every one in the full run, the others in the sample.
fn maps_run(asked: Option<&str>) -> Vec<(&'static str, usize)> {
    let full = asked.map(str::trim) == Some("full");
    MAPS.iter().copied().filter(|(m, _)| full || !FULL_ONLY.contains(m)).collect()
}

#[test]
fn the_sample_leaves_out_only_the_maps_of_the_full_run() {
    assert_eq!(maps_run(Some("full")).len(), MAPS.len());
    let sample: Vec<&str> = maps_run(None).iter().map(|(m, _)| *m).collect();
    assert_eq!(sample.len(), MAPS.len() - FULL_ONLY.len());
    assert!(!sample.contains(&"world") && sample.contains(&"standard") && sample.contains(&"known_world_901"));
}

/// How many of a map's `full` phases a run compares: `MILA_PHASES=full` (`./test.sh full`,
/// what a nightly or a release runs) every one; by default (`./test.sh`) an eighth, at least
/// 20: the first games of the same seeds, so the sample is a part of the full run and
/// every map is compared in both; `MILA_PHASES=N`, N a map. (A floor of 100 made world's
/// sample, at 1.5 s a phase of MILA's own play, take two and a half minutes alone.)
fn phases(full: usize, asked: Option<&str>) -> usize {
    match asked.map(str::trim) {
        Some("full") => full,
        Some(n) => n.parse().unwrap_or_else(|_| panic!("MILA_PHASES is `full` or a number of phases, not `{n}`")),
        None => (full / 8).max(20).min(full),
    }
}

#[test]
fn the_mila_sample_is_an_eighth_of_each_map_and_full_on_asking() {
    assert_eq!(phases(3000, None), 375);
    assert_eq!(phases(300, None), 37);
    assert_eq!(phases(80, None), 20);
    assert_eq!(phases(15, None), 15);
    assert_eq!(phases(3000, Some("full")), 3000);
    assert_eq!(phases(3000, Some("40")), 40);
    assert!(std::panic::catch_unwind(|| phases(3000, Some("all"))).is_err());
}

#[test]
#[ignore]
fn every_mila_map_agrees_with_the_reference_engine_phase_by_phase() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/check_mila_maps.sh");
    let asked = std::env::var("MILA_PHASES").ok();
    let counts: Vec<(&str, usize)> = maps_run(asked.as_deref()).into_iter().map(|(m, n)| (m, phases(n, asked.as_deref()))).collect();
    let maps = counts.iter().map(|(m, n)| format!("{m}:{n}")).collect::<Vec<_>>().join(",");
    println!("MILA_PHASES={}: {maps}", asked.as_deref().unwrap_or("(unset: the sample)"));
    let out = std::process::Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_mailjudge"))
        .args(["--maps", &maps, "--jobs", "2", "--show", "3"])
        .output()
        .unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{said}");
    if said.contains("check skipped") {
        return; // no PyPI: said so above
    }
    assert!(out.status.success(), "a phase differs from MILA's outcome:\n{said}");
    // every map is adjudicated: built in, or imported from MILA's own file
    assert!(!said.contains(": skipped ("), "a map was not compared:\n{said}");
    assert!(said.contains(", 0 differ\n") || said.trim_end().ends_with(", 0 differ"), "{said}");
    // the standard map is always compared, at least two thirds of its phases agreeing
    // (the rest are MILA's known departures, excluded: 400 of 3,000 in the full run)
    let standard = said.lines().find(|l| l.starts_with("standard: ")).unwrap_or_else(|| panic!("{said}"));
    let agree: usize = standard.split(", ").nth(1).and_then(|s| s.split(' ').next()).and_then(|n| n.parse().ok()).unwrap();
    assert!(agree * 3 >= counts[0].1 * 2, "{standard}");
}

/// A variant's map facts as mailjudge reads them, in the shape
/// `tools/mila_map_facts.py` compares with MILA's reading of the same `.map` file.
fn facts(v: &Variant) -> serde_json::Value {
    let provs = 0..v.provinces.len() as Prov;
    let locs: Vec<Loc> = provs
        .clone()
        .flat_map(|p| {
            let coasts = &v.province(p).coasts;
            if coasts.is_empty() { vec![Loc::new(p)] } else { coasts.iter().map(|c| Loc::with(p, *c)).collect() }
        })
        .filter(|l| v.valid_location(UnitType::Fleet, *l))
        .collect();
    let powers: serde_json::Map<String, serde_json::Value> = v
        .powers
        .iter()
        .map(|p| {
            let homes: Vec<&str> = p.home.iter().map(|h| v.code(*h)).collect();
            let units: Vec<String> = p.units.iter().map(|u| v.unit_code(u)).collect();
            (p.name.clone(), json!({"homes": homes, "units": units}))
        })
        .collect();
    let army: serde_json::Map<String, serde_json::Value> = provs
        .clone()
        .filter(|p| v.valid_location(UnitType::Army, Loc::new(*p)))
        .map(|p| (v.code(p).to_string(), json!(v.army_neighbours(p).iter().map(|q| v.code(*q)).collect::<Vec<_>>())))
        .collect();
    let fleet: serde_json::Map<String, serde_json::Value> =
        locs.iter().map(|l| (v.loc_code(*l), json!(v.fleet_neighbours(*l).iter().map(|m| v.loc_code(*m)).collect::<Vec<_>>()))).collect();
    let centers: Vec<&str> = provs.clone().filter(|p| v.is_center(*p)).map(|p| v.code(p)).collect();
    let provinces: Vec<&str> = provs.filter(|p| v.kind(*p) != ProvinceKind::Impassable).map(|p| v.code(p)).collect();
    json!({"map": v.name, "provinces": provinces, "centers": centers, "powers": powers, "army": army, "fleet": fleet})
}

/// Every MILA map reads as MILA reads its file: powers, home centres, supply centres,
/// starting units, and which locations an army and a fleet (coast by coast) can move to.
/// A map mailjudge ships is read as built in; any other is MILA's own `.map` file imported
/// by `mailjudge variant import` (as the differential adjudicates it), read whether or not
/// a game could be played with it (`Variant::read_toml`: known_world_901's DUMMY power).
#[test]
#[ignore]
fn every_mila_map_reads_as_milas_own_reading_of_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/check_mila_maps.sh");
    let mut variants = Vec::new();
    let mut imported = Vec::new();
    let mut builtin_too = Vec::new();
    let asked = std::env::var("MILA_PHASES").ok();
    let maps = maps_run(asked.as_deref());
    for (spec, _) in &maps {
        // `MILA=OURS`: a MILA map mailjudge ships under another name (DPjudge's)
        // `MILA=@`: MILA's own file imported, and the built-in of that name checked too
        let (name, ours) = spec.split_once('=').unwrap_or((spec, spec));
        match Variant::builtin(ours) {
            Some(v) => variants.push((name, v)),
            None => imported.push(name),
        }
        if ours == "@" {
            builtin_too.push((name, Variant::builtin(name).unwrap_or_else(|| panic!("{name} is built in"))));
        }
    }
    let dir = tmp.path().join("imported");
    let out = std::process::Command::new("bash").arg(&script).arg("--import").arg(env!("CARGO_BIN_EXE_mailjudge")).arg(&dir).args(&imported).output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    if said.contains("check skipped") {
        return; // no PyPI: said so
    }
    assert!(out.status.success(), "{said}");
    for name in imported {
        let text = std::fs::read_to_string(dir.join(format!("{name}.toml"))).unwrap_or_else(|e| panic!("{name}: {e}\n{said}"));
        variants.push((name, Variant::read_toml(&text).unwrap_or_else(|e| panic!("{name}: {e}"))));
    }
    let mut files = Vec::new();
    let both = variants.iter().map(|(n, v)| (n, v, "")).chain(builtin_too.iter().map(|(n, v)| (n, v, ".builtin")));
    for (name, v, which) in both {
        let file = tmp.path().join(format!("{name}{which}.json"));
        let mut f = facts(v);
        f["map"] = json!(name);
        std::fs::write(&file, f.to_string()).unwrap();
        files.push(file);
    }
    assert_eq!(files.len(), maps.len() + builtin_too.len(), "every map is built in or imported");
    let out = std::process::Command::new("bash").arg(&script).arg("--facts").args(&files).output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{said}");
    if said.contains("check skipped") {
        return;
    }
    assert!(out.status.success(), "{said}");
    assert_eq!(said.matches(": the same facts").count(), files.len(), "{said}");
}
