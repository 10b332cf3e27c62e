//! A game's record written in njudge's results layout (see the module above).

use super::{adjective, power_word, result_word};
use crate::adjudicate::Position;
use crate::archive::GameRecord;
use crate::map::{Loc, PowerId, ProvinceKind, UnitType, Variant};
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
        let _ = writeln!(out, "{}\n", words::phase_heading(heading, season(v, ph), ph.year, name, i + 1));
        orders(v, &p.position, &p.orders, &mut out);
        if ph.kind == PhaseKind::Movement {
            dislodged(v, &rec.dislodged_after(i), &mut out);
        }
        if let Some(n) = next {
            if n.centers != p.position.centers || n.phase.kind == PhaseKind::Adjustment {
                ownership(v, n, &mut out);
            }
            let last = i + 1 == rec.phases.len();
            if !(last && finished) {
                let _ = writeln!(out, "{}\n", words::next_phase(name, words::kind_word(n.phase.kind), season(v, n.phase), n.phase.year));
            }
        }
    }
    if let Some(r) = &rec.game.result {
        let _ = writeln!(out, "{} {}\n", words::GAME_OVER, crate::report::say::info::result_line(r));
    }
    if finished {
        press(v, rec, &mut out);
    }
    out
}

fn season(v: &Variant, p: Phase) -> &str {
    &v.calendar.seasons[p.season as usize].name
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
        let _ = writeln!(out, "{}\n", words::starting(season(v, s.phase), s.phase.year));
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

/// An order in njudge's words, without its power and full stop.
pub fn order_words(v: &Variant, pos: &Position, o: &Order) -> String {
    let to = |d: &Loc| v.loc_name(*d);
    match o {
        Order::Hold(u) => format!("{} HOLD", unit(v, pos, u)),
        Order::Move { unit: u, dest, .. } | Order::Retreat { unit: u, dest } => format!("{} -> {}", unit(v, pos, u), to(dest)),
        Order::Support { unit: u, target, dest: None } => format!("{} SUPPORT {}", unit(v, pos, u), unit(v, pos, target)),
        Order::Support { unit: u, target, dest: Some(d) } => format!("{} SUPPORT {} -> {}", unit(v, pos, u), unit(v, pos, target), to(d)),
        Order::Convoy { unit: u, army, dest } => format!("{} CONVOY {} -> {}", unit(v, pos, u), unit(v, pos, army), to(dest)),
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
        other => other.canonical(v),
    }
}

/// The orders a line each, by power, a blank line between powers.
fn orders(v: &Variant, pos: &Position, drawn: &[Drawn], out: &mut String) {
    let mut last = None;
    for d in drawn {
        if last.is_some_and(|l| l != d.power) {
            out.push('\n');
        }
        last = Some(d.power);
        let _ = write!(out, "{}: {}.", power_word(v, d.power), order_words(v, pos, &d.order));
        match result_word(d.result) {
            Some(w) => {
                let _ = writeln!(out, "  (*{w}*)");
            }
            None => out.push('\n'),
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
        let who = format!("The {} {} {}", adjective(v, d.unit.power), kind_word(d.unit.kind), in_place(v, d.unit.loc));
        if d.options.is_empty() {
            let _ = writeln!(out, "{who} {}", words::DESTROYED);
        } else {
            let to: Vec<String> = d.options.iter().map(|l| v.loc_name(*l)).collect();
            let _ = writeln!(out, "{who} {} {}.", words::CAN_RETREAT, to.join(" or "));
        }
    }
    out.push('\n');
}

fn ownership(v: &Variant, pos: &Position, out: &mut String) {
    let _ = writeln!(out, "{}\n", words::OWNERSHIP);
    for p in 0..v.powers.len() as PowerId {
        let mut names: Vec<&str> = pos.centers.iter().enumerate().filter(|(_, o)| **o == Some(p)).map(|(i, _)| v.province(i as u16).name.as_str()).collect();
        if names.is_empty() {
            continue;
        }
        names.sort_unstable();
        let _ = writeln!(out, "{}:  {}.", power_word(v, p), names.join(", "));
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
        let from = match m.from_power {
            _ if m.grey => words::anonymous().to_string(),
            Some(p) => power_word(v, p),
            None => words::master().to_string(),
        };
        let to = match &m.audience {
            Some(crate::store::press::Audience::All) => None,
            Some(crate::store::press::Audience::Some(r)) => Some(r.powers.iter().map(|&q| power_word(v, q)).collect::<Vec<_>>().join(", ")),
            None => Some(words::master().to_string()),
        };
        let _ = writeln!(out, "Date: {}", date(m.created));
        let _ = writeln!(out, "{}\n", words::press_subject(&rec.game.name, &phase));
        let _ = writeln!(out, "{}\n", words::press_from(&from, to.as_deref()));
        for line in m.body.lines() {
            let _ = writeln!(out, "> {line}");
        }
        out.push('\n');
    }
}
