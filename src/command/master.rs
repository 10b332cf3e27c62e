//! The master's commands: ROLLBACK (the rest are dispatched in `mod.rs`), and game options.

use super::parse::SetKey;
use super::{Fail, R, Session};
use crate::game::{self, Assignment, Game, GameStatus, Player, PlayerRole, PlayerStatus, Press, pname};
use crate::map::PowerId;
use crate::timing::{self, Timing};

impl Session<'_> {
    /// EJECT power (the player leaves and may not come back) or EJECT address (an observer).
    pub(super) fn eject(&mut self, who: &str) -> R {
        let g = self.master_game()?;
        let v = self.ctx.variant(&g.variant)?;
        let players = Player::of_game(self.conn, g.id)?;
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
                return Err(Fail::from(format!("{who} does not observe game {}", g.name)));
            }
            return Ok(vec![format!("{who} no longer gets the reports of game {}.", g.name)]);
        }
        let power = game::find_power(&v, who).ok_or(format!("`{who}` is not a power of this game (or give an observer's address)"))?;
        let mut pl = Player::active_for(&players, power).cloned().ok_or(format!("nobody plays {}", pname(&v, power)))?;
        pl.status = PlayerStatus::Ejected;
        pl.save(self.conn)?;
        self.ctx.notice(
            self.conn,
            &pl.email,
            &format!("Game {}: you were removed", g.name),
            format!("The master of game {} removed you from {}.\n", g.name, pname(&v, power)),
            Some(g.id),
            None,
        )?;
        let how = if g.settings.takeover_approval { "with your approval (APPROVE power)" } else { "by SIGNON ?game password" };
        Ok(vec![format!("{} is now vacant; a new player can take it over {how}. The removed player cannot take a seat in this game again.", pname(&v, power))])
    }

    /// APPROVE / REJECT power: the master's answer to a request to take over a vacant power.
    pub(super) fn approve(&mut self, power: &str, yes: bool) -> R {
        let g = self.master_game()?;
        let v = self.ctx.variant(&g.variant)?;
        let power = game::find_power(&v, power).ok_or(format!("`{power}` is not a power of this game"))?;
        let players = Player::of_game(self.conn, g.id)?;
        let pending: Vec<Player> =
            players.iter().filter(|p| p.role == PlayerRole::Player && p.power == Some(power) && p.status == PlayerStatus::Pending).cloned().collect();
        let Some(first) = pending.first().cloned() else { return Err(Fail::from(format!("nobody asked to take over {}", pname(&v, power)))) };
        if yes && Player::active_for(&players, power).is_some() {
            return Err(Fail::from(format!("{} is not vacant", pname(&v, power))));
        }
        let name = pname(&v, power);
        for mut p in pending {
            let taken = yes && p.id == first.id;
            p.status = if taken { PlayerStatus::Active } else { PlayerStatus::Resigned };
            p.save(self.conn)?;
            let (subject, text) = if taken {
                (
                    format!("Game {}: you now play {name}", g.name),
                    format!("The master approved: you now play {name} in game {} (SIGNON {}{} password).\n", g.name, v.powers[power as usize].letter, g.name),
                )
            } else {
                (format!("Game {}: your request for {name}", g.name), format!("The master did not give you {name} in game {}.\n", g.name))
            };
            self.ctx.notice(self.conn, &p.email, &subject, text, Some(g.id), None)?;
        }
        Ok(vec![if yes { format!("{} now plays {name}.", first.email) } else { format!("The requests for {name} were refused.") }])
    }

    pub(super) fn rollback(&mut self, phase: &str) -> R {
        let mut g = self.master_game()?;
        let v = self.ctx.variant(&g.variant)?;
        let want = phase.to_ascii_uppercase();
        let row = crate::store::phases::find(self.conn, g.id, &want)?;
        let Some((seq, position)) = row else { return Err(Fail::from(format!("game {} has no processed phase {want} (HISTORY shows them)", g.name))) };
        crate::store::phases::delete_from(self.conn, g.id, seq)?;
        crate::store::orders::clear_from(self.conn, g.id, seq)?;
        g.seq = seq;
        g.position = Some(position);
        g.status = GameStatus::Active;
        g.result = None;
        g.reminded = seq - 1;
        g.late_noticed = seq - 1;
        g.waiting_gm = seq - 1;
        let players = Player::of_game(self.conn, g.id)?;
        let pos = g.position(&v)?.ok_or("bad position")?;
        game::set_deadline(self.ctx, &mut g, pos.phase.kind, &players);
        g.save(self.conn)?;
        let text = format!(
            "The master rolled game {} back to {}. All orders must be sent again. Deadline: {}.\n",
            g.name,
            v.calendar.long_name(pos.phase),
            timing::format_time(g.deadline.unwrap_or(0), self.ctx.cfg.timezone)
        );
        game::tell_all(self.conn, self.ctx, &g, &players, &format!("Game {} rolled back", g.name), &text)?;
        Ok(vec![format!("Rolled back to {}.", v.calendar.long_name(pos.phase))])
    }
}

pub(super) fn parse_pref(v: &crate::map::Variant, arg: &str) -> Result<Vec<PowerId>, String> {
    let out = game::parse_powers_in_order(v, arg)?;
    if out.is_empty() {
        return Err("give powers in the order you want them, like SET PREFERENCE FEG".into());
    }
    Ok(out)
}

pub(super) fn setkey_name(k: SetKey) -> &'static str {
    match k {
        SetKey::Movement => "movement",
        SetKey::Retreat => "retreat",
        SetKey::Adjustment => "adjustment",
        SetKey::Reminder => "reminder",
        SetKey::Nmr => "nmr",
        SetKey::NoNmr => "nonmr",
        SetKey::Press => "press",
        SetKey::Partial => "partial",
        SetKey::NoPartial => "nopartial",
        SetKey::List => "list",
        SetKey::Assignment => "assignment",
        SetKey::Rule => "rule",
        _ => "",
    }
}

/// Applies one game option (from CREATE's `key=value` or a master's SET).
pub fn apply_option(g: &mut Game, v: &crate::map::Variant, key: &str, val: &str) -> Result<String, String> {
    let s = &mut g.settings;
    let yes = |x: &str| matches!(x.to_ascii_lowercase().as_str(), "" | "yes" | "on" | "true" | "1");
    let forming = g.status == GameStatus::Forming;
    Ok(match key {
        "movement" | "retreat" | "adjustment" => {
            Timing::parse(val)?;
            match key {
                "movement" => s.movement = val.to_string(),
                "retreat" => s.retreat = val.to_string(),
                _ => s.adjustment = val.to_string(),
            }
            format!("{key} deadlines: {val} (from the next phase on; SET DEADLINE changes the current one).")
        }
        "reminder" => {
            s.reminder_secs = timing::parse_duration(val)?;
            format!("Reminders {} before the deadline.", timing::format_span(s.reminder_secs))
        }
        "grace" => {
            s.grace_secs = timing::parse_duration(val)?;
            format!("Grace period {}.", timing::format_span(s.grace_secs))
        }
        "nmr" => {
            s.nmr = yes(val);
            if s.nmr {
                "Missing orders take the defaults after the grace period.".into()
            } else {
                "After the grace period the game waits for the master.".into()
            }
        }
        "nonmr" => {
            s.nmr = false;
            "After the grace period the game waits for the master.".into()
        }
        "press" => {
            let p = val.trim().to_ascii_lowercase();
            let p = match p.as_str() {
                "white" => Press::White,
                "grey" | "gray" => Press::Grey,
                "none" | "no" => Press::None,
                _ => return Err(format!("press is white, grey or none, not `{val}`")),
            };
            s.press = p;
            format!("Press: {p}.")
        }
        "partial" => {
            s.partial = yes(val);
            format!("Partial press {}.", if s.partial { "allowed" } else { "not allowed (broadcast only)" })
        }
        "nopartial" => {
            s.partial = false;
            "Partial press not allowed (broadcast only).".into()
        }
        "list" => {
            let a = val.trim();
            if a.is_empty() || a.eq_ignore_ascii_case("none") {
                s.list_address = None;
                "No list address: reports go to the players, observers and master only.".into()
            } else if a.parse::<lettre::Address>().is_ok() {
                s.list_address = Some(a.to_string());
                format!("Reports also go to {a}.")
            } else {
                return Err(format!("`{a}` is not a mail address"));
            }
        }
        "assignment" => {
            if !forming {
                return Err("powers are already assigned".into());
            }
            let a = val.trim().to_ascii_lowercase();
            s.assignment = match a.as_str() {
                "random" => Assignment::Random,
                "preference" => Assignment::Preference,
                _ => return Err("assignment is random or preference".into()),
            };
            format!("Powers will be assigned by {a}.")
        }
        "rule" => {
            if !forming {
                return Err("rule options are set before the game starts".into());
            }
            let (k, x) = val.split_once('=').ok_or("write SET RULE key=value (like retreat_default=right_hand)")?;
            let mut r = crate::rules::Rulebook::for_variant(v);
            r.set(k.trim(), x.trim())?;
            s.rules.insert(k.trim().to_string(), x.trim().to_string());
            format!("Rule {} = {}.", k.trim(), x.trim())
        }
        other => {
            // CREATE options may name a rule directly
            if forming && crate::rules::Rulebook::for_variant(v).set(other, val).is_ok() {
                s.rules.insert(other.to_string(), val.to_string());
                format!("Rule {other} = {val}.")
            } else {
                return Err(format!(
                    "unknown option `{other}` (press, nmr, partial, movement, retreat, adjustment, grace, reminder, list, assignment, or a rule)"
                ));
            }
        }
    })
}
