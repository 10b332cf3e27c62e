//! The votes that end a game, by njudge's rules (its `draws` help file and
//! `SET CONCEDE`): alliance victories (maps that have them), concession to
//! the largest power, and draws, DIAS or NODIAS. A power in civil disorder
//! has no vote and blocks nothing; votes are per seat (a player of several
//! powers votes once for them all). See docs/RULES.md, "Ending a game".

use super::{Game, owing, survivors};
use crate::adjudicate::{self, Position};
use crate::end::GameEnd;
use crate::map::PowerId;
use crate::store::games::{Concessions, Draws};

/// The end the players' votes make in `pos`, if any: an alliance victory,
/// then a concession, then a draw (see the module's rules).
pub fn vote_end(game: &Game, pos: &Position) -> Option<GameEnd> {
    let table = Table::new(game, pos);
    if table.voters.is_empty() {
        return None;
    }
    table.alliance().or_else(|| table.concession()).or_else(|| table.draw())
}

/// The seat that may be conceded to in `pos`: the one whose surviving powers
/// hold strictly more centres than any other seat's (`None` on a tie).
pub fn largest(game: &Game, pos: &Position) -> Option<Vec<PowerId>> {
    Table::new(game, pos).largest()
}

/// The survivors and their votes, by seat.
struct Table<'a> {
    game: &'a Game,
    pos: &'a Position,
    surv: Vec<PowerId>,
    /// The surviving powers with a vote (not in civil disorder, seated), each
    /// with its seat's votes.
    voters: Vec<(PowerId, super::Votes)>,
    /// Surviving powers that vote but have no player (a vacant seat not yet
    /// in civil disorder): their consent is never given.
    silent: Vec<PowerId>,
}

impl<'a> Table<'a> {
    fn new(game: &'a Game, pos: &'a Position) -> Table<'a> {
        let surv = survivors(game, pos);
        let owing = owing(game, pos, &[]);
        let mut voters = Vec::new();
        let mut silent = Vec::new();
        for &p in &surv {
            match &owing[p as usize].votes {
                Some(v) => voters.push((p, v.clone())),
                None if !game.in_disorder(p) => silent.push(p),
                None => {}
            }
        }
        Table { game, pos, surv, voters, silent }
    }

    /// The seats of `powers` (each surviving power of them), sorted.
    fn seats_of(&self, powers: &[PowerId]) -> Vec<Vec<PowerId>> {
        let mut out: Vec<Vec<PowerId>> = Vec::new();
        for &p in powers {
            let mut seat: Vec<PowerId> = self.game.group_of(p).into_iter().filter(|q| self.surv.contains(q)).collect();
            seat.sort_unstable();
            if !out.contains(&seat) {
                out.push(seat);
            }
        }
        out
    }

    /// `powers` with every surviving power of their seats, sorted.
    fn whole_seats(&self, powers: &[PowerId]) -> Vec<PowerId> {
        let mut out: Vec<PowerId> = self.seats_of(powers).concat();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// See [`largest`].
    fn largest(&self) -> Option<Vec<PowerId>> {
        let count = |s: &[PowerId]| s.iter().map(|&p| self.pos.center_count(p)).sum::<usize>();
        let mut seats = self.seats_of(&self.surv);
        seats.sort_by_key(|s| std::cmp::Reverse(count(s)));
        match seats.as_slice() {
            [first, second, ..] if count(first) == count(second) => None,
            [first, ..] => Some(first.clone()),
            [] => None,
        }
    }

    fn vote(&self, p: PowerId) -> Option<&super::Votes> {
        self.voters.iter().find(|(q, _)| *q == p).map(|(_, v)| v)
    }

    /// Every ally voted for exactly this alliance, and its numbers hold.
    fn alliance(&self) -> Option<GameEnd> {
        for allies in self.voters.iter().filter_map(|(_, v)| v.ally.clone()) {
            let all_voted = allies.iter().all(|&a| self.vote(a).is_some_and(|x| x.ally.as_ref() == Some(&allies)));
            if all_voted && adjudicate::alliance_wins(self.game.v(), self.pos, &allies) {
                return Some(GameEnd::Alliance(allies));
            }
        }
        None
    }

    /// DIAS games where concessions are allowed: every voting survivor
    /// outside the largest seat concedes to it (at least one does).
    fn concession(&self) -> Option<GameEnd> {
        let s = &self.game.settings;
        if s.concessions == Concessions::Refused || s.dias == Draws::SomeSurvivors || !self.silent.is_empty() {
            return None;
        }
        let to = self.largest()?;
        let others: Vec<&(PowerId, super::Votes)> = self.voters.iter().filter(|(p, _)| !to.contains(p)).collect();
        let concedes = |v: &super::Votes| v.concede.as_deref().is_some_and(|c| self.whole_seats(c) == to);
        (!others.is_empty() && others.iter().all(|(_, v)| concedes(v))).then_some(GameEnd::Concession(to))
    }

    /// A draw (or, NODIAS, a concession: a draw of one seat).
    fn draw(&self) -> Option<GameEnd> {
        // a map whose games end in a solo victory only (sengoku's NO_DRAW)
        if !self.silent.is_empty() || self.game.v().features.no_draw {
            return None;
        }
        if self.game.settings.dias == Draws::AllSurvivors {
            let all = self.voters.iter().all(|(_, v)| v.draw.as_deref() == Some(&self.surv[..]));
            return all.then(|| GameEnd::Draw(self.surv.clone()));
        }
        let d = self.nodias_draw()?;
        Some(if self.seats_of(&d).len() == 1 { GameEnd::Concession(d) } else { GameEnd::Draw(d) })
    }

    /// njudge's NODIAS draw: a voter who named powers `L` accepts any draw
    /// within `L` and its own seat, and one that named its own power accepts
    /// only draws that include it; a voter with no draw vote accepts only its
    /// own seat (a concession to itself). The widest draw all accept passes:
    /// everything all allow, if it holds everyone who must be in it.
    fn nodias_draw(&self) -> Option<Vec<PowerId>> {
        let mut allowed: Vec<PowerId> = self.surv.clone();
        let mut required: Vec<PowerId> = Vec::new();
        for (p, v) in &self.voters {
            let own = self.whole_seats(&[*p]);
            let named = v.draw.as_deref().map(|l| self.whole_seats(l)).unwrap_or_else(|| own.clone());
            let mut accepts = named.clone();
            accepts.extend(own.iter().copied());
            allowed.retain(|q| accepts.contains(q));
            if own.iter().any(|q| named.contains(q)) {
                required.extend(own);
            }
        }
        (!allowed.is_empty() && required.iter().all(|q| allowed.contains(q))).then_some(allowed)
    }
}

/// The end of a short game (`SET END`): once the next phase is in a year
/// after the game's last, a draw between the survivors.
pub fn end_year_end(game: &Game, next: &Position) -> Option<GameEnd> {
    let last = game.settings.end_year?;
    (next.phase.year > last).then(|| GameEnd::Draw(survivors(game, next)))
}
