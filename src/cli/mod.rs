//! The command line: every `mailjudge` subcommand, one family per file.
//!
//! - [`engine`]: `adjudicate`, `parse`, `check-variant`;
//! - [`serve`]: `serve`, `check-config`, `backup`, `mail`;
//! - [`game`]: `game list|show|create|process|pause|resume|terminate|cmd|map`;
//! - [`archive`]: `export`, `import`;
//! - [`variant`]: `variant import` (DPjudge / MILA `.map` files, njudge's
//!   `map.NAME` files), `variant list`;
//! - [`address`]: `address allow|revoke|list` (who consents to the judge's mail),
//!   `keeper-password` (the keeper's commands by mail).

pub mod address;
pub mod archive;
pub mod engine;
pub mod game;
pub mod picture;
pub mod serve;
pub mod variant;

use crate::config::Config;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// mailjudge: a play-by-email Diplomacy judge.
#[derive(Parser)]
#[command(version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
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
    /// Variant files: `variant import FILE.map|map.NAME|DIR`, `variant list`.
    Variant {
        #[command(subcommand)]
        action: VariantAction,
    },
    /// Run the judge: read mail, process deadlines, send replies and reports.
    Serve {
        #[command(flatten)]
        config: ConfigArg,
        /// One pass (all waiting mail, due deadlines, the outbox), then exit.
        #[arg(long)]
        once: bool,
        /// Use this database with an inbox spool that an earlier database
        /// processed (a new or restored database): without it the judge refuses.
        #[arg(long)]
        init: bool,
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
    /// Who consents to the judge's mail, by the keeper's word: `address allow ADDR`
    /// (held mail for it goes), `address revoke ADDR`, `address list`.
    Address {
        #[command(flatten)]
        config: ConfigArg,
        #[command(subcommand)]
        action: AddressAction,
    },
    /// Set the keeper's password for the keeper's commands by mail (ADJUST,
    /// RECORD): read from the first line of stdin (8 characters or more).
    KeeperPassword {
        #[command(flatten)]
        config: ConfigArg,
    },
    /// Copy the database to FILE while the judge runs (SQLite online backup).
    Backup {
        #[command(flatten)]
        config: ConfigArg,
        file: PathBuf,
    },
    /// A whole game: MILA saved-game JSON (`mila`), the classic plain-text
    /// results (`text`), or a static HTML site (`html`, into a directory).
    Export {
        #[command(flatten)]
        config: ConfigArg,
        game: String,
        #[arg(long, value_enum, default_value = "mila")]
        format: archive::Format,
        /// Where to write (a file; a directory for `html`); standard output without it.
        #[arg(short, long, value_name = "PATH")]
        output: Option<PathBuf>,
    },
    /// Read a saved game (MILA JSON), re-adjudicate every phase and report each
    /// phase whose recorded outcome differs (exit 0: all agree; 1: some differ; 2: unreadable).
    Import {
        file: PathBuf,
        /// Directory of extra variant files (NAME.toml).
        #[arg(long, default_value = "config/variants")]
        variants_dir: PathBuf,
        /// Rule option KEY=VALUE (default: the map's, with `civil_disorder=1992`
        /// as MILA and webDiplomacy remove units).
        #[arg(long = "rule", value_name = "KEY=VALUE")]
        rules: Vec<String>,
        /// Also make game NAME on this judge from the record's last board,
        /// to play on: the keeper is its master, every seat is open, and it
        /// waits paused until the master's RESUME.
        #[arg(long = "as", value_name = "NAME")]
        as_name: Option<String>,
        /// With --as: seat this power's player at once (a power's name or
        /// letter, and the player's address, which is mailed its password;
        /// the keeper's word is its consent). Once per power.
        #[arg(long = "seat", value_name = "POWER=ADDRESS", requires = "as_name", value_parser = archive::seat_arg)]
        seats: Vec<crate::play::adopt::SeatFor>,
        #[command(flatten)]
        config: ConfigArg,
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
pub struct ConfigArg {
    /// Configuration file (default: the built-in configuration, a Maildir spool under ./var).
    #[arg(long, env = "MAILJUDGE_CONFIG")]
    pub config: Option<PathBuf>,
}

#[derive(Subcommand)]
pub enum GameAction {
    /// All games.
    List,
    /// One game in detail, with its summary.
    Show {
        game: String,
    },
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
    Pause {
        game: String,
    },
    Resume {
        game: String,
    },
    Terminate {
        game: String,
    },
    /// Any master command lines (`SET DEADLINE 2026-12-01 20:00`, `EJECT France`, `ROLLBACK S1902M`).
    Cmd {
        game: String,
        lines: Vec<String>,
    },
    /// The map of a processed phase (`S1901M`) with its orders, or of the
    /// board now: PNG, or SVG when FILE ends in `.svg`.
    Map {
        game: String,
        phase: Option<String>,
        #[arg(short, long, value_name = "FILE")]
        output: std::path::PathBuf,
    },
}

/// `mailjudge address ...`.
#[derive(Subcommand)]
pub enum AddressAction {
    /// The address consents (a closed club's member, a known player).
    Allow { address: String },
    /// The address no longer consents (it gets replies only, until it confirms again).
    Revoke { address: String },
    /// Every address that consents, how and since when.
    List,
}

/// `mailjudge variant ...`.
#[derive(Subcommand)]
pub enum VariantAction {
    /// Every variant (built in, and the files of the variants directory):
    /// its powers, letters and centres.
    List {
        /// Directory of variant files.
        #[arg(long, default_value = "config/variants")]
        variants_dir: PathBuf,
    },
    /// Make a DPjudge / MILA `.map` file or an njudge `map.NAME` file (or every one in a folder) into `NAME.toml`.
    Import {
        /// A `.map` file, an njudge `map`/`map.NAME` file (its `seed.NAME`, `report.NAME` beside it,
        /// `variant.c`/`variant.h` beside it or one folder up), or a folder of them.
        source: PathBuf,
        /// Directory of variant files to write into.
        #[arg(long, default_value = "config/variants")]
        variants_dir: PathBuf,
        /// Write here instead of the variants directory.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Draw a variant's starting board as a PNG (to see its map picture).
    Draw {
        /// The variant: its name, or its `.toml` file.
        #[arg(required_unless_present = "all")]
        variant: Option<String>,
        /// The PNG to write.
        #[arg(required_unless_present = "all")]
        out: Option<PathBuf>,
        /// Draw every built-in variant's board into DIR instead, NAME.png each, at
        /// two thirds of the usual size (the gallery of docs/MAPS.md)
        #[arg(long, value_name = "DIR", conflicts_with_all = ["variant", "out"])]
        all: Option<PathBuf>,
        /// Directory of variant files.
        #[arg(long, default_value = "config/variants")]
        variants_dir: PathBuf,
    },
    /// Trace a variant's map from a picture (a DPjudge `.ps` map, or a PNG
    /// or GIF its `pos` keys are pixels of) into its outline file, `NAME.json`.
    Picture {
        /// The variant: its name, or its `.toml` file.
        variant: String,
        /// The picture.
        picture: PathBuf,
        /// Directory of variant files (where the variant is looked for, and the outline file written).
        #[arg(long, default_value = "config/variants")]
        variants_dir: PathBuf,
        /// Write the outline file here instead.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Also draw the starting board from the new outlines, as a PNG here.
        #[arg(long)]
        preview: Option<PathBuf>,
    },
}

/// Runs the command line; the exit code says how it went.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let judged = match cli.command {
        Command::Adjudicate { variant, jsonl, variants_dir, rules } => return engine::adjudicate(variant, jsonl, variants_dir, rules),
        Command::Parse { variant, phase } => return engine::parse(variant, phase),
        Command::CheckVariant { file } => return engine::check_variant(file),
        Command::Variant { action: VariantAction::List { variants_dir } } => {
            let (found, more) = crate::variants::Catalog::new(Some(variants_dir)).all();
            print!("{}", crate::report::say::community::variant_list(&found, more));
            return ExitCode::SUCCESS;
        }
        Command::Variant { action: VariantAction::Import { source, variants_dir, out } } => {
            return variant::import(&source, out.as_deref().unwrap_or(&variants_dir));
        }
        Command::Variant { action: VariantAction::Draw { all: Some(dir), .. } } => return picture::draw_all(&dir),
        Command::Variant { action: VariantAction::Draw { variant: Some(variant), out: Some(out), variants_dir, .. } } => {
            return picture::draw(&variant, &out, &variants_dir);
        }
        Command::Variant { action: VariantAction::Draw { .. } } => unreachable!("clap requires a variant and a file, or --all"),
        Command::Variant { action: VariantAction::Picture { variant, picture, variants_dir, out, preview } } => {
            return picture::picture(&variant, &picture, &variants_dir, out.as_deref(), preview.as_deref());
        }
        Command::Serve { config, once, init } => serve::serve(config, once, init),
        Command::CheckConfig { config, connect } => serve::check_config(config, connect),
        Command::Backup { config, file } => serve::backup(config, file),
        Command::Mail { config, from, subject } => serve::mail(config, from, subject),
        Command::Game { config, action } => game::game(config, action),
        Command::Address { config, action } => address::address(config, action),
        Command::KeeperPassword { config } => address::keeper_password(config),
        Command::Export { config, game, format, output } => archive::export(config, &game, format, output),
        Command::Import { file, variants_dir, rules, as_name, seats, config } => {
            return archive::import(&file, &variants_dir, &rules, as_name.as_deref().map(|n| (n, &config)), &seats);
        }
    };
    match judged {
        Ok(code) => code,
        Err(e) => {
            eprintln!("mailjudge: {e:#}");
            ExitCode::from(1)
        }
    }
}

pub fn load_config(c: &ConfigArg) -> anyhow::Result<Config> {
    Config::load(c.config.as_deref())
        .map_err(|e| anyhow::anyhow!("configuration {}:\n{e}", c.config.as_ref().map(|p| p.display().to_string()).unwrap_or_else(|| "(built-in)".into())))
}

/// Crates whose own log lines are never written, at any level whatever
/// `RUST_LOG` says: the HTTP and TLS libraries' debug lines name the URLs
/// they fetch, and a webhook's URL (Discord's carries its token) and key are
/// secrets.
pub const SILENT_TARGETS: &[&str] = &["ureq", "ureq_proto", "rustls", "webpki"];

/// The judge's log filter: `spec` (as `RUST_LOG` gives it, `info` when
/// unset) with every directive about [`SILENT_TARGETS`] dropped and each of
/// them turned off.
pub fn log_filter(spec: Option<&str>) -> tracing_subscriber::EnvFilter {
    let spec = spec.map(str::trim).filter(|s| !s.is_empty()).unwrap_or("info");
    let own: Vec<&str> = spec
        .split(',')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .filter(|d| {
            let target = d.split(['=', '[']).next().unwrap_or_default();
            !SILENT_TARGETS.iter().any(|s| target.starts_with(s))
        })
        .collect();
    let off: Vec<String> = SILENT_TARGETS.iter().map(|t| format!("{t}=off")).collect();
    let with_off = |first: &[&str]| first.iter().map(|d| d.to_string()).chain(off.iter().cloned()).collect::<Vec<_>>().join(",");
    // a spec that does not read: `info`, with the same targets off
    tracing_subscriber::EnvFilter::try_new(with_off(&own)).unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(with_off(&["info"])))
}
