//! What is wrong with a duration, a timing rule or a date
//! ([`crate::timing::TimeError`]), as a player or the keeper reads it.

use crate::timing::{
    CronFault, DatePart, IMPLIED_YEAR_AHEAD_SECS, MAX_BLACKOUT_DAYS, MAX_BLACKOUTS, MAX_DEADLINE_AHEAD_SECS, MAX_DELAY_SECS, MAX_DURATION_SECS, MIN_PHASE_SECS,
    TimeError, format_span, format_time,
};
use std::fmt;

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TimeError::*;
        match self {
            EmptyDuration => write!(f, "empty duration"),
            TwoNumbers { text } => write!(f, "`{text}`: two numbers in a row"),
            Negative { text } => write!(f, "`{text}`: a duration cannot be negative"),
            TooLong { text } => write!(f, "`{text}`: a duration may be at most {}", format_span(MAX_DURATION_SECS)),
            UnknownUnit { text, unit } => write!(f, "`{text}`: unknown unit `{unit}` (use minutes, hours or days)"),
            UnitWithoutNumber { text } => write!(f, "`{text}`: a unit without a number"),
            NumberWithoutUnit { text } => write!(f, "`{text}`: a number needs a unit (hours, days, ...)"),
            UnknownDay { day } => write!(f, "unknown day `{day}`"),
            NoDays => write!(f, "no days given"),
            NotCron { text, why } => write!(f, "`{text}`: not a cron expression ({why})"),
            Cron { text, fault } => write!(f, "`{text}`: {fault}"),
            Period(e) => write!(f, "{e}; write e.g. `next 48 hours at 20:00 on Mon-Fri` or `cron: 0 0 20 * * Mon,Thu`"),
            NotTimeOfDay { word } => write!(f, "`{word}` is not a time of day (HH:MM)"),
            CannotRead { text, tail } => write!(f, "`{text}`: cannot read `{tail}`"),
            TooShort { text } => write!(f, "`{text}`: a phase must last at least {} (e.g. `next 1 hour at 20:00`)", format_span(MIN_PHASE_SECS)),
            OutOfRange { text } => write!(f, "`{text}`: a date must lie between the years 1970 and 9999"),
            TooFarAhead { text } => write!(f, "`{text}` is more than {} ahead", format_span(MAX_DEADLINE_AHEAD_SECS)),
            NotFuture { text, when, tz } => write!(f, "`{text}` ({}) is not in the future", format_time(*when, *tz)),
            NotADate { text, tz } => write!(f, "`{text}` is not a date (time zone {tz}): write e.g. {DATE_EXAMPLES}"),
            NoSuchTime { text, tz } => write!(f, "`{text}` does not exist in time zone {tz}"),
            DateWord { text, word } if text == word => write!(f, "`{text}` is not a date: write e.g. {DATE_EXAMPLES}"),
            DateWord { text, word } => write!(f, "`{text}` is not a date: cannot read `{word}`; write e.g. {DATE_EXAMPLES}"),
            DateTwice { text, part } => write!(f, "`{text}`: {} written twice", part_name(*part)),
            YearWithoutMonth { text } => write!(f, "`{text}`: a year needs a month (e.g. `30 Dec 2026`)"),
            NoSuchDate { text } => write!(f, "`{text}`: there is no such day"),
            ImpliedYearTooFar { text, date } => write!(
                f,
                "`{text}` would be {date}, more than {} ahead: write the year, month and day (e.g. `{date} 20:00`)",
                format_span(IMPLIED_YEAR_AHEAD_SECS)
            ),
            WrongWeekday { text, date, weekday } => write!(f, "`{text}`: {date} is a {}", weekday_name(*weekday)),
            AmbiguousZone { zone, choices } => write!(f, "`{zone}` names several time zones: write one of {}", choices.join(", ")),
            UnknownZone { zone } => {
                write!(f, "`{zone}` is not a time zone: write a name such as Europe/London or America/New_York, an abbreviation such as CET or PST, or UTC")
            }
            NoAbsenceOn { when, tz } => write!(f, "you have no absence that includes {}", format_time(*when, *tz)),
            BlackoutUsage => write!(f, "write SET BLACKOUT Dec 24 TO Dec 26 (or one day), or SET NO BLACKOUT to clear them"),
            BlackoutTooLong { text } => write!(f, "`{text}`: blackout days may span at most {MAX_BLACKOUT_DAYS} days; PAUSE the game for longer"),
            BlackoutOrder { text } => write!(f, "`{text}`: the blackout must end on or after the day it starts"),
            TooManyBlackouts => write!(f, "a game may have at most {MAX_BLACKOUTS} spans of blackout days; SET NO BLACKOUT clears them"),
            GracePassedConfirm { when, tz, arg } => write!(
                f,
                "{} has already passed: the grace period would end at once. To do that, send SET GRACE {arg} !; otherwise give a time in the future",
                format_time(*when, *tz)
            ),
            DelayTooLong { text } => write!(f, "`{text}`: the delay may be at most {}", format_span(MAX_DELAY_SECS)),
            NjudgeDays { word } => write!(
                f,
                "`DAYS {word}`: write seven letters from Sunday to Saturday, `SMTWTFS`: upper case for a day a deadline may fall on, lower case for one where it may fall from noon on, `-` for one where it may not (e.g. `-MTWTF-`)"
            ),
            NjudgeClock { value } => write!(f, "`CLOCK {value}`: write the minutes past midnight, 0 to 1439 (1410 is 23:30), or -1 for any time"),
            NjudgeHours { word, value } => write!(f, "`{word} {value}`: write a number of hours (e.g. `{word} 48` or `{word} 0.5`)"),
            NjudgeTwice { word } => write!(f, "{word} is given twice"),
            NjudgeMinOverNext { min, next } => write!(
                f,
                "MIN {min} is longer than NEXT {next}: the deadline would come before the phase may be processed; give a MIN of at most NEXT (or a longer NEXT)"
            ),
            NjudgeGameWide { word } => write!(
                f,
                "{word} is not part of a phase's timing here: it is a game's, for all its phases (CREATE's grace= and delay=, SET GRACE, SET DELAY) or for one kind of them (SET MOVES|RETREATS|BUILDS {word} ...)"
            ),
        }
    }
}

/// The forms of a date a refusal shows.
const DATE_EXAMPLES: &str = "`Fri 20:00`, `Dec 30 18:00 CET`, `tomorrow 8pm`, `2026-12-30 18:00` or `+48h`";

/// A date's element, as a refusal names it.
fn part_name(p: DatePart) -> &'static str {
    match p {
        DatePart::Weekday => "a weekday",
        DatePart::Month => "a month",
        DatePart::Day => "a day of the month",
        DatePart::Year => "a year",
        DatePart::Time => "a time of day",
        DatePart::Zone => "a time zone",
        DatePart::Date => "a date",
    }
}

/// `Friday`.
fn weekday_name(w: chrono::Weekday) -> &'static str {
    use chrono::Weekday::*;
    match w {
        Mon => "Monday",
        Tue => "Tuesday",
        Wed => "Wednesday",
        Thu => "Thursday",
        Fri => "Friday",
        Sat => "Saturday",
        Sun => "Sunday",
    }
}

impl fmt::Display for CronFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CronFault::NamesYears => write!(f, "a cron deadline cannot name years: leave out the seventh field"),
            CronFault::TooClose { a, b } => {
                write!(f, "it fires twice within {} (at {a} and {b} UTC); deadlines must be at least that far apart", format_span(MIN_PHASE_SECS))
            }
            CronFault::NoTime => write!(f, "it never fires"),
            CronFault::Rare { from, to } => write!(f, "it fires less often than once a year (not between {from} and {to})"),
            CronFault::NoDay => write!(f, "it never fires (a date like 30 February?)"),
        }
    }
}

impl std::error::Error for TimeError {}

/// SET TIMEZONE: a player's zone (`example`: now, shown in it).
pub fn zone_set(zone: &str, example: &str) -> String {
    format!("Your time zone is {zone}: the judge shows you times like {example}, and reads the dates you write in it.")
}

/// SET TIMEZONE with no zone: the player's zone is the game's again.
pub fn zone_reset(zone: &str) -> String {
    format!("You have no time zone of your own: the game's ({zone}) is yours.")
}

/// The master's SET TIMEZONE: the game's zone.
pub fn game_zone_set(zone: &str, example: &str) -> String {
    format!(
        "The game's time zone is {zone} (now {example}): its players see times in it unless they set their own, and its timings' clock times and days are in it."
    )
}

/// SET NOABSENCE: what was cancelled.
pub fn absence_cancelled(from: &str, to: &str) -> String {
    format!("Absence cancelled: {from} to {to}.")
}

/// SET BLACKOUT: the spans now kept (`2026-12-24 to 2026-12-26`, ...).
pub fn blackout_set(spans: &[String]) -> String {
    format!("No deadline nor end of a grace period falls on these days (from the next deadline on): {}.", spans.join("; "))
}

/// A blackout span, as shown.
pub fn blackout_span(from: &str, to: &str) -> String {
    if from == to { from.to_string() } else { format!("{from} to {to}") }
}

/// SET NO BLACKOUT.
pub fn blackouts_cleared() -> String {
    "No blackout days: deadlines fall on any day their timings allow.".to_string()
}

/// The master's SET START.
pub fn not_before_set(time: &str) -> String {
    format!("The current phase will not be processed before {time}.")
}

/// The master's SET START, past the deadline: the deadline moves with it.
pub fn not_before_moves_deadline(time: &str) -> String {
    format!("The deadline moves to {time}.")
}

/// The master's SET START, to the table.
pub fn not_before_notice(game: &str, who: &str, time: &str) -> String {
    format!("{who} set the earliest processing of game {game}'s current phase to {time}.\n")
}

/// What a kind of phase may have of its own (njudge's per-kind GRACE and DELAY).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerKindWhat {
    Grace,
    Delay,
}

/// njudge's `SET RETREATS GRACE 12`: a kind of phase's own grace period.
pub fn kind_grace_set(kind: &str, span: &str) -> String {
    format!("Grace period of {kind} phases: {span}, in place of the game's (SET GRACE); the other kinds keep theirs.")
}

/// njudge's `SET BUILDS DELAY 1`: a kind of phase's own delay (`None`: none).
pub fn kind_delay_set(kind: &str, span: Option<&str>) -> String {
    match span {
        Some(span) => format!(
            "When every order of a {kind} phase is in before the deadline, it is processed {span} later, in place of the game's delay (SET DELAY); the other kinds keep theirs."
        ),
        None => format!(
            "When every order of a {kind} phase is in before the deadline, it is processed at once, in place of the game's delay (SET DELAY); the other kinds keep theirs."
        ),
    }
}

/// A kind of phase and its own span, in a list of them.
pub fn kind_span(kind: &str, span: &str) -> String {
    format!("{kind} phases {span}")
}

/// The game's grace period or delay set while some kinds keep their own.
pub fn kinds_keep_their_own(what: PerKindWhat, kinds: &[String]) -> String {
    let (noun, word) = match what {
        PerKindWhat::Grace => ("grace period", "GRACE"),
        PerKindWhat::Delay => ("delay", "DELAY"),
    };
    format!("These keep their own {noun} (njudge's SET MOVES|RETREATS|BUILDS {word}): {}.", kinds.join(", "))
}

/// SET [NO] STRICT GRACE done.
pub fn grace_end_set(e: crate::store::games::GraceEnd) -> String {
    match e {
        crate::store::games::GraceEnd::Exact => {
            "Strict grace: a grace period ends its whole length after the deadline, on any day (but off the blackout days).".into()
        }
        crate::store::games::GraceEnd::OnDeadlineDays => {
            "No strict grace: a grace period that would end on a day the phase's timing lets no deadline fall on ends at the start of the next day that does (and off the blackout days).".into()
        }
    }
}

/// The delay option: processing waits this long after the last orders.
pub fn delay_set(span: &str) -> String {
    format!("When every order is in before the deadline, the phase is processed {span} later; orders may still be changed until then.")
}

/// The delay option at zero.
pub fn no_delay() -> String {
    "When every order is in before the deadline, the phase is processed at once.".to_string()
}

/// The master's notice of players' absences: subject.
pub fn absences_subject(g: &crate::game::Game) -> String {
    format!("Game {}: a player's absence", g.name)
}

/// The master's notice of players' absences: a line each power.
pub fn absences_notice(g: &crate::game::Game, lines: &[String]) -> String {
    let mut out = format!("Absences in game {} (deadlines that fall in one move to its end, within the game's limits):\n\n", g.name);
    for l in lines {
        out.push_str(&format!("  {l}\n"));
    }
    out
}

/// One power's absence, for the master.
pub fn absence_line(power: &str, from: &str, to: &str) -> String {
    format!("{power} will be away from {from} to {to}.")
}

/// An absence past the game's limit, for the master to grant.
pub fn absence_request_line(who: &str, power: &str, from: &str, to: &str, days: u32) -> String {
    format!(
        "{who} asks to be away from {from} to {to}, longer than the game's limit of {days} days. It counts only once you grant it: \
         sign on as the master, then BECOME {power} and SET ABSENCE {from} TO {to} (your absences are not bound by the limit)."
    )
}

/// The player's reply to an absence past the game's limit.
pub fn absence_sent_to_master(from: &str, to: &str, days: u32) -> String {
    format!(
        "Your absence from {from} to {to} is longer than this game's limit of {days} days: it was sent to the master, \
         who may grant it. Until then it does not count."
    )
}

/// One power's absence cancelled, for the master.
pub fn absence_cancelled_line(power: &str, from: &str, to: &str) -> String {
    format!("{power} cancelled its absence from {from} to {to}.")
}
