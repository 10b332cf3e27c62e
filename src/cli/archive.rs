//! `mailjudge export` and `mailjudge import`: whole games out of the store,
//! and saved games re-adjudicated.

use super::{ConfigArg, load_config};
use crate::archive::{self, GameRecord};
use crate::context::Clock;
use crate::judge::Judge;
use crate::play::adopt::SeatFor;
use crate::report::say::archive as say;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Format {
    Mila,
    Text,
    /// njudge's results layout, the form jDip's judge import reads.
    Njudge,
    Html,
}

pub fn export(config: ConfigArg, name: &str, format: Format, output: Option<PathBuf>) -> anyhow::Result<ExitCode> {
    let cfg = load_config(&config)?;
    let mut j = Judge::open(cfg, Clock::System)?;
    let g = crate::game::load_named(&j.conn, &mut j.ctx.variants, name)?.ok_or_else(|| anyhow::anyhow!("no game called {name}"))?;
    let v = g.variant.clone();
    let rec = GameRecord::load(&j.conn, &g)?;
    match format {
        Format::Mila | Format::Text | Format::Njudge => {
            let text = match format {
                Format::Mila => serde_json::to_string_pretty(&archive::mila::to_mila(&v, &rec))?,
                Format::Njudge => archive::judge_text::write::to_njudge(&v, &rec),
                _ => archive::text::to_text(&v, &rec),
            };
            match output {
                Some(p) => std::fs::write(p, text)?,
                None => print!("{text}"),
            }
        }
        Format::Html => {
            let dir = output.ok_or_else(|| anyhow::anyhow!("an HTML site needs a directory: -o DIR"))?;
            std::fs::create_dir_all(&dir)?;
            let reveal = g.settings.shows_players(g.status == crate::store::games::GameStatus::Finished);
            for (file, bytes) in archive::html::site(&v, &rec, reveal) {
                std::fs::write(dir.join(file), bytes)?;
            }
            println!("{}", dir.join("index.html").display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `mailjudge import FILE`: the record re-adjudicated phase by phase; with
/// `adopt` (`--as NAME` and the judge's configuration), a game made from it.
pub fn import(file: &Path, variants_dir: &Path, rules: &[String], adopt: Option<(&str, &ConfigArg)>, seats: &[SeatFor]) -> ExitCode {
    let text = match std::fs::metadata(file).and_then(|m| {
        if m.len() as usize > archive::mila::MAX_BYTES {
            return Err(std::io::Error::other(archive::ArchiveError::TooLarge(m.len() as usize, archive::mila::MAX_BYTES)));
        }
        std::fs::read_to_string(file)
    }) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("mailjudge: {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let (v, saved, recorded) = match read_saved(&text, variants_dir) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("mailjudge: {}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let overrides: Vec<(String, String)> = rules.iter().filter_map(|r| r.split_once('=')).map(|(k, x)| (k.trim().to_string(), x.trim().to_string())).collect();
    let rules = match saved.rules(&v, &overrides) {
        Ok(r) if overrides.len() == rules.len() => r,
        Ok(_) => {
            eprintln!("mailjudge: --rule expects KEY=VALUE");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("mailjudge: {e}");
            return ExitCode::from(2);
        }
    };
    let mut report = archive::mila::replay(&v, &rules, &saved);
    if let Some(results) = &recorded {
        archive::judge_text::read::compare_results(&v, &rules, &saved, results, &mut report.differences);
    }
    for d in &report.differences {
        println!("{}", say::phase_differs(&d.phase));
        for w in &d.what {
            println!("  {w}");
        }
    }
    let agrees = report.differences.is_empty();
    if agrees {
        println!("{}", say::import_agrees(report.phases));
    } else {
        println!("{}", say::import_differs(report.phases, report.differences.len()));
    }
    match adopt {
        Some((name, config)) => match adopt_game(config, name, &v, &saved, seats) {
            Ok(text) => {
                println!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("mailjudge: {e:#}");
                ExitCode::from(2)
            }
        },
        None if agrees => ExitCode::SUCCESS,
        None => ExitCode::from(1),
    }
}

/// Makes game `name` from `saved`'s last board on the configured judge;
/// what the keeper is told.
fn adopt_game(config: &ConfigArg, name: &str, v: &crate::map::Variant, saved: &archive::mila::SavedGame, seats: &[SeatFor]) -> anyhow::Result<String> {
    let cfg = load_config(config)?;
    let mut j = Judge::open(cfg, Clock::System)?;
    let last = saved.phases.last().ok_or_else(|| anyhow::anyhow!("the record has no phase"))?;
    // the game and its seats together, or nothing
    let tx = j.conn.unchecked_transaction()?;
    let made = crate::play::adopt::adopt(&tx, &mut j.ctx, name, v, saved.setup.as_ref(), last.position.clone(), last.completed, seats)?;
    tx.commit()?;
    let phase = v.calendar.long_name(last.position.phase);
    Ok(say::adopted(&made.game.name, &v.title, &phase, &made.game.master_email, &made.password, &made.seated, v.powers.len()))
}

/// `--seat POWER=ADDRESS` read (the power and address checked by the import).
pub fn seat_arg(text: &str) -> Result<SeatFor, String> {
    let (power, address) = text.split_once('=').ok_or_else(|| format!("`{text}`: expected POWER=ADDRESS"))?;
    Ok(SeatFor { power: power.trim().to_string(), address: address.trim().to_string() })
}

/// A saved game read from its file's text: MILA JSON, or a judge's text
/// in njudge's layout (with its recorded results), sniffed by content.
#[allow(clippy::type_complexity)]
fn read_saved(
    text: &str,
    variants_dir: &Path,
) -> Result<(crate::map::Variant, archive::mila::SavedGame, Option<Vec<Vec<archive::judge_text::read::Recorded>>>), archive::ArchiveError> {
    let json = serde_json::from_str::<serde_json::Value>(text).ok();
    let njudge = json.is_none() && archive::judge_text::read::sniff(text);
    let map = match &json {
        Some(j) => archive::mila::map_of(j),
        None if njudge => archive::judge_text::read::variant_of(text),
        None => "standard".into(),
    };
    let v = crate::variants::find(&map, Some(variants_dir)).map_err(|why| archive::ArchiveError::UnknownMap { map: map.clone(), why })?;
    if njudge {
        let jt = archive::judge_text::read::read(&v, text)?;
        return Ok((v, jt.saved, Some(jt.results)));
    }
    let saved = archive::mila::read(&v, text)?;
    Ok((v, saved, None))
}
