//! Every MILA map checked against the reference engine: seeded random games played by the
//! MILA `diplomacy` package (1.1.2), each phase adjudicated by `mailjudge adjudicate
//! --jsonl` too, outcomes compared (`tools/check_mila_maps.sh`, which runs
//! `tools/mila_differential.py`; MILA's known departures are corrected or excluded, see
//! docs/MILA-DIFFERENTIAL.md). Needs PyPI once (the package goes into target/mila-venv);
//! run by test.sh.

use mailjudge::map::{Loc, Prov, ProvinceKind, UnitType, Variant};
use serde_json::json;
use std::path::Path;

/// Phases compared per map (movements, retreats, adjustments): a few thousand where MILA
/// is quick, fewer on the 17-power `world` (about 50 ms a phase in MILA, and a 3-minute
/// convoy-path cache the first time).
const MAPS: &[(&str, usize)] = &[
    ("standard", 3000),
    ("ancmed", 3000),
    ("modern", 3000),
    ("pure", 3000),
    ("world", 1000),
    ("empire", 2000),
    ("colonial", 2000),
    ("known_world_901", 1500),
    ("standard_fleet_rome", 2000),
    ("standard_france_austria", 2000),
    ("standard_germany_italy", 2000),
    ("standard_age_of_empires", 2000),
    ("standard_age_of_empires_2", 2000),
    ("ancmed_age_of_empires", 2000),
];

#[test]
#[ignore]
fn every_mila_map_agrees_with_the_reference_engine_phase_by_phase() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/check_mila_maps.sh");
    let maps = MAPS.iter().map(|(m, n)| format!("{m}:{n}")).collect::<Vec<_>>().join(",");
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
    assert!(said.contains(", 0 differ\n") || said.trim_end().ends_with(", 0 differ"), "{said}");
    // the standard map is always compared, thousands of phases of it agreeing
    let standard = said.lines().find(|l| l.starts_with("standard: ")).unwrap_or_else(|| panic!("{said}"));
    let agree: usize = standard.split(", ").nth(1).and_then(|s| s.split(' ').next()).and_then(|n| n.parse().ok()).unwrap();
    assert!(agree >= 2000, "{standard}");
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

/// Every built-in variant made from a MILA map reads that map's facts as MILA does:
/// powers, home centres, supply centres, starting units, and which locations an army and
/// a fleet (coast by coast) can move to.
#[test]
#[ignore]
fn every_mila_map_reads_as_milas_own_reading_of_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (name, _) in MAPS {
        if let Some(v) = Variant::builtin(name) {
            let file = tmp.path().join(format!("{name}.json"));
            std::fs::write(&file, facts(&v).to_string()).unwrap();
            files.push(file);
        }
    }
    assert!(!files.is_empty(), "the standard map at least is built in");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/check_mila_maps.sh");
    let out = std::process::Command::new("bash").arg(script).arg("--facts").args(&files).output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{said}");
    if said.contains("check skipped") {
        return;
    }
    assert!(out.status.success(), "{said}");
    assert_eq!(said.matches(": the same facts").count(), files.len(), "{said}");
}
