//! SET: a player's own settings and votes, and the master's game settings.

use super::master::{apply_option, parse_pref, setkey_name};
use super::parse::SetKey;
use super::{Fail, R, Role, Session};
use crate::game::{self, Player, pname};
use crate::map::PowerId;
use crate::report::say;
use crate::timing;

impl Session<'_> {
    pub(super) fn set(&mut self, key: SetKey, arg: &str) -> R {
        let tz = self.ctx.cfg.timezone;
        let now = self.ctx.now();
        match key {
            SetKey::Wait | SetKey::NoWait | SetKey::Draw | SetKey::NoDraw | SetKey::Concede | SetKey::NoConcede | SetKey::Ally | SetKey::NoAlly => {
                let (power, pid, mut g) = self.power_game()?;
                let v = self.ctx.variant(&g.variant)?;
                let mut p = self.player(pid)?;
                let msg = match key {
                    SetKey::Wait => {
                        p.wait = true;
                        say::settings::wait_set()
                    }
                    SetKey::NoWait => {
                        p.wait = false;
                        self.touch(g.id);
                        say::settings::wait_cleared()
                    }
                    SetKey::Draw => {
                        let pos = g.position(&v)?.ok_or_else(say::settings::not_started)?;
                        let surv = game::survivors(&v, &g, &pos);
                        let names = |ps: &[crate::map::PowerId]| ps.iter().map(|&q| pname(&v, q)).collect::<Vec<_>>();
                        let list = if arg.is_empty() { surv.clone() } else { game::parse_powers(&v, arg)? };
                        if g.settings.dias && list != surv {
                            return Err(Fail::User(say::settings::draw_includes_survivors(&names(&surv))));
                        }
                        // NODIAS: any survivors, at least one
                        if let Some(&out) = list.iter().find(|q| !surv.contains(q)) {
                            return Err(Fail::User(say::settings::not_a_survivor(&pname(&v, out), &names(&surv))));
                        }
                        p.draw = Some(list.iter().map(|&q| v.powers[q as usize].letter).collect());
                        if list == surv { say::settings::draw_vote_recorded() } else { say::settings::partial_draw_vote_recorded(&names(&list)) }
                    }
                    SetKey::NoDraw => {
                        p.draw = None;
                        say::settings::draw_withdrawn()
                    }
                    SetKey::Concede => {
                        // to one power or to a coalition of survivors; not to
                        // oneself, nor to another power of one's own seat
                        let pos = g.position(&v)?.ok_or_else(say::settings::not_started)?;
                        let surv = game::survivors(&v, &g, &pos);
                        let to = game::parse_powers(&v, arg)?;
                        if to.is_empty() {
                            return Err(Fail::User(say::settings::concede_usage()));
                        }
                        let seat = g.group_of(&v, power);
                        if to.iter().any(|q| seat.contains(q)) {
                            return Err(Fail::User(say::settings::concede_to_self()));
                        }
                        if let Some(&out) = to.iter().find(|q| !surv.contains(q)) {
                            let names: Vec<String> = surv.iter().map(|&q| pname(&v, q)).collect();
                            return Err(Fail::User(say::settings::not_a_survivor(&pname(&v, out), &names)));
                        }
                        let names: Vec<String> = to.iter().map(|&q| pname(&v, q)).collect();
                        p.concede = Some(to);
                        say::settings::conceded(&names)
                    }
                    SetKey::Ally => {
                        // an alliance victory, on a map that has them, of one of its sizes
                        if v.alliances.is_empty() {
                            return Err(Fail::User(say::settings::no_alliances(&v.title)));
                        }
                        let mut allies = game::parse_powers(&v, arg)?;
                        if !allies.contains(&power) {
                            allies.push(power);
                            allies.sort_unstable();
                        }
                        let sizes: Vec<u32> = v.alliances.iter().map(|a| a.powers).collect();
                        if !sizes.contains(&(allies.len() as u32)) {
                            return Err(Fail::User(say::settings::alliance_size(allies.len(), &sizes)));
                        }
                        if let Some(&n) = allies.iter().find(|&&q| g.is_neutral(&v, q)) {
                            return Err(Fail::User(say::settings::neutral_ally(&pname(&v, n))));
                        }
                        let names: Vec<String> = allies.iter().map(|&q| pname(&v, q)).collect();
                        p.ally = Some(allies);
                        say::settings::ally_recorded(&names)
                    }
                    SetKey::NoAlly => {
                        p.ally = None;
                        say::settings::ally_withdrawn()
                    }
                    _ => {
                        p.concede = None;
                        say::settings::concession_withdrawn()
                    }
                };
                p.save(self.conn)?;
                let mut out = vec![msg];
                if matches!(key, SetKey::Draw | SetKey::Concede | SetKey::Ally)
                    && let Some(result) = crate::play::check_votes(self.conn, self.ctx, &mut g)?
                {
                    out.push(say::settings::game_over(&result));
                }
                self.add_status(g.id, power);
                Ok(out)
            }
            SetKey::Start => self.start_choice(arg),
            SetKey::Map | SetKey::NoMap => {
                let (power, pid, g) = self.power_game()?;
                let mut p = self.player(pid)?;
                p.map = match (key, arg.to_ascii_uppercase().as_str()) {
                    (SetKey::NoMap, _) => game::MapPref::None,
                    (_, "") | (_, "PNG") => game::MapPref::Png,
                    (_, "SVG") => game::MapPref::Svg,
                    (_, other) => return Err(Fail::User(say::settings::map_usage(other))),
                };
                p.save(self.conn)?;
                self.add_status(g.id, power);
                Ok(vec![say::settings::map(p.map)])
            }
            SetKey::Absence => {
                let (power, pid, mut g) = self.power_game()?;
                let lower = arg.to_ascii_lowercase();
                let Some(i) = lower.find(" to ") else { return Err(Fail::User(say::settings::absence_usage())) };
                let a = timing::parse_date(&arg[..i], tz, now, false)?;
                let b = timing::parse_date(&arg[i + 4..], tz, now, true)?;
                if b <= a || b <= now {
                    return Err(Fail::User(say::settings::absence_order()));
                }
                if b - a > 21 * 86_400 {
                    return Err(Fail::User(say::settings::absence_too_long()));
                }
                let mut p = self.player(pid)?;
                p.absences.retain(|&(_, e)| e > now);
                if p.absences.len() >= crate::play::deadline::MAX_ABSENCES {
                    return Err(Fail::User(say::settings::too_many_absences(p.absences.len())));
                }
                p.absences.push((a, b));
                p.save(self.conn)?;
                let players = Player::of_game(self.conn, g.id)?;
                let mut out = vec![say::settings::absence_recorded(&timing::format_time(a, tz), &timing::format_time(b, tz))];
                if let Some(d) = g.deadline {
                    // chained absences cannot push a phase without end
                    let kind = g.position(&*self.ctx.variant(&g.variant)?)?.map(|pos| pos.phase.kind).unwrap_or(crate::phase::PhaseKind::Movement);
                    let limit = crate::play::deadline::absence_limit(self.conn, self.ctx, &g, kind)?;
                    let nd = crate::play::push_for_absences(d, &players).min(limit).max(d);
                    if nd != d {
                        g.deadline = Some(nd);
                        g.grace_until = Some(nd.saturating_add(g.settings.grace_secs));
                        g.save(self.conn)?;
                        out.push(say::settings::deadline_moves(&timing::format_time(nd, tz)));
                        crate::play::tell_all(
                            self.conn,
                            self.ctx,
                            &g,
                            &players,
                            &say::settings::deadline_moved_subject(&g),
                            &say::settings::deadline_moved_notice(&g, &timing::format_time(nd, tz)),
                        )?;
                    }
                }
                self.add_status(g.id, power);
                Ok(out)
            }
            SetKey::Password => {
                if arg.len() < 4 || arg.contains(' ') {
                    return Err(Fail::User(say::settings::password_rules()));
                }
                let (s, mut g) = self.signed_game()?;
                let seat = seat_of(&s.role).ok_or_else(say::settings::seat_holders_only)?;
                let hash = self.new_hash(arg)?;
                let (who, record) = match seat {
                    None => {
                        g.master_hash = hash;
                        g.save(self.conn)?;
                        (say::settings::the_master(), g.master_email.clone())
                    }
                    Some(id) => {
                        let mut p = self.player(Some(id))?;
                        p.pw_hash = Some(hash);
                        p.save(self.conn)?;
                        (self.seat_name(&g, &p)?, p.email.clone())
                    }
                };
                self.tell_changed(&g, &who, &record, None)?;
                Ok(vec![say::settings::password_changed()])
            }
            SetKey::Address => {
                if crate::mail::read::answerable(arg, &self.ctx.cfg.address).is_err() {
                    return Err(Fail::User(say::settings::unusable_address(arg)));
                }
                let (s, g) = self.signed_game()?;
                let seat = seat_of(&s.role).ok_or_else(say::settings::seat_holders_only)?;
                // nothing goes to the new address before someone there confirms;
                // a move waits with its code only once the request went (a code
                // already mailed is not replaced by one that was not)
                let code = crate::password::confirmation_code();
                let body = say::settings::address_request(&g, &self.sender, &self.ctx.cfg.address, &code);
                let (line, sent) = self.consent_request(arg, &say::settings::address_request_subject(&g), body, Some(g.id))?;
                if sent {
                    crate::store::auth::set_move(self.conn, g.id, seat, arg, &code, self.ctx.now())?;
                }
                Ok(vec![say::settings::address_pending(&g, arg), line])
            }
            SetKey::Preference => {
                let (s, g) = self.signed_game()?;
                let Role::Joined(id) = s.role else { return Err(Fail::User(say::settings::preference_before_start())) };
                let v = self.ctx.variant(&g.variant)?;
                let list = parse_pref(&v, arg)?;
                // a game for fewer players gives no one its neutral powers:
                // they are dropped from the list, and the reply says so
                let left_out: Vec<String> = list.iter().filter(|&&q| g.is_neutral(&v, q)).map(|&q| pname(&v, q)).collect();
                let list: Vec<PowerId> = list.into_iter().filter(|&q| !g.is_neutral(&v, q)).collect();
                if list.is_empty() {
                    return Err(Fail::User(say::settings::preference_only_left_out(&left_out)));
                }
                let mut p = self.player(Some(id))?;
                p.preference = Some(list.iter().map(|&q| v.powers[q as usize].letter).collect());
                p.save(self.conn)?;
                let names: Vec<String> = list.iter().map(|&q| pname(&v, q)).collect();
                Ok(vec![if left_out.is_empty() {
                    say::settings::preference_recorded(&names)
                } else {
                    say::settings::preference_recorded_left_out(&names, &left_out)
                }])
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
                            return Err(Fail::User(say::settings::deadline_passed_confirm(&timing::format_time(d, tz), arg.trim())));
                        }
                        self.table_mail(&g)?;
                        g.deadline = Some(d);
                        g.grace_until = Some(d + g.settings.grace_secs);
                        g.reminded = g.reminded.min(g.seq - 1);
                        g.late_noticed = g.late_noticed.min(g.seq - 1);
                        g.waiting_gm = g.waiting_gm.min(g.seq - 1);
                        let players = Player::of_game(self.conn, g.id)?;
                        let text = say::settings::new_deadline_notice(&g, &timing::format_time(d, tz));
                        g.save(self.conn)?;
                        crate::play::tell_all(self.conn, self.ctx, &g, &players, &say::settings::new_deadline_subject(&g), &text)?;
                        say::settings::deadline_set(&timing::format_time(d, tz))
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
                        say::settings::grace_until(&timing::format_time(d, tz))
                    }
                    _ => apply_option(&mut g, &v, &self.ctx.cfg, setkey_name(key), arg)?,
                };
                g.save(self.conn)?;
                // a list waiting for its confirmation: the request (at most one a day to an address)
                let msg = if key == SetKey::List && !g.settings.list_confirmed { format!("{msg} {}", self.list_request(&g)?) } else { msg };
                self.touch(g.id);
                Ok(vec![msg])
            }
        }
    }
}

/// The seat a role holds: `None` the master's, `Some(id)` a player's; the
/// outer `None` when the role holds none (a master acting for a power).
fn seat_of(role: &Role) -> Option<Option<i64>> {
    match role {
        Role::Master => Some(None),
        Role::Joined(id) | Role::Power { player: Some(id), master: false, .. } => Some(Some(*id)),
        _ => None,
    }
}

impl Session<'_> {
    /// How the notices name a player's seat.
    fn seat_name(&mut self, g: &game::Game, p: &Player) -> Result<String, Fail> {
        let v = self.ctx.variant(&g.variant)?;
        Ok(p.power.map(|pw| pname(&v, pw)).unwrap_or_else(say::account::a_player))
    }

    /// A seat never changes silently: the address of record (`record`, before
    /// the change) and the master hear of a new password (`address` None) or
    /// a new address.
    pub(super) fn tell_changed(&mut self, g: &game::Game, who: &str, record: &str, address: Option<&str>) -> Result<(), Fail> {
        let what = say::settings::what_changed(address);
        let text = say::settings::changed_notice(g, &what, who, &self.sender);
        self.ctx.notice(self.conn, record, &say::settings::changed_subject(g, address.is_none()), text, Some(g.id), None)?;
        if !record.eq_ignore_ascii_case(&g.master_email) {
            let master = g.master_email.clone();
            self.ctx.notice(
                self.conn,
                &master,
                &say::settings::changed_master_subject(g, who, address.is_none()),
                say::settings::changed_master_notice(g, &what, who, &self.sender),
                Some(g.id),
                None,
            )?;
        }
        Ok(())
    }

    /// CONFIRM game code for a seat's new address (SET ADDRESS): the seat's
    /// mail goes there from now on. `None`: no move waits for that code.
    pub(super) fn confirm_move(&mut self, g: &mut game::Game, code: &str) -> Result<Option<String>, Fail> {
        let Some((seat, address)) = crate::store::auth::take_move(self.conn, g.id, code)? else { return Ok(None) };
        let (who, record) = match seat {
            None => {
                let old = std::mem::replace(&mut g.master_email, address.clone());
                g.save(self.conn)?;
                (say::settings::the_master(), old)
            }
            Some(id) => {
                let held = |p: &Player| p.id == id && matches!(p.status, game::PlayerStatus::Active | game::PlayerStatus::Eliminated);
                let Some(mut p) = Player::of_game(self.conn, g.id)?.into_iter().find(held) else { return Ok(None) };
                let old = std::mem::replace(&mut p.email, address.clone());
                p.save(self.conn)?;
                (self.seat_name(g, &p)?, old)
            }
        };
        self.tell_changed(g, &who, &record, Some(&address))?;
        Ok(Some(say::settings::address_changed(g, &address)))
    }
}
