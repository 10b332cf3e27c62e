//! SET: a player's own settings and votes, and the master's game settings.

use super::master::parse_pref;
use super::parse::SetKey;
use super::{Fail, R, Role, Session};
use crate::game::refusal::Refusal;
use crate::game::{self, Player, pname};
use crate::map::PowerId;
use crate::report::say;

impl Session<'_> {
    pub(super) fn set(&mut self, key: SetKey, arg: &str) -> R {
        match key {
            SetKey::Wait | SetKey::NoWait | SetKey::Draw | SetKey::NoDraw | SetKey::Concede | SetKey::NoConcede | SetKey::Ally | SetKey::NoAlly => {
                self.vote(key, arg)
            }
            SetKey::Start if self.signed_as_master() => self.set_not_before(arg),
            SetKey::Start => self.start_choice(arg),
            SetKey::Map | SetKey::NoMap => self.set_map(key == SetKey::NoMap, arg),
            SetKey::Absence => self.absence(arg),
            SetKey::NoAbsence => self.no_absence(arg),
            SetKey::Timezone => self.set_timezone(arg),
            SetKey::Blackout => self.set_blackout(arg),
            SetKey::NoBlackout => self.clear_blackout(),
            SetKey::Password => self.set_password(arg),
            SetKey::Address => self.set_address(arg),
            SetKey::Preference => self.set_preference(arg),
            SetKey::Deadline => self.set_deadline(arg),
            SetKey::Grace => self.set_grace(arg),
            SetKey::Option(named) => self.set_option(named, arg),
        }
    }

    /// A player's WAIT, and votes: DRAW, CONCEDE, ALLY, and their withdrawals.
    fn vote(&mut self, key: SetKey, arg: &str) -> R {
        let (power, pid, mut g) = self.power_game()?;
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
            SetKey::Draw => draw(&g, &mut p, arg)?,
            SetKey::NoDraw => {
                p.draw = None;
                say::settings::draw_withdrawn()
            }
            SetKey::Concede => concede(&g, power, &mut p, arg)?,
            SetKey::Ally => ally(&g, power, &mut p, arg)?,
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
        g.reload_players(self.conn)?;
        let mut out = vec![msg];
        if matches!(key, SetKey::Draw | SetKey::Concede | SetKey::Ally)
            && let Some(result) = crate::play::check_votes(self.conn, self.ctx, &mut g)?
        {
            out.push(say::settings::game_over(&result));
        }
        self.add_status(g.id, power);
        Ok(out)
    }

    /// SET MAP [PNG|SVG], SET NO MAP (`off`).
    fn set_map(&mut self, off: bool, arg: &str) -> R {
        let (power, pid, g) = self.power_game()?;
        let mut p = self.player(pid)?;
        p.map = match (off, arg.to_ascii_uppercase().as_str()) {
            (true, _) => game::MapPref::None,
            (_, "") | (_, "PNG") => game::MapPref::Png,
            (_, "SVG") => game::MapPref::Svg,
            (_, other) => return Err(Refusal::MapUsage { word: other.to_string() }.into()),
        };
        p.save(self.conn)?;
        self.add_status(g.id, power);
        Ok(vec![say::settings::map(p.map)])
    }

    /// SET PASSWORD new: the seat's own (a player's, or the master's).
    fn set_password(&mut self, arg: &str) -> R {
        if arg.len() < 4 || arg.contains(' ') {
            return Err(Refusal::PasswordRules.into());
        }
        let (s, mut g) = self.signed_game()?;
        let seat = seat_of(&s.role).ok_or(Refusal::SeatHoldersOnly)?;
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

    /// SET ADDRESS new: the seat's mail moves once someone there confirms.
    fn set_address(&mut self, arg: &str) -> R {
        if crate::mail::read::answerable(arg, &self.ctx.cfg.address).is_err() {
            return Err(Refusal::UnusableAddress { address: arg.to_string() }.into());
        }
        let (s, g) = self.signed_game()?;
        let seat = seat_of(&s.role).ok_or(Refusal::SeatHoldersOnly)?;
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

    /// SET PREFERENCE powers (before the start).
    fn set_preference(&mut self, arg: &str) -> R {
        let (s, g) = self.signed_game()?;
        let Role::Joined(id) = s.role else { return Err(Refusal::PreferenceBeforeStart.into()) };
        let v = g.variant.clone();
        let list = parse_pref(&v, arg)?;
        // a game for fewer players gives no one its neutral powers:
        // they are dropped from the list, and the reply says so
        let left_out: Vec<String> = list.iter().filter(|&&q| g.is_neutral(q)).map(|&q| pname(&v, q)).collect();
        let list: Vec<PowerId> = list.into_iter().filter(|&q| !g.is_neutral(q)).collect();
        if list.is_empty() {
            return Err(Refusal::PreferenceOnlyLeftOut { left_out }.into());
        }
        let mut p = self.player(Some(id))?;
        p.preference = Some(list.iter().map(|&q| v.powers[q as usize].letter).collect());
        p.save(self.conn)?;
        let names: Vec<String> = list.iter().map(|&q| pname(&v, q)).collect();
        Ok(vec![if left_out.is_empty() { say::settings::preference_recorded(&names) } else { say::settings::preference_recorded_left_out(&names, &left_out) }])
    }
}

/// SET DRAW [powers]: a draw of every survivor, or (NODIAS) of some.
fn draw(g: &game::Game, p: &mut Player, arg: &str) -> Result<String, Fail> {
    let v = g.v();
    let pos = g.position.as_ref().ok_or(Refusal::VoteBeforeStart)?;
    let surv = game::survivors(g, pos);
    let names = |ps: &[PowerId]| ps.iter().map(|&q| pname(v, q)).collect::<Vec<_>>();
    let list = if arg.is_empty() { surv.clone() } else { game::parse_powers(v, arg)? };
    if g.settings.dias == crate::store::games::Draws::AllSurvivors && list != surv {
        return Err(Refusal::DrawIncludesSurvivors { survivors: names(&surv) }.into());
    }
    // NODIAS: any survivors, at least one
    if let Some(&out) = list.iter().find(|q| !surv.contains(q)) {
        return Err(Refusal::NotASurvivor { power: pname(v, out), survivors: names(&surv) }.into());
    }
    p.draw = Some(list.iter().map(|&q| v.powers[q as usize].letter).collect());
    Ok(if list == surv { say::settings::draw_vote_recorded() } else { say::settings::partial_draw_vote_recorded(&names(&list)) })
}

/// SET CONCEDE powers: to one power or to a coalition of survivors; not to
/// oneself, nor to another power of one's own seat.
fn concede(g: &game::Game, power: PowerId, p: &mut Player, arg: &str) -> Result<String, Fail> {
    let v = g.v();
    let pos = g.position.as_ref().ok_or(Refusal::VoteBeforeStart)?;
    let surv = game::survivors(g, pos);
    let to = game::parse_powers(v, arg)?;
    if to.is_empty() {
        return Err(Refusal::ConcedeUsage.into());
    }
    if to.iter().any(|q| g.group_of(power).contains(q)) {
        return Err(Refusal::ConcedeToSelf.into());
    }
    if let Some(&out) = to.iter().find(|q| !surv.contains(q)) {
        let names: Vec<String> = surv.iter().map(|&q| pname(v, q)).collect();
        return Err(Refusal::NotASurvivor { power: pname(v, out), survivors: names }.into());
    }
    let names: Vec<String> = to.iter().map(|&q| pname(v, q)).collect();
    p.concede = Some(to);
    Ok(say::settings::conceded(&names))
}

/// SET ALLY powers: an alliance victory, on a map that has them, of one of its sizes.
fn ally(g: &game::Game, power: PowerId, p: &mut Player, arg: &str) -> Result<String, Fail> {
    let v = g.v();
    if v.alliances.is_empty() {
        return Err(Refusal::NoAlliances { map: v.title.clone() }.into());
    }
    let mut allies = game::parse_powers(v, arg)?;
    if !allies.contains(&power) {
        allies.push(power);
        allies.sort_unstable();
    }
    let sizes: Vec<u32> = v.alliances.iter().map(|a| a.powers).collect();
    if !sizes.contains(&(allies.len() as u32)) {
        return Err(Refusal::AllianceSize { n: allies.len(), sizes }.into());
    }
    if let Some(&n) = allies.iter().find(|&&q| g.is_neutral(q)) {
        return Err(Refusal::NeutralAlly { power: pname(v, n) }.into());
    }
    let names: Vec<String> = allies.iter().map(|&q| pname(v, q)).collect();
    p.ally = Some(allies);
    Ok(say::settings::ally_recorded(&names))
}

/// A date or duration the timing rules refuse (the sender's), with their reason.
pub(super) fn bad_time(why: crate::timing::TimeError) -> Refusal {
    Refusal::BadTime { why }
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
        Ok(p.power.map(|pw| pname(g.v(), pw)).unwrap_or_else(say::account::a_player))
    }

    /// A seat never changes silently: the address of record (`record`, before
    /// the change) and the master hear of a new password (`address` None) or
    /// a new address.
    pub(super) fn tell_changed(&mut self, g: &game::GameRow, who: &str, record: &str, address: Option<&str>) -> Result<(), Fail> {
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
                let Some(mut p) = g.players.clone().into_iter().find(held) else { return Ok(None) };
                let old = std::mem::replace(&mut p.email, address.clone());
                p.save(self.conn)?;
                (self.seat_name(g, &p)?, old)
            }
        };
        self.tell_changed(g, &who, &record, Some(&address))?;
        Ok(Some(say::settings::address_changed(g, &address)))
    }
}
