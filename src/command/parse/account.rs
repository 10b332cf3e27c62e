//! The account's commands: CREATE, SIGNON, OBSERVE, UNOBSERVE, CONFIRM,
//! UNLOCK, RESIGN, HELP, SIGNOFF.

use super::cmd::Cmd;
use super::line::Line;
use crate::game::refusal::{Refusal, UsageRefusal};

/// CREATE, SIGNON, OBSERVE, UNOBSERVE, CONFIRM, RESIGN, HELP, SIGNOFF.
pub(super) fn account(l: &Line) -> Option<Cmd> {
    let arg = |i| l.arg(i);
    Some(match l.head.as_str() {
        "CREATE" => match (l.game(), arg(1)) {
            (Some(game), Some(password)) => Cmd::Create {
                game,
                password,
                variant: arg(2),
                options: l.w.get(l.skip + 3..).map(|s| s.iter().map(|x| x.to_string()).collect()).unwrap_or_default(),
            },
            _ => Cmd::Bad(Refusal::Usage(UsageRefusal::CreateUsage)),
        },
        "SIGNON" => match (arg(0), arg(1)) {
            (Some(g), Some(password)) => signon(&g, password, arg(2)),
            // `SIGNON ?` and `SIGNON ?game`: what may be joined, and how
            (Some(g), None) if g.starts_with('?') => Cmd::JoinInfo(Some(g[1..].to_string()).filter(|g| !g.is_empty())),
            _ => Cmd::Bad(Refusal::Usage(UsageRefusal::SignonUsage)),
        },
        "OBSERVE" | "WATCH" => match l.game() {
            Some(game) => Cmd::Observe { game, password: arg(1) },
            None => Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsGame { command: "OBSERVE" })),
        },
        "UNOBSERVE" | "UNWATCH" | "UNSUBSCRIBE" => match l.game() {
            Some(game) => Cmd::Unobserve { game, code: arg(1) },
            None => Cmd::Bad(Refusal::Usage(UsageRefusal::NeedsGame { command: "UNOBSERVE" })),
        },
        "CONFIRM" => match (l.game(), arg(1), arg(2)) {
            (Some(game), Some(code), None) => Cmd::Confirm { game, code },
            // the address's own consent (context::gate): with its code, or asking for one
            (_, None, None) => Cmd::Consent { code: arg(0) },
            _ => Cmd::Bad(Refusal::Usage(UsageRefusal::ConfirmUsage)),
        },
        "UNLOCK" => match (arg(0), arg(1)) {
            (Some(code), None) => Cmd::Unlock(code),
            _ => Cmd::Bad(Refusal::Usage(UsageRefusal::UnlockUsage)),
        },
        "RESIGN" | "ABANDON" | "WITHDRAW" => Cmd::Resign,
        "HELP" => Cmd::Help,
        // SIGNOFF with words after it (`SIGNOFF now`, `SIGNOFF France`) too:
        // nothing else starts so; END, QUIT and BYE alone (`END` also ends a
        // REGISTER form, and a line may start with those words in prose)
        "SIGNOFF" => Cmd::Signoff,
        "QUIT" | "END" | "BYE" if l.alone() => Cmd::Signoff,
        _ => return None,
    })
}

/// `SIGNON ?game pw` (joining) or `SIGNON Xgame pw` (power X).
fn signon(g: &str, password: String, key: Option<String>) -> Cmd {
    if let Some(game) = g.strip_prefix('?') {
        return Cmd::Join { game: game.to_string(), password, key };
    }
    let mut cs = g.chars();
    let letter = cs.next().map(|c| c.to_ascii_uppercase()).unwrap_or(' ');
    let game: String = cs.collect();
    if game.is_empty() { Cmd::Bad(Refusal::Usage(UsageRefusal::SignonLetterAndGame)) } else { Cmd::Signon { letter, game, password } }
}
