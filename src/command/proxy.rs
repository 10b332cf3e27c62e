//! Proxy orders (njudge's `data/syntax`, DPjudge's `PROXY_OK`), where the
//! master allows them (`SET PROXY`): `A BER P AUSTRIA` (`PROXY`, `PROXY TO`)
//! lends a unit to another power for the movement phase. The unit holds
//! unless the other power orders it; that order is the unit's (its owner's
//! own orders for the unit are refused while it is lent), and the owner
//! takes it back by lending it to itself (`A BER P GERMANY`). The loan ends
//! with the phase.

use super::{Fail, Session};
use crate::game::refusal::Refusal;
use crate::game::{self, Game, pname};
use crate::map::{PowerId, Variant};
use crate::order::Order;
use crate::phase::PhaseKind;
use crate::report::say;
use crate::store::games::ProxyOrders;
use crate::store::proxies::{self, Lent};

/// A proxy order's parts as written: the unit (`A BER`) and the power (`AUSTRIA`).
pub fn proxy_words(line: &str) -> Option<(String, String)> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let at = w.iter().position(|x| matches!(x.to_ascii_uppercase().as_str(), "P" | "PROXY"))?;
    let mut rest = &w[at + 1..];
    if rest.first().is_some_and(|x| x.eq_ignore_ascii_case("TO")) {
        rest = &rest[1..];
    }
    (at >= 1 && !rest.is_empty()).then(|| (w[..at].join(" "), rest.join(" ")))
}

/// The power a proxy order names: by name or adjective, two letters or more.
fn holder(v: &Variant, word: &str) -> Option<PowerId> {
    (word.chars().count() >= 2).then(|| game::find_power(v, word)).flatten()
}

impl Session<'_> {
    /// A proxy order of the seat `seat`: `None` if `line` is none.
    pub(super) fn proxy(&mut self, g: &Game, pos: &crate::adjudicate::Position, seat: &[PowerId], line: &str) -> Result<Option<Vec<String>>, Fail> {
        let v = g.variant.clone();
        let Some((unit, to)) = proxy_words(line) else { return Ok(None) };
        let Some(to) = holder(&v, &to) else { return Ok(None) };
        if g.settings.no_proxy == ProxyOrders::Refused {
            return Err(Refusal::ProxyOff { game: g.name.clone() }.into());
        }
        if pos.phase.kind != PhaseKind::Movement {
            return Err(Refusal::ProxyInMovement.into());
        }
        let Ok(Order::Hold(u)) = crate::parse::parse_order(&v, &format!("{unit} H"), Some(PhaseKind::Movement)) else {
            return Ok(None);
        };
        let Some(found) = pos.units.iter().find(|x| x.loc.prov == u.loc.prov && seat.contains(&x.power) && u.kind.is_none_or(|k| k == x.kind)) else {
            return Err(Refusal::ProxyNotYours { unit: unit.to_ascii_uppercase() }.into());
        };
        let (owner, code) = (found.power, v.unit_code(found));
        let now = self.ctx.now();
        let board = game::Board { game: g, pos };
        // the unit holds unless the power it is lent to orders it
        let held = game::submit_line(self.conn, &board, &[owner], &format!("{code} H"), self.mail_id, now)?;
        if let Some(Err(e)) = held.into_iter().next() {
            return Err(e.into());
        }
        if seat.contains(&to) {
            let had = proxies::take_back(self.conn, &v, g.id, g.seq, found.loc.prov)?;
            return Ok(Some(vec![say::proxy::taken_back(&code, had)]));
        }
        proxies::lend(self.conn, &v, g.id, g.seq, Lent { prov: found.loc.prov, owner, holder: to }, now)?;
        Ok(Some(vec![say::proxy::lent(&code, &pname(&v, to))]))
    }

    /// Checks and records an order line of the seat `seat` (the seat's
    /// powers, or the one its `Power:` names), with the units lent to it
    /// and by it: an order for a unit lent to the seat is its owner's, one
    /// for a unit the seat lent away is refused.
    pub(super) fn submit_with_loans(
        &mut self,
        g: &Game,
        pos: &crate::adjudicate::Position,
        powers: &[PowerId],
        line: &str,
    ) -> Result<game::orders::LineResults, Fail> {
        let now = self.ctx.now();
        let board = game::Board { game: g, pos };
        let v = g.variant.clone();
        let loans = if g.settings.no_proxy == ProxyOrders::Allowed && pos.phase.kind == PhaseKind::Movement {
            proxies::of_phase(self.conn, &v, g.id, g.seq).map_err(|e| Fail::System(e.into()))?
        } else {
            Vec::new()
        };
        if loans.is_empty() {
            return Ok(game::submit_line(self.conn, &board, powers, line, self.mail_id, now)?);
        }
        let mut out = Vec::new();
        for piece in line.split([',', ';']).filter(|p| !p.trim().is_empty()) {
            let prov = crate::parse::parse_order(&v, piece, Some(pos.phase.kind)).ok().and_then(|o| o.unit().map(|u| u.loc.prov));
            let loan = prov.and_then(|p| loans.iter().find(|l| l.prov == p));
            match loan {
                Some(l) if powers.contains(&l.holder) && !powers.contains(&l.owner) => {
                    out.extend(game::submit_line(self.conn, &board, &[l.owner], piece, self.mail_id, now)?);
                }
                Some(l) if powers.contains(&l.owner) => {
                    out.push(Err(Refusal::ProxyLent { order: piece.trim().to_ascii_uppercase(), holder: pname(&v, l.holder) }));
                }
                _ => out.extend(game::submit_line(self.conn, &board, powers, piece, self.mail_id, now)?),
            }
        }
        Ok(out)
    }
}
