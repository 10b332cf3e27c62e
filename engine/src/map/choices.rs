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

/// The rule options a game may choose, by name (as [`RuleChoice::key`] gives them).
pub const RULE_KEYS: [&str; 4] = ["convoy_intent", "civil_disorder", "retreat_default", "paradox"];

/// One rule option chosen: a typed `key = value` of [`Rulebook::set`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleChoice {
    ConvoyIntent(ConvoyIntent),
    CivilDisorder(CivilDisorder),
    RetreatDefault(RetreatDefault),
    Paradox(Paradox),
}

/// Why [`RuleChoice::parse`] refuses a rule option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("`{value}` is not a value of rule option `{key}`")]
    Value { key: String, value: String },
    #[error("unknown rule option `{key}` (known: convoy_intent, civil_disorder, retreat_default, paradox)")]
    Key { key: String },
    #[error("retreat_default = right_hand needs the map's neighbours in drawn order, and variant `{variant}` lists them only in its file's order")]
    RightHandUndrawn { variant: String },
}

impl RuleChoice {
    /// This choice, if `v` can be played by it: the right-hand rule needs
    /// a map whose neighbours are in drawn order (not an imported `.map`).
    pub fn fits(self, v: &Variant) -> Result<RuleChoice, RuleError> {
        if self == RuleChoice::RetreatDefault(RetreatDefault::RightHand) && !v.neighbour_order.is_drawn() {
            return Err(RuleError::RightHandUndrawn { variant: v.name.clone() });
        }
        Ok(self)
    }

    /// Reads `key = value` (any case, `-` for `_`, the values' other names:
    /// `rhr`, `home`, `gm` ...).
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
            ("convoy_intent" | "civil_disorder" | "retreat_default" | "paradox", _) => {
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
        }
    }

    /// Every choice there is.
    pub const ALL: [RuleChoice; 10] = [
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
    ];
}
