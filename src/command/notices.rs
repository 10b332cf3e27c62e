//! What one mail tells people other than its sender, gathered until the mail
//! has run: a mail of twelve `SET DEADLINE` lines tells the table once, of
//! the last; the press rules changed by several lines go in one notice; the
//! master hears once of a player's absences. And the copies: the player of a
//! power the master acted for (`BECOME`, `France: A PAR H`) gets the lines
//! made in its name and what came of them, never the master's other lines.
//!
//! A notice is kept with its command: a command refused (rolled back in its
//! savepoint) leaves none ([`Session::drop_notices_from`]).

use super::{Fail, Role, Session, Signed};
use crate::game::options::GameOption;
use crate::game::{Game, GameStatus};
use crate::map::PowerId;
use crate::report::say;
use chrono_tz::Tz;
use minijinja::context;

/// A notice's text in a reader's zone (the times in it shown there).
pub(super) type Zoned = Box<dyn Fn(Tz) -> String>;

/// What a gathered notice is about: one of each kind a game and mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum About {
    /// The current phase's deadline (SET DEADLINE; an absence that moves it): the last one is told.
    Deadline,
    /// SET START: the time before which the phase is not processed.
    NotBefore,
    /// A press rule changed (one line each; all of a game's in one notice).
    PressRule(GameOption),
    /// The end of the grace period a player of an unmoderated game set (SET GRACE): the last one is told.
    Grace,
    /// An option a player of an unmoderated game changed (one line each;
    /// all of a mail's in one notice, naming who).
    Changed(GameOption, String),
    /// A player's absence, told to the master (one line each power).
    Absence(PowerId),
}

impl About {
    /// Several of these (of one kind) go in one mail, a line each, not one mail each.
    fn merged(&self) -> bool {
        matches!(self, About::PressRule(_) | About::Absence(_) | About::Changed(..))
    }
}

/// A notice gathered by a mail's commands.
pub(super) struct Notice {
    game_id: i64,
    about: About,
    subject: String,
    /// The whole text, or (for a merged kind) its line, in a reader's zone.
    body: Zoned,
}

/// The options that are press rules: a change is told to the table.
pub fn press_rule(o: GameOption) -> bool {
    use GameOption as O;
    matches!(
        o,
        O::Press
            | O::Partial
            | O::Fake
            | O::ObserverPress
            | O::PostalPress
            | O::MasterPress
            | O::LatePress
            | O::MustOrder
            | O::WatchAllPress
            | O::MinorPress
            | O::GracePress
            | O::TouchPress
            | O::BlankPress
    )
}

impl Session<'_> {
    /// Keeps a notice to the whole table of `g` for the end of the mail;
    /// the first of its kind in the mail counts against the master's table
    /// mails (see [`Session::table_mail`]), a later one replaces it.
    pub(super) fn tell_table_later(&mut self, g: &Game, about: About, subject: String, body: Zoned) -> Result<(), Fail> {
        // one mail of each kind: the kind's first notice in the mail counts
        if !self.notices.iter().any(|n| n.game_id == g.id && std::mem::discriminant(&n.about) == std::mem::discriminant(&about)) {
            self.table_mail(g)?;
        }
        self.keep_notice(Notice { game_id: g.id, about, subject, body });
        Ok(())
    }

    /// Keeps a notice whose limit the caller has seen to (an absence's, a deadline an absence moved).
    pub(super) fn tell_later(&mut self, g: &Game, about: About, subject: String, body: Zoned) {
        self.keep_notice(Notice { game_id: g.id, about, subject, body });
    }

    fn keep_notice(&mut self, n: Notice) {
        self.notices.retain(|o| !(o.game_id == n.game_id && o.about == n.about));
        self.notices.push(n);
    }

    /// How many notices are kept: a command that fails drops what it kept.
    pub(super) fn notices_kept(&self) -> usize {
        self.notices.len()
    }

    /// Drops the notices kept since `n` (a refused command's).
    pub(super) fn drop_notices_from(&mut self, n: usize) {
        self.notices.truncate(n);
    }

    /// Mails what the mail's commands gathered: each kind once a game.
    pub(super) fn send_notices(&mut self) -> anyhow::Result<()> {
        let notices = std::mem::take(&mut self.notices);
        let mut games: Vec<i64> = notices.iter().map(|n| n.game_id).collect();
        games.dedup();
        games.sort_unstable();
        games.dedup();
        for id in games {
            let g = self.ctx.game(self.conn, id)?;
            let mine: Vec<&Notice> = notices.iter().filter(|n| n.game_id == id).collect();
            let zone = g.zone(self.ctx.cfg.timezone);
            for n in mine.iter().filter(|n| !n.about.merged()) {
                if matches!(n.about, About::Deadline | About::NotBefore) {
                    crate::play::tell_deadline(self.conn, self.ctx, &g, &n.subject, &*n.body)?;
                } else {
                    crate::play::tell_all_zoned(self.conn, self.ctx, &g, &n.subject, &*n.body)?;
                }
            }
            let rules: Vec<String> = mine.iter().filter(|n| matches!(n.about, About::PressRule(_))).map(|n| (n.body)(zone)).collect();
            if !rules.is_empty() {
                crate::play::tell_all(self.conn, self.ctx, &g, &say::master::press_rules_subject(&g), &say::master::press_rules_notice(&g, &rules))?;
            }
            let changed: Vec<(&str, String)> =
                mine.iter().filter_map(|n| if let About::Changed(_, who) = &n.about { Some((who.as_str(), (n.body)(zone))) } else { None }).collect();
            if let Some((who, _)) = changed.first() {
                let lines: Vec<String> = changed.iter().map(|(_, l)| l.clone()).collect();
                crate::play::tell_all(self.conn, self.ctx, &g, &say::master::changed_subject(&g), &say::master::changes_notice(&g.name, who, &lines))?;
            }
            let away: Vec<String> = mine.iter().filter(|n| matches!(n.about, About::Absence(_))).map(|n| (n.body)(zone)).collect();
            if !away.is_empty() {
                let master = g.master_email.clone();
                self.ctx.notice(self.conn, &master, &say::time::absences_subject(&g), say::time::absences_notice(&g, &away), Some(g.id), None)?;
            }
        }
        Ok(())
    }

    /// The power the line just run spoke for as the master (BECOME, or
    /// the master's `Power: order`), if any.
    pub(super) fn acting_as_master(&mut self) -> Option<(i64, PowerId)> {
        let now = match &self.signed {
            Some(Signed { game_id, role: Role::Power { power, master: true, .. } }) => Some((*game_id, *power)),
            _ => None,
        };
        let named = self.acted_for.take();
        now.or(named)
    }

    /// The copies for the players of the powers the master acted for in
    /// this mail: (address, subject, text), each with only the lines made
    /// in its power's name, and its orders as they now stand.
    pub(super) fn acted_copies(&mut self) -> anyhow::Result<Vec<(String, String, String)>> {
        let mut seats: Vec<(i64, PowerId)> = Vec::new();
        for &(_, gid, p) in &self.acted {
            if !seats.contains(&(gid, p)) {
                seats.push((gid, p));
            }
        }
        let mut out = Vec::new();
        for (gid, power) in seats {
            let g = self.ctx.game(self.conn, gid)?;
            let seat = g.seat_power(power);
            let Some(player) = g.player_for(seat).map(|p| p.email.clone()) else { continue };
            if crate::mail::mailbox_key(&player) == crate::mail::mailbox_key(&self.sender) {
                continue;
            }
            let picked: Vec<usize> = self.acted.iter().filter(|&&(_, id, p)| id == gid && g.seat_power(p) == seat).map(|&(i, _, _)| i).collect();
            let reply = self.render_part(&picked, gid, seat)?;
            let name = say::seats::seat_names(&g, seat);
            let body = self
                .ctx
                .templates
                .render("acted.txt", context! { judge => self.ctx.cfg.name.clone(), game => g.name.clone(), power => name.clone(), reply => reply });
            out.push((player, say::master::acted_for_subject(&g, &name), body));
        }
        Ok(out)
    }

    /// Mails [`Session::acted_copies`].
    pub(super) fn send_acted_copies(&mut self) -> anyhow::Result<()> {
        for (to, subject, body) in self.acted_copies()? {
            let game = self.acted.first().map(|&(_, g, _)| g);
            self.ctx.notice(self.conn, &to, &subject, body, game, None)?;
        }
        Ok(())
    }

    /// The reply's entries `picked` and the status of `power`, as the reply
    /// template lays them out (for a copy).
    fn render_part(&mut self, picked: &[usize], game_id: i64, power: PowerId) -> anyhow::Result<String> {
        let entries: Vec<minijinja::Value> = picked
            .iter()
            .filter_map(|&i| self.entries.get(i))
            .map(|e| context! { input => e.input.clone(), responses => e.responses.iter().map(|r| crate::report::wrap(r, 74)).collect::<Vec<_>>() })
            .collect();
        let g = self.ctx.game(self.conn, game_id)?;
        let status = if g.status == GameStatus::Active { self.status(game_id, power)? } else { None };
        Ok(self.ctx.templates.render(
            "reply.txt",
            context! { judge => self.ctx.cfg.name.clone(), entries => entries, statuses => status.into_iter().collect::<Vec<_>>(), cut_lines => 0, max_lines => self.ctx.cfg.limits.max_lines, console => true },
        ))
    }
}
