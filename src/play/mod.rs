//! A game's life, as the judge runs it: starting it, telling its table,
//! processing its phases at their deadlines (or early, when every order is
//! in), the votes that end it and the package that closes it. Below the
//! commands, above the game's own data (`crate::game`) and everything that
//! writes, draws or posts it (`report`, `render`, `archive`, `publish`).

pub mod adopt;
pub mod blind;
pub mod deadline;
pub mod disorder;
pub mod end;
pub mod later;
pub mod orders;
pub mod press;
pub mod removals;
pub mod world_war;

pub use deadline::{Why, push_for_absences, set_deadline, set_next_deadline, tick_game};

use crate::adjudicate::{self, Position};
use crate::archive::scene as maps;
use crate::context::Ctx;
use crate::end::GameEnd;
use crate::game::preference::Preference;
use crate::game::{
    Assignment, Current, Game, GameStatus, MapPref, PlayerRole, PlayerStatus, Recipient, end_year_end, pname, report_recipients, stop_command, vote_end,
};
use crate::map::{PowerId, Variant};
use crate::report::results::{ReportFormat, Results, render_report};
use crate::report::say;
use crate::store::games::{Ending, Identity};
use crate::store::phases::{self, PhaseRow};
use crate::timing;
use chrono_tz::Tz;
use minijinja::context;
use rusqlite::Connection;
use std::sync::Arc;

/// A game's mail to `addr`, who gets it as `who`: for observers and the
/// list the text ends with how to stop it and the List-Unsubscribe says the
/// same; a member's carries none (members leave by RESIGN).
pub fn mail_to(ctx: &Ctx, game: &Game, addr: &str, who: Recipient, subject: &str, mut body: String, list_id: Option<String>) -> crate::mail::compose::OutMail {
    let stop = stop_command(game, who);
    if let Some(c) = &stop {
        body.push_str(&say::game::how_to_stop(c, &ctx.cfg.address));
    }
    let mut m = ctx.notice_mail(addr, subject, body, list_id);
    m.unsubscribe = Some(stop.unwrap_or_default());
    m
}

/// The pictures of a phase's map, stored once for every mail.
#[derive(Clone, Copy, Debug, Default)]
pub struct MapFiles {
    pub png: Option<i64>,
    pub svg: Option<i64>,
}

impl MapFiles {
    /// Stores a phase's pictures ([`maps::PhaseScene::files`]) once.
    pub fn store(conn: &Connection, now: i64, files: &[crate::mail::compose::Attachment]) -> rusqlite::Result<MapFiles> {
        let mut m = MapFiles::default();
        for f in files {
            let id = crate::store::attachments::insert(conn, f, now)?;
            match f.mime.as_str() {
                "image/svg+xml" => m.svg = Some(id),
                _ => m.png = Some(id),
            }
        }
        Ok(m)
    }

    /// The files a mail to someone who wants `pref` carries.
    pub fn for_pref(&self, pref: MapPref) -> Vec<i64> {
        match pref {
            MapPref::None => Vec::new(),
            MapPref::Png => self.png.into_iter().collect(),
            MapPref::Svg => self.png.into_iter().chain(self.svg).collect(),
        }
    }
}

/// One mail to a game's whole table.
pub struct TableMail<'a> {
    pub subject: &'a str,
    pub body: &'a str,
    /// Files every recipient gets.
    pub files: &'a [i64],
    /// The phase's map, by each recipient's choice (`SET MAP`).
    pub map: Option<MapFiles>,
    /// The list's own text (the report in the list's format).
    pub list_body: Option<&'a str>,
    /// [`Kind::Game`] for the game's own scheduled mail (results, the end),
    /// [`Kind::Notice`] for what a command caused (counted against each
    /// address's byte budget).
    pub kind: crate::mail::compose::Kind,
    /// The text in another zone, for a text that shows times: a recipient
    /// who reads the game's times in a zone of their own (`SET TIMEZONE`)
    /// gets its text in that zone, made once a zone; `body` is the game's.
    pub zoned: Option<&'a dyn Fn(Tz) -> String>,
}

/// Mails `body` to everyone in the game, for a command (a notice: counted
/// against each address's byte budget).
pub fn tell_all(conn: &Connection, ctx: &Ctx, game: &Game, subject: &str, body: &str) -> rusqlite::Result<()> {
    let m = TableMail { subject, body, files: &[], map: None, list_body: None, kind: crate::mail::compose::Kind::Notice, zoned: None };
    tell_table(conn, ctx, game, &m)
}

/// [`tell_all`] for a notice that shows times: `body` makes its text in a
/// zone, each recipient's own (the game's for those without one).
pub fn tell_all_zoned(conn: &Connection, ctx: &Ctx, game: &Game, subject: &str, body: &dyn Fn(Tz) -> String) -> rusqlite::Result<()> {
    let text = body(game.zone(ctx.cfg.timezone));
    let m = TableMail { subject, body: &text, files: &[], map: None, list_body: None, kind: crate::mail::compose::Kind::Notice, zoned: Some(body) };
    tell_table(conn, ctx, game, &m)
}

/// [`tell_all_zoned`] for a notice of a new deadline: it carries the
/// deadline's calendar event (the same `UID` as the event it replaces).
pub fn tell_deadline(conn: &Connection, ctx: &Ctx, game: &Game, subject: &str, body: &dyn Fn(Tz) -> String) -> rusqlite::Result<()> {
    let text = body(game.zone(ctx.cfg.timezone));
    let files: Vec<i64> = deadline_calendar(conn, ctx, game)?.into_iter().collect();
    let m = TableMail { subject, body: &text, files: &files, map: None, list_body: None, kind: crate::mail::compose::Kind::Notice, zoned: Some(body) };
    tell_table(conn, ctx, game, &m)
}

/// Mails `m` to everyone in the game. The list gets its own text where there
/// is one; observers and the list get a line saying how to stop; a text that
/// shows times goes to each in their own zone (one text a zone).
pub fn tell_table(conn: &Connection, ctx: &Ctx, game: &Game, m: &TableMail) -> rusqlite::Result<()> {
    let game_zone = game.zone(ctx.cfg.timezone);
    let mut by_zone: std::collections::HashMap<Tz, String> = std::collections::HashMap::new();
    for (addr, who) in report_recipients(game) {
        let zone = crate::game::reader_zone(game, &addr, ctx.cfg.timezone);
        let body = match (who, m.zoned) {
            (Recipient::List, _) => m.list_body.unwrap_or(m.body),
            (_, Some(make)) if zone != game_zone => by_zone.entry(zone).or_insert_with(|| make(zone)).as_str(),
            _ => m.body,
        };
        let pref = game
            .players
            .iter()
            .find(|p| p.email.eq_ignore_ascii_case(&addr) && matches!(p.status, PlayerStatus::Active | PlayerStatus::Eliminated))
            .map(|p| p.map)
            .unwrap_or_default();
        let mut out = mail_to(ctx, game, &addr, who, m.subject, body.to_string(), Some(say::game::list_id(game, ctx.cfg.domain())));
        out.kind = m.kind;
        out.attachments = m.files.to_vec();
        if let Some(map) = m.map {
            out.attachments.extend(map.for_pref(pref));
        }
        ctx.queue(conn, &out, Some(game.id), None)?;
    }
    Ok(())
}

/// A player's stored preference, read as seats (`None`: none, or the game
/// gives powers at random). One that no longer reads is the judge's fault,
/// logged: the player is seated as one without a preference.
fn read_preference(game: &Game, p: &crate::game::Player) -> Option<Preference> {
    let text = p.preference.as_deref().filter(|t| !t.is_empty() && game.settings.assignment == Assignment::Preference)?;
    match Preference::parse(game.v(), text) {
        Ok(pref) => Some(pref.seated(|q| game.seat_power(q))),
        Err(r) => {
            tracing::warn!("game {}: player {}'s stored preference `{text}` cannot be read ({r:?}): seated without it", game.name, p.id);
            None
        }
    }
}

/// Starts a forming game whose seats are all taken: powers assigned, first phase, deadline.
pub fn start(conn: &Connection, ctx: &mut Ctx, game: &mut Game) -> anyhow::Result<()> {
    let v = game.variant.clone();
    let mut players = std::mem::take(&mut game.players);
    // OS randomness: nobody can work out the assignment from the game's id or creation time
    let mut rng = crate::random::Rng::new(crate::password::random_u64());
    // a game for fewer players seats no one at its neutral powers; where a
    // player plays several powers, a player row names its seat's first power
    let free: Vec<PowerId> = game.seats.iter().map(crate::game::Seat::own).collect();
    let seated: Vec<usize> =
        players.iter().enumerate().filter(|(_, p)| p.role == PlayerRole::Player && p.status == PlayerStatus::Active).map(|(i, _)| i).collect();
    // njudge's assignment: random requests first, then the most weight for
    // the preference lists (game::preference); `assignment=random`: no lists
    let prefs: Vec<Option<Preference>> = seated.iter().map(|&i| read_preference(game, &players[i])).collect();
    let given = crate::game::preference::assign(&prefs, &free, &mut rng);
    for (&i, &s) in seated.iter().zip(&given) {
        if let Some(&pick) = free.get(s) {
            players[i].power = Some(pick);
            players[i].save(conn)?;
        }
    }
    // SET BLANK BOARD: no units, the adjustments before the first movement
    let mut pos = Position::start(&v, &game.rules);
    if let Some(ww) = game.settings.world_war.as_mut() {
        // the two-player game: from 1914, its coin's seed drawn now
        pos.phase.year += crate::rules::WORLD_WAR_YEAR - v.start.year;
        ww.seed = crate::password::random_u64();
    }
    game.status = GameStatus::Active;
    game.seq = 1;
    game.set_position(pos.clone());
    game.players = players;
    set_deadline(ctx, game, pos.phase.kind);
    game.save(conn)?;
    // the first deadline, as a calendar event the start notices carry
    let calendar: Vec<i64> = deadline_calendar(conn, ctx, game)?.into_iter().collect();
    let shown = |addr: &str| timing::format_time(game.deadline.unwrap_or(0), crate::game::reader_zone(game, addr, ctx.cfg.timezone));
    for p in game.players.iter().filter(|p| p.role == PlayerRole::Player && p.power.is_some()) {
        let pw = p.power.unwrap_or(0);
        let deadline = shown(&p.email);
        let group = game.group_of(pw);
        let units: Vec<String> = pos.units.iter().filter(|u| group.contains(&u.power)).map(|u| v.unit_code(u)).collect();
        let names = say::seats::seat_names(game, pw);
        let body = ctx.templates.render(
            "notice.txt",
            context! { title => say::game::started(game), lines => {
                let mut lines = vec![
                    say::game::you_are(game, &names, v.powers[pw as usize].letter),
                    say::game::your_units(&units),
                    say::game::first_phase(&v.calendar.long_name(pos.phase), &deadline),
                ];
                // a choice of starting unit types (E3)
                for &q in &group {
                    let w = &v.powers[q as usize];
                    if !w.choice.is_empty() {
                        let options: Vec<String> = w.choice.iter().map(|&c| v.code(c).to_string()).collect();
                        lines.push(say::start::you_may_choose(&options, w.choice_max, &v.calendar.long_name(pos.phase)));
                    }
                }
                lines
            } },
        );
        ctx.game_notice_with(conn, &p.email, &say::game::started_subject(game, &names), body, game.id, &calendar)?;
    }
    let mut seated: Vec<(PowerId, &str)> =
        game.players.iter().filter(|p| p.is_active_player()).filter_map(|p| p.power.map(|pw| (pw, p.email.as_str()))).collect();
    seated.sort();
    let mut lines = vec![say::game::who_plays_what(&v.name, v.powers.len())];
    lines.extend(seated.iter().map(|(pw, email)| say::game::seat(&say::seats::seat_names(game, *pw), email)));
    // a game for fewer players: the powers no one plays
    let neutral: Vec<String> = game.neutral.iter().map(|&p| pname(&v, p)).collect();
    if !neutral.is_empty() {
        lines.push(say::game::neutral_seats(&neutral));
    }
    lines.push(say::game::first_phase(&v.calendar.long_name(pos.phase), &shown(&game.master_email)));
    let body = ctx.templates.render("notice.txt", context! { title => say::game::started(game), lines => lines });
    ctx.game_notice_with(conn, &game.master_email.clone(), &say::game::started(game), body, game.id, &calendar)?;
    Ok(())
}

/// Processes games touched by the last mail whose orders are all in.
pub fn process_ready(conn: &Connection, ctx: &mut Ctx) -> anyhow::Result<()> {
    let ids: Vec<i64> = std::mem::take(&mut ctx.touched);
    for id in ids {
        process_if_ready(conn, ctx, id)?;
    }
    Ok(())
}

pub use deadline::process_if_ready;

/// A game whose processing failed: paused so that it is not tried again on
/// every poll, its master and the keeper told (the keeper with the error).
/// Done without loading it (it may not load).
pub fn set_aside(conn: &Connection, ctx: &Ctx, id: i64, error: &str) -> anyhow::Result<()> {
    crate::store::games::pause(conn, id)?;
    let game: Identity = crate::store::games::identity_of(conn, id)?;
    let body = ctx.templates.render("notice.txt", context! { title => say::game::set_aside_title(&game), lines => say::game::set_aside_lines(&game) });
    ctx.game_notice(conn, &game.master_email, &say::game::set_aside_subject(&game), body, game.id)?;
    let keeper = ctx.cfg.keeper.clone();
    ctx.game_notice(conn, &keeper, &say::game::set_aside_keeper_subject(&game), say::game::set_aside_keeper_notice(&game, error), game.id)?;
    Ok(())
}

/// What would happen if the phase were processed now (for PREDICT).
pub fn predict(conn: &Connection, ctx: &mut Ctx, game: &Game) -> anyhow::Result<String> {
    let cur = crate::game::current_orders(conn, game)?;
    let out = adjudicate::process(game.v(), &game.rules, &cur.pos, &cur.orders);
    Ok(render_report(
        &ctx.templates,
        game.zone(ctx.cfg.timezone),
        &Results { game, pos: &cur.pos, out: &out, orders: &cur.orders, prediction: true, deadline: None, seen: None },
        ReportFormat::Text,
    ))
}

/// Adjudicates the current phase (`cur`, as the caller read it: see
/// [`crate::game::current_orders`]) with the orders in (missing ones
/// default), records it, moves the game on and mails the report. Runs
/// inside the caller's transaction.
pub fn process(conn: &Connection, ctx: &mut Ctx, game: &mut Game, cur: Current, why: Why) -> anyhow::Result<()> {
    if let Some(hook) = ctx.hooks.before_process {
        hook(&game.name);
    }
    let v: Arc<Variant> = game.variant.clone();
    let Current { pos, choices, orders } = cur;
    // the first move: the starting choices (applied to everyone's position
    // before adjudication) revealed in the results (E3)
    let revealed = choices.map(|c| say::start::reveal(&v, &pos, &c)).unwrap_or_default();
    let rules = game.rules;
    let done_seq = game.seq;
    // vacant seats and players who missed too often go into civil disorder
    let fresh = disorder::before_processing(conn, game, &pos, &orders)?;
    let mut out = adjudicate::process(&v, &rules, &pos, &orders);
    let phase_name = v.calendar.name(pos.phase);
    let before = crate::store::games::position_text(&v, &pos);
    let results = result_rows(&v, &out);
    // the next phase and its deadline
    players_after_phase(conn, game, &out.position)?;
    // the game's own ends after the engine's (a victory, no phase left):
    // the alliance votes in the new position, then the short game's last year
    if out.end.is_none()
        && let Some(end) = vote_end(game, &out.position).or_else(|| end_year_end(game, &out.position))
    {
        out.end = Some(end);
        out.next_phase = None;
    }
    game.set_position(out.position.clone());
    match &out.end {
        Some(end) => set_ending(game, end.clone(), Some(pos.phase)),
        None => {
            game.seq += 1;
            // never before the deadline of the phase just processed (njudge)
            set_next_deadline(ctx, game, out.position.phase.kind);
        }
    }
    let report_in = |game: &Game, f: ReportFormat, tz: Tz| {
        let shown = Results { game, pos: &pos, out: &out, orders: &orders, prediction: false, deadline: game.deadline, seen: None };
        render_report(&ctx.templates, tz, &shown, f)
    };
    let game_zone = game.zone(ctx.cfg.timezone);
    let mut report = report_in(game, ReportFormat::Text, game_zone);
    let mut extra: Vec<String> = Vec::new();
    if !revealed.is_empty() {
        extra.push(revealed.join("\n"));
    }
    // the lines that tell nothing of the board (a blind game's players get them too)
    let mut public: Vec<String> = Vec::new();
    if out.end.is_none() {
        // the two-player game's coin and the neutral power joining a side:
        // in the report, and so in the game's history
        public = world_war::after_phase(game, &out.position);
        extra.extend(public.iter().cloned());
        game.settings_changed()?;
    }
    // the secrets that sealed the phase's receipts, told now it is done (docs/RECEIPTS.md)
    // (in a blind game each player is told its own seat's, the master all)
    let nonces = told_nonces(conn, game, &pos, done_seq)?;
    if !nonces.is_empty() {
        extra.push(nonces.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>().join("\n"));
    }
    for line in &extra {
        report.push_str(&format!("\n{line}\n"));
    }
    phases::insert(
        conn,
        &PhaseRow { game_id: game.id, seq: done_seq, phase: &phase_name, position: &before, results: &results, report: &report, processed: ctx.now() },
    )?;
    game.save(conn)?;
    tracing::info!("game {}: processed {phase_name} ({why})", game.name);
    let subject = say::game::results_subject(game, &v.calendar.long_name(pos.phase));
    // the phase's map goes with its results (to all but those who SET NO MAP)
    // (a picture that cannot be drawn never holds the results up)
    let pictures = crate::context::guarded(|| Ok(maps::PhaseScene::of_outcome(&v, &pos, &out).files(&v, game))).unwrap_or_else(|e| {
        tracing::error!("game {}: the map of {phase_name} could not be drawn: {e:#}", game.name);
        Vec::new()
    });
    let map = MapFiles::store(conn, ctx.now(), &pictures)?;
    let in_zone = |f: ReportFormat, tz: Tz| -> String {
        let mut r = report_in(game, f, tz);
        for line in &extra {
            r.push_str(&format!("\n{line}\n"));
        }
        r
    };
    let as_format = |f: ReportFormat| in_zone(f, game_zone);
    // the stored report (HISTORY, the archive) is in the game's zone; each
    // reader's mail in their own
    let zoned = |tz: Tz| in_zone(ReportFormat::Text, tz);
    // the next deadline, as a calendar event every results mail carries
    let calendar: Vec<i64> = if out.end.is_none() { deadline_calendar(conn, ctx, game)?.into_iter().collect() } else { Vec::new() };
    let list_body = (game.settings.confirmed_list().is_some() && game.settings.list_format != ReportFormat::Text).then(|| as_format(game.settings.list_format));
    if game.settings.blind() && out.end.is_none() {
        // a blind game: each player its own part, the master the whole (the end reveals all)
        let ph = blind::Processed {
            pos: &pos,
            out: &out,
            orders: &orders,
            subject: &subject,
            whole: &zoned,
            map,
            public: &public,
            files: &calendar,
            nonces: &nonces,
        };
        blind::tell_results(conn, ctx, game, &ph)?;
    } else {
        let m = TableMail {
            subject: &subject,
            body: &report,
            files: &calendar,
            map: Some(map),
            list_body: list_body.as_deref(),
            kind: crate::mail::compose::Kind::Game,
            zoned: Some(&zoned),
        };
        tell_table(conn, ctx, game, &m)?;
        if !game.settings.webhooks.is_empty() {
            // a forum gets the results without the nonces: they are each
            // player's to check, by mail, and would split the post
            let mut post = report_in(game, ReportFormat::Markdown, game_zone);
            for line in extra.iter().take(extra.len() - usize::from(!nonces.is_empty())) {
                post.push_str(&format!("\n{line}\n"));
            }
            crate::publish::queue(conn, game, &post, ctx.now())?;
        }
    }
    press::release_postal(conn, ctx, game, done_seq, &v.calendar.long_name(pos.phase))?;
    if out.end.is_some() {
        end::package(conn, ctx, game)?;
    } else {
        disorder::announce_fresh(conn, ctx, game, &fresh)?;
    }
    // an adjustment phase with removals the GM may choose: the preview (E18)
    if out.end.is_none() && crate::game::removals::gm_removes(&rules) {
        removals::send_preview(conn, ctx, game, &out.position, &[], true)?;
    }
    // the orders kept for the phase that begins (PHASE) are given now
    if out.end.is_none() {
        later::begin(conn, ctx, game)?;
    }
    Ok(())
}

/// The calendar event of the game's running deadline (docs/CALENDAR.md),
/// stored once for every mail that carries it; none while the game is paused
/// or has no deadline.
pub fn deadline_calendar(conn: &Connection, ctx: &Ctx, game: &Game) -> rusqlite::Result<Option<i64>> {
    let (Some(at), Some(pos)) = (game.deadline.filter(|_| !game.paused), game.position.as_ref()) else { return Ok(None) };
    let v = game.v();
    let d = crate::report::calendar::Deadline {
        domain: ctx.cfg.domain(),
        judge_address: &ctx.cfg.address,
        game: &game.name,
        code: &v.calendar.name(pos.phase),
        phase: &v.calendar.long_name(pos.phase),
        at,
        now: ctx.now(),
    };
    let (name, data) = crate::report::calendar::file(&d);
    let file = crate::mail::compose::Attachment { name, mime: crate::report::calendar::MIME.to_string(), data };
    crate::store::attachments::insert(conn, &file, ctx.now()).map(Some)
}

/// The lines that tell every power's receipt nonce of the phase `seq`: each
/// power on the board that someone plays (one that never had its orders
/// listed gets a nonce too, so every power has its line).
fn told_nonces(conn: &Connection, game: &Game, pos: &Position, seq: i64) -> anyhow::Result<Vec<(PowerId, String)>> {
    let v = game.v();
    let mut lines = Vec::new();
    for p in 0..v.powers.len() as PowerId {
        if game.is_neutral(p) || v.powers[p as usize].dummy || (pos.unit_count(p) == 0 && pos.center_count(p) == 0) {
            continue;
        }
        let nonce = crate::store::receipts::nonce(conn, game.id, seq, p)?;
        lines.push((p, say::results::receipt_nonce(&crate::game::powers::pname(v, p), &nonce)));
    }
    Ok(lines)
}

/// A phase's results as stored (JSON): each order, its result and note,
/// whether it was a default, and the unit that made the result.
/// The note is stored by its name (`DefaultHold`), never in words: the
/// reports say it from the engine's outcome, and the record's reader
/// (`archive::record::read_results`) takes only the power, the order and the
/// result, so rows written before (the note's English text) and after read
/// alike.
fn result_rows(v: &Variant, out: &adjudicate::Outcome) -> String {
    let rows: Vec<serde_json::Value> = out
        .results
        .iter()
        .map(|r| {
            let mut row = serde_json::json!({"power": v.powers[r.power as usize].name, "order": r.order.canonical(v), "result": r.result.label(), "note": r.note, "defaulted": r.defaulted});
            // the unit that made the result, where one did (rows without one stay as they were)
            if let Some(u) = r.by {
                row["by"] = serde_json::json!({"power": v.powers[u.power as usize].name, "unit": v.unit_code(&u)});
            }
            row
        })
        .collect();
    serde_json::Value::Array(rows).to_string()
}

/// The players once a phase is processed (`next`: the new position): a seat
/// left with nothing is eliminated; WAIT, draw votes and concessions hold for
/// one phase (njudge's rule), an alliance vote stands until its numbers hold.
fn players_after_phase(conn: &Connection, game: &mut Game, next: &Position) -> rusqlite::Result<()> {
    let seats: Vec<Vec<PowerId>> = game.players.iter().map(|p| p.power.map(|pw| game.group_of(pw)).unwrap_or_default()).collect();
    for (p, seat) in game.players.iter_mut().zip(&seats) {
        if p.power.is_some() && p.status == PlayerStatus::Active && seat.iter().all(|&q| next.center_count(q) == 0 && next.unit_count(q) == 0) {
            p.status = PlayerStatus::Eliminated;
        }
        p.wait = false;
        p.draw = None;
        p.concede = None;
        p.save(conn)?;
    }
    Ok(())
}

/// Marks a game over with how it ended (`phase`: the phase it ended in).
fn set_ending(game: &mut Game, end: GameEnd, phase: Option<crate::phase::Phase>) {
    game.ending = Some(Ending { end, phase });
    game.old_result = None;
    game.status = GameStatus::Finished;
    game.deadline = None;
    game.grace_until = None;
}

/// Ends a game (draw, concession, termination) and tells everyone; returns
/// the sentence that says how.
pub fn finish(conn: &Connection, ctx: &mut Ctx, game: &mut Game, end: GameEnd) -> anyhow::Result<String> {
    let phase = game.position.as_ref().map(|p| p.phase);
    set_ending(game, end, phase);
    game.save(conn)?;
    let result = say::game::result(game).unwrap_or_default();
    let mut lines = vec![result.clone()];
    // a blind game's end reveals all: the whole last board, to everyone
    if game.settings.blind()
        && let Some(pos) = &game.position
    {
        let board = crate::report::board::board_in(game.v(), &game.rules, pos).with_disorder(&game.disorder_roll()).to_value();
        lines.push(ctx.templates.render("board.txt", context! { board => board, finished => true }));
    }
    let body = ctx.templates.render("notice.txt", context! { title => say::game::over(game), lines => lines });
    let subject = say::game::over(game);
    let m = TableMail { subject: &subject, body: &body, files: &[], map: None, list_body: None, kind: crate::mail::compose::Kind::Game, zoned: None };
    tell_table(conn, ctx, game, &m)?;
    // the postal press of the phase the game ended in (it has no results to go with)
    if let Some(p) = phase {
        press::release_postal(conn, ctx, game, game.seq, &game.v().calendar.long_name(p))?;
    }
    crate::publish::queue(conn, game, &say::game::over_markdown(game, &result), ctx.now())?;
    end::package(conn, ctx, game)?;
    Ok(result)
}

/// Ends the game if the votes end it (see [`vote_end`]); returns the
/// sentence that says how.
pub fn check_votes(conn: &Connection, ctx: &mut Ctx, game: &mut Game) -> anyhow::Result<Option<String>> {
    if game.status != GameStatus::Active {
        return Ok(None);
    }
    let Some(pos) = &game.position else { return Ok(None) };
    match vote_end(game, pos) {
        Some(end) => Ok(Some(finish(conn, ctx, game, end)?)),
        None => Ok(None),
    }
}
