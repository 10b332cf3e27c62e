//! A player's record on this judge (njudge's dedication, `data/dedsystems`):
//! GET DEDICATION and INFO PLAYER; a game's limits on who joins, by record
//! (SET DEDICATION, SET ONTIMERAT, SET RESRAT: no further than the master's
//! own record) and by address (SET ALLOW PLAYER, SET DENY PLAYER), checked
//! whenever someone joins, takes over a seat or observes; and I AM ALSO,
//! which links a new address to a registration once both addresses proved
//! themselves: a code mailed to the old one (through the gate), and a code
//! in the reply to the new one.

use super::options::OptionValue;
use super::{Fail, R, Session};
use crate::game::dedication::{self, DedicationRefusal, MAX_LINKED};
use crate::game::refusal::{Refusal, ToolRefusal};
use crate::game::{Game, PlayerRole, PlayerStatus};
use crate::report::say;
use crate::store::dedication::{self as stored, LinkRequest, Ratio};
use crate::store::profiles::Profile;

fn refused(r: DedicationRefusal) -> Fail {
    Fail::Refused(Refusal::Dedication(r))
}

impl Session<'_> {
    /// GET DEDICATION: the sender's figures.
    pub(super) fn get_dedication(&mut self) -> R {
        let (f, _) = dedication::of_address(self.conn, &self.sender)?;
        Ok(vec![say::dedication::figures(&self.sender, &f)])
    }

    /// INFO PLAYER address: anyone's figures (public, as njudge's; no other
    /// address of its registration is named).
    pub(super) fn info_player(&mut self, who: &str) -> R {
        let who = who.trim();
        if who.parse::<lettre::Address>().is_err() {
            return Err(ToolRefusal::NotAnAddress { word: who.to_string() }.into());
        }
        let (f, _) = dedication::of_address(self.conn, who)?;
        Ok(vec![say::dedication::figures(who, &f)])
    }

    /// Whether the sender may join `g`: by its access lists, and (`seat`: a
    /// join or a takeover, not observing) by its limits on the record.
    pub(super) fn may_join_by_record(&mut self, g: &Game, seat: bool) -> Result<(), Fail> {
        let (f, boxes) = dedication::of_address(self.conn, &self.sender)?;
        dedication::listed(&g.name, &g.settings, &boxes).map_err(refused)?;
        if seat {
            dedication::admits(&g.name, &g.settings, &f).map_err(refused)?;
            self.admits_by_registration(g)?;
        }
        Ok(())
    }

    /// Whether the sender may take a seat of `g` by its site (SET ACCESS)
    /// and its registered class (SET LEVEL).
    fn admits_by_registration(&self, g: &Game) -> Result<(), Fail> {
        use crate::store::games::{Access, Level};
        if g.settings.access == Access::Any && g.settings.level == Level::Any {
            return Ok(());
        }
        let me = crate::mail::mailbox_key(&self.sender);
        let mine = self.profile_of(&me)?;
        dedication::level_admits(&g.name, g.settings.level, mine.as_ref().and_then(|p| p.fields.level.as_deref())).map_err(refused)?;
        let site_of = |addr: &str| -> Result<String, Fail> {
            let p = self.profile_of(&crate::mail::mailbox_key(addr))?;
            Ok(dedication::site(p.as_ref().and_then(|p| p.fields.site.as_deref()), addr))
        };
        let own = site_of(&self.sender)?;
        let master = site_of(&g.master_email)?;
        let mut others = Vec::new();
        for p in g.players.iter().filter(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Active) {
            if crate::mail::mailbox_key(&p.email) != me {
                others.push(site_of(&p.email)?);
            }
        }
        dedication::site_admits(&g.name, g.settings.access, &own, &master, &others).map_err(refused)
    }

    /// njudge's rule for SET DEDICATION, SET ONTIMERAT and SET RESRAT: a
    /// limit no further than the record of the game's master (`master`).
    pub(super) fn within_own_record(&mut self, master: &str, value: &OptionValue) -> Result<(), Fail> {
        let (f, _) = dedication::of_address(self.conn, master)?;
        match *value {
            OptionValue::Dedication(Some(level)) if level > f.points() => Err(refused(DedicationRefusal::DedicationAboveOwn { level, own: f.points() })),
            OptionValue::OnTime(Some(level)) if !f.on_time_at_least(level) => {
                Err(refused(DedicationRefusal::OnTimeAboveOwn { level, own: f.on_time().unwrap_or(Ratio::ONE) }))
            }
            OptionValue::CdRatio(Some(level)) if !f.cd_at_most(level) => {
                Err(refused(DedicationRefusal::CdBelowOwn { level, own: f.cd().unwrap_or(Ratio::ZERO) }))
            }
            _ => Ok(()),
        }
    }

    /// The profile WHOIS shows for `mailbox`: its own, else (an address
    /// linked by I AM ALSO) its registration's, shown under `mailbox`.
    pub(super) fn profile_of(&self, mailbox: &str) -> Result<Option<Profile>, Fail> {
        if let Some(p) = crate::store::profiles::of_mailbox(self.conn, mailbox)? {
            return Ok(Some(p));
        }
        let registration = stored::registration_of(self.conn, mailbox)?;
        if registration == mailbox {
            return Ok(None);
        }
        let p = crate::store::profiles::of_mailbox(self.conn, &registration)?;
        Ok(p.map(|p| Profile { mailbox: mailbox.to_string(), address: mailbox.to_string(), ..p }))
    }

    /// I AM ALSO address [code code]: sent from a new address, asks to be the
    /// same player as `address` (a code mailed there, a code in the reply
    /// here); with both codes, links this address (and any linked to it) to
    /// `address`'s registration.
    pub(super) fn i_am_also(&mut self, address: &str, codes: &[String]) -> R {
        if address.parse::<lettre::Address>().is_err() || crate::mail::read::answerable(address, &self.ctx.cfg.address).is_err() {
            return Err(ToolRefusal::NotAnAddress { word: address.to_string() }.into());
        }
        let me = crate::mail::mailbox_key(&self.sender);
        let old = crate::mail::mailbox_key(address);
        let registration = stored::registration_of(self.conn, &old)?;
        if old == me || registration == stored::registration_of(self.conn, &me)? {
            return Err(refused(DedicationRefusal::SameRegistration { address: address.to_string() }));
        }
        self.room_to_link(&me, &registration)?;
        match codes {
            [] => self.ask_link(address, &me, &old, &registration),
            [a, b] => self.confirm_link(address, &me, &old, [a, b]),
            _ => Err(refused(DedicationRefusal::IAmAlsoUsage)),
        }
    }

    /// Whether `me` (with what is linked to it) may join `registration`:
    /// at most [`MAX_LINKED`] addresses linked to one.
    fn room_to_link(&self, me: &str, registration: &str) -> Result<(), Fail> {
        let moving = if stored::registration_of(self.conn, me)? == me { stored::mailboxes_of(self.conn, me)?.len() } else { 1 };
        if stored::mailboxes_of(self.conn, registration)?.len() - 1 + moving > MAX_LINKED {
            return Err(refused(DedicationRefusal::TooManyLinked { max: MAX_LINKED }));
        }
        Ok(())
    }

    /// The request: a code to `address` (through the gate, at most one
    /// request to a mailbox a day), another in this reply.
    fn ask_link(&mut self, address: &str, me: &str, old: &str, registration: &str) -> R {
        let boxes = stored::mailboxes_of(self.conn, registration)?;
        let profiled = crate::store::profiles::of_mailbox(self.conn, registration)?.is_some() || crate::store::profiles::of_mailbox(self.conn, old)?.is_some();
        if !profiled && dedication::Figures(dedication::sums(self.conn, &boxes)?).seats() == 0 {
            return Err(refused(DedicationRefusal::UnknownAddress { address: address.to_string() }));
        }
        let (old_code, new_code) = (crate::password::confirmation_code(), crate::password::confirmation_code());
        let body = say::dedication::link_request(&self.sender, address, &self.ctx.cfg.address, &old_code);
        let (told, sent) = self.consent_request(address, &say::dedication::link_subject(), body, None, Some(&old_code))?;
        if !sent {
            return Ok(vec![told]);
        }
        let hash = crate::context::gate::code_hash;
        let r =
            LinkRequest { mailbox: me.to_string(), registration: old.to_string(), old_code: hash(&old_code), new_code: hash(&new_code), at: self.ctx.now() };
        stored::save_request(self.conn, &r)?;
        Ok(vec![say::dedication::link_asked(address, &told, &new_code)])
    }

    /// Both codes back (in either order): linked.
    fn confirm_link(&mut self, address: &str, me: &str, old: &str, codes: [&String; 2]) -> R {
        let now = self.ctx.now();
        let wrong = || refused(DedicationRefusal::WrongLinkCodes { address: address.to_string() });
        let r = stored::request_of(self.conn, me, now - crate::context::gate::CODE_VALID)?.filter(|r| r.registration == old).ok_or_else(wrong)?;
        let [a, b] = codes.map(|c| crate::context::gate::code_hash(c));
        if !((a == r.old_code && b == r.new_code) || (a == r.new_code && b == r.old_code)) {
            return Err(wrong());
        }
        let registration = stored::registration_of(self.conn, old)?;
        stored::link(self.conn, me, &registration, now)?;
        stored::drop_request(self.conn, me)?;
        // the code mailed there came back: that address consents
        crate::context::gate::grant(self.conn, old, crate::store::consent::How::Confirmed, now)?;
        tracing::info!("{me} linked to the registration of {registration} (I AM ALSO)");
        Ok(vec![say::dedication::linked(address)])
    }
}
