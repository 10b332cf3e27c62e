//! The game lifecycle: starting a game when its seats are filled, processing a
//! phase (one transaction: the caller's), votes and the end of a game, and who
//! hears about it. Deadlines are in [`deadline`], orders in [`orders`].

pub mod blind;
pub mod chart;
pub mod dedication;
pub mod later;
pub mod load;
pub mod options;
pub mod orders;
pub mod powers;
pub mod preference;
pub mod receipt;
pub mod refusal;
pub mod removals;
pub mod start;
pub mod touch;
pub mod votes;

pub use crate::store::games::{Assignment, GameStatus, MapPref, Mark, Player, PlayerRole, PlayerStatus, Press, ReplyForm, Settings};
pub use load::{Disorder, Game, LoadError, Seat, load, load_named};
pub use orders::{Board, Missing, Needs, Slot, needs, parsed_orders, right_hand_defaults, slot, submit_line};
pub use powers::{find_power, parse_powers, pname, power_named};
pub use votes::{end_year_end, largest, vote_end};

use crate::adjudicate::Position;
use crate::config::Config;
use crate::map::PowerId;
use crate::store::orders as stored;
use rusqlite::Connection;

/// The longest name a player may be shown by (`SET NAME`), in characters.
pub const MAX_NAME: usize = 40;

/// The name a player is shown by in what the public reads: the one they
/// chose (`SET NAME`), else their power's. Never their address.
pub fn shown_name(g: &Game, p: &Player) -> String {
    match (&p.name, p.power) {
        (Some(n), _) => n.clone(),
        (None, Some(pw)) => pname(g.v(), pw),
        (None, None) => String::new(),
    }
}

/// Whether `n` may name a game: letters, digits, `-` and `_`, at most 16.
pub fn valid_game_name(n: &str) -> bool {
    !n.is_empty() && n.len() <= 16 && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The longest absence a player may set, in days, unless the master's SET
/// MAX ABSENCE says less (an absence pushes a deadline by at most as much:
/// `play::deadline::MAX_ABSENCE_PUSH_SECS`).
pub const MAX_ABSENCE_DAYS: u32 = 21;

/// A new game's settings, from the judge's configured defaults.
pub fn default_settings(cfg: &Config) -> Settings {
    let d = &cfg.defaults;
    Settings {
        press: d.press,
        partial: Default::default(),
        nmr: Default::default(),
        // checked when the configuration was read
        movement: crate::timing::Schedule::stored(&d.movement),
        retreat: crate::timing::Schedule::stored(&d.retreat),
        adjustment: crate::timing::Schedule::stored(&d.adjustment),
        grace_secs: d.grace_secs,
        reminder_secs: d.reminder_secs,
        list_address: None,
        list_confirmed: true,
        list_code: None,
        list_stopped: Vec::new(),
        list_format: Default::default(),
        webhooks: Vec::new(),
        assignment: Assignment::Preference,
        rules: Default::default(),
        takeover_approval: true,
        late_count: false,
        long_comment: Vec::new(),
        neutral: Vec::new(),
        end_year: None,
        victory_count: None,
        dias: Default::default(),
        anonymous: Default::default(),
        groups: Vec::new(),
        closed: Vec::new(),
        world_war: None,
        timezone: None,
        delay_secs: 0,
        phase_grace: Default::default(),
        phase_delay: Default::default(),
        // njudge's default: a grace period ends on a day a deadline may fall on
        strict_grace: crate::store::games::GraceEnd::OnDeadlineDays,
        blackout: Vec::new(),
        fake: Default::default(),
        observer_press: Default::default(),
        postal_press: Default::default(),
        master_press: Default::default(),
        concessions: Default::default(),
        late_press: Default::default(),
        unordered_press: Default::default(),
        anyone_waits: Default::default(),
        max_absence_days: None,
        cd_after: None,
        no_proxy: Default::default(),
        announce: Default::default(),
        comment: None,
        start: Default::default(),
        processing: Default::default(),
        join_hash: None,
        invited: Vec::new(),
        co_masters: Vec::new(),
        min_dedication: None,
        min_on_time: None,
        max_cd: None,
        allow_players: Vec::new(),
        deny_players: Vec::new(),
        moderated: Default::default(),
        rating: None,
        access: Default::default(),
        level: Default::default(),
        no_resume: Default::default(),
        no_show: Default::default(),
        reveal: Default::default(),
        player_count: Default::default(),
        no_watch: Default::default(),
        minor_press: Default::default(),
        grace_press: Default::default(),
        no_touch: Default::default(),
        no_blank: Default::default(),
        listed: Default::default(),
        no_blind: Default::default(),
        no_broadcasts: Vec::new(),
        watchers: Vec::new(),
    }
}

/// Who gets a game's mail at an address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recipient {
    /// A player (active or eliminated) or the master.
    Member,
    /// An observer who confirmed.
    Observer,
    /// The game's list, once someone there confirmed it.
    List,
}

/// Every address that gets a game's reports: players, observers, the
/// master, and the list once confirmed (nobody gets mail they did not ask for).
pub fn report_recipients(game: &Game) -> Vec<(String, Recipient)> {
    let mut out: Vec<(String, Recipient)> = Vec::new();
    let mut add = |a: &str, r: Recipient| {
        if !out.iter().any(|(x, _)| x.eq_ignore_ascii_case(a)) {
            out.push((a.to_string(), r));
        }
    };
    for p in game.players.iter().filter(|p| p.status == PlayerStatus::Active || p.status == PlayerStatus::Eliminated) {
        add(&p.email, if p.role == PlayerRole::Observer { Recipient::Observer } else { Recipient::Member });
    }
    add(&game.master_email, Recipient::Member);
    if let Some(l) = game.settings.confirmed_list() {
        add(l, Recipient::List);
    }
    out
}

/// The command that stops a game's mail for `who` (observers and the
/// list; members leave a game by RESIGN): the list's carries its code, so
/// whoever reads the list can stop it.
pub fn stop_command(game: &Game, who: Recipient) -> Option<String> {
    match who {
        Recipient::Member => None,
        Recipient::Observer => Some(format!("UNOBSERVE {}", game.name)),
        Recipient::List => Some(match &game.settings.list_code {
            Some(code) => format!("UNOBSERVE {} {code}", game.name),
            None => format!("UNOBSERVE {}", game.name),
        }),
    }
}

/// What one power owes in the current phase.
#[derive(Clone, Debug)]
pub struct Owing {
    pub power: PowerId,
    /// What it has to order, and what is still missing; nothing for a
    /// neutral power (a game for fewer players: no one plays it).
    pub needs: Needs,
    /// Its player asked the judge to wait for them (`SET WAIT`).
    pub waits: bool,
    /// It sent no order at all this phase.
    pub silent: bool,
    /// It is in civil disorder: nobody waits for its orders (what it does
    /// not order takes the defaults) and it has no vote.
    pub disorder: bool,
    /// Its seat's standing votes; `None` for a power no one votes for (no
    /// player holds it, it is in civil disorder, or it is out of the game:
    /// neutral, no units or centres left).
    pub votes: Option<Votes>,
}

/// A seat's standing votes to end the game, each a set of powers in power
/// order (`None`: no such vote).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Votes {
    /// A draw of these powers (`SET DRAW`).
    pub draw: Option<Vec<PowerId>>,
    /// A concession to these powers (`SET CONCEDE`).
    pub concede: Option<Vec<PowerId>>,
    /// An alliance victory of these powers (`SET ALLY`).
    pub ally: Option<Vec<PowerId>>,
}

impl Owing {
    /// It owes orders it has not all given (a power in civil disorder owes none).
    pub fn late(&self) -> bool {
        self.needs.needs && !self.needs.complete && !self.disorder
    }

    /// It owes a vote on the draw `proposed`: it votes, but not for that draw.
    pub fn owes_draw_vote(&self, proposed: &[PowerId]) -> bool {
        self.votes.as_ref().is_some_and(|v| v.draw.as_deref() != Some(proposed))
    }
}

/// The votes of the player holding `power` (the seat's), read from their row.
fn votes_of(game: &Game, power: PowerId) -> Option<Votes> {
    let pl = game.player_for(power)?;
    // stored as the powers' letters (checked when the vote was set): one
    // that no longer names a power is no vote
    let draw = pl.draw.as_deref().and_then(|letters| {
        let v = game.v();
        let mut ps: Vec<PowerId> = letters.chars().map(|c| v.powers.iter().position(|w| w.letter == c).map(|i| i as PowerId)).collect::<Option<_>>()?;
        ps.sort_unstable();
        Some(ps)
    });
    Some(Votes { draw, concede: pl.concede.clone(), ally: pl.ally.clone() })
}

/// What every power of `game` owes in `pos` given `orders` (the orders in
/// force): the one answer to "who still has to order what, and who votes
/// how", in power order.
pub fn owing(game: &Game, pos: &Position, orders: &[(PowerId, crate::order::Order)]) -> Vec<Owing> {
    let v = game.v();
    let surv = survivors(game, pos);
    (0..v.powers.len() as PowerId)
        .map(|p| {
            let needs = if game.is_neutral(p) { Needs::default() } else { needs(v, &game.rules, pos, p, orders) };
            let disorder = game.in_disorder(p);
            let waits = needs.needs && !disorder && game.player_for(p).is_some_and(|pl| pl.wait);
            let votes = if surv.contains(&p) && !disorder { votes_of(game, p) } else { None };
            Owing { power: p, needs, waits, silent: !orders.iter().any(|(q, _)| *q == p), disorder, votes }
        })
        .collect()
}

/// What the powers of `power`'s seat owe in `game`'s current phase ([`owing`]
/// over the orders in force); nothing before the game has a position.
pub fn seat_owing(conn: &Connection, game: &Game, power: PowerId) -> anyhow::Result<Vec<Owing>> {
    if game.position.is_none() {
        return Ok(Vec::new());
    }
    let cur = current_orders(conn, game)?;
    let seat = game.group_of(power);
    Ok(owing(game, &cur.pos, &cur.orders).into_iter().filter(|o| seat.contains(&o.power)).collect())
}

/// `game`'s current phase as it is adjudicated, read once.
#[derive(Clone, Debug)]
pub struct Current {
    /// The position the orders are given in: before the first move of a map
    /// with starting choices, every power's choices applied.
    pub pos: Position,
    /// Those choices, while the powers may still choose (`None` after).
    pub choices: Option<Vec<start::Choice>>,
    /// The orders in force, read back strictly.
    pub orders: Vec<(PowerId, crate::order::Order)>,
}

/// The orders in force in `game`'s current phase, read back strictly, with
/// the position they are given in (the starting choices applied).
pub fn current_orders(conn: &Connection, game: &Game) -> anyhow::Result<Current> {
    let v = game.v();
    let rows = stored::current(conn, game.id, game.seq, None)?;
    let mut pos = game.started()?.clone();
    let choices = if start::open(v, game, &pos) {
        let choices = crate::store::start::all(conn, v, game.id)?;
        start::apply(v, &mut pos, &choices, None)?;
        Some(choices)
    } else {
        None
    };
    Ok(Current { pos, choices, orders: parsed_orders(v, &rows)? })
}

/// The time zone `addr` reads `game`'s times in: the zone its seat (or its
/// observer's row) chose, else the game's, else the judge's.
pub fn reader_zone(game: &Game, addr: &str, judge: chrono_tz::Tz) -> chrono_tz::Tz {
    let own = game.players.iter().filter(|p| p.status != PlayerStatus::Ejected && p.email.eq_ignore_ascii_case(addr)).find_map(|p| p.timezone);
    own.unwrap_or_else(|| game.zone(judge))
}

/// Whether `game` may be processed by itself (before its deadline, when every
/// order is in): it runs, is not paused, has a position, and the master did
/// not SET MANUAL PROCESS (then it waits for the master's PROCESS).
pub fn processes_itself(game: &Game) -> bool {
    game.status == GameStatus::Active && !game.paused && game.position.is_some() && game.settings.processing.is_auto()
}

/// Whether every power owing orders in `cur` (`game`'s current phase) has
/// complete ones and nobody asked to wait. A phase whose only powers owing
/// orders are in civil disorder waits for its deadline (nobody plays: no
/// phase follows another at once).
pub fn ready(game: &Game, cur: &Current) -> bool {
    let owing = owing(game, &cur.pos, &cur.orders);
    let played = owing.iter().any(|o| o.needs.needs && !o.disorder) || !owing.iter().any(|o| o.needs.needs);
    processes_itself(game) && played && owing.iter().all(|o| !o.late() && !o.waits)
}

/// Powers still in the game (units or centres, or about to build their
/// first units on a map whose powers mobilize), the neutral powers of a
/// game for fewer players and the map's dummies left out (no one plays them).
pub fn survivors(game: &Game, pos: &Position) -> Vec<PowerId> {
    let v = game.v();
    let alive = |p: PowerId| pos.center_count(p) > 0 || pos.unit_count(p) > 0 || crate::adjudicate::adjust::mobilizing(v, pos, p);
    (0..v.powers.len() as PowerId).filter(|&p| alive(p) && !game.is_neutral(p)).collect()
}
