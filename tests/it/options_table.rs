//! The game options have one table (src/command/options/mod.rs): README.md's
//! "Game options" table is written from it, and every name in it is one
//! CREATE takes.

use mailjudge::command::options::{OPTIONS, by_key, readme_table};

/// README.md's table of game options: from its head line to the first line
/// that is not a row.
fn readme_rows() -> String {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = &text[text.find("### Game options").expect("README.md has a Game options section")..];
    let start = section.find("| option |").expect("the section has the options table");
    section[start..].lines().take_while(|l| l.starts_with('|')).map(|l| format!("{l}\n")).collect()
}

#[test]
fn readme_lists_the_options_of_the_table() {
    let want = readme_table();
    assert_eq!(readme_rows(), want, "README.md's Game options table differs from src/command/options/mod.rs; it should read:\n{want}");
    assert_eq!(want.lines().count(), OPTIONS.len() + 2);
}

#[test]
fn every_name_of_the_table_is_one_create_takes() {
    for s in OPTIONS {
        for k in s.keys {
            assert_eq!(by_key(k).map(|n| (n.option, n.no)), Some((s.option, false)), "{k}");
            assert_eq!(by_key(&k.to_ascii_uppercase()).map(|n| n.option), Some(s.option), "{k}");
            assert_eq!(by_key(&format!("no{k}")).map(|n| (n.option, n.no)), s.negatable.then_some((s.option, true)), "no{k}");
        }
    }
    assert_eq!(by_key("convoy-intent").map(|n| n.option), by_key("convoy_intent").map(|n| n.option));
    assert!(by_key("judge").is_none() && by_key("colour").is_none() && by_key("no").is_none());
}
