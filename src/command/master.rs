//! The master's commands: ROLLBACK (the rest are dispatched in `mod.rs`), and game options.

use super::parse::SetKey;
use super::{Fail, R, Session};
use crate::game::{self, Assignment, Game, GameStatus, Player, PlayerRole, PlayerStatus, Press, pname};
use crate::map::PowerId;
use crate::report::say;
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
                return Err(Fail::User(say::master::not_an_observer(who, &g)));
            }
            return Ok(vec![say::master::observer_ejected(who, &g)]);
        }
        let power = game::find_power(&v, who).ok_or_else(|| say::master::not_a_power_or_address(who))?;
        // a player of several powers is ejected from its whole seat
        let power = g.seat_power(&v, power);
        let mut pl = Player::active_for(&players, power).cloned().ok_or_else(|| say::master::nobody_plays(&pname(&v, power)))?;
        pl.status = PlayerStatus::Ejected;
        pl.left = Some(self.ctx.now());
        pl.save(self.conn)?;
        self.ctx.notice(self.conn, &pl.email, &say::master::ejected_subject(&g), say::master::ejected_notice(&g, &pname(&v, power)), Some(g.id), None)?;
        Ok(vec![say::master::power_vacant(&pname(&v, power), g.settings.takeover_approval)])
    }

    /// APPROVE / REJECT power: the master's answer to a request to take over a vacant power.
    pub(super) fn approve(&mut self, power: &str, yes: bool) -> R {
        let g = self.master_game()?;
        let v = self.ctx.variant(&g.variant)?;
        let power = game::find_power(&v, power).ok_or_else(|| say::game::not_a_power(power))?;
        let power = g.seat_power(&v, power);
        let players = Player::of_game(self.conn, g.id)?;
        let pending: Vec<Player> =
            players.iter().filter(|p| p.role == PlayerRole::Player && p.power == Some(power) && p.status == PlayerStatus::Pending).cloned().collect();
        let Some(first) = pending.first().cloned() else { return Err(Fail::User(say::master::nobody_asked(&pname(&v, power)))) };
        if yes && Player::active_for(&players, power).is_some() {
            return Err(Fail::User(say::master::not_vacant(&pname(&v, power))));
        }
        let name = pname(&v, power);
        for mut p in pending {
            let taken = yes && p.id == first.id;
            p.status = if taken { PlayerStatus::Active } else { PlayerStatus::Resigned };
            if taken {
                p.seated = Some(self.ctx.now());
            }
            p.save(self.conn)?;
            let (subject, text) = if taken {
                (say::master::approved_subject(&g, &name), say::master::approved_notice(&g, &name, v.powers[power as usize].letter))
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
            return Err(Fail::User(say::master::table_mail_limit(g, limit, &again)));
        }
        crate::store::outbox::table_mail(self.conn, g.id, now)?;
        Ok(())
    }

    pub(super) fn rollback(&mut self, phase: &str) -> R {
        let mut g = self.master_game()?;
        let v = self.ctx.variant(&g.variant)?;
        let want = phase.to_ascii_uppercase();
        let row = crate::store::phases::find(self.conn, g.id, &want)?;
        let Some((seq, position)) = row else { return Err(Fail::User(say::master::no_processed_phase(&g, &want))) };
        self.table_mail(&g)?;
        // the phases replaced stay in the record, as the game's next branch
        crate::store::phases::undo_from(self.conn, g.id, seq, self.ctx.now())?;
        crate::store::orders::clear_from(self.conn, g.id, seq)?;
        g.seq = seq;
        g.position = Some(position);
        g.status = GameStatus::Active;
        g.result = None;
        g.ending = None;
        g.reminded = seq - 1;
        g.late_noticed = seq - 1;
        g.waiting_gm = seq - 1;
        let players = Player::of_game(self.conn, g.id)?;
        let pos = g.position(&v)?.ok_or_else(say::master::bad_position)?;
        // the two-player game: back before its coin, or Italy's joining
        crate::play::world_war::rewind(&mut g, pos.phase);
        crate::play::set_deadline(self.ctx, &mut g, pos.phase.kind, &players);
        g.save(self.conn)?;
        let text = say::master::rolled_back_notice(&g, &v.calendar.long_name(pos.phase), &timing::format_time(g.deadline.unwrap_or(0), self.ctx.cfg.timezone));
        crate::play::tell_all(self.conn, self.ctx, &g, &players, &say::master::rolled_back_subject(&g), &text)?;
        Ok(vec![say::master::rolled_back(&v.calendar.long_name(pos.phase))])
    }
}

pub(super) fn parse_pref(v: &crate::map::Variant, arg: &str) -> Result<Vec<PowerId>, String> {
    let out = game::parse_powers_in_order(v, arg)?;
    if out.is_empty() {
        return Err(say::settings::preference_usage());
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
        SetKey::End => "end",
        SetKey::Centers => "centers",
        SetKey::Dias => "dias",
        SetKey::NoDias => "nodias",
        SetKey::Anonymous => "anonymous",
        SetKey::NoAnonymous => "noanonymous",
        SetKey::Webhook => "webhook",
        SetKey::NoWebhook => "nowebhook",
        _ => "",
    }
}

/// Applies one game option (from CREATE's `key=value` or a master's SET).
/// `judge` is the judge's own address (a list address may not be it).
pub fn apply_option(g: &mut Game, v: &crate::map::Variant, cfg: &crate::config::Config, key: &str, val: &str) -> Result<String, String> {
    let judge = cfg.address.as_str();
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
            say::master::timing_set(key, val)
        }
        "reminder" => {
            s.reminder_secs = timing::parse_duration(val)?;
            say::master::reminders(&timing::format_span(s.reminder_secs))
        }
        "grace" => {
            s.grace_secs = timing::parse_duration(val)?;
            say::master::grace_period(&timing::format_span(s.grace_secs))
        }
        "nmr" => {
            s.nmr = yes(val);
            say::master::nmr(s.nmr)
        }
        "nonmr" => {
            s.nmr = false;
            say::master::nmr(false)
        }
        "press" => {
            let p = val.trim().to_ascii_lowercase();
            let p = match p.as_str() {
                "white" => Press::White,
                "grey" | "gray" => Press::Grey,
                "none" | "no" => Press::None,
                _ => return Err(say::master::press_values(val)),
            };
            s.press = p;
            say::master::press_set(p)
        }
        "partial" => {
            s.partial = yes(val);
            say::master::partial(s.partial)
        }
        "nopartial" => {
            s.partial = false;
            say::master::partial(false)
        }
        "list" => {
            // `SET LIST addr [TEXT|MARKDOWN|BBCODE]`
            let mut words = val.split_whitespace();
            let a = words.next().unwrap_or("");
            let format = match words.next() {
                Some(w) => crate::report::results::ReportFormat::parse(w).ok_or_else(|| say::master::list_format_values(w))?,
                None => crate::report::results::ReportFormat::Text,
            };
            if words.next().is_some() {
                return Err(say::master::list_format_values(val.trim()));
            }
            if a.is_empty() || a.eq_ignore_ascii_case("none") {
                s.list_address = None;
                s.list_code = None;
                s.list_confirmed = true;
                s.list_format = Default::default();
                say::master::no_list_address()
            } else if a.parse::<lettre::Address>().is_ok() && crate::mail::read::answerable(a, judge).is_ok() {
                let key = crate::mail::mailbox_key(a);
                // a list that asked for no more mail stays off until someone
                // there confirms anew (a fresh request, at most one a day)
                let stopped = s.list_stopped.contains(&key);
                let same = s.list_address.as_deref().is_some_and(|l| l.eq_ignore_ascii_case(a));
                if !same || stopped {
                    // nothing goes there until someone there confirms
                    s.list_address = Some(a.to_string());
                    s.list_confirmed = false;
                    s.list_code = Some(crate::password::confirmation_code());
                }
                s.list_format = format;
                let set = say::master::list_address(a, format, s.list_confirmed);
                if stopped { format!("{} {set}", say::master::list_stopped(a)) } else { set }
            } else {
                return Err(say::master::not_an_address(a));
            }
        }
        "assignment" => {
            if !forming {
                return Err(say::master::already_assigned());
            }
            let a = val.trim().to_ascii_lowercase();
            s.assignment = match a.as_str() {
                "random" => Assignment::Random,
                "preference" => Assignment::Preference,
                _ => return Err(say::master::assignment_values()),
            };
            say::master::assigned_by(&a)
        }
        "players" => {
            // a game for fewer players (CREATE only: nobody has joined yet)
            if !forming {
                return Err(say::master::rules_before_start());
            }
            let seating = crate::rules::fewer_players(v, val).ok_or_else(|| say::master::players_values(val))?;
            let name = |p: &PowerId| v.powers[*p as usize].name.clone();
            s.neutral = seating.neutral.iter().map(name).collect();
            let several = seating.groups.iter().any(|g| g.len() > 1);
            s.groups = if several { seating.groups.iter().map(|g| g.iter().map(name).collect()).collect() } else { Vec::new() };
            s.closed = Vec::new();
            s.world_war = None;
            let seat_names = |g: &Vec<PowerId>| say::seats::powers(&g.iter().map(|&p| crate::game::pname(v, p)).collect::<Vec<_>>());
            if seating.world_war {
                s.closed = crate::rules::WORLD_WAR_CLOSED.iter().map(|c| c.to_string()).collect();
                s.world_war = Some(crate::store::games::WorldWar { seed: 0, winner: None, joined: false });
                let neutral: Vec<String> = seating.neutral.iter().map(|&p| crate::game::pname(v, p)).collect();
                say::seats::world_war_set(
                    &seating.groups.iter().map(seat_names).collect::<Vec<_>>(),
                    &neutral.join(", "),
                    &crate::rules::WORLD_WAR_CLOSED,
                    crate::rules::WORLD_WAR_YEAR,
                    crate::rules::WORLD_WAR_CENTERS,
                )
            } else if several {
                say::seats::groups_set(val.trim(), &seating.groups.iter().map(seat_names).collect::<Vec<_>>())
            } else {
                let names: Vec<String> = seating.neutral.iter().map(|&p| crate::game::pname(v, p)).collect();
                say::master::players_set(seating.groups.len(), &names)
            }
        }
        "end" => {
            // a short game: the last year played, not one already over
            let a = val.trim();
            if a.eq_ignore_ascii_case("none") {
                s.end_year = None;
                say::master::no_end_year()
            } else {
                let first = g.position(v).ok().flatten().map_or(v.start.year, |p| p.phase.year);
                let year: i32 = a.parse().map_err(|_| say::master::end_values(a, first))?;
                if year < first {
                    return Err(say::master::end_values(a, first));
                }
                g.settings.end_year = Some(year);
                say::master::end_year(year)
            }
        }
        "centers" | "centres" => {
            // a solo victory at n centres: at least one, at most every centre of the map
            let a = val.trim();
            let most = v.center_count();
            if a.eq_ignore_ascii_case("none") {
                s.victory_count = None;
                say::master::map_victory_count(crate::rules::map_victory_count(v))
            } else {
                let n: u32 = a.parse().ok().filter(|&n| n >= 1 && n as usize <= most).ok_or_else(|| say::master::centers_values(a, most))?;
                s.victory_count = Some(n);
                say::master::victory_count(n)
            }
        }
        "dias" => {
            s.dias = yes(val);
            say::master::dias(s.dias)
        }
        "nodias" => {
            s.dias = false;
            say::master::dias(false)
        }
        "anonymous" => {
            s.anonymous = yes(val);
            say::master::anonymous(s.anonymous)
        }
        "webhook" => {
            // SET WEBHOOK DISCORD url | SET WEBHOOK DISCOURSE url TOPIC n KEY k USER u
            let w = parse_webhook(val)?;
            crate::publish::check_url(&cfg.webhooks, &w.url).map_err(|e| say::master::webhook_refused(&e.to_string()))?;
            s.webhooks.retain(|x| x.url != w.url);
            if s.webhooks.len() >= crate::publish::MAX_WEBHOOKS {
                return Err(say::master::too_many_webhooks(crate::publish::MAX_WEBHOOKS));
            }
            let shown = say::master::webhook_set(&w);
            s.webhooks.push(w);
            shown
        }
        "nowebhook" => {
            s.webhooks.clear();
            say::master::no_webhooks()
        }
        "noanonymous" => {
            s.anonymous = false;
            say::master::anonymous(false)
        }
        "rule" => {
            if !forming {
                return Err(say::master::rules_before_start());
            }
            let (k, x) = val.split_once('=').ok_or_else(say::master::rule_usage)?;
            let mut r = crate::rules::Rulebook::for_variant(v);
            r.set(k.trim(), x.trim())?;
            s.rules.insert(k.trim().to_string(), x.trim().to_string());
            say::master::rule_set(k.trim(), x.trim())
        }
        other => {
            // CREATE options may name a rule directly
            if forming && crate::rules::Rulebook::for_variant(v).set(other, val).is_ok() {
                s.rules.insert(other.to_string(), val.to_string());
                say::master::rule_set(other, val)
            } else {
                return Err(say::master::unknown_option(other));
            }
        }
    })
}

/// `DISCORD url` or `DISCOURSE url TOPIC n KEY k USER u` (words in any order after the URL).
fn parse_webhook(val: &str) -> Result<crate::publish::Webhook, String> {
    use crate::publish::{Kind, Webhook};
    let w: Vec<&str> = val.split_whitespace().collect();
    let kind = match w.first().map(|k| k.to_ascii_lowercase()) {
        Some(k) if k == "discord" => Kind::Discord,
        Some(k) if k == "discourse" => Kind::Discourse,
        _ => return Err(say::master::webhook_usage()),
    };
    let url = w.get(1).ok_or_else(say::master::webhook_usage)?.to_string();
    let mut hook = Webhook { kind, url, topic: None, key: None, user: None };
    let mut i = 2;
    while i < w.len() {
        let value = w.get(i + 1).ok_or_else(say::master::webhook_usage)?;
        match w[i].to_ascii_uppercase().as_str() {
            "TOPIC" => hook.topic = Some(value.parse().map_err(|_| say::master::webhook_usage())?),
            "KEY" => hook.key = Some(value.to_string()),
            "USER" => hook.user = Some(value.to_string()),
            _ => return Err(say::master::webhook_usage()),
        }
        i += 2;
    }
    if kind == Kind::Discourse && (hook.topic.is_none() || hook.key.is_none() || hook.user.is_none()) {
        return Err(say::master::webhook_usage());
    }
    if kind == Kind::Discord && (hook.topic.is_some() || hook.key.is_some() || hook.user.is_some()) {
        return Err(say::master::webhook_usage());
    }
    Ok(hook)
}
