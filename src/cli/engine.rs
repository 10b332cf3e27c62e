//! The engine's commands: `adjudicate` (the JSON contract), `parse`, `check-variant`.

use crate::contract::Adjudicator;
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// `mailjudge adjudicate`: a JSON case on stdin, its outcome on stdout (docs/ADJUDICATE.md).
pub fn adjudicate(variant: Option<String>, jsonl: bool, variants_dir: PathBuf, rules: Vec<String>) -> ExitCode {
    let mut overrides = Vec::new();
    for r in rules {
        match r.split_once('=') {
            Some((k, v)) => overrides.push((k.trim().to_string(), v.trim().to_string())),
            None => {
                eprintln!("mailjudge: --rule expects KEY=VALUE, got `{r}`");
                return ExitCode::from(2);
            }
        }
    }
    let dir = variants_dir.is_dir().then_some(variants_dir);
    let mut adj = Adjudicator::new(variant, Some(crate::variants::finder(dir)), overrides);
    if jsonl {
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        for line in stdin.lock().lines() {
            let line = match line {
                Ok(l) => l,
                Err(e) => {
                    let _ = writeln!(out, "{}", serde_json::json!({"error": format!("unreadable input: {e}")}));
                    continue;
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            let value = match guarded(|| adj.run_text(&line)) {
                Ok(v) => v,
                Err(e) => serde_json::json!({ "error": e }),
            };
            if writeln!(out, "{value}").is_err() {
                return ExitCode::from(1);
            }
        }
        let _ = out.flush();
        ExitCode::SUCCESS
    } else {
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            eprintln!("mailjudge: cannot read standard input: {e}");
            return ExitCode::from(2);
        }
        match guarded(|| adj.run_text(&text)) {
            Ok(v) => {
                println!("{v}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("mailjudge: {}", e.replace('\n', " "));
                ExitCode::from(2)
            }
        }
    }
}

/// `mailjudge parse`: order lines in, canonical orders (or the error) out.
pub fn parse(variant: String, phase: Option<char>) -> ExitCode {
    let v = match crate::variants::find(&variant, Some(std::path::Path::new("config/variants"))) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("mailjudge: {e}");
            return ExitCode::from(2);
        }
    };
    let kind = phase.and_then(crate::phase::PhaseKind::from_letter);
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        for r in crate::parse::parse_line(&v, &line, kind) {
            match r {
                Ok(o) => println!("{}", o.canonical(&v)),
                Err(e) => println!("error: {e}"),
            }
        }
    }
    ExitCode::SUCCESS
}

/// `mailjudge check-variant FILE`.
pub fn check_variant(file: PathBuf) -> ExitCode {
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("mailjudge: {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    match crate::map::Variant::read_toml(&text) {
        Ok(v) => {
            println!(
                "{}: variant `{}` is valid: {} provinces, {} supply centres, {} powers",
                file.display(),
                v.name,
                v.provinces.len(),
                v.center_count(),
                v.powers.len()
            );
            if !v.uncertain.is_empty() {
                println!("{} border(s) recorded as uncertain (check them against the printed map):", v.uncertain.len());
                for u in &v.uncertain {
                    println!("  {}-{}: {}", v.code(u.a), v.code(u.b), if u.adjacent { "adjacent" } else { "not adjacent" });
                }
            }
            let missing = v.unsupported();
            if missing.is_empty() {
                return ExitCode::SUCCESS;
            }
            eprintln!("{}: not playable here yet: this engine does not implement", file.display());
            for m in &missing {
                eprintln!("  - {m}");
            }
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            ExitCode::from(1)
        }
    }
}

/// Runs `f`, turning a panic into an error message (a malformed case must never
/// crash a batch).
fn guarded<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|p| {
        let msg = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
        Err(format!("internal error: {msg}"))
    })
}
