//! Press the judge mails on its own: postal press with the results of its
//! phase, and each power's diary to its player when the game is over.

use super::{TableMail, tell_table};
use crate::context::Ctx;
use crate::game::{Game, PlayerRole, PlayerStatus, Recipient};
use crate::map::PowerId;
use crate::report::say;
use minijinja::context;
use rusqlite::Connection;

/// Mails the postal press of phase `seq` (`phase`: its name) to everyone in
/// the game, one mail after the phase's results.
pub fn release_postal(conn: &Connection, ctx: &Ctx, game: &Game, seq: i64, phase: &str) -> anyhow::Result<()> {
    let postal = crate::store::press::postal_of(conn, game.v(), game.id, seq)?;
    if postal.is_empty() {
        return Ok(());
    }
    let texts: Vec<String> = postal
        .iter()
        .map(|p| {
            let lines: Vec<String> = p.body.lines().map(str::to_string).collect();
            let from = say::press::sender(game, p);
            ctx.templates
                .render("press.txt", context! { game => game.name.clone(), phase => phase, from => from, to => say::press::to_everyone(), body => lines })
        })
        .collect();
    let body = texts.join("\n");
    let subject = say::press::postal_subject(game, phase);
    let m = TableMail { subject: &subject, body: &body, files: &[], map: None, list_body: None, kind: crate::mail::compose::Kind::Game };
    tell_table(conn, ctx, game, &m)?;
    Ok(())
}

/// Mails each power's diary (if it kept one) to its player, the last who
/// played it: nobody else reads it.
pub fn return_diaries(conn: &Connection, ctx: &Ctx, game: &Game) -> anyhow::Result<()> {
    let tz = ctx.cfg.timezone;
    for power in 0..game.v().powers.len() as PowerId {
        let entries = crate::store::diary::entries(conn, game.id, power)?;
        if entries.is_empty() {
            continue;
        }
        let player = game
            .players
            .iter()
            .rev()
            .find(|p| p.role == PlayerRole::Player && p.power == Some(power) && matches!(p.status, PlayerStatus::Active | PlayerStatus::Eliminated));
        let Some(player) = player else { continue };
        let mut lines = Vec::new();
        for e in &entries {
            lines.push(say::press::diary_entry(e.number, &crate::timing::format_time(e.created, tz), &e.body));
            lines.push(String::new());
        }
        let title = say::press::diary_title(game, &say::seats::seat_names(game, power));
        let body = ctx.templates.render("notice.txt", context! { title => title, lines => lines });
        let m = super::mail_to(ctx, game, &player.email, Recipient::Member, &say::press::diary_subject(game), body, None);
        ctx.queue(conn, &m, Some(game.id), None)?;
    }
    Ok(())
}
