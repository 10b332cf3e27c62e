//! The two-player game (World War I, docs/RULES.md "Games for fewer
//! players"): it begins in 1914; before the Winter 1914 adjustments a coin
//! is flipped, and from Spring 1915 the neutral power (Italy) is played by
//! the side that won the toss, its territory open again.
//!
//! The coin is derived, not drawn: SHA-256 of `<game id>:<seed>`, the seed
//! drawn from the operating system when the game started and kept in the
//! game's settings; an even first byte is heads (the first side). The
//! announcement gives the seed and the digest, so anyone can check it.

use crate::adjudicate::Position;
use crate::game::Game;
use crate::map::PowerId;
use crate::phase::{Phase, PhaseKind};
use crate::report::say;
use crate::rules::{WORLD_WAR_NEUTRAL, WORLD_WAR_YEAR};
use sha2::{Digest, Sha256};

/// The coin for game `id` with `seed`: (heads, the digest in hex).
pub fn coin(id: i64, seed: u64) -> (bool, String) {
    let d = Sha256::digest(format!("{id}:{seed}").as_bytes());
    (d[0] % 2 == 0, d.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether the game has reached the Winter adjustments of its first year
/// (or gone past them): the coin must have been flipped by then.
fn coin_due(next: Phase) -> bool {
    next.year > WORLD_WAR_YEAR || (next.year == WORLD_WAR_YEAR && next.kind == PhaseKind::Adjustment)
}

/// After a phase of a two-player game, moving on to `next`: flips the coin
/// when it is due and lets the neutral power join the winner's side from
/// Spring of the next year. Changes the game's settings (the caller saves
/// them) and returns the announcements (for the report, and so the
/// history). Nothing in any other game.
pub fn after_phase(game: &mut Game, next: &Position) -> Vec<String> {
    let mut out = Vec::new();
    let Some(mut ww) = game.settings.world_war.clone() else { return out };
    let v = game.variant.clone();
    let v = &*v;
    let groups: Vec<Vec<PowerId>> = game.seats.iter().map(|s| s.powers.clone()).collect();
    let names = |i: usize| say::seats::powers(&groups.get(i).map(|g| g.iter().map(|&p| crate::game::pname(v, p)).collect::<Vec<_>>()).unwrap_or_default());
    let neutral = v.power_by_name(WORLD_WAR_NEUTRAL).map(|p| crate::game::pname(v, p)).unwrap_or_default();
    if ww.winner.is_none() && coin_due(next.phase) {
        let (heads, digest) = coin(game.id, ww.seed);
        let side = if heads { 0 } else { 1 };
        ww.winner = groups.get(side).and_then(|g| g.first()).map(|&p| v.powers[p as usize].name.clone());
        out.push(say::seats::coin_flipped(game, ww.seed, &digest, heads, &names(side), &neutral, WORLD_WAR_YEAR));
    }
    if let Some(winner) = ww.winner.clone()
        && !ww.joined
        && next.phase.year > WORLD_WAR_YEAR
    {
        let side = names(groups.iter().position(|g| g.first().is_some_and(|&p| v.powers[p as usize].name == winner)).unwrap_or(0));
        game.settings.neutral.retain(|n| n != WORLD_WAR_NEUTRAL);
        game.settings.closed.clear();
        if let Some(g) = game.settings.groups.iter_mut().find(|g| g.first() == Some(&winner)) {
            g.push(WORLD_WAR_NEUTRAL.to_string());
        }
        ww.joined = true;
        out.push(say::seats::neutral_joins(&neutral, &side));
    }
    game.settings.world_war = Some(ww);
    out
}

/// A rollback to `phase` of a two-player game: undoes the neutral power's
/// joining and the coin where the game goes back to before them (played
/// again, the coin falls the same way: it is derived from the game's number
/// and seed). Changes the settings only; the caller saves them.
pub fn rewind(game: &mut Game, phase: Phase) {
    let Some(mut ww) = game.settings.world_war.clone() else { return };
    if ww.joined && phase.year <= WORLD_WAR_YEAR {
        ww.joined = false;
        for g in game.settings.groups.iter_mut() {
            g.retain(|n| n != WORLD_WAR_NEUTRAL);
        }
        if !game.settings.neutral.iter().any(|n| n == WORLD_WAR_NEUTRAL) {
            game.settings.neutral.push(WORLD_WAR_NEUTRAL.to_string());
        }
        game.settings.closed = crate::rules::WORLD_WAR_CLOSED.iter().map(|c| c.to_string()).collect();
    }
    if !coin_due(phase) {
        ww.winner = None;
    }
    game.settings.world_war = Some(ww);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_coin_is_derived_from_id_and_seed() {
        assert_eq!(coin(1, 2), coin(1, 2));
        let (_, d) = coin(1, 2);
        assert_eq!(d.len(), 64);
        // both faces occur
        let heads = (0..64).filter(|s| coin(7, *s).0).count();
        assert!(heads > 0 && heads < 64);
    }
}
