//! The information commands: LIST, HISTORY, SUMMARY, MAP.

use super::cmd::Cmd;
use super::line::Line;
use crate::game::refusal::{Refusal, UsageRefusal};

/// LIST, HISTORY, SUMMARY, MAP.
pub(super) fn info(l: &Line) -> Option<Cmd> {
    Some(match l.head.as_str() {
        "LIST" => Cmd::List(l.arg(0)),
        "HISTORY" => match l.arg(0) {
            Some(g) => history(l, g),
            None => Cmd::Bad(Refusal::Usage(UsageRefusal::HistoryUsage)),
        },
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

/// `HISTORY game [FROM phase] [TO phase] [PRESS] [UNDONE]`.
fn history(l: &Line, game: String) -> Cmd {
    let (mut from, mut to, mut press, mut undone) = (None, None, false, false);
    let mut i = 1;
    // FROM and TO take a phase or a date of several words (`FROM Dec 30`)
    let keyword = |w: &str| matches!(w.to_ascii_uppercase().as_str(), "FROM" | "TO" | "PRESS" | "BROADCASTS" | "UNDONE" | "ROLLBACKS");
    let value = |i: usize| -> (Option<String>, usize) {
        let mut words = Vec::new();
        while let Some(w) = l.arg(i + 1 + words.len()).filter(|w| !keyword(w)) {
            words.push(w);
        }
        let n = words.len().max(1);
        ((!words.is_empty()).then(|| words.join(" ")), n)
    };
    while let Some(k) = l.arg(i) {
        match k.to_ascii_uppercase().as_str() {
            "FROM" => {
                let (v, n) = value(i);
                from = v;
                i += 1 + n;
                continue;
            }
            "TO" => {
                let (v, n) = value(i);
                to = v;
                i += 1 + n;
                continue;
            }
            "PRESS" | "BROADCASTS" => {
                press = true;
                i += 1;
                continue;
            }
            "UNDONE" | "ROLLBACKS" => {
                undone = true;
                i += 1;
                continue;
            }
            _ => return Cmd::Bad(Refusal::Usage(UsageRefusal::HistoryBadWord { word: k })),
        }
    }
    Cmd::History { game, from, to, press, undone }
}
