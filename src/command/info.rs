//! What anyone may ask: LIST, HISTORY, SUMMARY.

use super::{Fail, R, Session};
use crate::game::{self, Game, GameStatus, Player, PlayerRole, pname};
use crate::map::PowerId;
use crate::timing;

impl Session<'_> {
    pub(super) fn list_all(&mut self) -> R {
        let games = Game::all(self.conn)?;
        if games.is_empty() {
            return Ok(vec!["No games on this judge yet. CREATE ?name password starts one.".into()]);
        }
        let mut out = vec![format!("{:<16} {:<10} {:<9} {}", "game", "variant", "status", "phase / seats")];
        for g in games {
            let v = self.ctx.variant(&g.variant)?;
            let detail = match g.status.as_str() {
                "forming" => {
                    let n = Player::of_game(self.conn, g.id)?.iter().filter(|p| p.role == PlayerRole::Player).count();
                    format!("{n} of {} seats taken", v.powers.len())
                }
                "active" => g.position(&v).ok().flatten().map(|p| v.calendar.long_name(p.phase)).unwrap_or_default() + if g.paused { " (paused)" } else { "" },
                _ => g.result.clone().unwrap_or_default(),
            };
            out.push(format!("{:<16} {:<10} {:<9} {}", g.name, g.variant, g.status, detail));
        }
        Ok(vec![out.join("\n")])
    }

    pub(super) fn list_game(&mut self, name: &str) -> R {
        let g = self.game(name)?;
        let v = self.ctx.variant(&g.variant)?;
        let tz = self.ctx.cfg.timezone;
        let players = Player::of_game(self.conn, g.id)?;
        let mut out = vec![format!("Game {} ({}), {}{}", g.name, v.title, g.status, if g.paused { ", paused" } else { "" })];
        if let Some(pos) = g.position(&v)? {
            out.push(format!("Phase: {}", v.calendar.long_name(pos.phase)));
            if let Some(d) = g.deadline {
                out.push(format!("Deadline: {}", timing::format_time(d, tz)));
            }
            let rows = crate::store::orders::current(self.conn, g.id, g.seq, None)?;
            let orders = game::parsed_orders(&v, &rows)?;
            for p in 0..v.powers.len() as PowerId {
                let n = game::needs(&v, &pos, p, &orders);
                let who = if Player::active_for(&players, p).is_some() { "played" } else { "vacant" };
                let state = if !n.needs {
                    "nothing to order"
                } else if n.complete {
                    "orders in"
                } else {
                    "orders missing"
                };
                out.push(format!("  {:<10} {:2} centres  {who}, {state}", pname(&v, p), pos.center_count(p)));
            }
        } else {
            let n = players.iter().filter(|p| p.role == PlayerRole::Player).count();
            out.push(format!("Forming: {n} of {} seats taken. Join with SIGNON ?{} password.", v.powers.len(), g.name));
        }
        if let Some(pos) = g.position(&v)? {
            let board = crate::report::board::board(&v, &pos).to_value();
            let finished = g.status == GameStatus::Finished;
            out.push(String::new());
            out.push(self.ctx.templates.render("board.txt", minijinja::context! { board => board, finished => finished }).trim_end().to_string());
            out.push(String::new());
        }
        let s = &g.settings;
        out.push(format!(
            "Press: {}{}; missing orders after the grace period: {}; timing: movement `{}`, retreats `{}`, adjustments `{}`, grace {}",
            s.press,
            if s.partial { "" } else { " (broadcast only)" },
            if s.nmr { "default" } else { "the game waits for the master" },
            s.movement,
            s.retreat,
            s.adjustment,
            timing::format_span(s.grace_secs)
        ));
        if let Some(r) = &g.result {
            out.push(format!("Result: {r}"));
        }
        Ok(vec![out.join("\n")])
    }

    pub(super) fn history(&mut self, name: &str, from: Option<&str>, to: Option<&str>) -> R {
        let g = self.game(name)?;
        let rows = crate::store::phases::reports(self.conn, g.id)?;
        if rows.is_empty() {
            return Ok(vec![format!("Game {} has no processed phases yet.", g.name)]);
        }
        let find = |p: &str| rows.iter().position(|(_, n, _)| n.eq_ignore_ascii_case(p) || n[..n.len() - 1].eq_ignore_ascii_case(p));
        let a = match from {
            Some(p) => find(p).ok_or(format!("no phase {p} in game {} (phases are named like S1901M, F1901R, W1901A)", g.name))?,
            None => 0,
        };
        let b = match to {
            Some(p) => find(p).ok_or(format!("no phase {p} in game {}", g.name))?,
            None => rows.len() - 1,
        };
        if b < a {
            return Err(Fail::from("TO comes before FROM"));
        }
        let (a, cut) = if b - a >= 30 { (b - 29, true) } else { (a, false) };
        let mut out = Vec::new();
        if cut {
            out.push("(only the last 30 phases of that range; ask with FROM and TO for earlier ones)".to_string());
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
        let mut lines = vec![format!("Summary of game {} ({}), {}", g.name, v.title, g.status)];
        let head: String = v.powers.iter().map(|p| format!(" {:>4}", &p.name[..3.min(p.name.len())])).collect();
        lines.push(format!("{:<8}{head}", "year"));
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
                None => {
                    if g.status == GameStatus::Forming {
                        "not assigned".into()
                    } else {
                        "vacant".into()
                    }
                }
            };
            lines.push(format!("{:<10} {state}", pname(&v, p)));
        }
        if let Some(r) = &g.result {
            lines.push(format!("Result: {r}"));
        }
        Ok(vec![lines.join("\n")])
    }
}
