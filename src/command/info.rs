//! What anyone may ask: LIST, HISTORY, SUMMARY. None of them shows an
//! address but to the game's own master, players and the keeper
//! ([`Session::sees_addresses`]); to anyone else a player is the name they
//! chose (`SET NAME`) or their power.

use super::parse::{HistoryAsk, HistorySpan};
use super::{Fail, R, Session};
use crate::game::refusal::{BlindRecord, Refusal, UsageRefusal};
use crate::game::{self, Game, GameStatus, PlayerRole, PlayerStatus, pname};
use crate::map::PowerId;
use crate::report::say;
use crate::timing;

/// What one map adds to a mail at most (the PNG and the SVG, encoded), for
/// the byte budget's check before drawing.
pub const MAP_BYTES_AT_MOST: u64 = 600_000;

/// The maps one mail may ask for.
pub const MAX_MAPS_PER_MAIL: usize = 3;

/// The press messages one HISTORY shows at most (past that, a line says so).
pub const MAX_HISTORY_PRESS: usize = 300;

/// The phases a HISTORY without LINES shows at most: the last 30 of its span.
pub const HISTORY_PHASES: usize = 30;

/// The most lines HISTORY's `LINES n` may ask for: 5,000 (njudge's own
/// example's figure; its default, 1,000). A report's lines are short (a
/// board's under 80 characters), so 5,000 of them are some 400 KB: less
/// than one map picture ([`MAP_BYTES_AT_MOST`]), and under a tenth of what
/// an address may be sent in an hour by default (5 MB, see
/// `context::budget`). A longer history is asked for in parts, FROM a
/// later phase or date.
pub const MAX_HISTORY_LINES: u64 = 5000;

/// The phases a HISTORY shows, chosen: indices into the game's reports,
/// whether the press of the phase being played follows them, and the notes
/// that go before them.
struct Chosen {
    rows: Vec<usize>,
    current: bool,
    notes: Vec<String>,
}

/// njudge's EXCLSTART and EXCLEND: every phase but those from `start` to
/// `end` (to the end without one), the phase being played among them.
fn excluding(g: &Game, rows: &[(i64, String, String)], start: &str, end: Option<&str>) -> Result<Chosen, Fail> {
    let cal = &g.v().calendar;
    let turn = |w: &str| njudge_turn(cal, w).ok_or_else(|| Fail::from(Refusal::HistoryNotATurn { word: w.to_string() }));
    let start = turn(start)?;
    let end = end.map(turn).transpose()?;
    let left_out = |p: crate::phase::Phase| p >= start && end.is_none_or(|e| p <= e);
    // a stored phase name always reads; one that did not would be shown
    let kept = rows.iter().enumerate().filter(|(_, r)| cal.parse(&r.1).map_or(true, |p| !left_out(p))).map(|(i, _)| i).collect();
    let current = g.status != GameStatus::Forming && g.position.as_ref().is_some_and(|p| !left_out(p.phase));
    Ok(Chosen { rows: kept, current, notes: Vec::new() })
}

/// A phase as njudge's EXCLSTART writes it: `S1902M`, and `F1905B` (`B`:
/// builds) for that year's adjustments, the first season from the named
/// one that has them (the standard map's W1905A).
fn njudge_turn(cal: &crate::phase::Calendar, w: &str) -> Option<crate::phase::Phase> {
    use crate::phase::{Phase, PhaseKind};
    if let Ok(p) = cal.parse(w) {
        return Some(p);
    }
    let stem = w.strip_suffix(['B', 'b'])?;
    let (code, year) = stem.split_at(stem.find(|c: char| c.is_ascii_digit())?);
    let year = cal.year_of(year.parse().ok()?);
    let named = cal.seasons.iter().position(|s| s.code.eq_ignore_ascii_case(code))?;
    let season = (named..cal.seasons.len()).find(|&s| cal.seasons[s].phases.contains(&PhaseKind::Adjustment))?;
    Some(Phase { year, season: season as u8, kind: PhaseKind::Adjustment })
}

/// `blocks` as lines, at most `max` of them (`None`: all), and a line
/// saying so where they were cut.
fn at_most_lines(blocks: Vec<String>, max: Option<usize>) -> Vec<String> {
    let Some(max) = max else { return blocks };
    let text = blocks.join("\n");
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= max {
        return blocks;
    }
    let mut out: Vec<String> = lines[..max].iter().map(|l| l.to_string()).collect();
    out.push(say::info::history_lines_cut(max));
    out
}

impl Session<'_> {
    /// LIST: a line a game; `full` (LIST FULL): with each game's settings
    /// and its players (by power where the game shows who plays what).
    pub(super) fn list_all(&mut self, full: bool) -> R {
        let games = crate::store::games::identities(self.conn)?;
        if games.is_empty() {
            return Ok(vec![say::info::no_games()]);
        }
        let mut out = vec![say::info::list_header()];
        for known in games {
            // a game that cannot be loaded is still listed (the judge's
            // fault, logged): by what is known of it without loading it
            let g = match self.ctx.game(self.conn, known.id) {
                Ok(g) => g,
                Err(e) => {
                    tracing::error!("LIST: {e}");
                    out.push(say::info::list_row(&known, ""));
                    continue;
                }
            };
            let v = g.v();
            // an unlisted game (SET NOLIST): only for its own people
            if g.settings.listed == crate::store::games::Listing::Unlisted && !self.sees_addresses(&g) {
                continue;
            }
            // a private game: its name, and that it is private
            if g.settings.join_hash.is_some() {
                out.push(say::info::list_row(&known, &say::community::private_detail()));
                continue;
            }
            let detail = match g.status {
                GameStatus::Forming if self.count_kept(&g) => say::community::secret_forming(),
                GameStatus::Forming => {
                    let n = g.players.iter().filter(|p| p.role == PlayerRole::Player).count();
                    say::info::seats_taken(n, g.seats.len())
                }
                GameStatus::Active => {
                    let phase = say::info::phase_paused(&g.position.as_ref().map(|p| v.calendar.long_name(p.phase)).unwrap_or_default(), g.paused);
                    say::community::with_vacant(&phase, &super::community::vacant(&g))
                }
                GameStatus::Finished => say::game::result(&g).unwrap_or_default(),
            };
            out.push(say::info::list_row(&known, &detail));
            if let Some(c) = &g.settings.comment {
                out.push(say::community::comment_row(c));
            }
            if full {
                out.extend(say::community::long_comment(&g.settings.long_comment));
                out.extend(full_listing(&g));
            }
        }
        Ok(vec![out.join("\n")])
    }

    pub(super) fn list_game(&mut self, name: &str) -> R {
        let g = self.game(name)?;
        let v = g.variant.clone();
        let tz = crate::game::reader_zone(&g, &self.sender, self.ctx.cfg.timezone);
        let mut out = vec![say::info::game_title(&g, &v.title)];
        out.extend(g.settings.comment.as_deref().map(say::community::comment_line));
        out.extend(say::community::long_comment(&g.settings.long_comment));
        // the co-masters' addresses only for the game's own people
        if !g.settings.co_masters.is_empty() {
            out.push(if self.sees_addresses(&g) {
                say::community::co_masters_line(&g.settings.co_masters.iter().map(|c| c.address.clone()).collect::<Vec<_>>())
            } else {
                say::community::co_masters_count(g.settings.co_masters.len())
            });
        }
        out.extend(say::community::modes_line(!g.settings.start.is_auto(), !g.settings.processing.is_auto(), g.settings.join_hash.is_some()));
        let viewer = self.choice_viewer(&g);
        let blind = self.blind_seat(&g);
        let full = match g.position.clone() {
            Some(mut pos) if game::start::open(&v, &g, &pos) => {
                let choices = crate::store::start::all(self.conn, &v, g.id)?;
                game::start::apply(&v, &mut pos, &choices, None)?;
                Some(pos)
            }
            other => other,
        };
        if let Some(pos) = full {
            out.push(say::info::phase_line(&v.calendar.long_name(pos.phase)));
            if let Some(d) = g.deadline {
                out.push(say::info::deadline_line(&timing::format_time(d, tz)));
            }
            let rows = crate::store::orders::current(self.conn, g.id, g.seq, None)?;
            let orders = game::parsed_orders(&v, &rows)?;
            // each player's dedication (njudge's LIST), where the game names its players
            let named = g.settings.anonymous == crate::store::games::Anonymity::Shown || g.status == GameStatus::Finished;
            for o in game::owing(&g, &pos, &orders) {
                let seat = match (g.disorder_of(o.power), g.player_for(o.power)) {
                    (Some(d), _) => say::info::SeatState::Disorder { since: v.calendar.long_name(d.since) },
                    (None, Some(p)) => {
                        let dedication = if named { Some(game::dedication::of_address(self.conn, &p.email)?.0.points()) } else { None };
                        say::info::SeatState::Played { record: g.record_of(p.id), dedication }
                    }
                    (None, None) => say::info::SeatState::Vacant,
                };
                // a blind game: centre counts of the reader's own powers only
                let centres = blind.as_ref().is_none_or(|s| s.contains(&o.power)).then(|| pos.center_count(o.power));
                out.push(say::info::power_line(&pname(&v, o.power), centres, &seat, o.needs.needs, o.needs.complete));
            }
        } else if self.count_kept(&g) {
            out.push(say::community::secret_forming_line(&g));
        } else {
            let n = g.players.iter().filter(|p| p.role == PlayerRole::Player).count();
            out.push(say::info::forming_line(&g, n, g.seats.len()));
        }
        if let Some(mut pos) = g.position.clone() {
            let mut hidden = Vec::new();
            if game::start::open(&v, &g, &pos) {
                let choices = crate::store::start::all(self.conn, &v, g.id)?;
                game::start::apply(&v, &mut pos, &choices, viewer.as_deref())?;
                hidden = game::start::hidden(&v, viewer.as_deref());
            }
            let board = match &blind {
                // a blind game: the board as the reader's seat sees it (nothing, for others)
                Some(seat) => {
                    let seen = game::blind::position(seat, &game::blind::Sight::of(&v, seat, &pos), &pos);
                    crate::report::board::board_withheld(&v, &g.rules, &seen, &hidden).seen_by(&v, seat)
                }
                None => crate::report::board::board_withheld(&v, &g.rules, &pos, &hidden).with_disorder(&g.disorder_roll()),
            }
            .to_value();
            let finished = g.status == GameStatus::Finished;
            out.push(String::new());
            out.push(self.ctx.templates.render("board.txt", minijinja::context! { board => board, finished => finished }).trim_end().to_string());
            out.push(String::new());
        }
        out.push(say::info::settings_line(&g.settings, &g.v().calendar));
        if let Some(r) = say::game::result(&g) {
            out.push(say::info::result_line(&r));
        }
        // the sender's own record on this judge (njudge's dedication in LIST)
        let (figures, _) = game::dedication::of_address(self.conn, &self.sender)?;
        if figures.seats() > 0 {
            out.push(say::disorder::dedication(&figures.0, figures.seats()) + &say::dedication::list_figures(&figures));
        }
        Ok(vec![out.join("\n")])
    }

    /// HISTORY: the results (and with PRESS the readable press) of the
    /// phases its span names, the last [`HISTORY_PHASES`] of them, or with
    /// LINES as many lines as asked from the span's start.
    pub(super) fn history(&mut self, ask: &HistoryAsk) -> R {
        let name = match &ask.game {
            Some(n) => n.clone(),
            None => match self.signed_game() {
                Ok((_, g)) => g.name,
                Err(Fail::Refused(_)) => return Err(Refusal::Usage(UsageRefusal::HistoryUsage).into()),
                Err(e) => return Err(e),
            },
        };
        if ask.undone {
            return self.history_undone(&name);
        }
        let max_lines = match ask.lines {
            Some(n) if n == 0 || n > MAX_HISTORY_LINES => return Err(Refusal::HistoryLines { asked: n, max: MAX_HISTORY_LINES }.into()),
            n => n.map(|n| n as usize),
        };
        let g = self.game(&name)?;
        if self.blind_seat(&g).is_some() {
            return Err(Refusal::BlindRecord { game: g.name.clone(), what: BlindRecord::History }.into());
        }
        let with_press = ask.press;
        // a running game's press is for those in it
        if with_press && g.status != GameStatus::Finished && self.member(&g)?.is_none() {
            return Err(Refusal::PressForMembers { game: g.name.clone() }.into());
        }
        let rows = crate::store::phases::reports(self.conn, g.id)?;
        if rows.is_empty() && !with_press {
            return Ok(vec![say::info::no_phases(&g)]);
        }
        let chosen = match &ask.span {
            HistorySpan::Dates { from, to } => self.by_dates(&g, &rows, from.as_deref(), to.as_deref())?,
            HistorySpan::Excluding { start, end } => excluding(&g, &rows, start, end.as_deref())?,
        };
        let mut out = self.history_text(&g, &rows, chosen, max_lines, with_press)?;
        // a game with rollbacks says where their phases are
        let undone = crate::store::phases::branches(self.conn, g.id)?;
        if let Some(last) = undone.last() {
            out.push(say::info::has_undone(&g, last.branch));
        }
        if out.is_empty() {
            return Ok(vec![say::info::no_phases(&g)]);
        }
        Ok(vec![out.join("\n")])
    }

    /// The text of a HISTORY of game `g` (`rows`: its reports): the phases
    /// `chosen`, each after its press if `with_press`, at most `max_lines`
    /// lines of them (`None`: the last [`HISTORY_PHASES`] phases), and the
    /// notes that say what was left out.
    fn history_text(
        &mut self,
        g: &Game,
        rows: &[(i64, String, String)],
        mut chosen: Chosen,
        max_lines: Option<usize>,
        with_press: bool,
    ) -> Result<Vec<String>, Fail> {
        let mut out = std::mem::take(&mut chosen.notes);
        // without LINES: the last phases of the span; with it, from its start
        if max_lines.is_none() && chosen.rows.len() > HISTORY_PHASES {
            chosen.rows.drain(..chosen.rows.len() - HISTORY_PHASES);
            out.push(say::info::last_30_phases());
        }
        // the press of each phase, before its results: broadcasts, and once
        // the game is over all of it (grey press stays unsigned)
        let mut seqs: Vec<i64> = chosen.rows.iter().map(|&i| rows[i].0).chain(chosen.current.then_some(g.seq)).collect();
        seqs.dedup();
        let press = if with_press { self.press_of(g, rows, &seqs)? } else { Vec::new() };
        let cut_press = press.len() > MAX_HISTORY_PRESS;
        let mut press = press.into_iter().take(MAX_HISTORY_PRESS).peekable();
        let mut body = Vec::new();
        let mut show_press = |body: &mut Vec<String>, seq: i64| {
            while let Some((_, text)) = press.next_if(|(s, _)| *s <= seq) {
                body.push(format!("{}\n{}", "-".repeat(70), text.trim_end()));
            }
        };
        for &i in &chosen.rows {
            let (seq, _, report) = &rows[i];
            show_press(&mut body, *seq);
            body.push(format!("{}\n{}", "=".repeat(70), report.trim_end()));
        }
        // press of the phase being played, when the span runs to it
        if with_press && chosen.current {
            show_press(&mut body, g.seq);
        }
        out.extend(at_most_lines(body, max_lines));
        if cut_press {
            out.push(say::info::press_cut(MAX_HISTORY_PRESS));
        }
        if with_press && g.status != GameStatus::Finished {
            out.push(say::info::broadcasts_only_until_end());
        }
        Ok(out)
    }

    /// HISTORY's FROM and TO: the phases from the one FROM names (its name,
    /// or the first processed at or after its date) to the one TO names (or
    /// the last processed at or before its date), dates read looking back in
    /// the reader's zone. A TO before the FROM is left out (njudge's way).
    fn by_dates(&self, g: &Game, rows: &[(i64, String, String)], from: Option<&str>, to: Option<&str>) -> Result<Chosen, Fail> {
        let find = |p: &str| rows.iter().position(|(_, n, _)| n.eq_ignore_ascii_case(p) || n[..n.len() - 1].eq_ignore_ascii_case(p));
        let times = crate::store::phases::times(self.conn, g.id)?;
        let tz = game::reader_zone(g, &self.sender, self.ctx.cfg.timezone);
        let now = self.ctx.now();
        let by_date = |p: &str, end: bool| -> Option<usize> {
            let t = timing::parse_past_date(p, tz, now, end).ok()?;
            if end { times.iter().rposition(|(_, _, at)| *at <= t) } else { times.iter().position(|(_, _, at)| *at >= t) }
        };
        let a = match from {
            Some(p) => find(p).or_else(|| by_date(p, false)).ok_or_else(|| Refusal::NoPhaseFrom { phase: p.to_string(), game: g.name.clone() })?,
            None => 0,
        };
        let last = rows.len().saturating_sub(1);
        let b = match to {
            Some(p) => find(p).or_else(|| by_date(p, true)).ok_or_else(|| Refusal::NoPhaseTo { phase: p.to_string(), game: g.name.clone() })?,
            None => last,
        };
        let mut notes = Vec::new();
        let (b, to_end) = if b < a {
            notes.push(say::info::to_before_from_ignored());
            (last, true)
        } else {
            (b, to.is_none())
        };
        Ok(Chosen { rows: (a..=b).filter(|&i| i < rows.len()).collect(), current: to_end && g.status != GameStatus::Forming, notes })
    }

    /// The press of game `g` the sender may read back from the phases
    /// `seqs` (in order), at most one more than HISTORY shows.
    fn press_of(&mut self, g: &Game, rows: &[(i64, String, String)], seqs: &[i64]) -> Result<Vec<(i64, String)>, Fail> {
        let mut out = Vec::new();
        // one query a run of phases in a row (EXCLSTART leaves a gap)
        let mut k = 0;
        while k < seqs.len() && out.len() <= MAX_HISTORY_PRESS {
            let mut j = k;
            while j + 1 < seqs.len() && seqs[j + 1] == seqs[j] + 1 {
                j += 1;
            }
            out.extend(self.readable_press(g, rows, seqs[k], seqs[j])?);
            k = j + 1;
        }
        Ok(out)
    }

    /// HISTORY game UNDONE: the phases rollbacks replaced, each branch marked.
    pub(super) fn history_undone(&mut self, name: &str) -> R {
        let g = self.game(name)?;
        let undone = crate::store::phases::branches(self.conn, g.id)?;
        if undone.is_empty() {
            return Ok(vec![say::info::no_undone(&g)]);
        }
        let tz = g.zone(self.ctx.cfg.timezone);
        let mut out = Vec::new();
        let mut branch = 0;
        // the newest phases, as HISTORY shows at most 30
        let skip = undone.len().saturating_sub(30);
        if skip > 0 {
            out.push(say::info::last_30_phases());
        }
        for u in &undone[skip..] {
            if u.branch != branch {
                branch = u.branch;
                out.push(format!("{}\n{}", "#".repeat(70), say::info::undone_branch(u.branch, &timing::format_time(u.undone, tz))));
            }
            out.push(format!("{}\n{}\n{}", "=".repeat(70), say::info::undone_mark(u.branch), u.report.trim_end()));
        }
        Ok(vec![out.join("\n")])
    }

    /// The press of game `g` the sender may read back from phases `first` to
    /// `last` (seqs), as (seq, text), at most one more than HISTORY shows: the
    /// broadcasts, and after the game all press. Grey press stays unsigned.
    fn readable_press(&mut self, g: &Game, rows: &[(i64, String, String)], first: i64, last: i64) -> Result<Vec<(i64, String)>, Fail> {
        let v = g.variant.clone();
        let everything = g.status == GameStatus::Finished;
        let q = crate::store::press::Query {
            seqs: first..=last,
            observers_only: !everything,
            postal_from: if everything { i64::MAX } else { g.seq },
            limit: MAX_HISTORY_PRESS + 1,
            max_bytes: crate::archive::record::MAX_PRESS_BYTES,
        };
        let stored = crate::store::press::of_game(self.conn, &v, g.id, &q)?;
        let current = g.position.clone().map(|p| v.calendar.long_name(p.phase));
        let phase_of = |seq: i64| -> String {
            rows.iter()
                .find(|r| r.0 == seq)
                .and_then(|r| v.calendar.parse(&r.1).ok())
                .map(|p| v.calendar.long_name(p))
                .or_else(|| current.clone())
                .unwrap_or_default()
        };
        let mut out = Vec::new();
        for p in stored {
            let from = crate::report::say::press::sender(g, &p);
            // while the game runs, a faked press shows the recipients it named
            let to = crate::report::say::press::recipients(&v, p.shown.as_ref().filter(|_| !everything).or(p.audience.as_ref()));
            let phase = phase_of(p.seq);
            let text = self.ctx.templates.render(
                "press.txt",
                minijinja::context! { game => g.name.clone(), phase => phase, from => from, to => to, body => p.body.lines().map(str::to_string).collect::<Vec<_>>() },
            );
            out.push((p.seq, text));
        }
        Ok(out)
    }

    pub(super) fn summary(&mut self, name: &str) -> R {
        let g = self.game(name)?;
        if self.blind_seat(&g).is_some() {
            return Err(Refusal::BlindRecord { game: g.name.clone(), what: BlindRecord::Summary }.into());
        }
        // who played each power and when: once the game is over, or at any
        // time in a game that is not anonymous (the master always sees them)
        let master = matches!(
            self.signed.as_ref().filter(|x| x.game_id == g.id).map(|x| &x.role),
            Some(super::Role::Master) | Some(super::Role::Power { master: true, .. })
        );
        let reveal = g.settings.shows_players(g.status == GameStatus::Finished) || master;
        use crate::play::end::Reveal;
        let reveal = match (reveal, self.sees_addresses(&g)) {
            (false, _) => Reveal::Hidden,
            (true, true) => Reveal::Addresses,
            (true, false) => Reveal::Names,
        };
        Ok(vec![crate::play::end::summary(self.conn, &g, reveal)?.join("\n")])
    }

    /// Whether the reply may show the addresses of game `g`'s people: only
    /// to the game's own master and co-masters, its players (seated now,
    /// or out of the game by elimination) and the keeper. Anyone else (an
    /// observer, a former player, a stranger) sees players by the names
    /// they chose (`SET NAME`) or their powers. The reply goes to the
    /// sender's address, so a forged From shows the addresses only to
    /// someone who may see them anyway.
    pub(super) fn sees_addresses(&self, g: &Game) -> bool {
        let me = crate::mail::mailbox_key(&self.sender);
        let is = |addr: &str| crate::mail::mailbox_key(addr) == me;
        self.console
            || is(&self.ctx.cfg.keeper)
            || is(&g.master_email)
            || g.settings.co_masters.iter().any(|c| is(&c.address))
            || g.players.iter().any(|p| p.role == PlayerRole::Player && matches!(p.status, PlayerStatus::Active | PlayerStatus::Eliminated) && is(&p.email))
    }

    /// Whether the sender is not to be told how many players `g` has (SET
    /// SECRET): anyone but its master, co-masters and the keeper.
    pub(super) fn count_kept(&self, g: &Game) -> bool {
        let me = crate::mail::mailbox_key(&self.sender);
        let is = |addr: &str| crate::mail::mailbox_key(addr) == me;
        let masters = self.console || is(&self.ctx.cfg.keeper) || is(&g.master_email) || g.settings.co_masters.iter().any(|c| is(&c.address));
        g.settings.secret() && !masters
    }

    /// Before the first move of a map with starting choices: whose choices
    /// the sender may see (its own seat's; `None`: all, for the master).
    fn choice_viewer(&self, g: &Game) -> Option<Vec<PowerId>> {
        match self.signed.as_ref().filter(|s| s.game_id == g.id).map(|s| s.role.clone()) {
            Some(super::Role::Master) | Some(super::Role::Power { master: true, .. }) => None,
            Some(super::Role::Power { power, .. }) => Some(g.group_of(power)),
            _ => Some(Vec::new()),
        }
    }

    /// In a blind game that runs, the seat whose part of the board the
    /// sender sees: the powers it signed on for, or the seat its address
    /// plays (the reply goes to that address); empty: nothing, for an
    /// observer or anyone else. `None`: the whole board (the game is not
    /// blind, or over, or the sender is its master, a co-master or the keeper).
    pub(super) fn blind_seat(&self, g: &Game) -> Option<Vec<PowerId>> {
        if !g.settings.blind() || g.status == GameStatus::Finished {
            return None;
        }
        let me = crate::mail::mailbox_key(&self.sender);
        let is = |addr: &str| crate::mail::mailbox_key(addr) == me;
        if self.console || is(&self.ctx.cfg.keeper) || is(&g.master_email) || g.settings.co_masters.iter().any(|c| is(&c.address)) {
            return None;
        }
        match self.signed.as_ref().filter(|s| s.game_id == g.id).map(|s| s.role.clone()) {
            Some(super::Role::Master) | Some(super::Role::Power { master: true, .. }) => None,
            Some(super::Role::Power { power, .. }) => Some(g.group_of(power)),
            _ => {
                let row = g.players.iter().find(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Active && is(&p.email));
                Some(row.and_then(|p| p.power).map(|pw| g.group_of(pw)).unwrap_or_default())
            }
        }
    }

    /// Whether the sender is in game `g` (signed on to it, its master, a
    /// player or a confirmed observer), with the map pictures they want.
    fn member(&self, g: &Game) -> Result<Option<game::MapPref>, Fail> {
        let me = crate::mail::mailbox_key(&self.sender);
        let row = g.players.iter().find(|p| !matches!(p.status, PlayerStatus::Pending | PlayerStatus::Ejected) && crate::mail::mailbox_key(&p.email) == me);
        let signed = self.signed.as_ref().is_some_and(|s| s.game_id == g.id) || crate::mail::mailbox_key(&g.master_email) == me;
        Ok(match row {
            Some(p) => Some(p.map),
            None if signed => Some(game::MapPref::Png),
            None => None,
        })
    }

    /// MAP game [phase]: the map of a processed phase with its orders, or of
    /// the board as it stands, attached to the reply (the PNG; the SVG too
    /// for who asked for it).
    pub(super) fn map(&mut self, name: &str, phase: Option<&str>) -> R {
        let g = self.game(name)?;
        // pictures (hundreds of KiB) go only to an address in the game: a
        // forged From cannot turn a small mail into a large one for a stranger
        let Some(pref) = self.member(&g)? else {
            return Err(Refusal::MapForMembers { game: g.name.clone() }.into());
        };
        // a map that could not be mailed is not drawn: the address's byte budget first
        let room = crate::context::budget::room(self.conn, &self.ctx.cfg, &self.sender, self.ctx.now())?;
        if room < MAP_BYTES_AT_MOST * (self.maps_attached as u64 + 1) {
            return Err(Refusal::MapOverBudget { game: g.name.clone() }.into());
        }
        if self.maps_attached >= MAX_MAPS_PER_MAIL {
            return Err(Refusal::TooManyMaps { max: MAX_MAPS_PER_MAIL }.into());
        }
        let v = g.variant.clone();
        let blind = self.blind_seat(&g);
        if blind.is_some() && phase.is_some() {
            return Err(Refusal::BlindRecord { game: g.name.clone(), what: BlindRecord::PastMap }.into());
        }
        let scene = match phase {
            Some(p) => crate::archive::scene::PhaseScene::stored(self.conn, &g, p).map_err(|e| match e {
                crate::archive::scene::MapError::NoPhase(_) => Refusal::NoSuchPhase { phase: p.to_string(), game: g.name.clone() }.into(),
                e => Fail::System(e.into()),
            })?,
            None => match g.position.clone() {
                // before the first move of a map with starting choices: the
                // sender's own choices drawn, the others' types withheld (E3;
                // the same rule as the keeper's console map)
                Some(pos) => {
                    let (pos, withheld) = game::start::seen(self.conn, &v, &g, pos, self.choice_viewer(&g).as_deref())?;
                    // a blind game: the board as the sender's seat sees it
                    let pos = match &blind {
                        Some(seat) => game::blind::position(seat, &game::blind::Sight::of(&v, seat, &pos), &pos),
                        None => pos,
                    };
                    crate::archive::scene::PhaseScene::of_position(&v, &pos, withheld)
                }
                None => return Err(Refusal::NoMapYet { game: g.name.clone() }.into()),
            },
        };
        let files = scene.files(&v, &g);
        let map = crate::play::MapFiles::store(self.conn, self.ctx.now(), &files)?;
        // the PNG, and the SVG for those who asked for it (SET MAP SVG)
        let pref = if pref == game::MapPref::Svg { pref } else { game::MapPref::Png };
        self.ctx.reply_files.extend(map.for_pref(pref));
        self.maps_attached += 1;
        Ok(vec![say::info::map_attached(&g, &scene.phase)])
    }
}

impl Session<'_> {
    /// HELP: the commands, and the master's options from their table.
    pub(super) fn help(&mut self) -> R {
        let options = super::options::help_lines().join("\n");
        let letters = self.help_letters()?;
        // example dates that are always ahead: a week from now at 20:00 (the
        // judge's zone), and an absence four weeks on
        let tz = self.ctx.cfg.timezone;
        let day = |days: i64, at: &str| say::info::iso_day(self.ctx.now() + days * 86_400, tz) + at;
        let ctx = minijinja::context! {
            judge => self.ctx.cfg.name.clone(), options => options, letters => letters.join("\n"),
            soon => day(7, " 20:00"), later => day(8, " 20:00"), away_from => day(28, ""), away_to => day(31, ""),
        };
        Ok(vec![self.ctx.templates.render("help.txt", ctx)])
    }
}

/// The most of a judge's own (imported) variants HELP lists the letters of;
/// GET VARIANTS lists them all.
pub const MAX_HELP_IMPORTED: usize = 12;

impl Session<'_> {
    /// HELP's power letters: every built-in variant's, then those of the
    /// judge's own variant files (at most [`MAX_HELP_IMPORTED`], a file that
    /// cannot be played said so).
    fn help_letters(&mut self) -> Result<Vec<String>, super::Fail> {
        let letters_of = |name: &str, v: &crate::map::Variant| {
            let powers: Vec<(char, String)> = (0..v.powers.len() as PowerId).map(|p| (v.powers[p as usize].letter, pname(v, p))).collect();
            say::info::variant_letters(name, &powers)
        };
        let mut letters = Vec::new();
        for (name, _) in crate::map::BUILTIN {
            let v = self.ctx.variants.get(name).map_err(|e| super::Fail::System(anyhow::anyhow!("built-in variant {name}: {e}")))?;
            letters.extend(letters_of(name, &v));
        }
        let (found, more) = self.ctx.variants.all();
        let own: Vec<_> = found.into_iter().filter(|(n, _)| !crate::map::BUILTIN.iter().any(|(b, _)| b.eq_ignore_ascii_case(n))).collect();
        for (name, v) in own.iter().take(MAX_HELP_IMPORTED) {
            match v {
                Ok(v) => letters.extend(letters_of(name, v)),
                Err(_) => letters.push(say::info::variant_unplayable(name)),
            }
        }
        let left = own.len().saturating_sub(MAX_HELP_IMPORTED) + more;
        if left > 0 {
            letters.push(say::info::variants_not_listed(left));
        }
        Ok(letters)
    }
}

/// LIST FULL's lines for a game: its settings, and its players by power
/// where the game shows who plays what (not anonymous, or over), by the
/// names they chose (`SET NAME`) or their powers' (LIST FULL is for anyone:
/// never an address), else how many there are.
fn full_listing(g: &game::Game) -> Vec<String> {
    let mut out = vec![say::info::full_settings(&say::info::settings_line(&g.settings, &g.v().calendar))];
    let shown = g.settings.shows_players(g.status == GameStatus::Finished);
    let seated: Vec<&game::Player> = g.players.iter().filter(|p| p.is_active_player()).collect();
    if g.settings.secret() {
        out.push(say::community::full_players_secret());
    } else if shown && g.status != GameStatus::Forming {
        for p in &seated {
            if let Some(pw) = p.power {
                out.push(say::info::full_player(&say::seats::seat_names(g, pw), &game::shown_name(g, p)));
            }
        }
    } else {
        out.push(say::info::full_player_count(seated.len(), g.seats.len()));
    }
    out
}
