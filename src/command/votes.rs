//! The votes that end a game, by njudge's rules (docs/RULES.md, "Ending a
//! game"): a player's `SET DRAW`, `SET CONCEDE` (to the largest power only)
//! and `SET ALLY` and their withdrawals, with `SET WAIT`; and the master's
//! `DECLARE DRAW`. Votes hold for the phase they are given in.

use super::parse::SetKey;
use super::{Fail, R, Session};
use crate::end::GameEnd;
use crate::game::refusal::Refusal;
use crate::game::{self, Player, pname};
use crate::map::PowerId;
use crate::report::say;
use crate::store::games::{Concessions, Draws, Waiters};

impl Session<'_> {
    /// A player's WAIT, and votes: DRAW, CONCEDE, ALLY, and their withdrawals.
    pub(super) fn vote(&mut self, key: SetKey, arg: &str) -> R {
        let (power, pid, mut g) = self.power_game()?;
        let mut p = self.player(pid)?;
        let msg = match key {
            SetKey::Wait => {
                if g.settings.anyone_waits == Waiters::Owing && !game::seat_owing(self.conn, &g, power)?.iter().any(|o| o.needs.needs) {
                    return Err(Refusal::StrictWait { game: g.name.clone() }.into());
                }
                p.wait = true;
                say::settings::wait_set()
            }
            SetKey::NoWait => {
                p.wait = false;
                self.touch(g.id);
                say::settings::wait_cleared()
            }
            SetKey::Draw => draw(&g, &mut p, arg)?,
            SetKey::NoDraw => {
                p.draw = None;
                say::settings::draw_withdrawn()
            }
            SetKey::Concede => concede(&g, power, &mut p, arg)?,
            SetKey::Ally => ally(&g, power, &mut p, arg)?,
            SetKey::NoAlly => {
                p.ally = None;
                say::settings::ally_withdrawn()
            }
            _ => {
                p.concede = None;
                say::settings::concession_withdrawn()
            }
        };
        p.save(self.conn)?;
        g.reload_players(self.conn)?;
        let mut out = vec![msg];
        if matches!(key, SetKey::Draw | SetKey::Concede | SetKey::Ally)
            && let Some(result) = crate::play::check_votes(self.conn, self.ctx, &mut g)?
        {
            out.push(say::settings::game_over(&result));
        }
        self.add_status(g.id, power);
        Ok(out)
    }

    /// DECLARE DRAW [powers]: the master ends the game in a draw between
    /// the powers named (all the survivors if none are).
    pub(super) fn declare_draw(&mut self, arg: &str) -> R {
        let mut g = self.master_game()?;
        let v = g.variant.clone();
        if g.status != game::GameStatus::Active {
            return Err(Refusal::NotActive { game: g.name.clone(), status: g.status }.into());
        }
        let pos = g.position.clone().ok_or(Refusal::VoteBeforeStart)?;
        let surv = game::survivors(&g, &pos);
        let powers = if arg.trim().is_empty() { surv.clone() } else { game::parse_powers(&v, arg)? };
        if let Some(&out) = powers.iter().find(|q| !surv.contains(q)) {
            let names: Vec<String> = surv.iter().map(|&q| pname(&v, q)).collect();
            return Err(Refusal::NotASurvivor { power: pname(&v, out), survivors: names }.into());
        }
        if powers.is_empty() {
            return Err(Refusal::DeclareDrawUsage.into());
        }
        let names: Vec<String> = powers.iter().map(|&q| pname(&v, q)).collect();
        let result = crate::play::finish(self.conn, self.ctx, &mut g, GameEnd::Draw(powers))?;
        Ok(vec![say::disorder::master_draw(&names), result])
    }
}

/// SET DRAW [powers]: a draw of every survivor, or (NODIAS) of some.
fn draw(g: &game::Game, p: &mut Player, arg: &str) -> Result<String, Fail> {
    let v = g.v();
    if v.features.no_draw {
        return Err(Refusal::NoDraws { map: v.title.clone() }.into());
    }
    let pos = g.position.as_ref().ok_or(Refusal::VoteBeforeStart)?;
    let surv = game::survivors(g, pos);
    let names = |ps: &[PowerId]| ps.iter().map(|&q| pname(v, q)).collect::<Vec<_>>();
    let list = if arg.is_empty() { surv.clone() } else { game::parse_powers(v, arg)? };
    if g.settings.dias == crate::store::games::Draws::AllSurvivors && list != surv {
        return Err(Refusal::DrawIncludesSurvivors { survivors: names(&surv) }.into());
    }
    // NODIAS: any survivors, at least one
    if let Some(&out) = list.iter().find(|q| !surv.contains(q)) {
        return Err(Refusal::NotASurvivor { power: pname(v, out), survivors: names(&surv) }.into());
    }
    p.draw = Some(list.iter().map(|&q| v.powers[q as usize].letter).collect());
    Ok(if list == surv { say::settings::draw_vote_recorded() } else { say::settings::partial_draw_vote_recorded(&names(&list)) })
}

/// SET CONCEDE power: njudge's concession, in DIAS games that allow it, to
/// the largest power only (the seat with strictly the most centres), named
/// so the voter knows who it is.
fn concede(g: &game::Game, power: PowerId, p: &mut Player, arg: &str) -> Result<String, Fail> {
    let v = g.v();
    let pos = g.position.as_ref().ok_or(Refusal::VoteBeforeStart)?;
    if g.settings.concessions == Concessions::Refused {
        return Err(Refusal::NoConcessions { game: g.name.clone() }.into());
    }
    if g.settings.dias == Draws::SomeSurvivors {
        return Err(Refusal::ConcedeUnderNodias.into());
    }
    let to = game::parse_powers(v, arg)?;
    if to.is_empty() {
        return Err(Refusal::ConcedeUsage.into());
    }
    if to.iter().any(|q| g.group_of(power).contains(q)) {
        return Err(Refusal::ConcedeToSelf.into());
    }
    let largest = game::largest(g, pos);
    let named: Vec<PowerId> = {
        let mut seat: Vec<PowerId> = to.iter().flat_map(|&q| g.group_of(q)).filter(|q| largest.as_ref().is_some_and(|l| l.contains(q))).collect();
        seat.sort_unstable();
        seat.dedup();
        seat
    };
    let one_seat = to.iter().all(|&q| g.seat_power(q) == g.seat_power(to[0]));
    match &largest {
        Some(l) if one_seat && !named.is_empty() && named == *l => {}
        _ => {
            let names = |ps: &[PowerId]| ps.iter().map(|&q| pname(v, q)).collect::<Vec<_>>();
            return Err(Refusal::ConcedeNotLargest { named: names(&to), largest: largest.map(|l| names(&l)) }.into());
        }
    }
    let names: Vec<String> = to.iter().map(|&q| pname(v, q)).collect();
    p.concede = Some(to);
    Ok(say::settings::conceded(&names))
}

/// SET ALLY powers: an alliance victory, on a map that has them, of one of its sizes.
fn ally(g: &game::Game, power: PowerId, p: &mut Player, arg: &str) -> Result<String, Fail> {
    let v = g.v();
    if v.alliances.is_empty() {
        return Err(Refusal::NoAlliances { map: v.title.clone() }.into());
    }
    let mut allies = game::parse_powers(v, arg)?;
    if !allies.contains(&power) {
        allies.push(power);
        allies.sort_unstable();
    }
    let sizes: Vec<u32> = v.alliances.iter().map(|a| a.powers).collect();
    if !sizes.contains(&(allies.len() as u32)) {
        return Err(Refusal::AllianceSize { n: allies.len(), sizes }.into());
    }
    if let Some(&n) = allies.iter().find(|&&q| g.is_neutral(q)) {
        return Err(Refusal::NeutralAlly { power: pname(v, n) }.into());
    }
    let names: Vec<String> = allies.iter().map(|&q| pname(v, q)).collect();
    p.ally = Some(allies);
    Ok(say::settings::ally_recorded(&names))
}
