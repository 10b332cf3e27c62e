//! The engine's commands: `adjudicate` (the JSON contract), `parse`, `check-variant`.

use crate::contract::{Adjudicator, guarded};
use std::io::{BufRead, Read};
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
        // the loop flushes whenever no further case is waiting, so a caller
        // writing one line at a time gets each answer before the next
        match adj.run_jsonl(std::io::stdin().lock(), std::io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::from(1),
        }
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
                eprintln!("mailjudge: {}", e.to_string().replace('\n', " "));
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
