use clap::{Parser, Subcommand};
use mailjudge::config::Config;
use mailjudge::contract::Adjudicator;
use mailjudge::daemon::Daemon;
use mailjudge::judge::{Clock, Judge};
use std::sync::atomic::AtomicBool;
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
    /// Run the judge: read mail, process deadlines, send replies and reports.
    Serve {
        #[command(flatten)]
        config: ConfigArg,
        /// One pass (all waiting mail, due deadlines, the outbox), then exit.
        #[arg(long)]
        once: bool,
    },
    /// Validate the configuration (and templates) and print what it says.
    CheckConfig {
        #[command(flatten)]
        config: ConfigArg,
        /// Also log in to the IMAP and SMTP servers and say exactly what fails.
        #[arg(long)]
        connect: bool,
    },
    /// Games, from the console (the master's commands, without a password).
    Game {
        #[command(flatten)]
        config: ConfigArg,
        #[command(subcommand)]
        action: GameAction,
    },
    /// Copy the database to FILE while the judge runs (SQLite online backup).
    Backup {
        #[command(flatten)]
        config: ConfigArg,
        file: PathBuf,
    },
    /// Put a mail into the judge's inbound Maildir: the body from standard input.
    Mail {
        #[command(flatten)]
        config: ConfigArg,
        /// The sender's address.
        #[arg(long)]
        from: String,
        #[arg(long, default_value = "orders")]
        subject: String,
    },
}

#[derive(clap::Args)]
struct ConfigArg {
    /// Configuration file (default: the built-in configuration, a Maildir spool under ./var).
    #[arg(long, env = "MAILJUDGE_CONFIG")]
    config: Option<PathBuf>,
}

#[derive(Subcommand)]
enum GameAction {
    /// All games.
    List,
    /// One game in detail, with its summary.
    Show { game: String },
    /// A new game, with you (the keeper's address, or --master) as master.
    Create {
        game: String,
        password: String,
        #[arg(long, default_value = "standard")]
        variant: String,
        #[arg(long)]
        master: Option<String>,
    },
    /// Process the current phase now (with --force: missing orders default).
    Process {
        game: String,
        #[arg(long)]
        force: bool,
    },
    Pause { game: String },
    Resume { game: String },
    Terminate { game: String },
    /// Any master command lines (`SET DEADLINE 2026-12-01 20:00`, `EJECT France`, `ROLLBACK S1902M`).
    Cmd { game: String, lines: Vec<String> },
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
        Command::Serve { .. } | Command::CheckConfig { .. } | Command::Game { .. } | Command::Backup { .. } | Command::Mail { .. } => match judge_command(cli.command) {
            Ok(code) => code,
            Err(e) => {
                eprintln!("mailjudge: {e:#}");
                ExitCode::from(1)
            }
        },
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

fn load_config(c: &ConfigArg) -> anyhow::Result<Config> {
    Config::load(c.config.as_deref()).map_err(|e| anyhow::anyhow!("configuration {}:\n{e}", c.config.as_ref().map(|p| p.display().to_string()).unwrap_or_else(|| "(built-in)".into())))
}

fn judge_command(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Serve { config, once } => {
            let cfg = load_config(&config)?;
            tracing_subscriber::fmt().with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr())).with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into())).with_writer(std::io::stderr).init();
            let mut d = Daemon::new(cfg, Clock::System)?;
            if once {
                let s = d.step()?;
                println!("{} mail(s) read, {} answered, {} phase(s) processed, {} mail(s) sent", s.mails, s.answered, s.phases, s.sent);
                return Ok(ExitCode::SUCCESS);
            }
            let c = &d.judge.ctx.cfg;
            tracing::info!("mailjudge serving: in {}; out {}; database {}", c.inbound.describe(), c.outbound.describe(), c.database.display());
            let stop = AtomicBool::new(false);
            d.run(&stop);
            Ok(ExitCode::SUCCESS)
        }
        Command::CheckConfig { config, connect } => {
            let cfg = load_config(&config)?;
            mailjudge::judge::text::Templates::load(cfg.templates_dir.as_deref())?;
            println!("configuration OK");
            println!("  judge      {} <{}>, keeper {}", cfg.name, cfg.address, cfg.keeper);
            println!("  time zone  {}", cfg.timezone);
            println!("  inbound    {}", cfg.inbound.describe());
            println!("  outbound   {}", cfg.outbound.describe());
            println!("  database   {} (synchronous {})", cfg.database.display(), if cfg.synchronous_full { "full" } else { "normal" });
            println!("  defaults   movement `{}`, retreat `{}`, adjustment `{}`", cfg.defaults.movement, cfg.defaults.retreat, cfg.defaults.adjustment);
            if !connect {
                return Ok(ExitCode::SUCCESS);
            }
            use mailjudge::config::Transport;
            // prints one line per transport: what was tried and what came of it
            let report = |label: &str, what: String, r: anyhow::Result<String>| match r {
                Ok(detail) => {
                    println!("{label}: {what} OK{detail}");
                    true
                }
                Err(e) => {
                    println!("{label}: {what} FAILED: {e:#}");
                    false
                }
            };
            let maildir = |p: &std::path::Path| mailjudge::mail::maildir::Maildir::open(p).map(|_| String::new());
            let inbound_ok = match &cfg.inbound {
                Transport::Imap(i) => {
                    let mut imap = mailjudge::mail::imap::ImapInbound::new((**i).clone());
                    let detail = format!(" (logged in as {}, mailbox {} selected)", i.server.user.as_deref().unwrap_or(""), i.mailbox);
                    report("inbound", format!("IMAP {}:{}", i.server.host, i.server.port), imap.connect().map(|_| detail))
                }
                Transport::Maildir(p) => report("inbound", format!("Maildir {}", p.display()), maildir(p)),
                _ => true,
            };
            let outbound_ok = match &cfg.outbound {
                Transport::Smtp(s) => {
                    let detail = if s.user.is_some() { " (AUTH accepted)".to_string() } else { String::new() };
                    let r = mailjudge::mail::smtp::SmtpOutbound::new(s, &cfg.address).and_then(|o| o.check()).map(|_| detail);
                    report("outbound", format!("SMTP {}:{}", s.host, s.port), r)
                }
                Transport::Sendmail(c) => {
                    let found = std::path::Path::new(c.split_whitespace().next().unwrap_or("")).exists();
                    report("outbound", format!("sendmail command {c}"), if found { Ok(" (found)".into()) } else { Err(anyhow::anyhow!("not found")) })
                }
                Transport::Maildir(p) => report("outbound", format!("Maildir {}", p.display()), maildir(p)),
                Transport::Imap(_) => true,
            };
            let ok = inbound_ok && outbound_ok;
            Ok(if ok { ExitCode::SUCCESS } else { ExitCode::from(1) })
        }
        Command::Backup { config, file } => {
            let cfg = load_config(&config)?;
            let conn = mailjudge::store::open(&cfg.database, cfg.synchronous_full)?;
            mailjudge::store::backup(&conn, &file)?;
            println!("database copied to {}", file.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Mail { config, from, subject } => {
            let cfg = load_config(&config)?;
            let mut body = String::new();
            std::io::stdin().read_to_string(&mut body)?;
            let bytes = mailjudge::mail::compose::player_mail(&from, &cfg.address, &subject, &body)?;
            let mailjudge::config::Transport::Maildir(dir) = &cfg.inbound else {
                anyhow::bail!("`mailjudge mail` drops mail into a Maildir inbox; this configuration reads IMAP: mail the judge's address instead");
            };
            let md = mailjudge::mail::maildir::Maildir::open(dir)?;
            let name = format!("{}.{}.manual", std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_nanos(), std::process::id());
            let path = md.deliver(&name, &bytes)?;
            println!("delivered to {}", path.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Game { config, action } => {
            let cfg = load_config(&config)?;
            let mut j = Judge::open(cfg, Clock::System)?;
            let (game, lines): (String, Vec<String>) = match action {
                GameAction::List => ("".into(), vec!["LIST".into()]),
                GameAction::Show { game } => (String::new(), vec![format!("LIST {game}"), format!("SUMMARY {game}")]),
                GameAction::Create { game, password, variant, master } => {
                    let who = master.unwrap_or_else(|| j.ctx.cfg.keeper.clone());
                    let text = mailjudge::judge::session::run_console_create(&mut j, &who, &game, &password, &variant)?;
                    print!("{text}");
                    return Ok(ExitCode::SUCCESS);
                }
                GameAction::Process { game, force } => (game, vec![if force { "PROCESS!".into() } else { "PROCESS".into() }]),
                GameAction::Pause { game } => (game, vec!["PAUSE".into()]),
                GameAction::Resume { game } => (game, vec!["RESUME".into()]),
                GameAction::Terminate { game } => (game, vec!["TERMINATE".into()]),
                GameAction::Cmd { game, lines } => (game, lines),
            };
            let tx = j.conn.transaction()?;
            let text = if game.is_empty() {
                mailjudge::judge::session::run_anonymous(&tx, &mut j.ctx, &lines)?
            } else {
                mailjudge::judge::session::run_console(&tx, &mut j.ctx, &game, &lines)?
            };
            tx.commit()?;
            print!("{text}");
            let failed = text.lines().any(|l| l.trim_start().starts_with("Error:"));
            Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
        }
        _ => unreachable!(),
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
