//! The project's shape, checked: the engine (src/engine) does no IO, reads no
//! clock and touches no database; all SQL lives in src/store; main.rs stays thin.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(rust_files(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}

fn src(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(sub)
}

/// Lines of code, comments left out.
fn code(p: &Path) -> Vec<(usize, String)> {
    std::fs::read_to_string(p).unwrap().lines().enumerate().filter(|(_, l)| !l.trim_start().starts_with("//")).map(|(i, l)| (i + 1, l.to_string())).collect()
}

#[test]
fn the_engine_does_no_io_reads_no_clock_and_touches_no_database() {
    let forbidden = [
        "std::fs",
        "std::io",
        "std::net",
        "std::env",
        "std::process",
        "std::thread",
        "SystemTime",
        "Instant",
        "rusqlite",
        "tokio",
        "File::",
        "read_to_string",
        "println!",
        "eprintln!",
        "tracing::",
        "chrono::Utc::now",
        "Local::now",
    ];
    let files = rust_files(&src("engine"));
    assert!(files.len() >= 8, "{files:?}");
    let mut found = Vec::new();
    for f in files {
        for (n, line) in code(&f) {
            for word in forbidden {
                if line.contains(word) {
                    found.push(format!("{}:{n}: {word}", f.display()));
                }
            }
        }
    }
    assert!(found.is_empty(), "the engine must stay pure:\n{}", found.join("\n"));
}

#[test]
fn all_sql_lives_in_the_store() {
    let sql =
        ["SELECT ", "INSERT INTO", "DELETE FROM", "CREATE TABLE", "SAVEPOINT", ".prepare(", ".prepare_cached(", ".execute(", ".execute_batch(", ".query_row("];
    let mut found = Vec::new();
    for f in rust_files(&src("")) {
        if f.starts_with(src("store")) {
            continue;
        }
        for (n, line) in code(&f) {
            for word in sql {
                if line.contains(word) {
                    found.push(format!("{}:{n}: {word}", f.display()));
                }
            }
        }
    }
    assert!(found.is_empty(), "SQL outside src/store:\n{}", found.join("\n"));
}

#[test]
fn main_is_thin() {
    let n = std::fs::read_to_string(src("main.rs")).unwrap().lines().count();
    assert!(n <= 10, "main.rs has {n} lines: the command line belongs in src/cli");
}
