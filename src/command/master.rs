//! The master's commands: PROCESS, PREDICT, PAUSE, RESUME, TERMINATE,
//! BECOME, EJECT, APPROVE, REJECT, ROLLBACK, and the master's tools
//! (issue 22): PROMOTE and DEMOTE (co-masters), UNSTART, FORCE BEGIN,
//! ROLLFORWARD, SET COMMENT, SET MANUAL/AUTO START and PROCESS. The game
//! options (SET ... and CREATE's `key=value`) are in [`super::options`].
//!
//! What a co-master may do of all this is one table, [`CO_MASTER_MAY`]:
//! the running of the game, yes; the master's own seat (its password, its
//! address), who the co-masters are, how the game ends, who may join and
//! where the game is published, no.

use super::parse::{Cmd, SetKey, ToolSet};
use super::{Fail, R, Role, Session, Signed};
use crate::game::refusal::{Refusal, ToolRefusal};
use crate::game::{self, Game, GameStatus, Mark, Player, PlayerRole, PlayerStatus, pname};
use crate::report::say;
use crate::timing;

impl Session<'_> {
    /// PROCESS (only when every order is in) or PROCESS! (`force`: missing
    /// orders take the defaults); one a mail, except at the console.
    pub(super) fn process_now(&mut self, force: bool, phase: Option<&str>) -> R {
        let mut g = self.master_game()?;
        if self.processed && !self.console {
            return Err(Refusal::OneProcessPerMail.into());
        }
        if g.status != GameStatus::Active {
            return Err(Refusal::NotActive { game: g.name.clone(), status: g.status }.into());
        }
        let v = g.variant.clone();
        let cur = game::current_orders(self.conn, &g)?;
        // the phase named is the one being played, or nothing is done (a
        // mail sent twice processes one phase, not two)
        if let Some(text) = phase {
            let named = game::later::parse_phase(&v.calendar, text).map_err(Refusal::Later)?;
            if named != cur.pos.phase {
                return Err(Refusal::ProcessOtherPhase { named: v.calendar.long_name(named), now: v.calendar.long_name(cur.pos.phase) }.into());
            }
        }
        if !force {
            let missing: Vec<String> = game::owing(&g, &cur.pos, &cur.orders).iter().filter(|o| o.late()).map(|o| pname(&v, o.power)).collect();
            if !missing.is_empty() {
                return Err(Refusal::OrdersMissing { powers: missing }.into());
            }
        }
        let name = v.calendar.long_name(cur.pos.phase);
        self.table_mail(&g)?;
        crate::play::process(self.conn, self.ctx, &mut g, cur, crate::play::Why::Master)?;
        self.processed = true;
        Ok(vec![say::master::processed(&name)])
    }

    /// PREDICT: what the orders in now would give.
    pub(super) fn predict(&mut self) -> R {
        let g = self.master_game()?;
        if g.status != GameStatus::Active {
            return Err(Refusal::NoPhaseToPredict { game: g.name.clone(), status: g.status }.into());
        }
        Ok(vec![crate::play::predict(self.conn, self.ctx, &g)?])
    }

    /// PAUSE: no deadline passes until RESUME.
    pub(super) fn pause(&mut self) -> R {
        let mut g = self.master_game()?;
        self.table_mail(&g)?;
        g.paused = true;
        g.save(self.conn)?;
        crate::play::tell_all(self.conn, self.ctx, &g, &say::master::paused_subject(&g), &say::master::paused_notice(&g))?;
        Ok(vec![say::master::paused(&g)])
    }

    /// RESUME: a deadline that passed meanwhile is set anew. A finished game
    /// (drawn, conceded, won, terminated) is reopened at the phase it stood
    /// at (njudge), unless no phase is left.
    pub(super) fn resume(&mut self) -> R {
        let mut g = self.resume_game()?;
        if g.status == GameStatus::Finished {
            return self.reopen(g);
        }
        self.table_mail(&g)?;
        g.paused = false;
        let now = self.ctx.now();
        // a deadline passed meanwhile, or none yet (a game moved in from a record)
        if g.deadline.is_none_or(|d| d <= now)
            && let Some(kind) = g.position.as_ref().map(|p| p.phase.kind)
        {
            crate::play::set_deadline(self.ctx, &mut g, kind);
        }
        g.save(self.conn)?;
        let d = g.deadline.map(|d| timing::format_time(d, g.zone(self.ctx.cfg.timezone))).unwrap_or_default();
        let notice = |tz| say::master::resumes_notice(&g, &g.deadline.map(|d| timing::format_time(d, tz)).unwrap_or_default());
        crate::play::tell_deadline(self.conn, self.ctx, &g, &say::master::resumes_subject(&g), &notice)?;
        self.touch(g.id);
        Ok(vec![say::master::resumed(&g, &d)])
    }

    /// RESUME of a finished game: it plays on from the phase it stood at,
    /// with a deadline from now; the table is told how it had ended.
    fn reopen(&mut self, mut g: Game) -> R {
        let ended = g.ending.clone();
        let kind = match (&ended, g.position.as_ref()) {
            (Some(e), _) if matches!(e.end, crate::end::GameEnd::NoMorePhases) => None,
            (_, Some(pos)) => Some(pos.phase.kind),
            (_, None) => None,
        };
        let Some(kind) = kind else { return Err(ToolRefusal::ResumeFinished { game: g.name.clone() }.into()) };
        self.table_mail(&g)?;
        let had = say::game::result(&g).unwrap_or_default();
        // would end again at the next phase processed, unless the master changes it
        let again = ended.as_ref().is_some_and(|e| matches!(e.end, crate::end::GameEnd::Solo(_) | crate::end::GameEnd::Alliance(_)))
            || g.settings.end_year.zip(g.position.as_ref()).is_some_and(|(y, pos)| pos.phase.year > y);
        // a game that ended as a phase was processed stands at the next phase,
        // which has no number yet (one that ended during a phase goes on with it)
        if ended.as_ref().is_some_and(|e| e.phase != g.position.as_ref().map(|p| p.phase)) {
            g.seq += 1;
        }
        g.status = GameStatus::Active;
        g.ending = None;
        g.old_result = None;
        g.paused = false;
        crate::play::set_deadline(self.ctx, &mut g, kind);
        g.save(self.conn)?;
        let v = g.variant.clone();
        let phase = g.position.as_ref().map(|p| v.calendar.long_name(p.phase)).unwrap_or_default();
        let notice = |tz| say::master::reopened_notice(&g, &had, &phase, &g.deadline.map(|d| timing::format_time(d, tz)).unwrap_or_default());
        crate::play::tell_deadline(self.conn, self.ctx, &g, &say::master::resumes_subject(&g), &notice)?;
        self.touch(g.id);
        let d = g.deadline.map(|d| timing::format_time(d, g.zone(self.ctx.cfg.timezone))).unwrap_or_default();
        Ok(vec![say::master::reopened(&g, &had, &phase, &d, again)])
    }

    /// TERMINATE: the game ends, won by no one.
    pub(super) fn terminate(&mut self) -> R {
        let mut g = self.master_game()?;
        crate::play::finish(self.conn, self.ctx, &mut g, crate::end::GameEnd::Terminated)?;
        Ok(vec![say::master::terminated(&g)])
    }

    /// BECOME power: the lines below are that power's (not a neutral one's:
    /// its orders would be dropped at processing).
    pub(super) fn become_power(&mut self, p: &str) -> R {
        let g = self.master_game()?;
        let v = g.variant.clone();
        let power = game::find_power(&v, p).ok_or_else(|| Refusal::NotAPower { word: p.to_string() })?;
        if g.is_neutral(power) {
            return Err(Refusal::BecomeNeutral { power: pname(&v, power) }.into());
        }
        let player = g.player_for(power).map(|p| p.id);
        self.signed = Some(Signed { game_id: g.id, role: Role::Power { power, player, master: true } });
        self.add_status(g.id, power);
        Ok(vec![say::master::acting_for(&pname(&v, power))])
    }

    /// EJECT power (the player leaves and may not come back) or EJECT address (an observer).
    pub(super) fn eject(&mut self, who: &str) -> R {
        let g = self.master_game()?;
        let v = g.variant.clone();
        let players = g.players.clone();
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
                return Err(Refusal::NotAnObserver { who: who.to_string(), game: g.name.clone() }.into());
            }
            // an observer ejected is no co-master either (the master's to do: `CO_MASTER_MAY`)
            let key = crate::mail::mailbox_key(who);
            let mut g = g;
            let before = g.settings.co_masters.len();
            g.settings.co_masters.retain(|c| crate::mail::mailbox_key(&c.address) != key);
            if g.settings.co_masters.len() != before {
                g.save(self.conn)?;
            }
            return Ok(vec![say::master::observer_ejected(who, &g)]);
        }
        let power = game::find_power(&v, who).ok_or_else(|| Refusal::NotAPowerOrAddress { word: who.to_string() })?;
        // a player of several powers is ejected from its whole seat
        let power = g.seat_power(power);
        let mut pl = Player::active_for(&players, power).cloned().ok_or_else(|| Refusal::NobodyToEject { power: pname(&v, power) })?;
        pl.status = PlayerStatus::Ejected;
        pl.left = Some(self.ctx.now());
        pl.save(self.conn)?;
        self.ctx.notice(self.conn, &pl.email, &say::master::ejected_subject(&g), say::master::ejected_notice(&g, &pname(&v, power)), Some(g.id), None)?;
        if g.status == GameStatus::Active {
            let mut g = g.clone();
            g.reload_players(self.conn)?;
            crate::play::disorder::left(self.conn, self.ctx, &g, power, true)?;
        }
        Ok(vec![say::master::power_vacant(&pname(&v, power), g.settings.takeover_approval)])
    }

    /// APPROVE / REJECT power: the master's answer to a request to take over a vacant power.
    pub(super) fn approve(&mut self, power: &str, yes: bool) -> R {
        let g = self.master_game()?;
        let v = g.variant.clone();
        let power = game::find_power(&v, power).ok_or_else(|| Refusal::NotAPower { word: power.to_string() })?;
        let power = g.seat_power(power);
        let players = &g.players;
        let pending: Vec<Player> =
            players.iter().filter(|p| p.role == PlayerRole::Player && p.power == Some(power) && p.status == PlayerStatus::Pending).cloned().collect();
        let Some(first) = pending.first().cloned() else { return Err(Refusal::NobodyAsked { power: pname(&v, power) }.into()) };
        if yes && Player::active_for(players, power).is_some() {
            return Err(Refusal::NotVacant { power: pname(&v, power) }.into());
        }
        let name = pname(&v, power);
        let mut g = g.clone();
        for mut p in pending {
            let taken = yes && p.id == first.id;
            p.status = if taken { PlayerStatus::Active } else { PlayerStatus::Resigned };
            if taken {
                p.seated = Some(self.ctx.now());
            }
            p.save(self.conn)?;
            let (subject, text) = if taken {
                // out of civil disorder, the deadline restarted, the table told
                let lines = self.seat_taken(&mut g, power, &mut p)?;
                let text = say::master::approved_notice(&g, &name, v.powers[power as usize].letter) + &lines.join("\n") + "\n";
                (say::master::approved_subject(&g, &name), text)
            } else {
                (say::master::refused_subject(&g, &name), say::master::refused_notice(&g, &name))
            };
            self.ctx.notice(self.conn, &p.email, &subject, text, Some(g.id), None)?;
        }
        Ok(vec![if yes { say::master::now_plays(&first.email, &name) } else { say::master::requests_refused(&name) }])
    }

    /// A master's command that mails the game's whole table: at most
    /// `limits.table_mails_per_game_per_hour` an hour a game (recorded in
    /// the command's savepoint: a refused command does not count). The
    /// keeper's console is not limited.
    pub(super) fn table_mail(&mut self, g: &Game) -> Result<(), Fail> {
        // the keeper at the console is not limited
        if self.console {
            return Ok(());
        }
        let now = self.ctx.now();
        let limit = self.ctx.cfg.limits.table_mails_per_game_per_hour as i64;
        let (n, oldest) = crate::store::outbox::table_mails_since(self.conn, g.id, now - 3600, now)?;
        if n >= limit {
            let again = timing::format_time(oldest.unwrap_or(now) + 3600, self.ctx.cfg.timezone);
            return Err(Refusal::TableMailLimit { game: g.name.clone(), limit, again }.into());
        }
        crate::store::outbox::table_mail(self.conn, g.id, now)?;
        Ok(())
    }

    /// ROLLBACK [phase|turn]: to the start of a processed phase, named by
    /// its code, by njudge's turn number (1: the first phase processed), or
    /// (none) the last one processed.
    pub(super) fn rollback(&mut self, phase: Option<&str>) -> R {
        let mut g = self.master_game()?;
        let v = g.variant.clone();
        let codes = crate::store::phases::codes(self.conn, g.id)?;
        let want = match phase.map(str::trim) {
            None => codes.last().cloned().ok_or_else(|| Refusal::NothingToRollBack { game: g.name.clone() })?,
            Some(n) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
                let turn: usize = n.parse().unwrap_or(0);
                turn.checked_sub(1).and_then(|i| codes.get(i)).cloned().ok_or_else(|| Refusal::NoSuchTurn {
                    game: g.name.clone(),
                    turn: n.to_string(),
                    turns: codes.len(),
                })?
            }
            Some(p) => p.to_ascii_uppercase(),
        };
        let row = crate::store::phases::find(self.conn, g.id, &want)?;
        let Some((seq, position)) = row else { return Err(Refusal::NoProcessedPhase { game: g.name.clone(), phase: want }.into()) };
        self.table_mail(&g)?;
        // the phases replaced stay in the record, as the game's next branch
        crate::store::phases::undo_from(self.conn, g.id, seq, self.ctx.now())?;
        crate::store::orders::clear_from(self.conn, g.id, seq)?;
        let pos = crate::store::games::read_position(&v, &position)
            .map_err(|e| Fail::System(anyhow::anyhow!("game {}: the stored position of phase {seq}, rolled back to, cannot be read: {e}", g.name)))?;
        // the phase's marks are over with the phase (see store::games::PhaseMarks)
        g.seq = seq;
        g.set_position(pos.clone());
        g.status = GameStatus::Active;
        g.old_result = None;
        g.ending = None;
        // the two-player game: back before its coin, or Italy's joining
        crate::play::world_war::rewind(&mut g, pos.phase);
        g.settings_changed()?;
        crate::play::set_deadline(self.ctx, &mut g, pos.phase.kind);
        g.save(self.conn)?;
        let notice = |tz| say::master::rolled_back_notice(&g, &v.calendar.long_name(pos.phase), &timing::format_time(g.deadline.unwrap_or(0), tz));
        crate::play::tell_all_zoned(self.conn, self.ctx, &g, &say::master::rolled_back_subject(&g), &notice)?;
        Ok(vec![say::master::rolled_back(&v.calendar.long_name(pos.phase))])
    }
}

/// The co-masters a game may have.
pub const MAX_CO_MASTERS: usize = 4;

/// The longest comment (`SET COMMENT`), in characters (njudge: under 60).
pub const MAX_COMMENT_CHARS: usize = 60;
/// The long comment (`SET COMMENT BEGIN`): at most this many lines ...
pub const MAX_LONG_COMMENT_LINES: usize = 20;
/// ... of at most this many characters.
pub const MAX_LONG_COMMENT_CHARS: usize = 80;

impl Session<'_> {
    /// The seat a master's password opens for the sender: a co-master's own
    /// (from its address), else the game's master's. Returns it, its hash,
    /// and whether it is a co-master's.
    pub(super) fn master_seat(&self, g: &Game) -> (super::Seat, String, bool) {
        let me = crate::mail::mailbox_key(&self.sender);
        let seat = |key: String, owner: &str| super::Seat {
            key,
            owner: owner.to_string(),
            master: g.master_email.clone(),
            game: g.name.clone(),
            what: say::session::the_master(),
        };
        match g.settings.co_masters.iter().find(|c| crate::mail::mailbox_key(&c.address) == me) {
            Some(c) => (seat(format!("game:{}:comaster:{me}", g.id), &c.address), c.pw_hash.clone(), true),
            None => (seat(format!("game:{}:master", g.id), &g.master_email), g.master_hash.clone(), false),
        }
    }

    /// The master's game, for what only its own master may do (not a
    /// co-master): `command`, a name of [`CO_MASTER_MAY`].
    fn own_master_game(&mut self, command: &'static str) -> Result<crate::game::Game, Fail> {
        let g = self.master_game()?;
        if self.co_master == Some(g.id) {
            return Err(master_only(&g, command));
        }
        Ok(g)
    }

    /// Whether this mail speaks as a co-master of the game it signed on to
    /// (as the master, or acting for a power with BECOME).
    fn as_co_master(&self) -> Option<i64> {
        let s = self.signed.as_ref()?;
        (self.co_master == Some(s.game_id) && matches!(s.role, Role::Master | Role::Power { master: true, .. })).then_some(s.game_id)
    }

    /// A command from a co-master, checked against [`CO_MASTER_MAY`]
    /// before it runs: `None` when it runs as the master's would, else
    /// what answers it instead (refused by name, or SET PASSWORD on the
    /// co-master's own seat).
    pub(super) fn co_master_gate(&mut self, cmd: &Cmd) -> Option<R> {
        let id = self.as_co_master()?;
        let g = match self.ctx.game(self.conn, id) {
            Ok(g) => g,
            Err(e) => return Some(Err(e.into())),
        };
        let name = master_command(cmd, &g)?;
        match co_master_may(name) {
            CoMaster::May => None,
            CoMaster::OwnSeat => match cmd {
                Cmd::Set { key: SetKey::Password, arg } => Some(self.co_master_password(&g, arg.trim())),
                _ => None,
            },
            CoMaster::MasterOnly(_) => Some(Err(master_only(&g, name))),
        }
    }

    /// SET PASSWORD from a co-master: its own password, never the master's.
    fn co_master_password(&mut self, g: &crate::game::Game, pw: &str) -> R {
        if pw.len() < 4 || pw.contains(' ') {
            return Err(Refusal::PasswordRules.into());
        }
        let me = crate::mail::mailbox_key(&self.sender);
        let hash = self.new_hash(pw)?;
        let mut g = g.clone();
        let Some(c) = g.settings.co_masters.iter_mut().find(|c| crate::mail::mailbox_key(&c.address) == me) else {
            return Err(ToolRefusal::NotACoMaster { who: self.sender.clone(), game: g.name.clone() }.into());
        };
        c.pw_hash = hash;
        let address = c.address.clone();
        g.save(self.conn)?;
        // a seat never changes silently: the co-master and the master hear of it
        self.tell_changed(&g, &say::master::co_master_named(&address), &address, None)?;
        Ok(vec![say::master::co_master_password_changed(&g)])
    }

    /// PROMOTE address: an observer of the game becomes a co-master; the
    /// judge mails them a password of their own.
    pub(super) fn promote(&mut self, who: &str) -> R {
        let mut g = self.own_master_game("PROMOTE")?;
        let key = crate::mail::mailbox_key(who);
        let observer =
            g.players.iter().any(|p| p.role == PlayerRole::Observer && p.status == PlayerStatus::Active && crate::mail::mailbox_key(&p.email) == key);
        if !observer {
            return Err(ToolRefusal::NotAnObserver { who: who.to_string(), game: g.name.clone() }.into());
        }
        if g.settings.co_masters.iter().any(|c| crate::mail::mailbox_key(&c.address) == key) {
            return Err(ToolRefusal::AlreadyCoMaster { who: who.to_string(), game: g.name.clone() }.into());
        }
        if g.settings.co_masters.len() >= MAX_CO_MASTERS {
            return Err(ToolRefusal::TooManyCoMasters { max: MAX_CO_MASTERS }.into());
        }
        let pw = crate::password::confirmation_code();
        let pw_hash = self.new_hash(&pw)?;
        g.settings.co_masters.push(crate::store::games::CoMaster { address: who.to_string(), pw_hash });
        g.save(self.conn)?;
        self.ctx.notice(self.conn, who, &say::master::promoted_subject(&g), say::master::promoted_notice(&g, &pw), Some(g.id), None)?;
        Ok(vec![say::master::promoted(who, &g)])
    }

    /// DEMOTE address: a co-master is an observer again.
    pub(super) fn demote(&mut self, who: &str) -> R {
        let mut g = self.own_master_game("DEMOTE")?;
        let key = crate::mail::mailbox_key(who);
        let before = g.settings.co_masters.len();
        g.settings.co_masters.retain(|c| crate::mail::mailbox_key(&c.address) != key);
        if g.settings.co_masters.len() == before {
            return Err(ToolRefusal::NotACoMaster { who: who.to_string(), game: g.name.clone() }.into());
        }
        g.save(self.conn)?;
        Ok(vec![say::master::demoted(who, &g)])
    }

    /// The master's SET words of the tools: COMMENT, MANUAL/AUTO START and
    /// PROCESS; PRIVATE and PUBLIC (in [`super::community`]).
    pub(super) fn set_tool(&mut self, t: ToolSet, arg: &str) -> R {
        match t {
            ToolSet::Comment => self.set_comment(arg),
            ToolSet::Manual | ToolSet::Auto => self.set_manual(t == ToolSet::Manual, arg),
            ToolSet::Private => self.set_private(arg),
            ToolSet::Public => self.set_public(),
        }
    }

    /// SET COMMENT text: the game's one-line comment (empty: none).
    fn set_comment(&mut self, text: &str) -> R {
        let mut g = self.master_game()?;
        let len = text.chars().count();
        if len > MAX_COMMENT_CHARS {
            return Err(ToolRefusal::CommentTooLong { len, max: MAX_COMMENT_CHARS }.into());
        }
        g.settings.comment = Some(text.to_string()).filter(|t| !t.is_empty());
        g.save(self.conn)?;
        Ok(vec![say::master::comment_set(&g, g.settings.comment.as_deref())])
    }

    /// njudge's `SET COMMENT BEGIN` block: the game's long comment (LIST
    /// game and LIST FULL show it), at most [`MAX_LONG_COMMENT_LINES`] lines
    /// of [`MAX_LONG_COMMENT_CHARS`]; with no line, none.
    pub(super) fn set_long_comment(&mut self, lines: &[String]) -> R {
        let mut g = self.master_game()?;
        let lines: Vec<String> = lines.iter().map(|l| l.trim_end().to_string()).collect();
        let end = lines.iter().rposition(|l| !l.trim().is_empty()).map_or(0, |i| i + 1);
        let lines = &lines[..end];
        if lines.len() > MAX_LONG_COMMENT_LINES {
            return Err(ToolRefusal::LongCommentTooLong { lines: lines.len(), max: MAX_LONG_COMMENT_LINES, chars: MAX_LONG_COMMENT_CHARS }.into());
        }
        if let Some(l) = lines.iter().find(|l| l.chars().count() > MAX_LONG_COMMENT_CHARS) {
            return Err(ToolRefusal::LongCommentLineTooLong { len: l.chars().count(), max: MAX_LONG_COMMENT_CHARS }.into());
        }
        g.settings.long_comment = lines.to_vec();
        g.save(self.conn)?;
        Ok(vec![say::master::long_comment_set(&g, lines.len())])
    }

    /// SET MANUAL START|PROCESS, SET AUTO START|PROCESS (SET NO MANUAL ...).
    fn set_manual(&mut self, manual: bool, what: &str) -> R {
        use crate::store::games::Manual;
        let mut g = self.master_game()?;
        let value = if manual { Manual::Manual } else { Manual::Auto };
        match what.trim().to_ascii_uppercase().as_str() {
            "START" => {
                g.settings.start = value;
                g.save(self.conn)?;
                let mut out = vec![say::master::start_mode(&g, manual)];
                // njudge: a full game in manual start starts when it is set to auto
                let taken = g.players.iter().filter(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Active).count();
                if !manual && g.status == GameStatus::Forming && taken >= g.seats.len() {
                    crate::play::start(self.conn, self.ctx, &mut g)?;
                    out.push(say::master::begun(&g, &[]));
                }
                Ok(out)
            }
            "PROCESS" | "PROC" => {
                g.settings.processing = value;
                // a game parked at a passed deadline goes back to the timer
                if !manual {
                    g.unmark(Mark::WaitingForMaster);
                }
                g.save(self.conn)?;
                self.touch(g.id);
                Ok(vec![say::master::process_mode(&g, manual)])
            }
            _ => Err(ToolRefusal::ManualUsage.into()),
        }
    }

    /// UNSTART: a started game whose first phase is not yet processed is
    /// forming again, its players kept, their powers to be assigned anew;
    /// it waits for FORCE BEGIN (manual start), as njudge's does.
    pub(super) fn unstart(&mut self) -> R {
        let mut g = self.master_game()?;
        if g.status != GameStatus::Active {
            return Err(ToolRefusal::UnstartNotActive { game: g.name.clone(), status: g.status }.into());
        }
        if !crate::store::phases::line(self.conn, g.id)?.is_empty() {
            return Err(ToolRefusal::UnstartTooLate { game: g.name.clone() }.into());
        }
        self.table_mail(&g)?;
        crate::store::orders::clear_from(self.conn, g.id, 0)?;
        for mut p in g.players.clone().into_iter().filter(|p| p.role == PlayerRole::Player) {
            match p.status {
                PlayerStatus::Active => {
                    p.power = None;
                    p.seated = None;
                    p.wait = false;
                    p.save(self.conn)?;
                }
                // left, or asked to take a power over: no seat in a forming game
                PlayerStatus::Resigned | PlayerStatus::Pending | PlayerStatus::Eliminated => Player::delete(self.conn, p.id)?,
                PlayerStatus::Ejected => {}
            }
        }
        if let Some(phase) = g.position.as_ref().map(|p| p.phase) {
            crate::play::world_war::rewind(&mut g, phase);
        }
        g.status = GameStatus::Forming;
        g.clear_position();
        g.seq = 0;
        g.deadline = None;
        g.grace_until = None;
        g.settings.start = crate::store::games::Manual::Manual;
        g.save(self.conn)?;
        let g = self.ctx.game(self.conn, g.id)?;
        crate::play::tell_all(self.conn, self.ctx, &g, &say::master::unstarted_subject(&g), &say::master::unstarted_notice(&g))?;
        Ok(vec![say::master::unstarted(&g)])
    }

    /// FORCE BEGIN: a forming game starts with the players it has; the
    /// seats nobody took are vacant, open to SIGNON ?game.
    pub(super) fn force_begin(&mut self) -> R {
        let mut g = self.master_game()?;
        if g.status != GameStatus::Forming {
            return Err(ToolRefusal::BeginNotForming { game: g.name.clone(), status: g.status }.into());
        }
        if !g.players.iter().any(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Active) {
            return Err(ToolRefusal::BeginNobody { game: g.name.clone() }.into());
        }
        crate::play::start(self.conn, self.ctx, &mut g)?;
        let v = g.variant.clone();
        let vacant: Vec<String> =
            g.seats.iter().map(crate::game::Seat::own).filter(|&p| Player::active_for(&g.players, p).is_none()).map(|p| pname(&v, p)).collect();
        Ok(vec![say::master::begun(&g, &vacant)])
    }

    /// ROLLFORWARD [phase|ALL]: after a ROLLBACK, the phases it undid are
    /// played again from their stored orders (each re-adjudicated, its
    /// results mailed), up to `phase` or to the branch's end.
    pub(super) fn rollforward(&mut self, upto: Option<&str>) -> R {
        let mut g = self.master_game()?;
        let branch = crate::store::phases::latest_branch(self.conn, g.id)?;
        let start = branch.iter().position(|p| p.seq == g.seq);
        let Some(start) = start.filter(|_| g.status == GameStatus::Active) else {
            return Err(ToolRefusal::NothingToRollForward { game: g.name.clone() }.into());
        };
        let v = g.variant.clone();
        let end = match upto.filter(|u| !u.eq_ignore_ascii_case("ALL")) {
            Some(u) => {
                start
                    + branch[start..]
                        .iter()
                        .position(|p| p.phase.eq_ignore_ascii_case(u))
                        .ok_or_else(|| ToolRefusal::RollforwardNoPhase { game: g.name.clone(), phase: u.to_ascii_uppercase() })?
            }
            None => branch.len() - 1,
        };
        if !same_position(&v, g.position.as_ref(), &branch[start].position) {
            return Err(ToolRefusal::RollforwardDiverged { game: g.name.clone() }.into());
        }
        self.table_mail(&g)?;
        let mut n = 0;
        for phase in &branch[start..=end] {
            if g.status != GameStatus::Active || g.seq != phase.seq {
                break;
            }
            replay_orders(self.conn, &g, &phase.results, self.ctx.now())?;
            let cur = game::current_orders(self.conn, &g)?;
            crate::play::process(self.conn, self.ctx, &mut g, cur, crate::play::Why::RolledForward)?;
            n += 1;
        }
        let now = g.position.as_ref().map(|p| v.calendar.long_name(p.phase)).unwrap_or_default();
        Ok(vec![say::master::rolled_forward(n, &now, g.status == GameStatus::Finished)])
    }
}

/// What a co-master may do with one of the master's commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoMaster {
    /// As the master does.
    May,
    /// On the co-master's own seat, never the master's.
    OwnSeat,
    /// The master's alone: refused by name, with why.
    MasterOnly(Why),
}

pub use crate::report::say::master::MasterOnly as Why;

/// Every command of the master's (by the name the co-master refusals give)
/// and what a co-master may do with it. A co-master signs on with
/// `SIGNON *game password` from its own address (PROMOTE mailed it the
/// password) and runs the game: processing, pauses, deadlines, the
/// players' seats, rollbacks, the options of play. It never touches the
/// master's own seat (SET PASSWORD changes the co-master's own password,
/// SET ADDRESS is refused), never chooses co-masters (PROMOTE, DEMOTE,
/// EJECT of a co-master), never ends the game (TERMINATE, DECLARE DRAW),
/// and never changes who may join, who may change the game, the players'
/// anonymity or where the game is published (SET PRIVATE, SET PUBLIC, SET
/// NOLIST, SET MODERATED, BECOME MASTER, SET ANONYMOUS, SET SHOW, SET
/// REVEAL, SET SECRET, the join limits of SET DEDICATION, SET ONTIMERAT,
/// SET RESRAT, SET ALLOW PLAYER and SET DENY PLAYER, SET LIST, SET WEBHOOK).
/// Its wrong passwords count against its own seat, never the master's, so
/// it cannot lock the master out either.
pub const CO_MASTER_MAY: &[(&str, CoMaster)] = &[
    ("PROCESS", CoMaster::May),
    ("PREDICT", CoMaster::May),
    ("PAUSE", CoMaster::May),
    ("RESUME", CoMaster::May),
    ("BECOME", CoMaster::May),
    ("EJECT", CoMaster::May),
    ("APPROVE", CoMaster::May),
    ("REJECT", CoMaster::May),
    ("ROLLBACK", CoMaster::May),
    ("ROLLFORWARD", CoMaster::May),
    ("UNSTART", CoMaster::May),
    ("FORCE BEGIN", CoMaster::May),
    ("INVITE", CoMaster::May),
    ("SET DEADLINE", CoMaster::May),
    ("SET GRACE", CoMaster::May),
    ("SET START", CoMaster::May),
    ("SET CD", CoMaster::May),
    ("SET NOCD", CoMaster::May),
    ("SET TIMEZONE", CoMaster::May),
    ("SET BLACKOUT", CoMaster::May),
    ("SET NOBLACKOUT", CoMaster::May),
    ("SET COMMENT", CoMaster::May),
    ("SET MANUAL", CoMaster::May),
    ("SET AUTO", CoMaster::May),
    ("SET OPTION", CoMaster::May),
    ("SET MASTERPRESS", CoMaster::May),
    ("SET WATCH ALL PRESS", CoMaster::May),
    ("SET VARIANT", CoMaster::May),
    ("SET PASSWORD", CoMaster::OwnSeat),
    ("SET ADDRESS", CoMaster::MasterOnly(Why::OwnSeat)),
    ("PROMOTE", CoMaster::MasterOnly(Why::CoMasters)),
    ("DEMOTE", CoMaster::MasterOnly(Why::CoMasters)),
    ("EJECT CO-MASTER", CoMaster::MasterOnly(Why::CoMasters)),
    ("TERMINATE", CoMaster::MasterOnly(Why::TheEnd)),
    ("DECLARE DRAW", CoMaster::MasterOnly(Why::TheEnd)),
    ("SET PRIVATE", CoMaster::MasterOnly(Why::TheTable)),
    ("SET PUBLIC", CoMaster::MasterOnly(Why::TheTable)),
    ("SET ANONYMOUS", CoMaster::MasterOnly(Why::TheTable)),
    ("SET JOIN LIMITS", CoMaster::MasterOnly(Why::TheTable)),
    ("SET NOLIST", CoMaster::MasterOnly(Why::TheTable)),
    ("SET MODERATED", CoMaster::MasterOnly(Why::TheTable)),
    ("SET SHOW", CoMaster::MasterOnly(Why::TheTable)),
    ("SET REVEAL", CoMaster::MasterOnly(Why::TheTable)),
    ("SET SECRET", CoMaster::MasterOnly(Why::TheTable)),
    ("BECOME MASTER", CoMaster::MasterOnly(Why::TheTable)),
    ("SET LIST", CoMaster::MasterOnly(Why::Published)),
    ("SET WEBHOOK", CoMaster::MasterOnly(Why::Published)),
];

/// What a co-master may do with the master's command `name` (a name of
/// [`CO_MASTER_MAY`]; a name not there is the master's alone).
pub fn co_master_may(name: &str) -> CoMaster {
    CO_MASTER_MAY.iter().find(|(n, _)| *n == name).map_or(CoMaster::MasterOnly(Why::OwnSeat), |(_, c)| *c)
}

/// The refusal of the master's command `name` to a co-master of `g`.
fn master_only(g: &Game, name: &str) -> Fail {
    let why = match co_master_may(name) {
        CoMaster::MasterOnly(why) => why,
        _ => Why::OwnSeat,
    };
    ToolRefusal::OwnMasterOnly { game: g.name.clone(), command: name.to_string(), why: say::master::master_only_why(why) }.into()
}

/// The name in [`CO_MASTER_MAY`] of a command of the master's (`None`: not
/// one of the master's, as a player's SET NAME or a HISTORY). `g`: the game
/// the mail is signed on to (EJECT of a co-master's address is the
/// master's, of a power or an observer anyone's who masters).
pub fn master_command(cmd: &Cmd, g: &Game) -> Option<&'static str> {
    Some(match cmd {
        Cmd::Process { .. } => "PROCESS",
        Cmd::Predict => "PREDICT",
        Cmd::Pause => "PAUSE",
        Cmd::Resume => "RESUME",
        Cmd::Become(_) => "BECOME",
        Cmd::Eject(who) if g.settings.co_masters.iter().any(|c| crate::mail::mailbox_key(&c.address) == crate::mail::mailbox_key(who)) => "EJECT CO-MASTER",
        Cmd::Eject(_) => "EJECT",
        Cmd::Approve(_) => "APPROVE",
        Cmd::Reject(_) => "REJECT",
        Cmd::Rollback(_) => "ROLLBACK",
        Cmd::Rollforward(_) => "ROLLFORWARD",
        Cmd::Unstart => "UNSTART",
        Cmd::ForceBegin => "FORCE BEGIN",
        Cmd::Invite(_) => "INVITE",
        Cmd::Promote(_) => "PROMOTE",
        Cmd::Demote(_) => "DEMOTE",
        Cmd::Terminate => "TERMINATE",
        Cmd::DeclareDraw(_) => "DECLARE DRAW",
        Cmd::PressSets(_) => "SET OPTION",
        Cmd::BecomeMaster => "BECOME MASTER",
        Cmd::Set { key, .. } => match key {
            SetKey::Deadline => "SET DEADLINE",
            SetKey::Grace => "SET GRACE",
            SetKey::Start => "SET START",
            SetKey::Variant => "SET VARIANT",
            SetKey::Cd => "SET CD",
            SetKey::NoCd => "SET NOCD",
            SetKey::Timezone => "SET TIMEZONE",
            SetKey::Blackout => "SET BLACKOUT",
            SetKey::NoBlackout => "SET NOBLACKOUT",
            SetKey::Password => "SET PASSWORD",
            SetKey::Address => "SET ADDRESS",
            SetKey::Tool(ToolSet::Comment) => "SET COMMENT",
            SetKey::Tool(ToolSet::Manual) => "SET MANUAL",
            SetKey::Tool(ToolSet::Auto) => "SET AUTO",
            SetKey::Tool(ToolSet::Private) => "SET PRIVATE",
            SetKey::Tool(ToolSet::Public) => "SET PUBLIC",
            SetKey::Option(n) => super::options::master_command_of(n.option),
            // a player's own settings and votes: not the master's
            _ => return None,
        },
        _ => return None,
    })
}

/// What a player of an unmoderated game may do of the master's commands
/// (by their names in [`CO_MASTER_MAY`]): change the options of play and
/// the deadlines (njudge: its players use the master's SET commands), and
/// make the game moderated again. Never the seats, the processing, the end,
/// who may join or is named, what the master or the observers read of the
/// press, nor where the game is published (docs/RULES.md, "Moderated and
/// unmoderated games").
pub const PLAYERS_MAY: &[&str] = &["SET OPTION", "SET DEADLINE", "SET GRACE", "SET MODERATED"];

/// Whether two stored positions (contract JSON) are the same position.
fn same_position(v: &crate::map::Variant, a: Option<&crate::adjudicate::Position>, b: &str) -> bool {
    let (Some(a), Ok(b)) = (a, crate::store::games::read_position(v, b)) else { return false };
    crate::contract::position_to_json(v, a) == crate::contract::position_to_json(v, &b)
}

/// The orders of a processed phase's results (those the players gave, not
/// the defaults) as the current phase's orders, in place of any there.
fn replay_orders(conn: &rusqlite::Connection, g: &crate::game::Game, results: &str, now: i64) -> Result<(), Fail> {
    let v = g.v();
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(results).map_err(|e| Fail::System(anyhow::anyhow!("game {}: stored results cannot be read: {e}", g.name)))?;
    crate::store::orders::clear_from(conn, g.id, g.seq)?;
    let pos = g.started()?.clone();
    for r in rows.iter().filter(|r| r["defaulted"] != serde_json::Value::Bool(true)) {
        let (Some(power), Some(order)) = (r["power"].as_str().and_then(|p| game::find_power(v, p)), r["order"].as_str()) else { continue };
        for refused in game::submit_line(conn, &game::Board { game: g, pos: &pos }, &[power], order, None, now)?.into_iter().filter_map(Result::err) {
            tracing::warn!("game {}: ROLLFORWARD: the stored order `{order}` of {} is refused now: {refused:?}", g.name, pname(v, power));
        }
    }
    Ok(())
}
