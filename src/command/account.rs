//! Games and seats: CREATE, joining, SIGNON, OBSERVE, RESIGN.

use super::{Fail, R, Role, Session, Signed};
use crate::game::refusal::{PressRefusal, Refusal, SessionRefusal};
use crate::game::{self, Game, GameStatus, Player, PlayerRole, PlayerStatus, pname};
use crate::map::PowerId;
use crate::report::say;
use crate::timing;

impl Session<'_> {
    pub(super) fn create(&mut self, name: &str, password: &str, variant: Option<&str>, options: &[String]) -> R {
        if !game::valid_game_name(name) {
            return Err(Refusal::Session(SessionRefusal::BadGameName { name: name.to_string() }).into());
        }
        if password.len() < 4 {
            return Err(Refusal::Session(SessionRefusal::MasterPasswordTooShort).into());
        }
        let mut opts: Vec<(String, String)> = Vec::new();
        for o in options {
            match o.split_once('=') {
                Some((k, v)) => opts.push((k.to_ascii_lowercase(), v.to_string())),
                None => return Err(Refusal::Session(SessionRefusal::OptionNotKeyValue { option: o.clone() }).into()),
            }
        }
        if let Some(need) = self.ctx.cfg.create_password.clone()
            && !opts.iter().any(|(k, v)| k == "judge" && *v == need)
        {
            return Err(Refusal::Session(SessionRefusal::CreationPasswordNeeded).into());
        }
        if crate::store::games::exists(self.conn, name)? {
            return Err(Refusal::Session(SessionRefusal::GameExists { name: name.to_string() }).into());
        }
        let vname = variant.unwrap_or("standard");
        // the variant is the sender's choice: an unknown one is their mistake
        // (a variant file that cannot be read is the judge's fault)
        let v = self.find_variant(vname)?;
        let mut g = Game::forming(name, v.clone(), self.new_hash(password)?, &self.sender, game::default_settings(&self.ctx.cfg), self.ctx.now())?;
        let mut out = Vec::new();
        for (k, val) in opts.iter().filter(|(k, _)| k != "judge") {
            out.push(self.creation_option(&mut g, &v, k, val)?);
        }
        g.settings_changed()?;
        g.insert(self.conn)?;
        if !g.settings.list_confirmed {
            out.push(self.list_request(&g)?);
        }
        self.signed = Some(Signed { game_id: g.id, role: Role::Master });
        // the game's mail comes here: the reply offers the address its code
        self.ctx.gate.borrow_mut().offer = true;
        out.insert(0, say::account::created(&g, &v.title, v.powers.len(), g.seats.len()));
        Ok(out)
    }

    pub(super) fn join(&mut self, name: &str, password: &str, key: Option<&str>) -> R {
        // njudge's `SIGNON ? password`: the next forming game
        let name = if name.is_empty() { self.next_forming()? } else { name.to_string() };
        let g = self.game(&name)?;
        let players = g.players.clone();
        if players.iter().any(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Ejected && p.email.eq_ignore_ascii_case(&self.sender)) {
            return Err(Refusal::Session(SessionRefusal::RemovedCannotRejoin { game: g.name.clone() }).into());
        }
        let mine = players.iter().find(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Active && p.email.eq_ignore_ascii_case(&self.sender));
        if let Some(me) = mine {
            // already in: a sign-on
            let seat = super::Seat {
                key: format!("game:{}:seat:{}", g.id, me.id),
                owner: me.email.clone(),
                master: g.master_email.clone(),
                game: g.name.clone(),
                what: say::account::a_player(),
            };
            if !self.check_seat(&seat, me.pw_hash.as_deref(), password)? {
                return Err(Refusal::Session(SessionRefusal::WrongSeatPassword { game: g.name.clone() }).into());
            }
            return Ok(match me.power {
                Some(pw) => {
                    self.signed = Some(Signed { game_id: g.id, role: Role::Power { power: pw, player: Some(me.id), master: false } });
                    self.add_seat_status(&g, pw);
                    let mut out = vec![say::account::signed_on_as(&say::seats::seat_names(&g, pw), &g)];
                    out.extend(self.back_from_disorder(&g, pw)?);
                    out
                }
                None => {
                    self.signed = Some(Signed { game_id: g.id, role: Role::Joined(me.id) });
                    let n = players.iter().filter(|p| p.role == PlayerRole::Player).count();
                    // a secret game (SET SECRET) does not count its players
                    vec![if self.count_kept(&g) { say::account::signed_on_forming_secret(&g) } else { say::account::signed_on_forming(&g, n, g.seats.len()) }]
                }
            });
        }
        if password.len() < 4 {
            return Err(Refusal::Session(SessionRefusal::ChooseLongerPassword).into());
        }
        // a private game: invited, or with its join password; the game's
        // limits on who joins, by address and by record
        if g.status != GameStatus::Finished {
            self.may_join(&g, key)?;
            self.may_join_by_record(&g, true)?;
        }
        match g.status {
            GameStatus::Forming => {
                // a game in manual start takes no more players than it has seats
                if !g.settings.start.is_auto() && super::community::taken(&g) >= g.seats.len() {
                    return Err(crate::game::refusal::ToolRefusal::GameFull { game: g.name.clone() }.into());
                }
                let mut p = Player::new(g.id, PlayerRole::Player, &self.sender, self.ctx.now());
                p.pw_hash = Some(self.new_hash(password)?);
                p.insert(self.conn)?;
                self.ctx.gate.borrow_mut().offer = true;
                let taken = players.iter().filter(|p| p.role == PlayerRole::Player).count() + 1;
                self.signed = Some(Signed { game_id: g.id, role: Role::Joined(p.id) });
                let mut out = vec![if self.count_kept(&g) { say::account::joined_secret(&g) } else { say::account::joined(&g, taken, g.seats.len()) }];
                if taken == g.seats.len() && !g.settings.start.is_auto() {
                    out.push(say::community::waits_for_master_start(&g));
                    let master = g.master_email.clone();
                    self.ctx.notice(self.conn, &master, &say::community::full_subject(&g), say::community::full_notice(&g), Some(g.id), None)?;
                } else if taken == g.seats.len() && !self.starting.contains(&(g.id, p.id)) {
                    // started once the whole mail is read, so the last joiner's
                    // SET PREFERENCE on the next line still counts
                    self.starting.push((g.id, p.id));
                    out.push(say::account::last_seat_taken());
                }
                Ok(out)
            }
            GameStatus::Active => self.take_over_vacant(g, password, None),
            GameStatus::Finished => Err(Refusal::GameOver { game: g.name.clone() }.into()),
        }
    }

    /// The vacant seats of a started game (a seat of several powers by its
    /// own power), those nobody has asked to take over first.
    fn vacant_seats(g: &game::Game) -> Result<Vec<PowerId>, Fail> {
        // an active game without a position: the judge's fault
        let pos = g.position.as_ref().ok_or_else(|| Fail::System(anyhow::anyhow!("game {}: active but no position stored", g.name)))?;
        let mut seats: Vec<PowerId> = Vec::new();
        for pw in game::survivors(g, pos).into_iter().map(|pw| g.seat_power(pw)) {
            if Player::active_for(&g.players, pw).is_none() && !seats.contains(&pw) {
                seats.push(pw);
            }
        }
        // two newcomers never wait for one seat while another is open
        let asked = |pw: PowerId| g.players.iter().any(|p| p.status == PlayerStatus::Pending && p.role == PlayerRole::Player && p.power == Some(pw));
        seats.sort_by_key(|&pw| asked(pw));
        Ok(seats)
    }

    /// SIGNON ?game password on a started game: the first vacant seat
    /// nobody asked for yet, or `chosen` (njudge's `SIGNON Fgame password`
    /// for a vacant France), is asked for (the master approves), or taken
    /// at once where the master allows takeovers without approval.
    fn take_over_vacant(&mut self, g: game::Game, password: &str, chosen: Option<PowerId>) -> R {
        let v = g.variant.clone();
        let players = g.players.clone();
        let vacant = Self::vacant_seats(&g)?;
        let pick = match chosen {
            Some(pw) => vacant.iter().copied().find(|&s| s == g.seat_power(pw)),
            None => vacant.first().copied(),
        };
        let Some(pw) = pick else { return Err(Refusal::Session(SessionRefusal::NoVacantPower { game: g.name.clone() }).into()) };
        if players.iter().any(|p| p.status == PlayerStatus::Pending && p.role == PlayerRole::Player && p.email.eq_ignore_ascii_case(&self.sender)) {
            return Err(Refusal::Session(SessionRefusal::TakeoverAskedAlready { game: g.name.clone() }).into());
        }
        let mut p = Player::new(g.id, PlayerRole::Player, &self.sender, self.ctx.now());
        p.power = Some(pw);
        p.pw_hash = Some(self.new_hash(password)?);
        if g.settings.takeover_approval {
            // a vacant power is taken over only with the master's approval
            p.status = PlayerStatus::Pending;
            p.insert(self.conn)?;
            let master = g.master_email.clone();
            let name = say::seats::seat_names(&g, pw);
            self.ctx.notice(
                self.conn,
                &master,
                &say::account::takeover_request_subject(&g, &self.sender, &name),
                say::account::takeover_request_notice(&g, &self.sender, &name),
                Some(g.id),
                None,
            )?;
            return Ok(vec![say::account::takeover_asked(&g, &name)]);
        }
        p.seated = Some(self.ctx.now());
        p.insert(self.conn)?;
        self.ctx.gate.borrow_mut().offer = true;
        self.signed = Some(Signed { game_id: g.id, role: Role::Power { power: pw, player: Some(p.id), master: false } });
        self.add_status(g.id, pw);
        let mut out = vec![say::account::take_over(&g, &say::seats::seat_names(&g, pw), v.powers[pw as usize].letter)];
        // the table (or, in a quiet game, the master) hears of it
        let mut g = g;
        out.extend(self.seat_taken(&mut g, pw, &mut p)?);
        Ok(out)
    }

    pub(super) fn signon(&mut self, letter: char, name: &str, password: &str) -> R {
        let g = self.game(name)?;
        let v = g.variant.clone();
        // the master: `*` always (it can be no power's letter), `M` where no power has it
        if letter == '*' || (letter == 'M' && !v.powers.iter().any(|p| p.letter.eq_ignore_ascii_case(&'M'))) {
            // a co-master (PROMOTE) signs on with its own password, from its address
            let (seat, hash, co) = self.master_seat(&g);
            if !self.check_seat(&seat, Some(&hash), password)? {
                return Err(Refusal::Session(SessionRefusal::WrongMasterPassword { game: g.name.clone() }).into());
            }
            // accepted from another address, but the master of record (or
            // the co-master whose seat it is) sees the mail, as a player does
            if !crate::mail::mailbox_key(&seat.owner).eq(&crate::mail::mailbox_key(&self.sender))
                && !self.copies.iter().any(|c| c.eq_ignore_ascii_case(&seat.owner))
                && !self.console
            {
                self.copies.push(seat.owner.clone());
            }
            self.signed = Some(Signed { game_id: g.id, role: Role::Master });
            self.co_master = co.then_some(g.id);
            self.add_overview(g.id);
            return Ok(vec![say::account::signed_on_as_master(&g)]);
        }
        if letter == 'O' && !v.powers.iter().any(|p| p.letter.eq_ignore_ascii_case(&'O')) {
            return self.signon_observer(&g, password);
        }
        let power = game::find_power(&v, &letter.to_string()).ok_or_else(|| {
            let powers: Vec<(char, String)> = (0..v.powers.len() as PowerId).map(|p| (v.powers[p as usize].letter, pname(&v, p))).collect();
            Refusal::Session(SessionRefusal::NotAPowerLetterIn { letter, game: g.name.clone(), powers })
        })?;
        if g.status == GameStatus::Forming {
            return Err(Refusal::Session(SessionRefusal::PowersNotAssignedYet { game: g.name.clone() }).into());
        }
        // the letter of any power of a seat signs on to the whole seat
        let power = g.seat_power(power);
        let players = g.players.clone();
        let Some(p) = Player::active_for(&players, power) else {
            // njudge's way to take over a vacant power: its letter, and a new password
            if g.status == GameStatus::Active && Self::vacant_seats(&g)?.contains(&power) && !self.plays_in(&g) {
                return self.take_over_named(g, power, password);
            }
            return Err(Refusal::Session(SessionRefusal::NobodyPlaysIn { power: pname(&v, power), game: g.name.clone() }).into());
        };
        let (hash, record) = (p.pw_hash.clone(), p.email.clone());
        // keyed by the password's holder: the same as a joined seat's (`SIGNON ?game`)
        let seat = super::Seat {
            key: format!("game:{}:seat:{}", g.id, p.id),
            owner: record.clone(),
            master: g.master_email.clone(),
            game: g.name.clone(),
            what: say::seats::seat_names(&g, power),
        };
        if !self.check_seat(&seat, hash.as_deref(), password)? {
            return Err(Refusal::Session(SessionRefusal::WrongPowerPassword { power: pname(&v, power), game: g.name.clone() }).into());
        }
        // accepted from another address (as njudge does), but the player of
        // record sees the mail and what came of it
        if !record.eq_ignore_ascii_case(&self.sender) && !self.copies.iter().any(|c| c.eq_ignore_ascii_case(&record)) {
            self.copies.push(record);
        }
        self.signed = Some(Signed { game_id: g.id, role: Role::Power { power, player: Some(p.id), master: false } });
        if g.status == GameStatus::Active {
            self.add_seat_status(&g, power);
        }
        let mut out = vec![say::account::signed_on_as(&say::seats::seat_names(&g, power), &g)];
        out.extend(self.back_from_disorder(&g, power)?);
        Ok(out)
    }
}

impl Session<'_> {
    /// Whether the sender plays (or has asked to take over) a seat of `g`.
    fn plays_in(&self, g: &game::Game) -> bool {
        g.players.iter().any(|p| {
            p.role == PlayerRole::Player && matches!(p.status, PlayerStatus::Active | PlayerStatus::Pending) && p.email.eq_ignore_ascii_case(&self.sender)
        })
    }

    /// `SIGNON F<game> password` for a vacant France: a takeover of that
    /// power, with the checks of `SIGNON ?game password`.
    fn take_over_named(&mut self, g: game::Game, power: PowerId, password: &str) -> R {
        if g.players.iter().any(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Ejected && p.email.eq_ignore_ascii_case(&self.sender)) {
            return Err(Refusal::Session(SessionRefusal::RemovedCannotRejoin { game: g.name.clone() }).into());
        }
        if password.len() < 4 {
            return Err(Refusal::Session(SessionRefusal::ChooseLongerPassword).into());
        }
        self.may_join(&g, None)?;
        self.may_join_by_record(&g, true)?;
        self.take_over_vacant(g, password, Some(power))
    }
}

impl Session<'_> {
    /// `SIGNON O<game> code`: an observer, with the code that confirmed it.
    fn signon_observer(&mut self, g: &game::Game, code: &str) -> R {
        let hash = token_hash(code);
        let me = g.players.iter().find(|p| p.role == PlayerRole::Observer && p.status == PlayerStatus::Active && p.pw_hash.as_deref() == Some(hash.as_str()));
        let Some(me) = me else { return Err(Refusal::Press(PressRefusal::WrongObserverCode { game: g.name.clone() }).into()) };
        self.signed = Some(Signed { game_id: g.id, role: Role::Observer(me.id) });
        Ok(vec![say::press::signed_on_as_observer(g)])
    }
}

impl Session<'_> {
    /// OBSERVE game: a confirmation token is mailed to the address; OBSERVE
    /// game token confirms. Nobody is subscribed to mail they did not ask for.
    pub(super) fn observe(&mut self, name: &str, token: Option<&str>) -> R {
        let g = self.game(name)?;
        let players = g.players.clone();
        let mine: Vec<&Player> = players.iter().filter(|p| p.role == PlayerRole::Observer && p.email.eq_ignore_ascii_case(&self.sender)).collect();
        if mine.iter().any(|p| p.status == PlayerStatus::Active) || players.iter().any(|p| p.is_active_player() && p.email.eq_ignore_ascii_case(&self.sender)) {
            return Ok(vec![say::account::already_observing(&g)]);
        }
        if mine.iter().any(|p| p.status == PlayerStatus::Ejected) {
            return Err(Refusal::Session(SessionRefusal::ObserverRemoved { game: g.name.clone() }).into());
        }
        // the game's access lists (SET ALLOW PLAYER, SET DENY PLAYER)
        self.may_join_by_record(&g, false)?;
        let pending = mine.iter().find(|p| p.status == PlayerStatus::Pending).map(|p| (*p).clone());
        match (token, pending) {
            (Some(t), Some(mut p)) if p.pw_hash.as_deref() == Some(token_hash(t).as_str()) => {
                // the code stays the observer's: `SIGNON O<game> code` to send press
                p.status = PlayerStatus::Active;
                p.save(self.conn)?;
                // the code was mailed to this address: it consents
                crate::context::gate::grant(self.conn, &crate::mail::mailbox_key(&p.email), crate::store::consent::How::Confirmed, self.ctx.now())?;
                Ok(vec![say::account::observing(&g), say::press::observer_signon(&g)])
            }
            (Some(_), _) => Err(Refusal::Session(SessionRefusal::WrongConfirmation { game: g.name.clone() }).into()),
            (None, Some(p)) if self.ctx.now() - p.joined < 86_400 => Ok(vec![say::account::confirmation_sent_already(&g)]),
            (None, pending) => {
                let token = crate::password::confirmation_code();
                let mut p = match pending {
                    Some(p) => p,
                    None => Player::new(g.id, PlayerRole::Observer, &self.sender, self.ctx.now()),
                };
                p.status = PlayerStatus::Pending;
                p.pw_hash = Some(token_hash(&token));
                p.joined = self.ctx.now();
                if p.id == 0 {
                    p.insert(self.conn)?;
                } else {
                    p.save(self.conn)?;
                }
                let sender = self.sender.clone();
                let asked = self.ctx.request(
                    self.conn,
                    &sender,
                    &say::account::confirm_observe_subject(&g),
                    say::account::confirm_observe_notice(&g, &token),
                    Some(g.id),
                    Some(&token),
                )?;
                match asked {
                    Ok(()) => Ok(vec![say::account::confirmation_mailed(&g)]),
                    Err(why) => Ok(vec![why.words(&sender, self.ctx.cfg.timezone)]),
                }
            }
        }
    }

    /// UNOBSERVE game [code]: an observer stops; from the game's list
    /// address, or with the list's code (its List-Unsubscribe), the list
    /// stops and stays off.
    pub(super) fn unobserve(&mut self, name: &str, code: Option<&str>) -> R {
        let mut g = self.game(name)?;
        let list = g.settings.list_address.clone();
        let from_list = list.as_deref().is_some_and(|l| crate::mail::mailbox_key(l) == crate::mail::mailbox_key(&self.sender));
        let with_code = code.is_some_and(|c| g.settings.list_code.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(c.trim())));
        if let Some(l) = list.filter(|_| from_list || with_code) {
            let key = crate::mail::mailbox_key(&l);
            let s = &mut g.settings;
            s.list_address = None;
            s.list_code = None;
            s.list_confirmed = true;
            if !s.list_stopped.contains(&key) {
                s.list_stopped.push(key);
                // the oldest forgotten past a few dozen: the settings stay small
                let n = s.list_stopped.len();
                s.list_stopped.drain(..n.saturating_sub(MAX_STOPPED_LISTS));
            }
            g.save(self.conn)?;
            tracing::info!("game {}: its list {l} asked for no more mail", g.name);
            let master = g.master_email.clone();
            self.ctx.notice(self.conn, &master, &say::account::list_stopped_subject(&g), say::account::list_stopped_notice(&g, &l), Some(g.id), None)?;
            return Ok(vec![say::account::list_unsubscribed(&g, &l)]);
        }
        let mut n = 0;
        for mut p in g.players.clone().into_iter().filter(|p| {
            p.role == PlayerRole::Observer && p.email.eq_ignore_ascii_case(&self.sender) && matches!(p.status, PlayerStatus::Active | PlayerStatus::Pending)
        }) {
            p.status = PlayerStatus::Resigned;
            p.save(self.conn)?;
            n += 1;
        }
        if n == 0 {
            return Err(Refusal::Session(SessionRefusal::NotObserving { game: g.name.clone() }).into());
        }
        Ok(vec![say::account::unobserved(&g)])
    }

    /// CONFIRM code: the address the code was mailed to consents to the
    /// judge's mail (whoever read the code there answers for it); CONFIRM
    /// alone: the reply carries a code for the sender's address.
    pub(super) fn consent(&mut self, code: Option<&str>) -> R {
        let now = self.ctx.now();
        let Some(code) = code else {
            let me = crate::mail::mailbox_key(&self.sender);
            if crate::context::gate::consents(self.conn, &self.ctx.cfg, &me)? {
                return Ok(vec![say::consent::already(&me)]);
            }
            self.ctx.gate.borrow_mut().offer = true;
            return Ok(vec![say::consent::code_below()]);
        };
        let Some(mailbox) = crate::context::gate::mailbox_of(self.conn, code, now)? else {
            return Err(Refusal::Session(SessionRefusal::UnknownConsentCode).into());
        };
        let released = crate::context::gate::grant(self.conn, &mailbox, crate::store::consent::How::Confirmed, now)?;
        tracing::info!("{mailbox} consents (a code mailed there); {released} held mail(s) released");
        Ok(vec![say::consent::confirmed(&mailbox, released)])
    }

    /// CONFIRM game code: someone at the list address (who got the request
    /// and its code) agrees that it gets the game's mail.
    pub(super) fn confirm(&mut self, name: &str, code: &str) -> R {
        let mut g = self.game(name)?;
        let waiting = !g.settings.list_confirmed && g.settings.list_address.is_some();
        let right = g.settings.list_code.as_deref().is_some_and(|k| k.eq_ignore_ascii_case(code.trim()));
        if !waiting || !right {
            // a seat's new address (SET ADDRESS), or nothing
            return match self.confirm_move(&mut g, code.trim())? {
                Some(done) => Ok(vec![done]),
                None => Err(Refusal::Session(SessionRefusal::WrongListCode { game: g.name.clone() }).into()),
            };
        }
        g.settings.list_confirmed = true;
        if let Some(l) = g.settings.list_address.as_deref() {
            crate::context::gate::grant(self.conn, &crate::mail::mailbox_key(l), crate::store::consent::How::Confirmed, self.ctx.now())?;
        }
        // a list that had stopped and now confirmed anew is on again
        let key = g.settings.list_address.as_deref().map(crate::mail::mailbox_key).unwrap_or_default();
        g.settings.list_stopped.retain(|x| *x != key);
        g.save(self.conn)?;
        let l = g.settings.list_address.clone().unwrap_or_default();
        Ok(vec![say::account::list_confirmed(&g, &l)])
    }

    /// Mails the request to a list address that waits for its confirmation
    /// (after SET LIST or CREATE's `list=`): at most one request to a mailbox
    /// a day, whatever the game. Returns the line for the master's reply.
    pub(super) fn list_request(&mut self, g: &Game) -> Result<String, Fail> {
        let (Some(addr), Some(code)) = (g.settings.list_address.clone(), g.settings.list_code.clone()) else { return Ok(String::new()) };
        let body = say::master::list_request(g, &g.master_email, &self.ctx.cfg.address, &code);
        Ok(self.consent_request(&addr, &say::master::list_request_subject(g), body, Some(g.id), Some(&code))?.0)
    }

    /// Mails a request for consent (with its code) to an address someone
    /// named (a list, a seat's new address): at most one to a mailbox a day,
    /// whatever the game. Returns the line for the asker's reply.
    pub(super) fn consent_request(
        &mut self,
        addr: &str,
        subject: &str,
        body: String,
        game_id: Option<i64>,
        code: Option<&str>,
    ) -> Result<(String, bool), Fail> {
        let key = format!("consent-request:{}", crate::mail::mailbox_key(addr));
        let now = self.ctx.now();
        let last: Option<i64> = crate::store::kv::get(self.conn, &key)?.and_then(|t| t.parse().ok()).filter(|&t| t <= now);
        let again = timing::format_time(last.unwrap_or(now) + LIST_REQUEST_EVERY, self.ctx.cfg.timezone);
        if last.is_some_and(|t| t > now - LIST_REQUEST_EVERY) {
            return Ok((say::master::list_request_waiting(addr, &again), false));
        }
        // through the gate: to an address that has not consented, the one
        // request it allows, within its limits; recorded only when it went
        if let Err(why) = self.ctx.request(self.conn, addr, subject, body, game_id, code)? {
            return Ok((why.words(addr, self.ctx.cfg.timezone), false));
        }
        crate::store::kv::set(self.conn, &key, &now.to_string())?;
        Ok((say::master::list_request_sent(addr), true))
    }
}

/// The most list addresses a game remembers as stopped.
pub const MAX_STOPPED_LISTS: usize = 50;

/// An address gets at most one request for consent a day (whichever game asks).
pub const LIST_REQUEST_EVERY: i64 = 86_400;

/// How a confirmation token is kept (never in clear).
fn token_hash(token: &str) -> String {
    format!("token:{}", crate::context::gate::code_hash(token))
}

impl Session<'_> {
    /// Starts the games whose last seat this mail took (after all its lines).
    pub(super) fn start_games(&mut self) -> anyhow::Result<()> {
        for (game_id, player_id) in std::mem::take(&mut self.starting) {
            let mut g = self.ctx.game(self.conn, game_id)?;
            if g.status != GameStatus::Forming {
                continue;
            }
            let v = g.variant.clone();
            crate::play::start(self.conn, self.ctx, &mut g)?;
            let me = g.players.iter().find(|x| x.id == player_id);
            if let Some(pw) = me.and_then(|m| m.power) {
                self.signed = Some(Signed { game_id: g.id, role: Role::Power { power: pw, player: Some(player_id), master: false } });
                self.add_seat_status(&g, pw);
                self.entries.push(super::Entry {
                    input: say::account::game_starts(&g),
                    responses: vec![say::account::started_you_are(&g, &say::seats::seat_names(&g, pw), v.powers[pw as usize].letter)],
                });
            }
        }
        Ok(())
    }
}

impl Session<'_> {
    /// The status of every power of `power`'s seat at the end of the reply.
    fn add_seat_status(&mut self, g: &game::Game, power: PowerId) {
        for p in g.group_of(power) {
            self.add_status(g.id, p);
        }
    }
}

impl Session<'_> {
    /// RESIGN: a player leaves (a joined seat of a forming game is freed).
    pub(super) fn resign(&mut self) -> R {
        let (s, g) = self.signed_game()?;
        let pid = match s.role {
            Role::Joined(id) => id,
            Role::Power { player: Some(id), master: false, .. } => id,
            _ => return Err(Refusal::Session(SessionRefusal::OnlyPlayersResign).into()),
        };
        let mut p = self.player(Some(pid))?;
        // a seat left owing orders is abandoned in its player's record
        if let (GameStatus::Active, Some(pw)) = (g.status, p.power) {
            crate::play::disorder::left_seat(self.conn, &mut g.clone(), pid, pw)?;
        }
        p.status = PlayerStatus::Resigned;
        p.left = Some(self.ctx.now());
        p.save(self.conn)?;
        if g.status == GameStatus::Forming {
            Player::delete(self.conn, pid)?;
        }
        let master = g.master_email.clone();
        let who = match p.power {
            Some(pw) => pname(g.v(), pw),
            None => say::account::a_player(),
        };
        self.ctx.notice(self.conn, &master, &say::account::resigned_subject(&g, &who), say::account::resigned_notice(&g, &who), Some(g.id), None)?;
        // a seat of a running game: the table hears it is open (unless quiet)
        if let (GameStatus::Active, Some(pw)) = (g.status, p.power) {
            let mut g = g.clone();
            g.reload_players(self.conn)?;
            crate::play::disorder::left(self.conn, self.ctx, &g, pw, false)?;
        }
        self.signed = None;
        Ok(vec![say::account::resigned(&g)])
    }
}
