//! What a command line is, read: [`Cmd`] and the values its commands carry
//! (a press header, a DIARY, what SET sets).

use crate::command::options::Named;
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
    History(HistoryAsk),
    /// SUMMARY [game]: none, the game signed on to.
    Summary(Option<String>),
    /// `MAP game [phase]`: the map of a processed phase, or of the board now.
    Map {
        game: String,
        phase: Option<String>,
    },
    Clear,
    /// `PHASE season year phase` (njudge): the lines after it are for that phase.
    Phase(String),
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
    PressSets(Vec<(Named, String)>),
    Resign,
    Help,
    Signoff,
    /// PROCESS (all orders in), PROCESS! (whatever is in); with a phase
    /// (njudge's `PROCESS Spring 1901 Movement`, forced): only that phase.
    Process {
        force: bool,
        phase: Option<String>,
    },
    Predict,
    Pause,
    Resume,
    Terminate,
    Eject(String),
    Become(String),
    /// njudge's `BECOME MASTER`: the only player of an unmoderated forming
    /// game takes the master's seat (from the master: the game is moderated).
    BecomeMaster,
    /// ROLLBACK [phase|turn]: none, the last phase processed.
    Rollback(Option<String>),
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
    /// njudge's record of a player: `GET DEDICATION` (the sender's), `INFO
    /// PLAYER address` (anyone's), `I AM ALSO address [code code]` (links
    /// the sender's address to that one's registration).
    GetDedication,
    InfoPlayer(String),
    IAmAlso {
        address: String,
        codes: Vec<String>,
    },
    /// The keeper's commands by mail (njudge's administrator's), each with
    /// the keeper's password last: `ADJUST address points password` adds
    /// to a record's dedication, `RECORD address field value password`
    /// sets one of its counts.
    Adjust {
        who: String,
        points: i64,
        password: String,
    },
    Record {
        who: String,
        field: crate::game::dedication::RecordField,
        value: u32,
        password: String,
    },
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
/// deadline, or a game option (the master's, see [`crate::command::options`]).
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
    /// njudge's SET VARIANT name: a forming game's variant.
    Variant,
    /// A player's own time zone, or the master's for the game.
    Timezone,
    /// What replies to the player's mail show: `SET SHORT REPLY` (`SET
    /// BRIEF`) all but the board, `SET FULL REPLY` (`SET NO BRIEF`) all.
    Reply(crate::game::ReplyForm),
    /// Cancels the sender's absence that includes a date (njudge's SET NOABSENCE).
    NoAbsence,
    /// The master: days on which no deadline falls, and clearing them.
    Blackout,
    NoBlackout,
    /// The master: njudge's `SET CD`: with nothing, `SET NMR`; `AFTER n`,
    /// the game option; a power, its civil disorder declared (or, `NoCd`, lifted).
    Cd,
    NoCd,
    /// An observer's or master's own copies of the broadcasts (njudge's
    /// `SET [NO] BROADCAST`, `SET [NO] NORMAL BROADCAST`).
    Broadcast,
    NoBroadcast,
    /// The master: a game option.
    Option(Named),
    /// The master's tools: COMMENT, PRIVATE, MANUAL START/PROCESS ...
    Tool(ToolSet),
}

/// What a HISTORY line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryAsk {
    /// `None`: the signed-on game.
    pub game: Option<String>,
    pub span: HistorySpan,
    /// `LINES n`: at most n lines, from the start of the span.
    pub lines: Option<u64>,
    /// With the press of each phase (broadcasts; after the game, all).
    pub press: bool,
    /// The phases rollbacks replaced, instead of the game's line.
    pub undone: bool,
}

/// The phases a HISTORY shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistorySpan {
    /// `FROM` and `TO`, each a phase or a date (`None`: the first phase, the last).
    Dates { from: Option<String>, to: Option<String> },
    /// njudge's `EXCLSTART phase [EXCLEND phase]`: all but the phases from
    /// `start` to `end` (`None`: to the end).
    Excluding { start: String, end: Option<String> },
}

/// The master's SET words of [`crate::command::master`]: `SET COMMENT text`, `SET
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
