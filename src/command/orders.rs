//! Orders and CLEAR.

use super::{Fail, R, Session};
use crate::game::{self, GameStatus};
use crate::report::say;

/// Orders one line may hold (separated by commas or semicolons).
pub const MAX_ORDERS_PER_LINE: usize = 40;

impl Session<'_> {
    pub(super) fn order(&mut self, line: &str) -> R {
        if self.signed.is_none() {
            return Err(Fail::User(say::orders::not_signed_on()));
        }
        let (power, _, g) = self.power_game()?;
        if g.status != GameStatus::Active {
            return Err(Fail::User(say::orders::no_orders_taken(&g)));
        }
        // orders separated by commas count as lines: the line limit cannot be bypassed
        let n = line.split([',', ';']).filter(|o| !o.trim().is_empty()).count();
        if n > MAX_ORDERS_PER_LINE {
            return Err(Fail::User(say::orders::too_many_on_line(n, MAX_ORDERS_PER_LINE)));
        }
        let max = self.ctx.cfg.limits.max_lines;
        if self.orders_read + n > max {
            return Err(Fail::User(say::orders::too_many_in_mail(max)));
        }
        self.orders_read += n;
        let v = self.ctx.variant(&g.variant)?;
        let pos = match self.pos_cache.take() {
            Some((id, seq, p)) if id == g.id && seq == g.seq => p,
            _ => g.position(&v)?.ok_or_else(say::game::not_started)?,
        };
        let rules = g.rules(&v)?;
        let now = self.ctx.now();
        let results = game::submit_line(self.conn, &v, &rules, &g, &pos, power, line, self.mail_id, now)?;
        self.pos_cache = Some((g.id, g.seq, pos));
        self.add_status(g.id, power);
        self.touch(g.id);
        // a line of one order that was refused is a failed command
        if let [Err(e)] = results.as_slice() {
            return Err(Fail::User(e.clone()));
        }
        Ok(results
            .iter()
            .map(|r| match r {
                Ok(c) => say::orders::accepted(c),
                Err(e) => say::session::error(e),
            })
            .collect())
    }
}
