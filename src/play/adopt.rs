//! A game moved in from a saved record (`mailjudge import FILE --as NAME`):
//! a new game on the record's last board, set up as the record says, with
//! the judge's keeper as master and every seat open. It waits, paused,
//! while the master approves a player for each power (`SIGNON ?NAME`, then
//! `APPROVE`) and goes on when the master says `RESUME`.

use crate::adjudicate::Position;
use crate::archive::mila::Setup;
use crate::context::Ctx;
use crate::game::{self, Game, GameStatus};
use crate::map::Variant;
use crate::store::games::GameRules;
use rusqlite::Connection;

/// Why a game could not be made from a record.
#[derive(Debug, thiserror::Error)]
pub enum AdoptError {
    #[error("`{0}` is not a game name (letters, digits, - and _, at most 16)")]
    BadName(String),
    #[error("a game called {0} exists already")]
    Exists(String),
    #[error("the record's game is over: there is nothing left to play")]
    Over,
    #[error("the record's setup: {0}")]
    Setup(String),
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// What the keeper is told of the new game.
pub struct Adopted {
    pub game: Game,
    /// The master's password, made for the keeper (shown once).
    pub password: String,
}

/// Makes game `name` of variant `v` from a record whose last board is
/// `pos` (`over`: the record ends the game), set up by `setup`.
pub fn adopt(conn: &Connection, ctx: &mut Ctx, name: &str, v: &Variant, setup: Option<&Setup>, pos: Position, over: bool) -> Result<Adopted, AdoptError> {
    if !game::valid_game_name(name) {
        return Err(AdoptError::BadName(name.to_string()));
    }
    if over {
        return Err(AdoptError::Over);
    }
    if crate::store::games::exists(conn, name)? {
        return Err(AdoptError::Exists(name.to_string()));
    }
    let password = format!("{:016x}", crate::password::random_u64());
    let hash = ctx.hash_password(&password)?;
    let keeper = ctx.cfg.keeper.clone();
    let mut settings = game::default_settings(&ctx.cfg);
    if let Some(s) = setup {
        // checked against the variant as the replay was
        s.rulebook(v).map_err(|e| AdoptError::Setup(e.to_string()))?;
        settings.rules = GameRules::try_from(s.rules.clone()).map_err(|e| AdoptError::Setup(e.to_string()))?;
        settings.neutral = s.neutral.iter().map(|n| n.to_ascii_uppercase()).collect();
        settings.closed = s.closed.clone();
    }
    settings.takeover_approval = true;
    let mut game = Game::forming(name, std::sync::Arc::new(v.clone()), hash, &keeper, settings, ctx.now()).map_err(anyhow::Error::from)?;
    game.status = GameStatus::Active;
    game.paused = true;
    game.seq = 1;
    game.set_position(pos);
    game.insert(conn)?;
    Ok(Adopted { game, password })
}
