//! A game's record written in njudge's results layout (see the module above).

use super::{adjective, power_word, result_word};
use crate::adjudicate::Position;
use crate::adjudicate::ResultKind;
use crate::archive::GameRecord;
use crate::map::{Loc, PowerId, Prov, ProvinceKind, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use crate::phase::{Phase, PhaseKind};
use crate::render::Drawn;
use crate::report::say::archive::njudge as words;
use crate::store::games::GameStatus;
use std::fmt::Write;

/// The whole game: head, a turn a processed phase, the result, and (once
/// the game is over) the press.
pub fn to_njudge(v: &Variant, rec: &GameRecord) -> String {
    let name = &rec.game.name;
    let mut out = head(v, rec);
    let finished = rec.game.status == GameStatus::Finished;
    for (i, p) in rec.phases.iter().enumerate() {
        let next = rec.phases.get(i + 1).map(|n| &n.position).or(rec.current.as_ref());
        let _ = writeln!(out, "Date: {}", date(p.processed));
        let _ = writeln!(out, "{}\n", words::results_subject(name, &p.name));
        let ph = p.position.phase;
        let heading = match ph.kind {
            PhaseKind::Movement => words::MOVEMENT,
            PhaseKind::Retreat => words::RETREAT,
            PhaseKind::Adjustment => words::ADJUSTMENT,
        };
        let _ = writeln!(out, "{}\n", words::phase_heading(heading, &when(v, ph), name, i + 1));
        let gone = if ph.kind == PhaseKind::Movement { rec.dislodged_after(i) } else { Vec::new() };
        let gone_from: Vec<Prov> = gone.iter().map(|d| d.unit.loc.prov).collect();
        orders(v, &p.position, &p.orders, &gone_from, &mut out);
        if v.features.boarding && ph.kind == PhaseKind::Movement {
            boarding(v, &p.position, &p.orders, &mut out);
        }
        dislodged(v, &gone, &mut out);
        if let Some(n) = next {
            if n.centers != p.position.centers || n.phase.kind == PhaseKind::Adjustment {
                ownership(v, n, &mut out);
            }
            let last = i + 1 == rec.phases.len();
            if !(last && finished) {
                let _ = writeln!(out, "{}\n", words::next_phase(name, words::kind_word(n.phase.kind), &when(v, n.phase)));
            }
        }
    }
    if let Some(r) = crate::report::say::game::result(&rec.game) {
        let _ = writeln!(out, "{} {}\n", words::GAME_OVER, crate::report::say::info::result_line(&r));
    }
    if finished {
        press(v, rec, &mut out);
    }
    out
}

fn when(v: &Variant, p: Phase) -> String {
    words::season_of_year(&v.calendar.seasons[p.season as usize].name, &v.calendar.year_name(p.year))
}

/// A mail's date line for a Unix time.
fn date(t: i64) -> String {
    chrono::DateTime::from_timestamp(t, 0).unwrap_or_default().to_rfc2822()
}

/// The `Subject:` and `::` lines, the players and the starting board.
fn head(v: &Variant, rec: &GameRecord) -> String {
    let name = &rec.game.name;
    let mut out = String::new();
    let _ = writeln!(out, "{}\n", words::history_subject(name));
    let _ = writeln!(out, "{}\n", words::colons(name, &v.name));
    let _ = writeln!(out, "{} '{name}':", words::PLAYERS);
    for p in 0..v.powers.len() as PowerId {
        let w = power_word(v, p);
        let _ = writeln!(out, "  {w}:  {}", crate::game::powers::pname(v, p));
    }
    out.push('\n');
    let start = rec.phases.first().map(|p| &p.position).or(rec.current.as_ref());
    if let Some(s) = start {
        let _ = writeln!(out, "{}\n", words::starting(&when(v, s.phase)));
        let mut last = None;
        for u in &s.units {
            if last.is_some_and(|l| l != u.power) {
                out.push('\n');
            }
            last = Some(u.power);
            let _ = writeln!(out, "{}:  {} {}.", power_word(v, u.power), kind_word(u.kind), v.loc_name(u.loc));
        }
        out.push('\n');
    }
    out
}

fn kind_word(k: UnitType) -> &'static str {
    match k {
        UnitType::Army => "Army",
        UnitType::Fleet => "Fleet",
    }
}

/// `Army Budapest`: a unit as njudge names it, its type from the board when
/// the order left it out.
fn unit(v: &Variant, pos: &Position, u: &UnitSpec) -> String {
    let kind = u.kind.or_else(|| pos.units.iter().chain(pos.dislodged.iter().map(|d| &d.unit)).find(|x| x.loc.prov == u.loc.prov).map(|x| x.kind));
    format!("{} {}", kind_word(kind.unwrap_or(UnitType::Army)), v.loc_name(u.loc))
}

/// `in the North Sea`, `in Budapest`: where a unit stands, as njudge says it.
fn in_place(v: &Variant, l: Loc) -> String {
    let the = if v.kind(l.prov) == ProvinceKind::Sea { "the " } else { "" };
    format!("in {the}{}", v.loc_name(l))
}

/// The unit a support or convoy names, its owner's adjective first when it
/// is not `power`'s (`German Army Ruhr`), as njudge writes it.
fn their(v: &Variant, pos: &Position, power: PowerId, u: &UnitSpec) -> String {
    let owner = pos.units.iter().find(|x| x.loc.prov == u.loc.prov).map(|x| x.power).filter(|&o| o != power);
    match owner {
        Some(o) => format!("{} {}", adjective(v, o), unit(v, pos, u)),
        None => unit(v, pos, u),
    }
}

/// An order of `power`'s in njudge's words, without its power and full stop.
pub fn order_words(v: &Variant, pos: &Position, power: PowerId, o: &Order) -> String {
    let to = |d: &Loc| v.loc_name(*d);
    match o {
        Order::Hold(u) => format!("{} HOLD", unit(v, pos, u)),
        Order::Move { unit: u, dest, .. } | Order::Retreat { unit: u, dest } => format!("{} -> {}", unit(v, pos, u), to(dest)),
        Order::Support { unit: u, target, dest: None } => format!("{} SUPPORT {}", unit(v, pos, u), their(v, pos, power, target)),
        Order::Support { unit: u, target, dest: Some(d) } => format!("{} SUPPORT {} -> {}", unit(v, pos, u), their(v, pos, power, target), to(d)),
        Order::Convoy { unit: u, army, dest } => format!("{} CONVOY {} -> {}", unit(v, pos, u), their(v, pos, power, army), to(dest)),
        Order::Disband(u) if pos.phase.kind == PhaseKind::Adjustment => {
            let k = unit(v, pos, u);
            let kind = k.split(' ').next().unwrap_or("Army").to_lowercase();
            format!("{} the {kind} {}", words::REMOVES, in_place(v, u.loc))
        }
        Order::Disband(u) => format!("{} DISBAND", unit(v, pos, u)),
        Order::Build(u) => {
            let article = if u.kind == Some(UnitType::Fleet) { "a fleet" } else { "an army" };
            format!("{} {article} {}", words::BUILDS, in_place(v, u.loc))
        }
        Order::Waive => words::WAIVED.to_string(),
        Order::Board { unit: u, dest, partner, land: None } if v.features.boarding => board_words(v, pos, u, *dest, *partner),
        other => other.canonical(v),
    }
}

/// An order line's words: a unit left unordered as njudge says it (`Army
/// Paris, No Order Processed`, `, No Order Processed (DISBAND)` in a
/// retreat, `Defaults, removing the army in Paris`), else the order's.
fn drawn_words(v: &Variant, pos: &Position, d: &Drawn) -> String {
    match (d.defaulted, &d.order) {
        (true, Order::Hold(u)) => format!("{}{}", unit(v, pos, u), words::NO_ORDER),
        (_, Order::Disband(u)) if unordered_retreat(pos, d) => format!("{}{} (DISBAND)", unit(v, pos, u), words::NO_ORDER),
        (true, Order::Disband(u)) if pos.phase.kind == PhaseKind::Adjustment => {
            order_words(v, pos, d.power, &d.order).replacen(words::REMOVES, words::DEFAULTS, 1)
        }
        _ => order_words(v, pos, d.power, &d.order),
    }
}

/// A retreat left unordered (the engine's disband): njudge writes it
/// `, No Order Processed (DISBAND)`, with no result after it.
fn unordered_retreat(pos: &Position, d: &Drawn) -> bool {
    d.defaulted && pos.phase.kind == PhaseKind::Retreat && matches!(d.order, Order::Disband(_))
}

/// The column njudge's retreat and adjustment lines start their order at
/// (its `LPOWER`, the longest power name it allows, and `: `).
const ORDER_COLUMN: usize = 24 + 2;

/// The orders a line each, by power, a blank line between powers; in a
/// retreat or adjustment phase each order starts at njudge's column (jDip
/// reads `Build waived` only after more than one blank). A unit in
/// `dislodged` has `dislodged` among its results, as njudge writes a move
/// that bounced and was dislodged: `(*bounce, dislodged*)`.
fn orders(v: &Variant, pos: &Position, drawn: &[Drawn], dislodged: &[Prov], out: &mut String) {
    let mut last = None;
    for d in drawn {
        if last.is_some_and(|l| l != d.power) {
            out.push('\n');
        }
        last = Some(d.power);
        let who = format!("{}: ", power_word(v, d.power));
        let pad = if pos.phase.kind == PhaseKind::Movement { 0 } else { ORDER_COLUMN.saturating_sub(who.len()).max(1) };
        let _ = write!(out, "{who}{:pad$}{}.", "", drawn_words(v, pos, d));
        // `(*bounce, destroyed*)` is for a retreat ordered that failed
        let mut results: Vec<&str> = result_word(d.result).into_iter().filter(|_| !unordered_retreat(pos, d)).collect();
        // of a 1958 stack, the units still in the space (not those that
        // left it)
        let left = d.result == ResultKind::Ok && matches!(d.order, Order::Move { .. } | Order::Board { dest: Some(_), .. });
        let moved_away = !left && d.order.unit().is_some_and(|u| dislodged.contains(&u.loc.prov));
        if moved_away && d.result != ResultKind::Dislodged {
            results.push("dislodged");
        }
        if results.is_empty() {
            out.push('\n');
        } else {
            let _ = writeln!(out, "  (*{}*)", results.join(", "));
        }
    }
    out.push('\n');
}

fn dislodged(v: &Variant, list: &[crate::adjudicate::Dislodged], out: &mut String) {
    if list.is_empty() {
        return;
    }
    let _ = writeln!(out, "{}\n", words::DISLODGED);
    for d in list {
        // an army on board a dislodged fleet (Original 1958) shares its fate
        let aboard = if d.unit.aboard { format!(" {}", words::ON_BOARD) } else { String::new() };
        let who = format!("The {} {}{aboard} {}", adjective(v, d.unit.power), kind_word(d.unit.kind), in_place(v, d.unit.loc));
        if d.options.is_empty() {
            let _ = writeln!(out, "{who} {}", words::DESTROYED);
        } else {
            let to: Vec<String> = d.options.iter().map(|l| v.loc_name(*l)).collect();
            let _ = writeln!(out, "{who} {} {}.", words::CAN_RETREAT, to.join(" or "));
        }
    }
    out.push('\n');
}

/// The ownership block as njudge lays it out: the centres from the column
/// after the longest power's name, wrapped after a comma before column 78
/// (so that no line is short enough for jDip to take it for the block's
/// end).
fn ownership(v: &Variant, pos: &Position, out: &mut String) {
    let _ = writeln!(out, "{}\n", words::OWNERSHIP);
    let width = (0..v.powers.len() as PowerId).map(|p| power_word(v, p).len()).max().unwrap_or(0) + 4;
    for p in 0..v.powers.len() as PowerId {
        let mut names: Vec<&str> = pos.centers.iter().enumerate().filter(|(_, o)| **o == Some(p)).map(|(i, _)| v.province(i as u16).name.as_str()).collect();
        if names.is_empty() {
            continue;
        }
        names.sort_unstable();
        let mut line = format!("{:<width$}", format!("{}:", power_word(v, p)));
        for (k, n) in names.iter().enumerate() {
            let item = if k + 1 == names.len() { format!("{n}.") } else { format!("{n},") };
            if k > 0 && line.len() + 1 + item.len() > 78 {
                let _ = writeln!(out, "{line}");
                line = " ".repeat(width - 1);
            }
            if k > 0 || line.len() < width {
                line.push(' ');
            }
            line.push_str(&item);
        }
        let _ = writeln!(out, "{line}");
    }
    out.push('\n');
}

/// The press, in the order it was sent, once the game is over.
fn press(v: &Variant, rec: &GameRecord, out: &mut String) {
    for m in &rec.press {
        let phase = rec
            .phases
            .iter()
            .find(|p| p.seq == m.seq)
            .map_or_else(|| rec.current.as_ref().map(|c| v.calendar.name(c.phase)).unwrap_or_default(), |p| p.name.clone());
        // njudge names the master's and an observer's press as a power's:
        // `Master`, `Observer`
        let from = match m.from_power {
            _ if m.grey => words::anonymous().to_string(),
            Some(p) => power_word(v, p),
            None if m.by_observer => words::observer().to_string(),
            None => words::master().to_string(),
        };
        let to = match &m.audience {
            Some(crate::store::press::Audience::All) => None,
            Some(crate::store::press::Audience::Some(r)) => Some(recipients(v, r)),
            None => Some(words::master().to_string()),
        };
        let _ = writeln!(out, "Date: {}", date(m.created));
        let _ = writeln!(out, "{}\n", words::press_subject(&rec.game.name, &phase));
        let _ = writeln!(out, "{}\n", words::press_from(&from, to.as_deref()));
        for line in m.body.lines() {
            let _ = writeln!(out, "{}", quoted(line));
        }
        out.push('\n');
    }
}

/// The recipients of partial press as njudge lists them: the powers, then
/// `Master` and `Observer` where they were among them.
fn recipients(v: &Variant, r: &crate::store::press::Recipients) -> String {
    let mut names: Vec<String> = r.powers.iter().map(|&q| power_word(v, q)).collect();
    if r.master {
        names.push(words::master().to_string());
    }
    if r.observers {
        names.push(words::observer().to_string());
    }
    names.join(", ")
}

/// A press line after `> `, pushed right when it has `date:` in its first
/// ten columns: jDip takes such a line for a mail's `Date:` line and then
/// wants a `Subject:` line after it.
fn quoted(line: &str) -> String {
    let q = format!("> {line}");
    match q.to_ascii_lowercase().find("date:") {
        Some(at) if at < 10 => format!(">{:pad$} {line}", "", pad = 10 - at),
        _ => q,
    }
}

/// Original 1958 (see `boarding`): a boarding order's line: `Army London HOLD AND BOARD`, a move to board
/// as the move (`Army Wales -> London`; the block says it boards).
fn board_words(v: &Variant, pos: &Position, u: &UnitSpec, dest: Option<Loc>, partner: Option<PowerId>) -> String {
    match dest {
        Some(d) => format!("{} -> {}", unit(v, pos, u), v.loc_name(d)),
        None => format!("{} HOLD {}{}", unit(v, pos, u), words::AND_BOARD, partner_words(v, pos, u, partner)),
    }
}

/// ` English Fleet`: the partner of another power (its unit the other type).
fn partner_words(v: &Variant, pos: &Position, u: &UnitSpec, partner: Option<PowerId>) -> String {
    let Some(p) = partner else { return String::new() };
    let mine = unit(v, pos, u);
    let other = if mine.starts_with(kind_word(UnitType::Army)) { UnitType::Fleet } else { UnitType::Army };
    format!(" {} {}", adjective(v, p), kind_word(other))
}

/// The block after a movement phase's orders: its moves to board, then the
/// armies on board at its start; nothing when it has neither.
fn boarding(v: &Variant, pos: &Position, drawn: &[Drawn], out: &mut String) {
    let mut lines = Vec::new();
    for d in drawn {
        if let Order::Board { unit: u, dest: Some(to), partner, land: None } = &d.order {
            let with = partner_words(v, pos, u, *partner).trim_start().to_string();
            let with = if with.is_empty() { with } else { format!(" the {with}") };
            lines.push(format!("{}: {} -> {}{}{with}.", power_word(v, d.power), unit(v, pos, u), v.loc_name(*to), words::TO_BOARD));
        }
    }
    for a in pos.units.iter().filter(|u| u.aboard) {
        lines.push(format!("{}: {} {}, {}.", power_word(v, a.power), kind_word(a.kind), v.loc_name(a.loc), words::ON_BOARD));
    }
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(out, "{}\n", words::BOARDING);
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    out.push('\n');
}
