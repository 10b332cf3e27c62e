//! PRESS and BROADCAST.

use super::{Fail, R, Role, Session};
use crate::game::{self, GameStatus, Player, PlayerStatus, pname};
use minijinja::context;

impl Session<'_> {
    pub(super) fn press(&mut self, to: Option<&str>, grey: bool, body: &str) -> R {
        let (s, g) = self.signed_game()?;
        if g.status == GameStatus::Finished {
            return Err(Fail::from(format!("game {} is over", g.name)));
        }
        if body.len() > self.ctx.cfg.limits.max_press_bytes {
            return Err(Fail::from(format!("the press is {} bytes; the limit is {}: nothing was sent", body.len(), self.ctx.cfg.limits.max_press_bytes)));
        }
        let v = self.ctx.variant(&g.variant)?;
        let (from_power, from_name) = match s.role {
            // a master acting for a power never writes under its name alone
            Role::Power { power, master: true, .. } => {
                if grey {
                    return Err(Fail::from("the master cannot send anonymous press for a power"));
                }
                (Some(power), format!("{} (written by the master)", pname(&v, power)))
            }
            Role::Power { power, .. } => (Some(power), pname(&v, power)),
            Role::Master => (None, "The master".to_string()),
            Role::Joined(_) => return Err(Fail::from("press starts once the game has started")),
        };
        let players = Player::of_game(self.conn, g.id)?;
        let to_master_only = to.is_some_and(|t| t.eq_ignore_ascii_case("m") || t.eq_ignore_ascii_case("master"));
        if g.settings.press == crate::game::Press::None && from_power.is_some() && !to_master_only {
            return Err(Fail::from("this is a no-press game: press may only go to the master (PRESS TO M)"));
        }
        if grey && g.settings.press != crate::game::Press::Grey {
            return Err(Fail::from("anonymous (grey) press is not allowed in this game"));
        }
        let mut recipients: Vec<(String, String)> = Vec::new(); // (address, name)
        let to_text;
        if to_master_only {
            recipients.push((g.master_email.clone(), "the master".into()));
            to_text = "the master".to_string();
        } else if let Some(t) = to {
            if !g.settings.partial && from_power.is_some() {
                return Err(Fail::from("this game has no partial press: use BROADCAST"));
            }
            let list = game::parse_powers(&v, t)?;
            for &p in &list {
                match Player::active_for(&players, p) {
                    Some(pl) => recipients.push((pl.email.clone(), pname(&v, p))),
                    None => return Err(Fail::from(format!("nobody plays {} now: nothing was sent", pname(&v, p)))),
                }
            }
            to_text = list.iter().map(|&p| pname(&v, p)).collect::<Vec<_>>().join(", ");
        } else {
            for pl in players.iter().filter(|p| p.status == PlayerStatus::Active || p.status == PlayerStatus::Eliminated) {
                recipients.push((pl.email.clone(), String::new()));
            }
            recipients.push((g.master_email.clone(), "the master".into()));
            to_text = "everyone (broadcast)".to_string();
        }
        if let Some(fp) = from_power {
            // not to oneself
            if let Some(me) = Player::active_for(&players, fp) {
                recipients.retain(|(a, _)| !a.eq_ignore_ascii_case(&me.email));
            }
        }
        let shown_from = if grey { "Someone (anonymous)".to_string() } else { from_name.clone() };
        let pos = g.position(&v)?;
        let phase = pos.map(|p| v.calendar.long_name(p.phase)).unwrap_or_else(|| "forming".into());
        let text = self.ctx.templates.render("press.txt", context! { game => g.name.clone(), phase => phase, from => shown_from.clone(), to => to_text.clone(), body => body.lines().map(str::to_string).collect::<Vec<_>>() });
        let mut seen: Vec<String> = Vec::new();
        for (addr, _) in &recipients {
            if seen.iter().any(|a| a.eq_ignore_ascii_case(addr)) {
                continue;
            }
            seen.push(addr.clone());
            self.ctx.notice(self.conn, addr, &format!("Press in game {} from {}", g.name, shown_from), text.clone(), Some(g.id), None)?;
        }
        if to.is_none()
            && let Some(l) = g.settings.list_address.clone()
        {
            self.ctx.notice(
                self.conn,
                &l,
                &format!("Press in game {} from {}", g.name, shown_from),
                text.clone(),
                Some(g.id),
                Some(g.list_id(self.ctx.cfg.domain())),
            )?;
        }
        crate::store::press::insert(
            self.conn,
            &crate::store::press::PressRow {
                game_id: g.id,
                seq: g.seq,
                from_power,
                recipients: &to_text,
                grey,
                body,
                mail_id: self.mail_id,
                created: self.ctx.now(),
            },
        )?;
        Ok(vec![format!("Press sent to {to_text}{} ({} line(s)).", if grey { ", anonymously" } else { "" }, body.lines().count())])
    }
}
