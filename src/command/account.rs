//! Games and seats: CREATE, joining, SIGNON, OBSERVE, RESIGN.

use super::{Fail, R, Role, Session, Signed};
use crate::game::{self, Game, GameStatus, Player, PlayerRole, PlayerStatus, pname};
use crate::map::PowerId;
use super::master::apply_option;

impl Session<'_> {
    pub(super) fn create(&mut self, name: &str, password: &str, variant: Option<&str>, options: &[String]) -> R {
        if !valid_game_name(name) {
            return Err(Fail::from(format!("`{name}` cannot be a game name: use up to 16 letters, digits, - or _")));
        }
        if password.len() < 4 {
            return Err(Fail::from("the password must have at least 4 characters"));
        }
        let mut opts: Vec<(String, String)> = Vec::new();
        for o in options {
            match o.split_once('=') {
                Some((k, v)) => opts.push((k.to_ascii_lowercase(), v.to_string())),
                None => return Err(Fail::from(format!("option `{o}` is not KEY=VALUE (like press=grey or nmr=no)"))),
            }
        }
        if let Some(need) = self.ctx.cfg.create_password.clone()
            && !opts.iter().any(|(k, v)| k == "judge" && *v == need)
        {
            return Err(Fail::from("creating games on this judge needs the judge's creation password: add judge=<password> to the CREATE line"));
        }
        if Game::by_name(self.conn, name)?.is_some() {
            return Err(Fail::from(format!("a game called {name} exists already")));
        }
        let vname = variant.unwrap_or("standard");
        let v = self.ctx.variant(vname)?;
        let mut g = Game {
            id: 0,
            name: name.to_string(),
            variant: v.name.clone(),
            status: GameStatus::Forming,
            paused: false,
            master_hash: self.ctx.hash_password(password),
            master_email: self.sender.clone(),
            settings: game::default_settings(self.ctx),
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
        g.insert(self.conn)?;
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

    pub(super) fn join(&mut self, name: &str, password: &str) -> R {
        let mut g = self.game(name)?;
        let v = self.ctx.variant(&g.variant)?;
        let players = Player::of_game(self.conn, g.id)?;
        let mine = players.iter().find(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Active && p.email.eq_ignore_ascii_case(&self.sender));
        if let Some(me) = mine {
            // already in: a sign-on
            if !me.pw_hash.as_deref().is_some_and(|h| self.ctx.check_password(h, password)) {
                return Err(Fail::from(format!("wrong password for your seat in game {}", g.name)));
            }
            return Ok(match me.power {
                Some(pw) => {
                    self.signed = Some(Signed { game_id: g.id, role: Role::Power { power: pw, player: Some(me.id), master: false } });
                    self.add_status(g.id, pw);
                    vec![format!("Signed on as {} in game {}.", pname(&v, pw), g.name)]
                }
                None => {
                    self.signed = Some(Signed { game_id: g.id, role: Role::Joined(me.id) });
                    vec![format!("Signed on to game {} (forming: {} of {} seats taken).", g.name, players.iter().filter(|p| p.role == PlayerRole::Player).count(), v.powers.len())]
                }
            });
        }
        if password.len() < 4 {
            return Err(Fail::from("choose a password of at least 4 characters"));
        }
        match g.status.as_str() {
            "forming" => {
                let mut p = Player::new(g.id, PlayerRole::Player, &self.sender, self.ctx.now());
                p.pw_hash = Some(self.ctx.hash_password(password));
                p.insert(self.conn)?;
                let taken = players.iter().filter(|p| p.role == PlayerRole::Player).count() + 1;
                self.signed = Some(Signed { game_id: g.id, role: Role::Joined(p.id) });
                let mut out = vec![format!("You joined game {} ({} of {} seats taken). SET PREFERENCE (like SET PREFERENCE FEG) says which powers you would like.", g.name, taken, v.powers.len())];
                if taken == v.powers.len() {
                    game::start(self.conn, self.ctx, &mut g)?;
                    let me = Player::of_game(self.conn, g.id)?.into_iter().find(|x| x.id == p.id);
                    if let Some(pw) = me.and_then(|m| m.power) {
                        self.signed = Some(Signed { game_id: g.id, role: Role::Power { power: pw, player: Some(p.id), master: false } });
                        out.push(format!("All seats are taken: the game starts. You are {} (SIGNON {}{} password).", pname(&v, pw), v.powers[pw as usize].letter, g.name));
                    }
                }
                Ok(out)
            }
            "active" => {
                let pos = g.position(&v)?.ok_or("game not started")?;
                let vacant = game::survivors(&v, &pos).into_iter().find(|&pw| Player::active_for(&players, pw).is_none());
                let Some(pw) = vacant else { return Err(Fail::from(format!("game {} has no vacant power", g.name))) };
                let mut p = Player::new(g.id, PlayerRole::Player, &self.sender, self.ctx.now());
                p.power = Some(pw);
                p.pw_hash = Some(self.ctx.hash_password(password));
                p.insert(self.conn)?;
                self.signed = Some(Signed { game_id: g.id, role: Role::Power { power: pw, player: Some(p.id), master: false } });
                self.add_status(g.id, pw);
                let master = g.master_email.clone();
                self.ctx.notice(self.conn, &master, &format!("Game {}: {} taken over", g.name, pname(&v, pw)), format!("A new player took over {} in game {}.\n", pname(&v, pw), g.name), Some(g.id), None)?;
                Ok(vec![format!("You take over {} in game {} (SIGNON {}{} password).", pname(&v, pw), g.name, v.powers[pw as usize].letter, g.name)])
            }
            _ => Err(Fail::from(format!("game {} is over", g.name))),
        }
    }

    pub(super) fn signon(&mut self, letter: char, name: &str, password: &str) -> R {
        let g = self.game(name)?;
        let v = self.ctx.variant(&g.variant)?;
        if letter == 'M' && !v.powers.iter().any(|p| p.letter.eq_ignore_ascii_case(&'M')) {
            if !self.ctx.check_password(&g.master_hash, password) {
                return Err(Fail::from(format!("wrong master password for game {}", g.name)));
            }
            self.signed = Some(Signed { game_id: g.id, role: Role::Master });
            return Ok(vec![format!("Signed on as the master of game {} ({}).", g.name, g.status)]);
        }
        let power = game::find_power(&v, &letter.to_string()).ok_or_else(|| {
            let letters: Vec<String> = (0..v.powers.len() as PowerId).map(|p| format!("{} {}", v.powers[p as usize].letter, pname(&v, p))).collect();
            format!("`{letter}` is not a power letter in game {} (letters: {}; M for the master)", g.name, letters.join(", "))
        })?;
        if g.status == GameStatus::Forming {
            return Err(Fail::from(format!("game {} has not started: powers are not assigned yet (SIGNON ?{} password signs on to your seat)", g.name, g.name)));
        }
        let players = Player::of_game(self.conn, g.id)?;
        let Some(p) = Player::active_for(&players, power) else {
            return Err(Fail::from(format!("nobody plays {} in game {} now", pname(&v, power), g.name)));
        };
        if !p.pw_hash.as_deref().is_some_and(|h| self.ctx.check_password(h, password)) {
            return Err(Fail::from(format!("wrong password for {} in game {}", pname(&v, power), g.name)));
        }
        self.signed = Some(Signed { game_id: g.id, role: Role::Power { power, player: Some(p.id), master: false } });
        if g.status == GameStatus::Active {
            self.add_status(g.id, power);
        }
        Ok(vec![format!("Signed on as {} in game {}.", pname(&v, power), g.name)])
    }
}

fn valid_game_name(n: &str) -> bool {
    !n.is_empty() && n.len() <= 16 && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}
