//! SET VARIANT name (njudge's): a forming game's variant changed, before
//! the powers are given out. What belonged to the old map goes: the seating
//! of a game for fewer players, the players' preferences (their letters
//! were the old map's), rules the new map cannot play.

use super::{Fail, R, Session};
use crate::game::refusal::{Refusal, SessionRefusal, ToolRefusal};
use crate::game::{GameStatus, PlayerRole, PlayerStatus};
use crate::report::say;

impl Session<'_> {
    /// The variant named `name`, as CREATE finds it: an unknown one is the
    /// sender's mistake, a file that cannot be read the judge's fault.
    pub(super) fn find_variant(&mut self, name: &str) -> Result<std::sync::Arc<crate::map::Variant>, Fail> {
        self.ctx.variant(name).map_err(|e| match e.downcast::<crate::variants::FindError>() {
            Ok(crate::variants::FindError::Unknown { name, known }) => Refusal::Session(SessionRefusal::UnknownVariant { name, known }).into(),
            // the master hears why; the keeper's log has the file
            Ok(crate::variants::FindError::Unreadable { path, why }) => {
                tracing::warn!("variant `{name}` asked for by {}: {}: {why}", self.sender, path.display());
                Refusal::Session(SessionRefusal::VariantUnplayable { name: name.to_string(), why: why.to_string() }).into()
            }
            Ok(other) => Fail::System(other.into()),
            Err(e) => Fail::System(e),
        })
    }

    /// SET VARIANT name.
    pub(super) fn set_variant(&mut self, arg: &str) -> R {
        let (mut g, _) = self.setting_game("SET VARIANT")?;
        let name = arg.trim();
        if name.is_empty() || name.split_whitespace().count() != 1 {
            return Err(ToolRefusal::VariantUsage.into());
        }
        let v = self.find_variant(name)?;
        if v.name == g.variant.name {
            return Ok(vec![say::master::variant_kept(&v.title)]);
        }
        if g.status != GameStatus::Forming {
            return Err(ToolRefusal::VariantTooLate { game: g.name.clone() }.into());
        }
        let joined = g.players.iter().filter(|p| p.role == PlayerRole::Player && p.status == PlayerStatus::Active).count();
        if joined > v.powers.len() {
            return Err(ToolRefusal::VariantTooSmall { variant: v.title.clone(), powers: v.powers.len(), joined }.into());
        }
        let s = &mut g.settings;
        let seating = !s.neutral.is_empty() || !s.groups.is_empty() || s.world_war.is_some();
        (s.neutral, s.groups, s.closed, s.world_war) = (Vec::new(), Vec::new(), Vec::new(), None);
        let before = s.rules.choices().to_vec();
        let mut kept = crate::store::games::GameRules::default();
        let mut dropped = Vec::new();
        for c in before {
            match c.fits(&v) {
                Ok(c) => kept.set(c),
                Err(_) => dropped.push(format!("{}={}", c.key(), c.word())),
            }
        }
        s.rules = kept;
        let mut preferences = 0;
        for p in g.players.iter_mut().filter(|p| p.preference.is_some()) {
            p.preference = None;
            p.save(self.conn)?;
            preferences += 1;
        }
        g.variant = v.clone();
        g.settings_changed()?;
        crate::store::games::set_variant(self.conn, g.id, &v.name)?;
        g.save(self.conn)?;
        Ok(vec![say::master::variant_set(&g, &v.title, v.powers.len(), g.seats.len(), seating, &dropped, preferences)])
    }
}
