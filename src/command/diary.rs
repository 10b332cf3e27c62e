//! DIARY (njudge's, `data/index`): a player's private notes. `DIARY` or
//! `DIARY RECORD` keeps the lines up to ENDPRESS as a numbered entry;
//! `DIARY LIST`, `DIARY READ n`, `DIARY DELETE n ...`. A diary is its
//! writer's (their player's row), not the power's: a player who takes a
//! power over starts their own and never reads the one before; nobody else
//! reads it; when the game is over each writer is mailed their own entries
//! ([`crate::play::end::return_diaries`]).

use super::parse::Diary;
use super::{Fail, R, Role, Session};
use crate::game::refusal::{PressRefusal, Refusal};
use crate::game::{Game, GameStatus};
use crate::map::PowerId;
use crate::report::say;
use crate::store::diary;

/// The entries a diary keeps at most ...
pub const MAX_DIARY_ENTRIES: usize = 100;
/// ... and their bytes together (an entry is also within the press limit).
pub const MAX_DIARY_BYTES: usize = 256 * 1024;

impl Session<'_> {
    /// The signed-on power's game, the power (its seat's) and the player's
    /// row that writes (whose diary it is), for DIARY.
    fn diary_power(&mut self) -> Result<(Game, PowerId, i64), Fail> {
        let (s, g) = self.signed_game()?;
        let Role::Power { power, player: Some(writer), master: false } = s.role else {
            return Err(Refusal::Press(PressRefusal::DiaryNotAPower).into());
        };
        if g.status == GameStatus::Finished {
            return Err(Refusal::GameOver { game: g.name.clone() }.into());
        }
        let power = g.seat_power(power);
        Ok((g, power, writer))
    }

    /// DIARY RECORD: a new entry.
    pub(super) fn diary_record(&mut self, body: &str) -> R {
        let (g, power, writer) = self.diary_power()?;
        let max = self.ctx.cfg.limits.max_press_bytes;
        if body.len() > max {
            return Err(Refusal::Press(PressRefusal::DiaryTooLong { bytes: body.len(), max }).into());
        }
        let (entries, bytes) = diary::size(self.conn, g.id, writer)?;
        if entries >= MAX_DIARY_ENTRIES || bytes + body.len() > MAX_DIARY_BYTES {
            return Err(Refusal::Press(PressRefusal::DiaryFull { entries, bytes }).into());
        }
        let n = diary::record(self.conn, g.id, power, writer, body, self.mail_id, self.ctx.now())?;
        Ok(vec![say::press::diary_recorded(n, body.lines().count())])
    }

    /// DIARY LIST, READ, DELETE.
    pub(super) fn diary(&mut self, d: Diary) -> R {
        let (g, _, writer) = self.diary_power()?;
        let tz = self.ctx.cfg.timezone;
        let when = |t: i64| crate::timing::format_time(t, tz);
        match d {
            Diary::Record => unreachable!("a block: handled by run_lines"),
            Diary::List => {
                let list: Vec<(i64, String, usize)> =
                    diary::of_writer(self.conn, g.id, writer)?.into_iter().map(|e| (e.number, when(e.created), e.body.lines().count())).collect();
                Ok(vec![say::press::diary_list(&list)])
            }
            Diary::Read(n) => {
                let e = diary::read(self.conn, g.id, writer, n)?.ok_or(Refusal::Press(PressRefusal::NoDiaryEntry { number: n }))?;
                Ok(vec![say::press::diary_entry(e.number, &when(e.created), &e.body)])
            }
            Diary::Delete(ns) => {
                let mut out = Vec::new();
                for n in ns {
                    if !diary::delete(self.conn, g.id, writer, n, self.ctx.now())? {
                        return Err(Refusal::Press(PressRefusal::NoDiaryEntry { number: n }).into());
                    }
                    out.push(say::press::diary_deleted(n));
                }
                Ok(out)
            }
        }
    }
}
