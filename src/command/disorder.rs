//! The master's civil-disorder commands, as njudge writes them: `SET CD` and
//! `SET NO CD` alone are `SET NMR` and `SET NO NMR`; `SET CD AFTER n` is the
//! game option; `SET CD power` declares the power in civil disorder and
//! `SET NO CD power` lifts it (see `play::disorder`).

use super::options::{GameOption, Named};
use super::{R, Session};
use crate::game::{self, pname};
use crate::play::disorder;
use crate::report::say;

impl Session<'_> {
    /// SET [NO] CD [AFTER n | power].
    pub(super) fn set_cd(&mut self, no: bool, arg: &str) -> R {
        let mut words = arg.split_whitespace();
        let first = words.next().unwrap_or("");
        if first.is_empty() {
            return self.set_option(Named { option: GameOption::Nmr, no }, "");
        }
        if first.eq_ignore_ascii_case("AFTER") {
            let rest: Vec<&str> = words.collect();
            let value = if no { "none".to_string() } else { rest.join(" ") };
            return self.set_option(Named { option: GameOption::CdAfter, no: false }, &value);
        }
        let mut g = self.master_game()?;
        let v = g.variant.clone();
        let power = game::find_power(&v, arg.trim()).ok_or_else(|| crate::game::refusal::Refusal::NotAPower { word: arg.trim().to_string() })?;
        let power = g.seat_power(power);
        let pos = g.position.clone().ok_or(crate::game::refusal::Refusal::VoteBeforeStart)?;
        let name = say::seats::seat_names(&g, power);
        if no {
            let was = disorder::lift(self.conn, &mut g, power)?;
            if was {
                disorder::announce(self.conn, self.ctx, &g, &say::disorder::back_subject(&g, &name), vec![say::disorder::lifted(&name, true)])?;
            }
            self.touch(g.id);
            return Ok(vec![say::disorder::lifted(&name, was)]);
        }
        let surv = game::survivors(&g, &pos);
        if !surv.contains(&power) {
            let survivors: Vec<String> = surv.iter().map(|&p| pname(&v, p)).collect();
            return Err(crate::game::refusal::Refusal::NotASurvivor { power: pname(&v, power), survivors }.into());
        }
        if !disorder::master_declares(self.conn, &mut g, power)? {
            return Ok(vec![say::disorder::already_in(&name)]);
        }
        disorder::announce_fresh(self.conn, self.ctx, &g, &[power])?;
        // nobody waits for it now: the phase may be ready
        self.touch(g.id);
        Ok(vec![say::disorder::declared(&name, &v.calendar.long_name(pos.phase))])
    }
}

impl Session<'_> {
    /// A player signing on to a seat in civil disorder takes it out of it
    /// (njudge's rule), and the table is told; the line for the reply.
    pub(super) fn back_from_disorder(&mut self, g: &game::Game, power: crate::map::PowerId) -> Result<Option<String>, super::Fail> {
        if g.status != game::GameStatus::Active || !g.in_disorder(power) {
            return Ok(None);
        }
        let mut g = g.clone();
        disorder::lift(self.conn, &mut g, power)?;
        let name = say::seats::seat_names(&g, power);
        disorder::announce(self.conn, self.ctx, &g, &say::disorder::back_subject(&g, &name), vec![say::disorder::back_notice(&name)])?;
        Ok(Some(say::disorder::back_from_disorder(&name)))
    }

    /// A vacant seat taken over (`who`: the new player): out of civil
    /// disorder, the deadline restarted as njudge does, the table told, and
    /// the new player's WAIT set (SET NOWAIT when ready). Lines for the reply.
    pub(super) fn seat_taken(&mut self, g: &mut game::Game, power: crate::map::PowerId, player: &mut game::Player) -> Result<Vec<String>, super::Fail> {
        player.wait = true;
        player.save(self.conn)?;
        g.reload_players(self.conn)?;
        // the name the player chose, never the address: the notice goes to the whole table
        let who = player.name.clone();
        let moved = disorder::taken_over(self.conn, self.ctx, g, power, who.as_deref())?;
        let mut out = vec![say::disorder::wait_set_for_you()];
        if let Some(d) = moved {
            out.push(say::disorder::deadline_restarted(&crate::timing::format_time(d, self.ctx.cfg.timezone)));
        }
        Ok(out)
    }
}
