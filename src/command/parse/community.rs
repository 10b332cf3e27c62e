//! The community's commands: REGISTER, WHOIS (njudge's WHO IS, and WHO
//! user), WHOGAME, VERSION, GET; a player's record: GET DEDICATION, INFO
//! PLAYER, I AM ALSO.

use super::cmd::Cmd;
use super::line::Line;
use crate::game::dedication::DedicationRefusal;
use crate::game::refusal::{Refusal, ToolRefusal};

/// REGISTER, WHOIS, WHOGAME, VERSION, GET: the community's commands.
pub(super) fn community(l: &Line) -> Option<Cmd> {
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
        "GET" if l.w.len() == l.skip + 1 && l.arg(0).is_some_and(|a| a.eq_ignore_ascii_case("DEDICATION")) => Cmd::GetDedication,
        "INFOPLAYER" => match l.arg(0) {
            Some(a) if l.w.len() == l.skip + 1 => Cmd::InfoPlayer(a),
            _ => Cmd::Bad(Refusal::Dedication(DedicationRefusal::InfoPlayerUsage)),
        },
        "IAMALSO" => match l.arg(0) {
            Some(address) if matches!(l.w.len() - l.skip, 1 | 3) => Cmd::IAmAlso { address, codes: l.w[l.skip + 1..].iter().map(|c| c.to_string()).collect() },
            _ => Cmd::Bad(Refusal::Dedication(DedicationRefusal::IAmAlsoUsage)),
        },
        "GET" if l.w.len() <= l.skip + 1 => Cmd::Get(l.arg(0)),
        "GET" => Cmd::Bad(ToolRefusal::GetUsage.into()),
        _ => return None,
    })
}
