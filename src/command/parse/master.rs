//! The master's commands: APPROVE, REJECT, PROCESS, PREDICT, PAUSE, RESUME,
//! TERMINATE, EJECT, BECOME, ROLLBACK, DECLARE DRAW and the master's tools.

use super::cmd::Cmd;
use super::line::Line;
use crate::game::refusal::{Refusal, ToolRefusal, UsageRefusal};

/// The master's commands.
pub(super) fn master(l: &Line) -> Option<Cmd> {
    let arg = |i| l.arg(i);
    Some(match l.head.as_str() {
        "APPROVE" => arg(0).map(Cmd::Approve).unwrap_or_else(|| Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsRequestedPower { command: "APPROVE" }))),
        "REJECT" => arg(0).map(Cmd::Reject).unwrap_or_else(|| Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsRequestedPower { command: "REJECT" }))),
        "PROCESS" if l.alone() => Cmd::Process { force: false, phase: None },
        // njudge's PROCESS season year phase: forced, and only in that phase
        "PROCESS" | "PROCESS!" => Cmd::Process { force: true, phase: (!l.alone()).then(|| l.rest(0)) },
        "PREDICT" => Cmd::Predict,
        "PAUSE" => Cmd::Pause,
        "RESUME" => Cmd::Resume,
        "TERMINATE" => Cmd::Terminate,
        "EJECT" => arg(0).map(Cmd::Eject).unwrap_or_else(|| Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsPower { command: "EJECT" }))),
        "BECOME" if arg(0).is_some_and(|w| w.eq_ignore_ascii_case("MASTER")) && l.w.len() == l.skip + 1 => Cmd::BecomeMaster,
        "BECOME" => arg(0).map(Cmd::Become).unwrap_or_else(|| Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsPower { command: "BECOME" }))),
        // no phase: the last one processed; a number: njudge's turn number
        "ROLLBACK" if l.w.len() <= l.skip + 2 => Cmd::Rollback(arg(0)),
        "ROLLBACK" => Cmd::Bad(Refusal::Usage(UsageRefusal::RollbackUsage)),
        "DECLARE" if arg(0).is_some_and(|w| w.eq_ignore_ascii_case("DRAW")) => Cmd::DeclareDraw(l.rest(1)),
        "DECLARE" => Cmd::Bad(Refusal::DeclareDrawUsage),
        "PROMOTE" => arg(0).map(Cmd::Promote).unwrap_or_else(|| Cmd::Bad(needs_address("PROMOTE"))),
        "DEMOTE" => arg(0).map(Cmd::Demote).unwrap_or_else(|| Cmd::Bad(needs_address("DEMOTE"))),
        "INVITE" => arg(0).map(Cmd::Invite).unwrap_or_else(|| Cmd::Bad(needs_address("INVITE"))),
        "UNSTART" if l.alone() => Cmd::Unstart,
        "FORCEBEGIN" if l.alone() => Cmd::ForceBegin,
        "ROLLFORWARD" if l.w.len() <= l.skip + 1 => Cmd::Rollforward(arg(0)),
        _ => return None,
    })
}

fn needs_address(command: &str) -> Refusal {
    ToolRefusal::NeedsAddress { command: command.to_string() }.into()
}
