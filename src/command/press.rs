//! PRESS and BROADCAST.

use super::{R, Role, Session};
use crate::game::refusal::Refusal;
use crate::game::{self, GameStatus, PlayerStatus, pname};
use crate::report::say;
use crate::store::press::Audience;
use minijinja::context;

impl Session<'_> {
    pub(super) fn press(&mut self, to: Option<&str>, grey: bool, body: &str) -> R {
        let (s, g) = self.signed_game()?;
        if g.status == GameStatus::Finished {
            return Err(Refusal::GameOver { game: g.name.clone() }.into());
        }
        if body.len() > self.ctx.cfg.limits.max_press_bytes {
            return Err(Refusal::PressTooLong { bytes: body.len(), max: self.ctx.cfg.limits.max_press_bytes }.into());
        }
        let v = g.variant.clone();
        let (from_power, from_name) = match s.role {
            // a master acting for a power never writes under its name alone
            Role::Power { power, master: true, .. } => {
                if grey {
                    return Err(Refusal::MasterNotAnonymous.into());
                }
                (Some(power), say::press::written_by_master(&pname(&v, power)))
            }
            // a player of several powers writes under the seat's names
            Role::Power { power, .. } => (Some(power), say::seats::seat_names(&g, power)),
            Role::Master => (None, say::press::from_master()),
            Role::Joined(_) => return Err(Refusal::PressBeforeStart.into()),
        };
        let players = g.players.clone();
        let to_master_only = to.is_some_and(|t| t.eq_ignore_ascii_case("m") || t.eq_ignore_ascii_case("master"));
        if g.settings.press == crate::game::Press::None && from_power.is_some() && !to_master_only {
            return Err(Refusal::NoPressGame.into());
        }
        if grey && g.settings.press != crate::game::Press::Grey {
            return Err(Refusal::NoGreyPress.into());
        }
        let mut recipients: Vec<(String, String)> = Vec::new(); // (address, name)
        let to_text;
        let audience;
        if to_master_only {
            audience = Audience::Master;
            recipients.push((g.master_email.clone(), say::press::to_master()));
            to_text = say::press::to_master();
        } else if let Some(t) = to {
            if g.settings.partial == crate::store::games::PartialPress::BroadcastOnly && from_power.is_some() {
                return Err(Refusal::NoPartialPress.into());
            }
            let list = game::parse_powers(&v, t)?;
            for &p in &list {
                match g.player_for(p) {
                    Some(pl) => recipients.push((pl.email.clone(), pname(&v, p))),
                    None => return Err(Refusal::NobodyPlays { power: pname(&v, p) }.into()),
                }
            }
            to_text = list.iter().map(|&p| pname(&v, p)).collect::<Vec<_>>().join(", ");
            audience = Audience::Powers(list);
        } else {
            audience = Audience::All;
            for pl in players.iter().filter(|p| p.status == PlayerStatus::Active || p.status == PlayerStatus::Eliminated) {
                recipients.push((pl.email.clone(), String::new()));
            }
            recipients.push((g.master_email.clone(), say::press::to_master()));
            to_text = say::press::to_everyone();
        }
        if let Some(fp) = from_power {
            // not to oneself
            if let Some(me) = g.player_for(fp) {
                recipients.retain(|(a, _)| !a.eq_ignore_ascii_case(&me.email));
            }
        }
        let shown_from = if grey { say::press::anonymous() } else { from_name.clone() };
        let pos = g.position.clone();
        let phase = pos.map(|p| v.calendar.long_name(p.phase)).unwrap_or_else(say::press::forming);
        let text = self.ctx.templates.render("press.txt", context! { game => g.name.clone(), phase => phase.clone(), from => shown_from.clone(), to => to_text.clone(), body => body.lines().map(str::to_string).collect::<Vec<_>>() });
        let mut seen: Vec<String> = Vec::new();
        for (addr, _) in &recipients {
            if seen.iter().any(|a| a.eq_ignore_ascii_case(addr)) {
                continue;
            }
            seen.push(addr.clone());
            // an observer's copy says how to stop them, as the game's other mail does
            let observer = players.iter().any(|p| p.role == game::PlayerRole::Observer && p.email.eq_ignore_ascii_case(addr));
            let who = if observer { game::Recipient::Observer } else { game::Recipient::Member };
            let m = crate::play::mail_to(self.ctx, &g, addr, who, &say::press::subject(&g, &shown_from), text.clone(), None);
            self.ctx.queue(self.conn, &m, Some(g.id), None)?;
        }
        if to.is_none() && !grey {
            crate::publish::queue(self.conn, &g, &say::press::markdown(&g, &phase, &shown_from, body), self.ctx.now())?;
        }
        if to.is_none()
            && let Some(l) = g.settings.confirmed_list()
        {
            let m = crate::play::mail_to(
                self.ctx,
                &g,
                l,
                game::Recipient::List,
                &say::press::subject(&g, &shown_from),
                text.clone(),
                Some(g.list_id(self.ctx.cfg.domain())),
            );
            self.ctx.queue(self.conn, &m, Some(g.id), None)?;
        }
        let by_master = matches!(s.role, Role::Power { master: true, .. });
        crate::store::press::insert(
            self.conn,
            &v,
            &crate::store::press::PressRow {
                game_id: g.id,
                seq: g.seq,
                from_power,
                by_master,
                recipients: &to_text,
                audience: &audience,
                grey,
                body,
                mail_id: self.mail_id,
                created: self.ctx.now(),
            },
        )?;
        Ok(vec![say::press::sent(&to_text, grey, body.lines().count())])
    }
}
