//! The community (issue 22): REGISTER and WHOIS (a player's profile, shown
//! only by its owner's choice), WHOGAME, the games one may join (`SIGNON ?`,
//! `SIGNON ?game`), private games (SET PRIVATE, SET PUBLIC, INVITE), VERSION,
//! GET (the help files), and a line that is no command and no order.

use super::{Fail, R, Role, Session};
use crate::game::refusal::{Refusal, ToolRefusal};
use crate::game::{self, Game, GameStatus, Player, PlayerRole, PlayerStatus, pname};
use crate::report::say;
use crate::store::profiles::{Fields, Profile};

/// The addresses a private game's master may invite.
pub const MAX_INVITATIONS: usize = 20;
/// The lines a REGISTER form may have (between REGISTER and END).
pub const MAX_REGISTER_LINES: usize = 20;
/// The longest value of a profile's line, in characters.
pub const MAX_FIELD_CHARS: usize = 80;
/// The profiles one WHOIS shows at most.
pub const MAX_WHOIS: usize = 10;
/// The longest help file GET mails, in bytes (a longer one is cut).
pub const MAX_HELP_BYTES: usize = 20_000;
/// The shortest join password of a private game.
pub const MIN_JOIN_PASSWORD: usize = 4;

/// The help files GET serves (`templates/help/NAME.txt`).
pub const HELP_TOPICS: &[&str] = &["index", "press", "deadlines", "draws", "master", "form"];
/// njudge's new user's package (`GET PACKAGE`): what a newcomer reads first.
pub const PACKAGE: &[&str] = &["index", "form"];

impl Session<'_> {
    /// SET PRIVATE password: newcomers join only with it (or an invitation).
    pub(super) fn set_private(&mut self, pw: &str) -> R {
        let mut g = self.master_game()?;
        if pw.chars().count() < MIN_JOIN_PASSWORD || pw.contains(char::is_whitespace) {
            return Err(ToolRefusal::JoinPasswordTooShort { min: MIN_JOIN_PASSWORD }.into());
        }
        g.settings.join_hash = Some(self.new_hash(pw)?);
        g.save(self.conn)?;
        Ok(vec![say::community::private_set(&g)])
    }

    /// SET PUBLIC (SET NO PRIVATE): anyone may join again.
    pub(super) fn set_public(&mut self) -> R {
        let mut g = self.master_game()?;
        g.settings.join_hash = None;
        // njudge's SET PUBLIC is its SET LIST: the game is listed too
        g.settings.listed = crate::store::games::Listing::Listed;
        g.save(self.conn)?;
        Ok(vec![say::community::public_set(&g)])
    }

    /// INVITE address: that address may join the private game without its
    /// password; it is told (at most one request to a mailbox a day).
    pub(super) fn invite(&mut self, who: &str) -> R {
        let mut g = self.master_game()?;
        if who.parse::<lettre::Address>().is_err() || crate::mail::read::answerable(who, &self.ctx.cfg.address).is_err() {
            return Err(ToolRefusal::NotAnAddress { word: who.to_string() }.into());
        }
        let key = crate::mail::mailbox_key(who);
        if !g.settings.invited.contains(&key) {
            if g.settings.invited.len() >= MAX_INVITATIONS {
                return Err(ToolRefusal::TooManyInvitations { max: MAX_INVITATIONS }.into());
            }
            g.settings.invited.push(key);
            g.save(self.conn)?;
        }
        let body = say::community::invitation(&g, &g.master_email, &self.ctx.cfg.address);
        let (told, _) = self.consent_request(who, &say::community::invitation_subject(&g), body, Some(g.id), None)?;
        Ok(vec![say::community::invited(who, &g), told])
    }

    /// Whether the sender may join `g` (a private game: invited, or with
    /// its join password `key`).
    pub(super) fn may_join(&mut self, g: &Game, key: Option<&str>) -> Result<(), Fail> {
        let Some(hash) = g.settings.join_hash.clone() else { return Ok(()) };
        if g.settings.invited.contains(&crate::mail::mailbox_key(&self.sender)) {
            return Ok(());
        }
        let Some(key) = key else { return Err(ToolRefusal::PrivateGame { game: g.name.clone() }.into()) };
        let seat = super::Seat {
            key: format!("game:{}:join", g.id),
            owner: g.master_email.clone(),
            master: g.master_email.clone(),
            game: g.name.clone(),
            what: say::community::the_join_password(),
        };
        if !self.check_seat(&seat, Some(&hash), key)? {
            return Err(ToolRefusal::WrongJoinPassword { game: g.name.clone() }.into());
        }
        Ok(())
    }

    /// `SIGNON ?`: the games one may join; `SIGNON ?game`: how to join it.
    pub(super) fn join_info(&mut self, name: Option<&str>) -> R {
        let Some(name) = name else {
            let open = self.open_games()?;
            return Ok(vec![if open.is_empty() { say::community::nothing_open() } else { say::community::open_games(&open) }]);
        };
        let g = self.game(name)?;
        let private = g.settings.join_hash.is_some();
        Ok(vec![match g.status {
            GameStatus::Forming if self.count_kept(&g) => say::community::join_forming_secret(&g, private),
            GameStatus::Forming => say::community::join_forming(&g, taken(&g), g.seats.len(), private),
            GameStatus::Active => say::community::join_active(&g, &vacant(&g), private),
            GameStatus::Finished => say::community::join_finished(&g),
        }])
    }

    /// The games with a seat to take: forming with seats open, or running
    /// with vacant powers; a private one by its name alone.
    /// The game `SIGNON ? password` joins (njudge's next forming game): the
    /// oldest forming game with a seat open, listed, without a join
    /// password, that the sender is not in.
    pub(super) fn next_forming(&mut self) -> Result<String, Fail> {
        let me = crate::mail::mailbox_key(&self.sender);
        let mut forming: Vec<_> = crate::store::games::identities(self.conn)?.into_iter().filter(|k| k.status == GameStatus::Forming).collect();
        forming.sort_by_key(|k| k.id);
        for known in forming {
            let g = match self.ctx.game(self.conn, known.id) {
                Ok(g) => g,
                Err(e) => {
                    tracing::error!("SIGNON ? password: {e}");
                    continue;
                }
            };
            let mine = g.players.iter().any(|p| crate::mail::mailbox_key(&p.email) == me);
            let open = g.seats.len() > taken(&g) && g.settings.join_hash.is_none() && g.settings.listed != crate::store::games::Listing::Unlisted;
            if open && !mine {
                return Ok(g.name);
            }
        }
        Err(ToolRefusal::NoFormingGame.into())
    }

    pub(super) fn open_games(&mut self) -> Result<Vec<String>, Fail> {
        let mut out = Vec::new();
        for known in crate::store::games::identities(self.conn)? {
            if known.status == GameStatus::Finished {
                continue;
            }
            let g = match self.ctx.game(self.conn, known.id) {
                Ok(g) => g,
                Err(e) => {
                    tracing::error!("SIGNON ?: {e}");
                    continue;
                }
            };
            let open = match g.status {
                GameStatus::Forming => g.seats.len().saturating_sub(taken(&g)),
                _ => vacant(&g).len(),
            };
            // an unlisted game (SET NOLIST): only for its own people
            if open == 0 || (g.settings.listed == crate::store::games::Listing::Unlisted && !self.sees_addresses(&g)) {
                continue;
            }
            out.push(match (g.settings.join_hash.is_some(), g.status) {
                (true, _) => say::community::open_private(&g),
                (false, GameStatus::Forming) if self.count_kept(&g) => say::community::open_forming_secret(&g),
                (false, GameStatus::Forming) => say::community::open_forming(&g, open, g.seats.len()),
                (false, _) => say::community::open_vacant(&g, &vacant(&g)),
            });
        }
        Ok(out)
    }
}

/// Players in a forming game.
pub(super) fn taken(g: &Game) -> usize {
    g.players.iter().filter(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Active).count()
}

/// The powers of a running game nobody plays (by name).
pub(super) fn vacant(g: &Game) -> Vec<String> {
    let Some(pos) = g.position.as_ref() else { return Vec::new() };
    let v = g.v();
    let mut out: Vec<String> = Vec::new();
    for p in game::survivors(g, pos).into_iter().map(|p| g.seat_power(p)) {
        let name = pname(v, p);
        if Player::active_for(&g.players, p).is_none() && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

impl Session<'_> {
    /// REGISTER ... END: the sender's profile (njudge's form, kept small).
    ///
    /// A profile is written only with proof that the mail comes from its
    /// address, since anyone can write any From:
    /// - the mail signed on, before REGISTER, to a seat that address holds
    ///   (a power's or a joined seat's password from the player's own
    ///   address, the master's or a co-master's, an observer's code): the
    ///   form takes effect, a first profile or a change;
    /// - an address with no profile yet that consents to the judge's mail
    ///   ([`crate::context::gate::consents`]: someone there answered a code
    ///   mailed there, or the keeper trusts it): its first profile takes
    ///   effect;
    /// - otherwise (a change without a password, a first profile from an
    ///   address that has not consented) the form waits, the last one an
    ///   address sent, for 30 days: the reply, which goes to that address
    ///   alone, carries a code, and the form takes effect when `REGISTER`,
    ///   `Confirm: code`, `END` comes back from there.
    ///
    /// So a forged From, which never sees the reply, changes no one's
    /// profile, and makes none for an address that has not consented.
    pub(super) fn register(&mut self, lines: &[String]) -> R {
        let lines: Vec<&str> = lines.iter().map(|l| l.trim()).filter(|l| !l.is_empty()).collect();
        if lines.len() > MAX_REGISTER_LINES {
            return Err(ToolRefusal::RegisterTooLong { lines: lines.len(), max: MAX_REGISTER_LINES }.into());
        }
        let mailbox = crate::mail::mailbox_key(&self.sender);
        let mut name = None;
        let mut fields = Fields::default();
        let mut public = false;
        let mut dropped = Vec::new();
        let mut confirm = None;
        for line in lines {
            let (key, value) = line.split_once(':').map_or((line, ""), |(k, v)| (k.trim(), v.trim()));
            let key = key.to_ascii_uppercase();
            if value.chars().count() > MAX_FIELD_CHARS {
                return Err(ToolRefusal::FieldTooLong { field: key, max: MAX_FIELD_CHARS }.into());
            }
            let value = Some(value.to_string()).filter(|v| !v.is_empty());
            match key.as_str() {
                "NAME" => name = value,
                "COUNTRY" => fields.country = value,
                "TIMEZONE" => fields.timezone = value,
                "LEVEL" => fields.level = value,
                "SITE" => fields.site = value,
                "ABOUT" => fields.about = value,
                "PUBLIC" => public = value.is_some_and(|v| matches!(v.to_ascii_uppercase().as_str(), "YES" | "Y" | "TRUE" | "ON")),
                // the code of a form that waits: the form is that one
                "CONFIRM" => confirm = value,
                // njudge's Phone, Address, Birthdate ... and any other line: not kept
                _ => dropped.push(key.clone()),
            }
        }
        let now = self.ctx.now();
        if let Some(code) = confirm {
            let hash = crate::context::gate::code_hash(&code);
            let p = crate::store::profiles::take_pending(self.conn, &mailbox, &hash, now - crate::context::gate::CODE_VALID)?
                .ok_or(ToolRefusal::NoPendingRegistration)?;
            crate::store::profiles::save(self.conn, &Profile { updated: now, ..p.clone() })?;
            return Ok(vec![say::community::registration_confirmed(&p.name, p.public)]);
        }
        let name = name.ok_or(ToolRefusal::RegisterNeedsName)?;
        let p = Profile { mailbox: mailbox.clone(), address: self.sender.clone(), name, fields, public, updated: now };
        let had = crate::store::profiles::of_mailbox(self.conn, &mailbox)?.is_some();
        let proven = self.holds_signed_seat()? || (!had && crate::context::gate::consents(self.conn, &self.ctx.cfg, &mailbox)?);
        let mut out = if proven {
            crate::store::profiles::save(self.conn, &p)?;
            vec![say::community::registered(&p.name, public)]
        } else {
            let code = crate::password::confirmation_code();
            crate::store::profiles::save_pending(self.conn, &p, &crate::context::gate::code_hash(&code))?;
            vec![say::community::registration_waits(&p.name, public, had, &code)]
        };
        if !dropped.is_empty() {
            out.push(say::community::not_kept(&dropped));
        }
        Ok(out)
    }

    /// Whether this mail signed on (the seat it speaks for now) to a seat
    /// that the sender's own address holds: its password (or an observer's
    /// code) given from the address of record, which proves the address.
    fn holds_signed_seat(&mut self) -> Result<bool, Fail> {
        let Some(s) = self.signed.clone() else { return Ok(false) };
        let g = self.ctx.game(self.conn, s.game_id)?;
        let me = crate::mail::mailbox_key(&self.sender);
        let is = |addr: &str| crate::mail::mailbox_key(addr) == me;
        let row = |id: i64| g.players.iter().find(|p| p.id == id).is_some_and(|p| p.status != PlayerStatus::Ejected && is(&p.email));
        Ok(match s.role {
            // a co-master's password opens only from its own address
            Role::Master | Role::Power { master: true, .. } if self.co_master == Some(g.id) => g.settings.co_masters.iter().any(|c| is(&c.address)),
            Role::Master | Role::Power { master: true, .. } => is(&g.master_email),
            Role::Power { player: Some(id), .. } | Role::Joined(id) | Role::Observer(id) => row(id),
            Role::Power { player: None, .. } => false,
        })
    }

    /// WHOIS address-or-name ...: the public profiles asked for (and the
    /// sender's own, public or not).
    pub(super) fn whois(&mut self, text: &str) -> R {
        let me = crate::mail::mailbox_key(&self.sender);
        let mut found: Vec<Profile> = Vec::new();
        for word in text.split_whitespace().take(MAX_WHOIS) {
            let hits = if word.contains('@') {
                // an address linked by I AM ALSO shows its registration's profile
                self.profile_of(&crate::mail::mailbox_key(word))?.into_iter().filter(|p| p.public || p.mailbox == me).collect()
            } else {
                crate::store::profiles::public_named(self.conn, word, MAX_WHOIS)?
            };
            for p in hits {
                if found.len() < MAX_WHOIS && !found.iter().any(|f| f.mailbox == p.mailbox) {
                    found.push(p);
                }
            }
        }
        if found.is_empty() {
            return Err(ToolRefusal::NoProfile { who: text.to_string() }.into());
        }
        Ok(found.iter().map(say::community::profile).collect())
    }

    /// WHOGAME [game] [FULL]: who plays which power, where the game is not
    /// anonymous or is over (its master always sees); FULL adds the observers
    /// for the master. The addresses (and the public profiles' names) go
    /// only to the game's own master, co-masters and players, and the
    /// keeper ([`Session::sees_addresses`]); anyone else (an observer, a
    /// stranger) sees each player by the name they chose (`SET NAME`) or
    /// their power.
    pub(super) fn whogame(&mut self, name: Option<&str>, full: bool) -> R {
        let g = match name {
            Some(n) => self.game(n)?,
            None => self.signed_game()?.1,
        };
        let master = matches!(self.signed.as_ref().filter(|s| s.game_id == g.id).map(|s| &s.role), Some(Role::Master) | Some(Role::Power { master: true, .. }));
        if self.count_kept(&g) && !master {
            return Err(ToolRefusal::WhogameSecret { game: g.name.clone() }.into());
        }
        let shown = g.settings.shows_players(g.status == GameStatus::Finished) || master;
        if !shown {
            let never = g.settings.reveal == crate::store::games::Revealing::Never;
            return Err(ToolRefusal::WhogameHidden { game: g.name.clone(), never }.into());
        }
        let seated = |p: &&Player| p.role == PlayerRole::Player && matches!(p.status, PlayerStatus::Active | PlayerStatus::Eliminated);
        let observers: Vec<&Player> = g.players.iter().filter(|p| p.role == PlayerRole::Observer && p.status == PlayerStatus::Active).collect();
        if !self.sees_addresses(&g) {
            let mut out: Vec<String> = g
                .players
                .iter()
                .filter(seated)
                .map(|p| {
                    let power = p.power.map(|pw| say::seats::seat_names(&g, pw));
                    say::community::whogame_player_named(power.as_deref(), &game::shown_name(&g, p))
                })
                .collect();
            if !observers.is_empty() {
                out.push(say::community::observers(observers.len()));
            }
            out.push(say::community::whogame_no_addresses(&g));
            return Ok(vec![out.join("\n")]);
        }
        let mut out = vec![say::community::whogame_master(&g.master_email, &self.known_as(&g.master_email)?)];
        for c in &g.settings.co_masters {
            out.push(say::community::whogame_co_master(&c.address, &self.known_as(&c.address)?));
        }
        for p in g.players.iter().filter(seated) {
            let power = p.power.map(|pw| say::seats::seat_names(&g, pw));
            out.push(say::community::whogame_player(power.as_deref(), &p.email, &self.known_as(&p.email)?));
        }
        if full && master {
            out.extend(observers.iter().map(|o| say::community::whogame_observer(&o.email)));
        } else if !observers.is_empty() {
            out.push(say::community::observers(observers.len()));
        }
        Ok(vec![out.join("\n")])
    }

    /// The public profile name of an address, if it has one.
    fn known_as(&self, addr: &str) -> Result<Option<String>, Fail> {
        Ok(self.profile_of(&crate::mail::mailbox_key(addr))?.filter(|p| p.public).map(|p| p.name))
    }

    /// VERSION: the judge's version, and its commit where the build knew it.
    pub(super) fn version(&mut self) -> R {
        Ok(vec![say::community::version(env!("CARGO_PKG_VERSION"), option_env!("MAILJUDGE_COMMIT"))])
    }

    /// GET topic: a help file (`GET` alone: the topics; njudge's `GET
    /// PACKAGE`: the files of [`PACKAGE`], each within the help file's bound).
    pub(super) fn get(&mut self, topic: Option<&str>) -> R {
        let Some(topic) = topic else { return Ok(vec![say::community::help_topics(HELP_TOPICS)]) };
        let t = topic.to_ascii_lowercase();
        if t == "variants" {
            return Ok(vec![bounded(&self.ctx.variant_list(), MAX_HELP_BYTES)]);
        }
        if t == "package" {
            return PACKAGE.iter().map(|f| Ok(self.get(Some(f))?.join("\n"))).collect();
        }
        if !HELP_TOPICS.contains(&t.as_str()) {
            return Err(ToolRefusal::NoHelpFile { topic: topic.to_string(), known: HELP_TOPICS.iter().map(|s| s.to_string()).collect() }.into());
        }
        let options = super::options::help_lines().join("\n");
        let text = self.ctx.templates.render(&format!("help/{t}.txt"), minijinja::context! { judge => self.ctx.cfg.name.clone(), options => options });
        Ok(vec![bounded(&text, MAX_HELP_BYTES)])
    }

    /// A line that is no command: a refusal that says so (with the command
    /// it may have meant) when it is none, `None` when it may be an order.
    pub(super) fn unknown_command(&mut self, line: &str) -> Option<Refusal> {
        let word = line.split_whitespace().next()?;
        if word.len() < 3 || !word.chars().all(|c| c.is_ascii_alphabetic()) || ORDER_WORDS.contains(&word.to_ascii_uppercase().as_str()) {
            return None;
        }
        let up = word.to_ascii_uppercase();
        let suggestion = suggest(&up);
        let master = matches!(self.signed.as_ref().map(|s| &s.role), Some(Role::Master));
        if suggestion.is_none() && !master {
            return None;
        }
        // a province or a power's name starts an order
        if let Some(g) = self.signed.as_ref().and_then(|s| self.ctx.game(self.conn, s.game_id).ok()) {
            let v = g.v();
            if v.parse_loc(word).is_ok() || game::find_power(v, word).is_some() {
                return None;
            }
        }
        Some(ToolRefusal::UnknownCommand { word: up, suggestion: suggestion.map(str::to_string) }.into())
    }
}

/// Words that begin orders, never taken for a mistyped command.
const ORDER_WORDS: &[&str] = &["ARMY", "FLEET", "BUILD", "REMOVE", "DISBAND", "WAIVE", "RETREAT", "HOLD", "SUPPORT", "CONVOY", "MOVE", "DESTROY"];

/// The command `word` is likely a typo of: within one letter (two for
/// words of six letters or more).
fn suggest(word: &str) -> Option<&'static str> {
    let most = if word.len() >= 6 { 2 } else { 1 };
    super::parse::COMMAND_WORDS
        .iter()
        .map(|c| (crate::mail::signon::edit_distance(word.as_bytes(), c.as_bytes()), *c))
        .filter(|(d, _)| *d <= most)
        .min()
        .map(|(_, c)| c)
}

/// `text` cut to at most `max` bytes (at a line's end), with a line that says so.
fn bounded(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let end = (0..=max).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    let mut cut = text[..end].to_string();
    if let Some(nl) = cut.rfind('\n') {
        cut.truncate(nl + 1);
    }
    cut.push_str(&say::community::help_cut(max));
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_help_file_is_cut_past_its_limit_and_not_at_it() {
        let at = "x".repeat(MAX_HELP_BYTES);
        assert_eq!(bounded(&at, MAX_HELP_BYTES), at);
        let past = format!("{}\n{}", "a".repeat(MAX_HELP_BYTES - 10), "b".repeat(20));
        let got = bounded(&past, MAX_HELP_BYTES);
        assert!(got.starts_with(&"a".repeat(MAX_HELP_BYTES - 10)) && !got.contains("bb") && got.contains("cut"), "{got}");
        assert!(got.len() < MAX_HELP_BYTES + 200);
    }

    #[test]
    fn a_typo_of_a_command_is_named_and_an_order_word_is_not() {
        assert_eq!(suggest("PROCES"), Some("PROCESS"));
        assert_eq!(suggest("PROMOT"), Some("PROMOTE"));
        assert_eq!(suggest("WHOS"), Some("WHOIS"));
        assert_eq!(suggest("XYZZY"), None);
        assert_eq!(suggest("HOLD"), None);
    }
}
