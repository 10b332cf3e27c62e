//! Rule options: every choice the rules leave open, as one value.
//!
//! The defaults follow the DATC (v3.0) preferred options; each option also offers
//! the 1992 rulebook's choice where that differs. `docs/RULES.md` explains each one.

pub use crate::map::choices::{BuildSites, CivilDisorder, ConvoyIntent, Paradox, RULE_KEYS, Removals, RetreatDefault, RuleChoice, RuleError};
use crate::map::{PowerId, Variant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rulebook {
    pub convoy_intent: ConvoyIntent,
    pub civil_disorder: CivilDisorder,
    pub retreat_default: RetreatDefault,
    pub paradox: Paradox,
    /// Where builds go (njudge's `SET HOME|ANY|ONE CENTRES`; a map's
    /// `build_any` makes its default [`BuildSites::Any`]).
    pub build_sites: BuildSites,
    /// Which units may be removed in an adjustment phase (njudge's `SET
    /// NORMAL|ANY DISBAND`).
    pub removals: Removals,
    /// A unit may be disbanded in a movement phase (njudge's `SET
    /// DISBAND`): it leaves the board before the moves are adjudicated.
    pub movement_disband: bool,
    /// Dislodged units are disbanded at once, no retreat phase (njudge's
    /// `SET AUTO DISBAND`).
    pub auto_disband: bool,
    /// The game starts with no units, in the adjustment phase before its
    /// first movement ([`crate::adjudicate::Position::start`]; njudge's
    /// `SET BLANK BOARD`).
    pub blank_board: bool,
    /// The powers left out of the game (one bit a power, bit `p` for power
    /// `p`; 0 in a game for all): their units always hold, support no one,
    /// and are disbanded when dislodged; they never build, and remove by the
    /// civil-disorder rule. Any order given for them is ignored. See
    /// docs/RULES.md, "Games for fewer players".
    pub neutral: u64,
    /// What a solo victory needs instead of the map's count (a short game,
    /// `SET CENTERS`; counted as the map's victory counts: centres, or units
    /// on a map won by units). `None`: the map's own count.
    pub victory_count: Option<u32>,
    /// Provinces no unit may enter (one bit a province, provinces numbered
    /// 256 or more are never closed): the Italian territory of the two-player
    /// game while Italy is neutral. A move, a convoyed move or a retreat
    /// there is void. Empty (all zero) in every other game.
    pub closed: ProvSet,
    /// A victory by sides instead of the variant's solo victory: the side
    /// whose powers together own `centers` supply centres wins (the
    /// two-player game, 24). `None`: the variant's own victory.
    pub sides: Option<SideVictory>,
    /// The seasonal spaces shut in the phase being adjudicated (one bit a
    /// province): no unit enters them, no support goes into them, and a
    /// unit in one may only hold (docs/RULES.md, "Seasonal spaces"). Set by
    /// [`Rulebook::in_phase`], which the adjudicator and the order check
    /// call; all zero on maps without seasonal spaces.
    pub shut: ProvSet,
    /// The owner, at the start of the phase, of the centre guarding each of
    /// the map's [`crate::map::Variant::owner_crossings`] (in its order):
    /// only that power crosses it. Set by [`Rulebook::holding`], which the
    /// adjudicator and the order check call; a crossing whose owner is not
    /// set is crossed by no one.
    pub crossers: [Option<PowerId>; crate::map::OwnerCrossing::LIMIT],
}

/// A set of the first 256 provinces of a map, one bit each (provinces
/// numbered 256 or more are never in it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProvSet(pub [u64; 4]);

impl ProvSet {
    /// The most provinces a set can hold: those numbered below this.
    pub const LIMIT: usize = 256;

    pub fn contains(&self, prov: crate::map::Prov) -> bool {
        let p = prov as usize;
        p < Self::LIMIT && (self.0[p / 64] >> (p % 64)) & 1 == 1
    }

    /// Adds `prov`; one numbered [`ProvSet::LIMIT`] or more is left out.
    pub fn insert(&mut self, prov: crate::map::Prov) {
        let p = prov as usize;
        if p < Self::LIMIT {
            self.0[p / 64] |= 1 << (p % 64);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
}

/// A victory counted by sides (docs/RULES.md, "Games for fewer players").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideVictory {
    /// The powers of each side (one bit a power).
    pub sides: [u64; 2],
    /// Supply centres a side needs, all its powers together.
    pub centers: u32,
}

impl Default for Rulebook {
    fn default() -> Self {
        Rulebook {
            convoy_intent: ConvoyIntent::Datc,
            civil_disorder: CivilDisorder::Owned2023,
            retreat_default: RetreatDefault::Disband,
            paradox: Paradox::Szykman,
            build_sites: BuildSites::Home,
            removals: Removals::Owed,
            movement_disband: false,
            auto_disband: false,
            blank_board: false,
            neutral: 0,
            victory_count: None,
            closed: ProvSet::default(),
            sides: None,
            shut: ProvSet::default(),
            crossers: [None; crate::map::OwnerCrossing::LIMIT],
        }
    }
}

impl Rulebook {
    /// The DATC's preferred options (the default).
    pub fn datc() -> Rulebook {
        Rulebook::default()
    }
    /// The 1992 rulebook's choices where the DATC prefers otherwise.
    pub fn rulebook_1992() -> Rulebook {
        Rulebook { convoy_intent: ConvoyIntent::Rulebook1992, civil_disorder: CivilDisorder::Home1992, ..Rulebook::default() }
    }

    /// Whether `power` is left out of the game (neutral).
    #[inline]
    pub fn is_neutral(&self, power: PowerId) -> bool {
        power < 64 && (self.neutral >> power) & 1 == 1
    }

    /// These rules with `powers` made neutral (powers numbered 64 or more,
    /// which no map has, are ignored).
    pub fn with_neutral(mut self, powers: &[PowerId]) -> Rulebook {
        for &p in powers {
            if p < 64 {
                self.neutral |= 1 << p;
            }
        }
        self
    }

    /// These rules with a solo victory at `count` instead of the map's
    /// count (`None`: the map's).
    pub fn with_victory_count(mut self, count: Option<u32>) -> Rulebook {
        self.victory_count = count;
        self
    }

    /// Whether no unit may enter `prov`.
    #[inline]
    pub fn is_closed(&self, prov: crate::map::Prov) -> bool {
        self.closed.contains(prov)
    }

    /// These rules with `provs` closed (provinces numbered 256 or more are ignored).
    pub fn with_closed(mut self, provs: &[crate::map::Prov]) -> Rulebook {
        for &p in provs {
            self.closed.insert(p);
        }
        self
    }

    /// Whether `prov` is a seasonal space shut in this phase.
    #[inline]
    pub fn is_shut(&self, prov: crate::map::Prov) -> bool {
        self.shut.contains(prov)
    }

    /// These rules for `phase` of a game of `v`: its seasonal spaces shut
    /// out of their seasons (the map refuses a seasonal space numbered 256
    /// or more).
    pub fn in_phase(mut self, v: &Variant, phase: crate::phase::Phase) -> Rulebook {
        if v.seasonal.is_empty() {
            return self; // no seasonal space: nothing to shut (most maps)
        }
        self.shut = ProvSet::default();
        for &p in v.seasonal.iter().filter(|&&p| v.is_shut(p, phase)) {
            self.shut.insert(p);
        }
        self
    }

    /// These rules with the owners of the centres guarding the map's
    /// owner-only crossings taken from `centers` (the centre owners at the
    /// start of the phase).
    pub fn holding(mut self, v: &Variant, centers: &[Option<PowerId>]) -> Rulebook {
        for (k, x) in v.owner_crossings.iter().take(crate::map::OwnerCrossing::LIMIT).enumerate() {
            self.crossers[k] = centers.get(x.centre as usize).copied().flatten();
        }
        self
    }

    /// Whether `power` may not go from `from` to `to`: the edge is an
    /// owner-only crossing whose centre `power` does not own.
    #[inline]
    pub fn barred(&self, v: &Variant, power: PowerId, from: crate::map::Prov, to: crate::map::Prov) -> bool {
        v.owner_crossings
            .iter()
            .take(crate::map::OwnerCrossing::LIMIT)
            .enumerate()
            .any(|(k, x)| x.from == from && x.to == to && self.crossers[k] != Some(power))
    }

    /// Sets one option by name (`convoy_intent = datc|1992|via`,
    /// `civil_disorder = 2023|1992`, `retreat_default = disband|right_hand`,
    /// `paradox = szykman|all_stand`): [`RuleChoice::parse`], applied.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RuleError> {
        RuleChoice::parse(key, value)?.apply(self);
        Ok(())
    }

    /// These options with the variant's `[rules]` defaults applied (a map
    /// that builds anywhere, `build_any`, builds in any owned centre), and
    /// its dummy powers neutral ([`crate::map::Power::dummy`]).
    pub fn with_variant(mut self, v: &Variant) -> Rulebook {
        if v.features.build_any {
            self.build_sites = BuildSites::Any;
        }
        for (p, _) in v.powers.iter().enumerate().filter(|(p, w)| w.dummy && *p < 64) {
            self.neutral |= 1 << p;
        }
        for c in &v.rules {
            c.apply(&mut self);
        }
        self
    }

    /// Refuses options this variant cannot be played by ([`RuleChoice::fits`]):
    /// the right-hand rule on a map whose neighbours are not in drawn order
    /// (an imported `.map`), the build and disband rules where they do not fit.
    /// A map's own `build_any` fits it.
    pub fn fits(&self, v: &Variant) -> Result<(), RuleError> {
        RuleChoice::RetreatDefault(self.retreat_default).fits(v)?;
        if !(v.features.build_any && self.build_sites == BuildSites::Any) {
            RuleChoice::BuildSites(self.build_sites).fits(v)?;
        }
        RuleChoice::MovementDisband(self.movement_disband).fits(v)?;
        RuleChoice::BlankBoard(self.blank_board).fits(v).map(|_| ())
    }

    /// The variant's own default rules.
    pub fn for_variant(v: &Variant) -> Rulebook {
        Rulebook::default().with_variant(v)
    }
}

impl RuleChoice {
    /// `r` with this choice made.
    pub fn apply(self, r: &mut Rulebook) {
        match self {
            RuleChoice::ConvoyIntent(c) => r.convoy_intent = c,
            RuleChoice::CivilDisorder(c) => r.civil_disorder = c,
            RuleChoice::RetreatDefault(c) => r.retreat_default = c,
            RuleChoice::Paradox(c) => r.paradox = c,
            RuleChoice::BuildSites(c) => r.build_sites = c,
            RuleChoice::Removals(c) => r.removals = c,
            RuleChoice::MovementDisband(on) => r.movement_disband = on,
            RuleChoice::AutoDisband(on) => r.auto_disband = on,
            RuleChoice::BlankBoard(on) => r.blank_board = on,
        }
    }
}

/// What a solo victory needs on the map `v` (its centres, or units, count).
pub fn map_victory_count(v: &Variant) -> u32 {
    match v.victory {
        crate::map::Victory::Centers(n) | crate::map::Victory::Units(n) => n,
    }
}

/// The powers left out (neutral) in a game of the standard map for
/// `players` players, after the 1992 rulebook's games for fewer players
/// (docs/RULES.md, "Games for fewer players"). `None` where there is no such
/// game: another map, or a number of players outside 2 to 7.
/// How a game of the standard map for fewer players is seated, after the
/// 1992 rulebook (docs/RULES.md, "Games for fewer players").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    /// The seats: the powers each player plays (one each for seven, six and
    /// five players), the seat's first power named first.
    pub groups: Vec<Vec<PowerId>>,
    /// The powers no one plays (sorted).
    pub neutral: Vec<PowerId>,
    /// The two-player game (World War I): Italy neutral, its territory
    /// closed, the game from 1914, a coin gives Italy to one side for
    /// Spring 1915, and a side wins with [`WORLD_WAR_CENTERS`].
    pub world_war: bool,
}

/// The centres a side needs in the two-player game.
pub const WORLD_WAR_CENTERS: u32 = 24;
/// The year the two-player game begins.
pub const WORLD_WAR_YEAR: i32 = 1914;
/// The neutral power's territory in the two-player game (its home
/// provinces, supply centres or not), closed while it is neutral.
pub const WORLD_WAR_CLOSED: [&str; 6] = ["VEN", "ROM", "NAP", "PIE", "TUS", "APU"];
/// The power that is neutral in the two-player game until the coin is flipped.
pub const WORLD_WAR_NEUTRAL: &str = "ITALY";

/// The seating of a game of the standard map for `players` (`7` to `2`;
/// three players have two options, `3a` and `3b`; plain `3` is `3a`).
/// `None` where there is no such game: another map, or another number.
///
/// Six players leave out Italy, five Italy and Germany. Four: England
/// alone; Austria/France, Germany/Turkey, Italy/Russia. Three (a): Russia;
/// England/France/Germany; Austria/Italy/Turkey. Three (b):
/// England/Germany/Austria; Russia/Italy; France/Turkey. Two: World War I,
/// England/France/Russia against Austria/Germany/Turkey, Italy neutral.
pub fn fewer_players(v: &Variant, players: &str) -> Option<Seating> {
    if v.name != "standard" {
        return None;
    }
    let all = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"];
    let (groups, neutral, world_war): (Vec<Vec<&str>>, Vec<&str>, bool) = match players.trim().to_ascii_lowercase().as_str() {
        "7" => (all.iter().map(|p| vec![*p]).collect(), vec![], false),
        "6" => (all.iter().filter(|p| **p != "ITALY").map(|p| vec![*p]).collect(), vec!["ITALY"], false),
        "5" => (all.iter().filter(|p| !matches!(**p, "ITALY" | "GERMANY")).map(|p| vec![*p]).collect(), vec!["GERMANY", "ITALY"], false),
        "4" => (vec![vec!["ENGLAND"], vec!["AUSTRIA", "FRANCE"], vec!["GERMANY", "TURKEY"], vec!["ITALY", "RUSSIA"]], vec![], false),
        "3" | "3a" => (vec![vec!["RUSSIA"], vec!["ENGLAND", "FRANCE", "GERMANY"], vec!["AUSTRIA", "ITALY", "TURKEY"]], vec![], false),
        "3b" => (vec![vec!["ENGLAND", "GERMANY", "AUSTRIA"], vec!["RUSSIA", "ITALY"], vec!["FRANCE", "TURKEY"]], vec![], false),
        "2" => (vec![vec!["ENGLAND", "FRANCE", "RUSSIA"], vec!["AUSTRIA", "GERMANY", "TURKEY"]], vec![WORLD_WAR_NEUTRAL], true),
        _ => return None,
    };
    let ids = |names: &[&str]| names.iter().map(|n| v.power_by_name(n)).collect::<Option<Vec<PowerId>>>();
    let groups = groups.iter().map(|g| ids(g)).collect::<Option<Vec<_>>>()?;
    let mut neutral = ids(&neutral)?;
    neutral.sort_unstable();
    Some(Seating { groups, neutral, world_war })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A province set holds provinces up to 255 and leaves out 256 and on.
    #[test]
    fn a_province_set_holds_the_first_256_provinces() {
        let mut set = ProvSet::default();
        assert!(set.is_empty());
        for p in [0, 63, 64, 200, 255, 256, 300] {
            set.insert(p);
        }
        assert!([0, 63, 64, 200, 255].iter().all(|&p| set.contains(p)));
        assert!(![1, 62, 65, 254, 256, 300].iter().any(|&p| set.contains(p)));
        assert!(!set.is_empty());
        let only_past = {
            let mut s = ProvSet::default();
            s.insert(256);
            s
        };
        assert!(only_past.is_empty(), "province 256 is left out");
    }

    #[test]
    fn every_rule_choice_reads_back_from_its_names() {
        for c in RuleChoice::ALL {
            assert_eq!(RuleChoice::parse(c.key(), c.word()), Ok(c));
            assert_eq!(RuleChoice::parse(&c.key().to_ascii_uppercase().replace('_', "-"), &c.word().to_ascii_uppercase()), Ok(c));
        }
        assert_eq!(RuleChoice::parse("retreat_default", "RHR"), Ok(RuleChoice::RetreatDefault(RetreatDefault::RightHand)));
        assert!(RuleChoice::parse("paradox", "coin").is_err_and(|e| e.to_string().contains("`coin` is not a value")));
        assert!(RuleChoice::parse("gravity", "on").is_err_and(|e| e.to_string().contains("unknown rule option `gravity`")));
        let mut r = Rulebook::default();
        r.set("civil_disorder", "home").unwrap();
        assert_eq!(r.civil_disorder, CivilDisorder::Home1992);
    }

    #[test]
    fn seatings_follow_the_rulebook() {
        let v = Variant::standard();
        let names = |s: &Seating| s.groups.iter().map(|g| g.iter().map(|&p| v.powers[p as usize].letter).collect::<String>()).collect::<Vec<_>>();
        assert_eq!(names(&fewer_players(&v, "4").unwrap()), ["E", "AF", "GT", "IR"]);
        assert_eq!(names(&fewer_players(&v, "3a").unwrap()), ["R", "EFG", "AIT"]);
        assert_eq!(names(&fewer_players(&v, "3b").unwrap()), ["EGA", "RI", "FT"]);
        let ww = fewer_players(&v, "2").unwrap();
        assert_eq!(names(&ww), ["EFR", "AGT"]);
        assert!(ww.world_war);
        assert_eq!(ww.neutral, vec![v.power_by_name("ITALY").unwrap()]);
        assert!(fewer_players(&v, "1").is_none() && fewer_players(&v, "3c").is_none());
    }

    #[test]
    fn closed_provinces_are_a_mask() {
        let r = Rulebook::default().with_closed(&[0, 63, 64, 200, 300]);
        assert!(r.is_closed(0) && r.is_closed(63) && r.is_closed(64) && r.is_closed(200));
        assert!(!r.is_closed(1) && !r.is_closed(300));
        assert!(!Rulebook::default().is_closed(0));
    }
}
