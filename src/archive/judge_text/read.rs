//! njudge's results layout read back into a saved game (the boards at the
//! start of each phase and the orders given in it) for
//! [`crate::archive::mila::replay`], and each order's recorded result.

pub use super::lines::{LineFault, Recorded};
use super::lines::{Names, Turn};
use super::result_of;
use crate::adjudicate::{Dislodged, Position, ResultKind};
use crate::archive::ArchiveError;
use crate::archive::mila::{SavedGame, SavedPhase};
use crate::map::{Loc, PowerId, Unit, UnitType, Variant};
use crate::order::Order;
use crate::phase::{Phase, PhaseKind};
use crate::report::say::archive::{self as say, njudge as words};

/// The largest file [`read`] takes (as the MILA reader's).
pub const MAX_BYTES: usize = crate::archive::mila::MAX_BYTES;
/// The most turns a file may have (as the MILA reader's phases).
pub const MAX_PHASES: usize = crate::archive::mila::MAX_PHASES;

/// Whether `text` is in njudge's layout: a `::` line naming judge, game and
/// variant, a results heading, a board's heading or an ownership block.
pub fn sniff(text: &str) -> bool {
    text.lines().take(2_000).any(|l| colons(l).is_some() || heading(l).is_some() || board_heading_words(l) || l.starts_with(words::OWNERSHIP))
}

/// `Starting position for` or `Status of the ... phase for` begins `line`.
fn board_heading_words(line: &str) -> bool {
    let l = line.trim_start();
    l.starts_with(words::STARTING) || l.starts_with(STATUS) && l.contains(" phase for ")
}

/// A listing's board heading: `Status of the Movement phase for ...`.
const STATUS: &str = "Status of the ";

/// The variant a `::` line names (`standard` when the file names none).
pub fn variant_of(text: &str) -> String {
    text.lines().find_map(colons).map_or_else(|| "standard".to_string(), |(_, v)| v)
}

/// `:: Judge: X  Game: NAME  Variant: Standard, Gunboat` → (game, variant).
fn colons(line: &str) -> Option<(String, String)> {
    let l = line.trim();
    if !l.starts_with("::") {
        return None;
    }
    let low = l.to_ascii_lowercase();
    let g = low.find("game")?;
    let var = low.find("variant")?;
    let word = |from: usize| l[from..].trim_start_matches(|c: char| !c.is_whitespace()).split_whitespace().next().unwrap_or("").to_string();
    let clean = |w: String| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    Some((clean(word(g)), clean(word(var)).to_ascii_lowercase()))
}

/// A phase heading: `Movement results for Spring of 1901.` (njudge's older
/// `orders for` too) → its kind.
fn heading(line: &str) -> Option<PhaseKind> {
    let low = line.trim().to_ascii_lowercase();
    let w: Vec<&str> = low.split_whitespace().take(3).collect();
    if w.len() < 3 || w[2] != "for" || !(w[1] == "results" || w[1] == "orders") {
        return None;
    }
    match w[0] {
        "movement" => Some(PhaseKind::Movement),
        "retreat" => Some(PhaseKind::Retreat),
        "adjustment" => Some(PhaseKind::Adjustment),
        _ => None,
    }
}

/// A file read: the saved game to replay, and the results of each phase as
/// recorded (by the saved game's phase index).
pub struct JudgeText {
    pub game: String,
    pub saved: SavedGame,
    pub results: Vec<Vec<Recorded>>,
}

/// Reads a file in njudge's layout for variant `v`, within the limits; a
/// line naming a province or power `v` does not have is refused, named.
///
/// A turn is a phase heading (`Movement results for Spring of 1901.`) and
/// what follows it up to the next heading or mail; the phase is the
/// heading's. So a history (each results mail after its `Date:` and
/// `Subject:` lines), a single results mail and results pasted one after
/// another all read; a heading inside a mail whose subject is not a
/// results subject (press) is not a turn.
pub fn read(v: &Variant, text: &str) -> Result<JudgeText, ArchiveError> {
    if text.len() > MAX_BYTES {
        return Err(ArchiveError::TooLarge(text.len(), MAX_BYTES));
    }
    let lines: Vec<&str> = text.lines().collect();
    let names = Names::of(v);
    let game = lines.iter().find_map(|l| colons(l)).map(|(g, _)| g).unwrap_or_default();
    let mails = mail_starts(&lines);
    if mails.len() > MAX_PHASES {
        return Err(ArchiveError::TooManyPhases(mails.len(), MAX_PHASES));
    }
    let heads = headings(v, &lines, &mails)?;
    if heads.len() > MAX_PHASES {
        return Err(ArchiveError::TooManyPhases(heads.len(), MAX_PHASES));
    }
    let first = heads.first().map(|h| h.0).into_iter().chain(mails.first().copied()).min().unwrap_or(lines.len());
    let start = starting(v, &names, &lines[..first])?;
    let mut turns = Vec::with_capacity(heads.len());
    for (k, &(h, phase)) in heads.iter().enumerate() {
        let next_head = heads.get(k + 1).map_or(lines.len(), |n| n.0);
        let end = mails.iter().copied().find(|&m| m > h).map_or(next_head, |m| m.min(next_head));
        turns.push(turn(v, &names, &lines, h, end, phase)?);
    }
    Ok(boards(v, game, start, turns))
}

/// The line numbers of each `Date:` line followed by a `Subject:` line
/// (a results mail or a press message).
fn mail_starts(lines: &[&str]) -> Vec<usize> {
    let starts = |l: &str, w: &str| l.get(..w.len()).is_some_and(|h| h.eq_ignore_ascii_case(w));
    (0..lines.len().saturating_sub(1)).filter(|&i| starts(lines[i], "Date:") && starts(lines[i + 1], "Subject:")).collect()
}

/// Each phase heading outside press mails, with its phase.
fn headings(v: &Variant, lines: &[&str], mails: &[usize]) -> Result<Vec<(usize, Phase)>, ArchiveError> {
    let mut press = vec![false; lines.len()];
    for (k, &m) in mails.iter().enumerate() {
        if !lines[m + 1].to_ascii_lowercase().contains(words::RESULTS) {
            let end = mails.get(k + 1).copied().unwrap_or(lines.len());
            press[m..end].iter_mut().for_each(|p| *p = true);
        }
    }
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let Some(kind) = heading(l).filter(|_| !press[i]) else { continue };
        let season = l.trim().split_once(" for ").map_or("", |(_, s)| s).split('.').next().unwrap_or("");
        let phase = season_phase(v, season, kind).ok_or_else(|| bad(i, l, LineFault::NoSuchSeason))?;
        out.push((i, phase));
    }
    Ok(out)
}

fn bad(n: usize, line: &str, why: LineFault) -> ArchiveError {
    ArchiveError::NotSavedGame(say::bad_line(n + 1, line, &why.to_string()))
}

/// The board of the `Starting position for` block, or of a listing's
/// `Status of the Movement phase for` block (the variant's own when the
/// file has neither), with the owners of an ownership block before the
/// first turn, else the variant's starting owners.
fn starting(v: &Variant, names: &Names, lines: &[&str]) -> Result<Position, ArchiveError> {
    let mut pos = Position::initial(v);
    if let Some(o) = lines.iter().position(|l| l.trim_start().starts_with(words::OWNERSHIP)) {
        let (own, _) = ownership(v, names, &lines[o + 1..]).map_err(|e| bad(o, lines[o], e))?;
        pos.centers = own;
    }
    let Some((h, phase)) = lines.iter().enumerate().find_map(|(i, l)| board_heading(v, l).map(|p| (i, p))) else {
        return Ok(pos);
    };
    pos.phase = phase.ok_or_else(|| bad(h, lines[h], LineFault::NoSuchSeason))?;
    pos.units.clear();
    for (n, l) in lines.iter().enumerate().skip(h + 1) {
        if l.trim().is_empty() {
            continue;
        }
        // the block ends at the first line that is not `Power: unit`
        let Some((power, rest)) = l.split_once(':').filter(|(p, _)| is_power_word(p.trim())) else { break };
        let p = v.power_by_name(power.trim()).ok_or_else(|| bad(n, l, LineFault::UnknownPower))?;
        let codes = names.to_codes(v, rest.trim().trim_end_matches('.'));
        let u = v.parse_unit(p, &codes).map_err(|e| bad(n, l, LineFault::Unit(e)))?;
        pos.units.push(u);
    }
    Ok(pos)
}

/// `Starting position for Spring of 1901.` (a movement phase) or `Status
/// of the Retreat phase for Fall of 1901.`: `Some` of the phase it names
/// (`None` inside when the season is not the variant's).
fn board_heading(v: &Variant, line: &str) -> Option<Option<Phase>> {
    let l = line.trim();
    if let Some(rest) = l.strip_prefix(words::STARTING) {
        return Some(season_phase(v, rest.trim().trim_end_matches('.'), PhaseKind::Movement));
    }
    let rest = l.strip_prefix(STATUS)?;
    let (kind, season) = rest.split_once(" phase for ")?;
    let kind = [PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment]
        .into_iter()
        .find(|k| words::kind_word(*k).to_ascii_lowercase().starts_with(&kind.trim().to_ascii_lowercase()))?;
    Some(season_phase(v, season.split('.').next().unwrap_or(""), kind))
}

/// `Spring of 1901` → that season's phase of `kind`.
fn season_phase(v: &Variant, text: &str, kind: PhaseKind) -> Option<Phase> {
    let (season, year) = text.rsplit_once(" of ")?;
    let s = v.calendar.seasons.iter().position(|s| s.name.eq_ignore_ascii_case(season.trim()))?;
    Some(Phase { year: year.trim().parse().ok()?, season: s as u8, kind })
}

/// The turn of the heading at line `h` (up to line `end`): its orders,
/// then its blocks.
fn turn(v: &Variant, names: &Names, lines: &[&str], h: usize, end: usize, phase: Phase) -> Result<Turn, ArchiveError> {
    let body = &lines[..end];
    let mut t = Turn { phase, orders: Vec::new(), dislodged: Vec::new(), aboard: Vec::new(), ownership: None, next: None };
    let mut i = h + 1;
    // the orders: a line each, a blank line between powers, a line that
    // begins with blanks continuing the one before
    let mut pending: Option<(usize, String)> = None;
    while i < body.len() {
        let l = body[i];
        let is_order = order_prefix(l);
        if (l.trim().is_empty() || is_order) && pending.is_some() {
            let (n, text) = pending.take().unwrap_or_default();
            t.orders.extend(order(v, names, phase.kind, &text).map_err(|e| bad(n, &text, e))?);
        }
        if is_order {
            pending = Some((i, l.trim().to_string()));
        } else if let Some((_, text)) = pending.as_mut().filter(|_| l.starts_with(char::is_whitespace) && !l.trim().is_empty()) {
            text.push(' ');
            text.push_str(l.trim());
        } else if !l.trim().is_empty() {
            break;
        }
        i += 1;
    }
    if let Some((n, text)) = pending {
        t.orders.extend(order(v, names, phase.kind, &text).map_err(|e| bad(n, &text, e))?);
    }
    let notes = blocks(v, names, &body[i..], i, &mut t)?;
    to_board(v, &mut t, notes);
    Ok(t)
}

/// The block's moves to board made of their order lines, its armies on
/// board kept.
fn to_board(v: &Variant, t: &mut Turn, notes: Vec<super::boarding::Note>) {
    use super::boarding::Note;
    let mut taken = vec![false; t.orders.len()];
    for n in notes {
        match n {
            Note::Aboard(u) => t.aboard.push(u),
            Note::ToBoard { power, order } => {
                let all: Vec<(PowerId, Order)> = t.orders.iter().map(|r| (r.power, r.order)).collect();
                if let Some(k) = super::boarding::line_of(&all, &taken, power, &order) {
                    taken[k] = true;
                    t.orders[k].order = order;
                    t.orders[k].text = order.canonical(v);
                }
            }
        }
    }
}

/// A power's word before a colon, as jDip reads it (letters, digits, `-`, `_`).
fn is_power_word(p: &str) -> bool {
    !p.is_empty() && p.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

/// `Austria: ` (a power, a colon, a blank) begins an order line.
fn order_prefix(l: &str) -> bool {
    let t = l.trim_start();
    t.split_once(':').is_some_and(|(p, rest)| is_power_word(p) && rest.starts_with(char::is_whitespace))
}

/// One order line: `None` for a line that orders nothing (`1 unusable
/// build pending`).
fn order(v: &Variant, names: &Names, kind: PhaseKind, line: &str) -> Result<Option<Recorded>, LineFault> {
    let (power, rest) = line.split_once(':').unwrap_or(("", line));
    let p = v.power_by_name(power.trim()).ok_or(LineFault::UnknownPower)?;
    let mut body = rest.trim();
    let mut result = ResultKind::Ok;
    let mut dislodged = false;
    if let Some(at) = body.find("(*") {
        for w in body[at + 2..].trim_end().trim_end_matches("*)").split(',') {
            let r = result_of(w).ok_or_else(|| LineFault::UnknownResult(w.trim().to_string()))?;
            dislodged |= r == ResultKind::Dislodged;
            if result == ResultKind::Ok || r != ResultKind::Dislodged {
                result = r;
            }
        }
        body = body[..at].trim();
    }
    let body = body.trim_end_matches('.').trim();
    // Original 1958's `HOLD AND BOARD`: the hold read, then made the boarding
    let stationary = if v.features.boarding { super::boarding::stationary(v, body)? } else { None };
    let (body, boards) = match stationary {
        Some((hold, partner)) => (hold, Some(partner)),
        None => (body, None),
    };
    let left = unordered(body);
    let defaulted = left.is_some();
    let codes = if let Some((unit, how)) = left {
        // njudge's `, No Order Processed (DISBAND)`: a retreat not ordered
        let verb = if how.to_ascii_lowercase().contains("disband") { "DISBAND" } else { "H" };
        format!("{} {verb}", names.to_codes(v, unit))
    } else if kind == PhaseKind::Adjustment {
        match adjustment(v, names, body)? {
            Some(c) => c,
            None => return Ok(None),
        }
    } else {
        names.to_codes(v, &direct(&unforeign(v, body)))
    };
    let order = crate::parse::parse_order(v, &codes, Some(kind)).map_err(|e| LineFault::Order(Box::new(e)))?;
    let order = match boards {
        Some(partner) => super::boarding::board_in_place(order, partner),
        None => order,
    };
    Ok(Some(Recorded { power: p, text: order.canonical(v), order, result, dislodged, defaulted }))
}

/// The words after the comma of an unordered unit's line, lower case.
const NO_ORDER: &str = "no order";

/// `Army Paris, No Order Processed` (njudge; `No Orders` in jDip's
/// comments) → the unit and what follows the comma.
fn unordered(body: &str) -> Option<(&str, &str)> {
    let (unit, rest) = body.rsplit_once(',')?;
    let low = rest.trim_start().to_ascii_lowercase();
    low.starts_with(NO_ORDER).then_some((unit, rest))
}

/// A support or convoy of another power's unit names its owner first
/// (`SUPPORT German Army Ruhr -> Burgundy`): the order without it.
fn unforeign(v: &Variant, body: &str) -> String {
    let w: Vec<&str> = body.split_whitespace().collect();
    let owner =
        |x: &str| (0..v.powers.len() as PowerId).any(|p| super::adjective(v, p).eq_ignore_ascii_case(x) || v.powers[p as usize].name.eq_ignore_ascii_case(x));
    let unit = |x: &str| ["army", "fleet", "wing", "unit"].iter().any(|u| u.eq_ignore_ascii_case(x));
    let mut out = Vec::with_capacity(w.len());
    let mut i = 0;
    while i < w.len() {
        out.push(w[i]);
        let helps = w[i].eq_ignore_ascii_case("support") || w[i].eq_ignore_ascii_case("convoy");
        i += if helps && i + 2 < w.len() && owner(w[i + 1]) && unit(w[i + 2]) { 2 } else { 1 };
    }
    out.join(" ")
}

/// A convoyed move as njudge writes it, through the route (`Army London ->
/// North Sea -> Norway`): from the start to the end.
fn direct(body: &str) -> String {
    let parts: Vec<&str> = body.split(" -> ").collect();
    let helps = |x: &str| x.split_whitespace().any(|w| w.eq_ignore_ascii_case("support") || w.eq_ignore_ascii_case("convoy"));
    match parts.as_slice() {
        [from, .., to] if parts.len() > 2 && !helps(from) => format!("{from} -> {to}"),
        _ => body.to_string(),
    }
}

/// An adjustment in njudge's words in this judge's codes: `Builds an army
/// in Budapest` → `BUILD A BUD`; `None`: a count of builds pending.
fn adjustment(v: &Variant, names: &Names, body: &str) -> Result<Option<String>, LineFault> {
    let low = body.to_ascii_lowercase();
    if low.starts_with(&words::WAIVED.to_ascii_lowercase()) {
        return Ok(Some("WAIVE".into()));
    }
    if low.contains("pending") || low.contains("waived") {
        return Ok(None);
    }
    let build = low.starts_with(&words::BUILDS.to_ascii_lowercase());
    let remove = low.starts_with(&words::REMOVES.to_ascii_lowercase()) || low.starts_with(&words::DEFAULTS.to_ascii_lowercase());
    let kind = match ["army", "fleet"].into_iter().find(|k| low.split_whitespace().any(|w| w == *k)) {
        Some("fleet") => "F",
        Some(_) => "A",
        None => return Err(LineFault::NoUnitKind(body.to_string())),
    };
    let Some(at) = low.find(" in ").or_else(|| low.find(" over ")) else {
        return Ok(Some(names.to_codes(v, body)));
    };
    let place = body[at..].trim_start().split_once(' ').map_or("", |(_, p)| p);
    let loc = names.loc(v, place)?;
    let verb = if build {
        "BUILD"
    } else if remove {
        "REMOVE"
    } else {
        return Ok(Some(names.to_codes(v, body)));
    };
    Ok(Some(format!("{verb} {kind} {}", v.loc_code(loc))))
}

/// The dislodged block, the ownership block, Original 1958's boarding block
/// (returned) and the next-phase line.
fn blocks(v: &Variant, names: &Names, body: &[&str], first: usize, t: &mut Turn) -> Result<Vec<super::boarding::Note>, ArchiveError> {
    let mut i = 0;
    let mut notes = Vec::new();
    while i < body.len() {
        let l = body[i].trim();
        if l.starts_with(words::BOARDING) {
            i += 1;
            while i < body.len() && body[i].trim().is_empty() {
                i += 1;
            }
            while i < body.len() && !body[i].trim().is_empty() {
                notes.push(super::boarding::note(v, names, body[i].trim()).map_err(|e| bad(first + i, body[i], e))?);
                i += 1;
            }
            continue;
        }
        if l.starts_with(words::DISLODGED) {
            i += 1;
            let mut entry = String::new();
            while i < body.len() && (body[i].trim().is_empty() && entry.is_empty() || !body[i].trim().is_empty()) {
                let x = body[i].trim();
                if x.starts_with("The ") && !entry.is_empty() {
                    t.dislodged.push(dislodged_line(v, names, &entry).map_err(|e| bad(first + i, &entry, e))?);
                    entry.clear();
                }
                if !x.is_empty() {
                    if !entry.is_empty() {
                        entry.push(' ');
                    }
                    entry.push_str(x);
                }
                i += 1;
            }
            if !entry.is_empty() {
                t.dislodged.push(dislodged_line(v, names, &entry).map_err(|e| bad(first + i, &entry, e))?);
            }
            continue;
        }
        if l.starts_with(words::OWNERSHIP) {
            let (own, used) = ownership(v, names, &body[i + 1..]).map_err(|e| bad(first + i, l, e))?;
            t.ownership = Some(own);
            i += 1 + used;
            continue;
        }
        if let Some(at) = l.find(words::NEXT_PHASE).filter(|_| l.starts_with("The next phase of")) {
            let rest = l[at + words::NEXT_PHASE.len()..].trim().trim_end_matches('.');
            if let Some((kind, season)) = rest.split_once(" for ") {
                let k = [PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment]
                    .into_iter()
                    .find(|k| kind.trim().to_ascii_lowercase().starts_with(&words::kind_word(*k).to_ascii_lowercase()[..5]));
                t.next = k.and_then(|k| season_phase(v, season, k));
            }
        }
        i += 1;
    }
    Ok(notes)
}

/// `The Austrian Army in Serbia can retreat to Albania or Budapest.` / `...
/// with no valid retreats was destroyed.`
fn dislodged_line(v: &Variant, names: &Names, line: &str) -> Result<Dislodged, LineFault> {
    let rest = line.strip_prefix("The ").ok_or(LineFault::NotDislodged)?;
    let (adj, rest) = rest.split_once(' ').ok_or(LineFault::NotDislodged)?;
    let power = (0..v.powers.len() as PowerId)
        .find(|&p| super::adjective(v, p).eq_ignore_ascii_case(adj) || v.powers[p as usize].name.eq_ignore_ascii_case(adj))
        .ok_or_else(|| LineFault::UnknownPowerNamed(adj.to_string()))?;
    let (kind, rest) = rest.split_once(' ').ok_or(LineFault::NotDislodged)?;
    let kind = match kind.to_ascii_lowercase().as_str() {
        "army" => UnitType::Army,
        "fleet" => UnitType::Fleet,
        k => return Err(LineFault::UnknownUnit(k.to_string())),
    };
    // an army on board its dislodged fleet (Original 1958)
    let (aboard, rest) = match rest.strip_prefix(words::ON_BOARD) {
        Some(r) => (true, r.trim_start()),
        None => (false, rest),
    };
    let rest = rest.trim_start_matches("in ").trim_start_matches("over ");
    let (place, options) = match rest.split_once(words::CAN_RETREAT) {
        Some((place, to)) => {
            let opts = to.trim().trim_end_matches('.').split(" or ").map(|o| names.loc(v, o)).collect::<Result<Vec<_>, _>>()?;
            (place, opts)
        }
        None => (rest.split(" with no valid").next().unwrap_or(rest), Vec::new()),
    };
    let loc = names.loc(v, place)?;
    let mut options = options;
    options.sort();
    let loc = if aboard { Loc::new(loc.prov) } else { loc };
    Ok(Dislodged { unit: Unit { power, kind, loc, aboard }, options, attacker_from: None })
}

/// The ownership block (up to its first blank line after the entries):
/// every centre's owner, and the lines it took.
fn ownership(v: &Variant, names: &Names, body: &[&str]) -> Result<(Vec<Option<PowerId>>, usize), LineFault> {
    let mut owners = vec![None; v.provinces.len()];
    let mut used = 0;
    let mut text = String::new();
    for l in body {
        used += 1;
        if l.trim().is_empty() {
            if text.is_empty() {
                continue;
            }
            break;
        }
        text.push(' ');
        text.push_str(l.trim());
    }
    let mut power: Option<PowerId> = None;
    let mut item = String::new();
    let flush = |item: &mut String, power: Option<PowerId>, owners: &mut Vec<Option<PowerId>>| -> Result<(), LineFault> {
        let name = item.trim().trim_end_matches('.').trim().to_string();
        item.clear();
        if let (Some(p), false) = (power, name.is_empty()) {
            owners[names.loc(v, &name)?.prov as usize] = Some(p);
        }
        Ok(())
    };
    for tok in text.split_whitespace() {
        if let Some(w) = tok.strip_suffix(':') {
            flush(&mut item, power, &mut owners)?;
            power = if w.eq_ignore_ascii_case("unowned") { None } else { Some(v.power_by_name(w).ok_or_else(|| LineFault::UnknownPowerNamed(w.to_string()))?) };
            continue;
        }
        let (word, ends) = match tok.strip_suffix(',') {
            Some(w) => (w, true),
            None => (tok, false),
        };
        item.push(' ');
        item.push_str(word);
        if ends {
            flush(&mut item, power, &mut owners)?;
        }
    }
    flush(&mut item, power, &mut owners)?;
    Ok((owners, used))
}

/// The boards at the start of each turn's phase from the starting board and
/// the recorded outcomes, a movement phase's units as its turn lists them.
fn boards(v: &Variant, game: String, start: Position, turns: Vec<Turn>) -> JudgeText {
    let mut phases = Vec::with_capacity(turns.len() + 1);
    let mut results = Vec::with_capacity(turns.len() + 1);
    let mut board = start;
    let last_next = turns.last().map(|t| t.next);
    for (k, t) in turns.iter().enumerate() {
        board.phase = t.phase;
        if t.phase.kind == PhaseKind::Movement && !t.orders.is_empty() {
            board.units = t.orders.iter().filter_map(listed).chain(t.aboard.iter().copied()).collect();
            board.dislodged.clear();
        }
        let after = super::after::apply(v, &board, t);
        let orders = t.orders.iter().filter(|r| !r.defaulted).map(|r| (r.power, r.text.clone())).collect();
        phases.push(SavedPhase { name: v.calendar.name(t.phase), completed: false, position: board, orders });
        board = after;
        if let Some(n) = turns.get(k + 1) {
            board.phase = n.phase;
        }
    }
    if turns.is_empty() {
        // a listing: the board it shows
        phases.push(SavedPhase { name: v.calendar.name(board.phase), completed: false, position: board.clone(), orders: Vec::new() });
    }
    results.extend(turns.into_iter().map(|t| t.orders));
    if let Some(next) = last_next {
        let completed = next.is_none();
        if let Some(n) = next {
            board.phase = n;
        }
        let name = if completed { crate::archive::mila::COMPLETED.to_string() } else { v.calendar.name(board.phase) };
        phases.push(SavedPhase { name, completed, position: board, orders: Vec::new() });
    }
    JudgeText { game, saved: SavedGame { map: v.name.clone(), phases, setup: None }, results }
}

/// The unit an order line names, as it stands.
fn listed(r: &Recorded) -> Option<Unit> {
    let u = r.order.unit()?;
    Some(Unit { power: r.power, kind: u.kind.unwrap_or(UnitType::Army), loc: u.loc, aboard: false })
}

/// Adds to `differences` each movement or retreat phase whose recorded
/// results are not ours (adjudicated from the record's board), by the
/// phase, in order.
pub fn compare_results(
    v: &Variant,
    rules: &crate::rules::Rulebook,
    saved: &SavedGame,
    results: &[Vec<Recorded>],
    differences: &mut Vec<crate::archive::mila::Difference>,
) {
    for (k, recorded) in results.iter().enumerate() {
        let Some(ph) = saved.phases.get(k) else { continue };
        if ph.position.phase.kind == PhaseKind::Adjustment {
            continue;
        }
        let orders: Vec<(PowerId, Order)> = recorded.iter().map(|r| (r.power, r.order)).collect();
        let out = crate::adjudicate::process(v, rules, &ph.position, &orders);
        let line = |p: PowerId, o: &Order, r: ResultKind| format!("{} {} {}", v.powers[p as usize].name, o.canonical(v), r.label());
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        // one result an order line (a 1958 stack's identical orders each their own)
        let mut used = vec![false; out.results.len()];
        for r in recorded {
            let Some(i) = (0..out.results.len()).find(|&i| !used[i] && out.results[i].power == r.power && out.results[i].order.canonical(v) == r.text) else {
                continue;
            };
            used[i] = true;
            let o = &out.results[i];
            let agrees = super::same_result(o.result, r.result) || r.dislodged && o.result == ResultKind::Dislodged;
            if !agrees {
                ours.push(line(o.power, &o.order, o.result));
                theirs.push(line(r.power, &r.order, r.result));
            }
        }
        let mut what = Vec::new();
        crate::archive::mila::diff("results", &ours, &theirs, &mut what);
        if what.is_empty() {
            continue;
        }
        match differences.iter_mut().find(|d| d.phase == ph.name) {
            Some(d) => d.what.extend(what),
            None => differences.push(crate::archive::mila::Difference { phase: ph.name.clone(), what }),
        }
    }
    let order: Vec<&str> = saved.phases.iter().map(|p| p.name.as_str()).collect();
    differences.sort_by_key(|d| order.iter().position(|n| *n == d.phase));
}
