//! Games and players as database rows; orders; deadlines; processing a phase
//! (one transaction: the caller's); reports; the end of a game.

use super::Ctx;
use crate::adjudicate::{self, Note, Outcome, Position, ResultKind};
use crate::contract::{position_from_json, position_to_json};
use crate::map::{PowerId, Variant};
use crate::order::Order;
use crate::parse;
use crate::phase::PhaseKind;
use crate::rules::Rulebook;
use crate::timing::{self, Timing};
use minijinja::context;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A game's options (stored as JSON).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Settings {
    /// white, grey or none.
    pub press: String,
    /// Press to some powers only (not just broadcasts).
    pub partial: bool,
    /// After the grace period, missing orders take the defaults (true) or the game waits for the master (false).
    pub nmr: bool,
    pub movement: String,
    pub retreat: String,
    pub adjustment: String,
    pub grace_secs: i64,
    pub reminder_secs: i64,
    #[serde(default)]
    pub list_address: Option<String>,
    /// random or preference.
    pub assignment: String,
    /// Rule options (see docs/RULES.md).
    #[serde(default)]
    pub rules: BTreeMap<String, String>,
}

impl Settings {
    pub fn defaults(ctx: &Ctx) -> Settings {
        let d = &ctx.cfg.defaults;
        Settings {
            press: d.press.clone(),
            partial: true,
            nmr: true,
            movement: d.movement.clone(),
            retreat: d.retreat.clone(),
            adjustment: d.adjustment.clone(),
            grace_secs: d.grace_secs,
            reminder_secs: d.reminder_secs,
            list_address: None,
            assignment: "preference".into(),
            rules: BTreeMap::new(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Game {
    pub id: i64,
    pub name: String,
    pub variant: String,
    pub status: String,
    pub paused: bool,
    pub master_hash: String,
    pub master_email: String,
    pub settings: Settings,
    pub position: Option<String>,
    pub seq: i64,
    pub deadline: Option<i64>,
    pub grace_until: Option<i64>,
    pub reminded: i64,
    pub late_noticed: i64,
    pub waiting_gm: i64,
    pub result: Option<String>,
    pub created: i64,
}

const GAME_COLS: &str = "id, name, variant, status, paused, master_hash, master_email, settings, position, seq, deadline, grace_until, reminded, late_noticed, waiting_gm, result, created";

fn game_row(r: &rusqlite::Row) -> rusqlite::Result<Game> {
    let settings: String = r.get(7)?;
    Ok(Game {
        id: r.get(0)?,
        name: r.get(1)?,
        variant: r.get(2)?,
        status: r.get(3)?,
        paused: r.get(4)?,
        master_hash: r.get(5)?,
        master_email: r.get(6)?,
        settings: serde_json::from_str(&settings).map_err(|e| rusqlite::Error::FromSqlConversionFailure(7, rusqlite::types::Type::Text, Box::new(e)))?,
        position: r.get(8)?,
        seq: r.get(9)?,
        deadline: r.get(10)?,
        grace_until: r.get(11)?,
        reminded: r.get(12)?,
        late_noticed: r.get(13)?,
        waiting_gm: r.get(14)?,
        result: r.get(15)?,
        created: r.get(16)?,
    })
}

impl Game {
    pub fn by_name(conn: &Connection, name: &str) -> rusqlite::Result<Option<Game>> {
        conn.prepare_cached(&format!("SELECT {GAME_COLS} FROM games WHERE name = ?1"))?.query_row([name], game_row).optional()
    }
    pub fn by_id(conn: &Connection, id: i64) -> rusqlite::Result<Game> {
        conn.prepare_cached(&format!("SELECT {GAME_COLS} FROM games WHERE id = ?1"))?.query_row([id], game_row)
    }
    pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Game>> {
        conn.prepare_cached(&format!("SELECT {GAME_COLS} FROM games ORDER BY name"))?.query_map([], game_row)?.collect()
    }
    pub fn insert(&mut self, conn: &Connection) -> rusqlite::Result<()> {
        conn.execute(
            "INSERT INTO games (name, variant, status, master_hash, master_email, settings, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![self.name, self.variant, self.status, self.master_hash, self.master_email, serde_json::to_string(&self.settings).expect("settings serialize"), self.created],
        )?;
        self.id = conn.last_insert_rowid();
        Ok(())
    }
    pub fn save(&self, conn: &Connection) -> rusqlite::Result<()> {
        conn.prepare_cached(
            "UPDATE games SET status = ?2, paused = ?3, master_hash = ?4, master_email = ?5, settings = ?6, position = ?7, seq = ?8,
             deadline = ?9, grace_until = ?10, reminded = ?11, late_noticed = ?12, waiting_gm = ?13, result = ?14, variant = ?15 WHERE id = ?1",
        )?
        .execute(params![
            self.id,
            self.status,
            self.paused,
            self.master_hash,
            self.master_email,
            serde_json::to_string(&self.settings).expect("settings serialize"),
            self.position,
            self.seq,
            self.deadline,
            self.grace_until,
            self.reminded,
            self.late_noticed,
            self.waiting_gm,
            self.result,
            self.variant
        ])?;
        Ok(())
    }
    pub fn list_id(&self, ctx: &Ctx) -> String {
        let clean: String = self.name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
        format!("Diplomacy game {} <{}.{}>", self.name, clean.to_ascii_lowercase(), ctx.cfg.domain())
    }
    pub fn position(&self, v: &Variant) -> anyhow::Result<Option<Position>> {
        match &self.position {
            None => Ok(None),
            Some(t) => {
                let value: serde_json::Value = serde_json::from_str(t)?;
                Ok(Some(position_from_json(v, &value).map_err(anyhow::Error::msg)?))
            }
        }
    }
    pub fn rules(&self, v: &Variant) -> Result<Rulebook, String> {
        let mut r = Rulebook::for_variant(v);
        for (k, val) in &self.settings.rules {
            r.set(k, val)?;
        }
        Ok(r)
    }
}

#[derive(Clone, Debug)]
pub struct Player {
    pub id: i64,
    pub game_id: i64,
    /// player or observer.
    pub role: String,
    pub power: Option<PowerId>,
    pub email: String,
    pub pw_hash: Option<String>,
    pub preference: Option<String>,
    pub wait: bool,
    pub draw: Option<String>,
    pub concede: Option<PowerId>,
    pub absences: Vec<(i64, i64)>,
    /// active, resigned, ejected, eliminated.
    pub status: String,
    pub joined: i64,
}

impl Player {
    pub fn of_game(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<Player>> {
        conn.prepare_cached(
            "SELECT id, game_id, role, power, email, pw_hash, preference, wait, draw, concede, absences, status, joined FROM players WHERE game_id = ?1 ORDER BY id",
        )?
        .query_map([game_id], |r| {
            let abs: String = r.get(10)?;
            Ok(Player {
                id: r.get(0)?,
                game_id: r.get(1)?,
                role: r.get(2)?,
                power: r.get(3)?,
                email: r.get(4)?,
                pw_hash: r.get(5)?,
                preference: r.get(6)?,
                wait: r.get(7)?,
                draw: r.get(8)?,
                concede: r.get(9)?,
                absences: serde_json::from_str(&abs).unwrap_or_default(),
                status: r.get(11)?,
                joined: r.get(12)?,
            })
        })?
        .collect()
    }
    pub fn insert(&mut self, conn: &Connection) -> rusqlite::Result<()> {
        conn.execute(
            "INSERT INTO players (game_id, role, power, email, pw_hash, preference, status, joined) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![self.game_id, self.role, self.power, self.email, self.pw_hash, self.preference, self.status, self.joined],
        )?;
        self.id = conn.last_insert_rowid();
        Ok(())
    }
    pub fn save(&self, conn: &Connection) -> rusqlite::Result<()> {
        conn.prepare_cached("UPDATE players SET power = ?2, email = ?3, pw_hash = ?4, preference = ?5, wait = ?6, draw = ?7, concede = ?8, absences = ?9, status = ?10 WHERE id = ?1")?
            .execute(params![
                self.id,
                self.power,
                self.email,
                self.pw_hash,
                self.preference,
                self.wait,
                self.draw,
                self.concede,
                serde_json::to_string(&self.absences).expect("absences serialize"),
                self.status
            ])?;
        Ok(())
    }
    pub fn active_for(players: &[Player], power: PowerId) -> Option<&Player> {
        players.iter().find(|p| p.role == "player" && p.power == Some(power) && p.status == "active")
    }
}

/// A power's display name: `France`.
pub fn pname(v: &Variant, p: PowerId) -> String {
    let n = &v.powers[p as usize].name;
    let mut s = n[..1].to_string();
    s.push_str(&n[1..].to_ascii_lowercase());
    s
}

/// Finds a power by letter, name or unambiguous start of its name.
pub fn find_power(v: &Variant, word: &str) -> Option<PowerId> {
    let w = word.trim().to_ascii_uppercase();
    if w.len() == 1 {
        let c = w.chars().next()?;
        return v.powers.iter().position(|p| p.letter.to_ascii_uppercase() == c).map(|i| i as PowerId);
    }
    let hits: Vec<usize> = (0..v.powers.len()).filter(|&i| v.powers[i].name.starts_with(&w) || v.powers[i].adjective.to_ascii_uppercase().starts_with(&w)).collect();
    if hits.len() == 1 { Some(hits[0] as PowerId) } else { None }
}

/// A list of powers: letters run together (`EFG`) or names separated by
/// spaces/commas, sorted and without repeats.
pub fn parse_powers(v: &Variant, text: &str) -> Result<Vec<PowerId>, String> {
    let mut out = parse_powers_in_order(v, text)?;
    out.sort();
    out.dedup();
    Ok(out)
}

/// The same, in the order written (for preference lists).
pub fn parse_powers_in_order(v: &Variant, text: &str) -> Result<Vec<PowerId>, String> {
    let parts: Vec<&str> = text.trim().split([',', ' ']).filter(|s| !s.is_empty()).collect();
    let letters_only = parts.len() == 1 && parts[0].chars().all(|c| c.is_ascii_alphabetic()) && find_power(v, parts[0]).is_none();
    if letters_only {
        parts[0].chars().map(|c| find_power(v, &c.to_string()).ok_or_else(|| format!("`{c}` is not a power letter here"))).collect()
    } else {
        parts.iter().map(|p| find_power(v, p).ok_or_else(|| format!("`{p}` is not a power of this game"))).collect()
    }
}

/// The key under which an order replaces an earlier one: the unit it is for
/// (in adjustments: the province built in or removed from; each waive is its own).
pub fn order_key(v: &Variant, o: &Order, waives_before: usize) -> String {
    match o {
        Order::Build(u) => format!("b:{}", v.code(u.loc.prov)),
        Order::Waive => format!("w:{waives_before}"),
        other => format!("u:{}", v.code(other.unit().map(|u| u.loc.prov).unwrap_or(0))),
    }
}

/// The active orders of a phase (all powers, or one), oldest first.
pub fn current_orders(conn: &Connection, game_id: i64, seq: i64, power: Option<PowerId>) -> rusqlite::Result<Vec<(PowerId, String, String)>> {
    let row = |r: &rusqlite::Row| Ok((r.get(0)?, r.get(1)?, r.get(2)?));
    match power {
        Some(p) => conn
            .prepare_cached("SELECT power, key, text FROM orders WHERE game_id = ?1 AND seq = ?2 AND active = 1 AND power = ?3 ORDER BY id")?
            .query_map(params![game_id, seq, p], row)?
            .collect(),
        None => conn.prepare_cached("SELECT power, key, text FROM orders WHERE game_id = ?1 AND seq = ?2 AND active = 1 ORDER BY id")?.query_map(params![game_id, seq], row)?.collect(),
    }
}

/// Parsed active orders (canonical text always parses).
pub fn parsed_orders(v: &Variant, phase: PhaseKind, rows: &[(PowerId, String, String)]) -> Vec<(PowerId, Order)> {
    rows.iter().filter_map(|(p, _, t)| parse::parse_order(v, t, Some(phase)).ok().map(|o| (*p, o))).collect()
}

/// What a power still has to order.
#[derive(Clone, Debug, Default)]
pub struct Needs {
    /// The power has something to order in this phase.
    pub needs: bool,
    pub complete: bool,
    pub missing: Vec<String>,
}

pub fn needs(v: &Variant, pos: &Position, power: PowerId, orders: &[(PowerId, Order)]) -> Needs {
    let mine: Vec<&Order> = orders.iter().filter(|(p, _)| *p == power).map(|(_, o)| o).collect();
    let ordered = |prov| mine.iter().any(|o| o.unit().is_some_and(|u| u.loc.prov == prov));
    match pos.phase.kind {
        PhaseKind::Movement => {
            let missing: Vec<String> = pos.units.iter().filter(|u| u.power == power && !ordered(u.loc.prov)).map(|u| v.unit_code(u)).collect();
            let needs = pos.units.iter().any(|u| u.power == power);
            Needs { needs, complete: missing.is_empty(), missing }
        }
        PhaseKind::Retreat => {
            let missing: Vec<String> = pos.dislodged.iter().filter(|d| d.unit.power == power && !ordered(d.unit.loc.prov)).map(|d| v.unit_code(&d.unit)).collect();
            let needs = pos.dislodged.iter().any(|d| d.unit.power == power);
            Needs { needs, complete: missing.is_empty(), missing }
        }
        PhaseKind::Adjustment => {
            let c = pos.center_count(power);
            let u = pos.unit_count(power);
            if u > c {
                let have = mine.iter().filter(|o| matches!(o, Order::Disband(_))).count();
                let owed = u - c;
                let missing = if have < owed { vec![format!("{} removal(s)", owed - have)] } else { vec![] };
                Needs { needs: true, complete: have >= owed, missing }
            } else {
                let owed = (c - u).min(adjudicate::adjust::free_homes(v, pos, power).count());
                let have = mine.iter().filter(|o| matches!(o, Order::Build(_) | Order::Waive)).count();
                let missing = if have < owed { vec![format!("{} build(s) or WAIVE", owed - have)] } else { vec![] };
                Needs { needs: owed > 0, complete: have >= owed, missing }
            }
        }
    }
}

/// Notes that make an order wrong whatever anyone else orders: refused at once.
fn static_error(n: Note) -> bool {
    use Note::*;
    matches!(
        n,
        NoSuchUnit
            | NotYourUnit
            | WrongUnitType
            | NotAdjacent
            | CannotEnter
            | CoastNeeded
            | CoastUnreachable
            | ToOwnProvince
            | SupportUnreachable
            | SupportOwnProvince
            | ConvoyNotAtSea
            | WrongPhase
            | NotDislodged
            | RetreatNotAllowed
            | DisbandNotAllowed
            | BuildNotHome
            | BuildNotOwned
            | BuildOccupied
            | BuildNotOwed
            | BuildNeedsType
            | BuildNeedsCoast
            | BuildBadType
            | RemoveNotOwed
    )
}

/// Fills in unit types left out (`PAR-BUR` → `A PAR - BUR`) from the board.
fn fill_types(pos: &Position, o: &mut Order) {
    let fill = |u: &mut crate::order::UnitSpec| {
        if u.kind.is_none() {
            let on_board = pos.unit_at(u.loc.prov).map(|x| x.kind).or_else(|| pos.dislodged.iter().find(|d| d.unit.loc.prov == u.loc.prov).map(|d| d.unit.kind));
            u.kind = on_board;
        }
    };
    match o {
        Order::Support { unit, target, .. } => {
            fill(unit);
            fill(target);
        }
        Order::Convoy { unit, army, .. } => {
            fill(unit);
            fill(army);
        }
        Order::Build(_) | Order::Waive => {}
        other => {
            if let Some(u) = other.unit_mut() {
                fill(u);
            }
        }
    }
}

/// Checks and records one order line for `power`. Ok: the canonical orders
/// accepted (a line may hold several); Err: why not, with a suggestion.
pub fn submit_line(conn: &Connection, v: &Variant, rules: &Rulebook, game: &Game, pos: &Position, power: PowerId, line: &str, mail_id: Option<i64>, now: i64) -> Vec<Result<String, String>> {
    let mut out = Vec::new();
    for parsed in parse::parse_line(v, line, Some(pos.phase.kind)) {
        let mut o = match parsed {
            Ok(o) => o,
            Err(e) => {
                out.push(Err(e.message));
                continue;
            }
        };
        fill_types(pos, &mut o);
        let rows = match current_orders(conn, game.id, game.seq, Some(power)) {
            Ok(r) => r,
            Err(e) => {
                out.push(Err(format!("database error: {e}")));
                continue;
            }
        };
        let waives = rows.iter().filter(|(_, k, _)| k.starts_with("w:")).count();
        let key = order_key(v, &o, waives);
        // check: the power's set with this order replacing the one for the same unit
        let mut set: Vec<(PowerId, Order)> = if pos.phase.kind == PhaseKind::Adjustment {
            parsed_orders(v, pos.phase.kind, &rows.iter().filter(|(_, k, _)| *k != key).cloned().collect::<Vec<_>>())
        } else {
            Vec::new()
        };
        set.push((power, o));
        let outcome = adjudicate::process(v, rules, pos, &set);
        let canonical = o.canonical(v);
        let verdict = outcome.results.iter().find(|r| !r.defaulted && r.power == power && r.order.canonical(v) == canonical);
        if let Some(r) = verdict
            && let Some(n) = r.note
            && static_error(n)
        {
            out.push(Err(format!("{canonical}: {}", explain(v, pos, power, &o, n))));
            continue;
        }
        let res = (|| -> rusqlite::Result<()> {
            conn.prepare_cached("UPDATE orders SET active = 0 WHERE game_id = ?1 AND seq = ?2 AND power = ?3 AND key = ?4 AND active = 1")?
                .execute(params![game.id, game.seq, power, key])?;
            conn.prepare_cached("INSERT INTO orders (game_id, seq, power, key, text, active, mail_id, created) VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7)")?
                .execute(params![game.id, game.seq, power, key, canonical, mail_id, now])?;
            Ok(())
        })();
        out.push(res.map(|_| canonical).map_err(|e| format!("database error: {e}")));
    }
    out
}

fn explain(v: &Variant, pos: &Position, power: PowerId, o: &Order, n: Note) -> String {
    let base = n.text().to_string();
    match n {
        Note::NoSuchUnit => {
            let mine: Vec<String> = pos.units.iter().filter(|u| u.power == power).map(|u| v.unit_code(u)).collect();
            let what = if pos.phase.kind == PhaseKind::Retreat {
                let d: Vec<String> = pos.dislodged.iter().filter(|d| d.unit.power == power).map(|d| v.unit_code(&d.unit)).collect();
                format!("your dislodged units: {}", if d.is_empty() { "none".into() } else { d.join(", ") })
            } else {
                format!("your units: {}", mine.join(", "))
            };
            format!("{base} ({what})")
        }
        Note::RetreatNotAllowed => {
            let opts = o.unit().and_then(|u| pos.dislodged.iter().find(|d| d.unit.loc.prov == u.loc.prov)).map(|d| d.options.iter().map(|l| v.loc_code(*l)).collect::<Vec<_>>());
            match opts {
                Some(o) if !o.is_empty() => format!("{base} (it may retreat to {}, or disband)", o.join(", ")),
                _ => format!("{base} (it can only disband)"),
            }
        }
        _ => base,
    }
}

/// Sets the deadline of the game's current phase from its timing, pushed past
/// any player's absence, and the grace period after it.
pub fn set_deadline(ctx: &Ctx, game: &mut Game, kind: PhaseKind, players: &[Player]) {
    let spec = match kind {
        PhaseKind::Movement => &game.settings.movement,
        PhaseKind::Retreat => &game.settings.retreat,
        PhaseKind::Adjustment => &game.settings.adjustment,
    };
    let now = ctx.now();
    let t = Timing::parse(spec).unwrap_or(Timing::Hours { secs: 86_400, at: None, days: vec![] });
    let d = push_for_absences(t.next_deadline(now, ctx.cfg.timezone), players);
    game.deadline = Some(d);
    game.grace_until = Some(d + game.settings.grace_secs);
}

pub fn push_for_absences(mut deadline: i64, players: &[Player]) -> i64 {
    for _ in 0..16 {
        let mut moved = false;
        for p in players.iter().filter(|p| p.role == "player" && p.status == "active") {
            for &(a, b) in &p.absences {
                if a <= deadline && deadline < b {
                    deadline = b;
                    moved = true;
                }
            }
        }
        if !moved {
            break;
        }
    }
    deadline
}

/// Every address that gets a game's reports: players, observers, the master, the list.
pub fn report_recipients(game: &Game, players: &[Player]) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::new();
    let mut add = |a: &str, list: bool| {
        if !out.iter().any(|(x, _)| x.eq_ignore_ascii_case(a)) {
            out.push((a.to_string(), list));
        }
    };
    for p in players.iter().filter(|p| p.status == "active" || p.status == "eliminated") {
        add(&p.email, false);
    }
    add(&game.master_email, false);
    if let Some(l) = &game.settings.list_address {
        add(l, true);
    }
    out
}

/// Mails `body` to everyone in the game.
pub fn tell_all(conn: &Connection, ctx: &Ctx, game: &Game, players: &[Player], subject: &str, body: &str) -> rusqlite::Result<()> {
    for (addr, _) in report_recipients(game, players) {
        ctx.notice(conn, &addr, subject, body.to_string(), Some(game.id), Some(game.list_id(ctx)))?;
    }
    Ok(())
}

/// Starts a forming game whose seats are all taken: powers assigned, first phase, deadline.
pub fn start(conn: &Connection, ctx: &mut Ctx, game: &mut Game) -> anyhow::Result<()> {
    let v = ctx.variant(&game.variant).map_err(anyhow::Error::msg)?;
    let mut players = Player::of_game(conn, game.id)?;
    let mut rng = crate::random::Rng::new((game.created as u64) ^ (game.id as u64).wrapping_mul(0x9E37));
    let mut free: Vec<PowerId> = (0..v.powers.len() as PowerId).collect();
    let mut order: Vec<usize> = players.iter().enumerate().filter(|(_, p)| p.role == "player" && p.status == "active").map(|(i, _)| i).collect();
    // players in random order pick from their preference lists
    for i in (1..order.len()).rev() {
        let j = rng.below(i + 1);
        order.swap(i, j);
    }
    // those with a preference choose first; the others get what is left
    let has_pref = |i: &usize| game.settings.assignment == "preference" && players[*i].preference.as_deref().is_some_and(|p| !p.is_empty());
    let (mut first, rest): (Vec<usize>, Vec<usize>) = order.iter().partition(|i| has_pref(i));
    first.extend(rest);
    for &i in &first {
        let pref = if game.settings.assignment == "preference" { players[i].preference.clone().unwrap_or_default() } else { String::new() };
        let wanted = parse_powers(&v, &pref).unwrap_or_default();
        let pick = wanted.iter().copied().find(|p| free.contains(p)).unwrap_or_else(|| free[rng.below(free.len())]);
        free.retain(|p| *p != pick);
        players[i].power = Some(pick);
        players[i].save(conn)?;
    }
    let pos = Position::initial(&v);
    game.status = "active".into();
    game.seq = 1;
    game.position = Some(position_to_json(&v, &pos).to_string());
    set_deadline(ctx, game, pos.phase.kind, &players);
    game.save(conn)?;
    let deadline = timing::format_time(game.deadline.unwrap_or(0), ctx.cfg.timezone);
    for p in players.iter().filter(|p| p.role == "player" && p.power.is_some()) {
        let pw = p.power.unwrap_or(0);
        let units: Vec<String> = pos.units.iter().filter(|u| u.power == pw).map(|u| v.unit_code(u)).collect();
        let body = ctx.templates.render(
            "notice.txt",
            context! { title => format!("Game {} has started", game.name), lines => vec![
                format!("You are {}. Sign on with: SIGNON {}{} <your password>", pname(&v, pw), v.powers[pw as usize].letter, game.name),
                format!("Your units: {}", units.join(", ")),
                format!("First phase: {}. Deadline: {deadline}.", v.calendar.long_name(pos.phase)),
            ] },
        );
        ctx.notice(conn, &p.email, &format!("Game {} has started: you are {}", game.name, pname(&v, pw)), body, Some(game.id), None)?;
    }
    let roster: Vec<String> = players.iter().filter_map(|p| p.power.map(|pw| format!("{}", pname(&v, pw)))).collect();
    let body = ctx.templates.render(
        "notice.txt",
        context! { title => format!("Game {} has started", game.name), lines => vec![
            format!("Variant {}, {} powers: {}.", v.name, roster.len(), roster.join(", ")),
            format!("First phase: {}. Deadline: {deadline}.", v.calendar.long_name(pos.phase)),
        ] },
    );
    ctx.notice(conn, &game.master_email.clone(), &format!("Game {} has started", game.name), body, Some(game.id), None)?;
    Ok(())
}

/// Whether every power owing orders has complete ones and nobody asked to wait.
pub fn ready(conn: &Connection, v: &Variant, game: &Game, pos: &Position, players: &[Player]) -> rusqlite::Result<bool> {
    if game.status != "active" || game.paused {
        return Ok(false);
    }
    let rows = current_orders(conn, game.id, game.seq, None)?;
    let orders = parsed_orders(v, pos.phase.kind, &rows);
    for p in 0..v.powers.len() as PowerId {
        let n = needs(v, pos, p, &orders);
        if n.needs && !n.complete {
            return Ok(false);
        }
        if n.needs && Player::active_for(players, p).is_some_and(|pl| pl.wait) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Processes games touched by the last mail whose orders are all in.
pub fn process_ready(conn: &Connection, ctx: &mut Ctx) -> anyhow::Result<()> {
    let ids: Vec<i64> = std::mem::take(&mut ctx.touched);
    for id in ids {
        let mut game = Game::by_id(conn, id)?;
        if game.status != "active" || game.paused {
            continue;
        }
        let v = ctx.variant(&game.variant).map_err(anyhow::Error::msg)?;
        let Some(pos) = game.position(&v)? else { continue };
        let players = Player::of_game(conn, id)?;
        if ready(conn, &v, &game, &pos, &players)? {
            process(conn, ctx, &mut game, "all orders are in")?;
        }
    }
    Ok(())
}

/// Deadline work for one game: reminder, late notice, processing after the
/// deadline (complete orders) or after the grace period (defaults). Returns 1 if a phase was processed.
pub fn tick_game(conn: &Connection, ctx: &mut Ctx, id: i64) -> anyhow::Result<usize> {
    let mut game = Game::by_id(conn, id)?;
    if game.status != "active" || game.paused {
        return Ok(0);
    }
    let Some(deadline) = game.deadline else { return Ok(0) };
    let now = ctx.now();
    let v = ctx.variant(&game.variant).map_err(anyhow::Error::msg)?;
    let Some(pos) = game.position(&v)? else { return Ok(0) };
    let players = Player::of_game(conn, id)?;
    let rows = current_orders(conn, game.id, game.seq, None)?;
    let orders = parsed_orders(&v, pos.phase.kind, &rows);
    // powers owing orders, with what they still have to order
    let late: Vec<(PowerId, Needs)> = (0..v.powers.len() as PowerId).map(|p| (p, needs(&v, &pos, p, &orders))).filter(|(_, n)| n.needs && !n.complete).collect();
    let when = timing::format_time(deadline, ctx.cfg.timezone);
    let phase_name = v.calendar.long_name(pos.phase);
    if now < deadline {
        if game.reminded < game.seq && now >= deadline - game.settings.reminder_secs {
            for (p, n) in &late {
                let p = *p;
                if let Some(pl) = Player::active_for(&players, p) {
                    let body = ctx.templates.render(
                        "notice.txt",
                        context! { title => format!("Reminder: game {}, {}", game.name, phase_name), lines => vec![
                            format!("The deadline is {when} ({} from now).", timing::format_span(deadline - now)),
                            format!("{} still has to order: {}.", pname(&v, p), n.missing.join(", ")),
                            format!("Sign on with SIGNON {}{} <password> and send your orders.", v.powers[p as usize].letter, game.name),
                        ] },
                    );
                    ctx.notice(conn, &pl.email, &format!("Reminder: orders due in game {}", game.name), body, Some(game.id), None)?;
                }
            }
            game.reminded = game.seq;
            game.save(conn)?;
        }
        return Ok(0);
    }
    if late.is_empty() {
        process(conn, ctx, &mut game, "the deadline passed")?;
        return Ok(1);
    }
    let grace = game.grace_until.unwrap_or(deadline);
    if now < grace {
        if game.late_noticed < game.seq {
            let names: Vec<String> = late.iter().map(|(p, _)| pname(&v, *p)).collect();
            for &(p, _) in &late {
                if let Some(pl) = Player::active_for(&players, p) {
                    let body = ctx.templates.render(
                        "notice.txt",
                        context! { title => format!("Late: game {}, {}", game.name, phase_name), lines => vec![
                            format!("The deadline ({when}) has passed and your orders for {} are not complete.", pname(&v, p)),
                            format!("You have until {} to send them; after that, {}.", timing::format_time(grace, ctx.cfg.timezone),
                                if game.settings.nmr { "missing orders take the defaults (units hold, retreats disband, builds are waived, removals are chosen for you)" } else { "the game waits for its master" }),
                        ] },
                    );
                    ctx.notice(conn, &pl.email, &format!("Late: orders missing in game {}", game.name), body, Some(game.id), None)?;
                }
            }
            let body = ctx.templates.render(
                "notice.txt",
                context! { title => format!("Late powers in game {}", game.name), lines => vec![
                    format!("The deadline of {phase_name} ({when}) has passed. Orders missing from: {}.", names.join(", ")),
                    format!("Grace period until {}.", timing::format_time(grace, ctx.cfg.timezone)),
                ] },
            );
            ctx.notice(conn, &game.master_email.clone(), &format!("Late powers in game {}", game.name), body, Some(game.id), None)?;
            game.late_noticed = game.seq;
            game.save(conn)?;
        }
        return Ok(0);
    }
    if game.settings.nmr {
        process(conn, ctx, &mut game, "the grace period ended")?;
        return Ok(1);
    }
    if game.waiting_gm < game.seq {
        let names: Vec<String> = late.iter().map(|(p, _)| pname(&v, *p)).collect();
        let body = ctx.templates.render(
            "notice.txt",
            context! { title => format!("Game {} waits for you", game.name), lines => vec![
                format!("The grace period of {phase_name} has ended; orders are still missing from {}.", names.join(", ")),
                "This game does not default missing orders (SET NO NMR). Send PROCESS! to process with defaults, or SET DEADLINE to give more time.".to_string(),
            ] },
        );
        ctx.notice(conn, &game.master_email.clone(), &format!("Game {} waits for you", game.name), body, Some(game.id), None)?;
        game.waiting_gm = game.seq;
        game.save(conn)?;
    }
    Ok(0)
}

/// The report of an outcome, and the powers that sent no orders.
pub fn render_report(ctx: &Ctx, v: &Variant, game: &Game, pos: &Position, out: &Outcome, orders: &[(PowerId, Order)], prediction: bool, deadline: Option<i64>) -> String {
    let mut powers = Vec::new();
    let mut nmr = Vec::new();
    for p in 0..v.powers.len() as PowerId {
        let rows: Vec<minijinja::Value> = out
            .results
            .iter()
            .filter(|r| r.power == p)
            .map(|r| {
                let mut res = match r.result {
                    ResultKind::Ok => String::new(),
                    k => k.label().replace('_', " "),
                };
                if let Some(n) = r.note
                    && (r.result != ResultKind::Ok || r.defaulted)
                {
                    res = if res.is_empty() { n.text().to_string() } else { format!("{res}: {}", n.text()) };
                }
                context! { text => r.order.canonical(v), result => res }
            })
            .collect();
        let n = needs(v, pos, p, orders);
        if n.needs && !orders.iter().any(|(q, _)| *q == p) {
            nmr.push(pname(v, p));
        }
        if !rows.is_empty() {
            powers.push(context! { name => pname(v, p), orders => rows });
        }
    }
    let dislodged: Vec<minijinja::Value> = out
        .dislodged
        .iter()
        .map(|d| context! { power => pname(v, d.unit.power), unit => v.unit_code(&d.unit), options => d.options.iter().map(|l| v.loc_code(*l)).collect::<Vec<_>>() })
        .collect();
    let np = &out.position;
    let mut table = Vec::new();
    let mut eliminated = Vec::new();
    for p in 0..v.powers.len() as PowerId {
        let c = np.center_count(p);
        let u = np.unit_count(p);
        if c == 0 && u == 0 {
            if pos.center_count(p) > 0 || pos.unit_count(p) > 0 {
                eliminated.push(pname(v, p));
            }
            continue;
        }
        let adjust = if out.next_phase.is_some_and(|n| n.kind == PhaseKind::Adjustment) {
            if c > u {
                let can = (c - u).min(adjudicate::adjust::free_homes(v, np, p).count());
                if can == c - u { format!("builds {can}") } else { format!("builds {can} (of {} owed: no free home centre)", c - u) }
            } else if u > c {
                format!("removes {}", u - c)
            } else {
                String::new()
            }
        } else {
            String::new()
        };
        let owned: Vec<String> = np.centers.iter().enumerate().filter(|(_, o)| **o == Some(p)).map(|(i, _)| v.code(i as u16).to_string()).collect();
        table.push(context! { power => pname(v, p), centers => c, units => u, adjust => adjust, owned => owned });
    }
    let finished = out.winner.map(|w| format!("{} has won ({} supply centres).", pname(v, w), np.center_count(w)));
    let title = format!("{} results", v.calendar.long_name(pos.phase));
    ctx.templates.render(
        "report.txt",
        context! {
            game => game.name.clone(), variant => v.name.clone(), title => title, powers => powers, nmr => nmr,
            dislodged => dislodged, table => table, eliminated => eliminated,
            next => out.next_phase.map(|n| v.calendar.long_name(n)).unwrap_or_default(),
            deadline => deadline.map(|d| timing::format_time(d, ctx.cfg.timezone)).unwrap_or_default(),
            finished => finished, prediction => prediction,
        },
    )
}

/// What would happen if the phase were processed now (for PREDICT).
pub fn predict(conn: &Connection, ctx: &mut Ctx, game: &Game) -> anyhow::Result<String> {
    let v = ctx.variant(&game.variant).map_err(anyhow::Error::msg)?;
    let pos = game.position(&v)?.ok_or_else(|| anyhow::anyhow!("the game has not started"))?;
    let rules = game.rules(&v).map_err(anyhow::Error::msg)?;
    let rows = current_orders(conn, game.id, game.seq, None)?;
    let orders = parsed_orders(&v, pos.phase.kind, &rows);
    let out = adjudicate::process(&v, &rules, &pos, &orders);
    Ok(render_report(ctx, &v, game, &pos, &out, &orders, true, None))
}

/// Adjudicates the current phase with the orders in (missing ones default),
/// records it, moves the game on and mails the report. Runs inside the caller's transaction.
pub fn process(conn: &Connection, ctx: &mut Ctx, game: &mut Game, why: &str) -> anyhow::Result<()> {
    let v: Arc<Variant> = ctx.variant(&game.variant).map_err(anyhow::Error::msg)?;
    let pos = game.position(&v)?.ok_or_else(|| anyhow::anyhow!("game {} has not started", game.name))?;
    let rules = game.rules(&v).map_err(anyhow::Error::msg)?;
    let done_seq = game.seq;
    let rows = current_orders(conn, game.id, game.seq, None)?;
    let orders = parsed_orders(&v, pos.phase.kind, &rows);
    let out = adjudicate::process(&v, &rules, &pos, &orders);
    let mut players = Player::of_game(conn, game.id)?;
    let phase_name = v.calendar.name(pos.phase);
    let before = position_to_json(&v, &pos).to_string();
    let results: Vec<serde_json::Value> = out
        .results
        .iter()
        .map(|r| serde_json::json!({"power": v.powers[r.power as usize].name, "order": r.order.canonical(&v), "result": r.result.label(), "note": r.note.map(|n| n.text()), "defaulted": r.defaulted}))
        .collect();
    // the next phase and its deadline
    for p in players.iter_mut() {
        if let Some(pw) = p.power
            && p.status == "active"
            && out.position.center_count(pw) == 0
            && out.position.unit_count(pw) == 0
        {
            p.status = "eliminated".into();
        }
        p.wait = false;
        p.save(conn)?;
    }
    let finished = out.winner.is_some() || out.next_phase.is_none();
    game.position = Some(position_to_json(&v, &out.position).to_string());
    if finished {
        game.status = "finished".into();
        game.deadline = None;
        game.grace_until = None;
        game.result = Some(match out.winner {
            Some(w) => format!("{} won in {}", pname(&v, w), v.calendar.long_name(pos.phase)),
            None => "ended".into(),
        });
    } else {
        game.seq += 1;
        set_deadline(ctx, game, out.position.phase.kind, &players);
    }
    let report = render_report(ctx, &v, game, &pos, &out, &orders, false, game.deadline);
    conn.execute(
        "INSERT INTO phases (game_id, seq, phase, position, results, report, processed) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![game.id, done_seq, phase_name, before, serde_json::Value::Array(results).to_string(), report, ctx.now()],
    )?;
    game.save(conn)?;
    tracing::info!("game {}: processed {phase_name} ({why})", game.name);
    let subject = format!("Game {}: {} results", game.name, v.calendar.long_name(pos.phase));
    tell_all(conn, ctx, game, &players, &subject, &report)?;
    Ok(())
}

/// Ends a game (draw, concession, termination) and tells everyone.
pub fn finish(conn: &Connection, ctx: &Ctx, game: &mut Game, result: &str) -> anyhow::Result<()> {
    game.status = "finished".into();
    game.deadline = None;
    game.grace_until = None;
    game.result = Some(result.to_string());
    game.save(conn)?;
    let players = Player::of_game(conn, game.id)?;
    let body = ctx.templates.render("notice.txt", context! { title => format!("Game {} is over", game.name), lines => vec![result.to_string()] });
    tell_all(conn, ctx, game, &players, &format!("Game {} is over", game.name), &body)?;
    Ok(())
}

/// Powers still in the game (units or centres).
pub fn survivors(v: &Variant, pos: &Position) -> Vec<PowerId> {
    (0..v.powers.len() as PowerId).filter(|&p| pos.center_count(p) > 0 || pos.unit_count(p) > 0).collect()
}

/// Ends the game if every survivor voted the same draw, or conceded to the same power.
pub fn check_votes(conn: &Connection, ctx: &mut Ctx, game: &mut Game) -> anyhow::Result<Option<String>> {
    if game.status != "active" {
        return Ok(None);
    }
    let v = ctx.variant(&game.variant).map_err(anyhow::Error::msg)?;
    let Some(pos) = game.position(&v)? else { return Ok(None) };
    let players = Player::of_game(conn, game.id)?;
    let surv = survivors(&v, &pos);
    let all: String = surv.iter().map(|&p| v.powers[p as usize].letter).collect();
    let votes: Vec<Option<&Player>> = surv.iter().map(|&p| Player::active_for(&players, p)).collect();
    if votes.iter().all(|pl| pl.is_some_and(|pl| pl.draw.as_deref() == Some(all.as_str()))) {
        let names: Vec<String> = surv.iter().map(|&p| pname(&v, p)).collect();
        let result = format!("Draw declared in {} between {}.", v.calendar.long_name(pos.phase), names.join(", "));
        finish(conn, ctx, game, &result)?;
        return Ok(Some(result));
    }
    for &winner in &surv {
        let others: Vec<Option<&Player>> = surv.iter().filter(|&&p| p != winner).map(|&p| Player::active_for(&players, p)).collect();
        if !others.is_empty() && others.iter().all(|pl| pl.is_some_and(|pl| pl.concede == Some(winner))) {
            let result = format!("The other powers conceded: {} wins ({}).", pname(&v, winner), v.calendar.long_name(pos.phase));
            finish(conn, ctx, game, &result)?;
            return Ok(Some(result));
        }
    }
    Ok(None)
}
