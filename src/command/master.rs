//! The master's commands: PROCESS, PREDICT, PAUSE, RESUME, TERMINATE,
//! BECOME, EJECT, APPROVE, REJECT, ROLLBACK. The game options (SET ... and
//! CREATE's `key=value`) are in [`super::options`].

use super::{Fail, R, Role, Session, Signed};
use crate::game::refusal::Refusal;
use crate::game::{self, GameRow, GameStatus, Player, PlayerRole, PlayerStatus, pname};
use crate::report::say;
use crate::timing;

impl Session<'_> {
    /// PROCESS (only when every order is in) or PROCESS! (`force`: missing
    /// orders take the defaults); one a mail, except at the console.
    pub(super) fn process_now(&mut self, force: bool) -> R {
        let mut g = self.master_game()?;
        if self.processed && !self.console {
            return Err(Refusal::OneProcessPerMail.into());
        }
        if g.status != GameStatus::Active {
            return Err(Refusal::NotActive { game: g.name.clone(), status: g.status }.into());
        }
        let v = g.variant.clone();
        let (pos, orders) = game::current_orders(self.conn, &g)?;
        if !force {
            let missing: Vec<String> = game::owing(&g, &pos, &orders).iter().filter(|o| o.late()).map(|o| pname(&v, o.power)).collect();
            if !missing.is_empty() {
                return Err(Refusal::OrdersMissing { powers: missing }.into());
            }
        }
        let name = v.calendar.long_name(pos.phase);
        self.table_mail(&g)?;
        crate::play::process(self.conn, self.ctx, &mut g, "the master processed it")?;
        self.processed = true;
        Ok(vec![say::master::processed(&name)])
    }

    /// PREDICT: what the orders in now would give.
    pub(super) fn predict(&mut self) -> R {
        let g = self.master_game()?;
        if g.status != GameStatus::Active {
            return Err(Refusal::NoPhaseToPredict { game: g.name.clone(), status: g.status }.into());
        }
        Ok(vec![crate::play::predict(self.conn, self.ctx, &g)?])
    }

    /// PAUSE: no deadline passes until RESUME.
    pub(super) fn pause(&mut self) -> R {
        let mut g = self.master_game()?;
        self.table_mail(&g)?;
        g.paused = true;
        g.save(self.conn)?;
        crate::play::tell_all(self.conn, self.ctx, &g, &say::master::paused_subject(&g), &say::master::paused_notice(&g))?;
        Ok(vec![say::master::paused(&g)])
    }

    /// RESUME: a deadline that passed meanwhile is set anew.
    pub(super) fn resume(&mut self) -> R {
        let mut g = self.master_game()?;
        self.table_mail(&g)?;
        g.paused = false;
        let now = self.ctx.now();
        if g.deadline.is_some_and(|d| d <= now)
            && let Some(kind) = g.position.as_ref().map(|p| p.phase.kind)
        {
            crate::play::set_deadline(self.ctx, &mut g, kind);
        }
        g.save(self.conn)?;
        let d = g.deadline.map(|d| timing::format_time(d, g.zone(self.ctx.cfg.timezone))).unwrap_or_default();
        crate::play::tell_all(self.conn, self.ctx, &g, &say::master::resumes_subject(&g), &say::master::resumes_notice(&g, &d))?;
        self.touch(g.id);
        Ok(vec![say::master::resumed(&g, &d)])
    }

    /// TERMINATE: the game ends, won by no one.
    pub(super) fn terminate(&mut self) -> R {
        let mut g = self.master_game()?;
        crate::play::finish(self.conn, self.ctx, &mut g, crate::end::GameEnd::Terminated)?;
        Ok(vec![say::master::terminated(&g)])
    }

    /// BECOME power: the lines below are that power's (not a neutral one's:
    /// its orders would be dropped at processing).
    pub(super) fn become_power(&mut self, p: &str) -> R {
        let g = self.master_game()?;
        let v = g.variant.clone();
        let power = game::find_power(&v, p).ok_or_else(|| Refusal::NotAPower { word: p.to_string() })?;
        if g.is_neutral(power) {
            return Err(Refusal::BecomeNeutral { power: pname(&v, power) }.into());
        }
        let player = g.player_for(power).map(|p| p.id);
        self.signed = Some(Signed { game_id: g.id, role: Role::Power { power, player, master: true } });
        self.add_status(g.id, power);
        Ok(vec![say::master::acting_for(&pname(&v, power))])
    }

    /// EJECT power (the player leaves and may not come back) or EJECT address (an observer).
    pub(super) fn eject(&mut self, who: &str) -> R {
        let g = self.master_game()?;
        let v = g.variant.clone();
        let players = g.players.clone();
        if who.contains('@') {
            let mut found = 0;
            for mut o in
                players.into_iter().filter(|p| p.role == PlayerRole::Observer && p.email.eq_ignore_ascii_case(who) && p.status != PlayerStatus::Ejected)
            {
                o.status = PlayerStatus::Ejected;
                o.save(self.conn)?;
                found += 1;
            }
            if found == 0 {
                return Err(Refusal::NotAnObserver { who: who.to_string(), game: g.name.clone() }.into());
            }
            return Ok(vec![say::master::observer_ejected(who, &g)]);
        }
        let power = game::find_power(&v, who).ok_or_else(|| Refusal::NotAPowerOrAddress { word: who.to_string() })?;
        // a player of several powers is ejected from its whole seat
        let power = g.seat_power(power);
        let mut pl = Player::active_for(&players, power).cloned().ok_or_else(|| Refusal::NobodyToEject { power: pname(&v, power) })?;
        pl.status = PlayerStatus::Ejected;
        pl.left = Some(self.ctx.now());
        pl.save(self.conn)?;
        self.ctx.notice(self.conn, &pl.email, &say::master::ejected_subject(&g), say::master::ejected_notice(&g, &pname(&v, power)), Some(g.id), None)?;
        if g.status == GameStatus::Active && g.settings.announce == crate::store::games::Announcements::Loud {
            let mut g = g.clone();
            g.reload_players(self.conn)?;
            crate::play::disorder::left(self.conn, self.ctx, &g, power, true)?;
        }
        Ok(vec![say::master::power_vacant(&pname(&v, power), g.settings.takeover_approval)])
    }

    /// APPROVE / REJECT power: the master's answer to a request to take over a vacant power.
    pub(super) fn approve(&mut self, power: &str, yes: bool) -> R {
        let g = self.master_game()?;
        let v = g.variant.clone();
        let power = game::find_power(&v, power).ok_or_else(|| Refusal::NotAPower { word: power.to_string() })?;
        let power = g.seat_power(power);
        let players = &g.players;
        let pending: Vec<Player> =
            players.iter().filter(|p| p.role == PlayerRole::Player && p.power == Some(power) && p.status == PlayerStatus::Pending).cloned().collect();
        let Some(first) = pending.first().cloned() else { return Err(Refusal::NobodyAsked { power: pname(&v, power) }.into()) };
        if yes && Player::active_for(players, power).is_some() {
            return Err(Refusal::NotVacant { power: pname(&v, power) }.into());
        }
        let name = pname(&v, power);
        let mut g = g.clone();
        for mut p in pending {
            let taken = yes && p.id == first.id;
            p.status = if taken { PlayerStatus::Active } else { PlayerStatus::Resigned };
            if taken {
                p.seated = Some(self.ctx.now());
            }
            p.save(self.conn)?;
            let (subject, text) = if taken {
                // out of civil disorder, the deadline restarted, the table told
                let lines = self.seat_taken(&mut g, power, &mut p)?;
                let text = say::master::approved_notice(&g, &name, v.powers[power as usize].letter) + &lines.join("\n") + "\n";
                (say::master::approved_subject(&g, &name), text)
            } else {
                (say::master::refused_subject(&g, &name), say::master::refused_notice(&g, &name))
            };
            self.ctx.notice(self.conn, &p.email, &subject, text, Some(g.id), None)?;
        }
        Ok(vec![if yes { say::master::now_plays(&first.email, &name) } else { say::master::requests_refused(&name) }])
    }

    /// A master's command that mails the game's whole table: at most
    /// `limits.table_mails_per_game_per_hour` an hour a game (recorded in
    /// the command's savepoint: a refused command does not count). The
    /// keeper's console is not limited.
    pub(super) fn table_mail(&mut self, g: &GameRow) -> Result<(), Fail> {
        // the keeper at the console is not limited
        if self.console {
            return Ok(());
        }
        let now = self.ctx.now();
        let limit = self.ctx.cfg.limits.table_mails_per_game_per_hour as i64;
        let (n, oldest) = crate::store::outbox::table_mails_since(self.conn, g.id, now - 3600, now)?;
        if n >= limit {
            let again = timing::format_time(oldest.unwrap_or(now) + 3600, self.ctx.cfg.timezone);
            return Err(Refusal::TableMailLimit { game: g.name.clone(), limit, again }.into());
        }
        crate::store::outbox::table_mail(self.conn, g.id, now)?;
        Ok(())
    }

    pub(super) fn rollback(&mut self, phase: &str) -> R {
        let mut g = self.master_game()?;
        let v = g.variant.clone();
        let want = phase.to_ascii_uppercase();
        let row = crate::store::phases::find(self.conn, g.id, &want)?;
        let Some((seq, position)) = row else { return Err(Refusal::NoProcessedPhase { game: g.name.clone(), phase: want }.into()) };
        self.table_mail(&g)?;
        // the phases replaced stay in the record, as the game's next branch
        crate::store::phases::undo_from(self.conn, g.id, seq, self.ctx.now())?;
        crate::store::orders::clear_from(self.conn, g.id, seq)?;
        let pos = serde_json::from_str(&position)
            .map_err(anyhow::Error::from)
            .and_then(|value| crate::contract::position_from_json(&v, &value).map_err(anyhow::Error::msg))
            .map_err(|e| Fail::System(anyhow::anyhow!("game {}: the stored position of phase {seq}, rolled back to, cannot be read: {e}", g.name)))?;
        g.seq = seq;
        g.set_position(pos.clone());
        g.status = GameStatus::Active;
        g.result = None;
        g.row.ending = None;
        g.ending = None;
        g.reminded = seq - 1;
        g.late_noticed = seq - 1;
        g.waiting_gm = seq - 1;
        // the two-player game: back before its coin, or Italy's joining
        crate::play::world_war::rewind(&mut g, pos.phase);
        g.settings_changed()?;
        crate::play::set_deadline(self.ctx, &mut g, pos.phase.kind);
        g.save(self.conn)?;
        let text =
            say::master::rolled_back_notice(&g, &v.calendar.long_name(pos.phase), &timing::format_time(g.deadline.unwrap_or(0), g.zone(self.ctx.cfg.timezone)));
        crate::play::tell_all(self.conn, self.ctx, &g, &say::master::rolled_back_subject(&g), &text)?;
        Ok(vec![say::master::rolled_back(&v.calendar.long_name(pos.phase))])
    }
}
