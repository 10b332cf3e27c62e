//! SET START: a power's choice of starting unit types before the first move
//! (Davis's 1885-III, docs/RULES1885.md E3). Stored at once (the reply
//! leaves in the same transaction), private to the power and the master
//! until the first movement phase's results.

use super::{R, Session};
use crate::game::refusal::Refusal;
use crate::game::start;
use crate::report::say;

impl Session<'_> {
    pub(super) fn start_choice(&mut self, arg: &str) -> R {
        let (power, _, g) = self.power_game()?;
        let v = g.variant.clone();
        let w = &v.powers[power as usize];
        if w.choice.is_empty() {
            return Err(Refusal::NoStartChoice { power: crate::game::pname(&v, power) }.into());
        }
        let first = v.calendar.long_name(v.start);
        let mut pos = g.position.clone().ok_or_else(|| Refusal::TooLateToChoose { first: first.clone() })?;
        if !start::open(&v, &g, &pos) {
            return Err(Refusal::TooLateToChoose { first }.into());
        }
        let wanted = start::parse(&v, arg)?;
        let choices = start::check(&v, power, &wanted)?;
        start::engine_check(&v, &choices)?;
        crate::store::start::set(self.conn, &v, g.id, power, &choices, self.mail_id, self.ctx.now())?;
        // the power's own view: its choices on the map's position
        let mine = crate::store::start::all(self.conn, &v, g.id)?;
        start::apply(&v, &mut pos, &mine, Some(&[power]))?;
        let dropped = start::drop_other_type(self.conn, &v, &g, &pos, power)?;
        // orders later in this mail are checked against the new choice
        self.pos_cache = None;
        self.add_status(g.id, power);
        let mut out = vec![say::start::accepted(&start::own_units(&v, &pos, power), &first)];
        if !dropped.is_empty() {
            out.push(say::start::orders_dropped(&dropped));
        }
        Ok(out)
    }
}
