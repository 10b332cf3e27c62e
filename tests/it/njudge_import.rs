//! njudge's own variant files made into variants (issue 37): `map.NAME`,
//! `seed.NAME`, `report.NAME` and njudge's `variant.c`/`variant.h`. njudge's
//! data may not be copied here, so these tests read `tests/data/njudge/`
//! (a made-up variant, Tiny, in njudge's format, written for them) and the
//! standard map written out in njudge's format from mailjudge's own file;
//! an ignored test reads every variant of njudge's `data/` from the
//! reference mirror where it is (`cargo test -- --ignored njudge_mirror`).

use crate::common::binary::run;
use mailjudge::map::njudge::{self, Files, NjError, NjErrorKind, NjPart};
use mailjudge::map::{Coast, Loc, NeighbourOrder, Prov, ProvinceKind, Variant, Victory};
use mailjudge::parse::parse_province;
use std::path::{Path, PathBuf};

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/njudge")
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(fixture_dir().join(name)).unwrap()
}

/// The texts of an njudge variant, as a test edits them.
#[derive(Clone)]
struct Texts {
    name: String,
    map: String,
    seed: String,
    report: Option<String>,
    c: Option<String>,
    h: Option<String>,
}

impl Texts {
    /// Tiny's map, seed and report, and the fixture's variant tables,
    /// read as the variant `name` of `variant.c` (tiny, tinyport, ...).
    fn tiny(name: &str) -> Texts {
        Texts {
            name: name.into(),
            map: fixture("data/map.tiny"),
            seed: fixture("data/seed.tiny"),
            report: Some(fixture("data/report.tiny")),
            c: Some(fixture("variant.c")),
            h: Some(fixture("variant.h")),
        }
    }

    fn files(&self) -> Files<'_> {
        Files { name: &self.name, map: &self.map, seed: &self.seed, report: self.report.as_deref(), variant_c: self.c.as_deref(), variant_h: self.h.as_deref() }
    }

    /// The variant read and validated (whether or not it plays).
    fn read(&self) -> Variant {
        let raw = njudge::read(&self.files()).unwrap_or_else(|e| panic!("{}: {e}", self.name));
        Variant::read_toml(&toml::to_string(&raw).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", self.name))
    }

    fn err(&self) -> NjError {
        njudge::read(&self.files()).expect_err("refused")
    }

    /// The map with the line starting `start` replaced by `new`, and that line's number.
    fn edit_map(&mut self, start: &str, new: &str) -> usize {
        let (text, n) = replace_line(&self.map, start, new);
        self.map = text;
        n
    }

    fn edit_seed(&mut self, start: &str, new: &str) -> usize {
        let (text, n) = replace_line(&self.seed, start, new);
        self.seed = text;
        n
    }
}

fn replace_line(text: &str, start: &str, new: &str) -> (String, usize) {
    let n = text.lines().position(|l| l.starts_with(start)).unwrap_or_else(|| panic!("no line `{start}`"));
    let lines: Vec<&str> = text.lines().enumerate().map(|(i, l)| if i == n { new } else { l }).collect();
    (lines.join("\n") + "\n", n + 1)
}

fn prov(v: &Variant, code: &str) -> Prov {
    v.prov_by_code(code).unwrap_or_else(|| panic!("{code} is on the map"))
}

fn units(v: &Variant, power: &str) -> Vec<String> {
    v.powers.iter().find(|w| w.name == power).unwrap().units.iter().map(|u| v.unit_code(u)).collect()
}

fn homes(v: &Variant, power: &str) -> Vec<String> {
    v.powers.iter().find(|w| w.name == power).unwrap().home.iter().map(|&h| v.code(h).to_string()).collect()
}

#[test]
fn tiny_reads_as_written() {
    let v = Texts::tiny("tiny").read();
    // the powers of `pletter`'s line, in `powers[]`'s order, with `owners[]`'s adjectives
    assert_eq!(
        v.powers.iter().map(|w| (w.name.as_str(), w.letter, w.adjective.as_str())).collect::<Vec<_>>(),
        [("EAST", 'E', "Eastern"), ("NORTH", 'N', "Northern"), ("SOUTH", 'S', "Southern")]
    );
    assert_eq!((homes(&v, "NORTH"), units(&v, "NORTH")), (vec!["ALB".to_string(), "BOR".into()], vec!["A ALB".to_string(), "F BOR".into()]));
    assert_eq!((homes(&v, "EAST"), units(&v, "EAST")), (vec!["LAG".to_string(), "NIM".into()], vec!["F LAG".to_string(), "A NIM".into()]));
    // eight centres (six homes, Hollow and Isthmus); SETNP's five win
    assert_eq!(v.center_count(), 8);
    assert!(v.is_center(prov(&v, "HOL")) && v.home_of(prov(&v, "HOL")).is_none() && !v.is_center(prov(&v, "CAL")));
    assert_eq!(v.victory, Victory::Centers(5));
    assert_eq!(v.calendar.name(v.start), "S1901M");
    assert_eq!(v.neighbour_order, NeighbourOrder::File);
    // kinds: a coast is a land with fleet moves; `mes-mv: mes` moves nowhere
    let kinds: Vec<(&str, ProvinceKind)> = ["ALB", "CAL", "JUN", "NIM", "FJO", "GLA", "MES"].iter().map(|c| (*c, v.kind(prov(&v, c)))).collect();
    let (coast, land, sea) = (ProvinceKind::Coast, ProvinceKind::Land, ProvinceKind::Sea);
    assert_eq!(kinds, [("ALB", coast), ("CAL", coast), ("JUN", land), ("NIM", land), ("FJO", sea), ("GLA", sea), ("MES", ProvinceKind::Impassable)]);
    // Isthmus's coasts, each with its own fleet line
    let (ist, fjo, kra, cal) = (prov(&v, "IST"), prov(&v, "FJO"), prov(&v, "KRA"), prov(&v, "CAL"));
    assert_eq!(v.province(ist).coasts, [Coast::North, Coast::South]);
    assert!(v.fleet_adjacent(Loc::with(ist, Coast::North), Loc::new(fjo)) && !v.fleet_adjacent(Loc::with(ist, Coast::South), Loc::new(fjo)));
    assert!(v.fleet_adjacent(Loc::with(ist, Coast::South), Loc::new(kra)) && v.fleet_adjacent(Loc::new(cal), Loc::with(ist, Coast::North)));
    assert!(v.army_adjacent(cal, ist) && !v.fleet_adjacent(Loc::new(prov(&v, "ALB")), Loc::new(cal)));
    // `lag-mv: ... nim/mx`: a strait both ways; the Glacier Sea (`v`) is open in spring only
    let (lag, nim) = (prov(&v, "LAG"), prov(&v, "NIM"));
    assert!(v.army_adjacent(lag, nim) && v.straits.contains(&(lag, nim)) && v.straits.contains(&(nim, lag)));
    assert_eq!(v.province(prov(&v, "GLA")).open_in, [0]);
    // no DUALITY in Tiny: Estuary (`Sw`) is a plain coast; no build anywhere
    assert!(!v.province(prov(&v, "EST")).port && !v.features.build_any && v.not_implemented.is_empty());
    // the abbreviations are names
    assert_eq!(parse_province(&v, "kraken").unwrap(), kra);
    assert_eq!(parse_province(&v, "Kraken Deep").unwrap(), kra);
    assert_eq!(parse_province(&v, "estu").unwrap(), prov(&v, "EST"));
    assert!(Variant::from_toml(&toml::to_string(&njudge::read(&Texts::tiny("tiny").files()).unwrap()).unwrap()).is_ok(), "Tiny plays");
}

/// `variant.h`'s SETNP flags: DUALITY makes Estuary a port, BUILD_ANYCENTRES
/// builds anywhere, BUILD_ONECENTRE is `build_sites = "one"` (a game of it
/// builds in any owned centre while a home is owned); a Machiavelli
/// `pletter` line and a variant `variant.c` does not list are refused.
#[test]
fn the_variant_tables_flags_and_refusals() {
    let v = Texts::tiny("tinyport").read();
    assert!(v.province(prov(&v, "EST")).port && v.features.build_any, "DUALITY, BUILD_ANYCENTRES");
    assert_eq!(v.victory, Victory::Centers(6));
    let raw = njudge::read(&Texts::tiny("tinyone").files()).unwrap();
    assert_eq!(raw.rules.get("build_sites"), Some(&toml::Value::String("one".into())));
    let v = Variant::from_toml(&toml::to_string(&raw).unwrap()).expect("a game plays it");
    assert!(v.not_implemented.is_empty() && !v.features.build_any, "{:?}", v.not_implemented);
    assert_eq!(mailjudge::rules::Rulebook::for_variant(&v).build_sites, mailjudge::rules::BuildSites::OneHome);
    let e = Texts::tiny("tinymach").err();
    assert_eq!((e.file, e.line), (NjPart::VariantC, 0));
    assert!(matches!(e.kind, NjErrorKind::Machiavelli(_)), "{e}");
    let e = Texts::tiny("nosuch").err();
    assert_eq!(e.kind, NjErrorKind::NotInSource("nosuch".into()));
    // a power name the judge's commands cannot read
    let mut t = Texts::tiny("tiny");
    t.c = Some(t.c.unwrap().replace("\"North\",", "\"North1\","));
    let e = t.err();
    assert!(e.file == NjPart::VariantC && e.to_string().contains("power name `North1`"), "{e}");
}

/// Without `variant.c`, `report.NAME` names the powers of the seed's units
/// (each its own adjective), and half the centres and one win.
#[test]
fn without_the_variant_tables_the_report_names_the_powers() {
    let mut t = Texts::tiny("tiny");
    (t.c, t.h) = (None, None);
    let v = t.read();
    assert_eq!(
        v.powers.iter().map(|w| (w.name.as_str(), w.letter, w.adjective.as_str())).collect::<Vec<_>>(),
        [("NORTH", 'N', "North"), ("SOUTH", 'S', "South"), ("EAST", 'E', "East")]
    );
    assert_eq!(v.victory, Victory::Centers(5));
    assert_eq!(units(&v, "SOUTH"), ["A DEL", "F EST"]);
    // a power the report does not name
    let mut t2 = t.clone();
    t2.report = Some(t.report.clone().unwrap().lines().filter(|l| !l.starts_with("East")).collect::<Vec<_>>().join("\n"));
    let e = t2.err();
    assert_eq!((e.file, e.kind), (NjPart::Report, NjErrorKind::NoPowerName('E')));
    t2.report = None;
    assert_eq!(t2.err().kind, NjErrorKind::NoPowerName('N'));
}

/// Every refusal names the file and line, and what mailjudge lacks.
#[test]
fn refusals_name_file_and_line() {
    type Check = fn(&NjErrorKind) -> bool;
    let unsupported: Check = |k| matches!(k, NjErrorKind::Unsupported(_));
    let machiavelli: Check = |k| matches!(k, NjErrorKind::Machiavelli(_));
    let malformed: Check = |k| matches!(k, NjErrorKind::Malformed(_));
    let unknown: Check = |k| matches!(k, NjErrorKind::UnknownPlace(_));
    let map_edits: &[(&str, &str, Check, &str)] = &[
        ("Mesa,", "Mesa, g mes", unsupported, "gateway"),
        ("Mesa,", "Mesa, r mes", unsupported, "railway"),
        ("Fjord Sea,", "Fjord Sea, h fjo", unsupported, "high seas"),
        ("Hollow,", "Hollow, x1P hol", machiavelli, "city `x1P`"),
        ("Hollow,", "Hollow, xl hol", unsupported, "type `xl`"),
        ("Hollow,", "Hollow, M hol", malformed, "master's"),
        ("Hollow", "Hollow x hol", malformed, "no comma"),
        ("nim-mv:", "nim-mv: lag/hx", unsupported, "half strength"),
        ("mes-mv:", "mes-cc: mes", machiavelli, "controlled conduit"),
        ("mes-mv:", "mes-zz: mes", malformed, "unknown move type"),
        ("jun-mv:", "jun-mv: cal del est atlantis", unknown, "atlantis"),
        ("alb-xc:", "alb-xc: gla fjo bor/mx", malformed, "modifier `mx`"),
        ("Center order", "HongKong setting", unsupported, "Hong Kong"),
        ("Center order", "Gateway", unsupported, "gateways"),
        ("Center order", "Railway", unsupported, "railways"),
        ("Center order", "Famine:", machiavelli, "Famine"),
        ("Center order", "Extra units", unsupported, "extra units"),
    ];
    for (start, new, check, says) in map_edits {
        let mut t = Texts::tiny("tiny");
        let line = t.edit_map(start, new);
        let e = t.err();
        assert_eq!((e.file, e.line), (NjPart::Map, line), "`{new}`: {e}");
        assert!(check(&e.kind) && e.to_string().contains(says), "`{new}`: {e}");
    }
    let seed_edits: &[(&str, &str, Check, &str)] = &[
        ("N: F Borea", "N: W Borea", unsupported, "a wing"),
        ("N: A Alba", "Nm A Alba", machiavelli, "unit"),
        ("N: A Alba", "N: G Alba", machiavelli, "garrison"),
        ("N: A Alba", "N: A Atlantis", unknown, "Atlantis"),
        ("N: A Alba", "N A Alba", malformed, "a unit is"),
        ("N: A Alba", "X: A Alba", |k| *k == NjErrorKind::UnknownPower('X'), "not a power"),
        ("-1 Null", "-1\nO:NN.SS......E.E", machiavelli, "ownership record"),
    ];
    for (start, new, check, says) in seed_edits {
        let mut t = Texts::tiny("tiny");
        // the error is on the new text's last line
        let line = t.edit_seed(start, new) + new.lines().count() - 1;
        let e = t.err();
        assert_eq!((e.file, e.line), (NjPart::Seed, line), "`{new}`: {e}");
        assert!(check(&e.kind) && e.to_string().contains(says), "`{new}`: {e}");
    }
    // a first phase of Machiavelli, where no variant.c gives one
    let mut t = Texts::tiny("tiny");
    (t.c, t.h) = (None, None);
    t.edit_seed("S1901M", "F1453A");
    assert!(matches!(t.err(), NjError { file: NjPart::Seed, line: 1, kind: NjErrorKind::Machiavelli(_) }));
    // a map without the `-1` after its areas
    let t = Texts { map: "Alba, N alb\n".into(), ..Texts::tiny("tiny") };
    assert!(matches!(t.err(), NjError { file: NjPart::Map, line: 0, kind: NjErrorKind::Malformed(_) }));
}

/// The seed's ownership record: the map's owners again (or a record that
/// stops short, the rest keeping their map owners) reads as nothing new;
/// another owner for a centre makes the power's starting centres (`owns`),
/// and the variant plays.
#[test]
fn an_ownership_record_other_than_the_homes_gives_starting_centres() {
    // one letter an area in map order: Alba, Borea, Caldera, Delta, ...
    for (record, differs) in [("NN.SS......E.E", false), ("NN.SS..N...E.E", true), ("NN.SS", false)] {
        let mut t = Texts::tiny("tiny");
        // after the units' `-1`, before the last
        t.edit_seed("-1 Null", &format!("-1\n{record}"));
        let v = t.read();
        assert!(v.not_implemented.is_empty(), "{record}: {:?}", v.not_implemented);
        let north = v.powers.iter().position(|w| w.letter == 'N').unwrap();
        let centres = v.initial_centers();
        assert_eq!(centres[7] == Some(north as u8), differs, "{record}: area 7 ({}) is North's at the start", v.code(7));
        assert_eq!(v.powers[north].owns.len() != v.powers[north].home.len(), differs, "{record}");
        for &h in &v.powers[north].home {
            assert_eq!(centres[h as usize], Some(north as u8), "{record}: North still owns its home {}", v.code(h));
        }
    }
}

/// `mailjudge variant import map.NAME` and a folder: njudge's files by
/// their names, `variant.c` one folder up, and a map without its seed refused.
#[test]
fn import_command_reads_njudge_files_by_their_names() {
    let out = tempfile::tempdir().unwrap();
    let map = fixture_dir().join("data/map.tiny");
    let (code, stdout, err) = run(&["variant", "import", map.to_str().unwrap(), "--out", out.path().to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("written") && stdout.contains("tiny.toml"), "{stdout}");
    let written = out.path().join("tiny.toml");
    let text = std::fs::read_to_string(&written).unwrap();
    assert!(text.starts_with("# Imported by `mailjudge variant import` from njudge's map.tiny, seed.tiny, variant.c and variant.h."), "{text}");
    let (code, stdout, err) = run(&["check-variant", written.to_str().unwrap()], "");
    assert_eq!(code, 0, "{stdout}{err}");
    // a folder without the variant tables: every njudge map in it, the report naming the powers
    let dir = tempfile::tempdir().unwrap();
    for f in ["map.tiny", "seed.tiny", "report.tiny"] {
        std::fs::copy(fixture_dir().join("data").join(f), dir.path().join(f)).unwrap();
    }
    std::fs::copy(fixture_dir().join("data/map.tiny"), dir.path().join("map.lonely")).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a map").unwrap();
    let out = tempfile::tempdir().unwrap();
    let (code, stdout, err) = run(&["variant", "import", dir.path().to_str().unwrap(), "--out", out.path().to_str().unwrap()], "");
    assert_eq!(code, 1, "{stdout}{err}");
    assert!(err.contains("map.lonely: no seed.lonely beside it"), "{err}");
    let text = std::fs::read_to_string(out.path().join("tiny.toml")).unwrap();
    assert!(text.contains("report.tiny (no variant.c: powers named from the report)") && text.contains("adjective = \"North\""), "{text}");
    assert!(!out.path().join("lonely.toml").exists() && !out.path().join("notes.toml").exists());
    // an error in a file names that file
    std::fs::write(dir.path().join("seed.lonely"), "S1901M\nN: A Atlantis\n-1\n").unwrap();
    let (code, _, err) = run(&["variant", "import", dir.path().join("map.lonely").to_str().unwrap(), "--out", out.path().to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(err.contains("seed.lonely:2: unknown place `Atlantis`"), "{err}");
}

/// mailjudge's standard map written out in njudge's format (areas, moves,
/// seed, variant tables: this test's own writing) and read back is the
/// standard map: provinces, kinds, centres, every army and fleet move,
/// homes, units, adjectives and the 18 centres to win.
#[test]
fn the_standard_map_in_njudges_format_reads_back_as_the_standard_map() {
    let std = Variant::standard();
    let t = njudge_texts_of(&std);
    let v = t.read();
    assert!(same_map(&std, &v, |v, p| v.code(p).to_string()).is_empty(), "{:?}", same_map(&std, &v, |v, p| v.code(p).to_string()));
    assert_eq!(v.victory, std.victory);
    assert_eq!(v.calendar.name(v.start), "S1901M");
    for (a, b) in std.powers.iter().zip(&v.powers) {
        assert_eq!((&a.name, &a.adjective, a.letter), (&b.name, &b.adjective, b.letter));
    }
}

/// The texts of `v` as njudge would have them (types, abbreviations, move
/// lines, a seed and variant tables), for [`Texts::read`].
fn njudge_texts_of(v: &Variant) -> Texts {
    let mut seed = format!("{}\n", v.calendar.name(v.start));
    for w in &v.powers {
        for u in &w.units {
            let kind = if u.kind == mailjudge::map::UnitType::Army { 'A' } else { 'F' };
            let coast = if u.loc.coast == Coast::None { String::new() } else { format!("/{}", u.loc.coast.code().to_ascii_lowercase()) };
            seed.push_str(&format!("{}: {kind} {}{coast}\n", w.letter, v.province(u.loc.prov).name));
        }
    }
    seed.push_str("-1\n-1\n");
    let (c, h) = njudge_tables_of(v);
    Texts { name: v.name.clone(), map: njudge_map_of(v), seed, report: None, c: Some(c), h: Some(h) }
}

/// `v`'s areas and moves as an njudge map file.
fn njudge_map_of(v: &Variant) -> String {
    let mut map = String::from("# written by tests/it/njudge_import.rs\n");
    for (i, p) in v.provinces.iter().enumerate() {
        let t = match (v.home_of(i as Prov), p.center, p.kind) {
            (Some(w), _, _) => v.powers[w as usize].letter,
            (None, true, _) => 'x',
            (None, false, ProvinceKind::Sea) => 'w',
            _ => 'l',
        };
        let words: Vec<String> = p.aliases.iter().filter(|a| !a.contains(' ')).cloned().collect();
        map.push_str(&format!("{}, {t} {} {}\n", p.name, p.code.to_ascii_lowercase(), words.join(" ")));
    }
    map.push_str("-1\n");
    let loc = |l: &Loc| match l.coast {
        Coast::None => v.code(l.prov).to_ascii_lowercase(),
        c => format!("{}/{}", v.code(l.prov).to_ascii_lowercase(), c.code().to_ascii_lowercase()),
    };
    for (i, p) in v.provinces.iter().enumerate() {
        let (i, code) = (i as Prov, p.code.to_ascii_lowercase());
        match p.kind {
            ProvinceKind::Impassable => map.push_str(&format!("{code}-mv: {code}\n")),
            ProvinceKind::Land | ProvinceKind::Coast => {
                let to: Vec<String> = v.army_neighbours(i).iter().map(|&q| v.code(q).to_ascii_lowercase()).collect();
                map.push_str(&format!("{code}-mv: {}\n", to.join(" ")));
            }
            ProvinceKind::Sea => {}
        }
        let coasts: Vec<Coast> = if p.coasts.is_empty() { vec![Coast::None] } else { p.coasts.clone() };
        for c in coasts {
            let to: Vec<String> = v.fleet_neighbours(Loc::with(i, c)).iter().map(loc).collect();
            if !to.is_empty() {
                let kind = if c == Coast::None { "xc".to_string() } else { c.code().to_ascii_lowercase() };
                map.push_str(&format!("{code}-{kind}: {}\n", to.join(" ")));
            }
        }
    }
    map + "-1\n"
}

/// `v`'s powers, first phase and centres to win as njudge's `variant.c`
/// tables and `variant.h`'s `SETNP`.
fn njudge_tables_of(v: &Variant) -> (String, String) {
    let names: Vec<String> = v.powers.iter().map(|w| format!("\"{}{}\"", &w.name[..1], w.name[1..].to_ascii_lowercase())).collect();
    let adjectives: Vec<String> = v.powers.iter().map(|w| format!("\"{}\"", w.adjective)).collect();
    let letters: String = v.powers.iter().map(|w| w.letter).collect();
    let count = match v.victory {
        Victory::Centers(n) | Victory::Units(n) => n,
    };
    let c = format!(
        "char *variants[] = {{ NULL, \"{0}\" }};\nint vvalue[] = {{ NO_VARIANT, V_{0} }};\nchar *powers[] = {{ \"Unowned\", {1}, \"a power\", \"Neutral\", \"Autonomous\", \"Observer\", \"Master\" }};\nchar *owners[] = {{ \"unowned\", {2}, \"??????\", \"Neutral\", \"Autonomous\", \"Observer\", \"Master\" }};\nchar *pletter[] = {{ NULL, \".{3}?=xOM\" }};\nchar *sphase[] = {{ NULL, \"{4}\" }};\n",
        v.name,
        names.join(", "),
        adjectives.join(", "),
        letters,
        v.calendar.name(v.start)
    );
    let h = format!("#define SETNP(variant) \\\n  switch (variant) {{ \\\n    case V_{}: dipent.np = 7; dipent.vp = {count}; break; \\\n  }}\n", v.name);
    (c, h)
}

/// How maps `a` and `b` differ, their provinces matched by `key` (a code,
/// or a name where the two judges' codes differ): every difference of kind,
/// centre, army or fleet move, coast, home or starting unit, in words.
fn same_map(a: &Variant, b: &Variant, key: fn(&Variant, Prov) -> String) -> Vec<String> {
    let keys = |v: &Variant| -> Vec<String> { (0..v.provinces.len()).map(|p| key(v, p as Prov)).collect() };
    let (ka, kb) = (keys(a), keys(b));
    let mut out = Vec::new();
    if sorted(ka.clone()) != sorted(kb.clone()) {
        out.push(format!("provinces: {ka:?} / {kb:?}"));
        return out;
    }
    let loc = |v: &Variant, l: &Loc| format!("{}{}", key(v, l.prov), l.coast.code());
    for (i, k) in ka.iter().enumerate() {
        let (pa, pb) = (i as Prov, kb.iter().position(|x| x == k).unwrap() as Prov);
        let (x, y) = (a.province(pa), b.province(pb));
        if (x.kind, x.center, &x.coasts) != (y.kind, y.center, &y.coasts) {
            out.push(format!("{k}: {:?} {} {:?} / {:?} {} {:?}", x.kind, x.center, x.coasts, y.kind, y.center, y.coasts));
        }
        let army = |v: &Variant, p: Prov| sorted(v.army_neighbours(p).iter().map(|&q| key(v, q)).collect());
        if army(a, pa) != army(b, pb) {
            out.push(format!("{k}: armies {:?} / {:?}", army(a, pa), army(b, pb)));
        }
        let coasts: Vec<Coast> = if x.coasts.is_empty() { vec![Coast::None] } else { x.coasts.clone() };
        for c in coasts {
            let fleet = |v: &Variant, p: Prov| sorted(v.fleet_neighbours(Loc::with(p, c)).iter().map(|l| loc(v, l)).collect());
            if fleet(a, pa) != fleet(b, pb) {
                out.push(format!("{k}{}: fleets {:?} / {:?}", c.code(), fleet(a, pa), fleet(b, pb)));
            }
        }
    }
    for (wa, wb) in a.powers.iter().zip(&b.powers) {
        let of = |v: &Variant, w: &mailjudge::map::Power| {
            let home = sorted(w.home.iter().map(|&h| key(v, h)).collect());
            let units = sorted(w.units.iter().map(|u| format!("{:?} {}", u.kind, loc(v, &u.loc))).collect());
            (w.name.clone(), w.letter, home, units)
        };
        if of(a, wa) != of(b, wb) {
            out.push(format!("power {:?} / {:?}", of(a, wa), of(b, wb)));
        }
    }
    if a.powers.len() != b.powers.len() {
        out.push(format!("{} powers / {}", a.powers.len(), b.powers.len()));
    }
    out
}

fn sorted(mut x: Vec<String>) -> Vec<String> {
    x.sort();
    x
}

/// What `variant import` does with each variant of njudge's `data/` (the
/// reference mirror, commit 9b0b270): imported, or refused with these words.
/// The same list is docs/VARIANTS.md's table.
const NJUDGE_VARIANTS: &[(&str, Result<&str, &str>)] = &[
    ("map", Ok("")),
    ("map.1898", Ok("")),
    ("map.aberration", Ok("")),
    ("map.african2", Ok("")),
    ("map.ancient_med", Ok("")),
    ("map.asia", Ok("")),
    ("map.britain", Ok("")),
    ("map.chaos", Err("power name `0-Sev`")),
    ("map.chromatic", Ok("")),
    ("map.classical", Ok("")),
    ("map.colonial", Err("a railway")),
    ("map.colonial96", Err("a railway")),
    ("map.crowded", Ok("")),
    ("map.crowded_1898", Ok("")),
    ("map.dipmach", Err("a Machiavelli variant")),
    ("map.empire", Ok("")),
    ("map.fleet_rome", Ok("")),
    ("map.h31", Ok("")),
    ("map.h32", Ok("")),
    ("map.hundred", Err("no seed.hundred")),
    ("map.hundred3", Err("no seed.hundred3")),
    ("map.layered", Ok("")),
    ("map.loeb9", Ok("")),
    ("map.mach2_eai", Err("a Machiavelli variant")),
    ("map.mach2_fotl", Err("a Machiavelli variant")),
    ("map.mach2_pa", Err("a Machiavelli variant")),
    ("map.mach2_pamt", Err("a Machiavelli variant")),
    ("map.mach2_sfd1", Err("a Machiavelli variant")),
    ("map.mach2_sfd2", Err("a Machiavelli variant")),
    ("map.mach2_span", Err("a Machiavelli variant")),
    ("map.mach2_ttr", Err("a Machiavelli variant")),
    ("map.mach_aoc", Err("a Machiavelli variant")),
    ("map.mach_aoc2", Err("a Machiavelli variant")),
    ("map.mach_eos", Err("a Machiavelli variant")),
    ("map.mach_este", Err("a Machiavelli variant")),
    ("map.mach_sfd1", Err("a Machiavelli variant")),
    ("map.mach_sfd2", Err("a Machiavelli variant")),
    ("map.mach_span", Err("a Machiavelli variant")),
    ("map.machfive", Err("a Machiavelli variant")),
    ("map.machiavelli", Err("a Machiavelli variant")),
    ("map.machiavelli2", Err("a Machiavelli variant")),
    ("map.milan", Ok("")),
    ("map.minorpower", Ok("")),
    ("map.modern", Ok("")),
    ("map.pure", Ok("")),
    ("map.rootz", Err("power name `Austria1`")),
    ("map.sailho", Ok("")),
    ("map.sailho_crowded", Ok("")),
    ("map.shift_around", Ok("")),
    ("map.shift_left", Err("seed.shift_left:1: the seed's first line is its first phase")),
    ("map.shift_right", Ok("")),
    ("map.top", Err("no seed.top")),
    ("map.wraparound", Ok("")),
    ("map.wraparound2", Ok("")),
    ("map.youngstown", Ok("")),
];

const NJUDGE_MIRROR: &str = "/work/.mirror/jonmarkgo+njudge/repo";

/// njudge's `data/` and its `variant.c`/`variant.h`, out of the reference
/// mirror into `dir` (`dir/data/...`), or `None` where there is no mirror.
fn njudge_from_mirror(dir: &Path) -> Option<PathBuf> {
    let git = |args: &[&str]| std::process::Command::new("git").arg("-C").arg(NJUDGE_MIRROR).args(args).output().ok().filter(|o| o.status.success());
    let list = git(&["ls-tree", "--name-only", "HEAD", "data/"])?;
    std::fs::create_dir_all(dir.join("data")).unwrap();
    let files = String::from_utf8(list.stdout).unwrap();
    let wanted = files.lines().filter(|f| ["map", "seed.", "report."].iter().any(|p| f["data/".len()..].starts_with(p)));
    for f in wanted.chain(["variant.c", "variant.h"]) {
        let text = git(&["show", &format!("HEAD:{f}")]).unwrap().stdout;
        std::fs::write(dir.join(f), text).unwrap();
    }
    Some(dir.join("data"))
}

/// Every variant of njudge's own `data/` (read from the reference mirror
/// at test time, never copied here): imported or refused as
/// [`NJUDGE_VARIANTS`] (and docs/VARIANTS.md) says, each import valid, the
/// playable ones playable; njudge's standard map is mailjudge's standard,
/// province for province and move for move (by name: njudge writes
/// Norway `nor`, mailjudge `NWY`), and so are its Britain and Fleet-in-Rome
/// maps mailjudge's (DPjudge's) built-ins.
#[test]
#[ignore = "needs njudge's reference mirror (not in CI): cargo test -- --ignored njudge_mirror"]
fn njudge_mirror_variants_import_as_documented() {
    let src = tempfile::tempdir().unwrap();
    let Some(data) = njudge_from_mirror(src.path()) else {
        panic!("no njudge mirror at {NJUDGE_MIRROR}");
    };
    let out = tempfile::tempdir().unwrap();
    let (_, stdout, err) = run(&["variant", "import", data.to_str().unwrap(), "--out", out.path().to_str().unwrap()], "");
    let mut maps: Vec<String> =
        std::fs::read_dir(&data).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).filter(|f| f == "map" || f.starts_with("map.")).collect();
    maps.sort();
    assert_eq!(maps, NJUDGE_VARIANTS.iter().map(|(m, _)| m.to_string()).collect::<Vec<_>>());
    for (map, expected) in NJUDGE_VARIANTS {
        let name = map.strip_prefix("map.").unwrap_or("standard");
        let line = |text: &str| text.lines().find(|l| l.contains(&format!("/{map}:"))).map(str::to_string);
        match expected {
            Ok(unplayed) => {
                assert!(line(&stdout).is_some_and(|l| l.contains("written")), "{map}: {stdout}{err}");
                let text = std::fs::read_to_string(out.path().join(format!("{name}.toml"))).unwrap();
                let plays = Variant::from_toml(&text);
                assert_eq!(plays.is_ok(), unplayed.is_empty(), "{map}: {plays:?}");
                assert!(plays.as_ref().err().is_none_or(|e| e.to_string().contains(unplayed)), "{map}: {plays:?}");
            }
            Err(words) => {
                let l = line(&err).unwrap_or_else(|| panic!("{map}: refused: {err}"));
                assert!(l.contains(words), "{map}: {l}");
            }
        }
    }
    let read = |name: &str| Variant::read_toml(&std::fs::read_to_string(out.path().join(format!("{name}.toml"))).unwrap()).unwrap();
    let by_name: fn(&Variant, Prov) -> String = |v, p| v.province(p).name.to_ascii_lowercase();
    for (njudge, ours) in [("standard", "standard"), ("britain", "britain"), ("fleet_rome", "fleetrome")] {
        let (a, b) = (read(njudge), Variant::builtin(ours).unwrap());
        assert_eq!(same_map(&a, &b, by_name), Vec::<String>::new(), "{njudge}");
        assert_eq!(a.victory, b.victory, "{njudge}");
        assert_eq!(a.powers.iter().map(|w| &w.adjective).collect::<Vec<_>>(), b.powers.iter().map(|w| &w.adjective).collect::<Vec<_>>());
    }
}
