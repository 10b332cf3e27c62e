//! `mailjudge game ...`: the master's commands from the console, without a password.

use super::{ConfigArg, GameAction, load_config};
use crate::context::Clock;
use crate::judge::Judge;
use std::process::ExitCode;

pub fn game(config: ConfigArg, action: GameAction) -> anyhow::Result<ExitCode> {
    let cfg = load_config(&config)?;
    let mut j = Judge::open(cfg, Clock::System)?;
    let (game, lines): (String, Vec<String>) = match action {
        GameAction::List => ("".into(), vec!["LIST".into()]),
        GameAction::Show { game } => (String::new(), vec![format!("LIST {game}"), format!("SUMMARY {game}")]),
        GameAction::Create { game, password, variant, master } => {
            let who = master.unwrap_or_else(|| j.ctx.cfg.keeper.clone());
            let text = crate::command::run_console_create(&mut j.conn, &mut j.ctx, &who, &game, &password, &variant)?;
            print!("{text}");
            return Ok(ExitCode::SUCCESS);
        }
        GameAction::Process { game, force } => (game, vec![if force { "PROCESS!".into() } else { "PROCESS".into() }]),
        GameAction::Pause { game } => (game, vec!["PAUSE".into()]),
        GameAction::Resume { game } => (game, vec!["RESUME".into()]),
        GameAction::Terminate { game } => (game, vec!["TERMINATE".into()]),
        GameAction::Cmd { game, lines } => (game, lines),
        GameAction::Map { game, phase, output } => return map(&mut j, &game, phase.as_deref(), &output),
    };
    let tx = j.conn.transaction()?;
    let text =
        if game.is_empty() { crate::command::run_anonymous(&tx, &mut j.ctx, &lines)? } else { crate::command::run_console(&tx, &mut j.ctx, &game, &lines)? };
    tx.commit()?;
    print!("{text}");
    let failed = text.lines().any(|l| l.trim_start().starts_with("Error:"));
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// `mailjudge game map GAME [PHASE] -o FILE`.
fn map(j: &mut Judge, name: &str, phase: Option<&str>, output: &std::path::Path) -> anyhow::Result<ExitCode> {
    let g = crate::game::load_named(&j.conn, &mut j.ctx.variants, name)?.ok_or_else(|| anyhow::anyhow!("no game called {name}"))?;
    let v = g.variant.clone();
    let scene = match phase {
        Some(p) => crate::archive::scene::PhaseScene::stored(&j.conn, &g, p)?,
        None => {
            // a picture that may be passed on: before the first move the
            // starting choices are withheld, as from anyone in no power's
            // seat by mail, until the results reveal them (E3)
            let pos = g.position.clone().ok_or_else(|| anyhow::anyhow!("game {name} has not started"))?;
            let (pos, withheld) = crate::game::start::seen(&j.conn, &v, &g, pos, Some(&[]))?;
            crate::archive::scene::PhaseScene::of_position(&v, &pos, withheld)
        }
    };
    let svg = output.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let file = scene.files(&v, &g).into_iter().find(|f| (f.mime == "image/svg+xml") == svg).ok_or_else(|| anyhow::anyhow!("the map could not be drawn"))?;
    std::fs::write(output, &file.data)?;
    println!("{}", output.display());
    Ok(ExitCode::SUCCESS)
}
