use clap::{Parser, Subcommand};
use mailjudge::contract::Adjudicator;
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// mailjudge: a play-by-email Diplomacy judge.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Adjudicate a phase: a JSON case on stdin, its outcome on stdout (see ADJUDICATE.md).
    Adjudicate {
        /// Variant for cases that do not name one.
        #[arg(long)]
        variant: Option<String>,
        /// One case per line in, one outcome per line out.
        #[arg(long)]
        jsonl: bool,
        /// Directory of extra variant files (NAME.toml).
        #[arg(long, default_value = "config/variants")]
        variants_dir: PathBuf,
        /// Rule option KEY=VALUE (convoy_intent, civil_disorder, retreat_default).
        #[arg(long = "rule", value_name = "KEY=VALUE")]
        rules: Vec<String>,
    },
    /// Parse order lines from stdin and print them in canonical form (or the error).
    Parse {
        #[arg(long, default_value = "standard")]
        variant: String,
        /// Phase kind the orders are for: M, R or A.
        #[arg(long)]
        phase: Option<char>,
    },
    /// Validate a variant file and report every problem.
    CheckVariant { file: PathBuf },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Adjudicate { variant, jsonl, variants_dir, rules } => {
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
            let mut adj = Adjudicator::new(variant, dir, overrides);
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
        Command::Parse { variant, phase } => {
            let v = match mailjudge::map::Variant::find(&variant, Some(std::path::Path::new("config/variants"))) {
                Ok(v) => v,
                Err(e) => {
                    eprintln!("mailjudge: {e}");
                    return ExitCode::from(2);
                }
            };
            let kind = phase.and_then(mailjudge::phase::PhaseKind::from_letter);
            for line in std::io::stdin().lock().lines().map_while(Result::ok) {
                for r in mailjudge::parse::parse_line(&v, &line, kind) {
                    match r {
                        Ok(o) => println!("{}", o.canonical(&v)),
                        Err(e) => println!("error: {e}"),
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Command::CheckVariant { file } => {
            let text = match std::fs::read_to_string(&file) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("mailjudge: {}: {e}", file.display());
                    return ExitCode::from(2);
                }
            };
            match mailjudge::map::Variant::from_toml(&text) {
                Ok(v) => {
                    println!("{}: variant `{}` is valid: {} provinces, {} supply centres, {} powers", file.display(), v.name, v.provinces.len(), v.center_count(), v.powers.len());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{}: {e}", file.display());
                    ExitCode::from(1)
                }
            }
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
