//! What is wrong with a duration, a timing rule or a date
//! ([`crate::timing::TimeError`]), as a player or the keeper reads it.

use crate::timing::{CronFault, MAX_DEADLINE_AHEAD_SECS, MAX_DURATION_SECS, MIN_PHASE_SECS, TimeError, format_span, format_time};
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
            NotADate { text, tz } => write!(f, "`{text}` is not a date: write YYYY-MM-DD HH:MM (time zone {tz}), or +48h"),
            NoSuchTime { text, tz } => write!(f, "`{text}` does not exist in time zone {tz}"),
        }
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
