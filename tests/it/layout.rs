//! The project's shape, checked: the engine (the crate in engine/) does no IO, reads no
//! clock and touches no database; all SQL lives in src/store; main.rs stays thin;
//! the code that decides things writes no English (every sentence is in
//! src/report or templates/).

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
    // the engine may be handed a stream (the contract's `--jsonl` loop reads
    // and writes what the CLI gives it: `std::io`'s traits and errors), but
    // opens none: no file, socket, standard stream, process or clock
    let forbidden = [
        "std::fs",
        "stdin(",
        "stdout(",
        "stderr(",
        "io::copy",
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
    let files = rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/src"));
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

/// Every mail the judge sends passes one gate (issue 34): the outbox is
/// written only by `src/context` (`Ctx::queue`, `Ctx::request`,
/// `Ctx::queue_press`, all through `context::gate`), never by a command, a
/// game's life or the pipeline directly, and consent is granted only
/// through the gate (which releases what was held).
#[test]
fn every_mail_goes_through_the_outbound_gate() {
    let mut found = Vec::new();
    for f in rust_files(&src("")) {
        if f.starts_with(src("store")) || f.starts_with(src("context")) {
            continue;
        }
        for (n, line) in code(&f) {
            for word in ["outbox::insert(", "outbox::hold(", "consent::grant(", "consent::release("] {
                if line.contains(word) {
                    found.push(format!("{}:{n}: {word}", f.display()));
                }
            }
        }
    }
    assert!(found.is_empty(), "the outbox or consent written outside src/context (every mail goes through context::gate):\n{}", found.join("\n"));
}

/// SQL in the tests: only in tests/it/common/raw.rs, the one place that
/// breaks a database on purpose; every other test reads and writes the
/// judge's record through the store's API (tests/it/common/db.rs).
#[test]
fn tests_reach_the_database_through_the_store() {
    let sql = [
        "SELECT ",
        "INSERT INTO",
        "DELETE FROM",
        "CREATE TABLE",
        "PRAGMA ",
        "SAVEPOINT",
        ".prepare(",
        ".prepare_cached(",
        ".execute(",
        ".execute_batch(",
        ".query_row(",
        ".query_map(",
        "rusqlite::Connection::open",
    ];
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let allowed = [tests.join("it/common/raw.rs"), tests.join("it/layout.rs")];
    let files = rust_files(&tests);
    assert!(files.len() >= 40, "{files:?}");
    let mut found = Vec::new();
    for f in files.iter().filter(|f| !allowed.contains(f)) {
        for (n, line) in code(f) {
            let update = line.contains("UPDATE ") && line.contains(" SET ");
            for word in sql.iter().filter(|w| line.contains(*w)).copied().chain(update.then_some("UPDATE")) {
                found.push(format!("{}:{n}: {word}", f.display()));
            }
        }
    }
    assert!(found.is_empty(), "SQL in the tests outside tests/it/common/raw.rs (read through the store's API, tests/it/common/db.rs):\n{}", found.join("\n"));
}

#[test]
fn main_is_thin() {
    let n = std::fs::read_to_string(src("main.rs")).unwrap().lines().count();
    assert!(n <= 10, "main.rs has {n} lines: the command line belongs in src/cli");
}

/// A string literal of a source file: its line, its text (escapes left as
/// written) and the calls and macros it sits in (`format`, `anyhow!` ...).
struct Literal {
    line: usize,
    text: String,
    inside: Vec<String>,
}

/// The string literals of Rust source `text`, comments skipped and the
/// `#[cfg(test)]` module (at a file's end) left out: its literals are tests' data.
fn string_literals(text: &str) -> Vec<Literal> {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    // for each open bracket: the call or macro it belongs to ("" for none)
    let mut stack: Vec<String> = Vec::new();
    let mut ident = String::new();
    let mut last = String::new(); // the identifier just before, `name!` for a macro
    let (mut i, mut line) = (0, 1);
    while i < c.len() {
        let ch = c[i];
        let next = c.get(i + 1).copied().unwrap_or(' ');
        if ch.is_alphanumeric() || ch == '_' {
            ident.push(ch);
            i += 1;
            continue;
        }
        // raw and byte strings: r"..", r#".."#, b"..", br".."
        if (ident == "r" || ident == "br") && (ch == '"' || ch == '#') {
            let hashes = c[i..].iter().take_while(|&&x| x == '#').count();
            if c.get(i + hashes) == Some(&'"') {
                let start = i + hashes + 1;
                let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
                let rest: String = c[start..].iter().collect();
                let end = rest.find(&close).map(|e| start + rest[..e].chars().count()).unwrap_or(c.len());
                let s: String = c[start..end].iter().collect();
                out.push(Literal { line, text: s.clone(), inside: stack.clone() });
                line += s.matches('\n').count();
                i = end + close.chars().count();
                ident.clear();
                last.clear();
                continue;
            }
        }
        if !ident.is_empty() {
            last = std::mem::take(&mut ident);
            if last == "b" && ch == '"' {
                last.clear();
            }
        }
        match ch {
            '\n' => line += 1,
            '/' if next == '/' => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '/' if next == '*' => {
                let mut depth = 0;
                while i < c.len() {
                    if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        line += usize::from(c[i] == '\n');
                        i += 1;
                    }
                }
                continue;
            }
            '"' => {
                let start_line = line;
                let mut s = String::new();
                i += 1;
                while i < c.len() && c[i] != '"' {
                    if c[i] == '\\' {
                        s.push(c[i]);
                        i += 1;
                    }
                    line += usize::from(c[i] == '\n');
                    s.push(c[i]);
                    i += 1;
                }
                out.push(Literal { line: start_line, text: s, inside: stack.clone() });
                last.clear();
            }
            // a char literal ('x', '\n', '\'') or a lifetime ('a)
            '\'' => {
                if next == '\\' {
                    i += 3;
                    while i < c.len() && c[i] != '\'' {
                        i += 1;
                    }
                } else if c.get(i + 2) == Some(&'\'') {
                    i += 2;
                }
                last.clear();
            }
            '!' if !last.is_empty() && !last.ends_with('!') => last.push('!'),
            '(' | '[' | '{' => {
                stack.push(std::mem::take(&mut last));
            }
            ')' | ']' | '}' => {
                stack.pop();
                last.clear();
            }
            c if c.is_whitespace() => {}
            ':' => {}
            _ => last.clear(),
        }
        i += 1;
    }
    out
}

/// Whether a literal reads as English: two lowercase words in a row (`is
/// over`, `not a power`); words that start with a capital and end like a
/// sentence (`WAIT cleared.`, `Cleared: {n} order(s) dropped.`); or a
/// capitalized word that starts a phrase or a label (`Internal error`, `The
/// master`, `Error: {e}`).
fn english(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let lower = |w: &str| {
        let w = w.trim_start_matches(['(', '`', '"', '\'']).trim_end_matches(['.', ',', ':', ';', '!', '?', ')', '`', '"', '\'']);
        !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c == '\'' || c == '-')
    };
    let Some(&first) = words.first() else { return false };
    let run = words.windows(2).any(|p| lower(p[0]) && lower(p[1]));
    let t = text.trim_end_matches("\\n").trim();
    let sentence = words.len() >= 2 && t.starts_with(|c: char| c.is_ascii_uppercase()) && t.ends_with(['.', ':', '?', '!']) && words.iter().any(|w| lower(w));
    let capitalized = first.starts_with(|c: char| c.is_ascii_uppercase()) && first.chars().skip(1).any(|c| c.is_ascii_lowercase());
    let label = capitalized && (first.ends_with(':') || words.get(1).is_some_and(|w| lower(w)));
    run || sentence || label
}

/// Calls whose text is for the keeper's log or the judge's own errors, not
/// for a player or master: their literals are not judge speech.
/// (`error` is thiserror's `#[error(...)]`: an error's text for the log.)
const INTERNAL: &[&str] =
    &["error", "trace!", "debug!", "info!", "warn!", "error!", "anyhow!", "bail!", "ensure!", "unreachable!", "panic!", "context", "with_context", "expect"];

/// English literals allowed outside src/report, each for the reason given:
/// (file under src, the literal). None is said to a player or master.
const SPEECH_ALLOWED: &[(&str, &str)] = &[
    // why a phase was processed: only for the keeper's log (the tracing::info!
    // in play::process), never in a mail
    ("command/master.rs", "the master processed it"),
    ("play/deadline.rs", "all orders are in"),
    ("play/deadline.rs", "the deadline passed"),
    ("play/deadline.rs", "the grace period ended"),
    // a stored mail's outcome (the mails table), a record for the keeper
    ("judge/mod.rs", "{ANSWERED}; reply withheld: too many replies to this address within an hour"),
    // the name of a mail in the keeper's log (RawMail::key)
    ("judge/mod.rs", "deferred mail #{id}"),
];

#[test]
fn every_sentence_the_judge_says_lives_in_report_or_templates() {
    let mut files = Vec::new();
    for dir in ["command", "context", "game", "judge", "play", "daemon"] {
        files.extend(rust_files(&src(dir)));
    }
    // the daemon mails nobody today; should it, it speaks through report::say too
    files.push(src("daemon.rs"));
    assert!(files.len() >= 14, "{files:?}");
    let mut found = Vec::new();
    // a module's unit tests (`tests.rs`) write what players write, to read it
    for f in files.into_iter().filter(|f| f.file_name().is_none_or(|n| n != "tests.rs")) {
        let rel = f.strip_prefix(src("")).unwrap().to_string_lossy().replace('\\', "/");
        for lit in string_literals(&std::fs::read_to_string(&f).unwrap()) {
            if lit.inside.iter().any(|call| INTERNAL.contains(&call.as_str())) || !english(&lit.text) {
                continue;
            }
            if SPEECH_ALLOWED.contains(&(rel.as_str(), lit.text.as_str())) {
                continue;
            }
            found.push(format!("src/{rel}:{}: \"{}\"", lit.line, lit.text));
        }
    }
    assert!(found.is_empty(), "English built outside src/report (say it through crate::report::say):\n{}", found.join("\n"));
}

/// The layers of the judge, lowest first (docs/ARCHITECTURE.md): a module
/// may use its own layer and those below, never one above. The engine's
/// modules (the crate `mailjudge_engine`) are re-exported at the crate's root
/// (`crate::map` is the engine's).
const LAYERS: &[&[&str]] = &[
    &["adjudicate", "check", "contract", "map", "order", "parse", "phase", "random", "rules", "end"],
    &["timing", "password"],
    &["variants"],
    &["store"],
    &["config"],
    &["mail"],
    &["game"],
    &["report"],
    &["render"],
    &["archive", "publish"],
    &["context"],
    &["play"],
    &["command"],
    &["judge"],
    &["daemon", "cli"],
];

fn layer(module: &str) -> Option<usize> {
    layer_in(LAYERS, module)
}

fn layer_in(layers: &[&[&str]], module: &str) -> Option<usize> {
    layers.iter().position(|l| l.contains(&module))
}

/// The top-level modules named by `crate::name` in a line.
fn crate_paths(line: &str) -> Vec<String> {
    line.match_indices("crate::").map(|(i, _)| line[i + 7..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()).collect()
}

/// The imports of `src/` that go against the layers, as `file:line: a → b`.
/// A file's unit tests (its `#[cfg(test)] mod`, or a module's `tests.rs`)
/// are left out: they may use anything to build what they check.
fn upward_imports(root: &Path) -> Vec<String> {
    imports_against(root, LAYERS)
}

/// The imports under `root` that go against `layers` (see [`upward_imports`]).
fn imports_against(root: &Path, layers: &[&[&str]]) -> Vec<String> {
    let layer = |m: &str| layer_in(layers, m);
    let mut found = Vec::new();
    for f in rust_files(root) {
        let rel = f.strip_prefix(root).unwrap();
        let top = rel.components().next().unwrap().as_os_str().to_string_lossy().trim_end_matches(".rs").to_string();
        let Some(own) = layer(&top) else { continue };
        if f.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let text = text.split("#[cfg(test)]\nmod ").next().unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            if line.contains("crate::{") {
                found.push(format!("{}:{}: `crate::{{..}}` hides what it imports; name each module", rel.display(), n + 1));
            }
            for used in crate_paths(line) {
                if layer(&used).is_some_and(|l| l > own) {
                    found.push(format!("{}:{}: {top} → {used}", rel.display(), n + 1));
                }
            }
        }
    }
    found
}

#[test]
fn every_module_of_the_judge_has_its_layer_and_imports_only_downward() {
    let root = src("");
    let mut missing = Vec::new();
    for e in std::fs::read_dir(&root).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().trim_end_matches(".rs").to_string();
        if !matches!(name.as_str(), "lib" | "main") && layer(&name).is_none() {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "modules with no layer in LAYERS (and docs/ARCHITECTURE.md): {missing:?}");
    let found = upward_imports(&root);
    assert!(found.is_empty(), "imports against the layers (docs/ARCHITECTURE.md):\n{}", found.join("\n"));
}

#[test]
fn the_layer_check_sees_an_upward_import() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("store")).unwrap();
    std::fs::write(
        dir.path().join("store/x.rs"),
        "use crate::map::Variant;\nuse crate::report::say;\n#[cfg(test)]\nmod tests {\n    use crate::judge::Judge;\n}\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("config.rs"), "// crate::judge in a comment\nuse crate::{judge, store};\n").unwrap();
    let mut found = upward_imports(dir.path());
    found.sort();
    assert_eq!(found, ["config.rs:2: `crate::{..}` hides what it imports; name each module", "store/x.rs:2: store → report"]);
}

/// The longest a function may be, from its `fn` line to its closing brace:
/// a function longer than a screen is several concepts.
const FUNCTION_LINES: usize = 150;

/// The functions of a Rust source text, as (name, first line, lines): a
/// small brace matcher that skips strings, raw strings, chars and comments.
/// A `fn` without a body (a trait's declaration) and a `fn(..)` pointer type
/// are not functions; a function inside another is counted on its own.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let c: Vec<char> = text.chars().collect();
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    let (mut i, mut line, mut depth) = (0, 1, 0usize);
    // a `fn` seen whose body has not opened yet: (name, line)
    let mut pending: Option<(String, usize)> = None;
    // functions whose body is open: (name, line, depth inside the body)
    let mut open: Vec<(String, usize, usize)> = Vec::new();
    let mut found = Vec::new();
    let skip_to = |i: &mut usize, line: &mut usize, end: &dyn Fn(usize) -> bool| {
        while *i < c.len() && !end(*i) {
            if c[*i] == '\n' {
                *line += 1;
            }
            *i += 1;
        }
    };
    while i < c.len() {
        let ch = c[i];
        let prev_ident = i > 0 && ident(c[i - 1]);
        match ch {
            '\n' => line += 1,
            '/' if c.get(i + 1) == Some(&'/') => {
                skip_to(&mut i, &mut line, &|k| c[k] == '\n');
                continue;
            }
            '/' if c.get(i + 1) == Some(&'*') => {
                let mut nest = 0;
                while i < c.len() {
                    if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                        nest += 1;
                        i += 2;
                    } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                        nest -= 1;
                        i += 2;
                        if nest == 0 {
                            break;
                        }
                    } else {
                        line += (c[i] == '\n') as usize;
                        i += 1;
                    }
                }
                continue;
            }
            'r' if !prev_ident && matches!(c.get(i + 1), Some('"' | '#')) => {
                let hashes = c[i + 1..].iter().take_while(|&&h| h == '#').count();
                if c.get(i + 1 + hashes) == Some(&'"') {
                    i += hashes + 2;
                    let closes = |k: usize| c[k] == '"' && c[k + 1..].iter().take(hashes).filter(|&&h| h == '#').count() == hashes;
                    skip_to(&mut i, &mut line, &closes);
                    i += hashes + 1;
                    continue;
                }
            }
            '"' => {
                i += 1;
                while i < c.len() && c[i] != '"' {
                    line += (c[i] == '\n') as usize;
                    i += if c[i] == '\\' { 2 } else { 1 };
                }
            }
            '\'' if c.get(i + 1) == Some(&'\\') => {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
            }
            '\'' if c.get(i + 2) == Some(&'\'') => i += 2,
            'f' if !prev_ident && c.get(i + 1) == Some(&'n') && c.get(i + 2).is_some_and(|&s| s.is_whitespace()) => {
                let name: String = c[i + 3..].iter().skip_while(|s| s.is_whitespace()).take_while(|&&s| ident(s)).collect();
                if !name.is_empty() {
                    pending = Some((name, line));
                }
            }
            ';' => pending = None,
            '{' => {
                depth += 1;
                if let Some((name, at)) = pending.take() {
                    open.push((name, at, depth));
                }
            }
            '}' => {
                if open.last().is_some_and(|o| o.2 == depth) {
                    let (name, at, _) = open.pop().expect("an open function");
                    found.push((name, at, line - at + 1));
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// The functions of the engine's files longer than [`FUNCTION_LINES`].
fn long_functions(dir: &Path) -> Vec<String> {
    let mut files = rust_files(dir);
    files.sort();
    let mut long = Vec::new();
    for f in files {
        for (name, at, lines) in functions(&std::fs::read_to_string(&f).unwrap()) {
            if lines > FUNCTION_LINES {
                long.push(format!("{}:{at}: fn {name} is {lines} lines", f.strip_prefix(dir).unwrap_or(&f).display()));
            }
        }
    }
    long
}

#[test]
fn no_function_in_the_engine_is_longer_than_a_screen() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/src");
    let long = long_functions(&dir);
    assert!(long.is_empty(), "functions over {FUNCTION_LINES} lines (split them by concept):\n{}", long.join("\n"));
}

#[test]
fn the_function_length_check_counts_from_fn_to_its_brace() {
    let body = |name: &str, lines: usize| {
        // `lines` in all: the `fn` line, the body, the closing brace
        let mut s = format!("pub(crate) fn {name}<'a>(x: &'a str, f: fn(u8) -> u8) -> usize {{\n");
        s += "    let s = \"}} in a string {{\"; let c = '}'; let r = r#\"}\"#; // }\n";
        s += "    /* } { */ let q = '\\''; let l: &'a str = x;\n";
        for _ in 0..lines - 4 {
            s += "    let _ = 1;\n";
        }
        s + "}\n"
    };
    let text = format!("trait T {{\n    fn declared(&self);\n}}\n{}{}", body("at_limit", FUNCTION_LINES), body("past_limit", FUNCTION_LINES + 1));
    let found = functions(&text);
    assert_eq!(found, [("at_limit".to_string(), 4, FUNCTION_LINES), ("past_limit".to_string(), 4 + FUNCTION_LINES, FUNCTION_LINES + 1)]);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("x.rs"), format!("mod m {{\n{text}}}\n")).unwrap();
    assert_eq!(long_functions(dir.path()), [format!("x.rs:{}: fn past_limit is {} lines", 5 + FUNCTION_LINES, FUNCTION_LINES + 1)]);
}

#[test]
fn no_function_in_the_judge_is_longer_than_a_screen() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let long = long_functions(&dir);
    assert!(long.is_empty(), "functions over {FUNCTION_LINES} lines (split them by concept):\n{}", long.join("\n"));
}

/// The layers of the engine (`engine/src`), lowest first: as [`LAYERS`] for the judge,
/// a module uses its own layer and those below. Phases know nothing; the map knows
/// its calendar; orders, rule options and endings are about a map; the parser reads
/// orders with the map's names; the adjudicator resolves orders under the rules;
/// `check` and `random` use the adjudicator; the JSON contract is on top.
const ENGINE_LAYERS: &[&[&str]] = &[&["phase"], &["map"], &["order", "rules", "end"], &["parse"], &["adjudicate"], &["check", "random"], &["contract"]];

#[test]
fn every_module_of_the_engine_has_its_layer_and_imports_only_downward() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/src");
    let mut missing = Vec::new();
    for e in std::fs::read_dir(&root).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().trim_end_matches(".rs").to_string();
        if name != "lib" && !ENGINE_LAYERS.iter().any(|l| l.contains(&name.as_str())) {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "engine modules with no layer in ENGINE_LAYERS (and docs/ARCHITECTURE.md): {missing:?}");
    let found = imports_against(&root, ENGINE_LAYERS);
    assert!(found.is_empty(), "engine imports against its layers (docs/ARCHITECTURE.md):\n{}", found.join("\n"));
}

/// A module's code without its unit tests: the text before its first
/// `#[cfg(test)]` module with a body (`mod tests;` declarations stay), comment
/// lines blanked so that line numbers hold. A `tests.rs` file is all test.
fn non_test_code(path: &Path) -> String {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return String::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]" && lines.peek().is_some_and(|next| next.trim_start().starts_with("mod ") && next.trim_end().ends_with('{')) {
            break;
        }
        out += if line.trim_start().starts_with("//") { "" } else { line };
        out.push('\n');
    }
    out
}

/// The module path of a file under `root`: `a/b.rs` and `a/b/mod.rs` are `a::b`.
fn module_path(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).unwrap().with_extension("");
    let mut path: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().to_string()).collect();
    if path.last().is_some_and(|l| l == "mod") {
        path.pop();
    }
    path
}

/// The module paths a text names: `crate::a::b`, `super::x` (from `own`) and `self::x`.
fn named_paths(text: &str, own: &[String]) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let segments = |rest: &str| -> Vec<String> {
        let mut out = Vec::new();
        let mut r = rest;
        loop {
            let word: String = r.chars().take_while(|&c| ident(c)).collect();
            if word.is_empty() {
                break;
            }
            r = &r[word.len()..];
            out.push(word);
            match r.strip_prefix("::") {
                Some(next) => r = next,
                None => break,
            }
        }
        out
    };
    let mut found = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        if i == 0 || !text[..i].ends_with(|c: char| ident(c)) {
            found.push(segments(&text[i + 7..]));
        }
    }
    for (i, _) in text.match_indices("super::") {
        if i > 0 && (text[..i].ends_with(|c: char| ident(c)) || text[..i].ends_with("::")) {
            continue; // counted from the first `super` of a chain
        }
        let mut rest = &text[i..];
        let mut base = own.to_vec();
        while let Some(r) = rest.strip_prefix("super::") {
            base.pop();
            rest = r;
        }
        base.extend(segments(rest));
        found.push(base);
    }
    for (i, _) in text.match_indices("self::") {
        if i == 0 || !text[..i].ends_with(|c: char| ident(c) || c == ':') {
            let mut p = own.to_vec();
            p.extend(segments(&text[i + 6..]));
            found.push(p);
        }
    }
    found
}

/// The circles among sibling modules under `root` (non-test code): for each
/// folder, `a → b` when a module in `a` names one in its sibling `b`; every
/// strongly connected group of two or more siblings, as `x <-> y` with its arrows.
fn circles(root: &Path) -> Vec<String> {
    use std::collections::{BTreeMap, BTreeSet};
    let mut files = rust_files(root);
    files.sort();
    let modules: BTreeMap<Vec<String>, String> = files.iter().map(|f| (module_path(root, f), non_test_code(f))).collect();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (own, text) in &modules {
        for named in named_paths(text, own) {
            let Some(target) = (1..=named.len()).rev().map(|n| named[..n].to_vec()).find(|p| modules.contains_key(p)) else { continue };
            let common = own.iter().zip(&target).take_while(|(a, b)| a == b).count();
            if common < own.len() && common < target.len() {
                edges.entry(own[..=common].to_vec()).or_default().insert(target[..=common].to_vec());
            }
        }
    }
    // reachability is enough at this size: two siblings are in one circle when each reaches the other
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(m) = todo.pop() {
            for n in edges.get(&m).into_iter().flatten() {
                if seen.insert(n.clone()) {
                    todo.push(n.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<_, _> = edges.keys().map(|m| (m.clone(), reach(m))).collect();
    let mut groups: BTreeSet<Vec<Vec<String>>> = BTreeSet::new();
    for (m, r) in &reached {
        let group: Vec<Vec<String>> = reached.keys().filter(|n| n == &m || (r.contains(*n) && reached[*n].contains(m))).cloned().collect();
        if group.len() > 1 {
            groups.insert(group);
        }
    }
    groups
        .into_iter()
        .map(|g| {
            let name = |m: &Vec<String>| m.join("::");
            let arrows: Vec<String> =
                g.iter().flat_map(|a| edges[a].iter().filter(|b| g.contains(b)).map(move |b| format!("{} → {}", name(a), name(b)))).collect();
            format!("{} ({})", g.iter().map(name).collect::<Vec<_>>().join(" <-> "), arrows.join(", "))
        })
        .collect()
}

#[test]
fn no_modules_of_one_folder_import_each_other_in_a_circle() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for (name, dir) in [("src", here.join("src")), ("engine/src", here.join("engine/src"))] {
        found.extend(circles(&dir).into_iter().map(|c| format!("{name}: {c}")));
    }
    assert!(found.is_empty(), "modules that import each other (move what both need below both):\n{}", found.join("\n"));
}

#[test]
fn the_circle_check_sees_a_circle_through_super_and_crate_paths() {
    let dir = tempfile::tempdir().unwrap();
    let w = |p: &str, text: &str| {
        let p = dir.path().join(p);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    w("lib.rs", "mod a;\nmod b;\nmod c;\n");
    w("a/mod.rs", "mod x;\nmod y;\n#[cfg(test)]\nmod tests;\n");
    w("a/x.rs", "use super::y::Y;\n");
    w("a/y.rs", "// super::x::X in a comment\npub fn f() -> crate::a::x::X { todo!() }\n");
    w("b.rs", "use crate::c::C;\n#[cfg(test)]\nmod tests {\n    use crate::a::x;\n}\n");
    w("c.rs", "use crate::b::B;\n");
    w("a/tests.rs", "use crate::b;\n");
    assert_eq!(circles(dir.path()), ["a::x <-> a::y (a::x → a::y, a::y → a::x)", "b <-> c (b → c, c → b)"]);
    w("a/y.rs", "pub struct Y;\n");
    w("c.rs", "pub struct C;\n");
    assert!(circles(dir.path()).is_empty());
}

/// `use super::*` outside a unit test hides what a module takes from its parent.
fn glob_imports(root: &Path) -> Vec<String> {
    let mut files = rust_files(root);
    files.sort();
    let mut found = Vec::new();
    for f in files {
        for (n, line) in non_test_code(&f).lines().enumerate() {
            if line.trim() == "use super::*;" {
                found.push(format!("{}:{}", f.strip_prefix(root).unwrap().display(), n + 1));
            }
        }
    }
    found
}

#[test]
fn no_module_outside_tests_imports_its_parent_whole() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = glob_imports(&here.join("src"));
    found.extend(glob_imports(&here.join("engine/src")).into_iter().map(|f| format!("engine/src/{f}")));
    assert!(found.is_empty(), "`use super::*` outside a test module (name what is used):\n{}", found.join("\n"));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.rs"), "use super::*;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n").unwrap();
    std::fs::write(dir.path().join("tests.rs"), "use super::*;\n").unwrap();
    assert_eq!(glob_imports(dir.path()), ["a.rs:1"]);
}

/// The longest a source file may be: past it, a file is several concepts.
const FILE_LINES: usize = 1000;

fn long_files(root: &Path) -> Vec<String> {
    let mut files = rust_files(root);
    files.sort();
    files
        .into_iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(&f).unwrap().lines().count();
            (lines > FILE_LINES).then(|| format!("{}: {lines} lines", f.strip_prefix(root).unwrap().display()))
        })
        .collect()
}

#[test]
fn no_source_file_is_longer_than_a_thousand_lines() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for dir in ["src", "engine/src", "engine/tests", "tests", "benches"] {
        found.extend(long_files(&here.join(dir)).into_iter().map(|f| format!("{dir}/{f}")));
    }
    assert!(found.is_empty(), "files over {FILE_LINES} lines (split them by concept):\n{}", found.join("\n"));
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("at.rs"), "//\n".repeat(FILE_LINES)).unwrap();
    std::fs::write(tmp.path().join("past.rs"), "//\n".repeat(FILE_LINES + 1)).unwrap();
    assert_eq!(long_files(tmp.path()), [format!("past.rs: {} lines", FILE_LINES + 1)]);
}

/// The project's files a text names (`src/...`, `engine/...`, `tests/...`, `tools/...`,
/// `benches/...`, `config/...`, `templates/...`, `deploy/...`, `docs/...`): a path up
/// to the first character no path has, its trailing punctuation left out. Patterns
/// (`NNN`, `*`, `{a,b}`) are not names.
fn named_files(text: &str) -> Vec<String> {
    const TOPS: &[&str] = &["src/", "engine/", "tests/", "tools/", "benches/", "config/", "templates/", "deploy/", "docs/", "examples/"];
    let part = |c: char| c.is_alphanumeric() || "_-./".contains(c);
    let mut found = Vec::new();
    for (i, _) in text.char_indices() {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| part(c) || c == '$' || c == '~') {
            continue;
        }
        let Some(top) = TOPS.iter().find(|t| text[i..].starts_with(*t)) else { continue };
        let raw: String = text[i..].chars().take_while(|&c| part(c)).collect();
        let next = text[i + raw.len()..].chars().next();
        let path = raw.trim_end_matches(['.', '/']);
        if path.len() <= top.len() || path.contains("NNN") || matches!(next, Some('*' | '{' | '<')) {
            continue;
        }
        found.push(path.to_string());
    }
    found
}

#[test]
fn every_file_the_docs_name_is_there() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs: Vec<PathBuf> =
        ["README.md", "deploy/README.md", "tests/data/README.md", "src/lib.rs", "engine/src/lib.rs"].iter().map(|d| here.join(d)).collect();
    docs.extend(std::fs::read_dir(here.join("docs")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "md")));
    docs.sort();
    let mut missing = Vec::new();
    for doc in docs {
        let text = std::fs::read_to_string(&doc).unwrap();
        for path in named_files(&text) {
            if !here.join(&path).exists() {
                missing.push(format!("{}: {path}", doc.strip_prefix(here).unwrap().display()));
            }
        }
    }
    missing.dedup();
    assert!(missing.is_empty(), "files the docs name that are not there:\n{}", missing.join("\n"));
    let said = named_files("see `src/rules.rs`, src/store/ and tests/data/replies/NNN.eml, tests/it/*.rs, (docs/RULES.md). $HOME/src/x");
    assert_eq!(said, ["src/rules.rs", "src/store", "docs/RULES.md"]);
}

#[test]
fn the_crate_root_names_every_module_and_points_to_the_architecture() {
    let lib = std::fs::read_to_string(src("lib.rs")).unwrap();
    let doc: String = lib.lines().filter(|l| l.starts_with("//!")).collect::<Vec<_>>().join("\n");
    let mut modules: Vec<String> = lib.lines().filter_map(|l| l.strip_prefix("pub mod ")).map(|m| m.trim_end_matches(';').to_string()).collect();
    let engine = lib.lines().find_map(|l| l.strip_prefix("pub use mailjudge_engine::{")).expect("the engine re-exported");
    modules.extend(engine.trim_end_matches("};").split(", ").map(String::from));
    assert!(modules.len() >= 27, "{modules:?}");
    let unnamed: Vec<&String> = modules.iter().filter(|m| !doc.contains(&format!("[`{m}`]"))).collect();
    assert!(unnamed.is_empty(), "modules src/lib.rs does not name in its doc: {unnamed:?}");
    assert!(doc.contains("docs/ARCHITECTURE.md"));
}
