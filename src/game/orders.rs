//! Orders as a player sends them: checked against the board at once (an order
//! that is wrong whatever anyone else does is refused with the reason), stored
//! as the order in force for its unit, and what each power still owes.

use crate::adjudicate::{self, Note, Position};
use crate::map::{PowerId, Variant};
use crate::order::Order;
use crate::parse;
use crate::phase::PhaseKind;
use crate::report::say;
use crate::rules::{RetreatDefault, Rulebook};
use crate::store::games::Game;
use crate::store::orders::{self as stored, OrderRow};
use rusqlite::Connection;

/// The key under which an order replaces an earlier one: the unit it is for
/// (in adjustments: the province built in or removed from; each waive is its own).
pub fn order_key(v: &Variant, o: &Order, waives_before: usize) -> String {
    match o {
        Order::Build(u) => format!("b:{}", v.code(u.loc.prov)),
        Order::Waive => format!("w:{waives_before}"),
        other => format!("u:{}", v.code(other.unit().map(|u| u.loc.prov).unwrap_or(0))),
    }
}

/// The active orders, read back strictly: a row that cannot be read is an
/// error (the game is set aside), never silently dropped.
pub fn parsed_orders(v: &Variant, rows: &[OrderRow]) -> anyhow::Result<Vec<(PowerId, Order)>> {
    rows.iter().map(|r| r.order(v).map(|o| (r.power, o)).map_err(anyhow::Error::msg)).collect()
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
            let missing: Vec<String> =
                pos.dislodged.iter().filter(|d| d.unit.power == power && !ordered(d.unit.loc.prov)).map(|d| v.unit_code(&d.unit)).collect();
            let needs = pos.dislodged.iter().any(|d| d.unit.power == power);
            Needs { needs, complete: missing.is_empty(), missing }
        }
        PhaseKind::Adjustment => {
            let c = pos.center_count(power);
            let u = pos.unit_count(power);
            if u > c {
                let have = mine.iter().filter(|o| matches!(o, Order::Disband(_))).count();
                let owed = u - c;
                let missing = if have < owed { vec![say::orders::removals_owed(owed - have)] } else { vec![] };
                Needs { needs: true, complete: have >= owed, missing }
            } else {
                let owed = (c - u).min(adjudicate::adjust::free_homes(v, pos, power).count());
                let have = mine.iter().filter(|o| matches!(o, Order::Build(_) | Order::Waive)).count();
                let missing = if have < owed { vec![say::orders::builds_owed(owed - have)] } else { vec![] };
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
            let on_board =
                pos.unit_at(u.loc.prov).map(|x| x.kind).or_else(|| pos.dislodged.iter().find(|d| d.unit.loc.prov == u.loc.prov).map(|d| d.unit.kind));
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
pub fn submit_line(
    conn: &Connection,
    v: &Variant,
    rules: &Rulebook,
    game: &Game,
    pos: &Position,
    power: PowerId,
    line: &str,
    mail_id: Option<i64>,
    now: i64,
) -> anyhow::Result<Vec<Result<String, String>>> {
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
        let rows = stored::current(conn, game.id, game.seq, Some(power))?;
        let waives = rows.iter().filter(|r| r.key.starts_with("w:")).count();
        let key = order_key(v, &o, waives);
        // check: the power's set with this order replacing the one for the same unit
        let mut set: Vec<(PowerId, Order)> = if pos.phase.kind == PhaseKind::Adjustment {
            parsed_orders(v, &rows.iter().filter(|r| r.key != key).cloned().collect::<Vec<_>>())?
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
            out.push(Err(say::orders::refused(&canonical, &explain(v, rules, pos, power, &o, n))));
            continue;
        }
        stored::replace(conn, game.id, game.seq, power, &key, &canonical, &crate::store::records::to_json(v, &o), mail_id, now)?;
        out.push(Ok(canonical));
    }
    Ok(out)
}

/// Why an order was refused, with what the unit may do instead.
fn explain(v: &Variant, rules: &Rulebook, pos: &Position, power: PowerId, o: &Order, n: Note) -> String {
    let base = n.text().to_string();
    match n {
        Note::NoSuchUnit => {
            let retreat = pos.phase.kind == PhaseKind::Retreat;
            let units: Vec<String> = if retreat {
                pos.dislodged.iter().filter(|d| d.unit.power == power).map(|d| v.unit_code(&d.unit)).collect()
            } else {
                pos.units.iter().filter(|u| u.power == power).map(|u| v.unit_code(u)).collect()
            };
            say::orders::no_such_unit(&base, &units, retreat)
        }
        Note::RetreatNotAllowed | Note::DisbandNotAllowed => {
            let opts = o
                .unit()
                .and_then(|u| pos.dislodged.iter().find(|d| d.unit.loc.prov == u.loc.prov))
                .map(|d| d.options.iter().map(|l| v.loc_code(*l)).collect::<Vec<_>>());
            // with the right-hand rule a unit that can retreat may not disband
            // (the engine voids it: DisbandNotAllowed), so it is not offered
            let rhr = rules.retreat_default == RetreatDefault::RightHand;
            say::orders::retreat_options(&base, &opts.unwrap_or_default(), rhr)
        }
        _ => base,
    }
}

/// Gives every order in force written before schema version 5 its record,
/// read once from the canonical text the judge itself wrote (the one place
/// the order parser reads stored text; afterwards only records are read).
/// Runs when the judge opens its database; a row that cannot be read stops
/// the judge with its id, never dropped. Returns how many rows were upgraded.
pub fn upgrade_order_records(conn: &Connection, ctx: &mut crate::judge::Ctx) -> anyhow::Result<usize> {
    let rows = stored::without_record(conn)?;
    for (id, game_id, text) in &rows {
        let game = Game::by_id(conn, *game_id)?;
        let v = ctx.variant(&game.variant)?;
        let pos = game.position(&v)?.ok_or_else(|| anyhow::anyhow!("game {}: an order in force (row {id}) but no position", game.name))?;
        let order = crate::parse::parse_order(&v, text, Some(pos.phase.kind))
            .map_err(|e| anyhow::anyhow!("game {}: stored order row {id} `{text}` cannot be read: {}", game.name, e.message))?;
        stored::set_record(conn, *id, &crate::store::records::to_json(&v, &order))?;
    }
    Ok(rows.len())
}
