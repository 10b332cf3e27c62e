//! A blind game's results mail (docs/RULES.md, "Blind games"): each
//! player gets the phase as its seat sees it (`game::blind`), with a map
//! drawn from that; the master gets the whole phase; observers, the list
//! and the webhooks only the notice that the phase was processed. A phase
//! that ends the game goes to everyone whole (the end reveals all), by the
//! common path (`tell_table`).

use super::{MapFiles, mail_to};
use crate::adjudicate::{Outcome, Position};
use crate::archive::scene::PhaseScene;
use crate::context::Ctx;
use crate::game::{Game, MapPref, PlayerRole, PlayerStatus, Recipient, report_recipients};
use crate::map::PowerId;
use crate::order::Order;
use crate::report::results::{ReportFormat, Results, render_report};
use crate::report::say;
use chrono_tz::Tz;
use minijinja::context;
use rusqlite::Connection;

/// A phase just processed, to mail.
pub struct Processed<'a> {
    pub pos: &'a Position,
    pub out: &'a Outcome,
    pub orders: &'a [(PowerId, Order)],
    pub subject: &'a str,
    /// The whole report in a zone (the master's).
    pub whole: &'a dyn Fn(Tz) -> String,
    /// The whole phase's map.
    pub map: MapFiles,
    /// Lines every report ends with that tell nothing of the board (the
    /// two-player game's coin).
    pub public: &'a [String],
    /// Files every mail of the phase carries (the next deadline's calendar event).
    pub files: &'a [i64],
    /// Each power's receipt nonce line: a player is told its own seat's.
    pub nonces: &'a [(PowerId, String)],
}

/// Mails a processed phase of blind game `game` to its table.
pub fn tell_results(conn: &Connection, ctx: &Ctx, game: &Game, ph: &Processed) -> anyhow::Result<()> {
    for (addr, who) in report_recipients(game) {
        let zone = crate::game::reader_zone(game, &addr, ctx.cfg.timezone);
        let player = game.players.iter().find(|p| {
            p.role == PlayerRole::Player
                && p.power.is_some()
                && matches!(p.status, PlayerStatus::Active | PlayerStatus::Eliminated)
                && p.email.eq_ignore_ascii_case(&addr)
        });
        let (body, files) = match (who, player) {
            (Recipient::Member, Some(p)) => {
                let seat = game.group_of(p.power.unwrap_or(0));
                seen_by(conn, ctx, game, ph, &seat, zone, p.map)?
            }
            // the master (and no one else is a member without a seat)
            (Recipient::Member, None) => ((ph.whole)(zone), ph.map.for_pref(MapPref::Png)),
            (Recipient::Observer | Recipient::List, _) => (notice(ctx, game, ph, zone), Vec::new()),
        };
        let mut out = mail_to(ctx, game, &addr, who, ph.subject, body, Some(say::game::list_id(game, ctx.cfg.domain())));
        out.kind = crate::mail::compose::Kind::Game;
        out.attachments = files;
        out.attachments.extend_from_slice(ph.files);
        ctx.queue(conn, &out, Some(game.id), None)?;
    }
    if !game.settings.webhooks.is_empty() {
        crate::publish::queue(conn, game, &say::results::blind_notice_markdown(&notice_lines(game, ph, game.zone(ctx.cfg.timezone))), ctx.now())?;
    }
    Ok(())
}

/// The report and the map files of a phase as `seat` sees it.
fn seen_by(conn: &Connection, ctx: &Ctx, game: &Game, ph: &Processed, seat: &[PowerId], zone: Tz, pref: MapPref) -> anyhow::Result<(String, Vec<i64>)> {
    let v = game.v();
    let t = crate::game::blind::outcome(v, seat, ph.pos, ph.out);
    let shown = Results { game, pos: ph.pos, out: ph.out, orders: ph.orders, prediction: false, deadline: game.deadline, seen: Some(&t) };
    let mut report = render_report(&ctx.templates, zone, &shown, ReportFormat::Text);
    for line in ph.public {
        report.push_str(&format!("\n{line}\n"));
    }
    let own: Vec<&str> = ph.nonces.iter().filter(|(p, _)| seat.contains(p)).map(|(_, l)| l.as_str()).collect();
    if !own.is_empty() {
        report.push_str(&format!("\n{}\n", own.join("\n")));
    }
    if pref == MapPref::None {
        return Ok((report, Vec::new()));
    }
    // a picture that cannot be drawn never holds the results up
    let pictures = crate::context::guarded(|| Ok(PhaseScene::of_outcome(v, ph.pos, &t.out).files(v, game))).unwrap_or_else(|e| {
        tracing::error!("game {}: a blind map of {} could not be drawn: {e:#}", game.name, v.calendar.name(ph.pos.phase));
        Vec::new()
    });
    let map = MapFiles::store(conn, ctx.now(), &pictures)?;
    Ok((report, map.for_pref(pref)))
}

/// What an observer or the list hears of a phase of a blind game.
fn notice(ctx: &Ctx, game: &Game, ph: &Processed, zone: Tz) -> String {
    let title = say::results::blind_processed_title(game, &game.v().calendar.long_name(ph.pos.phase));
    ctx.templates.render("notice.txt", context! { title => title, lines => notice_lines(game, ph, zone) })
}

/// The notice's lines: the next phase and its deadline.
fn notice_lines(game: &Game, ph: &Processed, zone: Tz) -> Vec<String> {
    let v = game.v();
    let next = ph.out.next_phase.map(|n| v.calendar.long_name(n)).unwrap_or_default();
    let deadline = game.deadline.map(|d| crate::timing::format_time(d, zone));
    let mut lines = vec![say::results::blind_processed(&v.calendar.long_name(ph.pos.phase), &next, deadline.as_deref())];
    lines.extend(ph.public.iter().cloned());
    lines
}
