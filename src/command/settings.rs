//! SET: a player's own settings and votes, and the master's game settings.

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
            SetKey::Variant => self.set_variant(arg),
            SetKey::Reply(form) => self.set_reply(form, arg),
            SetKey::Name => self.set_name(arg),
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
            SetKey::Cd | SetKey::NoCd => self.set_cd(key == SetKey::NoCd, arg),
            SetKey::Broadcast | SetKey::NoBroadcast => self.set_broadcasts(key == SetKey::Broadcast),
            // an observer's SET ALL PRESS / NORMAL PRESS is its own (njudge's SET WATCH ALL PRESS)
            SetKey::Option(named) if named.option == crate::game::options::GameOption::MasterPress => self.set_master_press(named, arg),
            SetKey::Option(named) => self.set_option(named, arg),
            SetKey::Tool(t) => self.set_tool(t, arg),
        }
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

    /// SET SHORT REPLY (SET BRIEF), SET FULL REPLY (SET NO BRIEF): whether
    /// replies to the player's mail show the board (our own; njudge has none).
    fn set_reply(&mut self, form: game::ReplyForm, arg: &str) -> R {
        if !arg.trim().is_empty() {
            return Err(Refusal::ReplyFormUsage { word: arg.trim().to_string() }.into());
        }
        let (power, pid, g) = self.power_game()?;
        let mut p = self.player(pid)?;
        p.reply = form;
        p.save(self.conn)?;
        self.add_status(g.id, power);
        Ok(vec![say::settings::reply_form(form)])
    }

    /// SET NAME text: the name the published game shows the player by
    /// (at most [`game::MAX_NAME`] characters); SET NAME alone: the power's.
    fn set_name(&mut self, arg: &str) -> R {
        let (power, pid, g) = self.power_game()?;
        let name: String = arg.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.chars().count() > game::MAX_NAME || name.chars().any(char::is_control) {
            return Err(Refusal::NameTooLong { max: game::MAX_NAME }.into());
        }
        let mut p = self.player(pid)?;
        p.name = (!name.is_empty()).then_some(name);
        p.save(self.conn)?;
        self.add_status(g.id, power);
        Ok(vec![say::settings::name(p.name.as_deref(), &pname(g.v(), power))])
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
        // njudge's bare SET ADDRESS: the address this mail came from
        let sender = self.sender.clone();
        let arg = if arg.trim().is_empty() { sender.as_str() } else { arg };
        if crate::mail::read::answerable(arg, &self.ctx.cfg.address).is_err() {
            return Err(Refusal::UnusableAddress { address: arg.to_string() }.into());
        }
        let (s, g) = self.signed_game()?;
        let seat = seat_of(&s.role).ok_or(Refusal::SeatHoldersOnly)?;
        let now_at = match seat {
            Some(id) => self.player(Some(id))?.email,
            None => g.master_email.clone(),
        };
        if crate::mail::mailbox_key(&now_at) == crate::mail::mailbox_key(arg) {
            return Ok(vec![say::settings::address_unchanged(&g, arg)]);
        }
        // nothing goes to the new address before someone there confirms;
        // a move waits with its code only once the request went (a code
        // already mailed is not replaced by one that was not)
        let code = crate::password::confirmation_code();
        let body = say::settings::address_request(&g, &self.sender, &self.ctx.cfg.address, &code);
        let (line, sent) = self.consent_request(arg, &say::settings::address_request_subject(&g), body, Some(g.id), Some(&code))?;
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
        let pref = game::preference::Preference::parse(&v, arg)?;
        // a game for fewer players gives no one its neutral powers:
        // they are dropped from the list, and the reply says so
        let left_out: Vec<String> = pref.powers().into_iter().filter(|&q| g.is_neutral(q)).map(|q| pname(&v, q)).collect();
        let pref = match pref {
            game::preference::Preference::Ranked(tiers) => {
                let tiers: Vec<Vec<PowerId>> =
                    tiers.into_iter().map(|t| t.into_iter().filter(|&q| !g.is_neutral(q)).collect::<Vec<_>>()).filter(|t| !t.is_empty()).collect();
                if tiers.is_empty() {
                    return Err(Refusal::PreferenceOnlyLeftOut { left_out }.into());
                }
                game::preference::Preference::Ranked(tiers)
            }
            random => random,
        };
        let mut p = self.player(Some(id))?;
        p.preference = Some(pref.text(&v));
        p.save(self.conn)?;
        let names = say::settings::preference_tiers(&pref, &v);
        Ok(vec![if left_out.is_empty() { say::settings::preference_recorded(&names) } else { say::settings::preference_recorded_left_out(&names, &left_out) }])
    }
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
                let Some(mut p) = g.players.clone().into_iter().find(held) else { return Ok(None) };
                let old = std::mem::replace(&mut p.email, address.clone());
                p.save(self.conn)?;
                (self.seat_name(g, &p)?, old)
            }
        };
        self.tell_changed(g, &who, &record, Some(&address))?;
        // the code was mailed to the new address: it consents
        crate::context::gate::grant(self.conn, &crate::mail::mailbox_key(&address), crate::store::consent::How::Confirmed, self.ctx.now())?;
        Ok(Some(say::settings::address_changed(g, &address)))
    }
}
