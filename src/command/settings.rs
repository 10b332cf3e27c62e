//! SET: a player's own settings and votes, and the master's game settings.

use super::master::{apply_option, parse_pref, setkey_name};
use super::parse::SetKey;
use super::{Fail, R, Role, Session};
use crate::game::{self, Player, pname};
use crate::timing;

impl Session<'_> {
    pub(super) fn set(&mut self, key: SetKey, arg: &str) -> R {
        let tz = self.ctx.cfg.timezone;
        let now = self.ctx.now();
        match key {
            SetKey::Wait | SetKey::NoWait | SetKey::Draw | SetKey::NoDraw | SetKey::Concede | SetKey::NoConcede => {
                let (power, pid, mut g) = self.power_game()?;
                let v = self.ctx.variant(&g.variant)?;
                let mut p = self.player(pid)?;
                let msg = match key {
                    SetKey::Wait => {
                        p.wait = true;
                        "WAIT set: this phase will not be processed before its deadline.".to_string()
                    }
                    SetKey::NoWait => {
                        p.wait = false;
                        self.touch(g.id);
                        "WAIT cleared.".to_string()
                    }
                    SetKey::Draw => {
                        let pos = g.position(&v)?.ok_or("not started")?;
                        let surv = game::survivors(&v, &pos);
                        if !arg.is_empty() {
                            let list = game::parse_powers(&v, arg)?;
                            if list != surv {
                                return Err(Fail::from(format!(
                                    "draws on this judge include every surviving power: {}",
                                    surv.iter().map(|&q| pname(&v, q)).collect::<Vec<_>>().join(", ")
                                )));
                            }
                        }
                        p.draw = Some(surv.iter().map(|&q| v.powers[q as usize].letter).collect());
                        "Your vote for a draw including all survivors is recorded (it stays secret; the draw happens when every survivor has voted)."
                            .to_string()
                    }
                    SetKey::NoDraw => {
                        p.draw = None;
                        "Draw vote withdrawn.".to_string()
                    }
                    SetKey::Concede => {
                        let to = game::find_power(&v, arg).ok_or(format!("`{arg}` is not a power of this game"))?;
                        if to == power {
                            return Err(Fail::from("you cannot concede to yourself"));
                        }
                        p.concede = Some(to);
                        format!("You concede to {} (the game ends when every other survivor does).", pname(&v, to))
                    }
                    _ => {
                        p.concede = None;
                        "Concession withdrawn.".to_string()
                    }
                };
                p.save(self.conn)?;
                let mut out = vec![msg];
                if matches!(key, SetKey::Draw | SetKey::Concede)
                    && let Some(result) = game::check_votes(self.conn, self.ctx, &mut g)?
                {
                    out.push(format!("The game is over: {result}"));
                }
                self.add_status(g.id, power);
                Ok(out)
            }
            SetKey::Absence => {
                let (power, pid, mut g) = self.power_game()?;
                let lower = arg.to_ascii_lowercase();
                let Some(i) = lower.find(" to ") else { return Err(Fail::from("write SET ABSENCE 2026-12-24 TO 2026-12-27")) };
                let a = timing::parse_date(&arg[..i], tz, now, false)?;
                let b = timing::parse_date(&arg[i + 4..], tz, now, true)?;
                if b <= a || b <= now {
                    return Err(Fail::from("the absence must end after it starts, and in the future"));
                }
                if b - a > 21 * 86_400 {
                    return Err(Fail::from("an absence may last at most 21 days; ask the master to PAUSE the game for longer"));
                }
                let mut p = self.player(pid)?;
                p.absences.retain(|&(_, e)| e > now);
                if p.absences.len() >= game::deadline::MAX_ABSENCES {
                    return Err(Fail::User(format!(
                        "you have {} absences recorded already (the most at once): ask the master to PAUSE the game or SET DEADLINE",
                        p.absences.len()
                    )));
                }
                p.absences.push((a, b));
                p.save(self.conn)?;
                let players = Player::of_game(self.conn, g.id)?;
                let mut out = vec![format!(
                    "Absence recorded: {} to {}. Deadlines falling in it move to its end.",
                    timing::format_time(a, tz),
                    timing::format_time(b, tz)
                )];
                if let Some(d) = g.deadline {
                    // chained absences cannot push a phase without end
                    let kind = g.position(&*self.ctx.variant(&g.variant)?)?.map(|pos| pos.phase.kind).unwrap_or(crate::phase::PhaseKind::Movement);
                    let limit = game::deadline::absence_limit(self.conn, self.ctx, &g, kind)?;
                    let nd = game::push_for_absences(d, &players).min(limit).max(d);
                    if nd != d {
                        g.deadline = Some(nd);
                        g.grace_until = Some(nd.saturating_add(g.settings.grace_secs));
                        g.save(self.conn)?;
                        out.push(format!("The current deadline moves to {}.", timing::format_time(nd, tz)));
                        game::tell_all(
                            self.conn,
                            self.ctx,
                            &g,
                            &players,
                            &format!("Game {}: deadline moved", g.name),
                            &format!("A player's absence moves the deadline of game {} to {}.\n", g.name, timing::format_time(nd, tz)),
                        )?;
                    }
                }
                self.add_status(g.id, power);
                Ok(out)
            }
            SetKey::Password | SetKey::Address => {
                let changing_password = key == SetKey::Password;
                if changing_password && (arg.len() < 4 || arg.contains(' ')) {
                    return Err(Fail::from("a password has at least 4 characters and no spaces"));
                }
                if !changing_password && crate::mail::read::usable_address(arg).is_err() {
                    return Err(Fail::from(format!("`{arg}` is not a mail address the judge can write to")));
                }
                let (s, mut g) = self.signed_game()?;
                // whose seat it is, and the address of record before the change
                let (who, old) = match s.role {
                    Role::Master => {
                        let old = g.master_email.clone();
                        if changing_password {
                            g.master_hash = self.new_hash(arg)?;
                        } else {
                            g.master_email = arg.to_string();
                        }
                        g.save(self.conn)?;
                        ("the master".to_string(), old)
                    }
                    Role::Joined(id) | Role::Power { player: Some(id), master: false, .. } => {
                        let mut p = self.player(Some(id))?;
                        let old = p.email.clone();
                        if changing_password {
                            p.pw_hash = Some(self.new_hash(arg)?);
                        } else {
                            p.email = arg.to_string();
                        }
                        p.save(self.conn)?;
                        let v = self.ctx.variant(&g.variant)?;
                        (p.power.map(|pw| pname(&v, pw)).unwrap_or_else(|| "a player".into()), old)
                    }
                    _ => return Err(Fail::from("sign on as the player to change their password or address")),
                };
                // a seat never moves silently: the address of record and the master hear of it
                let what = if changing_password { "password".to_string() } else { format!("address (now {arg})") };
                let text = format!(
                    "The {what} of {who} in game {} was changed by a mail from {}.\nIf this was not you, tell the game's master at once.\n",
                    g.name, self.sender
                );
                self.ctx.notice(
                    self.conn,
                    &old,
                    &format!("Game {}: your {} was changed", g.name, if changing_password { "password" } else { "address" }),
                    text,
                    Some(g.id),
                    None,
                )?;
                if !old.eq_ignore_ascii_case(&g.master_email) {
                    let master = g.master_email.clone();
                    self.ctx.notice(
                        self.conn,
                        &master,
                        &format!("Game {}: {who} changed their {}", g.name, if changing_password { "password" } else { "address" }),
                        format!("The {what} of {who} in game {} was changed by a mail from {}.\n", g.name, self.sender),
                        Some(g.id),
                        None,
                    )?;
                }
                Ok(vec![if changing_password { "Password changed.".to_string() } else { format!("Mail for you in game {} now goes to {arg}.", g.name) }])
            }
            SetKey::Preference => {
                let (s, g) = self.signed_game()?;
                let Role::Joined(id) = s.role else { return Err(Fail::from("preferences are given before the game starts")) };
                let v = self.ctx.variant(&g.variant)?;
                let list = parse_pref(&v, arg)?;
                let mut p = self.player(Some(id))?;
                p.preference = Some(list.iter().map(|&q| v.powers[q as usize].letter).collect());
                p.save(self.conn)?;
                Ok(vec![format!("Preference recorded: {}.", list.iter().map(|&q| pname(&v, q)).collect::<Vec<_>>().join(", "))])
            }
            _ => {
                let mut g = self.master_game()?;
                let v = self.ctx.variant(&g.variant)?;
                let msg = match key {
                    SetKey::Deadline => {
                        // a time already passed processes the phase at once: only when confirmed with `!`
                        let confirmed = arg.ends_with('!');
                        let d = timing::parse_date(arg.trim_end_matches('!').trim(), tz, now, true)?;
                        if d <= now && !confirmed {
                            return Err(Fail::User(format!(
                                "{} has already passed: the phase would be processed at once. To do that, send SET DEADLINE {} ! (or PROCESS); otherwise give a time in the future",
                                timing::format_time(d, tz),
                                arg.trim()
                            )));
                        }
                        g.deadline = Some(d);
                        g.grace_until = Some(d + g.settings.grace_secs);
                        g.reminded = g.reminded.min(g.seq - 1);
                        g.late_noticed = g.late_noticed.min(g.seq - 1);
                        g.waiting_gm = g.waiting_gm.min(g.seq - 1);
                        let players = Player::of_game(self.conn, g.id)?;
                        let text = format!("The master set the deadline of game {} to {}.\n", g.name, timing::format_time(d, tz));
                        g.save(self.conn)?;
                        game::tell_all(self.conn, self.ctx, &g, &players, &format!("Game {}: new deadline", g.name), &text)?;
                        format!("Deadline set to {}.", timing::format_time(d, tz))
                    }
                    SetKey::Grace => {
                        let d = match timing::parse_date(arg, tz, now, true) {
                            Ok(d) => d,
                            Err(e) => match timing::parse_duration(arg) {
                                Ok(secs) => {
                                    g.settings.grace_secs = secs;
                                    g.deadline.map(|x| x + secs).unwrap_or(now + secs)
                                }
                                Err(_) => return Err(Fail::User(e)),
                            },
                        };
                        g.grace_until = Some(d);
                        g.waiting_gm = g.waiting_gm.min(g.seq - 1);
                        format!("Grace period until {}.", timing::format_time(d, tz))
                    }
                    _ => apply_option(&mut g, &v, setkey_name(key), arg)?,
                };
                g.save(self.conn)?;
                self.touch(g.id);
                Ok(vec![msg])
            }
        }
    }
}
