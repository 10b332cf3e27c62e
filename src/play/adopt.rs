//! A game moved in from a saved record (`mailjudge import FILE --as NAME`):
//! a new game on the record's last board, set up as the record says, with
//! the judge's keeper as master. The keeper may seat players at once
//! (`--seat POWER=ADDRESS`: each mailed its password); the other seats are
//! open. It waits, paused, while the master approves a player for each open
//! power (`SIGNON ?NAME`, then `APPROVE`) and goes on when the master says
//! `RESUME`.

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
    #[error("--seat {0}: {1}")]
    Seat(String, String),
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
    /// The seats filled at once: each power's name and its player's address.
    pub seated: Vec<(String, String)>,
}

/// A seat the keeper fills as the game is made: a power (name or letter)
/// and the address of its player.
#[derive(Clone, Debug)]
pub struct SeatFor {
    pub power: String,
    pub address: String,
}

/// The seats asked for, checked against the variant before anything is
/// made: a power of the map, each once, and a mail address.
fn seats_of(v: &Variant, seats: &[SeatFor]) -> Result<Vec<(crate::map::PowerId, String)>, AdoptError> {
    let mut out: Vec<(crate::map::PowerId, String)> = Vec::new();
    for s in seats {
        let what = format!("{}={}", s.power, s.address);
        let p = game::find_power(v, &s.power).ok_or_else(|| AdoptError::Seat(what.clone(), crate::report::say::archive::seat_no_power(v.powers.len())))?;
        if out.iter().any(|(q, _)| *q == p) {
            return Err(AdoptError::Seat(what, crate::report::say::archive::seat_twice(&game::pname(v, p))));
        }
        s.address.parse::<lettre::Address>().map_err(|e| AdoptError::Seat(what.clone(), e.to_string()))?;
        out.push((p, s.address.trim().to_string()));
    }
    Ok(out)
}

/// Seats each `(power, address)` in `game`: a player at once, with a
/// password made for it and mailed to it. The keeper named the address:
/// its word is the address's consent, as `mailjudge address allow` is.
fn seat(conn: &Connection, ctx: &mut Ctx, game: &Game, seats: &[(crate::map::PowerId, String)]) -> Result<Vec<(String, String)>, AdoptError> {
    let v = game.variant.clone();
    let phase = v.calendar.long_name(game.position.as_ref().map_or(v.start, |p| p.phase));
    let mut out = Vec::new();
    for (power, address) in seats {
        let password = format!("{:012x}", crate::password::random_u64() & 0xffff_ffff_ffff);
        let mut p = game::Player::new(game.id, game::PlayerRole::Player, address, ctx.now());
        p.power = Some(*power);
        p.pw_hash = Some(ctx.hash_password(&password)?);
        p.seated = Some(ctx.now());
        p.insert(conn)?;
        crate::context::gate::grant(conn, &crate::mail::mailbox_key(address), crate::store::consent::How::Allowed, ctx.now())?;
        let name = game::pname(&v, *power);
        let say = crate::report::say::archive::SeatedBy {
            game: &game.name,
            power: &name,
            letter: v.powers[*power as usize].letter,
            phase: &phase,
            password: &password,
        };
        ctx.notice(conn, address, &say.subject(), say.notice(), Some(game.id), None)?;
        out.push((name, address.clone()));
    }
    Ok(out)
}

/// Makes game `name` of variant `v` from a record whose last board is
/// `pos` (`over`: the record ends the game), set up by `setup`.
pub fn adopt(
    conn: &Connection,
    ctx: &mut Ctx,
    name: &str,
    v: &Variant,
    setup: Option<&Setup>,
    pos: Position,
    over: bool,
    seats: &[SeatFor],
) -> Result<Adopted, AdoptError> {
    let seats = seats_of(v, seats)?;
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
    let seated = seat(conn, ctx, &game, &seats)?;
    Ok(Adopted { game, password, seated })
}
