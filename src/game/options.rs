//! The game options by name (the table that reads, sets and explains them is
//! `command::options`; their words are `report::say::options`), and why a
//! value is refused ([`OptionError`], said by `report::say::refusal`).

/// A game option (CREATE's `key=value`, the master's SET).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOption {
    Press,
    Partial,
    /// Whether press may be faked.
    Fake,
    /// What press observers may send.
    ObserverPress,
    /// POSTALPRESS allowed.
    PostalPress,
    /// The master reads all partial press.
    MasterPress,
    Nmr,
    Assignment,
    Movement,
    Retreat,
    Adjustment,
    Grace,
    Reminder,
    List,
    Webhook,
    End,
    Centers,
    Dias,
    /// `SET [NO] CONCESSIONS`: concessions to the largest power allowed.
    Concessions,
    /// `SET [NO] LATE PRESS`: a late power may press others than the master.
    LatePress,
    /// `SET [NO] MUST ORDER`: a power owing orders presses others than the
    /// master only once they are complete.
    MustOrder,
    /// `SET [NO] WATCH ALL PRESS`: observers may ask for all partial press.
    WatchAllPress,
    /// `SET [NO] MINOR PRESS`: press in retreats and adjustments.
    MinorPress,
    /// `SET [NO] GRACE PRESS`: press once the deadline passed with a power late.
    GracePress,
    /// `SET [NO] TOUCH PRESS`: press only between powers whose units touch.
    TouchPress,
    /// `SET [NO] BLANK PRESS`: press with no text.
    BlankPress,
    /// `SET MODERATED`, `SET UNMODERATED`: whether the players may change
    /// the game's options and deadlines too.
    Moderated,
    /// `SET [NO] RESUME`: whether the players may RESUME the game.
    Resume,
    /// `SET [NO] SHOW`: whether the notices of a changed setting give who
    /// changed it by address.
    Show,
    /// `SET [NO] REVEAL`: whether an anonymous game names its players once over.
    Reveal,
    /// `SET [NO] SECRET`: whether the number of players is kept from all but the master.
    Secret,
    /// `SET LIST`, `SET NOLIST`: whether LIST and `SIGNON ?` show the game.
    Listed,
    /// `SET [NO] STRICT WAIT`: only a player owing orders may SET WAIT.
    StrictWait,
    /// `SET MAX ABSENCE n`: the longest absence a player may set, in days.
    MaxAbsence,
    /// `SET CD AFTER n`: civil disorder after `n` missed phases in a row.
    CdAfter,
    /// `SET [NO] QUIET`: the table is not told of resignations, takeovers,
    /// civil disorder, nor who is late.
    Quiet,
    Proxy,
    /// `SET [NO] LATE COUNT`: late notices count the player's late phases in the game.
    LateCount,
    /// `SET [NO] APPROVAL`: a vacant power is taken over only with the master's approval.
    Approval,
    /// `SET ACCESS ANY|SAME|DIFFERENT[-SITE]`: who joins, by site.
    Access,
    /// `SET LEVEL ANY|NOVICE|AMATEUR|INTERMEDIATE|ADVANCED|EXPERT`: who joins, by class.
    Level,
    /// `SET RATED` / `SET UNRATED`: the game counts in judge-wide records.
    Rated,
    Anonymous,
    /// njudge's SET DEDICATION, SET ONTIMERAT (SET ONTIME), SET RESRAT:
    /// the least dedication, the least on-time ratio and the greatest CD
    /// ratio of who joins or takes over a seat (`game::dedication`).
    Dedication,
    OnTime,
    CdRatio,
    /// njudge's SET ALLOW PLAYER, SET DENY PLAYER: addresses that alone may
    /// join or observe, and addresses that may not.
    AllowPlayer,
    DenyPlayer,
    /// njudge's DELAY: how long after the last orders the phase waits.
    Delay,
    /// `SET [NO] STRICT GRACE`: a grace period ends its whole length after
    /// the deadline, or on a day the phase's timing allows a deadline on.
    StrictGrace,
    Players,
    /// `rule=name=value`, `SET RULE name=value`: any rule option by name.
    Rule,
    ConvoyIntent,
    CivilDisorder,
    RetreatDefault,
    Paradox,
    /// njudge's `SET HOME|ANY|ONE CENTRES`: where builds go.
    BuildSites,
    /// njudge's `SET NORMAL|ANY DISBAND`: which units may be removed in the adjustments.
    Removals,
    /// njudge's `SET [NO] DISBAND`: a disband order in a movement phase.
    MovementDisband,
    /// njudge's `SET [NO] AUTO DISBAND`: dislodged units disbanded, no retreats.
    AutoDisband,
    /// njudge's `SET BLANK BOARD` (`SET EMPTY BOARD`): the game starts with
    /// no units, in a build phase.
    BlankBoard,
    /// Gunboat: who plays which power stays hidden, no press but to and
    /// from the master, seat changes told to the master only.
    Gunboat,
    /// `SET [NO] BLIND`: each power sees only what its units see
    /// (docs/RULES.md, "Blind games").
    Blind,
}

/// Why a game option's value (CREATE's `key=value`, the master's SET) is
/// refused; said by `report::say::refusal`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// CREATE's `key` names no option; `known`: the first name of each.
    Unknown {
        key: String,
        known: Vec<&'static str>,
    },
    /// An option set only while the game forms, after that.
    TooLate(GameOption),
    PressValues {
        value: String,
    },
    FakeValues {
        value: String,
    },
    ObserverPressValues {
        value: String,
    },
    MasterPressValues {
        value: String,
    },
    AssignmentValues,
    /// An on/off option's value that is no yes/no word: the option's
    /// CREATE key and SET word, and the value.
    SwitchValues {
        key: &'static str,
        word: &'static str,
        value: String,
    },
    /// `SET LIST` with no address (njudge's SET LIST lists the game).
    ListNeedsAddress,
    /// `got`: the list's format word (or the whole value, with too many words).
    ListFormat {
        got: String,
    },
    NotAnAddress {
        address: String,
    },
    WebhookUsage,
    /// A webhook URL the judge's `[webhooks]` settings refuse.
    WebhookRefused(crate::store::values::UrlError),
    TooManyWebhooks {
        max: usize,
    },
    /// `first`: the game's current year, the first an end year may be.
    EndValues {
        value: String,
        first: String,
    },
    /// `most`: the map's number of centres.
    CentersValues {
        value: String,
        most: usize,
    },
    /// SET ACCESS with another word than ANY, SAME, DIFFERENT (with or without -SITE).
    AccessValues {
        value: String,
    },
    /// SET LEVEL with another word than njudge's classes.
    LevelValues {
        value: String,
    },
    /// SET PLAYERS n with more players joined than the seating has seats.
    MoreJoined {
        joined: usize,
        seats: usize,
    },
    PlayersValues {
        value: String,
    },
    /// `SET CD AFTER` takes a number of phases from 1 to `most`, or `NONE`.
    CdAfterValues {
        value: String,
        most: u32,
    },
    /// `SET MAX ABSENCE` takes a number of days from 0 to `most`, or `NONE`.
    MaxAbsenceValues {
        value: String,
        most: u32,
    },
    /// `SET DEDICATION` takes a whole number, or `NONE`.
    DedicationValues {
        value: String,
    },
    /// `SET ONTIMERAT`, `SET RESRAT` (`word`) take a ratio from 0 to 1, or `NONE`.
    RatioValues {
        word: &'static str,
        value: String,
    },
    /// `SET ALLOW PLAYER`, `SET DENY PLAYER` take one address (after a `-`: to take off).
    AccessUsage(crate::game::dedication::AccessList),
    AccessListFull {
        list: crate::game::dedication::AccessList,
        max: usize,
    },
    NotOnAccessList {
        list: crate::game::dedication::AccessList,
        address: String,
    },
    /// `rule=` without `name=value`.
    RuleUsage,
    Rule(crate::rules::RuleError),
    /// A timing, a grace period or a reminder's delay.
    Time(crate::timing::TimeError),
}

impl From<crate::timing::TimeError> for OptionError {
    fn from(e: crate::timing::TimeError) -> OptionError {
        OptionError::Time(e)
    }
}

impl From<crate::rules::RuleError> for OptionError {
    fn from(e: crate::rules::RuleError) -> OptionError {
        OptionError::Rule(e)
    }
}
