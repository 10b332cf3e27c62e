//! The community's commands: REGISTER, WHOIS, WHOGAME, VERSION, GET.

use super::cmd::Cmd;
use super::line::Line;
use crate::game::refusal::ToolRefusal;

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
        "GET" if l.w.len() <= l.skip + 1 => Cmd::Get(l.arg(0)),
        "GET" => Cmd::Bad(ToolRefusal::GetUsage.into()),
        _ => return None,
    })
}
