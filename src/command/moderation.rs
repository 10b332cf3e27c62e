//! Moderated and unmoderated games (njudge's `SET MODERATED`, `SET
//! UNMODERATED`, `BECOME MASTER`, `SET [NO] RESUME`, `SET [NO] SHOW`): who
//! may change a game's options and deadlines, who may RESUME it, and how the
//! table's notices name who changed a setting (docs/RULES.md, "Moderated and
//! unmoderated games", "Who changed a setting").
//!
//! Every game here has a master from CREATE on. An unmoderated game's
//! players use the master's commands [`super::master::PLAYERS_MAY`] names
//! (the options of play and the deadlines), each change told to the table;
//! everything else stays the master's.

use super::master::PLAYERS_MAY;
use super::{Fail, R, Role, Session, Signed};
use crate::game::refusal::{BecomeMasterWhy, Refusal, SessionRefusal, ToolRefusal};
use crate::game::{Game, GameStatus, Player, PlayerRole, PlayerStatus};
use crate::map::PowerId;
use crate::report::say;
use crate::store::games::{Changers, Moderation, PlayerResume};

/// Who changed a setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Changer {
    /// The master, a co-master, or the keeper at the console.
    Master,
    /// A player of an unmoderated game (its power, once it has one).
    Player(Option<PowerId>),
}

impl Changer {
    /// Whether the change is the master's (not a player's of an unmoderated game).
    pub(super) fn is_master(self) -> bool {
        self == Changer::Master
    }
}

impl Session<'_> {
    /// The game whose settings the sender changes with the master's command
    /// `name` (a name of [`super::master::CO_MASTER_MAY`]), and as whom: its
    /// master (or a co-master, or the master acting for a power), or a
    /// player of an unmoderated game where [`PLAYERS_MAY`] names it.
    pub(super) fn setting_game(&mut self, name: &'static str) -> Result<(Game, Changer), Fail> {
        let (s, g) = self.signed_game()?;
        let open = g.settings.moderated == Moderation::Unmoderated && PLAYERS_MAY.contains(&name);
        match s.role {
            Role::Master | Role::Power { master: true, .. } => Ok((g, Changer::Master)),
            Role::Power { power, player: Some(_), master: false } if open => Ok((g, Changer::Player(Some(power)))),
            Role::Joined(_) if open => Ok((g, Changer::Player(None))),
            _ => Err(Refusal::Session(SessionRefusal::MasterOnly { game: g.name.clone() }).into()),
        }
    }

    /// How the table's notices name who changed a setting: the master or
    /// a player (by power, once it has one); with `SET SHOW` the sender's
    /// address too, a player's only where the game shows who plays what.
    pub(super) fn changer_named(&self, g: &Game, by: Changer) -> String {
        let show = g.settings.no_show == Changers::Named;
        match by {
            Changer::Master => say::master::changed_by_master(show.then_some(self.sender.as_str())),
            Changer::Player(power) => {
                let seat = power.map(|p| say::seats::seat_names(g, p));
                let named = show && g.settings.shows_players(g.status == GameStatus::Finished);
                say::master::changed_by_player(seat.as_deref(), named.then_some(self.sender.as_str()))
            }
        }
    }

    /// The game the sender may RESUME: as its master, or as a player of a
    /// paused game whose master allowed it (`SET RESUME`).
    pub(super) fn resume_game(&mut self) -> Result<Game, Fail> {
        let (s, g) = self.signed_game()?;
        match s.role {
            Role::Master | Role::Power { master: true, .. } => Ok(g),
            Role::Power { player: Some(_), .. } if g.settings.no_resume == PlayerResume::Allowed => {
                if g.status == GameStatus::Active && !g.paused {
                    return Err(ToolRefusal::NotPaused { game: g.name.clone() }.into());
                }
                Ok(g)
            }
            Role::Power { .. } | Role::Joined(_) => Err(ToolRefusal::ResumeMasterOnly { game: g.name.clone() }.into()),
            Role::Observer(_) => Err(Refusal::Session(SessionRefusal::MasterOnly { game: g.name.clone() }).into()),
        }
    }

    /// BECOME MASTER (njudge's): from the master, the game is moderated;
    /// from the only player of an unmoderated forming game, the master's
    /// seat passes to that player (the seat's address and password), who
    /// leaves the player's seat, and the game is moderated; the former
    /// master is told.
    pub(super) fn become_master(&mut self) -> R {
        let (s, mut g) = self.signed_game()?;
        let id = match s.role {
            Role::Master => {
                g.settings.moderated = Moderation::Moderated;
                g.save(self.conn)?;
                return Ok(vec![say::master::already_master(&g)]);
            }
            Role::Joined(id) => id,
            Role::Power { .. } => return Err(become_refused(&g, BecomeMasterWhy::Started)),
            Role::Observer(_) => return Err(Refusal::Session(SessionRefusal::MasterOnly { game: g.name.clone() }).into()),
        };
        if g.settings.moderated == Moderation::Moderated {
            return Err(become_refused(&g, BecomeMasterWhy::Moderated));
        }
        if g.status != GameStatus::Forming {
            return Err(become_refused(&g, BecomeMasterWhy::Started));
        }
        let others = g.players.iter().filter(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Active && p.id != id).count();
        if others > 0 {
            return Err(become_refused(&g, BecomeMasterWhy::NotAlone));
        }
        let p = self.player(Some(id))?;
        let hash = p.pw_hash.clone().ok_or_else(|| Fail::System(anyhow::anyhow!("game {}: player {id} has no password", g.name)))?;
        let former = std::mem::replace(&mut g.master_email, p.email.clone());
        g.master_hash = hash;
        g.settings.moderated = Moderation::Moderated;
        g.save(self.conn)?;
        Player::delete(self.conn, id)?;
        if crate::mail::mailbox_key(&former) != crate::mail::mailbox_key(&p.email) {
            let body = say::master::master_passed_notice(&g, &p.email);
            self.ctx.notice(self.conn, &former, &say::master::master_passed_subject(&g), body, Some(g.id), None)?;
        }
        self.signed = Some(Signed { game_id: g.id, role: Role::Master });
        Ok(vec![say::master::became_master(&g)])
    }
}

fn become_refused(g: &Game, why: BecomeMasterWhy) -> Fail {
    ToolRefusal::BecomeMasterRefused { game: g.name.clone(), why }.into()
}
