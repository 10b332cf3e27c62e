//! Orders and CLEAR.

use super::{Fail, R, Session};
use crate::game::{self, GameStatus};

impl Session<'_> {
    pub(super) fn order(&mut self, line: &str) -> R {
        if self.signed.is_none() {
            return Err("not a command, and not an order: you are not signed on to a power (SIGNON Xgame password first). HELP lists the commands.".into());
        }
        let (power, _, g) = self.power_game()?;
        if g.status != GameStatus::Active {
            return Err(Fail::from(format!("game {} is {}: no orders are taken", g.name, g.status)));
        }
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
