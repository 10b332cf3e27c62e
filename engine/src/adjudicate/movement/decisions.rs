//! Kruijswijk's guess-and-check resolution of the decisions, and the backup
//! rules for cycles without one consistent resolution (the Szykman rule for
//! convoy paradoxes, circular movement, or all standing in 1885).
//!
//! Decision `u` (below `n`) is unit `u`'s order; decision `n + u` is the
//! path of its convoyed move.

use super::{Landing, Resolver, State, Status};
use crate::rules::Paradox;

/// What a decision is about. The resolver's arrays hold the decisions by
/// index: unit `u`'s order at `u`, the path of its convoyed move at `n + u`
/// ([`Resolver::path_of`]); [`Resolver::decision`] reads an index back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Decision {
    /// Whether unit `u`'s order succeeds: its move, its support given, its
    /// convoying fleet not dislodged.
    Order(usize),
    /// Whether army `a`'s convoyed move (or landing) has its path.
    Path(usize),
}

impl Resolver<'_> {
    /// What decision `nr` is about.
    #[inline]
    pub(super) fn decision(&self, nr: usize) -> Decision {
        if nr < self.n { Decision::Order(nr) } else { Decision::Path(nr - self.n) }
    }

    /// The index of the path decision of army `a`'s convoyed move.
    #[inline]
    pub(super) fn path_of(&self, a: usize) -> usize {
        self.n + a
    }

    /// Resolves every decision.
    pub(super) fn resolve_all(&mut self) {
        let n = self.n;
        for i in 0..n {
            match self.status[i] {
                Status::Move | Status::Support | Status::Convoy => {
                    self.resolve(i);
                }
                _ => {}
            }
            if self.convoyed[i] && matches!(self.status[i], Status::Move) {
                self.resolve(self.path_of(i));
            }
        }
    }

    /// Resolves decision `nr` (Kruijswijk's guess algorithm).
    ///
    /// A decision read while it is being evaluated (state `Guessing`) answers
    /// with its current guess, and the read is recorded in `deps`. When the
    /// evaluation of `nr` read guesses, three cases:
    ///
    /// - Every guess read is of `nr` or of a decision opened during its
    ///   evaluation (a later `stamp`): the cycle is `nr`'s own. Both guesses
    ///   are tried; exactly one consistent result is taken; with none or two,
    ///   the backup rule is applied to the cycle.
    /// - Some guess read is of a decision opened earlier and still being
    ///   evaluated higher up: `nr` cannot be settled here, whatever it read of
    ///   itself. It keeps a value consistent with those outer guesses (its
    ///   guess `false` if that holds, else `true` if that holds, else the
    ///   outer guesses are contradictory: `contra` is raised so that the outer
    ///   decision rejects its own guess) and stays `Guessing`, listed in
    ///   `deps` so that the outer decision re-evaluates it.
    ///
    /// Judging the head of a cycle by the first guess it read alone was wrong
    /// when the cycle also ran through a decision higher up: the head was
    /// settled from a guess of that outer decision, and resetting the cycle
    /// reset the outer decision in the middle of its own evaluation.
    pub(super) fn resolve(&mut self, nr: usize) -> bool {
        match self.state[nr] {
            State::Resolved => return self.res[nr],
            State::Guessing => {
                // Always record the read, even if `nr` is listed already: the caller
                // now depends on a guess and must not be marked resolved.
                self.deps.push(nr);
                return self.res[nr];
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.stamp[nr] = self.clock;
        self.clock += 1;
        let (first, contra1) = self.guess(nr, false);
        if self.deps.len() == old {
            // no guess read: the result is final
            if self.state[nr] != State::Resolved {
                self.res[nr] = first;
                self.state[nr] = State::Resolved;
            }
            return self.res[nr];
        }
        let ok1 = !first && !contra1;
        if self.reads_outer(nr, old) {
            if ok1 {
                return self.pend(nr, false);
            }
            self.reset(nr, old);
            return self.pend_with(nr, true);
        }
        // nr's own cycle: try the other guess
        self.reset(nr, old);
        let (second, contra2) = self.guess(nr, true);
        let ok2 = second && !contra2;
        if self.reads_outer(nr, old) {
            // with this guess the cycle runs through a decision higher up
            if ok2 {
                return self.pend(nr, true);
            }
            self.reset(nr, old);
            return self.pend_with(nr, false);
        }
        if ok1 != ok2 {
            // exactly one consistent result
            self.reset(nr, old);
            self.res[nr] = ok2;
            self.state[nr] = State::Resolved;
            return ok2;
        }
        // no consistent result, or two: the backup rule decides the cycle
        let cycle: Vec<usize> = self.deps.drain(old..).collect();
        if !self.backup_rule(cycle) {
            // nothing the backup rule could decide (not expected): keep the
            // guess `false`, with the cycle evaluated afresh
            self.state[nr] = State::Resolved;
            self.res[nr] = false;
            self.forced[nr] = true;
            return false;
        }
        self.resolve(nr)
    }

    /// Evaluates `nr` with guess `g`; returns the result and whether a
    /// decision inside found the guesses contradictory.
    pub(super) fn guess(&mut self, nr: usize, g: bool) -> (bool, bool) {
        let saved = self.contra;
        self.contra = false;
        self.res[nr] = g;
        self.state[nr] = State::Guessing;
        let r = self.decide(nr);
        let c = self.contra;
        self.contra = saved;
        (r, c)
    }

    /// Did the evaluation of `nr` (reads from `deps[old..]`) read the guess of a
    /// decision opened before `nr`, i.e. one still being evaluated higher up?
    pub(super) fn reads_outer(&self, nr: usize, old: usize) -> bool {
        self.deps[old..].iter().any(|&d| self.stamp[d] < self.stamp[nr])
    }

    /// Forgets what the evaluation of `nr` decided on guesses: the decisions
    /// opened inside it become unresolved again (outer ones are left alone).
    pub(super) fn reset(&mut self, nr: usize, old: usize) {
        for i in old..self.deps.len() {
            let d = self.deps[i];
            if self.stamp[d] >= self.stamp[nr] {
                self.state[d] = State::Unresolved;
            }
        }
        self.deps.truncate(old);
    }

    /// Leaves `nr` open with value `v` (which its last evaluation gave, with
    /// guess `v`): it depends on a guess higher up.
    pub(super) fn pend(&mut self, nr: usize, v: bool) -> bool {
        self.state[nr] = State::Guessing;
        self.res[nr] = v;
        self.deps.push(nr);
        v
    }

    /// Evaluates `nr` with guess `g` and leaves it open with the result; a
    /// result other than `g` means no value of `nr` fits the outer guesses.
    pub(super) fn pend_with(&mut self, nr: usize, g: bool) -> bool {
        let (r, c) = self.guess(nr, g);
        if r != g || c {
            self.contra = true;
        }
        self.pend(nr, r)
    }

    /// Applies the backup rule to a cycle with no consistent resolution or
    /// two: the Szykman rule if a convoy is part of it (the convoyed armies
    /// of the cycle do not move), circular movement otherwise (every move of
    /// the cycle succeeds). The other decisions of the cycle are evaluated
    /// afresh. Returns whether it decided anything.
    pub(super) fn backup_rule(&mut self, mut cycle: Vec<usize>) -> bool {
        cycle.sort_unstable();
        cycle.dedup();
        let has_path = cycle.iter().any(|&d| matches!(self.decision(d), Decision::Path(_)));
        let has_convoy = cycle.iter().any(|&d| matches!(self.decision(d), Decision::Order(u) if matches!(self.status[u], Status::Convoy)));
        for &d in &cycle {
            self.state[d] = State::Unresolved;
        }
        let mut decided = false;
        let mut force = |r: &mut Self, d: usize, v: bool| {
            r.state[d] = State::Resolved;
            r.res[d] = v;
            r.forced[d] = true;
            decided = true;
        };
        if (has_path || has_convoy) && self.paradox == Paradox::AllStand {
            // circular reasoning (1885, E14): every unit of the cycle stands
            for &d in &cycle {
                force(self, d, false);
            }
        } else if has_path || has_convoy {
            // Szykman: the convoyed armies of the paradox do not move
            for &d in &cycle {
                match self.decision(d) {
                    Decision::Path(_) => force(self, d, false),
                    Decision::Order(f) if !has_path && matches!(self.status[f], Status::Convoy) => {
                        let a = self.convoy_for[f].expect("a convoy in use carries its army").ix();
                        force(self, self.path_of(a), false);
                    }
                    Decision::Order(_) => {}
                }
            }
        } else {
            // circular movement: every move of the cycle succeeds
            for &d in &cycle {
                if matches!(self.status[d], Status::Move) {
                    force(self, d, true);
                }
            }
        }
        decided
    }

    /// Test builds: every decision not set by a backup rule is what its own
    /// rule gives from the others' final values (a consistent resolution),
    /// and no guess is left open.
    #[cfg(test)]
    pub(super) fn check_fixpoint(&mut self) {
        assert!(self.deps.is_empty(), "guesses left recorded");
        for d in 0..2 * self.n {
            assert!(self.state[d] != State::Guessing, "decision {d} left open");
            if self.state[d] != State::Resolved || self.forced[d] {
                continue;
            }
            let want = self.res[d];
            assert_eq!(self.decide(d), want, "decision {d} ({:?} of {:?}) disagrees with its rule", self.status[d % self.n], self.units[d % self.n]);
        }
    }

    pub(super) fn decide(&mut self, nr: usize) -> bool {
        match self.decision(nr) {
            Decision::Path(a) if self.landing(a) => {
                // a landing from its fleet's destination needs the fleet there
                match self.land[a] {
                    Some(Landing::FromFleet(f)) => self.resolve(f.ix()),
                    _ => true,
                }
            }
            Decision::Path(a) => self.route(a, &mut |r: &mut Self, f| r.resolve(f)),
            Decision::Order(u) => match self.status[u] {
                Status::Move => self.move_succeeds(u),
                Status::Support => self.support_given(u),
                Status::Convoy => !self.dislodged(u),
                _ => true,
            },
        }
    }
}
