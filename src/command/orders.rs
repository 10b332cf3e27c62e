//! Orders and CLEAR.

use super::{Fail, R, Session};
use crate::game::{self, GameStatus};

/// Orders one line may hold (separated by commas or semicolons).
pub const MAX_ORDERS_PER_LINE: usize = 40;

impl Session<'_> {
    pub(super) fn order(&mut self, line: &str) -> R {
        if self.signed.is_none() {
            return Err("not a command, and not an order: you are not signed on to a power (SIGNON Xgame password first). HELP lists the commands.".into());
        }
        let (power, _, g) = self.power_game()?;
        if g.status != GameStatus::Active {
            return Err(Fail::from(format!("game {} is {}: no orders are taken", g.name, g.status)));
        }
        // orders separated by commas count as lines: the line limit cannot be bypassed
        let n = line.split([',', ';']).filter(|o| !o.trim().is_empty()).count();
        if n > MAX_ORDERS_PER_LINE {
            return Err(Fail::User(format!("{n} orders on one line: a line may hold at most {MAX_ORDERS_PER_LINE}; nothing on it was read")));
        }
        let max = self.ctx.cfg.limits.max_lines;
        if self.orders_read + n > max {
            return Err(Fail::User(format!("more than {max} orders in one mail (the judge reads at most {max}): this line was not read")));
        }
        self.orders_read += n;
        let v = self.ctx.variant(&g.variant)?;
        let pos = match self.pos_cache.take() {
            Some((id, seq, p)) if id == g.id && seq == g.seq => p,
            _ => g.position(&v)?.ok_or("the game has not started")?,
        };
        let rules = g.rules(&v)?;
        let now = self.ctx.now();
        let results = game::submit_line(self.conn, &v, &rules, &g, &pos, power, line, self.mail_id, now)?;
        self.pos_cache = Some((g.id, g.seq, pos));
        self.add_status(g.id, power);
        self.touch(g.id);
        let mut out = Vec::new();
        let mut failed = false;
        for r in results {
            match r {
                Ok(c) => out.push(format!("{c}: accepted.")),
                Err(e) => {
                    failed = true;
                    out.push(format!("Error: {e}"));
                }
            }
        }
        if failed && out.len() == 1 {
            return Err(Fail::User(out.remove(0).trim_start_matches("Error: ").to_string()));
        }
        Ok(out)
    }
}
