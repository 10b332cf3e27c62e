//! The keeper's commands by mail (njudge's administrator's `adm/` ones):
//! ADJUST and RECORD, each with the keeper's password as its last word.

use super::cmd::Cmd;
use super::line::Line;
use crate::game::dedication::{DedicationRefusal as D, MAX_ADJUST, MAX_RECORD_VALUE, RecordField};
use crate::game::refusal::Refusal;

/// ADJUST address points password; RECORD address field value password.
pub(super) fn keeper(l: &Line) -> Option<Cmd> {
    let args: Vec<String> = l.w[l.skip.min(l.w.len())..].iter().map(|w| w.to_string()).collect();
    let bad = |r: D| Cmd::Bad(Refusal::Dedication(r));
    Some(match (l.head.as_str(), args.as_slice()) {
        ("ADJUST", [who, points, password]) => match points.trim_start_matches('+').parse::<i64>() {
            Ok(n) if n.abs() <= MAX_ADJUST => Cmd::Adjust { who: who.clone(), points: n, password: password.clone() },
            _ => bad(D::AdjustTooLarge { word: points.clone() }),
        },
        ("ADJUST", _) => bad(D::AdjustUsage),
        ("RECORD", [who, field, value, password]) => {
            let Some(field) = RecordField::parse(field) else { return Some(bad(D::NoSuchField { word: field.clone() })) };
            match value.parse::<u32>() {
                Ok(n) if n <= MAX_RECORD_VALUE => Cmd::Record { who: who.clone(), field, value: n, password: password.clone() },
                _ => bad(D::RecordTooLarge { word: value.clone() }),
            }
        }
        ("RECORD", _) => bad(D::RecordUsage),
        _ => return None,
    })
}
