//! The results report of a phase (and of a prediction).

use crate::adjudicate::{self, Outcome, Position, ResultKind};
use crate::game::orders::needs;
use crate::game::powers::pname;
use crate::judge::Ctx;
use crate::map::{PowerId, Variant};
use crate::order::Order;
use crate::phase::PhaseKind;
use crate::store::games::Game;
use crate::timing;
use minijinja::context;

/// The report of an outcome, and the powers that sent no orders.
pub fn render_report(ctx: &Ctx, v: &Variant, game: &Game, pos: &Position, out: &Outcome, orders: &[(PowerId, Order)], prediction: bool, deadline: Option<i64>) -> String {
    let mut powers = Vec::new();
    let mut nmr = Vec::new();
    for p in 0..v.powers.len() as PowerId {
        let rows: Vec<minijinja::Value> = out
            .results
            .iter()
            .filter(|r| r.power == p)
            .map(|r| {
                let mut res = match r.result {
                    ResultKind::Ok => String::new(),
                    k => k.label().replace('_', " "),
                };
                if let Some(n) = r.note
                    && (r.result != ResultKind::Ok || r.defaulted)
                {
                    res = if res.is_empty() { n.text().to_string() } else { format!("{res}: {}", n.text()) };
                }
                context! { text => r.order.canonical(v), result => res }
            })
            .collect();
        let n = needs(v, pos, p, orders);
        if n.needs && !orders.iter().any(|(q, _)| *q == p) {
            nmr.push(pname(v, p));
        }
        if !rows.is_empty() {
            powers.push(context! { name => pname(v, p), orders => rows });
        }
    }
    let dislodged: Vec<minijinja::Value> = out
        .dislodged
        .iter()
        .map(|d| context! { power => pname(v, d.unit.power), unit => v.unit_code(&d.unit), options => d.options.iter().map(|l| v.loc_code(*l)).collect::<Vec<_>>() })
        .collect();
    let np = &out.position;
    let mut table = Vec::new();
    let mut eliminated = Vec::new();
    for p in 0..v.powers.len() as PowerId {
        let c = np.center_count(p);
        let u = np.unit_count(p);
        if c == 0 && u == 0 {
            if pos.center_count(p) > 0 || pos.unit_count(p) > 0 {
                eliminated.push(pname(v, p));
            }
            continue;
        }
        let adjust = if out.next_phase.is_some_and(|n| n.kind == PhaseKind::Adjustment) {
            if c > u {
                let can = (c - u).min(adjudicate::adjust::free_homes(v, np, p).count());
                if can == c - u { format!("builds {can}") } else { format!("builds {can} (of {} owed: no free home centre)", c - u) }
            } else if u > c {
                format!("removes {}", u - c)
            } else {
                String::new()
            }
        } else {
            String::new()
        };
        let owned: Vec<String> = np.centers.iter().enumerate().filter(|(_, o)| **o == Some(p)).map(|(i, _)| v.code(i as u16).to_string()).collect();
        table.push(context! { power => pname(v, p), centers => c, units => u, adjust => adjust, owned => owned });
    }
    let finished = out.winner.map(|w| format!("{} has won ({} supply centres).", pname(v, w), np.center_count(w)));
    let title = format!("{} results", v.calendar.long_name(pos.phase));
    ctx.templates.render(
        "report.txt",
        context! {
            game => game.name.clone(), variant => v.name.clone(), title => title, powers => powers, nmr => nmr,
            dislodged => dislodged, table => table, eliminated => eliminated,
            next => out.next_phase.map(|n| v.calendar.long_name(n)).unwrap_or_default(),
            deadline => deadline.map(|d| timing::format_time(d, ctx.cfg.timezone)).unwrap_or_default(),
            finished => finished, prediction => prediction,
        },
    )
}
