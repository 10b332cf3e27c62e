//! The options of a game's timing applied: a kind of phase's rule (the
//! judge's own, a cron line or njudge's parameters), the game's grace
//! period and delay, and njudge's GRACE and DELAY for one kind of phase.

use super::OptionError;
use crate::phase::PhaseKind;
use crate::report::say;
use crate::store::games::{PerKind, Settings};
use crate::timing::{self, Schedule};

/// A phase kind's name as the replies and the stored settings write it.
fn kind_key(kind: PhaseKind) -> &'static str {
    match kind {
        PhaseKind::Movement => "movement",
        PhaseKind::Retreat => "retreat",
        PhaseKind::Adjustment => "adjustment",
    }
}

pub(super) fn apply_timing(s: &mut Settings, kind: PhaseKind, t: Schedule) -> String {
    let said = say::master::timing_set(kind_key(kind), t.as_str());
    *s.schedule_mut(kind) = t;
    said
}

/// The kinds of phase that keep a value of their own over the game's
/// (`what`: a grace period or a delay), as a reply says it; none: nothing.
pub(in crate::command) fn kinds_keep(own: &PerKind, what: say::time::PerKindWhat) -> Option<String> {
    let kinds: Vec<String> = own.given().into_iter().map(|(k, secs)| say::time::kind_span(kind_key(k), &timing::format_span(secs))).collect();
    (!kinds.is_empty()).then(|| say::time::kinds_keep_their_own(what, &kinds))
}

/// The game's grace period after a deadline (every kind of phase that has
/// none of its own).
pub(super) fn apply_grace(s: &mut Settings, secs: i64) -> String {
    s.grace_secs = secs;
    let said = say::master::grace_period(&timing::format_span(secs));
    match kinds_keep(&s.phase_grace, say::time::PerKindWhat::Grace) {
        Some(kept) => format!("{said} {kept}"),
        None => said,
    }
}

/// The game's delay after the last orders (`0`: none), for every kind of
/// phase that has none of its own.
pub(super) fn apply_delay(s: &mut Settings, secs: i64) -> String {
    s.delay_secs = secs;
    let said = if secs == 0 { say::time::no_delay() } else { say::time::delay_set(&timing::format_span(secs)) };
    match kinds_keep(&s.phase_delay, say::time::PerKindWhat::Delay) {
        Some(kept) => format!("{said} {kept}"),
        None => said,
    }
}

/// njudge's parameters over the phase kind's rule now (see
/// [`timing::NjudgeParams`]); GRACE and DELAY are that kind's own, in
/// place of the game's (njudge keeps them per kind of phase).
pub(super) fn apply_njudge_timing(s: &mut Settings, kind: PhaseKind, p: &timing::NjudgeParams) -> Result<String, OptionError> {
    let mut said = Vec::new();
    // `SET BUILDS DELAY 1.0` leaves the timing as it is (a cron rule too)
    if p.names_timing() {
        let t = p.timing(Some(s.schedule(kind).timing()));
        // the text is read as any stored rule is, with the same limits and checks
        said.push(apply_timing(s, kind, Schedule::parse(&t.text())?));
    }
    if let Some(secs) = p.grace_secs {
        s.phase_grace.set(kind, secs);
        said.push(say::time::kind_grace_set(kind_key(kind), &timing::format_span(secs)));
    }
    if let Some(secs) = p.delay_secs {
        s.phase_delay.set(kind, secs);
        said.push(say::time::kind_delay_set(kind_key(kind), (secs > 0).then(|| timing::format_span(secs)).as_deref()));
    }
    Ok(said.join(" "))
}
