//! Reading an option's value: one reader a kind of value (a switch, a
//! press rule, a timing, an address list ...), each refusing what it does
//! not take with what would work.

use super::{Named, OptionValue, Scope};
use crate::config::Config;
use crate::game::dedication::AccessList;
use crate::game::options::OptionError;
use crate::game::{Assignment, Press};
use crate::map::Variant;
use crate::phase::PhaseKind;
use crate::publish::{Kind, Webhook};
use crate::report::results::ReportFormat;
use crate::store::dedication::Ratio;
use crate::store::games::{Access, FakePress, MasterPress, ObserverPress};
use crate::timing::{self, Schedule};

/// A yes/no word as an on/off option's value: `Some(true)` for nothing,
/// `yes`, `on`, `true`, `1`; `Some(false)` for `no`, `off`, `false`, `0`.
pub(super) fn switch_word(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "" | "yes" | "on" | "true" | "1" => Some(true),
        "no" | "off" | "false" | "0" => Some(false),
        _ => None,
    }
}

/// An on/off option's value: on, unless `NO` came before its name or the
/// value says off; any other value is refused with the option's names
/// (`SET LATE PRESS COUNT` is no way to turn late press off).
pub(super) fn read_switch(named: Named, text: &str) -> Result<bool, OptionError> {
    let spec = named.option.spec();
    let on = switch_word(text).ok_or_else(|| OptionError::SwitchValues {
        key: spec.keys[0],
        word: spec.words.first().copied().unwrap_or(spec.keys[0]),
        value: text.trim().to_string(),
    })?;
    Ok(on && !named.no)
}

/// A phase kind's timing: njudge's parameters, or a rule of the judge's own.
pub(super) fn read_timing(kind: PhaseKind, text: &str) -> Result<OptionValue, OptionError> {
    Ok(match timing::NjudgeParams::parse(text) {
        Some(p) => OptionValue::NjudgeTiming(kind, p?),
        None => OptionValue::Timing(kind, Schedule::parse(text)?),
    })
}

/// A duration up to [`timing::MAX_DELAY_SECS`] (`0`: none).
pub(super) fn read_delay(text: &str) -> Result<i64, OptionError> {
    let t = text.trim();
    let secs = if t == "0" { 0 } else { timing::parse_duration(t)? };
    if secs > timing::MAX_DELAY_SECS {
        return Err(timing::TimeError::DelayTooLong { text: t.to_string() }.into());
    }
    Ok(secs)
}

/// njudge's press words (`grey` as it always was here: njudge's White/Grey).
pub(super) fn read_press(text: &str) -> Result<Press, OptionError> {
    let t = text.trim().to_ascii_lowercase().replace("gray", "grey").replace([' ', '-'], "_");
    match t.as_str() {
        "white" => Ok(Press::White),
        "grey" | "white/grey" => Ok(Press::Grey),
        "grey/white" => Ok(Press::GreyWhite),
        "grey_only" | "greyonly" => Ok(Press::GreyOnly),
        "none" | "no" => Ok(Press::None),
        _ => Err(OptionError::PressValues { value: text.to_string() }),
    }
}

/// `may`, `no`, `broadcast_by_default`, `broadcast` (`SET NO FAKE`: no).
pub(super) fn read_fake(no: bool, text: &str) -> Result<FakePress, OptionError> {
    let t = text.trim().to_ascii_lowercase().replace([' ', '-'], "_");
    match t.as_str() {
        _ if no => Ok(FakePress::No),
        "" | "may" | "yes" | "on" => Ok(FakePress::May),
        "no" | "off" => Ok(FakePress::No),
        "broadcast_by_default" | "default" => Ok(FakePress::BroadcastByDefault),
        "broadcast" | "always" => Ok(FakePress::Broadcast),
        _ => Err(OptionError::FakeValues { value: text.to_string() }),
    }
}

pub(super) fn read_observer_press(text: &str) -> Result<ObserverPress, OptionError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "any" => Ok(ObserverPress::Any),
        "partial" => Ok(ObserverPress::Partial),
        "white" => Ok(ObserverPress::White),
        "none" | "no" => Ok(ObserverPress::None),
        _ => Err(OptionError::ObserverPressValues { value: text.to_string() }),
    }
}

pub(super) fn read_master_press(text: &str) -> Result<MasterPress, OptionError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "all" => Ok(MasterPress::All),
        "normal" => Ok(MasterPress::Normal),
        _ => Err(OptionError::MasterPressValues { value: text.to_string() }),
    }
}

pub(super) fn read_assignment(text: &str) -> Result<Assignment, OptionError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "random" => Ok(Assignment::Random),
        "preference" => Ok(Assignment::Preference),
        _ => Err(OptionError::AssignmentValues),
    }
}

/// `address [TEXT|MARKDOWN|BBCODE]`, or `NONE`: no list. Nothing is
/// refused: njudge's `SET LIST` (a game shown in its listing) is no way to
/// stop the list.
pub(super) fn read_list(text: &str, cfg: &Config) -> Result<Option<(String, ReportFormat)>, OptionError> {
    if text.trim().is_empty() {
        return Err(OptionError::ListNeedsAddress);
    }
    let mut words = text.split_whitespace();
    let a = words.next().unwrap_or("");
    let format = match words.next() {
        Some(w) => ReportFormat::parse(w).ok_or_else(|| OptionError::ListFormat { got: w.to_string() })?,
        None => ReportFormat::Text,
    };
    if words.next().is_some() {
        return Err(OptionError::ListFormat { got: text.trim().to_string() });
    }
    if a.is_empty() || a.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    if a.parse::<lettre::Address>().is_err() || crate::mail::read::answerable(a, &cfg.address).is_err() {
        return Err(OptionError::NotAnAddress { address: a.to_string() });
    }
    Ok(Some((a.to_string(), format)))
}

/// `DISCORD url` or `DISCOURSE url TOPIC n KEY k USER u` (words in any order
/// after the URL), to a host the keeper allows.
pub(super) fn read_webhook(text: &str, cfg: &Config) -> Result<Webhook, OptionError> {
    let w: Vec<&str> = text.split_whitespace().collect();
    let kind = match w.first().map(|k| k.to_ascii_lowercase()).as_deref() {
        Some("discord") => Kind::Discord,
        Some("discourse") => Kind::Discourse,
        _ => return Err(OptionError::WebhookUsage),
    };
    let url = w.get(1).ok_or(OptionError::WebhookUsage)?.to_string();
    let mut hook = Webhook { kind, url, topic: None, key: None, user: None };
    for pair in w[2..].chunks(2) {
        let [name, value] = pair else { return Err(OptionError::WebhookUsage) };
        match name.to_ascii_uppercase().as_str() {
            "TOPIC" => hook.topic = Some(value.parse().map_err(|_| OptionError::WebhookUsage)?),
            "KEY" => hook.key = Some(value.to_string()),
            "USER" => hook.user = Some(value.to_string()),
            _ => return Err(OptionError::WebhookUsage),
        }
    }
    let named = [hook.topic.is_some(), hook.key.is_some(), hook.user.is_some()];
    let fits = match kind {
        Kind::Discourse => named.iter().all(|&n| n),
        Kind::Discord => !named.iter().any(|&n| n),
    };
    if !fits {
        return Err(OptionError::WebhookUsage);
    }
    crate::publish::check_url(&cfg.webhooks, &hook.url).map_err(OptionError::WebhookRefused)?;
    Ok(hook)
}

/// A year from the game's current one on, or `NONE`.
pub(super) fn read_end(text: &str, scope: &Scope) -> Result<Option<i32>, OptionError> {
    let a = text.trim();
    if a.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let v = scope.variant;
    let first = scope.game.position.as_ref().map_or(v.start.year, |p| p.phase.year);
    let refused = || OptionError::EndValues { value: a.to_string(), first: v.calendar.year_name(first) };
    // as written on the map's calendar: `SET END 200` is 200 B.C. on classical
    let year = v.calendar.read_year(a).ok_or_else(refused)?;
    if year < first {
        return Err(refused());
    }
    Ok(Some(year))
}

/// A whole number (njudge's dedication may be negative), or `NONE`.
pub(super) fn read_dedication(text: &str) -> Result<Option<i64>, OptionError> {
    let a = text.trim();
    if a.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    a.parse().map(Some).map_err(|_| OptionError::DedicationValues { value: a.to_string() })
}

/// A ratio from 0 to 1 with at most three decimals (`0.85`, `.9`, `1`), or `NONE`.
pub(super) fn read_ratio(word: &'static str, text: &str) -> Result<Option<Ratio>, OptionError> {
    let a = text.trim();
    if a.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let refused = || OptionError::RatioValues { word, value: a.to_string() };
    let (whole, frac) = a.split_once('.').unwrap_or((a, ""));
    let digits = |d: &str| d.chars().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty()) || whole.len() > 1 || frac.len() > 3 || !digits(whole) || !digits(frac) {
        return Err(refused());
    }
    let n = whole.parse::<u16>().unwrap_or(0) * 1000 + format!("{frac:0<3}").parse::<u16>().unwrap_or(0);
    Ratio::from_thousandths(n).map(Some).ok_or_else(refused)
}

/// One address to add to an access list, or after a `-` to take off.
pub(super) fn read_access(list: AccessList, text: &str, cfg: &Config) -> Result<OptionValue, OptionError> {
    let mut words = text.split_whitespace();
    let (Some(word), None) = (words.next(), words.next()) else { return Err(OptionError::AccessUsage(list)) };
    let (add, address) = match word.strip_prefix('-') {
        Some(a) => (false, a),
        None => (true, word),
    };
    if address.parse::<lettre::Address>().is_err() || crate::mail::read::answerable(address, &cfg.address).is_err() {
        return Err(OptionError::NotAnAddress { address: address.to_string() });
    }
    Ok(OptionValue::Access { list, address: address.to_string(), add })
}

/// The most missed phases in a row `SET CD AFTER` takes.
pub const MAX_CD_AFTER: u32 = 12;

/// A number of missed phases in a row from 1 to [`MAX_CD_AFTER`], or `NONE`.
pub(super) fn read_cd_after(text: &str) -> Result<Option<u32>, OptionError> {
    let a = text.trim();
    if a.eq_ignore_ascii_case("none") || a == "0" {
        return Ok(None);
    }
    let refused = || OptionError::CdAfterValues { value: a.to_string(), most: MAX_CD_AFTER };
    let n: u32 = a.parse().map_err(|_| refused())?;
    if !(1..=MAX_CD_AFTER).contains(&n) {
        return Err(refused());
    }
    Ok(Some(n))
}

/// njudge's SET ACCESS word: ANY, SAME or DIFFERENT, each with or without `-SITE`.
pub(super) fn read_access_word(text: &str) -> Result<Access, OptionError> {
    let w = text.trim().to_ascii_lowercase();
    let w = w.strip_suffix("-site").or_else(|| w.strip_suffix(" site")).unwrap_or(&w).trim();
    Access::from_word(w).ok_or_else(|| OptionError::AccessValues { value: text.to_string() })
}

/// njudge's SET MAX ABSENCE: days from 0 (no absences) to the judge's
/// [`crate::game::MAX_ABSENCE_DAYS`] (njudge allows 31; here an absence
/// pushes a deadline by at most that much), or `NONE` for that.
pub(super) fn read_max_absence(text: &str) -> Result<Option<u32>, OptionError> {
    let a = text.trim();
    if a.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let most = crate::game::MAX_ABSENCE_DAYS;
    let n: u32 = a.parse().map_err(|_| OptionError::MaxAbsenceValues { value: a.to_string(), most })?;
    if n > most {
        return Err(OptionError::MaxAbsenceValues { value: a.to_string(), most });
    }
    Ok(Some(n))
}

/// A number of centres from 1 to the map's, or `NONE`.
pub(super) fn read_centers(text: &str, v: &Variant) -> Result<Option<u32>, OptionError> {
    let a = text.trim();
    if a.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let most = v.center_count();
    let n = a.parse::<u32>().ok().filter(|&n| n >= 1 && n as usize <= most).ok_or_else(|| OptionError::CentersValues { value: a.to_string(), most })?;
    Ok(Some(n))
}
