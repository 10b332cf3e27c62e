//! The keeper's commands by mail (njudge's administrator's): ADJUST adds
//! points to a player's dedication, RECORD sets a count of a player's
//! record. Only from the keeper's address, with the keeper's password
//! (`mailjudge keeper-password` sets it; none set: refused), a wrong one
//! counted as a sign-on's is.

use super::{Fail, R, Seat, Session};
use crate::game::dedication::{self, DedicationRefusal, RecordField};
use crate::game::refusal::{Refusal, ToolRefusal};
use crate::report::say;
use crate::store::dedication as stored;

/// Where the keeper's password hash is kept (the `kv` table).
pub const KEEPER_PASSWORD_KEY: &str = "keeper-password";

fn refused(r: DedicationRefusal) -> Fail {
    Refusal::Dedication(r).into()
}

impl Session<'_> {
    /// Whether the sender is the keeper, with the keeper's password.
    fn keeper_signed(&mut self, password: &str) -> Result<(), Fail> {
        let keeper = self.ctx.cfg.keeper.clone();
        if crate::mail::mailbox_key(&self.sender) != crate::mail::mailbox_key(&keeper) {
            return Err(refused(DedicationRefusal::KeeperOnly));
        }
        let Some(hash) = crate::store::kv::get(self.conn, KEEPER_PASSWORD_KEY)? else { return Err(refused(DedicationRefusal::NoKeeperPassword)) };
        let seat = Seat { key: "keeper".into(), owner: keeper.clone(), master: keeper, game: String::new(), what: say::dedication::the_keepers_password() };
        if !self.check_seat(&seat, Some(&hash), password)? {
            return Err(refused(DedicationRefusal::WrongKeeperPassword));
        }
        Ok(())
    }

    /// The registration `who` belongs to and its mailboxes.
    fn record_of(&self, who: &str) -> Result<Vec<String>, Fail> {
        if who.parse::<lettre::Address>().is_err() {
            return Err(ToolRefusal::NotAnAddress { word: who.to_string() }.into());
        }
        Ok(dedication::mailboxes(self.conn, who)?)
    }

    /// ADJUST address points password.
    pub(super) fn adjust(&mut self, who: &str, points: i64, password: &str) -> R {
        self.keeper_signed(password)?;
        let boxes = self.record_of(who)?;
        let mut a = stored::adjustment_of(self.conn, &boxes[0])?;
        a.points = a.points.saturating_add(points);
        stored::save_adjustment(self.conn, &boxes[0], &a)?;
        let f = dedication::Figures(dedication::sums(self.conn, &boxes)?);
        Ok(vec![say::dedication::adjusted(who, points, &f)])
    }

    /// RECORD address field value password: the count is `value` now, and
    /// play goes on counting from it.
    pub(super) fn record(&mut self, who: &str, field: RecordField, value: u32, password: &str) -> R {
        self.keeper_signed(password)?;
        let boxes = self.record_of(who)?;
        let played = dedication::played(self.conn, &boxes)?;
        let mut a = stored::adjustment_of(self.conn, &boxes[0])?;
        *field.change(&mut a) = i64::from(value) - i64::from(field.of(&played));
        stored::save_adjustment(self.conn, &boxes[0], &a)?;
        let f = dedication::Figures(dedication::sums(self.conn, &boxes)?);
        Ok(vec![say::dedication::recorded(who, field, value, &f)])
    }
}
