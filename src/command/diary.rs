//! DIARY (njudge's, `data/index`): a power's private notes. `DIARY` or
//! `DIARY RECORD` keeps the lines up to ENDPRESS as a numbered entry;
//! `DIARY LIST`, `DIARY READ n`, `DIARY DELETE n ...`. Nobody else reads a
//! diary; it is mailed back to its power's player when the game is over.

use super::parse::Diary;
use super::{Fail, R, Role, Session};
use crate::game::refusal::{PressRefusal, Refusal};
use crate::game::{Game, GameStatus};
use crate::map::PowerId;
use crate::report::say;
use crate::store::diary;

/// The entries a power's diary keeps at most ...
pub const MAX_DIARY_ENTRIES: usize = 100;
/// ... and their bytes together (an entry is also within the press limit).
pub const MAX_DIARY_BYTES: usize = 256 * 1024;

impl Session<'_> {
    /// The signed-on power's game and the power (its seat's), for DIARY.
    fn diary_power(&mut self) -> Result<(Game, PowerId), Fail> {
        let (s, g) = self.signed_game()?;
        let Role::Power { power, master: false, .. } = s.role else { return Err(Refusal::Press(PressRefusal::DiaryNotAPower).into()) };
        if g.status == GameStatus::Finished {
            return Err(Refusal::GameOver { game: g.name.clone() }.into());
        }
        let power = g.seat_power(power);
        Ok((g, power))
    }

    /// DIARY RECORD: a new entry.
    pub(super) fn diary_record(&mut self, body: &str) -> R {
        let (g, power) = self.diary_power()?;
        let max = self.ctx.cfg.limits.max_press_bytes;
        if body.len() > max {
            return Err(Refusal::Press(PressRefusal::DiaryTooLong { bytes: body.len(), max }).into());
        }
        let (entries, bytes) = diary::size(self.conn, g.id, power)?;
        if entries >= MAX_DIARY_ENTRIES || bytes + body.len() > MAX_DIARY_BYTES {
            return Err(Refusal::Press(PressRefusal::DiaryFull { entries, bytes }).into());
        }
        let n = diary::record(self.conn, g.id, power, body, self.mail_id, self.ctx.now())?;
        Ok(vec![say::press::diary_recorded(n, body.lines().count())])
    }

    /// DIARY LIST, READ, DELETE.
    pub(super) fn diary(&mut self, d: Diary) -> R {
        let (g, power) = self.diary_power()?;
        let tz = self.ctx.cfg.timezone;
        let when = |t: i64| crate::timing::format_time(t, tz);
        match d {
            Diary::Record => unreachable!("a block: handled by run_lines"),
            Diary::List => {
                let list: Vec<(i64, String, usize)> =
                    diary::entries(self.conn, g.id, power)?.into_iter().map(|e| (e.number, when(e.created), e.body.lines().count())).collect();
                Ok(vec![say::press::diary_list(&list)])
            }
            Diary::Read(n) => {
                let e = diary::read(self.conn, g.id, power, n)?.ok_or(Refusal::Press(PressRefusal::NoDiaryEntry { number: n }))?;
                Ok(vec![say::press::diary_entry(e.number, &when(e.created), &e.body)])
            }
            Diary::Delete(ns) => {
                let mut out = Vec::new();
                for n in ns {
                    if !diary::delete(self.conn, g.id, power, n, self.ctx.now())? {
                        return Err(Refusal::Press(PressRefusal::NoDiaryEntry { number: n }).into());
                    }
                    out.push(say::press::diary_deleted(n));
                }
                Ok(out)
            }
        }
    }
}
