//! The game lifecycle: starting a game when its seats are filled, processing a
//! phase (one transaction: the caller's), votes and the end of a game, and who
//! hears about it. Deadlines are in [`deadline`], orders in [`orders`].

pub mod options;
pub mod orders;
pub mod powers;
pub mod refusal;
pub mod removals;
pub mod start;

pub use crate::store::games::{Assignment, GameRow, GameStatus, MapPref, Player, PlayerRole, PlayerStatus, Press, Settings};
pub use orders::{Board, Missing, Needs, Slot, needs, parsed_orders, slot, submit_line};
pub use powers::{find_power, parse_powers, pname};

use crate::adjudicate::{self, Position};
use crate::config::Config;
use crate::end::GameEnd;
use crate::map::{PowerId, Variant};
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
pub fn report_recipients(game: &GameRow, players: &[Player]) -> Vec<(String, Recipient)> {
    let mut out: Vec<(String, Recipient)> = Vec::new();
    let mut add = |a: &str, r: Recipient| {
        if !out.iter().any(|(x, _)| x.eq_ignore_ascii_case(a)) {
            out.push((a.to_string(), r));
        }
    };
    for p in players.iter().filter(|p| p.status == PlayerStatus::Active || p.status == PlayerStatus::Eliminated) {
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
}

impl Owing {
    /// It owes orders it has not all given.
    pub fn late(&self) -> bool {
        self.needs.needs && !self.needs.complete
    }
}

/// What every power of `game` owes in `pos` given `orders` (the orders in
/// force): the one answer to "who still has to order what", in power order.
pub fn owing(v: &Variant, game: &GameRow, pos: &Position, players: &[Player], orders: &[(PowerId, crate::order::Order)]) -> Vec<Owing> {
    (0..v.powers.len() as PowerId)
        .map(|p| {
            let needs = if game.is_neutral(v, p) { Needs::default() } else { needs(v, pos, p, orders) };
            let waits = needs.needs && game.player_for(v, players, p).is_some_and(|pl| pl.wait);
            Owing { power: p, needs, waits, silent: !orders.iter().any(|(q, _)| *q == p) }
        })
        .collect()
}

/// The orders in force in `game`'s current phase, read back strictly, with
/// the position they are given in (the starting choices applied).
pub fn current_orders(conn: &Connection, v: &Variant, game: &GameRow, pos: &Position) -> anyhow::Result<(Position, Vec<(PowerId, crate::order::Order)>)> {
    let rows = stored::current(conn, game.id, game.seq, None)?;
    Ok((start::effective(conn, v, game, pos.clone())?, parsed_orders(v, &rows)?))
}

/// Whether every power owing orders has complete ones and nobody asked to wait.
pub fn ready(conn: &Connection, v: &Variant, game: &GameRow, pos: &Position, players: &[Player]) -> anyhow::Result<bool> {
    if game.status != GameStatus::Active || game.paused {
        return Ok(false);
    }
    let (pos, orders) = current_orders(conn, v, game, pos)?;
    Ok(owing(v, game, &pos, players, &orders).iter().all(|o| !o.late() && !o.waits))
}

/// Powers still in the game (units or centres), the neutral powers of a
/// game for fewer players left out (no one plays them).
pub fn survivors(v: &Variant, game: &GameRow, pos: &Position) -> Vec<PowerId> {
    (0..v.powers.len() as PowerId).filter(|&p| (pos.center_count(p) > 0 || pos.unit_count(p) > 0) && !game.is_neutral(v, p)).collect()
}

/// The end the players' votes make in `pos` (docs/RULES.md, "Ending a
/// game"), if any: an alliance victory when every ally voted for the same
/// alliance and it meets one of the map's alliance victories; a concession
/// when every survivor outside a coalition concedes to exactly that
/// coalition; a draw when every survivor votes for the same powers (all the
/// survivors unless the master allows fewer, NODIAS).
pub fn vote_end(v: &Variant, game: &GameRow, pos: &Position, players: &[Player]) -> Option<GameEnd> {
    let surv = survivors(v, game, pos);
    // a player votes once for all the powers of its seat (games for fewer
    // players); a concession to a power is to its seat
    let vote = |p: PowerId| game.player_for(v, players, p);
    let seats = |ps: &[PowerId]| -> Vec<PowerId> {
        let mut out: Vec<PowerId> = ps.iter().flat_map(|&p| game.group_of(v, p)).filter(|p| surv.contains(p)).collect();
        out.sort_unstable();
        out.dedup();
        out
    };
    let of_survivors = |ps: &[PowerId]| !ps.is_empty() && ps.iter().all(|p| surv.contains(p));
    for allies in surv.iter().filter_map(|&p| vote(p).and_then(|pl| pl.ally.clone())) {
        if allies.iter().all(|&a| vote(a).is_some_and(|pl| pl.ally.as_ref() == Some(&allies))) && adjudicate::alliance_wins(v, pos, &allies) {
            return Some(GameEnd::Alliance(allies));
        }
    }
    for named in surv.iter().filter_map(|&p| vote(p).and_then(|pl| pl.concede.clone())) {
        let coalition = seats(&named);
        let others: Vec<PowerId> = surv.iter().copied().filter(|p| !coalition.contains(p)).collect();
        if of_survivors(&named)
            && !others.is_empty()
            && others.iter().all(|&p| vote(p).and_then(|pl| pl.concede.as_deref()).is_some_and(|c| seats(c) == coalition))
        {
            return Some(GameEnd::Concession(coalition));
        }
    }
    let draw_of = |p: PowerId| -> Option<Vec<PowerId>> {
        let letters = vote(p)?.draw.as_deref()?;
        let mut ps: Vec<PowerId> = letters.chars().map(|c| v.powers.iter().position(|w| w.letter == c).map(|i| i as PowerId)).collect::<Option<_>>()?;
        ps.sort_unstable();
        Some(ps)
    };
    let draws: Vec<Vec<PowerId>> = surv.iter().map(|&p| draw_of(p)).collect::<Option<_>>()?;
    let first = draws.first()?;
    let allowed = if game.settings.dias == crate::store::games::Draws::AllSurvivors { *first == surv } else { of_survivors(first) };
    (allowed && draws.iter().all(|d| d == first)).then(|| GameEnd::Draw(first.clone()))
}

/// The end of a short game (`SET END`): once the next phase is in a year
/// after the game's last, a draw between the survivors.
pub fn end_year_end(v: &Variant, game: &GameRow, next: &Position) -> Option<GameEnd> {
    let last = game.settings.end_year?;
    (next.phase.year > last).then(|| GameEnd::Draw(survivors(v, game, next)))
}
