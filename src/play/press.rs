//! Press the judge mails on its own: postal press with the results of its
//! phase (the diaries go back to their writers with the end: `play::end`).

use super::{TableMail, tell_table};
use crate::context::Ctx;
use crate::game::Game;
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
    let m = TableMail { subject: &subject, body: &body, files: &[], map: None, list_body: None, kind: crate::mail::compose::Kind::Game, zoned: None };
    tell_table(conn, ctx, game, &m)?;
    Ok(())
}
