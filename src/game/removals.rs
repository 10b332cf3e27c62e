//! The GM's removals (docs/RULES1885.md E18): on a map whose unordered
//! removals are the GM's (`civil_disorder = least_effect`), the master is
//! mailed a preview of the units the judge will remove for each power that
//! has not ordered all its removals: when the adjustment phase opens, and
//! again when its deadline passes with removals still missing. The master
//! orders a removal for a power with `Power: REMOVE A SIB` (or BECOME);
//! those orders are the power's and replace the preview. What nobody
//! ordered when the phase is processed is removed as the preview says.

use crate::adjudicate::{self, Position};
use crate::map::PowerId;
use crate::order::Order;
use crate::phase::PhaseKind;
use crate::rules::{CivilDisorder, Rulebook};

/// A power that owes removals it has not all ordered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owed {
    pub power: PowerId,
    /// Removals owed in all.
    pub owed: usize,
    /// Removals it (or the master for it) ordered: canonical texts.
    pub ordered: Vec<String>,
    /// The units the judge removes for the rest, by the least-effect heuristic.
    pub judge: Vec<String>,
}

/// Whether unordered removals in this game are the GM's.
pub fn gm_removes(rules: &Rulebook) -> bool {
    rules.civil_disorder == CivilDisorder::LeastEffect
}

/// The powers of `pos` (an adjustment phase) owing removals they have not
/// all ordered, with what the judge would remove for them given `orders`.
pub fn preview(game: &crate::game::Game, pos: &Position, orders: &[(PowerId, Order)]) -> Vec<Owed> {
    let (v, rules) = (game.v(), &game.rules);
    if !gm_removes(rules) || pos.phase.kind != PhaseKind::Adjustment {
        return Vec::new();
    }
    let out = adjudicate::process(v, rules, pos, orders);
    let mut list = Vec::new();
    for p in (0..v.powers.len() as PowerId).filter(|&p| !game.is_neutral(p)) {
        let (units, centres) = (pos.unit_count(p), adjudicate::adjust::supply(v, pos, p));
        if units <= centres {
            continue;
        }
        let mine = out.results.iter().filter(|r| r.power == p && matches!(r.order, Order::Disband(_)));
        let (judge, ordered): (Vec<_>, Vec<_>) = mine.partition(|r| r.defaulted);
        if judge.is_empty() {
            continue;
        }
        list.push(Owed {
            power: p,
            owed: units - centres,
            ordered: ordered.iter().map(|r| r.order.canonical(v)).collect(),
            judge: judge
                .iter()
                .filter_map(|r| r.order.unit())
                .map(|s| match s.kind {
                    Some(k) => format!("{} {}", k.letter(), v.loc_code(s.loc)),
                    None => v.loc_code(s.loc),
                })
                .collect(),
        });
    }
    list
}
