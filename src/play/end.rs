//! What a game leaves: its summary (the centre chart by year, each power's
//! state, who played it and when) and the end-of-game package mailed to
//! everyone when it is over.

use crate::adjudicate::Position;
use crate::config::MAX_PACKAGE_FILES;
use crate::context::Ctx;
use crate::game::{Game, GameStatus, Player, PlayerRole, PlayerStatus, pname};
use crate::map::{PowerId, Variant};
use crate::report::say;
use rusqlite::Connection;

/// The positions of a game's line, one before each processed phase, then the current one.
pub fn positions(conn: &Connection, g: &Game) -> anyhow::Result<Vec<Position>> {
    let v = g.v();
    let mut all = Vec::new();
    for p in crate::store::phases::positions(conn, g.id)? {
        let value: serde_json::Value = serde_json::from_str(&p)?;
        all.push(crate::contract::position_from_json(v, &value).map_err(anyhow::Error::msg)?);
    }
    all.extend(g.position.clone());
    Ok(all)
}

/// The supply-centre chart as njudge's summary has it: a head, then a
/// row a year ([`crate::game::chart::rows`]: the counts once the year's
/// ownership is settled; a game over has its final counts).
pub fn centre_chart(v: &Variant, all: &[Position], finished: bool) -> Vec<String> {
    let head: String = v.powers.iter().map(|p| format!(" {:>4}", &p.name[..3.min(p.name.len())])).collect();
    let mut lines = vec![say::info::summary_header(&head)];
    for row in crate::game::chart::rows(v, all, finished) {
        let counts: String = row.counts.iter().map(|c| format!(" {c:>4}")).collect();
        lines.push(format!("{:<8}{counts}", row.label(v)));
    }
    lines
}

/// Who SUMMARY shows as having played each seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reveal {
    /// Nobody (an anonymous game still running, to all but its master).
    Hidden,
    /// By the names they chose (`SET NAME`) or their powers': to anyone, and
    /// in the end-of-game package (which goes to observers and a list too).
    Names,
    /// By their addresses: only to the game's own master, co-masters,
    /// players and the keeper.
    Addresses,
}

/// SUMMARY: the chart, each power's state, and who played each seat when
/// (as `reveal` says).
pub fn summary(conn: &Connection, g: &Game, reveal: Reveal) -> anyhow::Result<Vec<String>> {
    let v = g.v();
    let mut lines = vec![say::info::summary_title(g, &v.title)];
    lines.extend(centre_chart(v, &positions(conn, g)?, g.status == GameStatus::Finished));
    let players = &g.players;
    lines.push(String::new());
    for p in 0..v.powers.len() as PowerId {
        let state = match players.iter().rfind(|x| x.power == Some(p)) {
            Some(x) => x.status.to_string(),
            None => say::info::nobody_had(g.status == GameStatus::Forming),
        };
        lines.push(format!("{:<10} {state}", pname(v, p)));
    }
    if g.status != GameStatus::Forming {
        lines.push(String::new());
        if reveal == Reveal::Hidden {
            lines.push(say::info::players_hidden(g.settings.reveal == crate::store::games::Revealing::Never));
        } else {
            lines.push(say::info::played_by_title());
            let times = crate::store::phases::times(conn, g.id)?;
            let current = g.position.as_ref().map(|p| v.calendar.long_name(p.phase));
            lines.extend(played_by(g, &times, current.as_deref(), reveal == Reveal::Addresses));
        }
    }
    if let Some(r) = say::game::result(g) {
        lines.push(say::info::result_line(&r));
    }
    Ok(lines)
}

/// For each seat played, who played it and from which phase to which:
/// a player took a seat at the start or when a takeover seated it, and left
/// it by resigning or being ejected. A time maps to the phase being played
/// then: the first phase on the game's line processed after it (`times`:
/// seq, phase code, processed), or `current`. A player is named by the name
/// they chose (`SET NAME`) or their power's; by their address only where
/// `addresses` (for the game's own master and players).
pub fn played_by(g: &Game, times: &[(i64, String, i64)], current: Option<&str>, addresses: bool) -> Vec<String> {
    let (v, players) = (g.v(), &g.players);
    let phase_at = |t: i64| -> String {
        times
            .iter()
            .find(|(_, _, processed)| *processed > t)
            .and_then(|(_, code, _)| v.calendar.parse(code).ok())
            .map(|p| v.calendar.long_name(p))
            .or_else(|| current.map(str::to_string))
            .unwrap_or_default()
    };
    let played = |p: &&Player| p.role == PlayerRole::Player && p.status != PlayerStatus::Pending;
    let mut seats: Vec<PowerId> = players.iter().filter(played).filter_map(|p| p.power).collect();
    seats.sort_unstable();
    seats.dedup();
    seats
        .into_iter()
        .map(|pw| {
            let spans: Vec<say::info::Span> = players
                .iter()
                .filter(played)
                .filter(|p| p.power == Some(pw))
                .map(|p| say::info::Span {
                    who: if addresses { p.email.clone() } else { crate::game::shown_name(g, p) },
                    from: p.seated.map(phase_at),
                    to: p.left.map(phase_at),
                })
                .collect();
            say::info::seat_played_by(&say::seats::seat_names(g, pw), &spans)
        })
        .collect()
}

/// The end-of-game package, mailed to everyone in the game once it is over
/// (observers and a list too): the result, who played what (by their chosen
/// names or their powers, never their addresses), the centre chart,
/// `notes` (what could not be attached), and the game's record attached
/// (`files`: attachment ids).
pub fn send_package(conn: &Connection, ctx: &mut Ctx, g: &Game, files: &[i64], notes: &[String]) -> anyhow::Result<()> {
    // a summary that cannot be made (a stored board that does not read)
    // never keeps a game from ending either
    // an anonymous game set NO REVEAL names nobody, even now
    let reveal = if g.settings.shows_players(true) { Reveal::Names } else { Reveal::Hidden };
    let mut lines = crate::context::guarded(|| summary(conn, g, reveal)).unwrap_or_else(|e| {
        tracing::error!("game {}: its summary could not be made for the end-of-game package: {e:#}", g.name);
        vec![say::game::summary_unavailable(g)]
    });
    lines.extend(notes.iter().cloned());
    let body = ctx.templates.render("notice.txt", minijinja::context! { title => say::game::package_title(g), lines => lines });
    let subject = say::game::package_subject(g);
    let m = super::TableMail { subject: &subject, body: &body, files, map: None, list_body: None, kind: crate::mail::compose::Kind::Game, zoned: None };
    super::tell_table(conn, ctx, g, &m)?;
    Ok(())
}

/// Mails the end-of-game package, the game's record attached. A record that
/// cannot be read or made (even a panic in the making) never stops the end
/// of a game: logged, the package goes without it and says so.
pub fn package(conn: &Connection, ctx: &mut Ctx, g: &Game) -> anyhow::Result<()> {
    let made = crate::context::guarded(|| {
        let rec = crate::archive::GameRecord::load(conn, g)?;
        Ok(record_files(g.v(), &rec, MAX_PACKAGE_FILES))
    });
    let (files, notes) = match made {
        Ok(x) => x,
        Err(e) => {
            tracing::error!("game {}: its record could not be made for the end-of-game package: {e:#}", g.name);
            (Vec::new(), vec![say::game::record_not_attached(g)])
        }
    };
    let ids = files.iter().map(|f| crate::store::attachments::insert(conn, f, ctx.now())).collect::<rusqlite::Result<Vec<_>>>()?;
    send_package(conn, ctx, g, &ids, &notes)?;
    return_diaries(conn, ctx, g)
}

/// Mails each diary back to the player who wrote it, at their address of
/// record now: a writer's own entries, only theirs (a player who took a
/// power over gets their own, the one before them theirs). A writer who
/// left the game (resigned, ejected) gets theirs too; an address that held
/// several seats of the game gets one mail.
pub fn return_diaries(conn: &Connection, ctx: &Ctx, game: &Game) -> anyhow::Result<()> {
    let tz = ctx.cfg.timezone;
    // the writers by their address now, in the order they first wrote
    let mut by_address: Vec<(String, String, Vec<String>)> = Vec::new();
    for writer in crate::store::diary::writers(conn, game.id)? {
        let Some(player) = game.players.iter().find(|p| p.id == writer && p.role == PlayerRole::Player) else { continue };
        let entries = crate::store::diary::of_writer(conn, game.id, writer)?;
        if entries.is_empty() {
            continue;
        }
        let seat = player.power.map(|pw| say::seats::seat_names(game, pw)).unwrap_or_else(say::account::a_player);
        let mut lines = vec![say::press::diary_title(game, &seat), String::new()];
        for e in &entries {
            lines.push(say::press::diary_entry(e.number, &crate::timing::format_time(e.created, tz), &e.body));
            lines.push(String::new());
        }
        let key = crate::mail::mailbox_key(&player.email);
        match by_address.iter_mut().find(|(k, _, _)| *k == key) {
            Some((_, _, all)) => all.extend(lines),
            None => by_address.push((key, player.email.clone(), lines)),
        }
    }
    for (_, address, lines) in by_address {
        let body = ctx.templates.render("notice.txt", minijinja::context! { title => say::press::diary_subject(game), lines => lines });
        let m = super::mail_to(ctx, game, &address, crate::game::Recipient::Member, &say::press::diary_subject(game), body, None);
        ctx.queue(conn, &m, Some(game.id), None)?;
    }
    Ok(())
}

/// The game's record as files to attach: the classic plain-text results,
/// the MILA saved-game JSON and the centre chart's picture, at most `max`
/// bytes together. Each file goes as
/// it is if it fits in what is left, else gzipped (`NAME.gz`) if that fits,
/// else not at all, with a line saying how to get it.
pub fn record_files(v: &Variant, rec: &crate::archive::GameRecord, max: usize) -> (Vec<crate::mail::compose::Attachment>, Vec<String>) {
    use crate::mail::compose::Attachment;
    let g = &rec.game;
    let text = crate::archive::text::to_text(v, rec);
    let json = crate::archive::mila::to_mila(v, rec).to_string();
    let all: Vec<Position> = rec.phases.iter().map(|p| p.position.clone()).chain(rec.current.clone()).collect();
    let rows = crate::game::chart::rows(v, &all, g.status == GameStatus::Finished);
    let chart = crate::render::chart::chart_svg(v, &rows, &say::archive::chart_heading());
    let mut files = Vec::new();
    let mut notes = Vec::new();
    let mut left = max;
    for f in [
        Attachment { name: format!("{}.txt", g.name), mime: "text/plain; charset=utf-8".into(), data: text.into_bytes() },
        Attachment { name: format!("{}.json", g.name), mime: "application/json".into(), data: json.into_bytes() },
        Attachment { name: format!("{}-centres.svg", g.name), mime: "image/svg+xml".into(), data: chart.into_bytes() },
    ] {
        let (name, bytes) = (f.name.clone(), f.data.len());
        let f = if bytes <= left { Some(f) } else { gzipped(&f).filter(|z| z.data.len() <= left) };
        match f {
            Some(f) => {
                left -= f.data.len();
                files.push(f);
            }
            None => notes.push(say::game::record_file_too_large(g, &name, bytes, max)),
        }
    }
    (files, notes)
}

/// `f` gzipped, as `NAME.gz`.
fn gzipped(f: &crate::mail::compose::Attachment) -> Option<crate::mail::compose::Attachment> {
    use std::io::Write;
    let mut z = flate2::write::GzEncoder::new(Vec::with_capacity(f.data.len() / 6), flate2::Compression::best());
    z.write_all(&f.data).ok()?;
    let data = z.finish().ok()?;
    Some(crate::mail::compose::Attachment { name: format!("{}.gz", f.name), mime: "application/gzip".into(), data })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_is_njudges_table_of_the_rows() {
        let v = Variant::standard();
        let mut all = vec![Position::initial(&v)];
        let mut w = Position::initial(&v);
        w.phase = v.calendar.parse("W1901A").unwrap();
        let free = (0..w.centers.len()).find(|&i| v.is_center(i as _) && w.centers[i].is_none()).unwrap();
        w.centers[free] = Some(0);
        all.push(w);
        let lines = centre_chart(&v, &all, false);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].contains(" AUS") && lines[0].contains(" TUR"), "{}", lines[0]);
        assert_eq!(lines[1], "1901        4    3    3    3    3    4    3");
    }
}
