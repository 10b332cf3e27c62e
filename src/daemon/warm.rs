//! The maps of the games in play drawn once when the judge starts serving,
//! on a thread of their own: the renderer keeps a picture's pieces
//! (`render::layers`), so the first deadline after a restart draws only
//! what changed, as every later one does, instead of the whole map.

use crate::judge::Judge;
use std::sync::Arc;

/// Games whose maps are drawn at the start, soonest deadline first: one
/// picture a map (games of one map share most of their pieces).
pub const WARMED_GAMES: usize = 16;

/// Draws, on a thread of its own, the board of the game with the soonest
/// deadline of each map in play; the thread says how many maps it drew.
/// Nothing waits for it (`serve` drops the handle): a picture asked for
/// meanwhile is drawn as usual, and a stop ends the process without it.
/// `None`: no game in play (or no thread to be had: logged).
pub fn warm(judge: &mut Judge) -> Option<std::thread::JoinHandle<usize>> {
    let ids = match crate::store::games::in_play(&judge.conn, WARMED_GAMES) {
        Ok(ids) => ids,
        Err(e) => {
            tracing::warn!("warming the maps: {e}");
            return None;
        }
    };
    let mut boards: Vec<(Arc<crate::map::Variant>, crate::adjudicate::Position)> = Vec::new();
    for id in ids {
        let Ok(g) = judge.ctx.game(&judge.conn, id) else { continue };
        if boards.iter().any(|(v, _)| v.name == g.variant.name) {
            continue;
        }
        if let Some(pos) = g.position {
            boards.push((g.variant.clone(), pos));
        }
    }
    if boards.is_empty() {
        return None;
    }
    let spawned = std::thread::Builder::new().name("warm-maps".into()).spawn(move || {
        let mut drawn = 0;
        for (v, pos) in boards {
            let svg = crate::render::svg(&v, &crate::render::Scene::board(&pos, ""));
            match crate::render::png(&svg) {
                Ok(_) => drawn += 1,
                Err(e) => tracing::warn!("warming the map of {}: {e}", v.name),
            }
        }
        drawn
    });
    spawned.map_err(|e| tracing::warn!("warming the maps: {e}")).ok()
}
