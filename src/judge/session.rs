//! One mail's commands, in order, and the reply that answers them.
//!
//! A mail starts signed on to nothing; `SIGNON` (or `CREATE`, or joining)
//! sets who the following lines speak for. Each line is echoed in the reply with
//! what came of it; passwords are masked. At the end, for every power the mail
//! signed on as: its complete order set, what is still missing, the deadline.
//! Never another player's orders or address.

use super::commands::{self, Cmd, SetKey};
use super::game::{self, Game, Player, pname};
use super::Ctx;
use crate::mail::read::Incoming;
use crate::map::PowerId;
use crate::timing::{self, Timing};
use minijinja::context;
use rusqlite::{Connection, params};

#[derive(Clone, Debug)]
enum Role {
    /// Joined a forming game (no power yet).
    Joined(i64),
    /// A power; `master` when the master used BECOME.
    Power { power: PowerId, player: Option<i64>, master: bool },
    Master,
}

#[derive(Clone, Debug)]
struct Signed {
    game_id: i64,
    role: Role,
}

struct Entry {
    input: String,
    responses: Vec<String>,
}

pub struct Session<'a> {
    conn: &'a Connection,
    ctx: &'a mut Ctx,
    sender: String,
    mail_id: Option<i64>,
    signed: Option<Signed>,
    entries: Vec<Entry>,
    statuses: Vec<(i64, PowerId)>,
    /// The position last read (game id, phase counter): orders of one mail share it.
    pos_cache: Option<(i64, i64, crate::adjudicate::Position)>,
}

type R = Result<Vec<String>, String>;

fn mask(line: &str, cmd: &Cmd) -> String {
    let w: Vec<&str> = line.split_whitespace().collect();
    match cmd {
        Cmd::Create { .. } | Cmd::Join { .. } | Cmd::Signon { .. } => {
            let skip = if w.first().is_some_and(|x| x.eq_ignore_ascii_case("sign")) { 1 } else { 0 };
            w.iter().enumerate().map(|(i, x)| if i == 2 + skip { "******" } else { x }).collect::<Vec<_>>().join(" ")
        }
        Cmd::Observe { password: Some(_), .. } => w.iter().enumerate().map(|(i, x)| if i == 2 { "******" } else { x }).collect::<Vec<_>>().join(" "),
        Cmd::Set { key: SetKey::Password, .. } => {
            let n = w.len();
            w.iter().enumerate().map(|(i, x)| if i == n - 1 && n > 2 { "******" } else { x }).collect::<Vec<_>>().join(" ")
        }
        _ => line.to_string(),
    }
}

fn valid_game_name(n: &str) -> bool {
    !n.is_empty() && n.len() <= 16 && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Runs the commands of one mail and returns the reply text.
pub fn run(conn: &Connection, ctx: &mut Ctx, inc: &Incoming, mail_id: i64) -> anyhow::Result<String> {
    let mut s = Session { conn, ctx, sender: inc.reply_to.clone(), mail_id: Some(mail_id), signed: None, entries: Vec::new(), statuses: Vec::new(), pos_cache: None };
    s.run_lines(&inc.lines)?;
    Ok(s.render(inc.cut_lines))
}

/// Runs master commands for `game` from the console (no password: shell access is the authority).
pub fn run_console(conn: &Connection, ctx: &mut Ctx, game: &str, lines: &[String]) -> anyhow::Result<String> {
    let g = Game::by_name(conn, game)?.ok_or_else(|| anyhow::anyhow!("no game called {game}"))?;
    let keeper = ctx.cfg.keeper.clone();
    let mut s = Session { conn, ctx, sender: keeper, mail_id: None, signed: Some(Signed { game_id: g.id, role: Role::Master }), entries: Vec::new(), statuses: Vec::new(), pos_cache: None };
    s.run_lines(lines)?;
    let text = s.render(0);
    game::process_ready(conn, ctx)?;
    Ok(text)
}

impl<'a> Session<'a> {
    fn run_lines(&mut self, lines: &[String]) -> anyhow::Result<()> {
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].trim();
            i += 1;
            if line.is_empty() {
                continue;
            }
            let cmd = commands::parse(line);
            let input = mask(line, &cmd);
            let result = match &cmd {
                Cmd::Signoff => {
                    self.entries.push(Entry { input, responses: vec!["Signed off: the rest of the mail is not read.".into()] });
                    break;
                }
                Cmd::Press { .. } | Cmd::Broadcast { .. } => {
                    let start = i;
                    while i < lines.len() && commands::parse(lines[i].trim()) != Cmd::EndPress {
                        i += 1;
                    }
                    if i >= lines.len() {
                        self.entries.push(Entry { input, responses: vec![format!("Error: no ENDPRESS after the press: nothing was sent. End the message with a line ENDPRESS ({} line(s) were not read as commands).", lines.len() - start)] });
                        break;
                    }
                    let body = lines[start..i].join("\n");
                    i += 1; // ENDPRESS
                    match cmd {
                        Cmd::Press { to, grey } => self.press(to.as_deref(), grey, &body),
                        Cmd::Broadcast { grey } => self.press(None, grey, &body),
                        _ => unreachable!(),
                    }
                }
                _ => self.command(cmd.clone(), line),
            };
            let responses = match result {
                Ok(r) => r,
                Err(e) => vec![format!("Error: {e}")],
            };
            self.entries.push(Entry { input, responses });
        }
        Ok(())
    }

    fn render(&mut self, cut_lines: usize) -> String {
        let mut statuses = Vec::new();
        let list = std::mem::take(&mut self.statuses);
        for (gid, p) in list {
            if let Ok(Some(s)) = self.status(gid, p) {
                statuses.push(s);
            }
        }
        let entries: Vec<minijinja::Value> = self.entries.iter().map(|e| context! { input => e.input.clone(), responses => e.responses.iter().map(|r| wrap(r, 74)).collect::<Vec<_>>() }).collect();
        self.ctx.templates.render(
            "reply.txt",
            context! { judge => self.ctx.cfg.name.clone(), entries => entries, statuses => statuses, cut_lines => cut_lines, max_lines => self.ctx.cfg.limits.max_lines },
        )
    }

    fn status(&mut self, game_id: i64, power: PowerId) -> anyhow::Result<Option<minijinja::Value>> {
        let g = Game::by_id(self.conn, game_id)?;
        if g.status != "active" {
            return Ok(None);
        }
        let v = self.ctx.variant(&g.variant).map_err(anyhow::Error::msg)?;
        let Some(pos) = g.position(&v)? else { return Ok(None) };
        let rows = game::current_orders(self.conn, g.id, g.seq, Some(power))?;
        let orders = game::parsed_orders(&v, pos.phase.kind, &rows);
        let n = game::needs(&v, &pos, power, &orders);
        let players = Player::of_game(self.conn, g.id)?;
        let waiting = Player::active_for(&players, power).is_some_and(|p| p.wait);
        let now = self.ctx.now();
        let tz = self.ctx.cfg.timezone;
        let (deadline, left) = match g.deadline {
            Some(d) if g.paused => (format!("{} (the game is paused)", timing::format_time(d, tz)), String::new()),
            Some(d) if d > now => (timing::format_time(d, tz), format!("{} from now", timing::format_span(d - now))),
            Some(d) => (timing::format_time(d, tz), "passed: send your orders now".into()),
            None => ("none".into(), String::new()),
        };
        let phase = if n.needs { v.calendar.long_name(pos.phase) } else { format!("{} (nothing for you to order)", v.calendar.long_name(pos.phase)) };
        Ok(Some(context! {
            game => g.name, power => pname(&v, power), phase => phase,
            orders => rows.iter().map(|(_, _, t)| t.clone()).collect::<Vec<_>>(),
            missing => n.missing, complete => n.complete && n.needs, waiting => waiting, deadline => deadline, left => left,
        }))
    }

    fn add_status(&mut self, game_id: i64, power: PowerId) {
        if !self.statuses.contains(&(game_id, power)) {
            self.statuses.push((game_id, power));
        }
    }

    fn game(&self, name: &str) -> Result<Game, String> {
        Game::by_name(self.conn, name.trim_start_matches('?')).map_err(|e| e.to_string())?.ok_or_else(|| format!("there is no game called `{name}` on this judge (LIST shows the games)"))
    }

    fn signed_game(&self) -> Result<(Signed, Game), String> {
        let s = self.signed.clone().ok_or("you are not signed on: start with SIGNON Xgame password (X: your power's letter)")?;
        let g = Game::by_id(self.conn, s.game_id).map_err(|e| e.to_string())?;
        Ok((s, g))
    }

    fn master_game(&self) -> Result<Game, String> {
        let (s, g) = self.signed_game()?;
        match s.role {
            Role::Master | Role::Power { master: true, .. } => Ok(g),
            _ => Err(format!("only the master of game {} may do that (SIGNON M{} password)", g.name, g.name)),
        }
    }

    fn power_game(&self) -> Result<(PowerId, Option<i64>, Game), String> {
        let (s, g) = self.signed_game()?;
        match s.role {
            Role::Power { power, player, .. } => Ok((power, player, g)),
            Role::Joined(_) => Err(format!("game {} has not started yet: powers are assigned when every seat is taken", g.name)),
            Role::Master => Err("you are signed on as the master: BECOME a power first".into()),
        }
    }

    fn player(&self, id: Option<i64>) -> Result<Player, String> {
        let (s, _) = self.signed_game()?;
        let id = id.ok_or("no player holds this power")?;
        Player::of_game(self.conn, s.game_id).map_err(|e| e.to_string())?.into_iter().find(|p| p.id == id).ok_or_else(|| "player not found".into())
    }

    fn touch(&mut self, game_id: i64) {
        if !self.ctx.touched.contains(&game_id) {
            self.ctx.touched.push(game_id);
        }
    }

    fn command(&mut self, cmd: Cmd, line: &str) -> R {
        let db = |e: rusqlite::Error| format!("database error: {e}");
        let any = |e: anyhow::Error| format!("{e:#}");
        match cmd {
            Cmd::Bad(m) => Err(m),
            Cmd::Help => Ok(vec![self.ctx.templates.render("help.txt", context! { judge => self.ctx.cfg.name.clone() })]),
            Cmd::Create { game, password, variant, options } => self.create(&game, &password, variant.as_deref(), &options),
            Cmd::Join { game, password } => self.join(&game, &password),
            Cmd::Signon { letter, game, password } => self.signon(letter, &game, &password),
            Cmd::Observe { game, .. } => {
                let g = self.game(&game)?;
                let players = Player::of_game(self.conn, g.id).map_err(db)?;
                if players.iter().any(|p| p.email.eq_ignore_ascii_case(&self.sender) && p.status == "active") {
                    return Ok(vec![format!("You already get the reports of game {}.", g.name)]);
                }
                let mut p = Player { id: 0, game_id: g.id, role: "observer".into(), power: None, email: self.sender.clone(), pw_hash: None, preference: None, wait: false, draw: None, concede: None, absences: vec![], status: "active".into(), joined: self.ctx.now() };
                p.insert(self.conn).map_err(db)?;
                Ok(vec![format!("You now observe game {}: you will get its reports and broadcasts.", g.name)])
            }
            Cmd::List(None) => self.list_all(),
            Cmd::List(Some(g)) => self.list_game(&g),
            Cmd::History { game, from, to } => self.history(&game, from.as_deref(), to.as_deref()),
            Cmd::Summary(game) => self.summary(&game),
            Cmd::Clear => {
                let (power, _, g) = self.power_game()?;
                let n = self.conn.execute("UPDATE orders SET active = 0 WHERE game_id = ?1 AND seq = ?2 AND power = ?3 AND active = 1", params![g.id, g.seq, power]).map_err(db)?;
                self.add_status(g.id, power);
                Ok(vec![format!("Cleared: {n} order(s) dropped.")])
            }
            Cmd::EndPress => Err("ENDPRESS without PRESS".into()),
            Cmd::Set { key, arg } => self.set(key, arg.trim()),
            Cmd::Resign => {
                let (s, g) = self.signed_game()?;
                let pid = match s.role {
                    Role::Joined(id) => id,
                    Role::Power { player: Some(id), master: false, .. } => id,
                    _ => return Err("only a player can resign".into()),
                };
                let mut p = self.player(Some(pid))?;
                p.status = "resigned".into();
                p.save(self.conn).map_err(db)?;
                if g.status == "forming" {
                    self.conn.execute("DELETE FROM players WHERE id = ?1", [pid]).map_err(db)?;
                }
                let master = g.master_email.clone();
                let who = match p.power {
                    Some(pw) => pname(&*self.ctx.variant(&g.variant)?, pw),
                    None => "a player".into(),
                };
                self.ctx.notice(self.conn, &master, &format!("Game {}: {who} resigned", g.name), format!("{who} resigned from game {}. The power takes default orders until someone takes it over with SIGNON ?{} password.\n", g.name, g.name), Some(g.id), None).map_err(db)?;
                self.signed = None;
                Ok(vec![format!("You have resigned from game {}.", g.name)])
            }
            Cmd::Signoff | Cmd::Press { .. } | Cmd::Broadcast { .. } => unreachable!("handled by run_lines"),
            Cmd::Process { force } => {
                let mut g = self.master_game()?;
                if g.status != "active" {
                    return Err(format!("game {} is {}", g.name, g.status));
                }
                let v = self.ctx.variant(&g.variant)?;
                let pos = g.position(&v).map_err(any)?.ok_or("the game has not started")?;
                if !force {
                    let rows = game::current_orders(self.conn, g.id, g.seq, None).map_err(db)?;
                    let orders = game::parsed_orders(&v, pos.phase.kind, &rows);
                    let missing: Vec<String> = (0..v.powers.len() as PowerId).filter(|&p| {
                        let n = game::needs(&v, &pos, p, &orders);
                        n.needs && !n.complete
                    }).map(|p| pname(&v, p)).collect();
                    if !missing.is_empty() {
                        return Err(format!("orders are missing from {}: not processed. PROCESS! processes now, with default orders for them.", missing.join(", ")));
                    }
                }
                let name = v.calendar.long_name(pos.phase);
                game::process(self.conn, self.ctx, &mut g, "the master processed it").map_err(any)?;
                Ok(vec![format!("{name} processed; the report is mailed to everyone.")])
            }
            Cmd::Predict => {
                let g = self.master_game()?;
                let text = game::predict(self.conn, self.ctx, &g).map_err(any)?;
                Ok(vec!["What would happen if the phase were processed now:".into(), text])
            }
            Cmd::Pause => {
                let mut g = self.master_game()?;
                g.paused = true;
                g.save(self.conn).map_err(db)?;
                let players = Player::of_game(self.conn, g.id).map_err(db)?;
                game::tell_all(self.conn, self.ctx, &g, &players, &format!("Game {} is paused", g.name), &format!("The master has paused game {}. Deadlines are suspended until it resumes.\n", g.name)).map_err(db)?;
                Ok(vec![format!("Game {} paused.", g.name)])
            }
            Cmd::Resume => {
                let mut g = self.master_game()?;
                g.paused = false;
                let now = self.ctx.now();
                let players = Player::of_game(self.conn, g.id).map_err(db)?;
                if g.deadline.is_some_and(|d| d <= now) {
                    let v = self.ctx.variant(&g.variant)?;
                    if let Some(pos) = g.position(&v).map_err(any)? {
                        game::set_deadline(self.ctx, &mut g, pos.phase.kind, &players);
                    }
                }
                g.save(self.conn).map_err(db)?;
                let d = g.deadline.map(|d| timing::format_time(d, self.ctx.cfg.timezone)).unwrap_or_default();
                game::tell_all(self.conn, self.ctx, &g, &players, &format!("Game {} resumes", g.name), &format!("Game {} resumes. Deadline: {d}.\n", g.name)).map_err(db)?;
                self.touch(g.id);
                Ok(vec![format!("Game {} resumed; deadline {d}.", g.name)])
            }
            Cmd::Terminate => {
                let mut g = self.master_game()?;
                game::finish(self.conn, self.ctx, &mut g, "The master terminated the game.").map_err(any)?;
                Ok(vec![format!("Game {} terminated.", g.name)])
            }
            Cmd::Eject(p) => {
                let g = self.master_game()?;
                let v = self.ctx.variant(&g.variant)?;
                let power = game::find_power(&v, &p).ok_or(format!("`{p}` is not a power of this game"))?;
                let players = Player::of_game(self.conn, g.id).map_err(db)?;
                let mut pl = Player::active_for(&players, power).cloned().ok_or(format!("nobody plays {}", pname(&v, power)))?;
                pl.status = "ejected".into();
                pl.save(self.conn).map_err(db)?;
                self.ctx.notice(self.conn, &pl.email, &format!("Game {}: you were removed", g.name), format!("The master of game {} removed you from {}.\n", g.name, pname(&v, power)), Some(g.id), None).map_err(db)?;
                Ok(vec![format!("{} is now vacant; a new player can take it with SIGNON ?{} password.", pname(&v, power), g.name)])
            }
            Cmd::Become(p) => {
                let g = self.master_game()?;
                let v = self.ctx.variant(&g.variant)?;
                let power = game::find_power(&v, &p).ok_or(format!("`{p}` is not a power of this game"))?;
                let players = Player::of_game(self.conn, g.id).map_err(db)?;
                let player = Player::active_for(&players, power).map(|p| p.id);
                self.signed = Some(Signed { game_id: g.id, role: Role::Power { power, player, master: true } });
                self.add_status(g.id, power);
                Ok(vec![format!("The lines below act for {} (as its master).", pname(&v, power))])
            }
            Cmd::Rollback(phase) => self.rollback(&phase),
            Cmd::NotCommand => self.order(line),
        }
    }

    fn create(&mut self, name: &str, password: &str, variant: Option<&str>, options: &[String]) -> R {
        if !valid_game_name(name) {
            return Err(format!("`{name}` cannot be a game name: use up to 16 letters, digits, - or _"));
        }
        if password.len() < 4 {
            return Err("the password must have at least 4 characters".into());
        }
        let mut opts: Vec<(String, String)> = Vec::new();
        for o in options {
            match o.split_once('=') {
                Some((k, v)) => opts.push((k.to_ascii_lowercase(), v.to_string())),
                None => return Err(format!("option `{o}` is not KEY=VALUE (like press=grey or nmr=no)")),
            }
        }
        if let Some(need) = self.ctx.cfg.create_password.clone()
            && !opts.iter().any(|(k, v)| k == "judge" && *v == need)
        {
            return Err("creating games on this judge needs the judge's creation password: add judge=<password> to the CREATE line".into());
        }
        if Game::by_name(self.conn, name).map_err(|e| e.to_string())?.is_some() {
            return Err(format!("a game called {name} exists already"));
        }
        let vname = variant.unwrap_or("standard");
        let v = self.ctx.variant(vname)?;
        let mut g = Game {
            id: 0,
            name: name.to_string(),
            variant: v.name.clone(),
            status: "forming".into(),
            paused: false,
            master_hash: self.ctx.hash_password(password),
            master_email: self.sender.clone(),
            settings: game::Settings::defaults(self.ctx),
            position: None,
            seq: 0,
            deadline: None,
            grace_until: None,
            reminded: -1,
            late_noticed: -1,
            waiting_gm: -1,
            result: None,
            created: self.ctx.now(),
        };
        let mut out = Vec::new();
        for (k, val) in opts.iter().filter(|(k, _)| k != "judge") {
            out.push(apply_option(&mut g, &v, k, val)?);
        }
        g.insert(self.conn).map_err(|e| e.to_string())?;
        self.signed = Some(Signed { game_id: g.id, role: Role::Master });
        out.insert(
            0,
            format!(
                "Game {} created ({}, {} powers). You are its master: sign on later with SIGNON M{} <password>. Players join with SIGNON ?{} <a password of their own>; the game starts when all {} seats are taken.",
                g.name,
                v.title,
                v.powers.len(),
                g.name,
                g.name,
                v.powers.len()
            ),
        );
        Ok(out)
    }

    fn join(&mut self, name: &str, password: &str) -> R {
        let mut g = self.game(name)?;
        let v = self.ctx.variant(&g.variant)?;
        let players = Player::of_game(self.conn, g.id).map_err(|e| e.to_string())?;
        let mine = players.iter().find(|p| p.role == "player" && p.status == "active" && p.email.eq_ignore_ascii_case(&self.sender));
        if let Some(me) = mine {
            // already in: a sign-on
            if !me.pw_hash.as_deref().is_some_and(|h| self.ctx.check_password(h, password)) {
                return Err(format!("wrong password for your seat in game {}", g.name));
            }
            return Ok(match me.power {
                Some(pw) => {
                    self.signed = Some(Signed { game_id: g.id, role: Role::Power { power: pw, player: Some(me.id), master: false } });
                    self.add_status(g.id, pw);
                    vec![format!("Signed on as {} in game {}.", pname(&v, pw), g.name)]
                }
                None => {
                    self.signed = Some(Signed { game_id: g.id, role: Role::Joined(me.id) });
                    vec![format!("Signed on to game {} (forming: {} of {} seats taken).", g.name, players.iter().filter(|p| p.role == "player").count(), v.powers.len())]
                }
            });
        }
        if password.len() < 4 {
            return Err("choose a password of at least 4 characters".into());
        }
        match g.status.as_str() {
            "forming" => {
                let mut p = Player { id: 0, game_id: g.id, role: "player".into(), power: None, email: self.sender.clone(), pw_hash: Some(self.ctx.hash_password(password)), preference: None, wait: false, draw: None, concede: None, absences: vec![], status: "active".into(), joined: self.ctx.now() };
                p.insert(self.conn).map_err(|e| e.to_string())?;
                let taken = players.iter().filter(|p| p.role == "player").count() + 1;
                self.signed = Some(Signed { game_id: g.id, role: Role::Joined(p.id) });
                let mut out = vec![format!("You joined game {} ({} of {} seats taken). SET PREFERENCE (like SET PREFERENCE FEG) says which powers you would like.", g.name, taken, v.powers.len())];
                if taken == v.powers.len() {
                    game::start(self.conn, self.ctx, &mut g).map_err(|e| format!("{e:#}"))?;
                    let me = Player::of_game(self.conn, g.id).map_err(|e| e.to_string())?.into_iter().find(|x| x.id == p.id);
                    if let Some(pw) = me.and_then(|m| m.power) {
                        self.signed = Some(Signed { game_id: g.id, role: Role::Power { power: pw, player: Some(p.id), master: false } });
                        out.push(format!("All seats are taken: the game starts. You are {} (SIGNON {}{} password).", pname(&v, pw), v.powers[pw as usize].letter, g.name));
                    }
                }
                Ok(out)
            }
            "active" => {
                let pos = g.position(&v).map_err(|e| e.to_string())?.ok_or("game not started")?;
                let vacant = game::survivors(&v, &pos).into_iter().find(|&pw| Player::active_for(&players, pw).is_none());
                let Some(pw) = vacant else { return Err(format!("game {} has no vacant power", g.name)) };
                let mut p = Player { id: 0, game_id: g.id, role: "player".into(), power: Some(pw), email: self.sender.clone(), pw_hash: Some(self.ctx.hash_password(password)), preference: None, wait: false, draw: None, concede: None, absences: vec![], status: "active".into(), joined: self.ctx.now() };
                p.insert(self.conn).map_err(|e| e.to_string())?;
                self.signed = Some(Signed { game_id: g.id, role: Role::Power { power: pw, player: Some(p.id), master: false } });
                self.add_status(g.id, pw);
                let master = g.master_email.clone();
                self.ctx.notice(self.conn, &master, &format!("Game {}: {} taken over", g.name, pname(&v, pw)), format!("A new player took over {} in game {}.\n", pname(&v, pw), g.name), Some(g.id), None).map_err(|e| e.to_string())?;
                Ok(vec![format!("You take over {} in game {} (SIGNON {}{} password).", pname(&v, pw), g.name, v.powers[pw as usize].letter, g.name)])
            }
            _ => Err(format!("game {} is over", g.name)),
        }
    }

    fn signon(&mut self, letter: char, name: &str, password: &str) -> R {
        let g = self.game(name)?;
        let v = self.ctx.variant(&g.variant)?;
        if letter == 'M' && !v.powers.iter().any(|p| p.letter.eq_ignore_ascii_case(&'M')) {
            if !self.ctx.check_password(&g.master_hash, password) {
                return Err(format!("wrong master password for game {}", g.name));
            }
            self.signed = Some(Signed { game_id: g.id, role: Role::Master });
            return Ok(vec![format!("Signed on as the master of game {} ({}).", g.name, g.status)]);
        }
        let power = game::find_power(&v, &letter.to_string()).ok_or_else(|| {
            let letters: Vec<String> = (0..v.powers.len() as PowerId).map(|p| format!("{} {}", v.powers[p as usize].letter, pname(&v, p))).collect();
            format!("`{letter}` is not a power letter in game {} (letters: {}; M for the master)", g.name, letters.join(", "))
        })?;
        if g.status == "forming" {
            return Err(format!("game {} has not started: powers are not assigned yet (SIGNON ?{} password signs on to your seat)", g.name, g.name));
        }
        let players = Player::of_game(self.conn, g.id).map_err(|e| e.to_string())?;
        let Some(p) = Player::active_for(&players, power) else {
            return Err(format!("nobody plays {} in game {} now", pname(&v, power), g.name));
        };
        if !p.pw_hash.as_deref().is_some_and(|h| self.ctx.check_password(h, password)) {
            return Err(format!("wrong password for {} in game {}", pname(&v, power), g.name));
        }
        self.signed = Some(Signed { game_id: g.id, role: Role::Power { power, player: Some(p.id), master: false } });
        if g.status == "active" {
            self.add_status(g.id, power);
        }
        Ok(vec![format!("Signed on as {} in game {}.", pname(&v, power), g.name)])
    }

    fn order(&mut self, line: &str) -> R {
        let Ok((power, _, g)) = self.power_game() else {
            return Err(match &self.signed {
                None => "not a command, and not an order: you are not signed on to a power (SIGNON Xgame password first). HELP lists the commands.".into(),
                Some(_) => self.power_game().err().unwrap_or_default(),
            });
        };
        if g.status != "active" {
            return Err(format!("game {} is {}: no orders are taken", g.name, g.status));
        }
        let v = self.ctx.variant(&g.variant)?;
        let pos = match self.pos_cache.take() {
            Some((id, seq, p)) if id == g.id && seq == g.seq => p,
            _ => g.position(&v).map_err(|e| e.to_string())?.ok_or("the game has not started")?,
        };
        let rules = g.rules(&v)?;
        let now = self.ctx.now();
        let results = game::submit_line(self.conn, &v, &rules, &g, &pos, power, line, self.mail_id, now);
        self.pos_cache = Some((g.id, g.seq, pos));
        self.add_status(g.id, power);
        self.touch(g.id);
        let mut out = Vec::new();
        let mut failed = false;
        for r in results {
            match r {
                Ok(c) => out.push(format!("{c}: accepted.")),
                Err(e) => {
                    failed = true;
                    out.push(format!("Error: {e}"));
                }
            }
        }
        if failed && out.len() == 1 {
            return Err(out.remove(0).trim_start_matches("Error: ").to_string());
        }
        Ok(out)
    }

    fn press(&mut self, to: Option<&str>, grey: bool, body: &str) -> R {
        let (s, g) = self.signed_game()?;
        if g.status == "finished" {
            return Err(format!("game {} is over", g.name));
        }
        if body.len() > self.ctx.cfg.limits.max_press_bytes {
            return Err(format!("the press is {} bytes; the limit is {}: nothing was sent", body.len(), self.ctx.cfg.limits.max_press_bytes));
        }
        let v = self.ctx.variant(&g.variant)?;
        let (from_power, from_name) = match s.role {
            Role::Power { power, .. } => (Some(power), pname(&v, power)),
            Role::Master => (None, "The master".to_string()),
            Role::Joined(_) => return Err("press starts once the game has started".into()),
        };
        let players = Player::of_game(self.conn, g.id).map_err(|e| e.to_string())?;
        let to_master_only = to.is_some_and(|t| t.eq_ignore_ascii_case("m") || t.eq_ignore_ascii_case("master"));
        if g.settings.press == "none" && from_power.is_some() && !to_master_only {
            return Err("this is a no-press game: press may only go to the master (PRESS TO M)".into());
        }
        if grey && g.settings.press != "grey" {
            return Err("anonymous (grey) press is not allowed in this game".into());
        }
        let mut recipients: Vec<(String, String)> = Vec::new(); // (address, name)
        let to_text;
        if to_master_only {
            recipients.push((g.master_email.clone(), "the master".into()));
            to_text = "the master".to_string();
        } else if let Some(t) = to {
            if !g.settings.partial && from_power.is_some() {
                return Err("this game has no partial press: use BROADCAST".into());
            }
            let list = game::parse_powers(&v, t)?;
            for &p in &list {
                match Player::active_for(&players, p) {
                    Some(pl) => recipients.push((pl.email.clone(), pname(&v, p))),
                    None => return Err(format!("nobody plays {} now: nothing was sent", pname(&v, p))),
                }
            }
            to_text = list.iter().map(|&p| pname(&v, p)).collect::<Vec<_>>().join(", ");
        } else {
            for pl in players.iter().filter(|p| p.status == "active" || p.status == "eliminated") {
                recipients.push((pl.email.clone(), String::new()));
            }
            recipients.push((g.master_email.clone(), "the master".into()));
            to_text = "everyone (broadcast)".to_string();
        }
        if let Some(fp) = from_power {
            // not to oneself
            if let Some(me) = Player::active_for(&players, fp) {
                recipients.retain(|(a, _)| !a.eq_ignore_ascii_case(&me.email));
            }
        }
        let shown_from = if grey { "Someone (anonymous)".to_string() } else { from_name.clone() };
        let pos = g.position(&v).map_err(|e| e.to_string())?;
        let phase = pos.map(|p| v.calendar.long_name(p.phase)).unwrap_or_else(|| "forming".into());
        let text = self.ctx.templates.render("press.txt", context! { game => g.name.clone(), phase => phase, from => shown_from.clone(), to => to_text.clone(), body => body });
        let mut seen: Vec<String> = Vec::new();
        for (addr, _) in &recipients {
            if seen.iter().any(|a| a.eq_ignore_ascii_case(addr)) {
                continue;
            }
            seen.push(addr.clone());
            self.ctx.notice(self.conn, addr, &format!("Press in game {} from {}", g.name, shown_from), text.clone(), Some(g.id), None).map_err(|e| e.to_string())?;
        }
        if to.is_none()
            && let Some(l) = g.settings.list_address.clone()
        {
            self.ctx.notice(self.conn, &l, &format!("Press in game {} from {}", g.name, shown_from), text.clone(), Some(g.id), Some(g.list_id(self.ctx))).map_err(|e| e.to_string())?;
        }
        self.conn
            .execute(
                "INSERT INTO press (game_id, seq, from_power, recipients, grey, body, mail_id, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![g.id, g.seq, from_power, to_text, grey, body, self.mail_id, self.ctx.now()],
            )
            .map_err(|e| e.to_string())?;
        Ok(vec![format!("Press sent to {to_text}{} ({} line(s)).", if grey { ", anonymously" } else { "" }, body.lines().count())])
    }

    fn set(&mut self, key: SetKey, arg: &str) -> R {
        let db = |e: rusqlite::Error| format!("database error: {e}");
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
                        let pos = g.position(&v).map_err(|e| e.to_string())?.ok_or("not started")?;
                        let surv = game::survivors(&v, &pos);
                        if !arg.is_empty() {
                            let list = game::parse_powers(&v, arg)?;
                            if list != surv {
                                return Err(format!("draws on this judge include every surviving power: {}", surv.iter().map(|&q| pname(&v, q)).collect::<Vec<_>>().join(", ")));
                            }
                        }
                        p.draw = Some(surv.iter().map(|&q| v.powers[q as usize].letter).collect());
                        "Your vote for a draw including all survivors is recorded (it stays secret; the draw happens when every survivor has voted).".to_string()
                    }
                    SetKey::NoDraw => {
                        p.draw = None;
                        "Draw vote withdrawn.".to_string()
                    }
                    SetKey::Concede => {
                        let to = game::find_power(&v, arg).ok_or(format!("`{arg}` is not a power of this game"))?;
                        if to == power {
                            return Err("you cannot concede to yourself".into());
                        }
                        p.concede = Some(to);
                        format!("You concede to {} (the game ends when every other survivor does).", pname(&v, to))
                    }
                    _ => {
                        p.concede = None;
                        "Concession withdrawn.".to_string()
                    }
                };
                p.save(self.conn).map_err(db)?;
                let mut out = vec![msg];
                if matches!(key, SetKey::Draw | SetKey::Concede)
                    && let Some(result) = game::check_votes(self.conn, self.ctx, &mut g).map_err(|e| format!("{e:#}"))?
                {
                    out.push(format!("The game is over: {result}"));
                }
                self.add_status(g.id, power);
                Ok(out)
            }
            SetKey::Absence => {
                let (power, pid, mut g) = self.power_game()?;
                let lower = arg.to_ascii_lowercase();
                let Some(i) = lower.find(" to ") else { return Err("write SET ABSENCE 2026-12-24 TO 2026-12-27".into()) };
                let a = timing::parse_date(&arg[..i], tz, now, false)?;
                let b = timing::parse_date(&arg[i + 4..], tz, now, true)?;
                if b <= a || b <= now {
                    return Err("the absence must end after it starts, and in the future".into());
                }
                if b - a > 21 * 86_400 {
                    return Err("an absence may last at most 21 days; ask the master to PAUSE the game for longer".into());
                }
                let mut p = self.player(pid)?;
                p.absences.retain(|&(_, e)| e > now);
                p.absences.push((a, b));
                p.save(self.conn).map_err(db)?;
                let players = Player::of_game(self.conn, g.id).map_err(db)?;
                let mut out = vec![format!("Absence recorded: {} to {}. Deadlines falling in it move to its end.", timing::format_time(a, tz), timing::format_time(b, tz))];
                if let Some(d) = g.deadline {
                    let nd = game::push_for_absences(d, &players);
                    if nd != d {
                        g.deadline = Some(nd);
                        g.grace_until = Some(nd + g.settings.grace_secs);
                        g.save(self.conn).map_err(db)?;
                        out.push(format!("The current deadline moves to {}.", timing::format_time(nd, tz)));
                        game::tell_all(self.conn, self.ctx, &g, &players, &format!("Game {}: deadline moved", g.name), &format!("A player's absence moves the deadline of game {} to {}.\n", g.name, timing::format_time(nd, tz))).map_err(db)?;
                    }
                }
                self.add_status(g.id, power);
                Ok(out)
            }
            SetKey::Password => {
                if arg.len() < 4 || arg.contains(' ') {
                    return Err("a password has at least 4 characters and no spaces".into());
                }
                let (s, mut g) = self.signed_game()?;
                match s.role {
                    Role::Master => {
                        g.master_hash = self.ctx.hash_password(arg);
                        g.save(self.conn).map_err(db)?;
                    }
                    Role::Joined(id) | Role::Power { player: Some(id), master: false, .. } => {
                        let mut p = self.player(Some(id))?;
                        p.pw_hash = Some(self.ctx.hash_password(arg));
                        p.save(self.conn).map_err(db)?;
                    }
                    _ => return Err("sign on as the player to change their password".into()),
                }
                Ok(vec!["Password changed.".into()])
            }
            SetKey::Address => {
                if arg.parse::<lettre::Address>().is_err() {
                    return Err(format!("`{arg}` is not a mail address"));
                }
                let (s, mut g) = self.signed_game()?;
                match s.role {
                    Role::Master => {
                        g.master_email = arg.to_string();
                        g.save(self.conn).map_err(db)?;
                    }
                    Role::Joined(id) | Role::Power { player: Some(id), master: false, .. } => {
                        let mut p = self.player(Some(id))?;
                        p.email = arg.to_string();
                        p.save(self.conn).map_err(db)?;
                    }
                    _ => return Err("sign on as the player to change their address".into()),
                }
                Ok(vec![format!("Mail for you in game {} now goes to {arg}.", g.name)])
            }
            SetKey::Preference => {
                let (s, g) = self.signed_game()?;
                let Role::Joined(id) = s.role else { return Err("preferences are given before the game starts".into()) };
                let v = self.ctx.variant(&g.variant)?;
                let list = parse_pref(&v, arg)?;
                let mut p = self.player(Some(id))?;
                p.preference = Some(list.iter().map(|&q| v.powers[q as usize].letter).collect());
                p.save(self.conn).map_err(db)?;
                Ok(vec![format!("Preference recorded: {}.", list.iter().map(|&q| pname(&v, q)).collect::<Vec<_>>().join(", "))])
            }
            _ => {
                let mut g = self.master_game()?;
                let v = self.ctx.variant(&g.variant)?;
                let msg = match key {
                    SetKey::Deadline => {
                        let d = timing::parse_date(arg, tz, now, true)?;
                        g.deadline = Some(d);
                        g.grace_until = Some(d + g.settings.grace_secs);
                        g.reminded = g.reminded.min(g.seq - 1);
                        g.late_noticed = g.late_noticed.min(g.seq - 1);
                        g.waiting_gm = g.waiting_gm.min(g.seq - 1);
                        let players = Player::of_game(self.conn, g.id).map_err(db)?;
                        let text = format!("The master set the deadline of game {} to {}.\n", g.name, timing::format_time(d, tz));
                        g.save(self.conn).map_err(db)?;
                        game::tell_all(self.conn, self.ctx, &g, &players, &format!("Game {}: new deadline", g.name), &text).map_err(db)?;
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
                                Err(_) => return Err(e),
                            },
                        };
                        g.grace_until = Some(d);
                        g.waiting_gm = g.waiting_gm.min(g.seq - 1);
                        format!("Grace period until {}.", timing::format_time(d, tz))
                    }
                    _ => apply_option(&mut g, &v, setkey_name(key), arg)?,
                };
                g.save(self.conn).map_err(db)?;
                self.touch(g.id);
                Ok(vec![msg])
            }
        }
    }

    fn rollback(&mut self, phase: &str) -> R {
        let mut g = self.master_game()?;
        let v = self.ctx.variant(&g.variant)?;
        let want = phase.to_ascii_uppercase();
        let row: Option<(i64, String)> = self
            .conn
            .query_row("SELECT seq, position FROM phases WHERE game_id = ?1 AND upper(phase) = ?2 ORDER BY seq DESC LIMIT 1", params![g.id, want], |r| Ok((r.get(0)?, r.get(1)?)))
            .ok();
        let Some((seq, position)) = row else { return Err(format!("game {} has no processed phase {want} (HISTORY shows them)", g.name)) };
        self.conn.execute("DELETE FROM phases WHERE game_id = ?1 AND seq >= ?2", params![g.id, seq]).map_err(|e| e.to_string())?;
        self.conn.execute("UPDATE orders SET active = 0 WHERE game_id = ?1 AND seq >= ?2", params![g.id, seq]).map_err(|e| e.to_string())?;
        g.seq = seq;
        g.position = Some(position);
        g.status = "active".into();
        g.result = None;
        g.reminded = seq - 1;
        g.late_noticed = seq - 1;
        g.waiting_gm = seq - 1;
        let players = Player::of_game(self.conn, g.id).map_err(|e| e.to_string())?;
        let pos = g.position(&v).map_err(|e| e.to_string())?.ok_or("bad position")?;
        game::set_deadline(self.ctx, &mut g, pos.phase.kind, &players);
        g.save(self.conn).map_err(|e| e.to_string())?;
        let text = format!("The master rolled game {} back to {}. All orders must be sent again. Deadline: {}.\n", g.name, v.calendar.long_name(pos.phase), timing::format_time(g.deadline.unwrap_or(0), self.ctx.cfg.timezone));
        game::tell_all(self.conn, self.ctx, &g, &players, &format!("Game {} rolled back", g.name), &text).map_err(|e| e.to_string())?;
        Ok(vec![format!("Rolled back to {}.", v.calendar.long_name(pos.phase))])
    }

    fn list_all(&mut self) -> R {
        let games = Game::all(self.conn).map_err(|e| e.to_string())?;
        if games.is_empty() {
            return Ok(vec!["No games on this judge yet. CREATE ?name password starts one.".into()]);
        }
        let mut out = vec![format!("{:<16} {:<10} {:<9} {}", "game", "variant", "status", "phase / seats")];
        for g in games {
            let v = self.ctx.variant(&g.variant)?;
            let detail = match g.status.as_str() {
                "forming" => {
                    let n = Player::of_game(self.conn, g.id).map_err(|e| e.to_string())?.iter().filter(|p| p.role == "player").count();
                    format!("{n} of {} seats taken", v.powers.len())
                }
                "active" => g.position(&v).ok().flatten().map(|p| v.calendar.long_name(p.phase)).unwrap_or_default() + if g.paused { " (paused)" } else { "" },
                _ => g.result.clone().unwrap_or_default(),
            };
            out.push(format!("{:<16} {:<10} {:<9} {}", g.name, g.variant, g.status, detail));
        }
        Ok(vec![out.join("\n")])
    }

    fn list_game(&mut self, name: &str) -> R {
        let g = self.game(name)?;
        let v = self.ctx.variant(&g.variant)?;
        let tz = self.ctx.cfg.timezone;
        let players = Player::of_game(self.conn, g.id).map_err(|e| e.to_string())?;
        let mut out = vec![format!("Game {} ({}), {}{}", g.name, v.title, g.status, if g.paused { ", paused" } else { "" })];
        if let Some(pos) = g.position(&v).map_err(|e| e.to_string())? {
            out.push(format!("Phase: {}", v.calendar.long_name(pos.phase)));
            if let Some(d) = g.deadline {
                out.push(format!("Deadline: {}", timing::format_time(d, tz)));
            }
            let rows = game::current_orders(self.conn, g.id, g.seq, None).map_err(|e| e.to_string())?;
            let orders = game::parsed_orders(&v, pos.phase.kind, &rows);
            for p in 0..v.powers.len() as PowerId {
                let n = game::needs(&v, &pos, p, &orders);
                let who = if Player::active_for(&players, p).is_some() { "played" } else { "vacant" };
                let state = if !n.needs { "nothing to order" } else if n.complete { "orders in" } else { "orders missing" };
                out.push(format!("  {:<10} {:2} centres  {who}, {state}", pname(&v, p), pos.center_count(p)));
            }
        } else {
            let n = players.iter().filter(|p| p.role == "player").count();
            out.push(format!("Forming: {n} of {} seats taken. Join with SIGNON ?{} password.", v.powers.len(), g.name));
        }
        let s = &g.settings;
        out.push(format!(
            "Press: {}{}; missing orders after the grace period: {}; timing: movement `{}`, retreats `{}`, adjustments `{}`, grace {}",
            s.press,
            if s.partial { "" } else { " (broadcast only)" },
            if s.nmr { "default" } else { "the game waits for the master" },
            s.movement,
            s.retreat,
            s.adjustment,
            timing::format_span(s.grace_secs)
        ));
        if let Some(r) = &g.result {
            out.push(format!("Result: {r}"));
        }
        Ok(vec![out.join("\n")])
    }

    fn history(&mut self, name: &str, from: Option<&str>, to: Option<&str>) -> R {
        let g = self.game(name)?;
        let rows: Vec<(i64, String, String)> = {
            let mut st = self.conn.prepare("SELECT seq, phase, report FROM phases WHERE game_id = ?1 ORDER BY seq").map_err(|e| e.to_string())?;
            st.query_map([g.id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?))).map_err(|e| e.to_string())?.collect::<Result<_, _>>().map_err(|e| e.to_string())?
        };
        if rows.is_empty() {
            return Ok(vec![format!("Game {} has no processed phases yet.", g.name)]);
        }
        let find = |p: &str| rows.iter().position(|(_, n, _)| n.eq_ignore_ascii_case(p) || n[..n.len() - 1].eq_ignore_ascii_case(p));
        let a = match from {
            Some(p) => find(p).ok_or(format!("no phase {p} in game {} (phases are named like S1901M, F1901R, W1901A)", g.name))?,
            None => 0,
        };
        let b = match to {
            Some(p) => find(p).ok_or(format!("no phase {p} in game {}", g.name))?,
            None => rows.len() - 1,
        };
        if b < a {
            return Err("TO comes before FROM".into());
        }
        let (a, cut) = if b - a >= 30 { (b - 29, true) } else { (a, false) };
        let mut out = Vec::new();
        if cut {
            out.push("(only the last 30 phases of that range; ask with FROM and TO for earlier ones)".to_string());
        }
        for (_, _, report) in &rows[a..=b] {
            out.push(format!("{}\n{}", "=".repeat(70), report.trim_end()));
        }
        Ok(vec![out.join("\n")])
    }

    fn summary(&mut self, name: &str) -> R {
        let g = self.game(name)?;
        let v = self.ctx.variant(&g.variant)?;
        let positions: Vec<String> = {
            let mut st = self.conn.prepare("SELECT position FROM phases WHERE game_id = ?1 ORDER BY seq").map_err(|e| e.to_string())?;
            st.query_map([g.id], |r| r.get(0)).map_err(|e| e.to_string())?.collect::<Result<_, _>>().map_err(|e| e.to_string())?
        };
        let mut lines = vec![format!("Summary of game {} ({}), {}", g.name, v.title, g.status)];
        let head: String = v.powers.iter().map(|p| format!(" {:>4}", &p.name[..3.min(p.name.len())])).collect();
        lines.push(format!("{:<8}{head}", "year"));
        let mut last_year = None;
        let mut all: Vec<crate::adjudicate::Position> = Vec::new();
        for p in positions {
            let value: serde_json::Value = serde_json::from_str(&p).map_err(|e| e.to_string())?;
            all.push(crate::contract::position_from_json(&v, &value)?);
        }
        if let Some(cur) = g.position(&v).map_err(|e| e.to_string())? {
            all.push(cur);
        }
        for pos in &all {
            if last_year == Some(pos.phase.year) {
                continue;
            }
            last_year = Some(pos.phase.year);
            let counts: String = (0..v.powers.len() as PowerId).map(|p| format!(" {:>4}", pos.center_count(p))).collect();
            lines.push(format!("{:<8}{counts}", pos.phase.year));
        }
        let players = Player::of_game(self.conn, g.id).map_err(|e| e.to_string())?;
        lines.push(String::new());
        for p in 0..v.powers.len() as PowerId {
            let state = match players.iter().filter(|x| x.power == Some(p)).next_back() {
                Some(x) => x.status.clone(),
                None => if g.status == "forming" { "not assigned".into() } else { "vacant".into() },
            };
            lines.push(format!("{:<10} {state}", pname(&v, p)));
        }
        if let Some(r) = &g.result {
            lines.push(format!("Result: {r}"));
        }
        Ok(vec![lines.join("\n")])
    }
}

fn parse_pref(v: &crate::map::Variant, arg: &str) -> Result<Vec<PowerId>, String> {
    let out = game::parse_powers_in_order(v, arg)?;
    if out.is_empty() {
        return Err("give powers in the order you want them, like SET PREFERENCE FEG".into());
    }
    Ok(out)
}

fn setkey_name(k: SetKey) -> &'static str {
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
    let forming = g.status == "forming";
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
            if s.nmr { "Missing orders take the defaults after the grace period.".into() } else { "After the grace period the game waits for the master.".into() }
        }
        "nonmr" => {
            s.nmr = false;
            "After the grace period the game waits for the master.".into()
        }
        "press" => {
            let p = val.trim().to_ascii_lowercase();
            let p = match p.as_str() {
                "white" => "white",
                "grey" | "gray" => "grey",
                "none" | "no" => "none",
                _ => return Err(format!("press is white, grey or none, not `{val}`")),
            };
            s.press = p.to_string();
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
            if a != "random" && a != "preference" {
                return Err("assignment is random or preference".into());
            }
            s.assignment = a.clone();
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
                return Err(format!("unknown option `{other}` (press, nmr, partial, movement, retreat, adjustment, grace, reminder, list, assignment, or a rule)"));
            }
        }
    })
}

/// Runs commands that need no game from the console (LIST, SUMMARY ...).
pub fn run_anonymous(conn: &Connection, ctx: &mut Ctx, lines: &[String]) -> anyhow::Result<String> {
    let keeper = ctx.cfg.keeper.clone();
    let mut s = Session { conn, ctx, sender: keeper, mail_id: None, signed: None, entries: Vec::new(), statuses: Vec::new(), pos_cache: None };
    s.run_lines(lines)?;
    Ok(s.render(0))
}

/// Creates a game from the console, with `master` as its master's address.
pub fn run_console_create(j: &mut super::Judge, master: &str, game: &str, password: &str, variant: &str) -> anyhow::Result<String> {
    let tx = j.conn.transaction()?;
    let text = {
        let mut s = Session { conn: &tx, ctx: &mut j.ctx, sender: master.to_string(), mail_id: None, signed: None, entries: Vec::new(), statuses: Vec::new(), pos_cache: None };
        s.run_lines(&[format!("CREATE ?{game} {password} {variant}")])?;
        s.render(0)
    };
    tx.commit()?;
    Ok(text)
}

/// Wraps long lines at spaces (continuations indented by two), leaving short
/// lines (tables, reports) as they are.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if line.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let mut col = 0;
        for (j, word) in line.split(' ').enumerate() {
            let n = word.chars().count();
            if j > 0 && col + 1 + n > width && col > 0 {
                out.push_str("\n  ");
                col = 2;
            } else if j > 0 {
                out.push(' ');
                col += 1;
            }
            out.push_str(word);
            col += n;
        }
    }
    out
}
