//! The information commands: LIST, HISTORY, SUMMARY, MAP.

use super::cmd::{Cmd, HistoryAsk, HistorySpan};
use super::line::Line;
use crate::game::refusal::{Refusal, UsageRefusal};

/// LIST, HISTORY, SUMMARY, MAP.
pub(super) fn info(l: &Line) -> Option<Cmd> {
    Some(match l.head.as_str() {
        "LIST" => Cmd::List(l.arg(0)),
        "HISTORY" => history(l),
        // no game: the signed-on game's (njudge)
        "SUMMARY" => Cmd::Summary(l.arg(0)),
        "MAP" => match l.game() {
            Some(game) if l.w.len() <= l.skip + 2 => Cmd::Map { game, phase: l.arg(1) },
            Some(_) => Cmd::Bad(Refusal::Usage(UsageRefusal::MapCommandUsage)),
            None => Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsGame { command: "MAP" })),
        },
        _ => return None,
    })
}

/// The words HISTORY takes after the game (njudge's `UNTIL` is TO, `FOR`
/// is LINES, `BROAD` asks for the broadcasts).
fn history_word(w: &str) -> Option<HistoryWord> {
    Some(match w.to_ascii_uppercase().as_str() {
        "FROM" => HistoryWord::From,
        "TO" | "UNTIL" => HistoryWord::To,
        "LINES" | "FOR" => HistoryWord::Lines,
        "EXCLSTART" => HistoryWord::ExclStart,
        "EXCLEND" => HistoryWord::ExclEnd,
        "PRESS" | "BROADCASTS" | "BROAD" => HistoryWord::Press,
        "UNDONE" | "ROLLBACKS" => HistoryWord::Undone,
        _ => return None,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum HistoryWord {
    From,
    To,
    Lines,
    ExclStart,
    ExclEnd,
    Press,
    Undone,
}

/// `HISTORY [game] [FROM when] [TO when] [LINES n] [PRESS] [UNDONE]` and
/// `HISTORY [game] EXCLSTART phase [EXCLEND phase] [BROAD]`: `when` a phase
/// or a date of several words (`FROM Dec 30`, `FROM Jan 1, 2003 12:00`); the
/// game left out (its first word one of HISTORY's): the signed-on game.
fn history(l: &Line) -> Cmd {
    let first = l.arg(0);
    let (game, mut i) = match first {
        Some(w) if history_word(&w).is_none() => (Some(w), 1),
        _ => (None, 0),
    };
    let mut ask = HistoryAsk { game, span: HistorySpan::Dates { from: None, to: None }, lines: None, press: false, undone: false };
    let (mut from, mut to, mut excl_start, mut excl_end) = (None, None, None, None);
    // a value: the words up to the next of HISTORY's (a date has several)
    let value = |i: usize| -> (Option<String>, usize) {
        let mut words = Vec::new();
        while let Some(w) = l.arg(i + 1 + words.len()).filter(|w| history_word(w).is_none()) {
            words.push(w);
        }
        let n = words.len().max(1);
        ((!words.is_empty()).then(|| words.join(" ")), n)
    };
    let usage = |r: UsageRefusal| Cmd::Bad(Refusal::Usage(r));
    while let Some(k) = l.arg(i) {
        let Some(word) = history_word(&k) else { return usage(UsageRefusal::HistoryBadWord { word: k }) };
        let (v, n) = match word {
            HistoryWord::Press | HistoryWord::Undone => (None, 0),
            _ => value(i),
        };
        match word {
            HistoryWord::From => from = v,
            HistoryWord::To => to = v,
            HistoryWord::Lines => match v.as_deref().map(str::parse::<u64>) {
                Some(Ok(n)) => ask.lines = Some(n),
                _ => return usage(UsageRefusal::HistoryLinesUsage),
            },
            HistoryWord::ExclStart => excl_start = Some(v),
            HistoryWord::ExclEnd => excl_end = Some(v),
            HistoryWord::Press => ask.press = true,
            HistoryWord::Undone => ask.undone = true,
        }
        i += 1 + n;
    }
    ask.span = match (excl_start, excl_end) {
        (None, None) => HistorySpan::Dates { from, to },
        // EXCLSTART with its phase, not with FROM or TO
        (Some(Some(start)), end) if from.is_none() && to.is_none() => match end {
            None => HistorySpan::Excluding { start, end: None },
            Some(Some(end)) => HistorySpan::Excluding { start, end: Some(end) },
            Some(None) => return usage(UsageRefusal::HistoryExcludeUsage),
        },
        _ => return usage(UsageRefusal::HistoryExcludeUsage),
    };
    Cmd::History(ask)
}
