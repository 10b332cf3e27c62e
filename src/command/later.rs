//! PHASE: orders for a later phase (njudge's `data/syntax`), with their
//! conditionals, SET WAIT and SET NOWAIT, and CLEAR. The lines after a
//! PHASE line, up to the next PHASE, a sign-on, SIGNOFF or the end of the
//! mail, are checked as far as they can be and kept for that phase
//! (`store::later`); `play::later` runs them when it begins. Any other
//! command among them (press, LIST ...) is run as it comes.

use super::parse::{Cmd, SetKey};
use super::{Entry, Fail, R, Session};
use crate::game::later::{self, ConditionalWord, LaterRefusal, Program};
use crate::game::refusal::Refusal;
use crate::game::{GameStatus, pname};
use crate::map::PowerId;
use crate::phase::{Phase, PhaseKind};
use crate::report::say;

/// A PHASE block being read.
pub(super) struct Block {
    game_id: i64,
    v: std::sync::Arc<crate::map::Variant>,
    power: PowerId,
    phase: Phase,
    kind: PhaseKind,
    program: Program,
    /// The lines kept so far.
    lines: Vec<String>,
    /// The reply's entry of the PHASE line (what was kept is said under it).
    entry: usize,
    /// Lines the seat keeps already, for other blocks and mails.
    before: usize,
}

/// What became of a line read inside a PHASE block.
pub(super) enum Taken {
    /// Kept (or refused) for the block: answered here.
    Answered(Vec<String>),
    /// Not the block's: the session runs it as usual.
    Run,
}

impl Session<'_> {
    /// `PHASE season year phase`: the lines that follow are for that phase.
    pub(super) fn phase_directive(&mut self, text: &str) -> R {
        self.finish_later()?;
        let (power, _, g) = self.power_game()?;
        if g.status != GameStatus::Active {
            return Err(Refusal::NoOrdersTaken { game: g.name.clone(), status: g.status }.into());
        }
        let v = g.variant.clone();
        let now = g.started()?.phase;
        let phase = later::parse_phase(&v.calendar, text).map_err(Refusal::Later)?;
        later::check_ahead(&v.calendar, now, phase).map_err(Refusal::Later)?;
        let before = crate::store::later::lines_of(self.conn, &v, g.id, power)?;
        self.later = Some(Block {
            game_id: g.id,
            v: v.clone(),
            power,
            phase,
            kind: phase.kind,
            program: Program::default(),
            lines: Vec::new(),
            entry: self.entries.len(),
            before,
        });
        self.add_status(g.id, power);
        Ok(vec![if phase == now { say::later::for_this_phase(&v.calendar.long_name(phase)) } else { say::later::kept_until(&v.calendar.long_name(phase)) }])
    }

    /// A line while a PHASE block is open.
    pub(super) fn later_line(&mut self, line: &str) -> Result<Taken, Fail> {
        let Some(block) = self.later.as_mut() else { return Ok(Taken::Run) };
        let v = block.v.clone();
        let refused = |r: LaterRefusal| Ok(Taken::Answered(vec![say::session::error(&say::refusal::refusal(&Refusal::Later(r)))]));
        if let Some((word, cond)) = later::conditional_line(line) {
            return match block.program.conditional(&v, word, &cond) {
                Ok(()) => {
                    block.lines.push(kept_conditional(word, &cond));
                    Ok(Taken::Answered(Vec::new()))
                }
                Err(r) => refused(r),
            };
        }
        let item = match super::parse::parse(line) {
            Cmd::NotCommand => None,
            Cmd::Set { key: SetKey::Wait, .. } => Some(later::wait_text(true)),
            Cmd::Set { key: SetKey::NoWait, .. } => Some(later::wait_text(false)),
            Cmd::Clear => {
                let (phase, power, game_id) = (block.phase, block.power, block.game_id);
                let n = block.lines.len() + crate::store::later::clear(self.conn, &v, game_id, power, Some(phase))?;
                let block = self.later.as_mut().expect("a block is open");
                block.lines.clear();
                block.program = Program::default();
                block.before = crate::store::later::lines_of(self.conn, &v, game_id, power)?;
                return Ok(Taken::Answered(vec![say::later::cleared(n, &v.calendar.long_name(phase))]));
            }
            Cmd::Signon { .. } | Cmd::Join { .. } | Cmd::Signoff | Cmd::Phase(_) | Cmd::Create { .. } => {
                self.finish_later()?;
                return Ok(Taken::Run);
            }
            _ => return Ok(Taken::Run),
        };
        if let Err(r) = block.program.item() {
            return refused(r);
        }
        if block.before + block.lines.len() >= later::MAX_KEPT_LINES {
            return refused(LaterRefusal::TooManyKept { max: later::MAX_KEPT_LINES });
        }
        match item {
            Some(wait) => block.lines.push(wait.to_string()),
            None => {
                // orders: read as that kind of phase's (the board is not known yet)
                if let Some(Err(e)) = crate::parse::parse_line(&v, line, Some(block.kind)).into_iter().find(Result::is_err) {
                    return refused(LaterRefusal::Unreadable(e));
                }
                let n = line.split([',', ';']).filter(|o| !o.trim().is_empty()).count();
                if n > super::orders::MAX_ORDERS_PER_LINE {
                    return Err(Refusal::TooManyOnLine { n, max: super::orders::MAX_ORDERS_PER_LINE }.into());
                }
                let max = self.ctx.cfg.limits.max_lines;
                if self.orders_read + n > max {
                    return Err(Refusal::TooManyInMail { max }.into());
                }
                self.orders_read += n;
                self.later.as_mut().expect("a block is open").lines.push(line.to_string());
            }
        }
        Ok(Taken::Answered(Vec::new()))
    }

    /// Ends the open PHASE block: its lines kept (the IFs left open closed),
    /// or, for the phase being played, given now; said under its PHASE line.
    pub(super) fn finish_later(&mut self) -> Result<(), Fail> {
        let Some(block) = self.later.take() else { return Ok(()) };
        let mut lines = block.lines;
        lines.extend(std::iter::repeat_n("ENDIF".to_string(), block.program.close()));
        let g = self.ctx.game(self.conn, block.game_id)?;
        let v = g.variant.clone();
        let name = v.calendar.long_name(block.phase);
        let said = if lines.is_empty() {
            vec![say::later::nothing_kept(&name)]
        } else if g.status == GameStatus::Active && g.started()?.phase == block.phase {
            self.later_now(&g, &lines)?
        } else {
            crate::store::later::insert(
                self.conn,
                &v,
                g.id,
                &crate::store::later::New { power: block.power, phase: block.phase, lines: &lines, mail_id: self.mail_id, created: self.ctx.now() },
            )?;
            vec![say::later::kept(lines.len(), &name, &pname(&v, block.power))]
        };
        if let Some(Entry { responses, .. }) = self.entries.get_mut(block.entry) {
            responses.extend(said);
        }
        Ok(())
    }

    /// A block for the phase being played: its conditionals taken on the
    /// board as it stands, its orders and waits given as if mailed now.
    fn later_now(&mut self, g: &crate::game::Game, lines: &[String]) -> Result<Vec<String>, Fail> {
        let v = g.variant.clone();
        let pos = g.started()?.clone();
        let items = later::read(&v, pos.phase.kind, lines).map_err(|r| Fail::System(anyhow::anyhow!("a block just read does not read back: {r:?}")))?;
        let mut out = Vec::new();
        for it in later::run(&items, &pos) {
            let (text, r) = match it {
                later::Item::Orders(t) => {
                    let r = self.order(&t);
                    (t, r)
                }
                later::Item::Wait(w) => {
                    let key = if w { SetKey::Wait } else { SetKey::NoWait };
                    (later::wait_text(w).to_string(), self.set(key, ""))
                }
                _ => continue,
            };
            match r {
                Ok(lines) => out.extend(lines),
                Err(Fail::Refused(why)) => out.push(say::later::given(&text, &say::session::error(&say::refusal::refusal(&why)))),
                Err(system) => return Err(system),
            }
        }
        if out.is_empty() {
            out.push(say::later::none_taken());
        }
        Ok(out)
    }
}

/// A conditional's line as kept: its word and its condition as written.
fn kept_conditional(word: ConditionalWord, cond: &str) -> String {
    match word {
        ConditionalWord::If => format!("IF {cond}"),
        ConditionalWord::ElseIf => format!("ELSE IF {cond}"),
        ConditionalWord::Else => "ELSE".to_string(),
        ConditionalWord::EndIf => "ENDIF".to_string(),
    }
}
