//! Why the judge refuses what a sender asked for: one variant per kind of
//! refusal, carrying what the reply says about it (names as shown, counts,
//! limits). Made into English only by `report::say::refusal`.
//!
//! A refusal is always about the sender's own input (a command, an order, a
//! list of powers, a password). A fault in what the judge stored (a row that
//! cannot be read, stored options the rulebook refuses, a missing position) is
//! never a refusal: it is the judge's own failure, logged, and the sender gets
//! an apology (`command::Fail::System`).

use crate::adjudicate::Note;
use crate::parse::ParseError;
use crate::store::games::GameStatus;

/// What of a blind game's record was asked for while it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlindRecord {
    History,
    Summary,
    PastMap,
}

/// A refusal. `game`: a game's name; `power`: a power's display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A mail as a whole, signing on, accounts and seats (`say::session`, `say::account`).
    Session(SessionRefusal),
    /// A command line the command parser could not read (`say::parse`).
    Usage(UsageRefusal),
    /// Press and the diary (`say::press`).
    Press(PressRefusal),
    /// Orders for a later phase: PHASE and its conditionals (`say::later`).
    Later(crate::game::later::LaterRefusal),
    /// A join refused by a game's limits, a limit past the master's own
    /// record, I AM ALSO and INFO PLAYER (`say::dedication`).
    Dedication(crate::game::dedication::DedicationRefusal),

    GameOver {
        game: String,
    },

    // LIST, HISTORY, MAP
    PressForMembers {
        game: String,
    },
    NoPhaseFrom {
        phase: String,
        game: String,
    },
    NoPhaseTo {
        phase: String,
        game: String,
    },
    /// HISTORY's LINES outside 1 to `max`.
    HistoryLines {
        asked: u64,
        max: u64,
    },
    /// HISTORY's EXCLSTART or EXCLEND with no phase (`S1902M`, `F1905B`).
    HistoryNotATurn {
        word: String,
    },
    MapForMembers {
        game: String,
    },
    /// A blind game's record (HISTORY, SUMMARY, a past phase's MAP) asked
    /// for by someone other than its master while it runs (docs/RULES.md,
    /// "Blind games").
    BlindRecord {
        game: String,
        what: BlindRecord,
    },
    MapOverBudget {
        game: String,
    },
    TooManyMaps {
        max: usize,
    },
    NoSuchPhase {
        phase: String,
        game: String,
    },
    NoMapYet {
        game: String,
    },

    // powers as a sender writes them
    NotAPower {
        word: String,
    },
    NotAPowerLetter {
        letter: char,
    },

    // orders
    OrdersNotSignedOn,
    NoOrdersTaken {
        game: String,
        status: GameStatus,
    },
    TooManyOnLine {
        n: usize,
        max: usize,
    },
    TooManyInMail {
        max: usize,
    },
    NotYourPower {
        power: String,
        game: String,
    },
    /// Text the order parser could not read (an order, a province).
    Unreadable(ParseError),
    /// The unit type left out where the power has an army and a fleet in `space`.
    NameTheType {
        space: String,
    },
    SlotFull {
        order: String,
        room: usize,
        build: bool,
    },
    /// An order wrong whatever anyone else orders (canonical text, why).
    OrderRefused {
        order: String,
        fault: OrderFault,
    },

    // SET START (1885-III)
    StartUsage,
    TypeExpected {
        word: String,
    },
    ProvinceExpected {
        word: String,
    },
    NoStartChoice {
        power: String,
    },
    NotAChoice {
        prov: String,
        options: Vec<String>,
    },
    NamedTwice {
        prov: String,
    },
    TooManyChoices {
        max: u8,
        options: Vec<String>,
    },
    TooLateToChoose {
        first: String,
    },

    // SET: a player's settings and votes
    /// SET SHORT REPLY or SET FULL REPLY with a word after it.
    ReplyFormUsage {
        word: String,
    },
    MapUsage {
        word: String,
    },
    AbsenceUsage,
    /// A date or duration the timing rules refuse, with their reason.
    BadTime {
        why: crate::timing::TimeError,
    },
    AbsenceOrder,
    /// SET WAIT in a STRICT WAIT game, owing no orders.
    StrictWait {
        game: String,
    },
    TooManyAbsences {
        n: usize,
    },
    PasswordRules,
    SeatHoldersOnly,
    UnusableAddress {
        address: String,
    },
    PreferenceBeforeStart,
    PreferenceUsage,
    PreferenceOnlyLeftOut {
        left_out: Vec<String>,
    },
    VoteBeforeStart,
    DrawIncludesSurvivors {
        survivors: Vec<String>,
    },
    NotASurvivor {
        power: String,
        survivors: Vec<String>,
    },
    ConcedeUsage,
    ConcedeToSelf,
    /// SET CONCEDE in a game with `SET NO CONCESSIONS`.
    /// SET NAME: too long, or with control characters.
    NameTooLong {
        max: usize,
    },
    NoConcessions {
        game: String,
    },
    /// SET CONCEDE in a NODIAS game (a one-power draw is the concession there).
    ConcedeUnderNodias,
    /// SET CONCEDE to other than the largest power (`largest`: none on a tie).
    ConcedeNotLargest {
        named: Vec<String>,
        largest: Option<Vec<String>>,
    },
    /// DECLARE DRAW naming no power.
    DeclareDrawUsage,
    NoAlliances {
        map: String,
    },
    /// SET DRAW on a map whose games end in a solo victory only (DPjudge's
    /// `NO_DRAW`: sengoku).
    NoDraws {
        map: String,
    },
    AllianceSize {
        n: usize,
        sizes: Vec<u32>,
    },
    NeutralAlly {
        power: String,
    },

    // the master's commands
    DeadlinePassedConfirm {
        time: String,
        arg: String,
    },
    OneProcessPerMail,
    /// A proxy order where the master did not SET PROXY.
    ProxyOff {
        game: String,
    },
    /// A proxy order outside a movement phase.
    ProxyInMovement,
    /// A proxy order for a unit the seat does not have (as written).
    ProxyNotYours {
        unit: String,
    },
    /// An order for a unit the seat lent to another power.
    ProxyLent {
        order: String,
        holder: String,
    },
    /// PROCESS named a phase that is not the one being played.
    ProcessOtherPhase {
        named: String,
        now: String,
    },
    NotActive {
        game: String,
        status: GameStatus,
    },
    OrdersMissing {
        powers: Vec<String>,
    },
    NoPhaseToPredict {
        game: String,
        status: GameStatus,
    },
    BecomeNeutral {
        power: String,
    },
    NotAnObserver {
        who: String,
        game: String,
    },
    NotAPowerOrAddress {
        word: String,
    },
    NobodyToEject {
        power: String,
    },
    NobodyAsked {
        power: String,
    },
    NotVacant {
        power: String,
    },
    TableMailLimit {
        game: String,
        limit: i64,
        again: String,
    },
    NoProcessedPhase {
        game: String,
        phase: String,
    },
    /// A bare ROLLBACK in a game with no phase processed.
    NothingToRollBack {
        game: String,
    },
    /// ROLLBACK n past the phases processed.
    NoSuchTurn {
        game: String,
        turn: String,
        turns: usize,
    },
    /// A game option (CREATE's `key=value`, the master's SET) refused, with
    /// the option table's reason.
    BadOption {
        why: crate::game::options::OptionError,
    },

    /// The master's tools and the community commands (issue 22).
    Tool(ToolRefusal),
}

/// The refusals of the session: a mail as a whole, signing on, passwords,
/// CREATE, joining, SIGNON and OBSERVE.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionRefusal {
    // a mail as a whole (blocks, signing on, password limits)
    PressWithoutEnd {
        unread: usize,
    },
    PressHeaderUnreadable,
    /// A press block refused, with why; its lines were not sent.
    PressIgnored {
        why: Box<Refusal>,
        lines: usize,
    },
    ConditionalIgnored {
        lines: usize,
        closed: bool,
    },
    NoSuchGame {
        name: String,
    },
    NotSignedOn,
    MasterOnly {
        game: String,
    },
    PowersNotAssigned {
        game: String,
    },
    MasterIsNoPower,
    NoPlayerHoldsPower,
    OneTryPerSeat,
    TooManyWrongPasswords,
    /// The same, from the seat's own address (an unlock code went there).
    OwnerLaneLocked,
    TooManyPasswordCommands {
        max: u64,
    },

    // CREATE, joining, SIGNON, OBSERVE
    BadGameName {
        name: String,
    },
    MasterPasswordTooShort,
    OptionNotKeyValue {
        option: String,
    },
    CreationPasswordNeeded,
    GameExists {
        name: String,
    },
    UnknownVariant {
        name: String,
        known: Vec<String>,
    },
    /// A variant file of the judge's that the engine cannot play: why (the
    /// file's path is the keeper's, in the log).
    VariantUnplayable {
        name: String,
        why: String,
    },
    RemovedCannotRejoin {
        game: String,
    },
    WrongSeatPassword {
        game: String,
    },
    ChooseLongerPassword,
    NoVacantPower {
        game: String,
    },
    TakeoverAskedAlready {
        game: String,
    },
    WrongMasterPassword {
        game: String,
    },
    /// A SIGNON letter that is no power's, with the game's (letter, power).
    NotAPowerLetterIn {
        letter: char,
        game: String,
        powers: Vec<(char, String)>,
    },
    PowersNotAssignedYet {
        game: String,
    },
    NobodyPlaysIn {
        power: String,
        game: String,
    },
    WrongPowerPassword {
        power: String,
        game: String,
    },
    ObserverRemoved {
        game: String,
    },
    WrongConfirmation {
        game: String,
    },
    NotObserving {
        game: String,
    },
    WrongListCode {
        game: String,
    },
    /// `CONFIRM code` with a code the judge did not mail in the last 30 days.
    UnknownConsentCode,
    /// `UNLOCK code` with a code that opens no seat (unknown, used or old).
    UnknownUnlockCode,
    OnlyPlayersResign,
}

/// A command line the command parser could not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsageRefusal {
    // a command line the command parser could not read
    CreateUsage,
    SignonUsage,
    SignonLetterAndGame,
    NeedsGame { command: &'static str },
    ConfirmUsage,
    UnlockUsage,
    HistoryUsage,
    HistoryBadWord { word: String },
    // HISTORY's LINES without a number; EXCLSTART without its phase,
    // EXCLEND without EXCLSTART, or either with FROM or TO
    HistoryLinesUsage,
    HistoryExcludeUsage,
    MapCommandUsage,
    WithoutIf { head: String },
    PressTwoLists { head: String },
    PressNotUnderstood { head: String, word: String },
    SetNeedsName,
    SetNoSuch { key: String },
    SetAmbiguous { key: String, candidates: Vec<String> },
    // a SET name of njudge's that this judge does not take: the name as
    // njudge writes it (`STRICT CONVOY`, `NO AUTO CREATE`) and why
    SetNotTaken { name: String, hint: SetHint },
    NeedsRequestedPower { command: &'static str },
    NeedsPower { command: &'static str },
    RollbackUsage,
}

/// Why a player may not BECOME MASTER (`say::community`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BecomeMasterWhy {
    /// The game is moderated: its master keeps the seat.
    Moderated,
    /// The game has started (njudge: before the start only).
    Started,
    /// Another player has joined too.
    NotAlone,
}

/// Why this judge does not take one of njudge's SET names, and what a
/// master or player uses instead (`say::parse::set_not_taken`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetHint {
    /// `SET RELIABILITY`: no name of njudge's (its files have none); the
    /// record's limits are SET DEDICATION, SET ONTIMERAT and SET RESRAT.
    Reliability,
    /// `SET ALLOW MASTER`, `SET DENY MASTER` (njudge's judge-wide lists).
    JudgeLists,
    /// `SET [NOT] APPROVE[D] powers`.
    Approve,
    /// `SET VARIANT`, `SET NOT VARIANT`.
    Variant,
    /// `SET BN`, `SET BNC`, `SET MN`, `SET MNC`, `SET EP` (game numbers).
    Numbers,
    /// `SET [NO] AUTO CREATE`.
    AutoCreate,
    /// `SET [NO] STRICT CONVOY`.
    StrictConvoy,
    /// A rule njudge codes in its variants' map files (`SET [NO] RAILWAYS`,
    /// `SET TRANSFORM` ...).
    MapRule,
    /// `SET [NO] ALLIED WIN`.
    AlliedWin,
    /// Machiavelli's rules (`SET [NO] MONEY`, `SET [NO] ADJACENCY` ...).
    Machiavelli,
}

/// The refusals of PRESS, BROADCAST, POSTALPRESS and DIARY.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PressRefusal {
    // PRESS and BROADCAST
    PressTooLong {
        bytes: usize,
        max: usize,
    },
    MasterNotAnonymous,
    PressBeforeStart,
    /// SET MUST ORDER: the sender's orders are not complete (press to the master alone goes).
    OrdersBeforePress {
        game: String,
    },
    /// SET NO LATE PRESS: the sender is late (press to the master alone goes).
    NoLatePress {
        game: String,
    },
    NoPressGame,
    NoGreyPress,
    NoPartialPress,
    NobodyPlays {
        power: String,
    },
    /// PRESS with no recipients (njudge sends nothing: no accidental broadcast).
    PressNoRecipients,
    /// `TO`, `+`, `-` or `ALL BUT` with no list after it.
    PressNeedsList {
        head: String,
    },
    /// A letter of a press's list that is no power's (nor O, nor M).
    NotARecipientLetter {
        letter: char,
        powers: Vec<(char, String)>,
    },
    /// The list names no one but the sender.
    PressToNobody,
    /// Every copy held back by the press budgets (the sentences why).
    HeldBack {
        why: Vec<String>,
    },
    /// WHITE in a game of grey press only.
    NoWhitePress,
    /// FAKE in a game that does not allow it.
    NoFakePress,
    /// Press to the master alone is never faked.
    FakeToMaster,
    /// An observer's press the game's observer option refuses.
    NoObserverPress,
    /// An observer signed on, for a power's command.
    ObserverIsNoPower,
    /// `SIGNON O<game>` with a code that confirmed no observer of it.
    WrongObserverCode {
        game: String,
    },
    /// POSTALPRESS with options.
    PostalPressOptions,
    /// POSTALPRESS in a game that does not allow it.
    NoPostalPress,
    /// DIARY with words it does not take.
    DiaryUsage,
    /// DIARY from someone who plays no power.
    DiaryNotAPower,
    DiaryTooLong {
        bytes: usize,
        max: usize,
    },
    DiaryFull {
        entries: usize,
        bytes: usize,
    },
    NoDiaryEntry {
        number: i64,
    },
    EndPressWithoutPress,
    /// SET NO MINOR PRESS: press in a retreat or adjustment phase (to the master alone goes).
    NoMinorPress,
    /// SET NO GRACE PRESS: the deadline passed and these powers are late (press to the master alone goes).
    NoGracePress {
        game: String,
    },
    /// SET TOUCH PRESS: partial press to a power whose units do not touch the sender's.
    NotTouching {
        power: String,
    },
    /// SET TOUCH PRESS: a second broadcast in the phase.
    OneBroadcastAPhase,
    /// SET TOUCH PRESS: press naming the observers.
    TouchNoObservers,
    /// Press with no text (SET BLANK PRESS allows it).
    BlankPress,
    /// SET [NO] BROADCAST from a power's player (only observers and masters stop broadcasts).
    BroadcastsForPlayers,
    /// An observer's SET ALL PRESS in a game without SET WATCH ALL PRESS.
    NoWatching {
        game: String,
    },
}

impl From<ToolRefusal> for Refusal {
    fn from(t: ToolRefusal) -> Refusal {
        Refusal::Tool(t)
    }
}

/// Refusals of the master's tools (PROMOTE, UNSTART, FORCE BEGIN,
/// ROLLFORWARD, SET COMMENT, SET MANUAL, private games) and of the community
/// commands (REGISTER, WHOIS, WHOGAME, GET), and a command the judge does not
/// know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToolRefusal {
    /// A line that is no command and no order: its first word, and a command
    /// it may have meant.
    UnknownCommand {
        word: String,
        suggestion: Option<String>,
    },
    ResumeFinished {
        game: String,
    },
    /// RESUME from a player in a game without SET RESUME.
    ResumeMasterOnly {
        game: String,
    },
    /// WHOGAME of a game set SECRET, asked by someone not its master.
    WhogameSecret {
        game: String,
    },
    /// A player's RESUME of a game that is not paused.
    NotPaused {
        game: String,
    },
    /// BECOME MASTER from someone who is neither the master nor the only
    /// player of an unmoderated forming game.
    BecomeMasterRefused {
        game: String,
        why: BecomeMasterWhy,
    },
    CommentTooLong {
        len: usize,
        max: usize,
    },
    /// `SET COMMENT BEGIN` with more lines than the limit.
    LongCommentTooLong {
        lines: usize,
        max: usize,
        chars: usize,
    },
    /// `SET COMMENT BEGIN` with a line over the limit.
    LongCommentLineTooLong {
        len: usize,
        max: usize,
    },
    /// `SET MANUAL` / `SET AUTO` without START or PROCESS.
    ManualUsage,
    UnstartNotActive {
        game: String,
        status: GameStatus,
    },
    UnstartTooLate {
        game: String,
    },
    BeginNotForming {
        game: String,
        status: GameStatus,
    },
    BeginNobody {
        game: String,
    },
    /// A forming game in manual start whose seats are all taken.
    GameFull {
        game: String,
    },
    NotAnObserver {
        who: String,
        game: String,
    },
    TooManyCoMasters {
        max: usize,
    },
    AlreadyCoMaster {
        who: String,
        game: String,
    },
    NotACoMaster {
        who: String,
        game: String,
    },
    /// A command that is the game's own master's, sent by a co-master
    /// (`command::master::CO_MASTER_MAY`): the command, and why it is the master's.
    OwnMasterOnly {
        game: String,
        command: String,
        why: String,
    },
    NothingToRollForward {
        game: String,
    },
    RollforwardNoPhase {
        game: String,
        phase: String,
    },
    /// The undone branch does not start where the game is now.
    RollforwardDiverged {
        game: String,
    },
    /// A private game, joined without its password or an invitation.
    PrivateGame {
        game: String,
    },
    WrongJoinPassword {
        game: String,
    },
    JoinPasswordTooShort {
        min: usize,
    },
    TooManyInvitations {
        max: usize,
    },
    NotAnAddress {
        word: String,
    },
    NeedsAddress {
        command: String,
    },
    RegisterWithoutEnd {
        unread: usize,
    },
    RegisterTooLong {
        lines: usize,
        max: usize,
    },
    FieldTooLong {
        field: String,
        max: usize,
    },
    RegisterNeedsName,
    /// `Confirm: code` in a REGISTER form, and no form of the address waits for that code.
    NoPendingRegistration,
    NoProfile {
        who: String,
    },
    WhoisUsage,
    /// SET VARIANT without one variant's name.
    VariantUsage,
    /// SET VARIANT once the game has started.
    VariantTooLate {
        game: String,
    },
    /// SET VARIANT of a map with fewer powers than players joined.
    VariantTooSmall {
        variant: String,
        powers: usize,
        joined: usize,
    },
    /// `SIGNON ? password` with no forming game open to the sender.
    NoFormingGame,
    /// WHOGAME of a running anonymous game (or of one set NO REVEAL:
    /// `never`), asked by someone not its master.
    WhogameHidden {
        game: String,
        never: bool,
    },
    NoHelpFile {
        topic: String,
        known: Vec<String>,
    },
    GetUsage,
}

/// Why an order is wrong whatever anyone else orders: the engine's note, and
/// for some what the unit may do instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderFault {
    Note(Note),
    /// A disband in a movement phase of a game without `SET DISBAND`.
    MovementDisbandOff,
    /// No such unit: the power's units (its dislodged ones in a retreat phase).
    NoSuchUnit {
        units: Vec<String>,
        dislodged: bool,
    },
    /// A retreat or disband not allowed (`note`): where the unit may retreat,
    /// and whether the right-hand rule forbids disbanding it.
    Retreat {
        note: Note,
        options: Vec<String>,
        right_hand: bool,
    },
    /// A build outside the capital and naval bases (Original 1958, D14-D16):
    /// the power's current capital (`None`: it has none) and the naval
    /// bases it owns (codes).
    BuildNotBase {
        capital: Option<String>,
        bases: Vec<String>,
    },
}
