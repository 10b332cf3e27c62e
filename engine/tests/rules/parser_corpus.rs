//! The parser corpus: real-world spellings and what they must become
//! (`engine/tests/data/parser_corpus.tsv`). Errors must carry the expected message, which
//! names the offending text and the candidates or a suggestion.

use mailjudge_engine::map::Variant;
use mailjudge_engine::parse::parse_line;
use mailjudge_engine::phase::PhaseKind;

#[test]
fn parser_corpus() {
    let v = Variant::standard();
    let text = include_str!("../data/parser_corpus.tsv");
    let mut failures = Vec::new();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 3, "bad corpus line: {line}");
        let phase = PhaseKind::from_letter(cols[0].chars().next().unwrap());
        let got: Vec<String> = parse_line(&v, cols[1], phase)
            .into_iter()
            .map(|r| match r {
                Ok(o) => o.canonical(&v),
                Err(e) => format!("ERR:{}", e.message),
            })
            .collect();
        let got = got.join(" | ");
        n += 1;
        if got != cols[2] {
            failures.push(format!("{:?}\n   got:  {got}\n   want: {}", cols[1], cols[2]));
        }
    }
    assert!(n >= 200, "the corpus must hold at least 200 spellings, has {n}");
    assert!(failures.is_empty(), "{} of {n} spellings differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn ambiguous_nor_names_every_candidate() {
    let v = Variant::standard();
    let e = parse_line(&v, "F Nth - Nor", None).remove(0).unwrap_err();
    for name in ["Norway", "North Sea", "Norwegian Sea", "North Atlantic Ocean", "North Africa"] {
        assert!(e.message.contains(name), "{} lacks {name}", e.message);
    }
    assert!(e.to_string().contains("F Nth - Nor"), "the error names the order text");
}

#[test]
fn parser_never_panics_on_junk() {
    let v = Variant::standard();
    for junk in [
        "",
        "-",
        "/",
        "((((",
        "A",
        "F F F",
        "->->->",
        "S S S",
        "ÄÖÜ - ß",
        "A Par - Bur/",
        "A Par - Bur/zz",
        "Build",
        "remove",
        "retreat A",
        "F Nth C",
        "A Mun S A",
        "\u{2014}\u{2014}",
        &"x ".repeat(500),
        &"A Par - Bur, ".repeat(50),
    ] {
        for phase in [None, Some(PhaseKind::Movement), Some(PhaseKind::Retreat), Some(PhaseKind::Adjustment)] {
            let _ = parse_line(&v, junk, phase);
        }
    }
}
