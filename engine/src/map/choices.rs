//! The rule options a variant file or a game may choose (`[rules]`
//! `convoy_intent = "1992"`, `SET RULE retreat_default right_hand`), read
//! once into typed choices: a variant's own defaults are part of the map
//! ([`Variant::rules`]); `crate::rules` makes a `Rulebook` of them.

use super::Variant;

/// How an army that could go over land or by convoy decides (DATC 4.A.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConvoyIntent {
    /// DATC preferred: a move marked `VIA` goes by convoy only (no land fallback);
    /// an unmarked move to an adjacent province goes by convoy only if a fleet of
    /// the army's own power is ordered to convoy it.
    Datc,
    /// 1992 rulebook (XIII.6): intent from the power's whole order set: by convoy if
    /// one of its own fleets convoys the move; otherwise (even if marked `VIA`) over land.
    Rulebook1992,
    /// The order alone says it (webDiplomacy's recorded games, MILA's engine):
    /// a move marked `VIA` goes by convoy only, as [`ConvoyIntent::Datc`];
    /// an unmarked move to an adjacent province goes over land, whoever convoys it.
    ViaOnly,
}

/// How the units a power fails to remove are chosen (civil disorder).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CivilDisorder {
    /// 2023 rulebook / DATC v3.0: farthest from the nearest *owned* supply centre.
    Owned2023,
    /// 1992 rulebook: farthest from the nearest *home* supply centre.
    Home1992,
    /// 1885-III (docs/RULES1885.md E18): the removal that does the least to
    /// the game, as the GM's suggestion: first the units whose removal leaves
    /// no owned centre open to a foreign unit next to it, then as
    /// [`CivilDisorder::Owned2023`].
    LeastEffect,
}

/// What a dislodged unit does when its power gives it no retreat order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetreatDefault {
    /// Standard: it is disbanded.
    Disband,
    /// Just's Right-Hand Rule (1885): it retreats to the first legal space to the
    /// right of the attack, then the first to the left, the second to the right, ...
    /// A written disband order is void; it is disbanded only if it cannot retreat.
    RightHand,
}

/// What decides a convoy paradox (a cycle of decisions with no consistent
/// resolution, or two, that runs through a convoy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paradox {
    /// DATC preferred: the Szykman rule (the convoyed armies of the cycle
    /// do not move).
    Szykman,
    /// 1885-III (docs/RULES1885.md E14): every unit of the cycle stands.
    AllStand,
}

/// Where a power may build in an adjustment phase (njudge's `SET
/// HOME|ANY|ONE CENTRES`; docs/RULES.md, "Build and disband rules"). A build
/// always goes in a supply centre the power owns that is vacant at the start
/// of the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildSites {
    /// The rulebook: its own home centres (and the map's other build sites).
    Home,
    /// Any centre it owns (the map's rule in chaos, `build_any`).
    Any,
    /// Any centre it owns, while it still owns at least one of its home
    /// centres; with none left it builds nowhere (DPjudge's `RULE
    /// REMOTE_BUILDS`: aberration).
    OneHome,
    /// Any centre it owns that is a home centre of some power, its own or
    /// another's (DPjudge's `RULE HOME_BUILDS`: imperial).
    AnyHome,
}

/// Which units a power may remove in an adjustment phase (njudge's `SET
/// NORMAL|ANY DISBAND`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removals {
    /// The rulebook: only the units it has beyond its centres.
    Owed,
    /// Any of its units: each removal beyond those owed is one build more
    /// (where it may build), so the power ends with as many units as centres.
    Any,
}

/// The rule options a game may choose, by name (as [`RuleChoice::key`] gives them).
pub const RULE_KEYS: [&str; 9] =
    ["convoy_intent", "civil_disorder", "retreat_default", "paradox", "build_sites", "removals", "movement_disband", "auto_disband", "blank_board"];

/// One rule option chosen: a typed `key = value` of [`Rulebook::set`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleChoice {
    ConvoyIntent(ConvoyIntent),
    CivilDisorder(CivilDisorder),
    RetreatDefault(RetreatDefault),
    Paradox(Paradox),
    BuildSites(BuildSites),
    Removals(Removals),
    /// njudge's `SET [NO] DISBAND`: a unit may be disbanded in a movement
    /// phase (it leaves the board before the moves are adjudicated).
    MovementDisband(bool),
    /// njudge's `SET [NO] AUTO DISBAND`: dislodged units are disbanded at
    /// once (no retreat phase).
    AutoDisband(bool),
    /// njudge's `SET BLANK BOARD`: the game starts with no units, in the
    /// adjustment phase before its first movement.
    BlankBoard(bool),
}

/// Why [`RuleChoice::parse`] refuses a rule option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("`{value}` is not a value of rule option `{key}`")]
    Value { key: String, value: String },
    #[error("unknown rule option `{key}` (known: {})", RULE_KEYS.join(", "))]
    Key { key: String },
    #[error("retreat_default = right_hand needs the map's neighbours in drawn order, and variant `{variant}` lists them only in its file's order")]
    RightHandUndrawn { variant: String },
    #[error("build_sites = {value}: variant `{variant}` builds armies in a capital and fleets in naval bases, nowhere else")]
    BuildSitesAtBases { variant: String, value: &'static str },
    #[error("movement_disband = on: in variant `{variant}` units share spaces or carry armies, and a disband in a movement phase is not played there")]
    MovementDisbandShared { variant: String },
    #[error("blank_board = on: in variant `{variant}` powers choose the type of their starting units, so its game starts with them")]
    BlankBoardChoices { variant: String },
}

impl RuleChoice {
    /// This choice, if `v` can be played by it: the right-hand rule needs
    /// a map whose neighbours are in drawn order (not an imported `.map`).
    /// The build and disband rules: other build sites only where the map
    /// builds in centres (not Original 1958's capitals and bases), a disband
    /// in a movement phase only where each unit has a space of its own, a
    /// blank board only where no power chooses its starting units' types.
    pub fn fits(self, v: &Variant) -> Result<RuleChoice, RuleError> {
        let variant = || v.name.clone();
        match self {
            RuleChoice::RetreatDefault(RetreatDefault::RightHand) if !v.neighbour_order.is_drawn() => Err(RuleError::RightHandUndrawn { variant: variant() }),
            RuleChoice::BuildSites(BuildSites::Any | BuildSites::OneHome | BuildSites::AnyHome) if v.builds_at_bases() => {
                Err(RuleError::BuildSitesAtBases { variant: variant(), value: self.word() })
            }
            RuleChoice::MovementDisband(true) if v.units_share_spaces() => Err(RuleError::MovementDisbandShared { variant: variant() }),
            RuleChoice::BlankBoard(true) if v.powers.iter().any(|w| !w.choice.is_empty()) => Err(RuleError::BlankBoardChoices { variant: variant() }),
            _ => Ok(self),
        }
    }

    /// Reads `key = value` (any case, `-` for `_`, the values' other names:
    /// `rhr`, `home`, `gm` ...; an on/off rule's `yes`, `no` ...).
    pub fn parse(key: &str, value: &str) -> Result<RuleChoice, RuleError> {
        let v = value.to_ascii_lowercase().replace('-', "_");
        Ok(match (key.to_ascii_lowercase().replace('-', "_").as_str(), v.as_str()) {
            ("convoy_intent", "datc" | "2000" | "2023") => RuleChoice::ConvoyIntent(ConvoyIntent::Datc),
            ("convoy_intent", "1992" | "intent") => RuleChoice::ConvoyIntent(ConvoyIntent::Rulebook1992),
            ("convoy_intent", "via" | "via_only" | "webdiplomacy") => RuleChoice::ConvoyIntent(ConvoyIntent::ViaOnly),
            ("civil_disorder", "2023" | "owned" | "datc") => RuleChoice::CivilDisorder(CivilDisorder::Owned2023),
            ("civil_disorder", "1992" | "home") => RuleChoice::CivilDisorder(CivilDisorder::Home1992),
            ("civil_disorder", "least_effect" | "gm") => RuleChoice::CivilDisorder(CivilDisorder::LeastEffect),
            ("retreat_default", "disband") => RuleChoice::RetreatDefault(RetreatDefault::Disband),
            ("retreat_default", "right_hand" | "righthand" | "rhr") => RuleChoice::RetreatDefault(RetreatDefault::RightHand),
            ("paradox", "szykman" | "datc") => RuleChoice::Paradox(Paradox::Szykman),
            ("paradox", "all_stand" | "stand") => RuleChoice::Paradox(Paradox::AllStand),
            ("build_sites", "home" | "home_centres" | "home_centers") => RuleChoice::BuildSites(BuildSites::Home),
            ("build_sites", "any" | "any_centres" | "any_centers") => RuleChoice::BuildSites(BuildSites::Any),
            ("build_sites", "one" | "one_centre" | "one_center" | "one_home") => RuleChoice::BuildSites(BuildSites::OneHome),
            ("build_sites", "any_home" | "any_homes" | "home_builds") => RuleChoice::BuildSites(BuildSites::AnyHome),
            ("removals", "normal" | "owed") => RuleChoice::Removals(Removals::Owed),
            ("removals", "any") => RuleChoice::Removals(Removals::Any),
            ("movement_disband", w) if switch(w).is_some() => RuleChoice::MovementDisband(switch(w) == Some(true)),
            ("auto_disband", w) if switch(w).is_some() => RuleChoice::AutoDisband(switch(w) == Some(true)),
            ("blank_board", w) if switch(w).is_some() => RuleChoice::BlankBoard(switch(w) == Some(true)),
            (k, _) if RULE_KEYS.contains(&k) => {
                return Err(RuleError::Value { key: key.to_string(), value: value.to_string() });
            }
            _ => return Err(RuleError::Key { key: key.to_string() }),
        })
    }

    /// The option's name (one of [`RULE_KEYS`]).
    pub fn key(self) -> &'static str {
        match self {
            RuleChoice::ConvoyIntent(_) => RULE_KEYS[0],
            RuleChoice::CivilDisorder(_) => RULE_KEYS[1],
            RuleChoice::RetreatDefault(_) => RULE_KEYS[2],
            RuleChoice::Paradox(_) => RULE_KEYS[3],
            RuleChoice::BuildSites(_) => RULE_KEYS[4],
            RuleChoice::Removals(_) => RULE_KEYS[5],
            RuleChoice::MovementDisband(_) => RULE_KEYS[6],
            RuleChoice::AutoDisband(_) => RULE_KEYS[7],
            RuleChoice::BlankBoard(_) => RULE_KEYS[8],
        }
    }

    /// The value's first name: [`RuleChoice::parse`] of `key()` and `word()` gives it back.
    pub fn word(self) -> &'static str {
        match self {
            RuleChoice::ConvoyIntent(ConvoyIntent::Datc) => "datc",
            RuleChoice::ConvoyIntent(ConvoyIntent::Rulebook1992) => "1992",
            RuleChoice::ConvoyIntent(ConvoyIntent::ViaOnly) => "via",
            RuleChoice::CivilDisorder(CivilDisorder::Owned2023) => "2023",
            RuleChoice::CivilDisorder(CivilDisorder::Home1992) => "1992",
            RuleChoice::CivilDisorder(CivilDisorder::LeastEffect) => "least_effect",
            RuleChoice::RetreatDefault(RetreatDefault::Disband) => "disband",
            RuleChoice::RetreatDefault(RetreatDefault::RightHand) => "right_hand",
            RuleChoice::Paradox(Paradox::Szykman) => "szykman",
            RuleChoice::Paradox(Paradox::AllStand) => "all_stand",
            RuleChoice::BuildSites(BuildSites::Home) => "home",
            RuleChoice::BuildSites(BuildSites::Any) => "any",
            RuleChoice::BuildSites(BuildSites::OneHome) => "one",
            RuleChoice::BuildSites(BuildSites::AnyHome) => "any_home",
            RuleChoice::Removals(Removals::Owed) => "normal",
            RuleChoice::Removals(Removals::Any) => "any",
            RuleChoice::MovementDisband(on) | RuleChoice::AutoDisband(on) | RuleChoice::BlankBoard(on) => {
                if on {
                    "on"
                } else {
                    "off"
                }
            }
        }
    }

    /// Every choice there is.
    pub const ALL: [RuleChoice; 22] = [
        RuleChoice::ConvoyIntent(ConvoyIntent::Datc),
        RuleChoice::ConvoyIntent(ConvoyIntent::Rulebook1992),
        RuleChoice::ConvoyIntent(ConvoyIntent::ViaOnly),
        RuleChoice::CivilDisorder(CivilDisorder::Owned2023),
        RuleChoice::CivilDisorder(CivilDisorder::Home1992),
        RuleChoice::CivilDisorder(CivilDisorder::LeastEffect),
        RuleChoice::RetreatDefault(RetreatDefault::Disband),
        RuleChoice::RetreatDefault(RetreatDefault::RightHand),
        RuleChoice::Paradox(Paradox::Szykman),
        RuleChoice::Paradox(Paradox::AllStand),
        RuleChoice::BuildSites(BuildSites::Home),
        RuleChoice::BuildSites(BuildSites::Any),
        RuleChoice::BuildSites(BuildSites::OneHome),
        RuleChoice::BuildSites(BuildSites::AnyHome),
        RuleChoice::Removals(Removals::Owed),
        RuleChoice::Removals(Removals::Any),
        RuleChoice::MovementDisband(false),
        RuleChoice::MovementDisband(true),
        RuleChoice::AutoDisband(false),
        RuleChoice::AutoDisband(true),
        RuleChoice::BlankBoard(false),
        RuleChoice::BlankBoard(true),
    ];
}

/// An on/off rule's value: `on`, `yes`, `true`, `1`, or `off`, `no`, `false`, `0`.
fn switch(w: &str) -> Option<bool> {
    match w {
        "on" | "yes" | "true" | "1" => Some(true),
        "off" | "no" | "false" | "0" => Some(false),
        _ => None,
    }
}
