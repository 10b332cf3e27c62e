//! Reading one command line. Case-insensitive; njudge's names, spacings and
//! abbreviations (`SIGN ON`, `END PRESS`, `SET NO WAIT`, `SET DEAD` ...).
//! A line that is no command is an order (or an error) for the session.

use super::options::{GameOption, Named};
use crate::game::refusal::{PressRefusal, Refusal, ToolRefusal, UsageRefusal};

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
        /// A private game's join password (`SIGNON ?game password key`).
        key: Option<String>,
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
    /// `UNLOCK code`: the owner of a seat locked by guesses forged with its
    /// address opens it again (the code was mailed to the address of record).
    Unlock(String),
    /// `CONFIRM code`: the address agrees to get the judge's mail (the code
    /// was mailed there); `CONFIRM` alone asks for a code.
    Consent {
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
    /// `PRESS options` or `BROADCAST [options]`; the text follows until
    /// ENDPRESS (or SIGNOFF).
    Press(PressHeader),
    /// `POSTALPRESS` (`POSTAL PRESS`): broadcast with the next results.
    PostalPress,
    /// `DIARY [RECORD|LIST|READ n|DELETE n ...]`.
    Diary(Diary),
    EndPress,
    Set {
        key: SetKey,
        arg: String,
    },
    /// njudge's list of press settings in one SET, split at its commas
    /// (`SET GREY, PARTIAL FAKES BROADCAST`): each an option and its value.
    PressSets(Vec<(super::options::Named, String)>),
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
    /// `DECLARE DRAW [powers]`: the master ends the game in a draw.
    DeclareDraw(String),
    /// `SIGNON ?` (which games may be joined) or `SIGNON ?game` without a
    /// password (how to join it).
    JoinInfo(Option<String>),
    /// The master's tools (issue 22): co-masters, UNSTART, FORCE BEGIN,
    /// ROLLFORWARD [phase|ALL], invitations to a private game.
    Promote(String),
    Demote(String),
    Unstart,
    ForceBegin,
    Rollforward(Option<String>),
    Invite(String),
    /// The community: `REGISTER` ... `END` (a block), WHOIS, WHOGAME, VERSION, GET.
    Register,
    Whois(String),
    Whogame {
        game: Option<String>,
        full: bool,
    },
    Version,
    Get(Option<String>),
    /// A command word with a problem (missing argument ...).
    Bad(Refusal),
    /// Not a command: an order, or noise.
    NotCommand,
}

/// Recipients as a press header writes them: power letters (and O for the
/// observers, M for the master) as written, read against the game's map by
/// `command::press`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whom {
    /// `TO ALL`, and a BROADCAST's.
    All,
    /// `TO list`, `+list`.
    Only(String),
    /// `TO ALL BUT list`, `-list`.
    AllBut(String),
}

/// White or grey, as a header asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    White,
    Grey,
}

/// Whether a header asks for the press to be faked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fake {
    /// Not said: the game's default.
    Unsaid,
    /// `NOFAKE`.
    No,
    /// `FAKE [BROADCAST]`, `FAKE [PARTIAL] TO list` ...: the recipients it names.
    As(Whom),
}

/// A press header, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PressHeader {
    /// `None`: PRESS with no recipients (refused: nothing is sent).
    pub to: Option<Whom>,
    pub colour: Option<Colour>,
    pub fake: Fake,
}

/// njudge's DIARY command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Diary {
    /// `DIARY` or `DIARY RECORD`: the entry follows until ENDPRESS.
    Record,
    List,
    Read(i64),
    Delete(Vec<i64>),
}

/// What SET sets: a player's own setting or vote, the current phase's
/// deadline, or a game option (the master's, see [`super::options`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetKey {
    /// `SET NAME text`: the name a player is shown by.
    Name,
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
    /// The master: njudge's `SET CD`: with nothing, `SET NMR`; `AFTER n`,
    /// the game option; a power, its civil disorder declared (or, `NoCd`, lifted).
    Cd,
    NoCd,
    /// The master: a game option.
    Option(Named),
    /// The master's tools: COMMENT, PRIVATE, MANUAL START/PROCESS ...
    Tool(ToolSet),
}

/// The master's SET words of [`super::master`]: `SET COMMENT text`, `SET
/// PRIVATE password` (`SET PUBLIC`, `SET NO PRIVATE`: no longer), `SET MANUAL
/// START|PROCESS` and `SET AUTO START|PROCESS` (`SET NO MANUAL ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolSet {
    Comment,
    Private,
    Public,
    Manual,
    Auto,
}

/// The names SET takes besides the game options' (those are in [`super::options::OPTIONS`]).
const SET_KEYS: &[(&str, SetKey)] = &[
    ("WAIT", SetKey::Wait),
    ("NOWAIT", SetKey::NoWait),
    ("DRAW", SetKey::Draw),
    ("NODRAW", SetKey::NoDraw),
    ("CONCEDE", SetKey::Concede),
    // njudge's short form (before 1.4.0 the only one)
    ("CONC", SetKey::Concede),
    ("NOCONCEDE", SetKey::NoConcede),
    ("ABSENCE", SetKey::Absence),
    ("NOABSENCE", SetKey::NoAbsence),
    // njudge's other names for an absence
    ("HOLIDAY", SetKey::Absence),
    ("HOLIDAYS", SetKey::Absence),
    ("NOHOLIDAY", SetKey::NoAbsence),
    ("NOHOLIDAYS", SetKey::NoAbsence),
    ("VACATION", SetKey::Absence),
    ("VACATIONS", SetKey::Absence),
    ("NOVACATION", SetKey::NoAbsence),
    ("NOVACATIONS", SetKey::NoAbsence),
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
    ("NAME", SetKey::Name),
    ("NOMAP", SetKey::NoMap),
    ("CD", SetKey::Cd),
    ("NOCD", SetKey::NoCd),
    ("PRIVATE", SetKey::Tool(ToolSet::Private)),
    ("NOPRIVATE", SetKey::Tool(ToolSet::Public)),
    ("PUBLIC", SetKey::Tool(ToolSet::Public)),
    ("MANUAL", SetKey::Tool(ToolSet::Manual)),
    ("NOMANUAL", SetKey::Tool(ToolSet::Auto)),
    ("AUTO", SetKey::Tool(ToolSet::Auto)),
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
    /// Text for people: `PRESS ...`, `BROADCAST ...`, `POSTAL PRESS`,
    /// `DIARY`, and any other press header (`FAKE ...`, `GREYPRESS` ...),
    /// up to ENDPRESS or SIGNOFF.
    Press,
    /// njudge's conditional orders, `IF ...` up to the matching `ENDIF`.
    Conditional,
    /// njudge's orders for a later phase: `PHASE ...` to the end of the mail.
    Phase,
    /// njudge's registration form: `REGISTER` up to `END`.
    Register,
}

/// Whether `line` opens a block (whatever else is on it: a header that
/// cannot be read still opens its block, so its lines are never orders).
pub fn block(line: &str) -> Option<BlockKind> {
    let mut w = line.split_whitespace().map(|w| w.to_ascii_uppercase());
    let first = w.next()?;
    let second = w.next().unwrap_or_default();
    let press_word = |x: &str| x.ends_with("PRESS") || x.starts_with("BROADCAST");
    match first.as_str() {
        "IF" => Some(BlockKind::Conditional),
        "PHASE" => Some(BlockKind::Phase),
        "ENDPRESS" | "ENDBROADCAST" => None,
        "DIARY" => (!matches!(second.as_str(), "LIST" | "READ" | "DELETE")).then_some(BlockKind::Press),
        "FAKE" | "NOFAKE" => Some(BlockKind::Press),
        "REGISTER" => Some(BlockKind::Register),
        f if press_word(f) => Some(BlockKind::Press),
        "POSTAL" | "GREY" | "GRAY" | "WHITE" | "ANONYMOUS" | "PARTIAL" if press_word(&second) => Some(BlockKind::Press),
        _ => None,
    }
}

/// How a press block ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PressEnd {
    /// ENDPRESS, ENDBROADCAST (END PRESS ...): the next line is read.
    EndPress,
    /// SIGNOFF (SIGN OFF): nothing after it is read.
    Signoff,
}

/// Whether `line` alone closes a press block, and how: SIGNOFF only alone
/// (`SIGNOFF now` in a press is the press's text).
pub fn press_end(line: &str) -> Option<PressEnd> {
    let signoff_alone = || {
        let w: Vec<String> = line.split_whitespace().map(str::to_ascii_uppercase).collect();
        matches!(w.iter().map(String::as_str).collect::<Vec<_>>().as_slice(), ["SIGNOFF"] | ["SIGN", "OFF"])
    };
    match parse(line.trim()) {
        Cmd::EndPress => Some(PressEnd::EndPress),
        Cmd::Signoff if signoff_alone() => Some(PressEnd::Signoff),
        _ => None,
    }
}

/// Whether `line` closes a REGISTER form: `END`, `END REGISTER`, `ENDREGISTER`.
fn register_end(line: &str) -> bool {
    let w: Vec<String> = line.split_whitespace().map(str::to_ascii_uppercase).collect();
    matches!(w.iter().map(String::as_str).collect::<Vec<_>>().as_slice(), ["END"] | ["ENDREGISTER"] | ["END", "REGISTER"])
}

/// The index in `rest` (the lines after the opening one) of the line that
/// closes a block of `kind`, if any.
pub fn block_end(kind: BlockKind, rest: &[String]) -> Option<usize> {
    match kind {
        BlockKind::Press => rest.iter().position(|l| press_end(l).is_some()),
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
        BlockKind::Register => rest.iter().position(|l| register_end(l)),
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
        ("POSTAL", Some("PRESS")) => ("POSTALPRESS".to_string(), 2),
        ("PROCESS", Some("NOW")) => ("PROCESS!".to_string(), 2),
        ("FORCE", Some("BEGIN")) => ("FORCEBEGIN".to_string(), 2),
        ("WHO", Some("IS")) => ("WHOIS".to_string(), 2),
        ("WHO", Some("GAME")) => ("WHOGAME".to_string(), 2),
        ("SEND", Some("ME")) => ("GET".to_string(), 2),
        _ => (up.clone(), 1),
    };
    let l = Line { w, head, skip };
    account(&l).or_else(|| info(&l)).or_else(|| player(&l)).or_else(|| master(&l)).or_else(|| community(&l)).unwrap_or(Cmd::NotCommand)
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
            _ => Cmd::Bad(Refusal::Usage(UsageRefusal::CreateUsage)),
        },
        "SIGNON" => match (arg(0), arg(1)) {
            (Some(g), Some(password)) => signon(&g, password, arg(2)),
            // `SIGNON ?` and `SIGNON ?game`: what may be joined, and how
            (Some(g), None) if g.starts_with('?') => Cmd::JoinInfo(Some(g[1..].to_string()).filter(|g| !g.is_empty())),
            _ => Cmd::Bad(Refusal::Usage(UsageRefusal::SignonUsage)),
        },
        "OBSERVE" | "WATCH" => match l.game() {
            Some(game) => Cmd::Observe { game, password: arg(1) },
            None => Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsGame { command: "OBSERVE" })),
        },
        "UNOBSERVE" | "UNWATCH" | "UNSUBSCRIBE" => match l.game() {
            Some(game) => Cmd::Unobserve { game, code: arg(1) },
            None => Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsGame { command: "UNOBSERVE" })),
        },
        "CONFIRM" => match (l.game(), arg(1), arg(2)) {
            (Some(game), Some(code), None) => Cmd::Confirm { game, code },
            // the address's own consent (context::gate): with its code, or asking for one
            (_, None, None) => Cmd::Consent { code: arg(0) },
            _ => Cmd::Bad(Refusal::Usage(UsageRefusal::ConfirmUsage)),
        },
        "UNLOCK" => match (arg(0), arg(1)) {
            (Some(code), None) => Cmd::Unlock(code),
            _ => Cmd::Bad(Refusal::Usage(UsageRefusal::UnlockUsage)),
        },
        "RESIGN" | "ABANDON" | "WITHDRAW" => Cmd::Resign,
        "HELP" => Cmd::Help,
        // SIGNOFF with words after it (`SIGNOFF now`, `SIGNOFF France`) too:
        // nothing else starts so; END, QUIT and BYE alone (`END` also ends a
        // REGISTER form, and a line may start with those words in prose)
        "SIGNOFF" => Cmd::Signoff,
        "QUIT" | "END" | "BYE" if l.alone() => Cmd::Signoff,
        _ => return None,
    })
}

/// `SIGNON ?game pw` (joining) or `SIGNON Xgame pw` (power X).
fn signon(g: &str, password: String, key: Option<String>) -> Cmd {
    if let Some(game) = g.strip_prefix('?') {
        return Cmd::Join { game: game.to_string(), password, key };
    }
    let mut cs = g.chars();
    let letter = cs.next().map(|c| c.to_ascii_uppercase()).unwrap_or(' ');
    let game: String = cs.collect();
    if game.is_empty() { Cmd::Bad(Refusal::Usage(UsageRefusal::SignonLetterAndGame)) } else { Cmd::Signon { letter, game, password } }
}

/// LIST, HISTORY, SUMMARY, MAP.
fn info(l: &Line) -> Option<Cmd> {
    Some(match l.head.as_str() {
        "LIST" => Cmd::List(l.arg(0)),
        "HISTORY" => match l.arg(0) {
            Some(g) => history(l, g),
            None => Cmd::Bad(Refusal::Usage(UsageRefusal::HistoryUsage)),
        },
        "SUMMARY" => match l.arg(0) {
            Some(g) => Cmd::Summary(g),
            None => Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsGame { command: "SUMMARY" })),
        },
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

/// CLEAR, PRESS, BROADCAST, ENDPRESS, the conditional's ELSE and ENDIF, SET, START.
fn player(l: &Line) -> Option<Cmd> {
    Some(match l.head.as_str() {
        "CLEAR" if l.alone() => Cmd::Clear,
        "PRESS" | "BROADCAST" => press(l),
        "POSTALPRESS" if l.alone() => Cmd::PostalPress,
        "POSTALPRESS" => Cmd::Bad(Refusal::Press(PressRefusal::PostalPressOptions)),
        "DIARY" => diary(l),
        "ENDPRESS" | "ENDBROADCAST" if l.alone() => Cmd::EndPress,
        "ELSE" | "ENDIF" => Cmd::Bad(Refusal::Usage(UsageRefusal::WithoutIf { head: l.head.clone() })),
        "SET" => set(l),
        // `START A ROM` is `SET START A ROM`
        "START" => Cmd::Set { key: SetKey::Start, arg: l.rest(0) },
        _ => return None,
    })
}

/// `PRESS options`, `BROADCAST [options]` (njudge's `data/press`): WHITE
/// or GREY (and their other names), the recipients (`TO list`, `+list`,
/// `TO ALL`, `TO ALL BUT list`, `-list`), NOFAKE, and `FAKE` with the
/// recipients to name (`FAKE [BROADCAST]`, `FAKE [PARTIAL] TO list`,
/// `FAKE +list`, `FAKE -list` ...). BROADCAST alone goes to all, and so
/// does a press faked without its real recipients; PRESS alone names no
/// one.
fn press(l: &Line) -> Cmd {
    let words: Vec<String> = l.w[l.skip..].iter().map(|w| w.to_ascii_uppercase()).collect();
    match press_words(&l.head, &words) {
        Ok(h) => Cmd::Press(h),
        Err(r) => Cmd::Bad(r),
    }
}

fn press_words(head: &str, words: &[String]) -> Result<PressHeader, Refusal> {
    let mut h = PressHeader { to: None, colour: None, fake: Fake::Unsaid };
    let not_understood = |word: &str| Refusal::Usage(UsageRefusal::PressNotUnderstood { head: head.to_string(), word: word.to_string() });
    let mut i = 0;
    while let Some(w) = words.get(i) {
        i += 1;
        match w.as_str() {
            "WHITE" | "UNANONYMOUS" | "UNANONYMOUSLY" | "SIGNED" => h.colour = Some(Colour::White),
            "GREY" | "GRAY" | "ANONYMOUS" | "ANONYMOUSLY" | "ANON" => h.colour = Some(Colour::Grey),
            "NOFAKE" => h.fake = Fake::No,
            "NO" if words.get(i).is_some_and(|x| x == "FAKE") => {
                i += 1;
                h.fake = Fake::No;
            }
            "FAKE" => {
                if words.get(i).is_some_and(|x| x == "PARTIAL") {
                    i += 1;
                }
                h.fake = match words.get(i).map(String::as_str) {
                    Some("BROADCAST") => {
                        i += 1;
                        Fake::As(Whom::All)
                    }
                    Some(x) if x == "TO" || x == "ALL" || x.starts_with(['+', '-']) => Fake::As(whom(head, words, &mut i)?),
                    _ => Fake::As(Whom::All),
                };
            }
            x if x == "TO" || x == "ALL" || x.starts_with(['+', '-']) => {
                if h.to.is_some() {
                    return Err(Refusal::Usage(UsageRefusal::PressTwoLists { head: head.to_string() }));
                }
                i -= 1;
                h.to = Some(whom(head, words, &mut i)?);
            }
            // njudge's PRESS list, without TO
            x if head == "PRESS" && i == 1 && x.chars().all(|c| c.is_ascii_alphabetic()) && x.len() <= 3 => h.to = Some(Whom::Only(x.to_string())),
            x => return Err(not_understood(x)),
        }
    }
    if h.to.is_none() && (head == "BROADCAST" || matches!(h.fake, Fake::As(_))) {
        h.to = Some(Whom::All);
    }
    Ok(h)
}

/// The recipients from `words[*i]` on (`TO ALL BUT list`, `TO ALL`, `TO
/// list`, `ALL`, `+list`, `-list`); `*i` moves past them.
fn whom(head: &str, words: &[String], i: &mut usize) -> Result<Whom, Refusal> {
    let needs_list = || Refusal::Press(PressRefusal::PressNeedsList { head: head.to_string() });
    let next = |i: &mut usize| {
        *i += 1;
        words.get(*i - 1).cloned().ok_or_else(needs_list)
    };
    let w = next(i)?;
    if let Some(list) = w.strip_prefix('+') {
        return Ok(Whom::Only(if list.is_empty() { next(i)? } else { list.to_string() }));
    }
    if let Some(list) = w.strip_prefix('-') {
        return Ok(Whom::AllBut(if list.is_empty() { next(i)? } else { list.to_string() }));
    }
    let w = if w == "TO" { next(i)? } else { w };
    if w != "ALL" {
        return Ok(Whom::Only(w));
    }
    if words.get(*i).is_some_and(|x| x == "BUT") {
        *i += 1;
        return Ok(Whom::AllBut(next(i)?));
    }
    Ok(Whom::All)
}

/// `DIARY [RECORD]`, `DIARY LIST`, `DIARY READ n`, `DIARY DELETE n [n ...]`.
fn diary(l: &Line) -> Cmd {
    let numbers = |from: usize| -> Option<Vec<i64>> {
        let ns: Option<Vec<i64>> =
            l.w[l.skip + from..].iter().flat_map(|w| w.split(',')).filter(|w| !w.is_empty()).map(|w| w.parse().ok().filter(|&n: &i64| n > 0)).collect();
        ns.filter(|ns| !ns.is_empty())
    };
    let word = l.arg(0).map(|w| w.to_ascii_uppercase());
    let cmd = match word.as_deref() {
        None => Some(Diary::Record),
        Some("RECORD") if l.w.len() == l.skip + 1 => Some(Diary::Record),
        Some("LIST") if l.w.len() == l.skip + 1 => Some(Diary::List),
        Some("READ") => numbers(1).filter(|ns| ns.len() == 1).map(|ns| Diary::Read(ns[0])),
        Some("DELETE") => numbers(1).map(Diary::Delete),
        _ => None,
    };
    cmd.map(Cmd::Diary).unwrap_or(Cmd::Bad(Refusal::Press(PressRefusal::DiaryUsage)))
}

/// `SET name value` (`SET NO name` read as `SET NOname`).
fn set(l: &Line) -> Cmd {
    let words: Vec<String> = l.w[l.skip..].iter().map(|w| w.trim_end_matches(',').to_ascii_uppercase()).collect();
    if let Some((option, no, arg)) = press_set(&words) {
        return Cmd::Set { key: SetKey::Option(super::options::Named { option, no }), arg: arg.to_string() };
    }
    if let Some(list) = press_sets(&l.rest(0)) {
        return Cmd::PressSets(list);
    }
    let Some(mut key) = l.arg(0).map(|k| k.to_ascii_uppercase()) else { return Cmd::Bad(Refusal::Usage(UsageRefusal::SetNeedsName)) };
    let mut next = 1;
    if key == "NO"
        && let Some(k2) = l.arg(1)
    {
        key = format!("NO{}", k2.to_ascii_uppercase());
        next = 2;
    }
    // njudge's names of two words: `SET STRICT WAIT`, `SET MAX ABSENCE 10`,
    // `SET NO STRICT WAIT` (only when the two make a name whole)
    if let Some(w2) = l.arg(next)
        && let joined = format!("{key}{}", w2.to_ascii_uppercase())
        && set_keys().iter().any(|(n, _)| *n == joined)
    {
        key = joined;
        next += 1;
    }
    // whole words only: `SET CO` stays CONCEDE
    if key == "COMMENT" {
        return Cmd::Set { key: SetKey::Tool(ToolSet::Comment), arg: l.rest(next) };
    }
    match match_word(&key, set_keys()) {
        Ok(Some(k)) => Cmd::Set { key: k, arg: l.rest(next) },
        Ok(None) => Cmd::Bad(Refusal::Usage(UsageRefusal::SetNoSuch { key })),
        Err(c) => Cmd::Bad(Refusal::Usage(UsageRefusal::SetAmbiguous { key, candidates: c })),
    }
}

/// The most settings one SET lists: one for each press option (a longer
/// list would only set some twice, and each is a write to the game).
pub const MAX_PRESS_SETS: usize = 8;

/// njudge's press settings given as a list (`data/press`: `SET GREY,
/// PARTIAL FAKES BROADCAST`): two or more, comma-separated, each read by
/// [`press_set`]. Anything else in the list (a value of another option
/// holds commas too: `on Mon, Thu`) leaves the line to the other readers.
fn press_sets(text: &str) -> Option<Vec<(super::options::Named, String)>> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() < 2 || parts.len() > MAX_PRESS_SETS {
        return None;
    }
    parts
        .iter()
        .map(|p| {
            let words: Vec<String> = p.split_whitespace().map(str::to_ascii_uppercase).collect();
            press_set(&words).map(|(option, no, arg)| (super::options::Named { option, no }, arg.to_string()))
        })
        .collect()
}

/// njudge's SET words for the press options (`data/index`): `SET GREY`,
/// `SET WHITE/GREY [PRESS]`, `SET NO PRESS`, `SET PRESS NONE`, `SET [NO]
/// PARTIAL [PRESS]`, `SET NO FAKE [BROADCAST]`, `SET PARTIAL MAY [BE
/// FAKED]`, `SET PARTIAL FAKES [BROADCAST] [BY DEFAULT]`, `SET [NO] POSTAL
/// PRESS`, `SET OBSERVER ANY|PARTIAL|WHITE|NO [PRESS]`, `SET ALL PRESS`,
/// `SET NORMAL PRESS`: the option, `NO`, and the value in the table's words.
fn press_set(words: &[String]) -> Option<(GameOption, bool, &'static str)> {
    let mut w: Vec<&str> = words.iter().map(String::as_str).collect();
    let pressed = w.len() > 1 && w.last() == Some(&"PRESS");
    if pressed {
        w.pop();
    }
    let no = w.first() == Some(&"NO");
    let rest = if no { &w[1..] } else { &w[..] };
    let colour = |c: &str| match c.replace("GRAY", "GREY").as_str() {
        "WHITE" => Some("white"),
        "GREY" => Some("grey_only"),
        "WHITE/GREY" => Some("grey"),
        "GREY/WHITE" => Some("grey/white"),
        _ => None,
    };
    Some(match (no, rest) {
        (true, []) if pressed => (GameOption::Press, false, "none"),
        (false, ["NONE"] | ["PRESS", "NONE"]) => (GameOption::Press, false, "none"),
        (true, ["WHITE"]) => (GameOption::Press, false, "grey_only"),
        (true, ["GREY" | "GRAY"]) => (GameOption::Press, false, "white"),
        (false, [c]) if colour(c).is_some() => (GameOption::Press, false, colour(c)?),
        (_, ["PARTIAL"]) => (GameOption::Partial, no, ""),
        (true, ["FAKE"] | ["FAKE", "BROADCAST"]) => (GameOption::Fake, true, ""),
        (false, ["PARTIAL", "MAY", ..]) => (GameOption::Fake, false, "may"),
        (false, ["PARTIAL", "FAKES", tail @ ..]) => {
            let tail: &[&str] = tail.strip_prefix(&["BROADCAST"]).unwrap_or(tail);
            match tail {
                [] => (GameOption::Fake, false, "broadcast"),
                ["BY", "DEFAULT"] => (GameOption::Fake, false, "broadcast_by_default"),
                _ => return None,
            }
        }
        (_, ["POSTAL"]) if pressed => (GameOption::PostalPress, no, ""),
        (_, ["POSTALPRESS"]) => (GameOption::PostalPress, no, ""),
        (false, ["OBSERVER", o]) => (GameOption::ObserverPress, false, observer_word(o)?),
        (false, ["ALL"]) if pressed => (GameOption::MasterPress, false, "all"),
        (_, ["LATE"]) if pressed => (GameOption::LatePress, no, ""),
        (_, ["MUST", "ORDER" | "ORDERS"]) => (GameOption::MustOrder, no, ""),
        (false, ["NORMAL"]) if pressed => (GameOption::MasterPress, false, "normal"),
        _ => return None,
    })
}

fn observer_word(o: &str) -> Option<&'static str> {
    Some(match o {
        "ANY" => "any",
        "PARTIAL" => "partial",
        "WHITE" => "white",
        "NO" | "NONE" => "none",
        _ => return None,
    })
}

/// The master's commands.
fn master(l: &Line) -> Option<Cmd> {
    let arg = |i| l.arg(i);
    Some(match l.head.as_str() {
        "APPROVE" => arg(0).map(Cmd::Approve).unwrap_or_else(|| Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsRequestedPower { command: "APPROVE" }))),
        "REJECT" => arg(0).map(Cmd::Reject).unwrap_or_else(|| Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsRequestedPower { command: "REJECT" }))),
        "PROCESS" if l.alone() => Cmd::Process { force: false },
        "PROCESS!" => Cmd::Process { force: true },
        "PREDICT" => Cmd::Predict,
        "PAUSE" => Cmd::Pause,
        "RESUME" => Cmd::Resume,
        "TERMINATE" => Cmd::Terminate,
        "EJECT" => arg(0).map(Cmd::Eject).unwrap_or_else(|| Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsPower { command: "EJECT" }))),
        "BECOME" => arg(0).map(Cmd::Become).unwrap_or_else(|| Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsPower { command: "BECOME" }))),
        "ROLLBACK" => arg(0).map(Cmd::Rollback).unwrap_or_else(|| Cmd::Bad(Refusal::Usage(UsageRefusal::RollbackUsage))),
        "DECLARE" if arg(0).is_some_and(|w| w.eq_ignore_ascii_case("DRAW")) => Cmd::DeclareDraw(l.rest(1)),
        "DECLARE" => Cmd::Bad(Refusal::DeclareDrawUsage),
        "PROMOTE" => arg(0).map(Cmd::Promote).unwrap_or_else(|| Cmd::Bad(needs_address("PROMOTE"))),
        "DEMOTE" => arg(0).map(Cmd::Demote).unwrap_or_else(|| Cmd::Bad(needs_address("DEMOTE"))),
        "INVITE" => arg(0).map(Cmd::Invite).unwrap_or_else(|| Cmd::Bad(needs_address("INVITE"))),
        "UNSTART" if l.alone() => Cmd::Unstart,
        "FORCEBEGIN" if l.alone() => Cmd::ForceBegin,
        "ROLLFORWARD" if l.w.len() <= l.skip + 1 => Cmd::Rollforward(arg(0)),
        _ => return None,
    })
}

fn needs_address(command: &str) -> Refusal {
    ToolRefusal::NeedsAddress { command: command.to_string() }.into()
}

/// REGISTER, WHOIS, WHOGAME, VERSION, GET: the community's commands.
fn community(l: &Line) -> Option<Cmd> {
    Some(match l.head.as_str() {
        "REGISTER" => Cmd::Register,
        "WHOIS" => match l.rest(0) {
            w if w.is_empty() => Cmd::Bad(ToolRefusal::WhoisUsage.into()),
            w => Cmd::Whois(w),
        },
        "WHOGAME" => {
            let full = l.arg(1).or(l.arg(0)).is_some_and(|w| w.eq_ignore_ascii_case("FULL"));
            let game = l.game().filter(|g| !g.eq_ignore_ascii_case("FULL"));
            Cmd::Whogame { game, full }
        }
        "VERSION" => Cmd::Version,
        "GET" if l.w.len() <= l.skip + 1 => Cmd::Get(l.arg(0)),
        "GET" => Cmd::Bad(ToolRefusal::GetUsage.into()),
        _ => return None,
    })
}

/// The command words, for a suggestion when a line's first word is none
/// (`PROCES` is PROCESS).
pub const COMMAND_WORDS: &[&str] = &[
    "CREATE",
    "SIGNON",
    "SIGNOFF",
    "OBSERVE",
    "UNOBSERVE",
    "CONFIRM",
    "UNLOCK",
    "RESIGN",
    "HELP",
    "LIST",
    "HISTORY",
    "SUMMARY",
    "MAP",
    "CLEAR",
    "PRESS",
    "BROADCAST",
    "ENDPRESS",
    "SET",
    "APPROVE",
    "REJECT",
    "PROCESS",
    "PREDICT",
    "PAUSE",
    "RESUME",
    "TERMINATE",
    "EJECT",
    "BECOME",
    "ROLLBACK",
    "ROLLFORWARD",
    "PROMOTE",
    "DEMOTE",
    "INVITE",
    "UNSTART",
    "REGISTER",
    "WHOIS",
    "WHOGAME",
    "VERSION",
    "GET",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn njudge_spellings() {
        assert_eq!(parse("signon Fdemo secret"), Cmd::Signon { letter: 'F', game: "demo".into(), password: "secret".into() });
        assert_eq!(parse("SIGN ON ?demo pw"), Cmd::Join { game: "demo".into(), password: "pw".into(), key: None });
        assert_eq!(parse("WITHDRAW"), Cmd::Resign);
        assert_eq!(parse("set no wait"), Cmd::Set { key: SetKey::NoWait, arg: String::new() });
        assert_eq!(parse("SET DEAD 2026-11-25 20:00"), Cmd::Set { key: SetKey::Deadline, arg: "2026-11-25 20:00".into() });
        assert_eq!(parse("press to EF grey"), Cmd::Press(PressHeader { to: Some(Whom::Only("EF".into())), colour: Some(Colour::Grey), fake: Fake::Unsaid }));
        assert_eq!(parse("end press"), Cmd::EndPress);
        assert_eq!(parse("process!"), Cmd::Process { force: true });
        assert!(matches!(parse("SET PA x"), Cmd::Bad(r) if crate::report::say::refusal::refusal(&r).contains("ambiguous")));
        // orders are not commands
        assert_eq!(parse("A PAR-BUR"), Cmd::NotCommand);
        assert_eq!(parse("HEL - NTH"), Cmd::NotCommand);
        assert_eq!(parse("CLEAR the way"), Cmd::NotCommand);
    }

    #[test]
    fn njudges_press_set_words() {
        use crate::command::options::{GameOption as O, Named};
        let set = |line: &str| match parse(line) {
            Cmd::Set { key: SetKey::Option(Named { option, no }), arg } => (option, no, arg),
            other => panic!("{line}: {other:?}"),
        };
        let s = |o, no, a: &str| (o, no, a.to_string());
        assert_eq!(set("SET WHITE"), s(O::Press, false, "white"));
        assert_eq!(set("set grey press"), s(O::Press, false, "grey_only"));
        assert_eq!(set("SET GRAY"), s(O::Press, false, "grey_only"));
        assert_eq!(set("SET WHITE/GREY PRESS"), s(O::Press, false, "grey"));
        assert_eq!(set("SET GREY/WHITE"), s(O::Press, false, "grey/white"));
        assert_eq!(set("SET NO WHITE"), s(O::Press, false, "grey_only"));
        assert_eq!(set("SET NO GREY PRESS"), s(O::Press, false, "white"));
        assert_eq!(set("SET NO PRESS"), s(O::Press, false, "none"));
        assert_eq!(set("SET PRESS NONE"), s(O::Press, false, "none"));
        assert_eq!(set("SET NONE"), s(O::Press, false, "none"));
        assert_eq!(set("SET PRESS GREY/WHITE"), s(O::Press, false, "GREY/WHITE"));
        assert_eq!(set("SET PARTIAL PRESS"), s(O::Partial, false, ""));
        assert_eq!(set("SET NO PARTIAL PRESS"), s(O::Partial, true, ""));
        assert_eq!(set("SET NO FAKE BROADCAST"), s(O::Fake, true, ""));
        assert_eq!(set("SET PARTIAL MAY BE FAKED"), s(O::Fake, false, "may"));
        assert_eq!(set("SET PARTIAL MAY"), s(O::Fake, false, "may"));
        assert_eq!(set("SET PARTIAL FAKES BROADCAST"), s(O::Fake, false, "broadcast"));
        assert_eq!(set("SET PARTIAL FAKES"), s(O::Fake, false, "broadcast"));
        assert_eq!(set("SET PARTIAL FAKES BROADCAST BY DEFAULT"), s(O::Fake, false, "broadcast_by_default"));
        assert_eq!(set("SET PARTIAL FAKES BY DEFAULT"), s(O::Fake, false, "broadcast_by_default"));
        assert_eq!(set("SET POSTAL PRESS"), s(O::PostalPress, false, ""));
        assert_eq!(set("SET NO POSTALPRESS"), s(O::PostalPress, true, ""));
        assert_eq!(set("SET OBSERVER NO PRESS"), s(O::ObserverPress, false, "none"));
        assert_eq!(set("SET OBSERVER WHITE"), s(O::ObserverPress, false, "white"));
        assert_eq!(set("SET OBSERVER ANY PRESS"), s(O::ObserverPress, false, "any"));
        assert_eq!(set("SET ALL PRESS"), s(O::MasterPress, false, "all"));
        assert_eq!(set("SET NORMAL PRESS"), s(O::MasterPress, false, "normal"));
        // not press words without their PRESS
        for line in ["SET NO", "SET ALL", "SET NORMAL"] {
            assert!(!matches!(parse(line), Cmd::Set { key: SetKey::Option(Named { option: O::Press | O::MasterPress | O::PostalPress, .. }), .. }), "{line}");
        }
        // not the fake option's words: PARTIAL's value, which refuses it (see options.rs)
        assert_eq!(set("SET PARTIAL FAKES NOW"), s(O::Partial, false, "FAKES NOW"));
    }

    #[test]
    fn njudges_press_settings_in_a_list() {
        use crate::command::options::{GameOption as O, Named};
        let n = |option, no, a: &str| (Named { option, no }, a.to_string());
        assert_eq!(parse("SET GREY, PARTIAL FAKES BROADCAST"), Cmd::PressSets(vec![n(O::Press, false, "grey_only"), n(O::Fake, false, "broadcast")]));
        assert_eq!(
            parse("set white/grey,no partial , postal press"),
            Cmd::PressSets(vec![n(O::Press, false, "grey"), n(O::Partial, true, ""), n(O::PostalPress, false, "")])
        );
        // a list with any part that is not a press setting is not a list:
        // it goes to the other readers (and is refused, or is another option's value)
        assert!(matches!(parse("SET GREY, NMR"), Cmd::Bad(_)));
        assert_eq!(
            parse("SET MOVES next 48 hours on Mon, Thu"),
            Cmd::Set { key: SetKey::Option(Named { option: O::Movement, no: false }), arg: "next 48 hours on Mon, Thu".into() }
        );
        // the limit: eight settings, one for each press option
        let eight = ["GREY", "PARTIAL", "NO FAKE", "OBSERVER ANY", "POSTAL PRESS", "NORMAL PRESS", "LATE PRESS", "NO MUST ORDER"];
        assert_eq!(eight.len(), MAX_PRESS_SETS);
        assert!(matches!(parse(&format!("SET {}", eight.join(", "))), Cmd::PressSets(l) if l.len() == MAX_PRESS_SETS));
        assert!(matches!(parse(&format!("SET {}, WHITE", eight.join(", "))), Cmd::Bad(_)));
        // one setting with a trailing comma is still the one setting
        assert_eq!(parse("SET GREY,"), Cmd::Set { key: SetKey::Option(Named { option: O::Press, no: false }), arg: "grey_only".into() });
    }

    #[test]
    fn press_and_diary_headers_open_blocks_and_their_ends() {
        for h in [
            "PRESS TO E",
            "broadcast",
            "POSTAL PRESS",
            "POSTALPRESS",
            "DIARY",
            "DIARY RECORD",
            "FAKE BROADCAST",
            "GREYPRESS TO E",
            "BROADCASTS",
            "grey press",
            "NOFAKE",
        ] {
            assert_eq!(block(h), Some(BlockKind::Press), "{h}");
        }
        for h in ["DIARY LIST", "DIARY READ 2", "ENDPRESS", "END PRESS", "F NTH - NWY", "HISTORY demo PRESS", "SET POSTAL PRESS"] {
            assert_eq!(block(h), None, "{h}");
        }
        assert_eq!(parse("POSTAL PRESS"), Cmd::PostalPress);
        assert!(matches!(parse("POSTALPRESS TO E"), Cmd::Bad(Refusal::Press(PressRefusal::PostalPressOptions))));
        assert_eq!(parse("DIARY"), Cmd::Diary(Diary::Record));
        assert_eq!(parse("diary delete 2,3 5"), Cmd::Diary(Diary::Delete(vec![2, 3, 5])));
        assert_eq!(parse("DIARY READ 4"), Cmd::Diary(Diary::Read(4)));
        for bad in ["DIARY READ", "DIARY READ 0", "DIARY READ 1 2", "DIARY DELETE x", "DIARY WRITE"] {
            assert_eq!(parse(bad), Cmd::Bad(Refusal::Press(PressRefusal::DiaryUsage)), "{bad}");
        }
        for (l, e) in [
            ("ENDPRESS", Some(PressEnd::EndPress)),
            ("end broadcast", Some(PressEnd::EndPress)),
            ("SIGNOFF", Some(PressEnd::Signoff)),
            ("sign off", Some(PressEnd::Signoff)),
        ] {
            assert_eq!(press_end(l), e, "{l}");
        }
        for l in ["BYE", "END", "QUIT", "SIGNOFF now", "ENDPRESS please"] {
            assert_eq!(press_end(l), None, "{l}");
        }
    }

    #[test]
    fn signoff_with_words_after_it_is_signoff() {
        for l in ["SIGNOFF", "sign off", "SIGNOFF now", "Signoff France", "SIGN OFF now please", "BYE", "quit", "END"] {
            assert_eq!(parse(l), Cmd::Signoff, "{l}");
        }
        for l in ["BYE now", "QUIT the game", "END of my orders"] {
            assert_eq!(parse(l), Cmd::NotCommand, "{l}");
        }
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
            // njudge's SET MOVE (data/index)
            "MOVE",
            // njudge's STRICT WAIT and MAX ABSENCE
            "STRICTWAIT",
            "NOSTRICTWAIT",
            "MAXABSENCE",
            // njudge's press restrictions
            "LATEPRESS",
            "NOLATEPRESS",
            "MUSTORDER",
            "NOMUSTORDER",
            // njudge's other names for an absence
            "HOLIDAY",
            "HOLIDAYS",
            "NOHOLIDAY",
            "NOHOLIDAYS",
            "VACATION",
            "VACATIONS",
            "NOVACATION",
            "NOVACATIONS",
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
            "PRIVATE",
            "NOPRIVATE",
            "PUBLIC",
            "MANUAL",
            "NOMANUAL",
            "AUTO",
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
            "DELAY",
            "FAKE",
            "NOFAKE",
            "OBSERVER",
            "POSTALPRESS",
            "NOPOSTALPRESS",
            "MASTERPRESS",
            // civil disorder, concessions and quiet games (njudge's names)
            "CD",
            "NOCD",
            "CONC",
            "CONCESSIONS",
            "NOCONCESSIONS",
            "QUIET",
            "NOQUIET",
            // the name a player is shown by
            "NAME",
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
        assert!(matches!(parse("SET CONC x"), Cmd::Set { key: SetKey::Concede, .. }));
        assert!(matches!(parse("SET CONCESS"), Cmd::Set { key: SetKey::Option(Named { option: GameOption::Concessions, no: false }), .. }));
        assert_eq!(parse("SET CD AFTER 2"), Cmd::Set { key: SetKey::Cd, arg: "AFTER 2".into() });
        assert_eq!(parse("SET NO CD France"), Cmd::Set { key: SetKey::NoCd, arg: "France".into() });
        // njudge's names of two words, joined only when they make a name whole
        assert_eq!(parse("SET STRICT WAIT"), Cmd::Set { key: opt(GameOption::StrictWait, false), arg: String::new() });
        assert_eq!(parse("set no strict wait"), Cmd::Set { key: opt(GameOption::StrictWait, true), arg: String::new() });
        assert_eq!(parse("SET MAX ABSENCE 10"), Cmd::Set { key: opt(GameOption::MaxAbsence, false), arg: "10".into() });
        assert_eq!(parse("SET TIME ZONE CET"), Cmd::Set { key: SetKey::Timezone, arg: "CET".into() });
        assert_eq!(parse("SET NO ABSENCE Dec 1"), Cmd::Set { key: SetKey::NoAbsence, arg: "Dec 1".into() });
    }
}
