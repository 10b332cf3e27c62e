//! Orders and CLEAR.

use super::{R, Session};
use crate::game::refusal::Refusal;
use crate::game::{self, GameStatus, pname};
use crate::map::{PowerId, Variant};
use crate::report::say;

/// Orders one line may hold (separated by commas or semicolons).
pub const MAX_ORDERS_PER_LINE: usize = 40;

impl Session<'_> {
    pub(super) fn order(&mut self, line: &str) -> R {
        if self.signed.is_none() {
            return Err(Refusal::OrdersNotSignedOn.into());
        }
        let (power, _, g) = match self.power_game() {
            Ok(x) => x,
            // the master orders for any power with `Power: order` (the GM's
            // removals, docs/RULES1885.md E18; anything BECOME allows)
            Err(e) => match (self.master_game(), self.signed.as_ref().map(|s| &s.role)) {
                (Ok(g), Some(super::Role::Master)) => {
                    let v = g.variant.clone();
                    match for_power(&v, line) {
                        Some((p, _)) => {
                            // the power's player gets a copy of it (see notices)
                            self.acted_for = Some((g.id, p));
                            (p, None, g)
                        }
                        None => return Err(e),
                    }
                }
                _ => return Err(e),
            },
        };
        if g.status != GameStatus::Active {
            return Err(Refusal::NoOrdersTaken { game: g.name.clone(), status: g.status }.into());
        }
        // orders separated by commas count as lines: the line limit cannot be bypassed
        let n = line.split([',', ';']).filter(|o| !o.trim().is_empty()).count();
        if n > MAX_ORDERS_PER_LINE {
            return Err(Refusal::TooManyOnLine { n, max: MAX_ORDERS_PER_LINE }.into());
        }
        let max = self.ctx.cfg.limits.max_lines;
        if self.orders_read + n > max {
            return Err(Refusal::TooManyInMail { max }.into());
        }
        self.orders_read += n;
        let v = g.variant.clone();
        let pos = match self.pos_cache.take() {
            Some((id, seq, p)) if id == g.id && seq == g.seq => p,
            _ => {
                // an active game without a position: the judge's fault
                let mut pos = g.started()?.clone();
                // before the first move: the seat's own starting choices,
                // never another power's (E3)
                if game::start::open(&v, &g, &pos) {
                    let choices = crate::store::start::all(self.conn, &v, g.id)?;
                    game::start::apply(&v, &mut pos, &choices, Some(&g.group_of(power)))?;
                }
                pos
            }
        };
        // a player of several powers orders them all; `Power:` before the
        // orders names the one they are for (else each goes to its unit's power)
        let seat = g.group_of(power);
        let (line, powers) = match for_power(&v, line) {
            Some((p, rest)) if seat.contains(&p) => (rest, vec![p]),
            Some((p, _)) => return Err(Refusal::NotYourPower { power: pname(&v, p), game: g.name.clone() }.into()),
            None => (line, seat.clone()),
        };
        // a proxy order lends a unit; an order for a unit lent goes to its owner
        if let Some(out) = self.proxy(&g, &pos, &seat, line)? {
            for &p in &seat {
                self.add_status(g.id, p);
            }
            self.touch(g.id);
            return Ok(out);
        }
        let results = self.submit_with_loans(&g, &pos, &powers, line)?;
        // (the first move's position depends on who orders: not kept)
        if !game::start::open(&v, &g, &pos) {
            self.pos_cache = Some((g.id, g.seq, pos));
        }
        for &p in &seat {
            self.add_status(g.id, p);
        }
        self.touch(g.id);
        // a line of one order that was refused is a failed command
        if let [Err(e)] = results.as_slice() {
            return Err(e.clone().into());
        }
        Ok(results
            .iter()
            .map(|r| match r {
                Ok(a) => say::orders::accepted_line((seat.len() > 1).then(|| pname(&v, a.power)).as_deref(), a),
                Err(e) => say::session::error(&say::refusal::refusal(e)),
            })
            .collect())
    }
}

/// An order line that begins with a power's name and a colon
/// (`Germany: A BER - KIE`, `B.C.: F ANC H`, `New York: ...`): the power
/// and the rest of the line.
fn for_power<'a>(v: &Variant, line: &'a str) -> Option<(PowerId, &'a str)> {
    let (word, rest) = line.split_once(':')?;
    let word = word.trim();
    if word.len() < 2
        || !word.starts_with(|c: char| c.is_ascii_alphabetic())
        || !word.chars().all(|c| c.is_ascii_alphabetic() || matches!(c, ' ' | '.' | '-' | '+'))
    {
        return None;
    }
    game::find_power(v, word).map(|p| (p, rest))
}

impl Session<'_> {
    /// CLEAR: drops every order of the player's seat.
    pub(super) fn clear(&mut self) -> R {
        let (power, _, g) = self.power_game()?;
        let v = g.variant.clone();
        let mut n = 0;
        for p in g.group_of(power) {
            n += crate::store::orders::clear(self.conn, g.id, g.seq, p)?;
            self.add_status(g.id, p);
        }
        // njudge's CLEAR drops the orders kept for later phases (PHASE)
        let later = crate::store::later::clear(self.conn, &v, g.id, power, None)?;
        let mut out = vec![say::orders::cleared(n)];
        if later > 0 {
            out.push(say::later::cleared_all(later));
        }
        Ok(out)
    }
}
