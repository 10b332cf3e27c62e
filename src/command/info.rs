//! What anyone may ask: LIST, HISTORY, SUMMARY.

use super::{Fail, R, Session};
use crate::game::{self, Game, GameStatus, Player, PlayerRole, pname};
use crate::map::PowerId;
use crate::report::say;
use crate::timing;

impl Session<'_> {
    pub(super) fn list_all(&mut self) -> R {
        let games = Game::all(self.conn)?;
        if games.is_empty() {
            return Ok(vec![say::info::no_games()]);
        }
        let mut out = vec![say::info::list_header()];
        for g in games {
            let v = self.ctx.variant(&g.variant)?;
            let detail = match g.status {
                GameStatus::Forming => {
                    let n = Player::of_game(self.conn, g.id)?.iter().filter(|p| p.role == PlayerRole::Player).count();
                    say::info::seats_taken(n, g.seats(&v))
                }
                GameStatus::Active => {
                    say::info::phase_paused(&g.position(&v).ok().flatten().map(|p| v.calendar.long_name(p.phase)).unwrap_or_default(), g.paused)
                }
                GameStatus::Finished => g.result.clone().unwrap_or_default(),
            };
            out.push(say::info::list_row(&g, &detail));
        }
        Ok(vec![out.join("\n")])
    }

    pub(super) fn list_game(&mut self, name: &str) -> R {
        let g = self.game(name)?;
        let v = self.ctx.variant(&g.variant)?;
        let tz = self.ctx.cfg.timezone;
        let players = Player::of_game(self.conn, g.id)?;
        let mut out = vec![say::info::game_title(&g, &v.title)];
        // before the first move of a map with starting choices: what the
        // sender may see of them (its own seat's, or all for the master)
        let viewer: Option<Vec<PowerId>> = match self.signed.as_ref().filter(|s| s.game_id == g.id).map(|s| s.role.clone()) {
            Some(super::Role::Master) | Some(super::Role::Power { master: true, .. }) => None,
            Some(super::Role::Power { power, .. }) => Some(g.group_of(&v, power)),
            _ => Some(Vec::new()),
        };
        let full = match g.position(&v)? {
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
            for p in 0..v.powers.len() as PowerId {
                let mut n = game::needs(&v, &pos, p, &orders);
                n.needs &= !g.is_neutral(&v, p);
                let played = g.player_for(&v, &players, p).is_some();
                out.push(say::info::power_line(&pname(&v, p), pos.center_count(p), played, n.needs, n.complete));
            }
        } else {
            let n = players.iter().filter(|p| p.role == PlayerRole::Player).count();
            out.push(say::info::forming_line(&g, n, g.seats(&v)));
        }
        if let Some(mut pos) = g.position(&v)? {
            let mut hidden = Vec::new();
            if game::start::open(&v, &g, &pos) {
                let choices = crate::store::start::all(self.conn, &v, g.id)?;
                game::start::apply(&v, &mut pos, &choices, viewer.as_deref())?;
                hidden = game::start::hidden(&v, viewer.as_deref());
            }
            let board = crate::report::board::board_withheld(&v, &pos, &hidden).to_value();
            let finished = g.status == GameStatus::Finished;
            out.push(String::new());
            out.push(self.ctx.templates.render("board.txt", minijinja::context! { board => board, finished => finished }).trim_end().to_string());
            out.push(String::new());
        }
        out.push(say::info::settings_line(&g.settings));
        if let Some(r) = &g.result {
            out.push(say::info::result_line(r));
        }
        Ok(vec![out.join("\n")])
    }

    pub(super) fn history(&mut self, name: &str, from: Option<&str>, to: Option<&str>) -> R {
        let g = self.game(name)?;
        let rows = crate::store::phases::reports(self.conn, g.id)?;
        if rows.is_empty() {
            return Ok(vec![say::info::no_phases(&g)]);
        }
        let find = |p: &str| rows.iter().position(|(_, n, _)| n.eq_ignore_ascii_case(p) || n[..n.len() - 1].eq_ignore_ascii_case(p));
        let a = match from {
            Some(p) => find(p).ok_or_else(|| say::info::no_phase_from(p, &g))?,
            None => 0,
        };
        let b = match to {
            Some(p) => find(p).ok_or_else(|| say::info::no_phase_to(p, &g))?,
            None => rows.len() - 1,
        };
        if b < a {
            return Err(Fail::User(say::info::to_before_from()));
        }
        let (a, cut) = if b - a >= 30 { (b - 29, true) } else { (a, false) };
        let mut out = Vec::new();
        if cut {
            out.push(say::info::last_30_phases());
        }
        for (_, _, report) in &rows[a..=b] {
            out.push(format!("{}\n{}", "=".repeat(70), report.trim_end()));
        }
        Ok(vec![out.join("\n")])
    }

    pub(super) fn summary(&mut self, name: &str) -> R {
        let g = self.game(name)?;
        let v = self.ctx.variant(&g.variant)?;
        let positions = crate::store::phases::positions(self.conn, g.id)?;
        let mut lines = vec![say::info::summary_title(&g, &v.title)];
        let head: String = v.powers.iter().map(|p| format!(" {:>4}", &p.name[..3.min(p.name.len())])).collect();
        lines.push(say::info::summary_header(&head));
        let mut last_year = None;
        let mut all: Vec<crate::adjudicate::Position> = Vec::new();
        for p in positions {
            let value: serde_json::Value = serde_json::from_str(&p).map_err(|e| Fail::System(e.into()))?;
            all.push(crate::contract::position_from_json(&v, &value)?);
        }
        if let Some(cur) = g.position(&v)? {
            all.push(cur);
        }
        for pos in &all {
            if last_year == Some(pos.phase.year) {
                continue;
            }
            last_year = Some(pos.phase.year);
            let counts: String = (0..v.powers.len() as PowerId).map(|p| format!(" {:>4}", pos.center_count(p))).collect();
            lines.push(format!("{:<8}{counts}", pos.phase.year));
        }
        let players = Player::of_game(self.conn, g.id)?;
        lines.push(String::new());
        for p in 0..v.powers.len() as PowerId {
            let state = match players.iter().rfind(|x| x.power == Some(p)) {
                Some(x) => x.status.to_string(),
                None => say::info::nobody_had(g.status == GameStatus::Forming),
            };
            lines.push(format!("{:<10} {state}", pname(&v, p)));
        }
        if let Some(r) = &g.result {
            lines.push(say::info::result_line(r));
        }
        Ok(vec![lines.join("\n")])
    }
}
