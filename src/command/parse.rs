//! Reading one command line. Case-insensitive; njudge's names, spacings and
//! abbreviations (`SIGN ON`, `END PRESS`, `SET NO WAIT`, `SET DEAD` ...).
//! A line that is no command is an order (or an error) for the session.

use super::options::Named;
use crate::game::refusal::Refusal;

/// A command line, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cmd {
    Create {
        game: String,
        password: String,
        variant: Option<String>,
        options: Vec<String>,
    },
    /// `SIGNON ?game password`: join a forming game (or take over a vacant power).
    Join {
        game: String,
        password: String,
    },
    /// `SIGNON Xgame password`: sign on as the power with letter X (M: master, O: observer).
    Signon {
        letter: char,
        game: String,
        password: String,
    },
    /// `OBSERVE game [token]`: ask to receive a game's reports; the token
    /// (mailed to the address) confirms it.
    Observe {
        game: String,
        password: Option<String>,
    },
    /// `UNOBSERVE game [code]`: stop receiving its reports (with the list's
    /// code, or from the list's address: the game's list stops).
    Unobserve {
        game: String,
        code: Option<String>,
    },
    /// `CONFIRM game code`: the list address agrees to get the game's mail.
    Confirm {
        game: String,
        code: String,
    },
    /// The master accepts (or refuses) a request to take over a vacant power.
    Approve(String),
    Reject(String),
    List(Option<String>),
    History {
        game: String,
        from: Option<String>,
        to: Option<String>,
        /// With the press of each phase (broadcasts; after the game, all).
        press: bool,
        /// The phases rollbacks replaced, instead of the game's line.
        undone: bool,
    },
    Summary(String),
    /// `MAP game [phase]`: the map of a processed phase, or of the board now.
    Map {
        game: String,
        phase: Option<String>,
    },
    Clear,
    /// `PRESS [TO powers] [GREY]`; the text follows until ENDPRESS.
    Press {
        to: Option<String>,
        grey: bool,
    },
    Broadcast {
        grey: bool,
    },
    EndPress,
    Set {
        key: SetKey,
        arg: String,
    },
    Resign,
    Help,
    Signoff,
    Process {
        force: bool,
    },
    Predict,
    Pause,
    Resume,
    Terminate,
    Eject(String),
    Become(String),
    Rollback(String),
    /// A command word with a problem (missing argument ...).
    Bad(Refusal),
    /// Not a command: an order, or noise.
    NotCommand,
}

/// What SET sets: a player's own setting or vote, the current phase's
/// deadline, or a game option (the master's, see [`super::options`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetKey {
    Wait,
    NoWait,
    Draw,
    NoDraw,
    Concede,
    NoConcede,
    Absence,
    Password,
    Address,
    Preference,
    /// The master: the current phase's deadline ...
    Deadline,
    /// ... and the end of its grace period (or a new grace period).
    Grace,
    /// A player's vote for an alliance victory, and its withdrawal.
    Ally,
    NoAlly,
    /// A power's choice of starting unit types (1885-III E3): `SET START A ROM`.
    Start,
    /// A player's results mails carry the map (the default), or not.
    Map,
    NoMap,
    /// A player's own time zone, or the master's for the game.
    Timezone,
    /// Cancels the sender's absence that includes a date (njudge's SET NOABSENCE).
    NoAbsence,
    /// The master: days on which no deadline falls, and clearing them.
    Blackout,
    NoBlackout,
    /// The master: a game option.
    Option(Named),
}

/// The names SET takes besides the game options' (those are in [`super::options::OPTIONS`]).
const SET_KEYS: &[(&str, SetKey)] = &[
    ("WAIT", SetKey::Wait),
    ("NOWAIT", SetKey::NoWait),
    ("DRAW", SetKey::Draw),
    ("NODRAW", SetKey::NoDraw),
    ("CONCEDE", SetKey::Concede),
    ("NOCONCEDE", SetKey::NoConcede),
    ("ABSENCE", SetKey::Absence),
    ("NOABSENCE", SetKey::NoAbsence),
    ("TIMEZONE", SetKey::Timezone),
    ("ZONE", SetKey::Timezone),
    ("BLACKOUT", SetKey::Blackout),
    ("NOBLACKOUT", SetKey::NoBlackout),
    ("PASSWORD", SetKey::Password),
    ("ADDRESS", SetKey::Address),
    ("PREFERENCE", SetKey::Preference),
    ("DEADLINE", SetKey::Deadline),
    ("GRACE", SetKey::Grace),
    ("ALLY", SetKey::Ally),
    ("NOALLY", SetKey::NoAlly),
    ("START", SetKey::Start),
    ("MAP", SetKey::Map),
    ("NOMAP", SetKey::NoMap),
];

/// Every name SET takes, upper case.
fn set_keys() -> &'static [(String, SetKey)] {
    static KEYS: std::sync::LazyLock<Vec<(String, SetKey)>> = std::sync::LazyLock::new(|| {
        let own = SET_KEYS.iter().map(|(w, k)| (w.to_string(), *k));
        own.chain(super::options::set_words().into_iter().map(|(w, n)| (w, SetKey::Option(n)))).collect()
    });
    &KEYS
}

/// A line that opens a block of lines belonging to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// `PRESS ...` or `BROADCAST ...`, up to ENDPRESS.
    Press,
    /// njudge's conditional orders, `IF ...` up to the matching `ENDIF`.
    Conditional,
    /// njudge's orders for a later phase: `PHASE ...` to the end of the mail.
    Phase,
}

/// Whether `line` opens a block (whatever else is on it: a header that
/// cannot be read still opens its block, so its lines are never orders).
pub fn block(line: &str) -> Option<BlockKind> {
    let first = line.split_whitespace().next()?.to_ascii_uppercase();
    match first.as_str() {
        "PRESS" | "BROADCAST" => Some(BlockKind::Press),
        "IF" => Some(BlockKind::Conditional),
        "PHASE" => Some(BlockKind::Phase),
        _ => None,
    }
}

/// The index in `rest` (the lines after the opening one) of the line that
/// closes a block of `kind`, if any.
pub fn block_end(kind: BlockKind, rest: &[String]) -> Option<usize> {
    match kind {
        BlockKind::Press => rest.iter().position(|l| parse(l.trim()) == Cmd::EndPress),
        BlockKind::Conditional => {
            let mut depth = 1usize;
            for (k, l) in rest.iter().enumerate() {
                match l.split_whitespace().next().map(|w| w.to_ascii_uppercase()).as_deref() {
                    Some("IF") => depth += 1,
                    Some("ENDIF") => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(k);
                        }
                    }
                    _ => {}
                }
            }
            None
        }
        BlockKind::Phase => None,
    }
}

/// Matches `word` against `names`: exactly, or as the unique name it begins
/// (at least two letters). `Err` lists the candidates of an ambiguous prefix.
pub fn match_word<T: Copy, S: AsRef<str>>(word: &str, names: &[(S, T)]) -> Result<Option<T>, Vec<String>> {
    let w = word.to_ascii_uppercase();
    if let Some((_, t)) = names.iter().find(|(n, _)| n.as_ref() == w) {
        return Ok(Some(*t));
    }
    if w.len() < 2 {
        return Ok(None);
    }
    let hits: Vec<&(S, T)> = names.iter().filter(|(n, _)| n.as_ref().starts_with(&w)).collect();
    match hits.len() {
        0 => Ok(None),
        1 => Ok(Some(hits[0].1)),
        _ => Err(hits.iter().map(|(n, _)| n.as_ref().to_string()).collect()),
    }
}

/// A command line split into words, its command word (`SIGN ON` read as
/// `SIGNON`) and how many words that took.
struct Line<'a> {
    w: Vec<&'a str>,
    head: String,
    skip: usize,
}

impl Line<'_> {
    /// The `i`th word after the command word.
    fn arg(&self, i: usize) -> Option<String> {
        self.w.get(self.skip + i).map(|s| s.to_string())
    }
    /// The words from the `i`th after the command word on, joined.
    fn rest(&self, i: usize) -> String {
        self.w.get(self.skip + i..).map(|s| s.join(" ")).unwrap_or_default()
    }
    /// Whether the command word is all there is.
    fn alone(&self) -> bool {
        self.w.len() == self.skip
    }
    /// The first argument as a game's name (a leading `?` dropped).
    fn game(&self) -> Option<String> {
        self.arg(0).map(|g| g.trim_start_matches('?').to_string())
    }
}

/// Reads one line.
pub fn parse(line: &str) -> Cmd {
    let w: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = w.first() else { return Cmd::NotCommand };
    let up = first.to_ascii_uppercase();
    let second = w.get(1).map(|s| s.to_ascii_uppercase());
    // two-word spellings
    let (head, skip) = match (up.as_str(), second.as_deref()) {
        ("SIGN", Some("ON")) => ("SIGNON".to_string(), 2),
        ("SIGN", Some("OFF")) => ("SIGNOFF".to_string(), 2),
        ("END", Some("PRESS")) | ("END", Some("BROADCAST")) => ("ENDPRESS".to_string(), 2),
        ("PROCESS", Some("NOW")) => ("PROCESS!".to_string(), 2),
        _ => (up.clone(), 1),
    };
    let l = Line { w, head, skip };
    account(&l).or_else(|| info(&l)).or_else(|| player(&l)).or_else(|| master(&l)).unwrap_or(Cmd::NotCommand)
}

/// CREATE, SIGNON, OBSERVE, UNOBSERVE, CONFIRM, RESIGN, HELP, SIGNOFF.
fn account(l: &Line) -> Option<Cmd> {
    let arg = |i| l.arg(i);
    Some(match l.head.as_str() {
        "CREATE" => match (l.game(), arg(1)) {
            (Some(game), Some(password)) => Cmd::Create {
                game,
                password,
                variant: arg(2),
                options: l.w.get(l.skip + 3..).map(|s| s.iter().map(|x| x.to_string()).collect()).unwrap_or_default(),
            },
            _ => Cmd::Bad(Refusal::CreateUsage),
        },
        "SIGNON" => match (arg(0), arg(1)) {
            (Some(g), Some(password)) => signon(&g, password),
            _ => Cmd::Bad(Refusal::SignonUsage),
        },
        "OBSERVE" | "WATCH" => match l.game() {
            Some(game) => Cmd::Observe { game, password: arg(1) },
            None => Cmd::Bad(Refusal::NeedsGame { command: "OBSERVE" }),
        },
        "UNOBSERVE" | "UNWATCH" | "UNSUBSCRIBE" => match l.game() {
            Some(game) => Cmd::Unobserve { game, code: arg(1) },
            None => Cmd::Bad(Refusal::NeedsGame { command: "UNOBSERVE" }),
        },
        "CONFIRM" => match (l.game(), arg(1)) {
            (Some(game), Some(code)) => Cmd::Confirm { game, code },
            _ => Cmd::Bad(Refusal::ConfirmUsage),
        },
        "RESIGN" | "ABANDON" => Cmd::Resign,
        "HELP" => Cmd::Help,
        "SIGNOFF" | "QUIT" | "END" | "BYE" if l.alone() => Cmd::Signoff,
        _ => return None,
    })
}

/// `SIGNON ?game pw` (joining) or `SIGNON Xgame pw` (power X).
fn signon(g: &str, password: String) -> Cmd {
    if let Some(game) = g.strip_prefix('?') {
        return Cmd::Join { game: game.to_string(), password };
    }
    let mut cs = g.chars();
    let letter = cs.next().map(|c| c.to_ascii_uppercase()).unwrap_or(' ');
    let game: String = cs.collect();
    if game.is_empty() { Cmd::Bad(Refusal::SignonLetterAndGame) } else { Cmd::Signon { letter, game, password } }
}

/// LIST, HISTORY, SUMMARY, MAP.
fn info(l: &Line) -> Option<Cmd> {
    Some(match l.head.as_str() {
        "LIST" => Cmd::List(l.arg(0)),
        "HISTORY" => match l.arg(0) {
            Some(g) => history(l, g),
            None => Cmd::Bad(Refusal::HistoryUsage),
        },
        "SUMMARY" => match l.arg(0) {
            Some(g) => Cmd::Summary(g),
            None => Cmd::Bad(Refusal::NeedsGame { command: "SUMMARY" }),
        },
        "MAP" => match l.game() {
            Some(game) if l.w.len() <= l.skip + 2 => Cmd::Map { game, phase: l.arg(1) },
            Some(_) => Cmd::Bad(Refusal::MapCommandUsage),
            None => Cmd::Bad(Refusal::NeedsGame { command: "MAP" }),
        },
        _ => return None,
    })
}

/// `HISTORY game [FROM phase] [TO phase] [PRESS] [UNDONE]`.
fn history(l: &Line, game: String) -> Cmd {
    let (mut from, mut to, mut press, mut undone) = (None, None, false, false);
    let mut i = 1;
    while let Some(k) = l.arg(i) {
        match k.to_ascii_uppercase().as_str() {
            "FROM" => from = l.arg(i + 1),
            "TO" => to = l.arg(i + 1),
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
            _ => return Cmd::Bad(Refusal::HistoryBadWord { word: k }),
        }
        i += 2;
    }
    Cmd::History { game, from, to, press, undone }
}

/// CLEAR, PRESS, BROADCAST, ENDPRESS, the conditional's ELSE and ENDIF, SET, START.
fn player(l: &Line) -> Option<Cmd> {
    Some(match l.head.as_str() {
        "CLEAR" if l.alone() => Cmd::Clear,
        "PRESS" | "BROADCAST" => press(l),
        "ENDPRESS" | "ENDBROADCAST" if l.alone() => Cmd::EndPress,
        "ELSE" | "ENDIF" => Cmd::Bad(Refusal::WithoutIf { head: l.head.clone() }),
        "SET" => set(l),
        // `START A ROM` is `SET START A ROM`
        "START" => Cmd::Set { key: SetKey::Start, arg: l.rest(0) },
        _ => return None,
    })
}

/// `PRESS [TO powers] [GREY|WHITE]`, `BROADCAST [GREY|WHITE]`.
fn press(l: &Line) -> Cmd {
    let head = &l.head;
    let mut to = None;
    let mut grey = false;
    let mut i = 0;
    while let Some(k) = l.arg(i) {
        match k.to_ascii_uppercase().as_str() {
            "TO" => {
                if to.is_some() {
                    return Cmd::Bad(Refusal::PressTwoLists { head: head.to_string() });
                }
                to = l.arg(i + 1);
                i += 2;
                continue;
            }
            "GREY" | "GRAY" | "ANON" | "ANONYMOUS" => grey = true,
            "WHITE" | "SIGNED" => grey = false,
            _ if head == "PRESS" && to.is_none() => to = Some(k.clone()),
            _ => return Cmd::Bad(Refusal::PressNotUnderstood { head: head.to_string(), word: k }),
        }
        i += 1;
    }
    if head == "BROADCAST" { Cmd::Broadcast { grey } } else { Cmd::Press { to, grey } }
}

/// `SET name value` (`SET NO name` read as `SET NOname`).
fn set(l: &Line) -> Cmd {
    let Some(mut key) = l.arg(0).map(|k| k.to_ascii_uppercase()) else { return Cmd::Bad(Refusal::SetNeedsName) };
    let mut next = 1;
    if key == "NO"
        && let Some(k2) = l.arg(1)
    {
        key = format!("NO{}", k2.to_ascii_uppercase());
        next = 2;
    }
    match match_word(&key, set_keys()) {
        Ok(Some(k)) => Cmd::Set { key: k, arg: l.rest(next) },
        Ok(None) => Cmd::Bad(Refusal::SetNoSuch { key }),
        Err(c) => Cmd::Bad(Refusal::SetAmbiguous { key, candidates: c }),
    }
}

/// The master's commands.
fn master(l: &Line) -> Option<Cmd> {
    let arg = |i| l.arg(i);
    Some(match l.head.as_str() {
        "APPROVE" => arg(0).map(Cmd::Approve).unwrap_or_else(|| Cmd::Bad(Refusal::NeedsRequestedPower { command: "APPROVE" })),
        "REJECT" => arg(0).map(Cmd::Reject).unwrap_or_else(|| Cmd::Bad(Refusal::NeedsRequestedPower { command: "REJECT" })),
        "PROCESS" if l.alone() => Cmd::Process { force: false },
        "PROCESS!" => Cmd::Process { force: true },
        "PREDICT" => Cmd::Predict,
        "PAUSE" => Cmd::Pause,
        "RESUME" => Cmd::Resume,
        "TERMINATE" => Cmd::Terminate,
        "EJECT" => arg(0).map(Cmd::Eject).unwrap_or_else(|| Cmd::Bad(Refusal::NeedsPower { command: "EJECT" })),
        "BECOME" => arg(0).map(Cmd::Become).unwrap_or_else(|| Cmd::Bad(Refusal::NeedsPower { command: "BECOME" })),
        "ROLLBACK" => arg(0).map(Cmd::Rollback).unwrap_or_else(|| Cmd::Bad(Refusal::RollbackUsage)),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn njudge_spellings() {
        assert_eq!(parse("signon Fdemo secret"), Cmd::Signon { letter: 'F', game: "demo".into(), password: "secret".into() });
        assert_eq!(parse("SIGN ON ?demo pw"), Cmd::Join { game: "demo".into(), password: "pw".into() });
        assert_eq!(parse("set no wait"), Cmd::Set { key: SetKey::NoWait, arg: String::new() });
        assert_eq!(parse("SET DEAD 2026-11-25 20:00"), Cmd::Set { key: SetKey::Deadline, arg: "2026-11-25 20:00".into() });
        assert_eq!(parse("press to EF grey"), Cmd::Press { to: Some("EF".into()), grey: true });
        assert_eq!(parse("end press"), Cmd::EndPress);
        assert_eq!(parse("process!"), Cmd::Process { force: true });
        assert!(matches!(parse("SET PA x"), Cmd::Bad(r) if crate::report::say::refusal::refusal(&r).contains("ambiguous")));
        // orders are not commands
        assert_eq!(parse("A PAR-BUR"), Cmd::NotCommand);
        assert_eq!(parse("HEL - NTH"), Cmd::NotCommand);
        assert_eq!(parse("CLEAR the way"), Cmd::NotCommand);
    }

    #[test]
    fn set_takes_the_names_it_always_took() {
        let mut got: Vec<&str> = set_keys().iter().map(|(w, _)| w.as_str()).collect();
        got.sort_unstable();
        let mut want = vec![
            "WAIT",
            "NOWAIT",
            "DRAW",
            "NODRAW",
            "CONCEDE",
            "NOCONCEDE",
            "ABSENCE",
            "PASSWORD",
            "ADDRESS",
            "PREFERENCE",
            "DEADLINE",
            "GRACE",
            "MOVEMENT",
            "MOVES",
            "RETREATS",
            "ADJUSTMENTS",
            "BUILDS",
            "REMINDER",
            "NMR",
            "NONMR",
            "PRESS",
            "PARTIAL",
            "NOPARTIAL",
            "LIST",
            "ASSIGNMENT",
            "RULE",
            "END",
            "CENTERS",
            "CENTRES",
            "DIAS",
            "NODIAS",
            "ALLY",
            "NOALLY",
            "START",
            "MAP",
            "NOMAP",
            "ANONYMOUS",
            "NOANONYMOUS",
            "WEBHOOK",
            "NOWEBHOOK",
            // times (issue 22, item 3)
            "NOABSENCE",
            "TIMEZONE",
            "ZONE",
            "BLACKOUT",
            "NOBLACKOUT",
            "QUIET",
            "NOQUIET",
            "DELAY",
        ];
        want.sort_unstable();
        assert_eq!(got, want);
        use crate::command::options::{GameOption, Named};
        let opt = |option, no| SetKey::Option(Named { option, no });
        assert_eq!(parse("set no nmr"), Cmd::Set { key: opt(GameOption::Nmr, true), arg: String::new() });
        assert_eq!(parse("SET RETREAT 24h"), Cmd::Set { key: opt(GameOption::Retreat, false), arg: "24h".into() });
        assert_eq!(parse("SET BU cron: 0 0 20 * * *"), Cmd::Set { key: opt(GameOption::Adjustment, false), arg: "cron: 0 0 20 * * *".into() });
        assert_eq!(parse("SET GR 2h"), Cmd::Set { key: SetKey::Grace, arg: "2h".into() });
        assert_eq!(parse("SET NO ABSENCE Dec 1"), Cmd::Set { key: SetKey::NoAbsence, arg: "Dec 1".into() });
        assert_eq!(parse("SET TIMEZONE CET"), Cmd::Set { key: SetKey::Timezone, arg: "CET".into() });
        assert_eq!(parse("SET NO BLACK"), Cmd::Set { key: SetKey::NoBlackout, arg: String::new() });
        // CREATE-only options are no SET names
        assert!(matches!(parse("SET PLAYERS 4"), Cmd::Bad(r) if crate::report::say::refusal::refusal(&r).contains("no such setting")));
        assert!(matches!(parse("SET CO x"), Cmd::Set { key: SetKey::Concede, .. }));
    }
}
