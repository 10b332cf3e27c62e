//! The starting unit types a power chooses by mail before the first move
//! (Davis's 1885-III, docs/RULES1885.md E3): which units may change
//! (`Power.choice`, at most `choice_max`), the choice read from the
//! command, stored (`store::start`), applied to the position the choosing
//! power sees, and to everyone's when the first movement phase is
//! processed. Until then the stored position keeps the map's types and the
//! other powers see the space with the type withheld (`? ROM`).

use super::Game;
use super::refusal::Refusal;
use crate::adjudicate::Position;
use crate::map::{Loc, PowerId, Prov, Unit, UnitType, Variant};
use crate::order::Order;
use crate::phase::PhaseKind;
use crate::store::games::GameStatus;
use crate::store::orders as stored_orders;
pub use crate::store::start::Choice;
use rusqlite::Connection;

/// Whether the map gives any power a choice of starting unit type.
pub fn has_choices(v: &Variant) -> bool {
    v.powers.iter().any(|w| !w.choice.is_empty())
}

/// Whether the powers of `game` may still choose: the map has choices and
/// the game is in its first phase, the first movement phase, not yet
/// processed (a rollback to it opens it again, with the choices kept).
pub fn open(v: &Variant, game: &Game, pos: &Position) -> bool {
    has_choices(v) && game.status == GameStatus::Active && game.seq == 1 && pos.phase == v.start && pos.phase.kind == PhaseKind::Movement
}

/// The map's starting unit of `power` in `prov`.
fn map_unit(v: &Variant, power: PowerId, prov: Prov) -> Option<Unit> {
    v.powers.get(power as usize)?.units.iter().copied().find(|u| u.loc.prov == prov)
}

/// Reads the argument of `SET START` (`A ROM`, `A STP, F SEV`, `army rome`,
/// `NONE`, `DEFAULT`): the types and provinces named, empty for the map's.
pub fn parse(v: &Variant, arg: &str) -> Result<Vec<(UnitType, Prov)>, Refusal> {
    let words: Vec<&str> = arg.split([' ', ',', ';', '\t']).filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        return Err(Refusal::StartUsage);
    }
    if words.len() == 1 && matches!(words[0].to_ascii_uppercase().as_str(), "NONE" | "DEFAULT" | "MAP") {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let kind = match words[i].to_ascii_uppercase().as_str() {
            "A" | "ARMY" => UnitType::Army,
            "F" | "FLEET" => UnitType::Fleet,
            _ => return Err(Refusal::TypeExpected { word: words[i].to_string() }),
        };
        // a province name may be several words (`St. Petersburg`): up to the next type word
        let mut j = i + 1;
        while j < words.len() && !matches!(words[j].to_ascii_uppercase().as_str(), "A" | "ARMY" | "F" | "FLEET") {
            j += 1;
        }
        if j == i + 1 {
            return Err(Refusal::ProvinceExpected { word: words[i].to_string() });
        }
        let name = words[i + 1..j].join(" ");
        // a coast is the map's business: `F STP/SC` names St Petersburg
        let bare = name.split('/').next().unwrap_or_default().trim().to_string();
        let prov = crate::parse::parse_province(v, &bare).map_err(Refusal::Unreadable)?;
        out.push((kind, prov));
        i = j;
    }
    Ok(out)
}

/// Checks what `power` asked for against the map: only its choice
/// provinces, each once, at most `choice_max` units of the other type.
/// Returns the choices to store (the units that differ from the map's); the
/// caller has the engine check them too ([`engine_check`]).
pub fn check(v: &Variant, power: PowerId, wanted: &[(UnitType, Prov)]) -> Result<Vec<Choice>, Refusal> {
    let w = &v.powers[power as usize];
    let options: Vec<String> = w.choice.iter().map(|&p| v.code(p).to_string()).collect();
    if w.choice.is_empty() {
        return Err(Refusal::NoStartChoice { power: crate::game::pname(v, power) });
    }
    let mut choices = Vec::new();
    for (i, &(kind, prov)) in wanted.iter().enumerate() {
        if !w.choice.contains(&prov) {
            return Err(Refusal::NotAChoice { prov: v.code(prov).to_string(), options });
        }
        if wanted[..i].iter().any(|&(_, p)| p == prov) {
            return Err(Refusal::NamedTwice { prov: v.code(prov).to_string() });
        }
        let Some(u) = map_unit(v, power, prov) else { return Err(Refusal::NotAChoice { prov: v.code(prov).to_string(), options }) };
        if u.kind != kind {
            choices.push(Choice { power, prov, kind });
        }
    }
    if choices.len() > w.choice_max as usize {
        return Err(Refusal::TooManyChoices { max: w.choice_max, options });
    }
    Ok(choices)
}

/// The engine's own check of choices [`check`] passed (one rule, one
/// place): a choice it refuses after that is the judge's fault, not the
/// sender's.
pub fn engine_check(v: &Variant, choices: &[Choice]) -> anyhow::Result<()> {
    v.start_units(&switches(choices)).map(|_| ()).map_err(|e| anyhow::anyhow!("starting choices that passed the judge's checks were refused by the map: {e}"))
}

/// The choices as the engine takes them: (power, province switched).
pub fn switches(choices: &[Choice]) -> Vec<(PowerId, Prov)> {
    choices.iter().map(|c| (c.power, c.prov)).collect()
}

/// `pos` with the choices of `powers` (`None`: every power's) applied: each
/// choice province of those powers gets the unit the power chose, or the
/// map's where it chose none. The stored choices are checked as the engine
/// checks them; ones it refuses are an error (the game is set aside).
pub fn apply(v: &Variant, pos: &mut Position, choices: &[Choice], powers: Option<&[PowerId]>) -> anyhow::Result<()> {
    v.start_units(&switches(choices)).map_err(|e| anyhow::anyhow!("stored starting choices cannot be applied: {e}"))?;
    for (p, w) in v.powers.iter().enumerate() {
        let p = p as PowerId;
        if powers.is_some_and(|ps| !ps.contains(&p)) {
            continue;
        }
        for &prov in &w.choice {
            let Some(base) = map_unit(v, p, prov) else { continue };
            let want = match choices.iter().find(|c| c.power == p && c.prov == prov) {
                Some(c) => Unit { kind: c.kind, loc: Loc::new(prov), ..base },
                None => base,
            };
            if let Some(u) = pos.units.iter_mut().find(|u| u.power == p && u.loc.prov == prov && !u.aboard) {
                *u = want;
            }
        }
    }
    pos.units.sort();
    Ok(())
}

/// The choice units of powers other than `visible` (`None`: the master, who
/// sees every choice): their spaces, for the board to withhold the type.
pub fn hidden(v: &Variant, visible: Option<&[PowerId]>) -> Vec<(PowerId, Prov)> {
    let Some(visible) = visible else { return Vec::new() };
    v.powers
        .iter()
        .enumerate()
        .filter(|(p, _)| !visible.contains(&(*p as PowerId)))
        .flat_map(|(p, w)| w.choice.iter().map(move |&prov| (p as PowerId, prov)))
        .collect()
}

/// The board `pos` of `game` as `viewer` may see it (`None`: the master,
/// who sees every choice; `Some(&[])`: someone who plays no power, the
/// keeper's console too): while the powers may still choose ([`open`]), the
/// choices of the powers in `viewer` applied and the choice units of the
/// others to withhold ([`hidden`]); after, the board as it is. One rule for
/// every board and map drawn before the first move.
pub fn seen(conn: &Connection, v: &Variant, game: &Game, mut pos: Position, viewer: Option<&[PowerId]>) -> anyhow::Result<(Position, Vec<(PowerId, Prov)>)> {
    if !open(v, game, &pos) {
        return Ok((pos, Vec::new()));
    }
    let choices = crate::store::start::all(conn, v, game.id)?;
    apply(v, &mut pos, &choices, viewer)?;
    Ok((pos, hidden(v, viewer)))
}

/// Takes out of force the orders of `power` written for a choice unit of the
/// type it no longer has (after a new choice); returns their texts.
pub fn drop_other_type(conn: &Connection, v: &Variant, game: &Game, pos: &Position, power: PowerId) -> anyhow::Result<Vec<String>> {
    let rows = stored_orders::current(conn, game.id, game.seq, Some(power))?;
    let mut keys = Vec::new();
    let mut texts = Vec::new();
    for r in &rows {
        let o: Order = r.order(v)?;
        let Some(spec) = o.unit() else { continue };
        if !v.powers[power as usize].choice.contains(&spec.loc.prov) {
            continue;
        }
        let now = pos.units.iter().find(|u| u.power == power && u.loc.prov == spec.loc.prov).map(|u| u.kind);
        if spec.kind.is_some_and(|k| Some(k) != now) {
            keys.push(r.key.clone());
            texts.push(r.text.clone());
        }
    }
    let keys: Vec<&stored_orders::SlotKey> = keys.iter().collect();
    stored_orders::retire(conn, game.id, game.seq, power, &keys)?;
    Ok(texts)
}

/// What `power` starts with in its choice provinces (for its reply).
pub fn own_units(v: &Variant, pos: &Position, power: PowerId) -> Vec<String> {
    v.powers[power as usize]
        .choice
        .iter()
        .filter_map(|&prov| pos.units.iter().find(|u| u.power == power && u.loc.prov == prov))
        .map(|u| v.unit_code(u))
        .collect()
}
