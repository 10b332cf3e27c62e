//! PRESS, BROADCAST and POSTALPRESS, as njudge reads them (`data/press`):
//! the recipients a header names ([`resolve`]), what the game's options
//! allow of them ([`form`]), and who gets which copy ([`deliveries`]).
//! Nothing goes to anyone the press does not name; a faked press shows its
//! recipients the names it was faked with, and the master the truth.

use super::parse::{Colour, Fake, PressHeader, Whom};
use super::{R, Role, Session, Signed};
use crate::game::refusal::{PressRefusal, Refusal};
use crate::game::{Game, GameStatus, PlayerRole, PlayerStatus, Recipient, pname};
use crate::map::PowerId;
use crate::report::say;
use crate::store::games::{
    BlankPress, FakePress, GracePress, LatePress, MasterPress, MinorPress, ObserverPress, PartialPress, PostalPress, Press, Settings, TouchPress,
    UnorderedPress, Watching,
};
use crate::store::press::{Audience, PressRow, Recipients};
use minijinja::context;

/// Who writes a press.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sender {
    /// A power's player (`by_master`: the master acting for it, BECOME).
    Power { power: PowerId, by_master: bool },
    /// The master as the master.
    Master,
    /// An observer (its row's id), as the game's observer option allows.
    Observer(i64),
}

/// What the game's options make of a press: grey or white, and the
/// recipients it names if faked.
#[derive(Debug, PartialEq, Eq)]
struct Form {
    grey: bool,
    shown: Option<Audience>,
}

/// One copy of a press: to whom, as what, and whether it names the real
/// recipients (the master's always does).
struct Copy {
    addr: String,
    who: Recipient,
    truth: bool,
}

/// Reads a list of letters against the map: power letters, O for the
/// observers, M for the master (where no power has those letters), or the
/// word MASTER.
fn letters(g: &Game, list: &str) -> Result<Recipients, Refusal> {
    let v = g.v();
    let mut r = Recipients::default();
    if list.eq_ignore_ascii_case("master") {
        return Ok(Recipients::master());
    }
    // a power's name (`TO VENICE`, `TO B.C.`): its letters would name others
    if let Some(p) = crate::game::power_named(v, list) {
        r.powers.push(p);
        return Ok(r);
    }
    for c in list.chars().map(|c| c.to_ascii_uppercase()) {
        match v.powers.iter().position(|p| p.letter.eq_ignore_ascii_case(&c)) {
            Some(p) => r.powers.push(p as PowerId),
            None if c == 'O' => r.observers = true,
            None if c == 'M' => r.master = true,
            None => {
                let powers = (0..v.powers.len() as PowerId).map(|p| (v.powers[p as usize].letter, pname(v, p))).collect();
                return Err(Refusal::Press(PressRefusal::NotARecipientLetter { letter: c, powers }));
            }
        }
    }
    r.powers.sort_unstable();
    r.powers.dedup();
    Ok(r)
}

/// The recipients a header's list names.
fn resolve(g: &Game, whom: &Whom) -> Result<Audience, Refusal> {
    Ok(match whom {
        Whom::All => Audience::All,
        Whom::Only(l) => Audience::Some(letters(g, l)?),
        Whom::AllBut(l) => {
            let out = letters(g, l)?;
            let powers = (0..g.v().powers.len() as PowerId).filter(|p| !out.powers.contains(p)).collect();
            let r = Recipients { powers, observers: !out.observers, master: !out.master };
            if r.is_empty() {
                return Err(Refusal::Press(PressRefusal::PressToNobody));
            }
            Audience::Some(r)
        }
    })
}

/// Grey or white: as asked where the game allows it; press to the master
/// alone always white (njudge), and an observer's where observers' press is
/// white.
fn colour(s: &Settings, sender: Sender, asked: Option<Colour>, master_only: bool) -> Result<bool, Refusal> {
    if master_only {
        return Ok(false);
    }
    let white_observer = matches!(sender, Sender::Observer(_)) && s.observer_press == ObserverPress::White;
    let limited = !matches!(sender, Sender::Master) && !white_observer;
    let grey = match asked {
        Some(Colour::Grey) if !s.press.grey_allowed() || white_observer => return Err(Refusal::Press(PressRefusal::NoGreyPress)),
        Some(Colour::White) if !s.press.white_allowed() && limited => return Err(Refusal::Press(PressRefusal::NoWhitePress)),
        Some(c) => c == Colour::Grey,
        None => s.press.grey_by_default() && limited,
    };
    if grey && matches!(sender, Sender::Power { by_master: true, .. }) {
        return Err(Refusal::Press(PressRefusal::MasterNotAnonymous));
    }
    Ok(grey)
}

/// What the game's options allow of a press from `sender` to `real`.
fn form(g: &Game, sender: Sender, real: &Audience, h: &PressHeader) -> Result<Form, Refusal> {
    let s = &g.settings;
    let master_only = real.master_only();
    let player = !matches!(sender, Sender::Master);
    let observer = matches!(sender, Sender::Observer(_));
    if player && !master_only {
        if observer && s.observer_press == ObserverPress::None {
            return Err(Refusal::Press(PressRefusal::NoObserverPress));
        }
        if s.press == Press::None {
            return Err(Refusal::Press(PressRefusal::NoPressGame));
        }
        let partial_ok = s.partial == PartialPress::Allowed || (observer && s.observer_press == ObserverPress::Partial);
        if !partial_ok && *real != Audience::All {
            return Err(Refusal::Press(PressRefusal::NoPartialPress));
        }
    }
    let grey = colour(s, sender, h.colour, master_only)?;
    let partial = *real != Audience::All && !master_only;
    let shown = match &h.fake {
        Fake::As(_) if master_only => return Err(Refusal::Press(PressRefusal::FakeToMaster)),
        Fake::As(_) if s.fake == FakePress::No => return Err(Refusal::Press(PressRefusal::NoFakePress)),
        Fake::As(w) => Some(resolve(g, w)?),
        _ if !player || !partial => None,
        Fake::Unsaid if s.fake == FakePress::BroadcastByDefault => Some(Audience::All),
        _ if s.fake == FakePress::Broadcast => Some(Audience::All),
        _ => None,
    };
    Ok(Form { grey, shown: shown.filter(|x| x != real) })
}

/// Who gets a copy of a press to `real` from `sender`: the players of the
/// powers named (a power named that nobody plays is refused), the observers
/// and the game's list if named, the master if named or if the master reads
/// all press; never the sender. A broadcast goes to no observer nor master
/// who stopped the broadcasts (`SET NO BROADCAST`); partial press to a
/// power also goes, as its recipients read it, to the observers who asked
/// for all of it where the game allows that (`SET WATCH ALL PRESS`).
/// `listed`: the powers were named one by one (not left out of ALL BUT), so
/// each must have a player.
fn deliveries(g: &Game, sender: Sender, real: &Audience, listed: bool) -> Result<Vec<Copy>, Refusal> {
    let mut out: Vec<Copy> = Vec::new();
    let own = match sender {
        Sender::Power { power, .. } => g.player_for(power).map(|p| p.email.clone()),
        Sender::Master => Some(g.master_email.clone()),
        Sender::Observer(id) => g.players.iter().find(|p| p.id == id).map(|p| p.email.clone()),
    };
    let mut add = |addr: &str, who, truth| {
        if own.as_deref().is_some_and(|o| o.eq_ignore_ascii_case(addr)) || out.iter().any(|c| c.addr.eq_ignore_ascii_case(addr)) {
            return;
        }
        out.push(Copy { addr: addr.to_string(), who, truth });
    };
    let all = Recipients { powers: Vec::new(), observers: true, master: true };
    let r = match real {
        Audience::All => &all,
        Audience::Some(r) => r,
    };
    let broadcast = *real == Audience::All;
    // an observer's or master's mailbox that stopped the broadcasts
    let stopped = |addr: &str| broadcast && g.settings.no_broadcasts.contains(&crate::mail::mailbox_key(addr));
    let master_copy = r.master || (g.settings.master_press == MasterPress::All && sender != Sender::Master);
    if master_copy && !stopped(&g.master_email) {
        add(&g.master_email, Recipient::Member, true);
    }
    if *real == Audience::All {
        for p in g.players.iter().filter(|p| p.role == PlayerRole::Player && matches!(p.status, PlayerStatus::Active | PlayerStatus::Eliminated)) {
            add(&p.email, Recipient::Member, false);
        }
    }
    for &p in &r.powers {
        match g.player_for(p) {
            Some(pl) => add(&pl.email, Recipient::Member, false),
            None if listed => return Err(Refusal::Press(PressRefusal::NobodyPlays { power: pname(g.v(), p) })),
            None => {}
        }
    }
    let observers = || g.players.iter().filter(|p| p.role == PlayerRole::Observer && p.status == PlayerStatus::Active);
    if r.observers {
        for p in observers().filter(|p| !stopped(&p.email)) {
            add(&p.email, Recipient::Observer, false);
        }
        if let Some(l) = g.settings.confirmed_list() {
            add(l, Recipient::List, false);
        }
    }
    if !broadcast && !r.powers.is_empty() && g.settings.no_watch == Watching::Allowed {
        for p in observers().filter(|p| g.settings.watchers.contains(&crate::mail::mailbox_key(&p.email))) {
            add(&p.email, Recipient::Observer, false);
        }
    }
    Ok(out)
}

/// Whom an audience names, as players read it.
fn named(g: &Game, a: &Audience) -> String {
    say::press::recipients(g.v(), Some(a))
}

impl Session<'_> {
    /// Who the signed-on sender writes press as.
    fn press_sender(&self, s: &Signed) -> Result<Sender, Refusal> {
        match s.role {
            Role::Power { power, master, .. } => Ok(Sender::Power { power, by_master: master }),
            Role::Master => Ok(Sender::Master),
            Role::Observer(id) => Ok(Sender::Observer(id)),
            Role::Joined(_) => Err(Refusal::Press(PressRefusal::PressBeforeStart)),
        }
    }

    /// The signed-on game, open for press, and who writes; a body within the limit.
    fn press_game(&mut self, body: &str) -> Result<(Game, Sender), super::Fail> {
        let (s, g) = self.signed_game()?;
        if g.status == GameStatus::Finished {
            return Err(Refusal::GameOver { game: g.name.clone() }.into());
        }
        let max = self.ctx.cfg.limits.max_press_bytes;
        if body.len() > max {
            return Err(Refusal::Press(PressRefusal::PressTooLong { bytes: body.len(), max }).into());
        }
        let sender = self.press_sender(&s)?;
        Ok((g, sender))
    }

    /// njudge's gates on a player's press to others than the master alone:
    /// SET MUST ORDER (its orders complete first) and SET NO LATE PRESS (not
    /// once the deadline passed with them incomplete). Whether the sender is
    /// late (where that is allowed, the reply says so, as njudge's does).
    fn press_gate(&self, g: &Game, sender: Sender) -> Result<bool, super::Fail> {
        let Sender::Power { power, by_master: false } = sender else { return Ok(false) };
        if g.status != GameStatus::Active || g.paused {
            return Ok(false);
        }
        if !crate::game::seat_owing(self.conn, g, power)?.iter().any(crate::game::Owing::late) {
            return Ok(false);
        }
        if g.settings.unordered_press == UnorderedPress::Refused {
            return Err(Refusal::Press(PressRefusal::OrdersBeforePress { game: g.name.clone() }).into());
        }
        let late = g.deadline.is_some_and(|d| self.ctx.now() >= d);
        if late && g.settings.late_press == LatePress::Refused {
            return Err(Refusal::Press(PressRefusal::NoLatePress { game: g.name.clone() }).into());
        }
        Ok(late)
    }

    /// njudge's press switches of the table: SET [NO] BLANK PRESS (by
    /// default press needs text), and on press to others than the master
    /// alone, SET NO MINOR PRESS (none in retreats and adjustments) and SET
    /// NO GRACE PRESS (none from a player once the deadline passed with a
    /// power late). The master's own press is never stopped.
    fn table_gates(&self, g: &Game, sender: Sender, real: &Audience, body: &str) -> Result<(), super::Fail> {
        if sender == Sender::Master || matches!(sender, Sender::Power { by_master: true, .. }) {
            return Ok(());
        }
        if body.trim().is_empty() && g.settings.no_blank == BlankPress::Refused {
            return Err(Refusal::Press(PressRefusal::BlankPress).into());
        }
        let Some(pos) = g.position.as_ref().filter(|_| g.status == GameStatus::Active && !real.master_only()) else { return Ok(()) };
        if g.settings.minor_press == MinorPress::Refused && pos.phase.kind != crate::phase::PhaseKind::Movement {
            return Err(Refusal::Press(PressRefusal::NoMinorPress).into());
        }
        let passed = !g.paused && g.deadline.is_some_and(|d| self.ctx.now() >= d);
        if matches!(sender, Sender::Power { .. }) && g.settings.grace_press == GracePress::Refused && passed {
            let cur = crate::game::current_orders(self.conn, g)?;
            if crate::game::owing(g, &cur.pos, &cur.orders).iter().any(crate::game::Owing::late) {
                return Err(Refusal::Press(PressRefusal::NoGracePress { game: g.name.clone() }).into());
            }
        }
        Ok(())
    }

    /// njudge's SET TOUCH PRESS, on a player's press to others than the
    /// master alone: a broadcast a phase, partial press only to powers whose
    /// units touch the seat's ([`crate::game::touch::touching`]), none to
    /// the observers.
    fn touch_gate(&self, g: &Game, sender: Sender, real: &Audience) -> Result<(), super::Fail> {
        let Sender::Power { power, by_master: false } = sender else { return Ok(()) };
        let Some(pos) = g.position.as_ref().filter(|_| g.settings.no_touch == TouchPress::On && g.status == GameStatus::Active) else { return Ok(()) };
        let seat = g.group_of(power);
        let r = match real {
            Audience::All => {
                let mut sent = 0;
                for &p in &seat {
                    sent += crate::store::press::broadcasts_of(self.conn, g.id, g.seq, p)?;
                }
                if sent > 0 {
                    return Err(Refusal::Press(PressRefusal::OneBroadcastAPhase).into());
                }
                return Ok(());
            }
            Audience::Some(_) if real.master_only() => return Ok(()),
            Audience::Some(r) => r,
        };
        if r.observers {
            return Err(Refusal::Press(PressRefusal::TouchNoObservers).into());
        }
        for &p in r.powers.iter().filter(|p| !seat.contains(p)) {
            if !crate::game::touch::touching(g.v(), pos, &seat, &g.group_of(p)) {
                return Err(Refusal::Press(PressRefusal::NotTouching { power: pname(g.v(), p) }).into());
            }
        }
        Ok(())
    }

    /// PRESS and BROADCAST.
    pub(super) fn press(&mut self, h: &PressHeader, body: &str) -> R {
        let (g, sender) = self.press_game(body)?;
        let whom = h.to.as_ref().ok_or(Refusal::Press(PressRefusal::PressNoRecipients))?;
        let real = resolve(&g, whom)?;
        self.table_gates(&g, sender, &real, body)?;
        self.touch_gate(&g, sender, &real)?;
        let late = real != Audience::Some(Recipients::master()) && self.press_gate(&g, sender)?;
        let f = form(&g, sender, &real, h)?;
        let copies = deliveries(&g, sender, &real, matches!(whom, Whom::Only(_)))?;
        if copies.is_empty() {
            return Err(Refusal::Press(PressRefusal::PressToNobody).into());
        }
        let from = self.shown_sender(&g, sender, f.grey);
        let phase = g.position.as_ref().map(|p| g.v().calendar.long_name(p.phase)).unwrap_or_else(say::press::forming);
        let render = |to: String| {
            let lines: Vec<String> = body.lines().map(str::to_string).collect();
            self.ctx.templates.render("press.txt", context! { game => g.name.clone(), phase => phase.clone(), from => from.clone(), to => to, body => lines })
        };
        let truth = render(named(&g, &real));
        let shown = f.shown.as_ref().map(|a| render(named(&g, a)));
        // charged to the sender: what is held back is said, never "sent" alone
        let charged = crate::mail::mailbox_key(&self.sender);
        let mut held_back: Vec<String> = Vec::new();
        let mut went = 0;
        for c in &copies {
            let text = if c.truth { &truth } else { shown.as_ref().unwrap_or(&truth) };
            let list_id = (c.who == Recipient::List).then(|| say::game::list_id(&g, self.ctx.cfg.domain()));
            let m = crate::play::mail_to(self.ctx, &g, &c.addr, c.who, &say::press::subject(&g, &from), text.clone(), list_id);
            let why = match self.ctx.queue_press(self.conn, &m, Some(g.id), &charged)? {
                Ok(()) => {
                    went += 1;
                    continue;
                }
                Err(crate::context::budget::HeldBack::Sender { limit }) => say::press::held_back_sender(limit),
                Err(crate::context::budget::HeldBack::Recipient { limit }) => say::press::held_back_recipient(limit),
            };
            if !held_back.contains(&why) {
                held_back.push(why);
            }
        }
        if went == 0 {
            // nothing went: the press is refused whole (not recorded, not published)
            return Err(Refusal::Press(PressRefusal::HeldBack { why: held_back }).into());
        }
        if real == Audience::All && !f.grey && f.shown.is_none() {
            crate::publish::queue(self.conn, &g, &say::press::markdown(&g, &phase, &from, body), self.ctx.now())?;
        }
        self.record_press(&g, sender, &real, &f, false, body)?;
        let mut said = vec![say::press::sent(&named(&g, &real), f.grey, body.lines().count())];
        if let Some(a) = &f.shown {
            said.push(say::press::shown_as(&named(&g, a)));
        }
        if late {
            said.push(say::press::you_are_late());
        }
        said.extend(held_back);
        Ok(said)
    }

    /// POSTALPRESS: a signed broadcast kept until the phase's results.
    pub(super) fn postal_press(&mut self, body: &str) -> R {
        let (g, sender) = self.press_game(body)?;
        if matches!(sender, Sender::Observer(_)) {
            return Err(Refusal::Press(PressRefusal::NoObserverPress).into());
        }
        if g.settings.postal_press != PostalPress::On {
            return Err(Refusal::Press(PressRefusal::NoPostalPress).into());
        }
        if g.status != GameStatus::Active {
            return Err(Refusal::Press(PressRefusal::PressBeforeStart).into());
        }
        let late = self.press_gate(&g, sender)?;
        self.table_gates(&g, sender, &Audience::All, body)?;
        self.record_press(&g, sender, &Audience::All, &Form { grey: false, shown: None }, true, body)?;
        let mut said = vec![say::press::postal_kept(body.lines().count())];
        if late {
            said.push(say::press::you_are_late());
        }
        Ok(said)
    }

    /// Who a press says it is from.
    fn shown_sender(&self, g: &Game, sender: Sender, grey: bool) -> String {
        match sender {
            _ if grey => say::press::anonymous(),
            Sender::Power { power, by_master: true } => say::press::written_by_master(&pname(g.v(), power)),
            Sender::Power { power, .. } => say::seats::seat_names(g, power),
            Sender::Master => say::press::from_master(),
            Sender::Observer(_) => say::press::from_observer(),
        }
    }

    fn record_press(&mut self, g: &Game, sender: Sender, real: &Audience, f: &Form, postal: bool, body: &str) -> Result<(), super::Fail> {
        let (from_power, by_master) = match sender {
            Sender::Power { power, by_master } => (Some(power), by_master),
            Sender::Master | Sender::Observer(_) => (None, false),
        };
        let row = PressRow {
            game_id: g.id,
            seq: g.seq,
            from_power,
            by_master,
            by_observer: matches!(sender, Sender::Observer(_)),
            recipients: &named(g, real),
            audience: real,
            shown: f.shown.as_ref(),
            grey: f.grey,
            postal,
            body,
            mail_id: self.mail_id,
            created: self.ctx.now(),
        };
        crate::store::press::insert(self.conn, g.v(), &row)?;
        Ok(())
    }
}

impl Session<'_> {
    /// SET [NO] BROADCAST (njudge's, also SET [NO] NORMAL BROADCAST): an
    /// observer, the master or a co-master gets the game's broadcasts, or
    /// not (a power's player always does).
    pub(super) fn set_broadcasts(&mut self, on: bool) -> R {
        let (s, mut g) = self.signed_game()?;
        let addr = match s.role {
            // a co-master gets the broadcasts as an observer, at its own address
            Role::Master if self.co_master == Some(g.id) => self.sender.clone(),
            Role::Master | Role::Power { master: true, .. } => g.master_email.clone(),
            Role::Observer(id) => observer_address(&g, id)?,
            Role::Power { .. } | Role::Joined(_) => return Err(Refusal::Press(PressRefusal::BroadcastsForPlayers).into()),
        };
        let key = crate::mail::mailbox_key(&addr);
        g.settings.no_broadcasts.retain(|k| *k != key);
        if !on {
            g.settings.no_broadcasts.push(key);
        }
        g.save(self.conn)?;
        Ok(vec![say::press::broadcasts(&g.name, on)])
    }

    /// SET ALL PRESS, SET NORMAL PRESS: the master's game option (SET
    /// MASTERPRESS), or an observer's own copy of all partial press to a
    /// power, where the master allowed it (SET WATCH ALL PRESS).
    pub(super) fn set_master_press(&mut self, named: super::options::Named, arg: &str) -> R {
        let Some(Signed { role: Role::Observer(id), .. }) = self.signed else { return self.set_option(named, arg) };
        let (_, mut g) = self.signed_game()?;
        let on = match arg.trim().to_ascii_lowercase().as_str() {
            "all" => true,
            "normal" => false,
            _ => return Err(super::options::refused(crate::game::options::OptionError::MasterPressValues { value: arg.to_string() }).into()),
        };
        if on && g.settings.no_watch != Watching::Allowed {
            return Err(Refusal::Press(PressRefusal::NoWatching { game: g.name.clone() }).into());
        }
        let key = crate::mail::mailbox_key(&observer_address(&g, id)?);
        g.settings.watchers.retain(|k| *k != key);
        if on {
            g.settings.watchers.push(key);
        }
        g.save(self.conn)?;
        Ok(vec![say::press::watching(&g.name, on)])
    }
}

/// The address of the game's observer `id` (the row the sign-on found).
fn observer_address(g: &Game, id: i64) -> Result<String, super::Fail> {
    g.players
        .iter()
        .find(|p| p.id == id)
        .map(|p| p.email.clone())
        .ok_or_else(|| super::Fail::System(anyhow::anyhow!("game {}: observer {id} not found", g.name)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::parse::{Cmd, parse};

    fn game(settings: &str) -> Game {
        let v = std::sync::Arc::new(crate::map::Variant::standard());
        let s = crate::store::games::read_settings("demo", settings).unwrap();
        let mut g = Game::forming("demo", v, String::new(), "gm@x", s, 0).unwrap();
        g.id = 1;
        g
    }

    const BASE: &str = r#"{"nmr":true,"movement":"48h","retreat":"24h","adjustment":"24h","grace_secs":0,"reminder_secs":0,"assignment":"preference""#;

    fn header(line: &str) -> PressHeader {
        match parse(line) {
            Cmd::Press(h) => h,
            other => panic!("{line}: {other:?}"),
        }
    }

    fn some(powers: &[PowerId], observers: bool, master: bool) -> Audience {
        Audience::Some(Recipients { powers: powers.to_vec(), observers, master })
    }

    #[test]
    fn every_recipient_form_names_njudges_recipients() {
        let g = game(&format!(r#"{BASE},"press":"grey","partial":true}}"#));
        let to = |line: &str| resolve(&g, header(line).to.as_ref().unwrap());
        // standard: A E F G I R T = 0..6
        assert_eq!(to("PRESS TO EF"), Ok(some(&[1, 2], false, false)));
        assert_eq!(to("PRESS +fe"), Ok(some(&[1, 2], false, false)));
        assert_eq!(to("BROADCAST TO E"), Ok(some(&[1], false, false)));
        assert_eq!(to("BROADCAST"), Ok(Audience::All));
        assert_eq!(to("PRESS TO ALL"), Ok(Audience::All));
        assert_eq!(to("PRESS TO ALL BUT G"), Ok(some(&[0, 1, 2, 4, 5, 6], true, true)));
        assert_eq!(to("PRESS -GO"), Ok(some(&[0, 1, 2, 4, 5, 6], false, true)));
        assert_eq!(to("PRESS TO OM"), Ok(some(&[], true, true)));
        assert_eq!(to("PRESS TO M"), Ok(Audience::master()));
        assert_eq!(to("PRESS TO AEFGIRTOM").unwrap(), some(&[0, 1, 2, 3, 4, 5, 6], true, true));
        assert!(matches!(to("PRESS TO EX"), Err(Refusal::Press(PressRefusal::NotARecipientLetter { letter: 'X', .. }))));
        assert_eq!(to("PRESS -AEFGIRTOM"), Err(Refusal::Press(PressRefusal::PressToNobody)));
        assert_eq!(header("PRESS").to, None);
        assert_eq!(header("PRESS GREY").to, None);
        // faked: the real recipients first, a broadcast when not written
        let h = header("PRESS FAKE TO FRG");
        assert_eq!((h.to, h.fake), (Some(Whom::All), Fake::As(Whom::Only("FRG".into()))));
        let h = header("PRESS TO FRG FAKE");
        assert_eq!((h.to, h.fake), (Some(Whom::Only("FRG".into())), Fake::As(Whom::All)));
        let h = header("PRESS FAKE BROADCAST TO FRG");
        assert_eq!((h.to, h.fake), (Some(Whom::Only("FRG".into())), Fake::As(Whom::All)));
        let h = header("PRESS TO ALL BUT G FAKE BROADCAST");
        assert_eq!((h.to, h.fake), (Some(Whom::AllBut("G".into())), Fake::As(Whom::All)));
        let h = header("press to e fake partial to all but r");
        assert_eq!((h.to, h.fake), (Some(Whom::Only("E".into())), Fake::As(Whom::AllBut("R".into()))));
        let h = header("PRESS +E FAKE -R ANONYMOUSLY");
        assert_eq!((h.fake, h.colour), (Fake::As(Whom::AllBut("R".into())), Some(Colour::Grey)));
        assert_eq!(header("PRESS TO E NOFAKE UNANONYMOUSLY").fake, Fake::No);
        assert_eq!(header("PRESS TO E NOFAKE UNANONYMOUSLY").colour, Some(Colour::White));
        for bad in ["PRESS TO", "PRESS TO ALL BUT", "PRESS +", "PRESS TO E TO F", "PRESS TO E LOUDLY"] {
            assert!(matches!(parse(bad), Cmd::Bad(_)), "{bad}");
        }
    }

    #[test]
    fn the_options_decide_colour_and_fakes() {
        let power = Sender::Power { power: 2, by_master: false };
        let f = |settings: &str, line: &str| {
            let press = if settings.contains("\"press\"") { "" } else { r#","press":"grey""# };
            let partial = if settings.contains("\"partial\"") { "" } else { r#","partial":true"# };
            let g = game(&format!("{BASE}{press}{partial}{settings}}}"));
            let h = header(line);
            let real = resolve(&g, h.to.as_ref().unwrap()).unwrap();
            form(&g, power, &real, &h)
        };
        assert_eq!(f("", "PRESS TO E"), Ok(Form { grey: false, shown: None }));
        assert_eq!(f("", "PRESS TO E GREY"), Ok(Form { grey: true, shown: None }));
        assert_eq!(f(r#","press":"white""#, "PRESS TO E GREY"), Err(Refusal::Press(PressRefusal::NoGreyPress)));
        assert_eq!(f(r#","press":"grey_only""#, "PRESS TO E"), Ok(Form { grey: true, shown: None }));
        assert_eq!(f(r#","press":"grey_only""#, "PRESS TO E WHITE"), Err(Refusal::Press(PressRefusal::NoWhitePress)));
        assert_eq!(f(r#","press":"grey_only""#, "PRESS TO M"), Ok(Form { grey: false, shown: None }), "to the master: always white");
        assert_eq!(f(r#","press":"grey/white""#, "PRESS TO E"), Ok(Form { grey: true, shown: None }));
        assert_eq!(f(r#","press":"grey/white""#, "PRESS TO E WHITE"), Ok(Form { grey: false, shown: None }));
        assert_eq!(f(r#","press":"none""#, "BROADCAST"), Err(Refusal::Press(PressRefusal::NoPressGame)));
        assert_eq!(f(r#","press":"none""#, "PRESS TO M").map(|x| x.grey), Ok(false));
        assert_eq!(f(r#","partial":false"#, "PRESS TO E"), Err(Refusal::Press(PressRefusal::NoPartialPress)));
        assert_eq!(f(r#","partial":false"#, "PRESS TO M").map(|x| x.grey), Ok(false));
        assert_eq!(f("", "PRESS TO E FAKE"), Err(Refusal::Press(PressRefusal::NoFakePress)));
        assert_eq!(f(r#","fake":"may""#, "PRESS TO E FAKE"), Ok(Form { grey: false, shown: Some(Audience::All) }));
        assert_eq!(f(r#","fake":"may""#, "PRESS TO M FAKE"), Err(Refusal::Press(PressRefusal::FakeToMaster)));
        assert_eq!(f(r#","fake":"may""#, "PRESS TO E"), Ok(Form { grey: false, shown: None }));
        assert_eq!(f(r#","fake":"broadcast_by_default""#, "PRESS TO E"), Ok(Form { grey: false, shown: Some(Audience::All) }));
        assert_eq!(f(r#","fake":"broadcast_by_default""#, "PRESS TO E NOFAKE"), Ok(Form { grey: false, shown: None }));
        assert_eq!(f(r#","fake":"broadcast_by_default""#, "PRESS TO M"), Ok(Form { grey: false, shown: None }));
        assert_eq!(f(r#","fake":"broadcast""#, "PRESS TO E NOFAKE"), Ok(Form { grey: false, shown: Some(Audience::All) }));
        assert_eq!(f(r#","fake":"broadcast""#, "BROADCAST"), Ok(Form { grey: false, shown: None }));
    }
}
