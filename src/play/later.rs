//! Orders kept for a later phase (njudge's PHASE, `game::later`), given
//! when their phase begins: each power's blocks for it run on the board at
//! its start (its conditionals taken there), their orders given as if
//! mailed then (the same checks), SET WAIT and SET NOWAIT carried; what
//! came of each line mailed to the power's player. Blocks for a phase the
//! game did not play (a retreat with nothing dislodged) go, and the player
//! is told. In an adjustment phase a power's orders are given last first:
//! the builds are a list in reverse order of preference, as njudge's, so
//! when fewer builds are owed than listed the last ones are taken.

use crate::context::Ctx;
use crate::game::later::{self, Item};
use crate::game::{self, Game, pname};
use crate::map::PowerId;
use crate::report::say;
use crate::store::later::{self as kept, Kept};
use minijinja::context;
use rusqlite::Connection;

/// What giving one power's kept blocks said, line by line.
struct Given {
    power: PowerId,
    lines: Vec<String>,
}

/// Gives the orders kept for `game`'s current phase, drops those for the
/// phases it passed, and tells each power's player. The game is saved if
/// a wait changed or the phase is ready at once.
pub fn begin(conn: &Connection, ctx: &mut Ctx, game: &mut Game) -> anyhow::Result<()> {
    let v = game.variant.clone();
    let all = kept::all(conn, &v, game.id, None)?;
    if all.is_empty() {
        return Ok(());
    }
    let now_phase = game.started()?.phase;
    let (due, passed): (Vec<&Kept>, Vec<&Kept>) = all.iter().filter(|k| k.phase <= now_phase).partition(|k| k.phase == now_phase);
    let mut told: Vec<Given> = Vec::new();
    for k in &passed {
        entry(&mut told, k.power).push(say::later::unused(&v.calendar.long_name(k.phase)));
    }
    let mut powers: Vec<PowerId> = due.iter().map(|k| k.power).collect();
    powers.sort_unstable();
    powers.dedup();
    let mut changed = false;
    // the board the phase begins with (before the first move, every
    // power's starting choices applied), read once for every power
    let pos = game::current_orders(conn, game)?.pos;
    for power in powers {
        let blocks: Vec<&Kept> = due.iter().copied().filter(|k| k.power == power).collect();
        let (lines, wait) = give(conn, ctx, game, &pos, power, &blocks)?;
        entry(&mut told, power).extend(lines);
        if let Some(w) = wait
            && let Some(p) = game.players.iter_mut().find(|p| p.is_active_player() && p.power == Some(power))
        {
            p.wait = w;
            p.save(conn)?;
            changed = true;
        }
    }
    let ids: Vec<i64> = due.iter().chain(&passed).map(|k| k.id).collect();
    kept::remove(conn, &ids)?;
    let phase_name = v.calendar.long_name(now_phase);
    for t in &told {
        let Some(addr) = game.player_for(t.power).map(|p| p.email.clone()) else { continue };
        let power_name = pname(&v, t.power);
        let body =
            ctx.templates.render("notice.txt", context! { title => say::later::begun_title(&game.name, &phase_name, &power_name), lines => t.lines.clone() });
        ctx.game_notice(conn, &addr, &say::later::begun_subject(&game.name, &phase_name), body, game.id)?;
    }
    // the kept orders may complete the phase: the next tick processes it
    let cur = game::current_orders(conn, game)?;
    if game::ready(game, &cur) && game.ready_since.is_none() {
        game.ready_since = Some(ctx.now());
        changed = true;
    }
    if changed {
        game.save(conn)?;
    }
    Ok(())
}

fn entry(told: &mut Vec<Given>, power: PowerId) -> &mut Vec<String> {
    let i = match told.iter().position(|t| t.power == power) {
        Some(i) => i,
        None => {
            told.push(Given { power, lines: Vec::new() });
            told.len() - 1
        }
    };
    &mut told[i].lines
}

/// Gives one power's blocks for the current phase: what the judge answered
/// each line, and the wait they leave (the last SET WAIT or SET NOWAIT).
fn give(
    conn: &Connection,
    ctx: &mut Ctx,
    game: &Game,
    pos: &crate::adjudicate::Position,
    power: PowerId,
    blocks: &[&Kept],
) -> anyhow::Result<(Vec<String>, Option<bool>)> {
    let v = game.v();
    let kind = pos.phase.kind;
    let mut items = Vec::new();
    for k in blocks {
        let read = later::read(v, kind, &k.lines).map_err(|r| anyhow::anyhow!("game {}: kept orders row {} do not read back: {r:?}", game.name, k.id))?;
        items.extend(later::run(&read, pos));
    }
    let mut wait = None;
    let mut orders: Vec<String> = Vec::new();
    for it in items {
        match it {
            Item::Orders(line) => orders.extend(line.split([',', ';']).map(str::trim).filter(|o| !o.is_empty()).map(String::from)),
            Item::Wait(w) => wait = Some(w),
            _ => {}
        }
    }
    // builds and removals: in the order written, the last ones counting when
    // more are given than due (submit_line's rule, njudge's reverse order of
    // preference)
    // one mail for all of them (the latest block's): a stack's or a build
    // list's orders count together, as one mail's do
    let mail_id = blocks.last().and_then(|k| k.mail_id);
    let board = game::Board { game, pos };
    let seat = game.group_of(power);
    let now = ctx.now();
    let mut out = Vec::new();
    for o in &orders {
        for r in game::submit_line(conn, &board, &seat, o, mail_id, now)? {
            out.push(match r {
                Ok(a) => say::orders::accepted_line((seat.len() > 1).then(|| pname(v, a.power)).as_deref(), &a),
                Err(e) => say::later::given(o, &say::session::error(&say::refusal::refusal(&e))),
            });
        }
    }
    if let Some(w) = wait {
        out.push(if w { say::settings::wait_set() } else { say::settings::wait_cleared() });
    }
    let rows = crate::store::orders::current(conn, game.id, game.seq, Some(power))?;
    let n = game::needs(v, &game.rules, pos, power, &game::parsed_orders(v, &rows)?);
    if !n.missing.is_empty() {
        out.push(say::later::still_to_order(&say::orders::missing(&n.missing)));
    } else if n.needs {
        out.push(say::later::complete());
    }
    Ok((out, wait))
}
