//! DPjudge `.map` files made into variants (issue 23): `mailjudge variant
//! import`, the reader's refusals with file and line, `MAP` inheritance with
//! edits, coasts, ambiguous names, and every DPjudge map shipped as a
//! built-in (config/variants/dpjudge/, MIT) adjudicating and playing by mail.

use crate::common;
use common::binary::run;
use common::db::count;
use common::game::*;
use common::*;
use mailjudge::game::{find_power, parse_powers, pname};
use mailjudge::map::dpjudge::{self, DpError, DpErrorKind};
use mailjudge::map::{Coast, Loc, Prov, ProvinceKind, Variant};
use mailjudge::parse::{parse_order, parse_province};
use mailjudge::phase::PhaseKind;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

/// The DPjudge maps shipped as built-ins, each generated from
/// config/variants/dpjudge/NAME.map.
const SHIPPED: [&str; 33] = [
    "ancmed",
    "brazilian",
    "britain",
    "canton",
    "chromatic",
    "fleetrome",
    "loeb9",
    "modern",
    "modern-up",
    "pure",
    "slovenia",
    "v8",
    "youngstown",
    "empire",
    "chaos",
    "minorpower",
    "crowded",
    "fiveman",
    "milan",
    "empire-up",
    "renaissance",
    "sailho",
    // by the rules of issue 37 (docs/VARIANTS.md, "Rules of play")
    "1898",
    "1900",
    "aberration",
    "sengoku",
    "shiftaround",
    "shiftleft",
    "shiftright",
    "void",
    "imperial",
    // DPjudge's FLOW calendars (docs/VARIANTS.md, "Calendars")
    "classical",
    "hundred",
];

fn dpjudge_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/config/variants/dpjudge"))
}

/// A small map of three powers: NORTH (ALP, GAM), SOUTH (DEL, EPS), EAST (ZET).
const BASE: &str = "\
# a test map
Alpine Land = ALP alpine
Beta Sea = BET beta
Gamma = GAM gam
Delta = DEL dlt
Epsilon = EPS eps
Zeta = ZET zeta

NORTH (Northern:N) ALP GAM
A ALP
F GAM
SOUTH (Southern:S) DEL EPS
A DEL
F EPS
EAST (Eastern:E) ZET
A ZET

LAND  ALP ABUTS gam del
COAST GAM ABUTS alp BET EPS
WATER BET ABUTS GAM EPS ZET
COAST EPS ABUTS GAM BET del
LAND  DEL ABUTS alp eps zet
COAST ZET ABUTS BET del
";

/// Reads `text` as `name.map`, with `files` (name, text) for `MAP`/`USE`.
fn read(name: &str, text: &str, files: &[(&str, &str)]) -> Result<Variant, String> {
    let files: BTreeMap<String, String> = files.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    let include = move |n: &str| files.get(n).cloned();
    let raw = dpjudge::read(name, text, &include).map_err(|e| e.to_string())?;
    let toml = toml::to_string(&raw).unwrap();
    Variant::from_toml(&toml).map_err(|e| e.to_string())
}

fn read_err(name: &str, text: &str, files: &[(&str, &str)]) -> DpError {
    let files: BTreeMap<String, String> = files.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    let include = move |n: &str| files.get(n).cloned();
    dpjudge::read(name, text, &include).expect_err("the file is refused")
}

fn prov(v: &Variant, code: &str) -> Prov {
    v.prov_by_code(code).unwrap_or_else(|| panic!("{code} is on the map"))
}

#[test]
fn the_base_map_reads_as_written() {
    let v = read("base", BASE, &[]).unwrap();
    assert_eq!(
        v.powers.iter().map(|w| (w.name.as_str(), w.letter, w.adjective.as_str())).collect::<Vec<_>>(),
        [("NORTH", 'N', "Northern"), ("SOUTH", 'S', "Southern"), ("EAST", 'E', "Eastern")]
    );
    assert_eq!(v.center_count(), 5);
    let (alp, gam, bet, eps, del) = (prov(&v, "ALP"), prov(&v, "GAM"), prov(&v, "BET"), prov(&v, "EPS"), prov(&v, "DEL"));
    assert_eq!(v.kind(alp), ProvinceKind::Land);
    assert_eq!(v.kind(bet), ProvinceKind::Sea);
    // lower case: armies only; upper case: both
    assert!(v.army_adjacent(alp, gam) && v.army_adjacent(gam, eps) && v.army_adjacent(eps, del));
    assert!(!v.fleet_adjacent(Loc::new(gam), Loc::new(alp)));
    assert!(v.fleet_adjacent(Loc::new(gam), Loc::new(eps)) && v.fleet_adjacent(Loc::new(bet), Loc::new(gam)));
    assert!(!v.army_adjacent(alp, eps));
    // names and aliases are the file's
    assert_eq!(v.province(alp).name, "Alpine Land");
    assert_eq!(parse_province(&v, "alpine").unwrap(), alp);
    assert_eq!(parse_province(&v, "dlt").unwrap(), del);
}

/// `MAP base` then edits: a place dropped, one added and amended into its
/// neighbours, a power unplayed, a home taken away and a unit moved.
#[test]
fn map_inheritance_with_edits() {
    let derived = "\
MAP base
DROP ZET
Kappa = KAP kap
COAST KAP ABUTS BET del
AMEND DEL ABUTS kap
AMEND BET ABUTS KAP
UNOWNED KAP
UNPLAYED EAST
SOUTH DEL -EPS
UNITS
A DEL
VICTORY 3
";
    let v = read("derived", derived, &[("base.map", BASE)]).unwrap();
    assert!(v.prov_by_code("ZET").is_none(), "ZET dropped");
    assert_eq!(v.powers.iter().map(|w| w.name.as_str()).collect::<Vec<_>>(), ["NORTH", "SOUTH"]);
    let (kap, del, bet, eps) = (prov(&v, "KAP"), prov(&v, "DEL"), prov(&v, "BET"), prov(&v, "EPS"));
    assert!(v.is_center(kap) && v.army_adjacent(del, kap) && v.fleet_adjacent(Loc::new(bet), Loc::new(kap)));
    let south = &v.powers[1];
    assert_eq!(south.home, [del]);
    assert_eq!(south.units.iter().map(|u| v.unit_code(u)).collect::<Vec<_>>(), ["A DEL"]);
    assert!(v.is_center(eps), "EPS stays a centre, now unowned");
    assert_eq!(v.victory, mailjudge::map::Victory::Centers(3));
    // the DROP took ZET out of BET's and DEL's lists too
    assert!(v.army_neighbours(del).iter().all(|&p| v.code(p) != "ZET"));
}

/// Each refused directive, rule flag and mark, with its file and line; in an
/// included file, that file's own line.
#[test]
fn refusals_name_file_and_line() {
    let cases: [(&str, DpErrorKind); 18] = [
        ("DUMMY WEST", DpErrorKind::Malformed("DUMMY names unknown power `WEST`".into())),
        ("DUMMIES", DpErrorKind::Malformed("DUMMIES needs a list of powers".into())),
        ("FLOW SPRING:INCOME,MOVEMENT", DpErrorKind::UnsupportedDirective("FLOW (phase INCOME)".into())),
        (
            "FLOW IFYEARDIV:0",
            DpErrorKind::Malformed(
                "FLOW `IFYEARDIV:0`: expected NEWYEAR[:years], IFYEARDIV:divisor[=remainder] or SEASON:MOVEMENT,RETREATS,ADJUSTMENTS".into(),
            ),
        ),
        ("IN S1901M: WATER BET", DpErrorKind::UnsupportedDirective("IN S1901M: WATER BET (mailjudge reads only `IN SPRING|FALL|WINTER: WATER place`)".into())),
        ("SEASON SPRING", DpErrorKind::UnsupportedDirective("SEASON".into())),
        ("FROM f1901m: WATER BET", DpErrorKind::UnsupportedDirective("FROM".into())),
        ("RULE BUILD_ANY NO_DONATIONS", DpErrorKind::UnsupportedRule("NO_DONATIONS".into())),
        ("RULE VASSAL_DUMMIES", DpErrorKind::UnsupportedRule("VASSAL_DUMMIES".into())),
        ("LEAGUE CATHOLIC", DpErrorKind::UnsupportedDirective("LEAGUE".into())),
        ("NEWHOMES 1899", DpErrorKind::UnsupportedDirective("NEWHOMES".into())),
        ("DIRECTIVES\nTAX 1", DpErrorKind::UnsupportedDirective("TAX (in a DIRECTIVES block)".into())),
        ("XYZ -> Alps = alp", DpErrorKind::UnknownPlace("XYZ".into())),
        ("COAST GAM ABUTS alp BET EPS ZET~", DpErrorKind::UnsupportedDirective("ZET~ (a `~` crossing fleets use)".into())),
        (
            "COAST GAM ABUTS alp BET EPS ZET(DEL,EPS)",
            DpErrorKind::UnsupportedDirective("ZET(DEL,EPS) (a crossing for the owner of one centre is read, `ABC(XYZ)`)".into()),
        ),
        ("COAST GAM ABUTS alp BET EPS S:ZET", DpErrorKind::UnsupportedDirective("S:ZET (a crossing for one power only)".into())),
        ("EAST (Eastern:E) @ZET", DpErrorKind::UnsupportedDirective("@ZET (a home marked `@`)".into())),
        ("B.C.2 (British+Columbian) ALP", DpErrorKind::Malformed("power name `B.C.2`: a power's name here is letters, `.`, `-` and `+`".into())),
    ];
    for (line, kind) in cases {
        // the refused line is the last (a directives block before it)
        let at = 3 + line.lines().count();
        let text = format!("MAP base\n# a comment\n\n{line}\n");
        let e = read_err("edit", &text, &[("base.map", BASE)]);
        assert_eq!(e, DpError { file: "edit.map".into(), line: at, kind }, "{line}");
        // the same line in the included file is placed there
        let base = format!("{BASE}{line}\n");
        let e = read_err("edit", "# edits\nMAP base\n", &[("base.map", &base)]);
        assert_eq!((e.file.as_str(), e.line), ("base.map", BASE.lines().count() + line.lines().count()), "{line}");
    }
    assert_eq!(read_err("edit", "\nUSE nowhere\n", &[]).kind, DpErrorKind::MissingInclude("nowhere.map".into()));
    assert_eq!(read_err("loop", "USE loop\n", &[("loop.map", "USE loop\n")]).kind, DpErrorKind::IncludeLoop("loop.map".into()));
    // BUILD_ANY imports as the variant's `build_any` rule
    let v = read("anyb", &format!("{BASE}RULE BUILD_ANY\n"), &[]).unwrap();
    assert!(v.features.build_any && !read("base", BASE, &[]).unwrap().features.build_any);
}

/// `RULE BUILD_ANY` (DPjudge, MILA: a power builds in any supply centre it owns, while
/// vacant): played through the variant's `build_any` rule.
#[test]
fn build_any_builds_in_another_powers_home_it_owns() {
    let v = read("anyb", &format!("{BASE}RULE BUILD_ANY\n"), &[]).unwrap();
    // NORTH owns EPS (South's home) and has one unit fewer than centres: it builds there
    let case = json!({"phase": "W1901A", "units": {"NORTH": ["A ALP"], "SOUTH": ["A DEL"], "EAST": ["A ZET"]},
        "centers": {"NORTH": ["ALP", "GAM", "EPS"], "SOUTH": ["DEL"], "EAST": ["ZET"]},
        "orders": {"NORTH": ["F EPS B", "A DEL B"]}});
    let out = mailjudge::contract::Adjudicator::new(Some("anyb".into()), None, vec![]).with_variant(v).run_text(&case.to_string()).unwrap();
    let mut north: Vec<&str> = out["units"]["NORTH"].as_array().unwrap().iter().map(|u| u.as_str().unwrap()).collect();
    north.sort();
    assert_eq!(north, ["A ALP", "F EPS"], "{out}");
}

/// `DUMMY` powers (no player plays them) with `RULE CD_DUMMIES` (their orders
/// default: their units hold) import as the variant's dummies, neutral in
/// every game; read as DPjudge and MILA read them: the current power, a list,
/// `ALL`, `ALL EXCEPT`. Without `CD_DUMMIES` (DPjudge's master orders them),
/// or retreating by `CD_RETREATS`, they go into `not_implemented`.
#[test]
fn dummy_powers_import_as_dummies_where_their_orders_default() {
    let dummies = |text: &str| {
        let raw = dpjudge::read("d", &format!("{BASE}RULE CD_DUMMIES\n{text}\n"), &|_| None).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(raw.not_implemented.is_empty(), "{text}: {:?}", raw.not_implemented);
        raw.power.iter().filter(|p| p.dummy).map(|p| p.name.clone()).collect::<Vec<_>>()
    };
    assert_eq!(dummies("DUMMY EAST"), ["EAST"]);
    assert_eq!(dummies("DUMMIES SOUTH, EAST"), ["SOUTH", "EAST"]);
    assert_eq!(dummies("DUMMY ALL EXCEPT NORTH"), ["SOUTH", "EAST"]);
    assert!(dummies("").is_empty());
    assert!(dummies("DUMMY EAST\nUNPLAYED EAST").is_empty());
    // after its power's line, alone: that power (DPjudge shows `_EAST` as EAST)
    let raw =
        dpjudge::read("d", &format!("{}RULE CD_DUMMIES\n", BASE.replace("EAST (Eastern:E) ZET\nA ZET\n", "_EAST (Eastern:E) ZET\nDUMMY\nA ZET\n")), &|_| None)
            .unwrap();
    let east = raw.power.iter().find(|p| p.name == "EAST").unwrap();
    assert!(east.dummy && east.units == ["A ZET"]);
    let v = read("d", &format!("{BASE}RULE CD_DUMMIES IMMOBILE_DUMMIES\nDUMMY EAST\n"), &[]).unwrap();
    assert!(v.powers[2].dummy && !v.powers[0].dummy);
    // every power a dummy: no game
    let e = read("d", &format!("{BASE}RULE CD_DUMMIES\nDUMMY ALL\n"), &[]).unwrap_err();
    assert!(e.contains("every power is a dummy"), "{e}");
    // without CD_DUMMIES, or with CD_RETREATS but not IMMOBILE_DUMMIES: not played
    let refused = "DUMMY powers (EAST) without RULE CD_DUMMIES, or retreating by CD_RETREATS: DPjudge's master orders them, or they retreat at random";
    for rules in ["", "RULE IMMOBILE_DUMMIES\n", "RULE CD_DUMMIES CD_RETREATS\n"] {
        let raw = dpjudge::read("d", &format!("{BASE}{rules}DUMMY EAST\n"), &|_| None).unwrap();
        assert_eq!(raw.not_implemented, [refused], "{rules}");
        assert!(!raw.power[2].dummy);
    }
    let e = read("d", &format!("{BASE}DUMMY EAST\n"), &[]).unwrap_err();
    assert!(e.contains("cannot be played here yet") && e.contains("DUMMY powers (EAST)"), "{e}");
    let held = dpjudge::read("d", &format!("{BASE}RULE CD_DUMMIES CD_RETREATS IMMOBILE_DUMMIES\nDUMMY EAST\n"), &|_| None).unwrap();
    assert!(held.not_implemented.is_empty() && held.power[2].dummy);
    // CD_BUILDS: the dummies build by themselves; without dummies it is random
    // builds for players in civil disorder, not played
    let v = read("d", &format!("{BASE}RULE CD_DUMMIES CD_BUILDS\nDUMMY EAST\n"), &[]).unwrap();
    assert!(v.features.dummy_builds);
    let raw = dpjudge::read("d", &format!("{BASE}RULE CD_BUILDS\n"), &|_| None).unwrap();
    assert!(raw.not_implemented[0].starts_with("RULE CD_BUILDS for powers that have players"), "{:?}", raw.not_implemented);
}

/// A dummy is neutral in every game, one bit a power: the first 64 powers
/// may be dummies, the 65th may not.
#[test]
fn dummies_are_among_the_first_sixty_four_powers() {
    // 65 powers in a ring of 65 places, each with a letter of its own
    let letters: Vec<char> = ('A'..='Z').chain('0'..='9').chain("!#$%&+,-./;<>?@[]^_{|}~".chars()).chain('\u{3b1}'..='\u{3ba}').collect();
    let name = |i: usize| format!("X{}{}", (b'A' + (i / 26) as u8) as char, (b'A' + (i % 26) as u8) as char);
    let text = |dummy: usize| {
        let mut t = String::from("RULE CD_DUMMIES\n");
        for (i, letter) in letters.iter().enumerate().take(65) {
            t += &format!(
                "Place {} = Q{i:02}\nLAND Q{i:02} ABUTS q{:02} q{:02}\n{} (:{letter}) Q{i:02}\nA Q{i:02}\n",
                name(i),
                (i + 1) % 65,
                (i + 64) % 65,
                name(i),
            );
        }
        t + &format!("DUMMY {}\n", name(dummy))
    };
    let at = read("many", &text(63), &[]).unwrap();
    assert!(at.powers.len() == 65 && at.powers[63].dummy);
    let past = read("many", &text(64), &[]).unwrap_err();
    assert!(past.contains("a dummy power is numbered 64 or more"), "{past}");
}

/// DPjudge's rule flags of where builds go and how a game starts, as the
/// variant's `[rules]`: REMOTE_BUILDS, HOME_BUILDS (both: not played),
/// MOBILIZE (a `BEGIN` in Spring begins at the Winter before, and no unit is
/// placed), NO_DRAW, and `!FLAG` taking a flag back.
#[test]
fn rule_flags_become_the_variants_rules() {
    let rules = |text: &str| {
        let raw = dpjudge::read("r", &format!("{BASE}{text}\n"), &|_| None).unwrap_or_else(|e| panic!("{text}: {e}"));
        (raw.rules.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>(), raw.not_implemented, raw.start, raw.power)
    };
    assert_eq!(rules("RULE REMOTE_BUILDS").0, ["build_sites=\"one\""]);
    assert_eq!(rules("RULE HOME_BUILDS").0, ["build_sites=\"any_home\""]);
    assert_eq!(rules("RULE HOME_BUILDS BUILD_ANY").0, ["build_any=true"]);
    assert_eq!(rules("RULE BUILD_ANY\nRULE !BUILD_ANY").0, Vec::<String>::new());
    assert_eq!(rules("RULE NO_DRAW").0, ["no_draw=true"]);
    let (r, missing, _, _) = rules("RULE HOME_BUILDS REMOTE_BUILDS");
    assert!(r.is_empty() && missing[0].starts_with("RULE HOME_BUILDS with REMOTE_BUILDS"), "{missing:?}");
    let (r, _, start, powers) = rules("RULE MOBILIZE\nBEGIN SPRING 1901 MOVEMENT");
    assert_eq!((r, start.as_str()), (vec!["mobilize=true".to_string()], "W1900A"));
    assert!(powers.iter().all(|p| p.units.is_empty()));
    let v = read("r", &format!("{BASE}RULE MOBILIZE\nBEGIN WINTER 1900 ADJUSTMENTS\n"), &[]).unwrap();
    assert!(v.features.mobilize && v.powers.iter().all(|w| w.units.is_empty()));
    let v = read("r", &format!("{BASE}RULE NO_DRAW REMOTE_BUILDS\n"), &[]).unwrap();
    assert!(v.features.no_draw && mailjudge::rules::Rulebook::for_variant(&v).build_sites == mailjudge::rules::BuildSites::OneHome);
}

/// `OWNS` adds starting centres (a centre no home line names becomes one),
/// `CENTERS` after a power replaces them; starting centres other than the
/// homes are the variant's `owns`.
#[test]
fn owns_gives_starting_centres() {
    let owns = |text: &str| {
        let raw = dpjudge::read("o", &BASE.replace("A ALP\n", &format!("A ALP\n{text}\n")), &|_| None).unwrap_or_else(|e| panic!("{text}: {e}"));
        raw.power[0].owns.clone()
    };
    assert_eq!(owns("OWNS ALP GAM"), None, "the homes: nothing to say");
    assert_eq!(owns("OWNS ALP\nOWNS BET"), Some(vec!["ALP".to_string(), "BET".to_string()]));
    assert_eq!(owns("OWNS ALP BET\nCENTERS GAM"), Some(vec!["GAM".to_string()]));
    let v = read("o", &BASE.replace("A ALP\n", "A ALP\nOWNS ALP GAM EPS\n").replace("SOUTH (Southern:S) DEL EPS", "SOUTH (Southern:S) DEL EPS\nOWNS DEL"), &[])
        .unwrap();
    let north = &v.powers[0];
    assert_eq!(north.owns.iter().map(|&p| v.code(p)).collect::<Vec<_>>(), ["ALP", "GAM", "EPS"]);
    assert_eq!(north.home.iter().map(|&p| v.code(p)).collect::<Vec<_>>(), ["ALP", "GAM"]);
    let bet = v.prov_by_code("BET").unwrap();
    let v = read("o", &BASE.replace("A ALP\n", "A ALP\nOWNS ALP GAM BET\n").replace("WATER BET", "COAST BET"), &[]);
    assert!(v.is_err() || v.as_ref().unwrap().is_center(bet));
}

/// 1900's marks: `*X` among a power's homes is a partisan site (no centre,
/// no home), `*X` in an adjacency list a half-strength crossing.
#[test]
fn partisan_homes_and_half_strength_crossings_are_read() {
    let text = format!(
        "{}Kappa = KAP kap\nLAND KAP ABUTS alp\nAMEND ALP ABUTS kap\nAMEND GAM ABUTS *ZET\nAMEND ZET ABUTS GAM*\n",
        BASE.replace("NORTH (Northern:N) ALP GAM", "NORTH (Northern:N) ALP GAM *KAP")
    );
    let v = read("p", &text, &[]).unwrap();
    let (kap, gam, zet) = (prov(&v, "KAP"), prov(&v, "GAM"), prov(&v, "ZET"));
    assert_eq!(v.powers[0].partisan, [kap]);
    assert!(!v.is_center(kap) && !v.powers[0].home.contains(&kap));
    assert!(v.is_half_strength(gam, zet) && v.is_half_strength(zet, gam) && v.fleet_adjacent(Loc::new(gam), Loc::new(zet)));
    // `-*KAP` takes the site away again
    let v = read("p", &text.replace("ALP GAM *KAP", "ALP GAM *KAP -*KAP"), &[]).unwrap();
    assert!(v.powers[0].partisan.is_empty());
}

/// DIRECTIVES blocks: one for every game is read for its RULE lines; one for
/// another of DPjudge's game types (void's `PAYOLA DIRECTIVES`) is skipped.
#[test]
fn directives_blocks_for_other_game_types_are_skipped() {
    let v =
        read("d", &format!("{BASE}DIRECTIVES\nRULE BUILD_ANY\nEND DIRECTIVES\nPAYOLA DIRECTIVES\nRULE NO_DONATIONS\nTAX 1\nEND DIRECTIVES\n"), &[]).unwrap();
    assert!(v.features.build_any);
    let e = read_err("d", &format!("{BASE}STANDARD DIRECTIVES\nRULE NO_DONATIONS\nEND DIRECTIVES\n"), &[]);
    assert_eq!(e.kind, DpErrorKind::UnsupportedRule("NO_DONATIONS".into()));
    // `*` signs on a master here: such a power letter becomes M
    let v = read("d", &BASE.replace("EAST (Eastern:E)", "EAST (Eastern:*)"), &[]).unwrap();
    assert_eq!(v.powers[2].letter, 'M');
}

/// From the command line: the refused file named with its path and line,
/// exit status 1; a good one written and valid.
#[test]
fn import_command_reports_and_writes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("base.map"), BASE).unwrap();
    std::fs::write(dir.path().join("bad.map"), "USE base\n\nFLOW SPRING:INCOME\n").unwrap();
    let bad = dir.path().join("bad.map");
    let out = dir.path().join("out");
    let (code, _, err) = run(&["variant", "import", bad.to_str().unwrap(), "--out", out.to_str().unwrap()], "");
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.trim(), format!("{}:3: directive `FLOW (phase INCOME)` is not supported by mailjudge", bad.display()));
    let (code, stdout, err) = run(&["variant", "import", dir.path().join("base.map").to_str().unwrap(), "--out", out.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("base.toml"), "{stdout}");
    let (code, stdout, err) = run(&["check-variant", out.join("base.toml").to_str().unwrap()], "");
    assert_eq!(code, 0, "{stdout}{err}");
    assert!(stdout.contains("variant `base` is valid: 6 provinces, 5 supply centres, 3 powers"), "{stdout}");
}

/// `MAP`/`USE` nest at most `MAX_INCLUDE_DEPTH` (16) files deep: a chain of
/// 16 inclusions reads, one of 17 is refused at the line of the 17th, and so
/// is a chain of 20,000 files (which overflowed the stack), with no file
/// past the limit asked for.
#[test]
fn includes_nest_at_most_sixteen_deep() {
    use dpjudge::MAX_INCLUDE_DEPTH;
    assert_eq!(MAX_INCLUDE_DEPTH, 16);
    // "chain.map" uses f1, f1 uses f2, ... f(n-1) uses fn, which is the base map
    let chain = |n: usize| -> Vec<(String, String)> {
        (1..=n).map(|i| (format!("f{i}.map"), if i == n { BASE.to_string() } else { format!("# level {i}\nUSE f{}\n", i + 1) })).collect()
    };
    let files = chain(MAX_INCLUDE_DEPTH);
    let refs: Vec<(&str, &str)> = files.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    let v = read("chain", "USE f1\n", &refs).expect("16 files deep reads");
    assert_eq!(v.powers.len(), 3);
    for n in [MAX_INCLUDE_DEPTH + 1, 20_000] {
        let files: BTreeMap<String, String> = chain(n).into_iter().collect();
        let asked = std::cell::RefCell::new(Vec::new());
        let include = |name: &str| {
            asked.borrow_mut().push(name.to_string());
            files.get(name).cloned()
        };
        let e = dpjudge::read("chain", "USE f1\n", &include).expect_err("too deep");
        assert_eq!(e, DpError { file: "f16.map".into(), line: 2, kind: DpErrorKind::IncludeTooDeep("f17.map".into()) }, "{n} files");
        assert_eq!(e.to_string(), "f16.map:2: included map `f17.map` is more than 16 inclusions deep");
        assert_eq!(asked.borrow().len(), MAX_INCLUDE_DEPTH, "no file past the limit read ({n} files)");
    }
}

/// A name in `MAP`/`USE` that could lead outside the map's folder (an
/// absolute path, a `..` anywhere in it) is refused with the file and line,
/// before any file is asked for.
#[test]
fn included_names_outside_the_folder_are_refused() {
    let never = |n: &str| -> Option<String> { panic!("{n}: asked for a file that is refused by its name") };
    for (line, name) in [
        ("USE /etc/passwd", "/etc/passwd.map"),
        ("MAP ../base", "../base"),
        ("USE maps/../../base", "maps/../../base"),
        ("USE ..\\base", "..\\base"),
        ("USE \\\\server\\base", "\\\\server\\base.map"),
        ("USE C:base", "C:base.map"),
        ("USE base, /tmp/x.map", "/tmp/x.map"),
    ] {
        let text = format!("# edits\n{line}\n");
        let e = match dpjudge::read("edit", &text, &|n| if n == "base.map" { Some(BASE.to_string()) } else { never(n) }) {
            Err(e) => e,
            Ok(_) => panic!("{line}: read"),
        };
        assert_eq!(e, DpError { file: "edit.map".into(), line: 2, kind: DpErrorKind::IncludeOutside(name.into()) }, "{line}");
        assert!(e.to_string().contains("outside the map's folder"), "{e}");
    }
    // a folder below the map's is inside it
    let v = read("edit", "USE sub/base\n", &[("sub/base.map", BASE)]).unwrap();
    assert_eq!(v.powers.len(), 3);
}

/// `mailjudge variant import` reads only files inside the map's folder: an
/// absolute path and a `..` are refused by name, a link that leads out of
/// the folder once followed; a file in a folder below, or a link that stays
/// inside, is read.
#[test]
fn import_reads_only_files_inside_the_maps_folder() {
    let dir = tempfile::tempdir().unwrap();
    let (maps, outside) = (dir.path().join("maps"), dir.path().join("outside"));
    std::fs::create_dir_all(maps.join("sub")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("base.map"), BASE).unwrap();
    std::fs::write(maps.join("sub/base.map"), BASE).unwrap();
    std::os::unix::fs::symlink(outside.join("base.map"), maps.join("base.map")).unwrap();
    std::os::unix::fs::symlink(&outside, maps.join("away")).unwrap();
    std::os::unix::fs::symlink(maps.join("sub/base.map"), maps.join("near.map")).unwrap();
    let out = dir.path().join("out");
    let import = |name: &str, text: &str| {
        let f = maps.join(name);
        std::fs::write(&f, text).unwrap();
        let (code, stdout, err) = run(&["variant", "import", f.to_str().unwrap(), "--out", out.to_str().unwrap()], "");
        (code, format!("{stdout}{err}"), f)
    };
    let abs = outside.join("base.map");
    for (name, text, line, included) in [
        ("abs.map", format!("# absolute\nUSE {}\n", abs.display()), 2, abs.display().to_string()),
        ("up.map", "MAP ../outside/base\n".to_string(), 1, "../outside/base".to_string()),
        ("link.map", "USE base\n".to_string(), 1, "base.map".to_string()),
        ("dirlink.map", "\nUSE away/base\n".to_string(), 2, "away/base.map".to_string()),
    ] {
        let (code, said, f) = import(name, &text);
        assert_eq!(code, 1, "{name}: {said}");
        assert!(said.trim().starts_with(&format!("{}:{line}: included map `{included}` is outside the map's folder", f.display())), "{name}: {said}");
    }
    for name in ["down.map", "near2.map"] {
        let text = if name == "down.map" { "USE sub/base\n" } else { "USE near\n" };
        let (code, said, _) = import(name, text);
        assert_eq!(code, 0, "{name}: {said}");
    }
    assert!(!out.join("abs.toml").exists() && !out.join("link.toml").exists() && out.join("down.toml").exists());
}

/// Names that would mean two places are no names: an alias DPjudge marks
/// ambiguous (`?`) and one two places share are dropped, each place keeping
/// its own name and abbreviation.
#[test]
fn ambiguous_abbreviations_are_dropped() {
    let text = BASE.replace("Gamma = GAM gam", "Gamma = GAM gam ga g?").replace("Delta = DEL dlt", "Delta = DEL dlt ga");
    let v = read("amb", &text, &[]).unwrap();
    let (gam, del) = (prov(&v, "GAM"), prov(&v, "DEL"));
    assert!(v.province(gam).aliases.is_empty(), "{:?}", v.province(gam).aliases);
    assert_eq!(v.province(del).aliases, ["dlt"]);
    // `ga` is now only a prefix of Gamma's names, never Delta
    assert!(parse_province(&v, "ga").ok() != Some(del) && parse_province(&v, "g?").is_err());
    assert_eq!(parse_province(&v, "gamma").unwrap(), gam);
    assert_eq!(parse_province(&v, "delta").unwrap(), del);
}

/// Coasts: a province's army line in lower case and one line per coast.
#[test]
fn coasts_from_dpjudge_lines() {
    let text = BASE
        .replace("Gamma = GAM gam", "Gamma = GAM gam\nGamma North Coast = GAM/NC\nGamma South Coast = GAM/SC")
        .replace("COAST GAM ABUTS alp BET EPS", "COAST gam ABUTS alp eps\nCOAST GAM/NC ABUTS BET\nCOAST GAM/SC ABUTS EPS");
    let text = text
        .replace("WATER BET ABUTS GAM EPS ZET", "WATER BET ABUTS GAM/NC EPS ZET")
        .replace("COAST EPS ABUTS GAM BET del", "COAST EPS ABUTS gam GAM/SC BET del");
    let text = text.replace("F GAM", "F GAM/SC");
    let v = read("coasts", &text, &[]).unwrap();
    let (gam, bet, eps) = (prov(&v, "GAM"), prov(&v, "BET"), prov(&v, "EPS"));
    assert_eq!(v.province(gam).coasts, [Coast::North, Coast::South]);
    assert!(v.fleet_adjacent(Loc::with(gam, Coast::North), Loc::new(bet)));
    assert!(!v.fleet_adjacent(Loc::with(gam, Coast::South), Loc::new(bet)));
    assert!(v.fleet_adjacent(Loc::new(eps), Loc::with(gam, Coast::South)));
    assert!(v.army_adjacent(gam, eps));
    assert_eq!(v.unit_code(&v.powers[0].units[1]), "F GAM/SC");
    // and the shipped maps' own coasts: Fleet Rome's Spain
    let fr = Variant::builtin("fleetrome").unwrap();
    let (spa, mao, wes) = (prov(&fr, "SPA"), prov(&fr, "MAO"), prov(&fr, "WES"));
    assert!(fr.fleet_adjacent(Loc::with(spa, Coast::North), Loc::new(mao)));
    assert!(fr.fleet_adjacent(Loc::with(spa, Coast::South), Loc::new(wes)));
    assert!(!fr.fleet_adjacent(Loc::with(spa, Coast::North), Loc::new(wes)));
}

/// Each shipped TOML is exactly what `variant import` writes from the
/// shipped `.map` file, and `check-variant` passes it.
#[test]
fn shipped_variants_are_the_import_of_their_map() {
    let out = tempfile::tempdir().unwrap();
    for name in SHIPPED {
        let map = dpjudge_dir().join(format!("{name}.map"));
        let (code, _, err) = run(&["variant", "import", map.to_str().unwrap(), "--out", out.path().to_str().unwrap()], "");
        assert_eq!(code, 0, "{name}: {err}");
        let written = std::fs::read_to_string(out.path().join(format!("{name}.toml"))).unwrap();
        let shipped = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("config/variants/{name}.toml"))).unwrap();
        assert!(written == shipped, "{name}: config/variants/{name}.toml is not what `variant import` writes from its .map");
        let (code, stdout, err) = run(&["check-variant", &format!("config/variants/{name}.toml")], "");
        assert_eq!(code, 0, "{name}: {stdout}{err}");
        assert!(mailjudge::map::BUILTIN.iter().any(|(n, _)| *n == name), "{name} is built in");
    }
}

/// The builds each power owes at the start of a variant that begins with an
/// adjustment phase (Chaos, Minor Powers): an army in each home centre it
/// does not stand in, as many as its homes exceed its units; where the
/// powers mobilize (1898), one army in its first home centre.
fn first_builds(v: &Variant) -> Vec<(String, Vec<String>)> {
    v.powers
        .iter()
        .map(|w| {
            let free = w.home.iter().filter(|&&h| w.units.iter().all(|u| u.loc.prov != h));
            let owed = if v.features.mobilize { 1 } else { w.home.len().saturating_sub(w.units.len()) };
            (w.name.clone(), free.take(owed).map(|&h| format!("A {}", v.code(h))).collect())
        })
        .collect()
}

/// The first phase's position of a variant, every unit holding but one move
/// per power where a neighbour is free; where the variant starts with builds,
/// the builds (each expected among the next phase's units).
fn first_phase_case(v: &Variant) -> (Value, Vec<(String, String)>) {
    let mut units = serde_json::Map::new();
    let mut orders = serde_json::Map::new();
    let mut moves = Vec::new();
    if v.start.kind == mailjudge::phase::PhaseKind::Adjustment {
        // each power owns its starting centres (none where it mobilizes)
        let mut centers = serde_json::Map::new();
        for (w, (name, builds)) in v.powers.iter().zip(first_builds(v)) {
            units.insert(name.clone(), json!(w.units.iter().map(|u| v.unit_code(u)).collect::<Vec<_>>()));
            let owns = if v.features.mobilize { &[][..] } else { &w.owns[..] };
            centers.insert(name.clone(), json!(owns.iter().map(|&h| v.code(h)).collect::<Vec<_>>()));
            orders.insert(name.clone(), json!(builds.iter().map(|b| format!("{b} B")).collect::<Vec<_>>()));
            moves.extend(builds.into_iter().map(|b| (name.clone(), b)));
        }
        return (json!({"phase": v.calendar.name(v.start), "units": units, "orders": orders, "centers": centers}), moves);
    }
    let occupied: Vec<Prov> = v.powers.iter().flat_map(|w| &w.units).map(|u| u.loc.prov).collect();
    for w in &v.powers {
        let codes: Vec<String> = w.units.iter().map(|u| v.unit_code(u)).collect();
        let mut list: Vec<String> = codes.iter().map(|c| format!("{c} H")).collect();
        // the first army with a free neighbour moves there (a dummy's orders
        // are not taken: it holds)
        if let Some((i, to)) = w.units.iter().enumerate().filter(|_| !w.dummy).find_map(|(i, u)| {
            let to = v.army_neighbours(u.loc.prov).iter().find(|&&p| !occupied.contains(&(p)) && u.kind == mailjudge::map::UnitType::Army)?;
            Some((i, *to))
        }) {
            list[i] = format!("{} - {}", codes[i], v.code(to));
            moves.push((w.name.clone(), format!("{} {}", &codes[i][..1], v.code(to))));
        } else if let Some(to) = w.units.first().and_then(|u| v.army_neighbours(u.loc.prov).first()) {
            // nothing free: an attack on a neighbour's holding unit
            list[0] = format!("{} - {}", codes[0], v.code(*to));
        }
        units.insert(w.name.clone(), json!(codes));
        orders.insert(w.name.clone(), json!(list));
    }
    (json!({"phase": v.calendar.name(v.start), "units": units, "orders": orders, "centers": {}}), moves)
}

/// `adjudicate --variant NAME`: a first movement phase of every shipped
/// variant, with its names, adjudicated to the next phase.
#[test]
fn shipped_variants_adjudicate_a_movement_phase() {
    for name in SHIPPED {
        let v = Variant::builtin(name).unwrap();
        let (case, moves) = first_phase_case(&v);
        let (code, out, err) = run(&["adjudicate", "--variant", name], &case.to_string());
        assert_eq!(code, 0, "{name}: {err}");
        let got: Value = serde_json::from_str(&out).unwrap();
        assert!(got["next_phase"].as_str().is_some_and(|p| p != case["phase"].as_str().unwrap()), "{name}: {out}");
        for (power, unit) in &moves {
            let units: Vec<&str> = got["units"][power].as_array().unwrap().iter().map(|u| u.as_str().unwrap()).collect();
            // a lone move into a free space succeeds unless another power's move bounces it
            let bounced = moves.iter().filter(|(_, u)| u[2..] == unit[2..]).count() > 1;
            assert_eq!(units.contains(&unit.as_str()), !bounced, "{name}: {power} {unit}: {out}");
        }
        // where no space is free (Pure), the moves bounce off the holders
        if moves.is_empty() {
            assert_eq!(got["units"], case["units"], "{name}: {out}");
            let attacks: Vec<&Value> = got["results"]
                .as_object()
                .unwrap()
                .values()
                .flat_map(|r| r.as_array().unwrap())
                .filter(|r| r["order"].as_str().unwrap().contains(" - "))
                .collect();
            assert!(!attacks.is_empty() && attacks.iter().all(|r| r["result"] != "ok"), "{name}: {out}");
        }
    }
}

/// Every shipped variant by mail: `CREATE ?game pw NAME`, a join per power
/// (each asking for its letter), and the first phase played with the holds
/// (or, where the variant starts with builds, the builds) every player sends.
#[test]
fn shipped_variants_play_by_mail() {
    for name in SHIPPED {
        let v = Variant::builtin(name).unwrap();
        let mut g = Game::empty();
        let (r, _) = g.send(GM, &format!("CREATE ?demo gmpass {name}"));
        // the map's dummies have no seat
        let played: Vec<(usize, &mailjudge::map::Power)> = v.powers.iter().enumerate().filter(|(_, w)| !w.dummy).collect();
        assert!(r.contains(&format!("the game starts when all {} seats are taken", played.len())), "{name}: {r}");
        for &(i, w) in &played {
            g.send(&format!("p{i}@example.test"), &format!("SIGNON ?demo pw-{i}\nSET PREFERENCE {}", w.letter));
        }
        assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "active"), 1, "{name}: the last join starts the game");
        assert_eq!(g.phase(&v), v.calendar.name(v.start), "{name}");
        let adjusting = v.start.kind == mailjudge::phase::PhaseKind::Adjustment;
        let builds = first_builds(&v);
        for &(i, w) in &played {
            assert_eq!(db::power_of(g.w.db(), &format!("p{i}@example.test")), Some(i as i64), "{name}");
            let orders: Vec<String> = if adjusting {
                builds[i].1.iter().map(|b| format!("Build {b}")).collect()
            } else {
                w.units.iter().map(|u| format!("{} H", v.unit_code(u))).collect()
            };
            if orders.is_empty() {
                continue;
            }
            let (r, _) = g.send(&format!("p{i}@example.test"), &format!("SIGNON {}demo pw-{i}\n{}", w.letter, orders.join("\n")));
            assert!(!r.to_ascii_lowercase().contains("not understood"), "{name}: {r}");
        }
        // the last orders in adjudicate at once, or the deadline does
        if g.phase(&v) == v.calendar.name(v.start) {
            g.pass_deadline();
        }
        assert_ne!(g.phase(&v), v.calendar.name(v.start), "{name}: the first phase was adjudicated");
        let pos = g.position(&v);
        // (a map that starts with moves builds nothing first: shiftaround's
        // Russia has four homes and three units)
        let built = if adjusting { builds.iter().map(|(_, b)| b.len()).sum::<usize>() } else { 0 };
        assert_eq!(pos.units.len(), v.powers.iter().map(|w| w.units.len()).sum::<usize>() + built, "{name}: every unit held, every build built");
        if adjusting {
            assert!(built > 0, "{name}");
            for (p, (_, bs)) in builds.iter().enumerate() {
                let mine: Vec<String> = pos.units.iter().filter(|u| u.power as usize == p).map(|u| v.unit_code(u)).collect();
                assert!(bs.iter().all(|b| mine.contains(b)), "{name}: {bs:?} among {mine:?}");
            }
        }
    }
}

/// Chaos names its 34 powers after their home centres: a power's name is
/// read where an order may name a unit's nationality (before the unit), a
/// province's where a province is looked for (issue 23).
#[test]
fn powers_named_like_provinces_are_read_by_position() {
    use mailjudge::map::UnitType::{Army, Fleet};
    use mailjudge::order::{Order, UnitSpec};
    let v = Variant::builtin("chaos").unwrap();
    let (ven, tri, rom, stp, mos) = (prov(&v, "VEN"), prov(&v, "TRI"), prov(&v, "ROM"), prov(&v, "STP"), prov(&v, "MOS"));
    let power = |n: &str| v.power_by_name(n).unwrap();
    let order = |t: &str| parse_order(&v, t, Some(PhaseKind::Movement)).unwrap_or_else(|e| panic!("`{t}`: {e}"));
    let unit = |kind, p| UnitSpec::new(kind, Loc::new(p));
    let of = |kind, p, w: &str| UnitSpec { kind, loc: Loc::new(p), power: Some(power(w)) };
    let to_tri = |u| Order::Move { unit: u, dest: Loc::new(tri), via: false };
    // the province where a unit's province is looked for
    assert_eq!(order("A Venice - Trieste"), to_tri(unit(Some(Army), ven)));
    assert_eq!(order("Venice - Trieste"), to_tri(unit(None, ven)));
    assert_eq!(order("Venice -> Trieste"), to_tri(unit(None, ven)));
    assert_eq!(order("Venice H"), Order::Hold(unit(None, ven)));
    assert_eq!(order("Venice holds"), Order::Hold(unit(None, ven)));
    // the power where a unit follows the name
    assert_eq!(order("Venice A VEN H"), Order::Hold(of(Some(Army), ven, "VENICE")));
    assert_eq!(order("Venice Venice - Trieste"), to_tri(of(None, ven, "VENICE")));
    assert_eq!(order("Venetian F Venice - Trieste"), to_tri(of(Some(Fleet), ven, "VENICE")));
    assert_eq!(order("Trieste A Venice - Trieste"), to_tri(of(Some(Army), ven, "TRIESTE")));
    // in a support, the supported unit the same way
    let rome = unit(Some(Army), rom);
    assert_eq!(order("A Rome S Venice - Trieste"), Order::Support { unit: rome, target: unit(None, ven), dest: Some(Loc::new(tri)) });
    assert_eq!(order("A Rome S Venice A Venice - Trieste"), Order::Support { unit: rome, target: of(Some(Army), ven, "VENICE"), dest: Some(Loc::new(tri)) });
    assert_eq!(order("A Rome S Venice"), Order::Support { unit: rome, target: unit(None, ven), dest: None });
    // names of several words
    let to_mos = |u| Order::Move { unit: u, dest: Loc::new(mos), via: false };
    assert_eq!(order("St Petersburg - Moscow"), to_mos(unit(None, stp)));
    assert_eq!(order("St-Petersburg A St Petersburg - Moscow"), to_mos(of(Some(Army), stp, "ST-PETERSBURG")));
    assert_eq!(order("St Petersburger A STP - MOS"), to_mos(of(Some(Army), stp, "ST-PETERSBURG")));
    assert_eq!(order("Build A Venice"), Order::Build(unit(Some(Army), ven)));
    // a power's name followed by no place is refused, naming the word
    let e = parse_order(&v, "Venice Xyzzy H", None).unwrap_err();
    assert!(e.message.contains("xyzzy"), "{e}");
    // the contract's canonical orders are read as before
    assert_eq!(order("A VEN - TRI"), to_tri(unit(Some(Army), ven)));
    // the judge's name readers: a whole name, a start of one, letters, digits
    assert_eq!(find_power(&v, "Venice"), Some(power("VENICE")));
    assert_eq!(find_power(&v, "st petersburg"), Some(power("ST-PETERSBURG")));
    assert_eq!(find_power(&v, "7"), Some(power("VENICE")), "Chaos's letters run on into digits");
    assert_eq!(parse_powers(&v, "Venice, St Petersburg Rome").unwrap(), [power("ROME"), power("ST-PETERSBURG"), power("VENICE")]);
}

/// Empire's `B.C.` and `NEW+YORK`: the power names the file gives, written
/// with their dots and dashes or without, and their adjectives.
#[test]
fn empire_power_names_with_dots_and_words() {
    use mailjudge::map::UnitType::{Army, Fleet};
    use mailjudge::order::{Order, UnitSpec};
    let v = Variant::builtin("empire").unwrap();
    let (bc, ny) = (v.power_by_name("B.C.").unwrap(), v.power_by_name("NEW-YORK").unwrap());
    assert_eq!((v.powers[bc as usize].adjective.as_str(), v.powers[ny as usize].adjective.as_str()), ("British Columbian", "Yankee"));
    let (van, nyc) = (prov(&v, "VAN"), prov(&v, "NYC"));
    for t in ["B.C. A VAN H", "BC A VAN H", "b. c. a van h", "British Columbian A Vancouver H", "British-Columbian A VAN holds"] {
        let o = parse_order(&v, t, Some(PhaseKind::Movement)).unwrap_or_else(|e| panic!("`{t}`: {e}"));
        assert_eq!(o, Order::Hold(UnitSpec { kind: Some(Army), loc: Loc::new(van), power: Some(bc) }), "`{t}`");
    }
    for t in ["New York F NYC H", "New-York F NYC H", "NewYork F NYC H", "Yankee F New York City H"] {
        let o = parse_order(&v, t, Some(PhaseKind::Movement)).unwrap_or_else(|e| panic!("`{t}`: {e}"));
        assert_eq!(o, Order::Hold(UnitSpec { kind: Some(Fleet), loc: Loc::new(nyc), power: Some(ny) }), "`{t}`");
    }
    // `B` alone is still a build
    assert_eq!(parse_order(&v, "B A VAN", None).unwrap(), Order::Build(UnitSpec::new(Some(Army), Loc::new(van))));
    assert_eq!((pname(&v, bc), pname(&v, ny)), ("B.C.".to_string(), "New-York".to_string()));
    for w in ["B.C.", "bc", "b.c", "British Columbian", "new-york", "NewYork", "Yankee"] {
        assert!(find_power(&v, w).is_some(), "{w}");
    }
    assert_eq!(parse_powers(&v, "B.C., New York").unwrap(), [bc, ny]);
}

/// `RULE BUILD_ANY` (Chaos, Minor Powers): builds in any owned centre; a
/// map without it (Crowded, the same geography) builds in home centres only.
#[test]
fn build_any_builds_in_any_owned_centre() {
    let case = |power: &str| {
        json!({"phase": "W1901A", "units": {power: ["A VEN"]}, "centers": {power: ["VEN", "TRI", "ROM"]}, "orders": {power: ["A TRI B", "A ROM B"]}})
            .to_string()
    };
    let units = |variant: &str, power: &str| -> Vec<String> {
        let (code, out, err) = run(&["adjudicate", "--variant", variant], &case(power));
        assert_eq!(code, 0, "{err}");
        let got: Value = serde_json::from_str(&out).unwrap();
        let mut u: Vec<String> = got["units"][power].as_array().unwrap().iter().map(|u| u.as_str().unwrap().to_string()).collect();
        u.sort();
        u
    };
    // Venice owns Trieste and Rome: both builds stand
    assert_eq!(units("chaos", "VENICE"), ["A ROM", "A TRI", "A VEN"]);
    // Italy in Crowded: Rome is a home centre, Trieste is not
    assert_eq!(units("crowded", "ITALY"), ["A ROM", "A VEN"]);
}

/// By mail: an order line after a power's name and a colon, and press to a
/// power by its name, on maps whose powers are `B.C.` and `Venice`.
#[test]
fn power_names_by_mail() {
    let join = |g: &mut Game, v: &Variant| {
        for (i, w) in v.powers.iter().enumerate() {
            g.send(&format!("p{i}@example.test"), &format!("SIGNON ?demo pw-{i}\nSET PREFERENCE {}", w.letter));
        }
        assert_eq!(count(db::games(g.w.db()), |r| r.status.as_str() == "active"), 1);
    };
    let v = Variant::builtin("empire").unwrap();
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass empire");
    join(&mut g, &v);
    let bc = v.power_by_name("B.C.").unwrap() as usize;
    let ny = v.power_by_name("NEW-YORK").unwrap() as usize;
    let (r, _) = g.send(&format!("p{bc}@example.test"), &format!("SIGNON Bdemo pw-{bc}\nB.C.: A VAN H"));
    assert!(g.orders(bc as i64).iter().any(|o| o == "A VAN H"), "{r}");
    let (r, sent) = g.send(&format!("p{bc}@example.test"), &format!("SIGNON Bdemo pw-{bc}\nPRESS TO New-York\nFrom the west.\nENDPRESS"));
    let got: Vec<&str> = sent.iter().filter(|s| s.body.contains("From the west.")).map(|s| s.to.as_str()).collect();
    assert!(
        got.contains(&format!("p{ny}@example.test").as_str()) && got.iter().all(|t| !t.starts_with('p') || *t == format!("p{ny}@example.test")),
        "{r} {got:?}"
    );

    let v = Variant::builtin("chaos").unwrap();
    let mut g = Game::empty();
    g.send(GM, "CREATE ?demo gmpass chaos");
    join(&mut g, &v);
    let (ven, rom) = (v.power_by_name("VENICE").unwrap() as usize, v.power_by_name("ROME").unwrap() as usize);
    let (r, _) = g.send(&format!("p{ven}@example.test"), &format!("SIGNON 7demo pw-{ven}\nVenice: Build F Venice"));
    assert!(g.orders(ven as i64).iter().any(|o| o == "F VEN B"), "{r}");
    // `TO ROME` is Rome, not the powers lettered R, O, M and E
    let (r, sent) = g.send(&format!("p{ven}@example.test"), &format!("SIGNON 7demo pw-{ven}\nPRESS TO ROME\nAve.\nENDPRESS"));
    let got: Vec<String> = sent.iter().filter(|s| s.body.contains("Ave.") && s.to.starts_with('p')).map(|s| s.to.clone()).collect();
    assert_eq!(got, [format!("p{rom}@example.test")], "{r}");
}

#[test]
fn an_unknown_variant_is_answered_with_the_judges_own_variant_files_too_at_most_a_hundred() {
    for (n, more) in [(100, None), (101, Some("and 1 more"))] {
        let names: Vec<String> = (0..n).map(|i| format!("gm{i:03}")).collect();
        let files: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "not read")).collect();
        let mut g = crate::common::game::Game::with_variants(&files);
        let (r, _) = g.send(crate::common::game::GM, "CREATE ?x gmpass nosuch");
        let r = crate::common::game::flat(&r);
        let last = mailjudge::map::BUILTIN.last().unwrap().0;
        assert!(r.contains("unknown variant `nosuch` (known: standard,") && r.contains(&format!("{last}, gm000, gm001")), "{n}: {r}");
        assert!(r.contains("gm099"), "{n}: {r}");
        assert!(!r.contains("gm100"), "{n}: at most a hundred named: {r}");
        assert_eq!(more.is_some_and(|m| r.contains(m)), more.is_some(), "{n}: {r}");
        assert!(more.is_some() || !r.contains("more)"), "{n}: {r}");
    }
}

#[test]
fn get_variants_by_mail_and_variant_list_at_the_console_name_every_variant_with_its_powers_and_centres() {
    let standard = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/variants/standard.toml")).unwrap();
    let mut g = crate::common::game::Game::with_variants(&[("mymap", &standard), ("broken", "not a map [[")]);
    let (r, _) = g.send("anyone@example.test", "GET VARIANTS");
    let r = crate::common::game::flat(&r);
    assert!(
        r.contains(
            "standard: Standard Diplomacy. 7 powers: A Austria, E England, F France, G Germany, I Italy, R Russia, T Turkey. 34 centres; 18 centres win."
        ),
        "{r}"
    );
    assert!(r.contains("1885: 1885-III Diplomacy (Davis), reconstructed map. 9 powers:") && r.contains("S Spain, W Sweden"), "{r}");
    assert!(r.contains("chaos: chaos. 34 powers:") && r.contains("original1958: Original 1958 Diplomacy.") && r.contains("18 units win"), "{r}");
    // the judge's own files, after the built-ins: one that plays, one that does not
    assert!(r.contains("mymap: Standard Diplomacy. 7 powers:"), "{r}");
    assert!(r.contains("broken: its file cannot be played (CREATE says why).") && !r.contains("broken.toml"), "{r}");
    // the console: the same list from a variants directory
    let dir = g.w.dir.path().join("variants");
    let (code, out, err) = crate::common::binary::run(&["variant", "list", "--variants-dir", dir.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("mymap: Standard Diplomacy.") && out.contains("youngstown: youngstown. 10 powers:"), "{out}");
}

#[test]
fn help_lists_the_judges_own_variants_letters_after_the_built_ins_at_most_twelve() {
    use mailjudge::command::info::MAX_HELP_IMPORTED;
    let standard = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/variants/standard.toml")).unwrap();
    let five = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config/variants/sailho.toml")).unwrap();
    for extra in [MAX_HELP_IMPORTED - 2, MAX_HELP_IMPORTED - 1] {
        // the broken file and `mine` (Sail Ho!'s powers), then `extra` copies of the standard map
        let names: Vec<String> = (0..extra).map(|i| format!("std{i:02}")).collect();
        let mut files: Vec<(&str, &str)> = vec![("broken", "not a map [["), ("mine", &five)];
        files.extend(names.iter().map(|n| (n.as_str(), standard.as_str())));
        let mut g = crate::common::game::Game::with_variants(&files);
        let (r, _) = g.send("anyone@example.test", "HELP");
        let r = crate::common::game::flat(&r);
        assert!(r.contains("broken: its file cannot be played (CREATE says why)"), "{r}");
        assert!(r.contains("mine: N North, S South, E East, W West"), "{r}");
        let last = format!("std{:02}:", extra - 1);
        let over = extra + 2 - MAX_HELP_IMPORTED;
        if over == 0 {
            assert!(r.contains(&last) && !r.contains("more variants of this judge"), "at the limit: {r}");
        } else {
            assert!(!r.contains(&last) && r.contains(&format!("and {over} more variants of this judge: GET VARIANTS lists them")), "past it: {r}");
        }
    }
}
