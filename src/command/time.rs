//! SET commands about time: a reader's time zone (SET TIMEZONE), absences
//! (SET ABSENCE, SET NOABSENCE), and the master's deadline of the current
//! phase (SET DEADLINE, SET GRACE, SET START) and blackout days (SET
//! BLACKOUT). Every date is read by `timing::parse_date` in the sender's
//! zone, and every time answered is shown in it.

use super::notices::{About, Zoned};
use super::settings::bad_time;
use super::{Fail, R, Role, Session, Signed};
use crate::game::refusal::{Refusal, SessionRefusal};
use crate::game::{self, Game};
use crate::phase::PhaseKind;
use crate::report::say;
use crate::timing::{self, Blackout, DayTime, TimeError};
use chrono_tz::Tz;

/// An absence without an end lasts a day (njudge).
const ABSENCE_DEFAULT_SECS: i64 = 86_400;

impl Session<'_> {
    /// Whether the sender is signed on as the master (not acting for a power).
    pub(super) fn signed_as_master(&self) -> bool {
        matches!(self.signed, Some(Signed { role: Role::Master, .. }))
    }

    /// Whether the sender is the master acting for a power (BECOME).
    fn master_acting_for_power(&self) -> bool {
        matches!(self.signed, Some(Signed { role: Role::Power { master: true, .. }, .. }))
    }

    /// The zone the sender reads `g`'s times in (see [`game::reader_zone`]).
    fn zone(&self, g: &Game) -> Tz {
        game::reader_zone(g, &self.sender, self.ctx.cfg.timezone)
    }

    /// The time of day a deadline written without one means: the current
    /// phase's clock time, else 23:30 (njudge).
    fn deadline_time(g: &Game) -> DayTime {
        let kind = g.position.as_ref().map_or(PhaseKind::Movement, |p| p.phase.kind);
        crate::play::deadline::clock_time(g, kind)
    }

    /// SET TIMEZONE zone: the master's for the game, a player's for itself;
    /// with no zone, back to the default (the game's, the judge's).
    pub(super) fn set_timezone(&mut self, arg: &str) -> R {
        let zone = match arg.trim() {
            "" => None,
            z => Some(timing::parse_zone(z).map_err(bad_time)?),
        };
        let (s, mut g) = self.signed_game()?;
        let now = self.ctx.now();
        let id = match s.role {
            Role::Master | Role::Power { master: true, .. } => {
                g.settings.timezone = zone;
                g.save(self.conn)?;
                let tz = g.zone(self.ctx.cfg.timezone);
                return Ok(vec![say::time::game_zone_set(tz.name(), &timing::format_time(now, tz))]);
            }
            Role::Joined(id) | Role::Observer(id) | Role::Power { player: Some(id), .. } => id,
            Role::Power { player: None, .. } => return Err(Refusal::Session(SessionRefusal::NoPlayerHoldsPower).into()),
        };
        let mut p = self.player(Some(id))?;
        p.timezone = zone;
        p.save(self.conn)?;
        Ok(vec![match zone {
            Some(tz) => say::time::zone_set(tz.name(), &timing::format_time(now, tz)),
            None => say::time::zone_reset(g.zone(self.ctx.cfg.timezone).name()),
        }])
    }

    /// SET ABSENCE from [TO to]: deadlines that fall in it move past it. A
    /// day without a time starts at 00:00 and ends at 23:59; without an end,
    /// a day long (njudge).
    pub(super) fn absence(&mut self, arg: &str) -> R {
        let now = self.ctx.now();
        let (power, pid, mut g) = self.power_game()?;
        let tz = self.zone(&g);
        if arg.trim().is_empty() {
            return Err(Refusal::AbsenceUsage.into());
        }
        let lower = arg.to_ascii_lowercase();
        let (a, b) = match lower.find(" to ") {
            Some(i) => (timing::parse_date(&arg[..i], tz, now, false).map_err(bad_time)?, timing::parse_date(&arg[i + 4..], tz, now, true).map_err(bad_time)?),
            None => {
                let a = timing::parse_date(arg, tz, now, false).map_err(bad_time)?;
                (a, a.saturating_add(ABSENCE_DEFAULT_SECS))
            }
        };
        if b <= a || b <= now {
            return Err(Refusal::AbsenceOrder.into());
        }
        // the master (acting for the power) is not bound by the game's limit,
        // only by the judge's on dates (at most a year ahead)
        let by_master = self.master_acting_for_power();
        let days = g.settings.max_absence_days.unwrap_or(crate::game::MAX_ABSENCE_DAYS);
        if !by_master && b - a > i64::from(days) * 86_400 {
            return Ok(self.ask_master_for_absence(&g, power, (a, b), days));
        }
        let mut p = self.player(pid)?;
        p.absences.retain(|&(_, e)| e > now);
        if p.absences.len() >= crate::play::deadline::MAX_ABSENCES {
            return Err(Refusal::TooManyAbsences { n: p.absences.len() }.into());
        }
        p.absences.push((a, b));
        p.save(self.conn)?;
        let table = g.zone(self.ctx.cfg.timezone);
        let line = say::time::absence_line(&say::seats::seat_names(&g, power), &timing::format_time(a, table), &timing::format_time(b, table));
        self.tell_master_of_absence(&g, power, line);
        let mut out = vec![say::settings::absence_recorded(&timing::format_time(a, tz), &timing::format_time(b, tz))];
        out.extend(self.push_deadline(&mut g)?);
        self.add_status(g.id, power);
        Ok(out)
    }

    /// An absence longer than the game allows goes to the master to grant
    /// (njudge): the master's notice says how (BECOME the power, SET ABSENCE
    /// with the same dates); nothing is recorded until then.
    fn ask_master_for_absence(&mut self, g: &Game, power: crate::map::PowerId, (a, b): (i64, i64), days: u32) -> Vec<String> {
        let (who, code) = (say::seats::seat_names(g, power), game::pname(g.v(), power));
        let line: Zoned = Box::new(move |tz| say::time::absence_request_line(&who, &code, &timing::date_words(a, tz), &timing::date_words(b, tz), days));
        self.tell_later(g, About::Absence(power), say::time::absences_subject(g), line);
        let tz = self.zone(g);
        vec![say::time::absence_sent_to_master(&timing::format_time(a, tz), &timing::format_time(b, tz), days)]
    }

    /// SET NOABSENCE date [TO date]: cancels the first of the sender's
    /// absences that includes the date (any time of that day, when no time
    /// is written); the end is ignored (njudge).
    pub(super) fn no_absence(&mut self, arg: &str) -> R {
        let now = self.ctx.now();
        let (power, pid, g) = self.power_game()?;
        let tz = self.zone(&g);
        let start = arg.to_ascii_lowercase().find(" to ").map_or(arg, |i| &arg[..i]);
        let lo = timing::parse_date(start, tz, now, false).map_err(bad_time)?;
        let hi = timing::parse_date(start, tz, now, true).map_err(bad_time)?;
        let mut p = self.player(pid)?;
        let Some(i) = p.absences.iter().position(|&(a, b)| a <= hi && lo < b) else {
            return Err(bad_time(TimeError::NoAbsenceOn { when: lo, tz }).into());
        };
        let (a, b) = p.absences.remove(i);
        p.save(self.conn)?;
        let table = g.zone(self.ctx.cfg.timezone);
        let line = say::time::absence_cancelled_line(&say::seats::seat_names(&g, power), &timing::format_time(a, table), &timing::format_time(b, table));
        self.tell_master_of_absence(&g, power, line);
        self.add_status(g.id, power);
        Ok(vec![say::time::absence_cancelled(&timing::format_time(a, tz), &timing::format_time(b, tz))])
    }

    /// The master hears of a player's absence (njudge tells the master of
    /// every absence), unless the master set it while acting for the power.
    fn tell_master_of_absence(&mut self, g: &Game, power: crate::map::PowerId, line: String) {
        if self.master_acting_for_power() {
            return;
        }
        self.tell_later(g, super::notices::About::Absence(power), say::time::absences_subject(g), Box::new(move |_| line.clone()));
    }

    /// Moves the current deadline past the players' absences (as far as they
    /// may push it); what to answer when it moved.
    fn push_deadline(&mut self, g: &mut Game) -> Result<Option<String>, Fail> {
        let Some(d) = g.deadline else { return Ok(None) };
        g.reload_players(self.conn)?;
        // chained absences cannot push a phase without end
        let kind = g.position.as_ref().map(|pos| pos.phase.kind).unwrap_or(PhaseKind::Movement);
        let limit = crate::play::deadline::absence_limit(self.conn, self.ctx, g, kind)?;
        let nd = crate::play::push_for_absences(d, &g.players).min(limit).max(d);
        if nd == d {
            return Ok(None);
        }
        g.deadline = Some(nd);
        g.grace_until = Some(crate::play::deadline::grace_end(g, kind, nd, self.ctx.cfg.timezone));
        g.save(self.conn)?;
        let (name, at) = (g.name.clone(), nd);
        let notice: Zoned = Box::new(move |tz| say::settings::deadline_moved_notice(&name, &timing::format_time(at, tz)));
        self.tell_later(g, About::Deadline, say::settings::deadline_moved_subject(g), notice);
        Ok(Some(say::settings::deadline_moves(&timing::format_time(nd, self.zone(g)))))
    }

    /// The master's SET DEADLINE: the current phase's; a time already passed
    /// processes the phase at once, so only when confirmed with `!`.
    pub(super) fn set_deadline(&mut self, arg: &str) -> R {
        let now = self.ctx.now();
        let (mut g, by) = self.setting_game("SET DEADLINE")?;
        let tz = self.zone(&g);
        let confirmed = arg.trim_end().ends_with('!');
        let d = timing::parse_date(arg.trim_end().trim_end_matches('!').trim(), tz, now, Self::deadline_time(&g)).map_err(bad_time)?;
        if d <= now && !confirmed {
            return Err(Refusal::DeadlinePassedConfirm { time: timing::format_time(d, tz), arg: arg.trim().to_string() }.into());
        }
        // the table hears of the mail's last deadline, once
        let (name, who) = (g.name.clone(), self.changer_named(&g, by));
        let notice: Zoned = Box::new(move |tz| say::settings::new_deadline_notice(&name, &who, &timing::format_time(d, tz)));
        self.tell_table_later(&g, About::Deadline, say::settings::new_deadline_subject(&g), notice)?;
        g.deadline = Some(d);
        let kind = crate::play::deadline::current_kind(&g);
        g.grace_until = Some(crate::play::deadline::grace_end(&g, kind, d, self.ctx.cfg.timezone));
        for m in [game::Mark::Reminded, game::Mark::LateNoticed, game::Mark::WaitingForMaster] {
            g.unmark(m);
        }
        g.late_told = None;
        g.save(self.conn)?;
        self.touch(g.id);
        Ok(vec![say::settings::deadline_set(&timing::format_time(d, tz))])
    }

    /// The master's SET GRACE: the end of the current grace period (a date;
    /// one already passed only when confirmed with `!`), or a new grace
    /// period (a duration) from the deadline on.
    pub(super) fn set_grace(&mut self, arg: &str) -> R {
        let now = self.ctx.now();
        let (mut g, by) = self.setting_game("SET GRACE")?;
        let tz = self.zone(&g);
        let confirmed = arg.trim_end().ends_with('!');
        let text = arg.trim_end().trim_end_matches('!').trim();
        // a new length (not a date) is the game's; kinds with their own keep theirs
        let mut kept = None;
        let d = match timing::parse_date(text, tz, now, Self::deadline_time(&g)) {
            Ok(d) if d <= now && !confirmed => return Err(bad_time(TimeError::GracePassedConfirm { when: d, tz, arg: text.to_string() }).into()),
            Ok(d) => d,
            Err(e) => match timing::parse_duration(text) {
                Ok(secs) => {
                    g.settings.grace_secs = secs;
                    kept = super::options::kinds_keep(&g.settings.phase_grace, say::time::PerKindWhat::Grace);
                    let kind = crate::play::deadline::current_kind(&g);
                    crate::play::deadline::grace_after(&g, kind, g.deadline.unwrap_or(now), secs, self.ctx.cfg.timezone)
                }
                Err(_) => return Err(bad_time(e).into()),
            },
        };
        g.grace_until = Some(d);
        g.unmark(game::Mark::WaitingForMaster);
        g.save(self.conn)?;
        self.touch(g.id);
        // an unmoderated game's table hears of its players' changes, once a mail
        if by != super::moderation::Changer::Master {
            let (name, who) = (g.name.clone(), self.changer_named(&g, by));
            let notice: Zoned = Box::new(move |tz| say::master::changed_notice(&name, &who, &say::settings::grace_until(&timing::format_time(d, tz))));
            self.tell_table_later(&g, About::Grace, say::master::changed_subject(&g), notice)?;
        }
        Ok([say::settings::grace_until(&timing::format_time(d, tz))].into_iter().chain(kept).collect())
    }

    /// The master's SET START date: the current phase is not processed
    /// before it; a date after the deadline moves the deadline to it (njudge).
    pub(super) fn set_not_before(&mut self, arg: &str) -> R {
        let now = self.ctx.now();
        let mut g = self.master_game()?;
        let tz = self.zone(&g);
        let d = timing::parse_future_date(arg, tz, now, Self::deadline_time(&g)).map_err(bad_time)?;
        let (name, who) = (g.name.clone(), self.changer_named(&g, super::moderation::Changer::Master));
        let notice: Zoned = Box::new(move |tz| say::time::not_before_notice(&name, &who, &timing::format_time(d, tz)));
        self.tell_table_later(&g, About::NotBefore, say::settings::new_deadline_subject(&g), notice)?;
        g.not_before = Some(d);
        let mut out = vec![say::time::not_before_set(&timing::format_time(d, tz))];
        if g.deadline.is_some_and(|x| x < d) {
            g.deadline = Some(d);
            let kind = crate::play::deadline::current_kind(&g);
            g.grace_until = Some(crate::play::deadline::grace_end(&g, kind, d, self.ctx.cfg.timezone));
            out.push(say::time::not_before_moves_deadline(&timing::format_time(d, tz)));
        }
        g.save(self.conn)?;
        Ok(out)
    }

    /// The master's SET BLACKOUT from [TO to]: days (in the game's zone) on
    /// which no deadline nor end of a grace period falls, from the next
    /// deadline on. Spans that are over are dropped.
    pub(super) fn set_blackout(&mut self, arg: &str) -> R {
        let now = self.ctx.now();
        let mut g = self.master_game()?;
        let tz = g.zone(self.ctx.cfg.timezone);
        if arg.trim().is_empty() {
            return Err(bad_time(TimeError::BlackoutUsage).into());
        }
        let day = |text: &str| -> Result<chrono::NaiveDate, Fail> {
            let t = timing::parse_date(text, tz, now, false).map_err(bad_time)?;
            Ok(timing::in_zone(&tz, t).map(|d| d.date_naive()).ok_or_else(|| bad_time(TimeError::OutOfRange { text: text.to_string() }))?)
        };
        let (from, to) = match arg.to_ascii_lowercase().find(" to ") {
            Some(i) => (day(&arg[..i])?, day(&arg[i + 4..])?),
            None => (day(arg)?, day(arg)?),
        };
        let span = Blackout { from, to };
        if to < from {
            return Err(bad_time(TimeError::BlackoutOrder { text: arg.trim().to_string() }).into());
        }
        if span.days() > timing::MAX_BLACKOUT_DAYS {
            return Err(bad_time(TimeError::BlackoutTooLong { text: arg.trim().to_string() }).into());
        }
        let today = timing::in_zone(&tz, now).map(|d| d.date_naive()).unwrap_or(from);
        g.settings.blackout.retain(|b| b.to >= today);
        if g.settings.blackout.len() >= timing::MAX_BLACKOUTS {
            return Err(bad_time(TimeError::TooManyBlackouts).into());
        }
        g.settings.blackout.push(span);
        g.settings.blackout.sort_by_key(|b| b.from);
        g.save(self.conn)?;
        let shown = |d: chrono::NaiveDate| d.format("%a %d %b %Y").to_string();
        let spans: Vec<String> = g.settings.blackout.iter().map(|b| say::time::blackout_span(&shown(b.from), &shown(b.to))).collect();
        Ok(vec![say::time::blackout_set(&spans)])
    }

    /// The master's SET NO BLACKOUT: no blackout days.
    pub(super) fn clear_blackout(&mut self) -> R {
        let mut g = self.master_game()?;
        g.settings.blackout.clear();
        g.save(self.conn)?;
        Ok(vec![say::time::blackouts_cleared()])
    }
}
