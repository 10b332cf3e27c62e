//! njudge's orders for a later phase (`data/syntax`, "SUBMITTING ORDERS IN
//! ADVANCE" and "CONDITIONAL ORDERS"): the phase a `PHASE` line names, the
//! lines kept for it (orders, `SET WAIT`/`SET NOWAIT`, and conditionals:
//! `IF [NOT] power type province`, `AND`, `OR`, brackets, `ELSE IF`,
//! `ELSE`, `ENDIF`) read into a program, and the program run on the board
//! at the start of that phase into the lines it gives.
//!
//! Pure: the session reads the lines, the store keeps them as written (a
//! kept line is one this reader took), and `play::later` runs them when the
//! phase begins. The decisions where njudge's text is open are in
//! docs/RULES.md ("Orders for a later phase").

use super::find_power;
use crate::adjudicate::Position;
use crate::map::{PowerId, Prov, UnitType, Variant};
use crate::phase::{Calendar, Phase, PhaseKind};

/// How far ahead a PHASE line may name a phase, in years (njudge's five).
pub const MAX_YEARS_AHEAD: i32 = 5;

/// The most lines one power keeps for later phases, all phases together
/// (each is a row read at every phase's start).
pub const MAX_KEPT_LINES: usize = 200;

/// The deepest conditionals nest (and brackets inside one condition).
pub const MAX_DEPTH: usize = 16;

/// Why a later phase's line is not kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LaterRefusal {
    /// The PHASE line names no phase of the calendar (what was written).
    NotAPhase {
        text: String,
    },
    /// A season word the calendar does not know, or knows several of.
    /// A year the calendar does not play (1427 on a calendar of every fifth year).
    NotPlayed {
        phase: String,
    },
    UnknownSeason {
        word: String,
        seasons: Vec<String>,
    },
    /// A season without that kind of phase (the season, the kind).
    NoSuchPhase {
        season: String,
        kind: PhaseKind,
    },
    /// The phase is over, or is the one being played when that is not allowed.
    Past {
        phase: String,
        now: String,
    },
    TooFarAhead {
        phase: String,
        max: i32,
    },
    ElseWithoutIf,
    EndIfWithoutIf,
    ElseAfterElse,
    /// A condition that does not read: its words.
    BadCondition {
        text: String,
        why: CondFault,
    },
    TooDeep {
        max: usize,
    },
    /// A line inside a conditional whose IF was refused.
    InRefusedIf,
    /// More lines kept for later phases than a power may have.
    TooManyKept {
        max: usize,
    },
    /// An order that reads as no order of that kind of phase (the parser's words).
    Unreadable(crate::parse::ParseError),
}

/// What is wrong with a condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CondFault {
    Empty,
    /// A `)` with no `(` before it.
    Unopened,
    /// AND or OR with nothing on one side.
    Dangling,
    /// Words that name no province (with or without a power and a type).
    NoProvince {
        words: String,
    },
    /// Words that read as more than one province, power or type.
    Ambiguous {
        words: String,
    },
}

/// Reads a phase as `PHASE` and `PROCESS` give it: a code (`F1905M`,
/// `MAR1886A`) or njudge's words (`Fall 1905 Movement`, the first letters
/// enough where they tell the seasons apart; `Build` for adjustments). A
/// season without the kind named whose next season in the year has it is
/// read as that one (`Fall 1905 Build` is Winter 1905's adjustments); no
/// kind named: the season's first phase.
pub fn parse_phase(cal: &Calendar, text: &str) -> Result<Phase, LaterRefusal> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if let [code] = words[..] {
        return cal.parse(code).map_err(|_| LaterRefusal::NotAPhase { text: text.trim().to_string() });
    }
    let not_a_phase = || LaterRefusal::NotAPhase { text: text.trim().to_string() };
    let (season_word, year, kind) = match words[..] {
        [s, y] => (s, y, None),
        [s, y, k] => (s, y, Some(k)),
        _ => return Err(not_a_phase()),
    };
    let year = cal.read_year(year).ok_or_else(not_a_phase)?;
    let season = season_of(cal, season_word)?;
    let kind = match kind {
        None => None,
        Some(k) => Some(match k.chars().next().map(|c| c.to_ascii_uppercase()) {
            Some('M') => PhaseKind::Movement,
            Some('R') => PhaseKind::Retreat,
            Some('A' | 'B') => PhaseKind::Adjustment,
            _ => return Err(not_a_phase()),
        }),
    };
    let Some(kind) = kind else { return Ok(Phase { year, season: season as u8, kind: cal.seasons[season].phases[0] }) };
    // the season named, or the one right after it in its year
    match (season..cal.seasons.len().min(season + 2)).find(|&s| cal.seasons[s].phases.contains(&kind)) {
        Some(s) if cal.played(s, year) => Ok(Phase { year, season: s as u8, kind }),
        Some(_) => Err(not_a_phase()),
        None => Err(LaterRefusal::NoSuchPhase { season: cal.seasons[season].name.clone(), kind }),
    }
}

/// The season a word names: its code or its whole name, else the one whose
/// name it begins (or whose first letter it shares) alone.
fn season_of(cal: &Calendar, word: &str) -> Result<usize, LaterRefusal> {
    let w = word.to_ascii_uppercase();
    let s = &cal.seasons;
    if let Some(i) = s.iter().position(|x| x.code.eq_ignore_ascii_case(&w) || x.name.eq_ignore_ascii_case(&w)) {
        return Ok(i);
    }
    let unique = |hits: Vec<usize>| if let [i] = hits[..] { Some(i) } else { None };
    let by_prefix = unique((0..s.len()).filter(|&i| s[i].name.to_ascii_uppercase().starts_with(&w)).collect());
    let by_letter = || unique((0..s.len()).filter(|&i| s[i].name.chars().next().map(|c| c.to_ascii_uppercase()) == w.chars().next()).collect());
    by_prefix.or_else(by_letter).ok_or_else(|| LaterRefusal::UnknownSeason { word: word.to_string(), seasons: s.iter().map(|x| x.name.clone()).collect() })
}

/// Whether a PHASE line may name `phase` while `now` is played: not before
/// it, at most [`MAX_YEARS_AHEAD`] years on.
pub fn check_ahead(cal: &Calendar, now: Phase, phase: Phase) -> Result<(), LaterRefusal> {
    if phase < now {
        return Err(LaterRefusal::Past { phase: cal.long_name(phase), now: cal.long_name(now) });
    }
    // a year of play is `step` years: 1430 comes after 1425, 1427 never
    if (phase.year - now.year).rem_euclid(cal.step.max(1) as i32) != 0 {
        return Err(LaterRefusal::NotPlayed { phase: cal.long_name(phase) });
    }
    if phase.year > now.year.saturating_add(MAX_YEARS_AHEAD) {
        return Err(LaterRefusal::TooFarAhead { phase: cal.long_name(phase), max: MAX_YEARS_AHEAD });
    }
    Ok(())
}

/// A condition on the board at the start of a phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    /// A unit (of the power, of the type, where given) in the province.
    Unit {
        power: Option<PowerId>,
        kind: Option<UnitType>,
        prov: Prov,
    },
    Not(Box<Cond>),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
}

impl Cond {
    /// Whether the condition holds on `pos` (its units, not the dislodged ones).
    pub fn holds(&self, pos: &Position) -> bool {
        match self {
            Cond::Unit { power, kind, prov } => {
                pos.units.iter().any(|u| u.loc.prov == *prov && power.is_none_or(|p| p == u.power) && kind.is_none_or(|k| k == u.kind))
            }
            Cond::Not(c) => !c.holds(pos),
            Cond::And(a, b) => a.holds(pos) && b.holds(pos),
            Cond::Or(a, b) => a.holds(pos) || b.holds(pos),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Open,
    Close,
    And,
    Or,
    Not,
    Word(String),
}

fn tokens(text: &str) -> Vec<Token> {
    let spaced = text.replace('(', " ( ").replace(')', " ) ");
    spaced
        .split_whitespace()
        .map(|w| match w.to_ascii_uppercase().as_str() {
            "(" => Token::Open,
            ")" => Token::Close,
            "AND" | "&&" | "&" => Token::And,
            "OR" | "||" | "|" => Token::Or,
            "NOT" | "!" => Token::Not,
            _ => Token::Word(w.to_string()),
        })
        .collect()
}

/// Reads a condition: terms joined by AND and OR, taken left to right
/// (njudge gives neither the other's precedence), brackets to group them
/// (the end of the line closes any left open), NOT before a term or a bracket.
pub fn parse_cond(v: &Variant, text: &str) -> Result<Cond, LaterRefusal> {
    let bad = |why| LaterRefusal::BadCondition { text: text.trim().to_string(), why };
    let toks = tokens(text);
    let mut at = 0;
    let c = expr(v, &toks, &mut at, 0).map_err(bad)?;
    match toks.get(at) {
        None => Ok(c),
        Some(Token::Close) => Err(bad(CondFault::Unopened)),
        Some(_) => Err(bad(CondFault::Dangling)),
    }
}

fn expr(v: &Variant, t: &[Token], at: &mut usize, depth: usize) -> Result<Cond, CondFault> {
    let mut left = term(v, t, at, depth)?;
    loop {
        let and = match t.get(*at) {
            Some(Token::And) => true,
            Some(Token::Or) => false,
            _ => return Ok(left),
        };
        *at += 1;
        let right = term(v, t, at, depth)?;
        left = if and { Cond::And(Box::new(left), Box::new(right)) } else { Cond::Or(Box::new(left), Box::new(right)) };
    }
}

fn term(v: &Variant, t: &[Token], at: &mut usize, depth: usize) -> Result<Cond, CondFault> {
    if depth > MAX_DEPTH {
        return Err(CondFault::Dangling);
    }
    match t.get(*at) {
        None if *at == 0 => Err(CondFault::Empty),
        None | Some(Token::And | Token::Or | Token::Close) => Err(CondFault::Dangling),
        Some(Token::Not) => {
            *at += 1;
            Ok(Cond::Not(Box::new(term(v, t, at, depth + 1)?)))
        }
        Some(Token::Open) => {
            *at += 1;
            let c = expr(v, t, at, depth + 1)?;
            // the end of the line closes what is open
            if t.get(*at) == Some(&Token::Close) {
                *at += 1;
            }
            Ok(c)
        }
        Some(Token::Word(_)) => {
            let words: Vec<&str> = t[*at..].iter().map_while(|x| if let Token::Word(w) = x { Some(w.as_str()) } else { None }).collect();
            *at += words.len();
            unit_term(v, &words)
        }
    }
}

/// `[power] [type] province`, in any order: the one reading of the words
/// that uses the most of them as a power and a type, the rest a province.
fn unit_term(v: &Variant, words: &[&str]) -> Result<Cond, CondFault> {
    let kind_of = |w: &str| match w.to_ascii_uppercase().as_str() {
        "A" | "ARMY" => Some(UnitType::Army),
        "F" | "FLEET" => Some(UnitType::Fleet),
        _ => None,
    };
    // a power by two letters or more (one letter is a type)
    let power_of = |w: &str| if w.chars().count() >= 2 { find_power(v, w) } else { None };
    let n = words.len();
    let mut best: Vec<(usize, Cond)> = Vec::new();
    for p in std::iter::once(None).chain((0..n).map(Some)) {
        for k in std::iter::once(None).chain((0..n).map(Some)) {
            if p.is_some() && p == k {
                continue;
            }
            let power = match p {
                Some(i) => match power_of(words[i]) {
                    Some(x) => Some(x),
                    None => continue,
                },
                None => None,
            };
            let kind = match k {
                Some(i) => match kind_of(words[i]) {
                    Some(x) => Some(x),
                    None => continue,
                },
                None => None,
            };
            let rest: Vec<&str> = (0..n).filter(|&i| Some(i) != p && Some(i) != k).map(|i| words[i]).collect();
            if rest.is_empty() {
                continue;
            }
            if let Ok(prov) = crate::parse::parse_province(v, &rest.join(" ")) {
                let used = usize::from(p.is_some()) + usize::from(k.is_some());
                best.push((used, Cond::Unit { power, kind, prov }));
            }
        }
    }
    let words_text = words.join(" ");
    let most = best.iter().map(|(u, _)| *u).max().ok_or_else(|| CondFault::NoProvince { words: words_text.clone() })?;
    let mut top: Vec<Cond> = best.into_iter().filter(|(u, _)| *u == most).map(|(_, c)| c).collect();
    top.dedup();
    match top.len() {
        1 => Ok(top.remove(0)),
        _ => Err(CondFault::Ambiguous { words: words_text }),
    }
}

/// A line of a later phase's block, as the session classifies it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A line of orders, as written.
    Orders(String),
    /// SET WAIT (`true`) or SET NOWAIT, carried to the phase.
    Wait(bool),
    If(Cond),
    ElseIf(Cond),
    Else,
    EndIf,
}

/// What a block line is, by its first words: a conditional's line (with
/// its condition's text, THEN dropped), or `None` for anything else.
pub fn conditional_line(line: &str) -> Option<(ConditionalWord, String)> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let up: Vec<String> = w.iter().map(|x| x.to_ascii_uppercase()).collect();
    let cond_text = |from: usize| {
        let mut rest: Vec<&str> = w[from..].to_vec();
        if rest.last().is_some_and(|l| l.eq_ignore_ascii_case("THEN")) {
            rest.pop();
        }
        rest.join(" ")
    };
    match up.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["IF", ..] => Some((ConditionalWord::If, cond_text(1))),
        ["ELSE", "IF", ..] => Some((ConditionalWord::ElseIf, cond_text(2))),
        ["ELSEIF" | "ELSIF", ..] => Some((ConditionalWord::ElseIf, cond_text(1))),
        ["ELSE"] => Some((ConditionalWord::Else, String::new())),
        ["ENDIF"] | ["END", "IF"] => Some((ConditionalWord::EndIf, String::new())),
        _ => None,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConditionalWord {
    If,
    ElseIf,
    Else,
    EndIf,
}

/// An open IF while lines are read.
struct Frame {
    /// An ELSE was read.
    otherwise: bool,
    /// Its IF was refused: every line up to its ENDIF is too.
    refused: bool,
}

/// A later phase's lines checked one at a time as a mail gives them: the
/// conditionals well formed, each kept line one [`read`] takes back. The
/// lines of an IF that was refused are refused with it, so the lines kept
/// always make a well-formed program.
#[derive(Default)]
pub struct Program {
    open: Vec<Frame>,
}

impl Program {
    /// Whether the line is inside a conditional whose IF was refused.
    pub fn in_refused(&self) -> bool {
        self.open.iter().any(|f| f.refused)
    }

    /// Takes a conditional's line: `Ok` if it is kept (it opens, continues
    /// or closes a conditional), else why not.
    pub fn conditional(&mut self, v: &Variant, word: ConditionalWord, cond: &str) -> Result<(), LaterRefusal> {
        let refused = self.in_refused();
        match word {
            ConditionalWord::If => {
                if self.open.len() >= MAX_DEPTH {
                    return Err(LaterRefusal::TooDeep { max: MAX_DEPTH });
                }
                let c = if refused { Err(LaterRefusal::InRefusedIf) } else { parse_cond(v, cond).map(|_| ()) };
                self.open.push(Frame { otherwise: false, refused: c.is_err() });
                c
            }
            ConditionalWord::ElseIf | ConditionalWord::Else => {
                let Some(f) = self.open.last_mut() else { return Err(LaterRefusal::ElseWithoutIf) };
                if f.refused || refused {
                    return Err(LaterRefusal::InRefusedIf);
                }
                if f.otherwise {
                    return Err(LaterRefusal::ElseAfterElse);
                }
                if word == ConditionalWord::Else {
                    f.otherwise = true;
                    return Ok(());
                }
                parse_cond(v, cond).map(|_| ())
            }
            ConditionalWord::EndIf => {
                let f = self.open.pop().ok_or(LaterRefusal::EndIfWithoutIf)?;
                // a refused IF's own ENDIF closes it, and is refused with it
                if f.refused { Err(LaterRefusal::InRefusedIf) } else { Ok(()) }
            }
        }
    }

    /// Takes a line of orders or a wait.
    pub fn item(&self) -> Result<(), LaterRefusal> {
        if self.in_refused() { Err(LaterRefusal::InRefusedIf) } else { Ok(()) }
    }

    /// The ENDIFs the kept lines lack at the end of the mail (which closes
    /// every IF left open, as njudge's does).
    pub fn close(self) -> usize {
        self.open.iter().filter(|f| !f.refused).count()
    }
}

/// The kept lines of a later phase read back (strictly: each was read so
/// when it was kept) into items.
pub fn read(v: &Variant, kind: PhaseKind, lines: &[String]) -> Result<Vec<Item>, LaterRefusal> {
    let mut p = Program::default();
    let mut out = Vec::new();
    for l in lines {
        if let Some((word, cond)) = conditional_line(l) {
            p.conditional(v, word, &cond)?;
            out.push(match word {
                ConditionalWord::If => Item::If(parse_cond(v, &cond)?),
                ConditionalWord::ElseIf => Item::ElseIf(parse_cond(v, &cond)?),
                ConditionalWord::Else => Item::Else,
                ConditionalWord::EndIf => Item::EndIf,
            });
            continue;
        }
        p.item()?;
        out.push(match wait_line(l) {
            Some(w) => Item::Wait(w),
            None => {
                if let Some(Err(e)) = crate::parse::parse_line(v, l, Some(kind)).into_iter().find(Result::is_err) {
                    return Err(LaterRefusal::Unreadable(e));
                }
                Item::Orders(l.clone())
            }
        });
    }
    if p.close() > 0 {
        return Err(LaterRefusal::EndIfWithoutIf);
    }
    Ok(out)
}

/// How a wait is kept: `SET WAIT` or `SET NOWAIT`.
pub fn wait_text(wait: bool) -> &'static str {
    if wait { "SET WAIT" } else { "SET NOWAIT" }
}

/// A kept wait line read back.
fn wait_line(line: &str) -> Option<bool> {
    match line {
        "SET WAIT" => Some(true),
        "SET NOWAIT" => Some(false),
        _ => None,
    }
}

/// Runs kept items on `pos`, the board at the start of their phase: the
/// orders and waits of the branches taken, in order.
pub fn run(items: &[Item], pos: &Position) -> Vec<Item> {
    let mut out = Vec::new();
    // per open IF: (its branch being read is taken, one of its branches was)
    let mut taking: Vec<(bool, bool)> = Vec::new();
    let live = |t: &[(bool, bool)]| t.iter().all(|(now, _)| *now);
    for it in items {
        match it {
            Item::If(c) => {
                let on = live(&taking) && c.holds(pos);
                taking.push((on, on));
            }
            Item::ElseIf(c) => {
                let (_, done) = taking.pop().unwrap_or((false, true));
                let on = !done && live(&taking) && c.holds(pos);
                taking.push((on, done || on));
            }
            Item::Else => {
                let (_, done) = taking.pop().unwrap_or((false, true));
                taking.push((!done && live(&taking), true));
            }
            Item::EndIf => {
                taking.pop();
            }
            Item::Orders(_) | Item::Wait(_) if live(&taking) => out.push(it.clone()),
            Item::Orders(_) | Item::Wait(_) => {}
        }
    }
    out
}
