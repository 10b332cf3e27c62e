//! The results report of a phase (and of a prediction).

use crate::adjudicate::{Outcome, Position, ResultKind};
use crate::game::orders::needs;
use crate::game::powers::pname;
use crate::judge::Ctx;
use crate::map::{PowerId, Variant};
use crate::order::Order;
use crate::store::games::Game;
use crate::timing;
use minijinja::context;

/// The report of an outcome, and the powers that sent no orders.
pub fn render_report(
    ctx: &Ctx,
    v: &Variant,
    game: &Game,
    pos: &Position,
    out: &Outcome,
    orders: &[(PowerId, Order)],
    prediction: bool,
    deadline: Option<i64>,
) -> String {
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
    let finished = out.winner().map(|w| match v.victory {
        crate::map::Victory::Centers(_) => format!("{} has won ({} supply centres).", pname(v, w), out.position.center_count(w)),
        crate::map::Victory::Units(_) => format!("{} has won ({} units on the board).", pname(v, w), out.position.unit_count(w)),
    });
    let title = format!("{} results", v.calendar.long_name(pos.phase));
    ctx.templates.render(
        "report.txt",
        context! {
            game => game.name.clone(), variant => v.name.clone(), title => title, powers => powers, nmr => nmr,
            board => crate::report::board::board(v, &out.position).to_value(),
            next => out.next_phase.map(|n| v.calendar.long_name(n)).unwrap_or_default(),
            deadline => deadline.map(|d| timing::format_time(d, ctx.cfg.timezone)).unwrap_or_default(),
            finished => finished, prediction => prediction,
        },
    )
}
