//! The game lifecycle: starting a game when its seats are filled, processing a
//! phase (one transaction: the caller's), votes and the end of a game, and who
//! hears about it. Deadlines are in [`deadline`], orders in [`orders`].

pub mod load;
pub mod options;
pub mod orders;
pub mod powers;
pub mod refusal;
pub mod removals;
pub mod start;

pub use crate::store::games::{Assignment, GameRow, GameStatus, MapPref, Player, PlayerRole, PlayerStatus, Press, Settings};
pub use load::{Game, LoadError, Seat, load, load_named};
pub use orders::{Board, Missing, Needs, Slot, needs, parsed_orders, slot, submit_line};
pub use powers::{find_power, parse_powers, pname};

use crate::adjudicate::{self, Position};
use crate::config::Config;
use crate::end::GameEnd;
use crate::map::PowerId;
use crate::store::orders as stored;
use rusqlite::Connection;

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
        neutral: Vec::new(),
        end_year: None,
        victory_count: None,
        dias: Default::default(),
        anonymous: Default::default(),
        groups: Vec::new(),
        closed: Vec::new(),
        world_war: None,
        timezone: None,
        quiet: Default::default(),
        delay_secs: 0,
        blackout: Vec::new(),
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
pub fn stop_command(game: &GameRow, who: Recipient) -> Option<String> {
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
    /// Its seat's standing votes; `None` for a power no one votes for (no
    /// player holds it, or it is out of the game: neutral, no units or
    /// centres left).
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
    /// It owes orders it has not all given.
    pub fn late(&self) -> bool {
        self.needs.needs && !self.needs.complete
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
            let needs = if game.is_neutral(p) { Needs::default() } else { needs(v, pos, p, orders) };
            let waits = needs.needs && game.player_for(p).is_some_and(|pl| pl.wait);
            let votes = if surv.contains(&p) { votes_of(game, p) } else { None };
            Owing { power: p, needs, waits, silent: !orders.iter().any(|(q, _)| *q == p), votes }
        })
        .collect()
}

/// The orders in force in `game`'s current phase, read back strictly, with
/// the position they are given in (the starting choices applied).
pub fn current_orders(conn: &Connection, game: &Game) -> anyhow::Result<(Position, Vec<(PowerId, crate::order::Order)>)> {
    let rows = stored::current(conn, game.id, game.seq, None)?;
    Ok((start::effective(conn, game, game.started()?.clone())?, parsed_orders(game.v(), &rows)?))
}

/// The time zone `addr` reads `game`'s times in: the zone its seat (or its
/// observer's row) chose, else the game's, else the judge's.
pub fn reader_zone(game: &Game, addr: &str, judge: chrono_tz::Tz) -> chrono_tz::Tz {
    let own = game.players.iter().filter(|p| p.status != PlayerStatus::Ejected && p.email.eq_ignore_ascii_case(addr)).find_map(|p| p.timezone);
    own.unwrap_or_else(|| game.zone(judge))
}

/// Whether every power owing orders has complete ones and nobody asked to wait.
pub fn ready(conn: &Connection, game: &Game) -> anyhow::Result<bool> {
    if game.status != GameStatus::Active || game.paused || game.position.is_none() {
        return Ok(false);
    }
    let (pos, orders) = current_orders(conn, game)?;
    Ok(owing(game, &pos, &orders).iter().all(|o| !o.late() && !o.waits))
}

/// Powers still in the game (units or centres), the neutral powers of a
/// game for fewer players left out (no one plays them).
pub fn survivors(game: &Game, pos: &Position) -> Vec<PowerId> {
    (0..game.v().powers.len() as PowerId).filter(|&p| (pos.center_count(p) > 0 || pos.unit_count(p) > 0) && !game.is_neutral(p)).collect()
}

/// The end the players' votes make in `pos` (docs/RULES.md, "Ending a
/// game"), if any: an alliance victory when every ally voted for the same
/// alliance and it meets one of the map's alliance victories; a concession
/// when every survivor outside a coalition concedes to exactly that
/// coalition; a draw when every survivor votes for the same powers (all the
/// survivors unless the master allows fewer, NODIAS).
pub fn vote_end(game: &Game, pos: &Position) -> Option<GameEnd> {
    let surv = survivors(game, pos);
    let owing = owing(game, pos, &[]);
    // a player votes once for all the powers of its seat (games for fewer
    // players); a concession to a power is to its seat
    let vote = |p: PowerId| owing[p as usize].votes.as_ref();
    let seats = |ps: &[PowerId]| -> Vec<PowerId> {
        let mut out: Vec<PowerId> = ps.iter().flat_map(|&p| game.group_of(p)).filter(|p| surv.contains(p)).collect();
        out.sort_unstable();
        out.dedup();
        out
    };
    let of_survivors = |ps: &[PowerId]| !ps.is_empty() && ps.iter().all(|p| surv.contains(p));
    for allies in surv.iter().filter_map(|&p| vote(p).and_then(|x| x.ally.clone())) {
        if allies.iter().all(|&a| vote(a).is_some_and(|x| x.ally.as_ref() == Some(&allies))) && adjudicate::alliance_wins(game.v(), pos, &allies) {
            return Some(GameEnd::Alliance(allies));
        }
    }
    for named in surv.iter().filter_map(|&p| vote(p).and_then(|x| x.concede.clone())) {
        let coalition = seats(&named);
        let others: Vec<PowerId> = surv.iter().copied().filter(|p| !coalition.contains(p)).collect();
        if of_survivors(&named)
            && !others.is_empty()
            && others.iter().all(|&p| vote(p).and_then(|x| x.concede.as_deref()).is_some_and(|c| seats(c) == coalition))
        {
            return Some(GameEnd::Concession(coalition));
        }
    }
    let first = vote(*surv.first()?)?.draw.clone()?;
    let allowed = if game.settings.dias == crate::store::games::Draws::AllSurvivors { first == surv } else { of_survivors(&first) };
    (allowed && !surv.iter().any(|&p| owing[p as usize].owes_draw_vote(&first) || vote(p).is_none())).then_some(GameEnd::Draw(first))
}

/// The end of a short game (`SET END`): once the next phase is in a year
/// after the game's last, a draw between the survivors.
pub fn end_year_end(game: &Game, next: &Position) -> Option<GameEnd> {
    let last = game.settings.end_year?;
    (next.phase.year > last).then(|| GameEnd::Draw(survivors(game, next)))
}
