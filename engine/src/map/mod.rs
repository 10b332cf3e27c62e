//! Variant maps as data: provinces, coasts, adjacency, powers, calendar, victory.
//!
//! A variant is a TOML file (format documented in `config/variants/README.md`).
//! Built-in variants are embedded in the binary; more can be loaded from a
//! directory at run time. [`Variant::from_toml`] validates everything it reads and
//! reports every problem it finds, each naming the province or power concerned.

pub mod choices;
mod distance;
pub mod dpjudge;
pub(crate) mod names;
pub mod njudge;
mod terrain;
pub mod toml;

pub use self::toml::RawVariant;
use crate::phase::{Calendar, Phase};
use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;

/// Index of a province in [`Variant::provinces`].
pub type Prov = u16;
/// Index of a power in [`Variant::powers`].
pub type PowerId = u8;

/// An edge from `from` to `to` that only the power owning the supply centre
/// `centre` may cross: by a move, a support into `to` or a retreat (not a
/// convoy's fleets, which carry an army along the edge: DPjudge checks only
/// the army's own step).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnerCrossing {
    pub from: Prov,
    pub to: Prov,
    pub centre: Prov,
}

impl OwnerCrossing {
    /// The most crossings a map may have (each direction counts): the
    /// rule options keep their owners in a fixed array
    /// ([`crate::rules::Rulebook::crossers`]).
    pub const LIMIT: usize = 8;
}

/// A coast of a province with several coasts. `None` for every other location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Coast {
    #[default]
    None = 0,
    North = 1,
    South = 2,
    East = 3,
    West = 4,
}

impl Coast {
    pub const ALL: [Coast; 4] = [Coast::North, Coast::South, Coast::East, Coast::West];
    pub fn code(self) -> &'static str {
        match self {
            Coast::None => "",
            Coast::North => "NC",
            Coast::South => "SC",
            Coast::East => "EC",
            Coast::West => "WC",
        }
    }
    pub fn from_code(s: &str) -> Option<Coast> {
        match s.to_ascii_uppercase().as_str() {
            "NC" => Some(Coast::North),
            "SC" => Some(Coast::South),
            "EC" => Some(Coast::East),
            "WC" => Some(Coast::West),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Coast::None => "",
            Coast::North => "north coast",
            Coast::South => "south coast",
            Coast::East => "east coast",
            Coast::West => "west coast",
        }
    }
}

/// A place a unit can stand: a province, and for a fleet in a province with
/// several coasts, the coast.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc {
    pub prov: Prov,
    pub coast: Coast,
}

impl Loc {
    pub const fn new(prov: Prov) -> Loc {
        Loc { prov, coast: Coast::None }
    }
    pub const fn with(prov: Prov, coast: Coast) -> Loc {
        Loc { prov, coast }
    }
    fn slot(self) -> usize {
        self.prov as usize * 5 + self.coast as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnitType {
    Army,
    Fleet,
}

impl UnitType {
    pub fn letter(self) -> char {
        match self {
            UnitType::Army => 'A',
            UnitType::Fleet => 'F',
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            UnitType::Army => "army",
            UnitType::Fleet => "fleet",
        }
    }
}

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unit {
    pub power: PowerId,
    pub kind: UnitType,
    pub loc: Loc,
    /// An army on board the fleet in its space (Original 1958 boarding,
    /// docs/ORIGINAL1958.md D1, D8): written `A NTH ABOARD`. Always false on
    /// maps without `boarding`.
    pub aboard: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ProvinceKind {
    #[default]
    Land,
    Coast,
    Sea,
    Impassable,
}

/// What a province's `clockwise` list is: the neighbours as drawn around
/// it, or only in the order a `.map` file names them (that format has no
/// drawing order, so the right-hand retreat rule cannot be played on it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NeighbourOrder {
    #[default]
    Drawn,
    File,
}

impl NeighbourOrder {
    pub fn is_drawn(&self) -> bool {
        *self == NeighbourOrder::Drawn
    }
}

#[derive(Clone, Debug)]
pub struct Province {
    /// The classic three-letter code, upper case (`STP`).
    pub code: String,
    pub name: String,
    pub kind: ProvinceKind,
    pub center: bool,
    pub aliases: Vec<String>,
    /// Coasts of a province with several (empty otherwise).
    pub coasts: Vec<Coast>,
    /// Every neighbouring province, clockwise as drawn on the map.
    pub clockwise: Vec<Prov>,
    /// Map position of the province's centre (for directions); may be absent.
    pub pos: Option<(f64, f64)>,
    /// How many units may stand here at once (1 on the standard map).
    pub capacity: u8,
    /// A sea space holding any number of fleets of any powers, where moves
    /// in never fail and no one is dislodged (1885's High Ocean Box,
    /// docs/RULES1885.md E16): TOML `ocean_box = true`.
    pub ocean_box: bool,
    /// A coastal province a fleet may convoy from, as a link of a chain of
    /// fleets like a sea space (DPjudge's `PORT`, ancmed's Baleares;
    /// docs/RULES.md, "Ports"): TOML `port = true`. In every other way a coast.
    pub port: bool,
    /// Not a supply centre, but a build site whose owner is tracked: the
    /// last power to occupy it after any move (1885's Sicily, docs/RULES1885.md
    /// E5). The owner at the start; TOML `owner = "ITALY"`.
    pub tracked: Option<PowerId>,
    /// A centre that also changes hands by occupation after every move up
    /// to and including this phase, whatever the calendar's ownership
    /// seasons (1885's Macedonia, E2); TOML `ownership_until = "FEB1885M"`.
    pub ownership_until: Option<Phase>,
    /// The seasons (indices into the calendar) in which this sea space is
    /// open; in every other season it is impassable (loeb9's Arctic Ocean,
    /// open in spring: docs/RULES.md, "Seasonal spaces"). Empty: always
    /// open. TOML `open_in = ["S"]`.
    pub open_in: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct Power {
    /// Upper-case English name (`RUSSIA`).
    pub name: String,
    /// `Russian`.
    pub adjective: String,
    /// One-letter code used by `SIGNON R<game>`.
    pub letter: char,
    pub home: Vec<Prov>,
    pub units: Vec<Unit>,
    /// Where its armies are built (Original 1958); `None` on maps without one.
    pub capital: Option<Prov>,
    /// Where its fleets are built (Original 1958), with the coast where it matters.
    pub naval_bases: Vec<Loc>,
    /// The starting units whose type the player chooses before the first
    /// move (1885-III, docs/RULES1885.md E3): any of these provinces' units
    /// may start as the other type, at most `choice_max` of them. Empty on
    /// most maps.
    pub choice: Vec<Prov>,
    pub choice_max: u8,
    /// Provinces besides its home centres where it builds while it owns
    /// them and they are vacant (1885's Sicily for Italy; Ireland, Portugal
    /// and Persia for England, Spain and Russia: E5, E6). TOML `build_sites`.
    pub build_sites: Vec<Prov>,
    /// The centres it owns at the start: its home centres, unless the file
    /// says otherwise (DPjudge's `OWNS`: in shiftaround England starts owning
    /// Italy's homes; 1900's Britain owns Egypt, no home of its). TOML `owns`.
    pub owns: Vec<Prov>,
    /// No player plays it, in any game (DPjudge's `DUMMY` with `CD_DUMMIES`:
    /// sengoku's neutral armies): a neutral power of every game of the
    /// variant ([`crate::rules::Rulebook::neutral`]), its units holding.
    /// TOML `dummy = true`.
    pub dummy: bool,
    /// Partisan build sites (DPjudge's `*` homes, 1900's Siberia for
    /// Russia: the Russian Emergency Measures): provinces that are no
    /// supply centre, where it builds while it owns some but not all of its
    /// home centres, and which then count as a centre each in the
    /// adjustments (a unit more to keep). TOML `partisan`.
    pub partisan: Vec<Prov>,
}

/// Who may share a space (beyond a province's `capacity`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Stacking {
    /// One unit a space (standard).
    #[default]
    None,
    /// Any number of a power's own armies in its capital and own fleets in its
    /// naval bases (Original 1958).
    HomeBases,
}

/// What a map's rules add to or take from the standard game (`[rules]` keys
/// `convoys`, `boarding`, `stacking`): facts of the variant, not game options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Convoy orders exist (standard); Original 1958 has none.
    pub convoys: bool,
    /// Armies board fleets and travel on them (Original 1958).
    pub boarding: bool,
    pub stacking: Stacking,
    /// Two fleets may exchange places along different coasts of a two-coast
    /// province (`F SPA/NC - POR`, `F POR - SPA/SC`) instead of meeting head to
    /// head (Original 1958 §8, docs/ORIGINAL1958.md D12).
    pub coast_swap: bool,
    /// Armies cross the sea on board fleets as A/F units, and a convoy is a
    /// Fast Ferry through one sea space (Davis's 1885-III,
    /// docs/RULES1885.md E7-E12).
    pub army_fleet: bool,
    /// Builds go in any supply centre the power owns, not only its home
    /// centres (DPjudge's `RULE BUILD_ANY`: Chaos, Minor Powers).
    pub build_any: bool,
    /// The map's dummy powers ([`Power::dummy`]) build in civil disorder:
    /// each build they are owed goes in a free build site (DPjudge's `RULE
    /// CD_BUILDS`; docs/VARIANTS.md, "Dummy powers"). TOML `dummy_builds`.
    pub dummy_builds: bool,
    /// Games of the map end in a solo victory only: no draw is voted
    /// (DPjudge's `RULE NO_DRAW`, sengoku). TOML `no_draw`.
    pub no_draw: bool,
    /// The game starts with no unit and no centre owned, in an adjustment
    /// phase in which each power builds one unit in a home centre of its
    /// choice, which it then owns (DPjudge's `RULE MOBILIZE`, 1898). TOML
    /// `mobilize`.
    pub mobilize: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            convoys: true,
            boarding: false,
            stacking: Stacking::None,
            coast_swap: false,
            army_fleet: false,
            build_any: false,
            dummy_builds: false,
            no_draw: false,
            mobilize: false,
        }
    }
}

/// A border the map's maker could not read for certain, with the reading the
/// file uses: a GM holding the printed map checks these first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uncertain {
    pub a: Prov,
    pub b: Prov,
    /// What the file says: adjacent or not.
    pub adjacent: bool,
    /// Which moves the doubt is about.
    pub kinds: Vec<UnitType>,
    pub why: String,
}

/// How a game is won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Victory {
    /// A power owning this many supply centres after the ownership update wins.
    Centers(u32),
    /// A power with this many units on the board wins (Original 1958).
    Units(u32),
}

/// A victory shared by allied powers (`[[victory.alliance]]`; Davis's
/// 1885-III): `powers` allies together own (or have, by the victory's kind)
/// at least `count`, each of them at least `each`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllianceVictory {
    pub powers: u32,
    pub count: u32,
    pub each: u32,
}

/// A complete, validated variant.
#[derive(Clone, Debug)]
pub struct Variant {
    pub name: String,
    pub title: String,
    pub provinces: Vec<Province>,
    pub powers: Vec<Power>,
    pub calendar: Calendar,
    pub start: Phase,
    pub victory: Victory,
    /// Default rule options of this variant (`[rules]` keys that are game
    /// options, `convoy_intent = "1992"`), read once; the rest of `[rules]`
    /// is [`Variant::features`].
    pub rules: Vec<choices::RuleChoice>,
    pub features: Features,
    /// Victories allied powers may share, checked with the solo one.
    pub alliances: Vec<AllianceVictory>,
    /// Borders in doubt (`[[uncertain]]`), for a GM to check.
    pub uncertain: Vec<Uncertain>,
    /// Some space has a `capacity` above 1.
    pub wide: bool,
    /// Rules the file says the engine does not implement yet (`not_implemented`).
    pub not_implemented: Vec<String>,
    /// Army edges that are straits (loeb9's Cordoba-North Africa), each
    /// pair both ways: moves across have no strength of their own and no
    /// support crosses them (docs/RULES.md, "Straits"). TOML `straits`.
    pub straits: Vec<(Prov, Prov)>,
    /// Edges crossed at half strength, each pair both ways (1900's Suez
    /// route, Mid-Atlantic to Egypt and Hejaz round Africa: DPjudge's `*`
    /// crossing; docs/RULES.md, "Half-strength crossings"). TOML
    /// `half_strength`.
    pub half_strength: Vec<(Prov, Prov)>,
    /// Edges only the owner of a supply centre may cross (imperial's
    /// Bosphorus, Aegean to Black Sea for the owner of Constantinople:
    /// DPjudge's `BLA(CON)`; docs/RULES.md, "Crossings for the owner of a
    /// centre"), each both ways, at most [`OwnerCrossing::LIMIT`]. TOML
    /// `owner_only`.
    pub owner_crossings: Vec<OwnerCrossing>,
    /// The provinces with an `open_in` (seasonal spaces).
    pub seasonal: Vec<Prov>,
    /// How far the provinces' `clockwise` lists can be trusted.
    pub neighbour_order: NeighbourOrder,
    /// The variant's map picture, an outline file's text (the format of the
    /// judge's `config/maps/standard.json`) a GM keeps beside the variant
    /// file: set by whoever found the file, drawn by the judge; no rule
    /// reads it.
    pub picture: Option<std::sync::Arc<str>>,
    army_adj: Vec<Vec<Prov>>,
    fleet_adj: Vec<Vec<Loc>>,
    code_index: HashMap<String, Prov>,
    pub(crate) names: names::NameIndex,
    /// Steps between provinces, found when first asked for.
    distances: distance::Distances,
}

/// Everything wrong with a variant file, one line per problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapError {
    pub variant: String,
    pub problems: Vec<String>,
    /// The file is valid but uses features the engine does not implement yet.
    pub unsupported: bool,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.unsupported {
            write!(f, "variant `{}` cannot be played here yet: this engine does not implement", self.variant)?;
        } else {
            write!(f, "variant `{}` is invalid:", self.variant)?;
        }
        for p in &self.problems {
            write!(f, "\n  - {p}")?;
        }
        Ok(())
    }
}
impl std::error::Error for MapError {}

/// Why a text is not a location of the map ([`Variant::parse_loc`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LocError {
    #[error("unknown province `{0}`")]
    UnknownProvince(String),
    #[error("unknown coast `{coast}` in `{text}`")]
    UnknownCoast { coast: String, text: String },
    /// A coast the province does not have (its name, the coast).
    #[error("{province} has no {}", .coast.name())]
    NoSuchCoast { province: String, coast: Coast },
}

/// Why a text is not a unit that may stand where it says ([`Variant::parse_unit`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnitError {
    #[error("`{0}` is not a unit (expected e.g. `A PAR`)")]
    NotAUnit(String),
    #[error("`{0}`: unit type must be A or F")]
    UnitType(String),
    #[error("`{0}`: this variant has no boarding")]
    NoBoarding(String),
    /// An A/F's army on board anywhere but at sea (1885).
    #[error("`{0}`: an A/F's army is on board at sea")]
    AboardAtSea(String),
    #[error("`{0}`: only an army goes on board, in a sea or coastal province (no coast)")]
    Aboard(String),
    /// The unit's type cannot stand in the place (its name).
    #[error("`{text}`: {} cannot stand in {place}", a_unit(*.kind))]
    CannotStand { text: String, kind: UnitType, place: String },
    #[error(transparent)]
    Loc(#[from] LocError),
}

/// `an army`, `a fleet`.
fn a_unit(kind: UnitType) -> String {
    let article = if kind == UnitType::Army { "an" } else { "a" };
    format!("{article} {}", kind.name())
}

/// Why starting choices cannot be applied ([`Variant::start_units`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error("no power {0}")]
    NoPower(PowerId),
    #[error("{power} has no choice of unit type in {code}")]
    NoChoice { power: String, code: String },
    #[error("{power} switches {code} twice")]
    Twice { power: String, code: String },
    #[error("{power} may change at most {max} of its starting units")]
    TooMany { power: String, max: u8 },
    #[error("no unit in {0}")]
    NoUnit(String),
}

/// Built-in variants, embedded at compile time.
pub const BUILTIN: &[(&str, &str)] = &[
    ("standard", include_str!("../../../config/variants/standard.toml")),
    ("original1958", include_str!("../../../config/variants/original1958.toml")),
    ("1885", include_str!("../../../config/variants/1885.toml")),
    // imported from DPjudge's `.map` files (config/variants/dpjudge/, MIT)
    ("ancmed", include_str!("../../../config/variants/ancmed.toml")),
    ("brazilian", include_str!("../../../config/variants/brazilian.toml")),
    ("britain", include_str!("../../../config/variants/britain.toml")),
    ("canton", include_str!("../../../config/variants/canton.toml")),
    ("chromatic", include_str!("../../../config/variants/chromatic.toml")),
    ("fleetrome", include_str!("../../../config/variants/fleetrome.toml")),
    ("loeb9", include_str!("../../../config/variants/loeb9.toml")),
    ("modern", include_str!("../../../config/variants/modern.toml")),
    ("modern-up", include_str!("../../../config/variants/modern-up.toml")),
    ("pure", include_str!("../../../config/variants/pure.toml")),
    ("slovenia", include_str!("../../../config/variants/slovenia.toml")),
    ("v8", include_str!("../../../config/variants/v8.toml")),
    ("youngstown", include_str!("../../../config/variants/youngstown.toml")),
    ("empire", include_str!("../../../config/variants/empire.toml")),
    ("chaos", include_str!("../../../config/variants/chaos.toml")),
    ("minorpower", include_str!("../../../config/variants/minorpower.toml")),
    ("crowded", include_str!("../../../config/variants/crowded.toml")),
    // DPjudge's maps checked against their rules pages (issue 37, part 3)
    ("fiveman", include_str!("../../../config/variants/fiveman.toml")),
    ("milan", include_str!("../../../config/variants/milan.toml")),
    ("empire-up", include_str!("../../../config/variants/empire-up.toml")),
    ("renaissance", include_str!("../../../config/variants/renaissance.toml")),
    ("sailho", include_str!("../../../config/variants/sailho.toml")),
    // DPjudge maps that play by the rules of issue 37 (dummies, starting
    // centres, mobilization, other build sites: docs/VARIANTS.md)
    ("1898", include_str!("../../../config/variants/1898.toml")),
    ("1900", include_str!("../../../config/variants/1900.toml")),
    ("aberration", include_str!("../../../config/variants/aberration.toml")),
    ("sengoku", include_str!("../../../config/variants/sengoku.toml")),
    ("shiftaround", include_str!("../../../config/variants/shiftaround.toml")),
    ("shiftleft", include_str!("../../../config/variants/shiftleft.toml")),
    ("shiftright", include_str!("../../../config/variants/shiftright.toml")),
    ("void", include_str!("../../../config/variants/void.toml")),
    ("imperial", include_str!("../../../config/variants/imperial.toml")),
    // calendars of DPjudge's FLOW (docs/VARIANTS.md, "Calendars")
    ("classical", include_str!("../../../config/variants/classical.toml")),
    ("hundred", include_str!("../../../config/variants/hundred.toml")),
];

impl Variant {
    /// Loads a built-in variant by name.
    pub fn builtin(name: &str) -> Option<Variant> {
        BUILTIN
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(n, text)| Variant::from_toml(text).unwrap_or_else(|e| panic!("built-in variant {n} is invalid: {e}")))
    }

    /// The standard map (built in; always valid).
    pub fn standard() -> Variant {
        Variant::builtin("standard").expect("standard is built in")
    }

    /// Reads and validates a variant file for play: a file that uses a map
    /// feature this engine does not implement is refused, naming it.
    pub fn from_toml(text: &str) -> Result<Variant, MapError> {
        let v = Variant::read_toml(text)?;
        let missing = v.unsupported();
        if missing.is_empty() { Ok(v) } else { Err(MapError { variant: v.name, problems: missing, unsupported: true }) }
    }

    /// Reads and validates a variant file's data, whether or not the engine
    /// can play everything it describes (see [`Variant::unsupported`]).
    pub fn read_toml(text: &str) -> Result<Variant, MapError> {
        let raw: RawVariant = ::toml::from_str(text).map_err(|e| MapError { variant: "?".into(), problems: vec![e.to_string()], unsupported: false })?;
        self::toml::build(raw)
    }

    /// The features of this map that the engine does not implement yet, each
    /// named; empty when the variant is fully playable.
    pub fn unsupported(&self) -> Vec<String> {
        let mut out = Vec::new();
        // a space's room goes by power and base stacking by type: the two
        // together have no rules yet
        if self.features.stacking == Stacking::HomeBases {
            let wide: Vec<String> = self.provinces.iter().filter(|p| p.capacity != 1).map(|p| format!("{} ({})", p.code, p.capacity)).collect();
            if !wide.is_empty() {
                out.push(format!("spaces holding several units (`capacity`: {}) on a map with `stacking = \"home_bases\"`", wide.join(", ")));
            }
        }
        out.extend(self.not_implemented.iter().cloned());
        out
    }

    // ------------------------------------------------------------ queries

    pub fn province(&self, p: Prov) -> &Province {
        &self.provinces[p as usize]
    }
    pub fn code(&self, p: Prov) -> &str {
        &self.provinces[p as usize].code
    }
    pub fn prov_by_code(&self, code: &str) -> Option<Prov> {
        self.code_index.get(&code.to_ascii_uppercase()).copied()
    }
    pub fn power_by_name(&self, name: &str) -> Option<PowerId> {
        self.powers.iter().position(|p| p.name.eq_ignore_ascii_case(name)).map(|i| i as PowerId)
    }
    pub fn kind(&self, p: Prov) -> ProvinceKind {
        self.provinces[p as usize].kind
    }
    pub fn is_center(&self, p: Prov) -> bool {
        self.provinces[p as usize].center
    }
    /// Whether a fleet in `p` may convoy: a sea space, or a port
    /// ([`Province::port`]).
    #[inline]
    pub fn convoys_from(&self, p: Prov) -> bool {
        let prov = &self.provinces[p as usize];
        prov.kind == ProvinceKind::Sea || prov.port
    }
    /// Some province is a port ([`Province::port`]).
    pub fn has_ports(&self) -> bool {
        self.provinces.iter().any(|p| p.port)
    }
    pub fn has_coasts(&self, p: Prov) -> bool {
        !self.provinces[p as usize].coasts.is_empty()
    }
    pub fn home_of(&self, p: Prov) -> Option<PowerId> {
        self.powers.iter().position(|w| w.home.contains(&p)).map(|i| i as PowerId)
    }
    pub fn center_count(&self) -> usize {
        self.provinces.iter().filter(|p| p.center).count()
    }
    /// Provinces an army can move to from `p`.
    pub fn army_neighbours(&self, p: Prov) -> &[Prov] {
        &self.army_adj[p as usize]
    }
    /// Locations a fleet at `l` can move to.
    pub fn fleet_neighbours(&self, l: Loc) -> &[Loc] {
        self.fleet_adj.get(l.slot()).map(|v| v.as_slice()).unwrap_or(&[])
    }
    pub fn army_adjacent(&self, a: Prov, b: Prov) -> bool {
        self.army_adj[a as usize].contains(&b)
    }
    /// Every location a fleet can reach from any coast of province `p`.
    pub fn fleet_neighbours_of_province(&self, p: Prov) -> impl Iterator<Item = Loc> + '_ {
        let prov = &self.provinces[p as usize];
        std::iter::once(Loc::new(p)).chain(prov.coasts.iter().map(move |&c| Loc::with(p, c))).flat_map(move |l| self.fleet_neighbours(l).iter().copied())
    }
    /// Whether a fleet at `from` can move to exactly `to` (coast included).
    pub fn fleet_adjacent(&self, from: Loc, to: Loc) -> bool {
        self.fleet_neighbours(from).contains(&to)
    }
    /// Whether a fleet at `from` can reach some coast of province `to`.
    pub fn fleet_reaches(&self, from: Loc, to: Prov) -> bool {
        self.fleet_neighbours(from).iter().any(|l| l.prov == to)
    }
    /// Whether a unit of this type at `from` could move to province `to` (any coast).
    pub fn can_reach(&self, kind: UnitType, from: Loc, to: Prov) -> bool {
        match kind {
            UnitType::Army => self.army_adjacent(from.prov, to),
            UnitType::Fleet => self.fleet_reaches(from, to),
        }
    }
    /// The coasts of `to` a fleet at `from` can reach (`Coast::None` for a one-coast province).
    pub fn reachable_coasts(&self, from: Loc, to: Prov) -> impl Iterator<Item = Loc> + '_ {
        self.fleet_neighbours(from).iter().copied().filter(move |l| l.prov == to)
    }
    /// Whether a unit of this type may stand on this location.
    pub fn valid_location(&self, kind: UnitType, l: Loc) -> bool {
        let p = self.province(l.prov);
        match (kind, p.kind) {
            (_, ProvinceKind::Impassable) => false,
            (UnitType::Army, ProvinceKind::Sea) => false,
            (UnitType::Army, _) => l.coast == Coast::None,
            (UnitType::Fleet, ProvinceKind::Land) => false,
            (UnitType::Fleet, _) => {
                if p.coasts.is_empty() {
                    l.coast == Coast::None
                } else {
                    p.coasts.contains(&l.coast)
                }
            }
        }
    }

    /// `STP/SC`, `PAR`.
    pub fn loc_code(&self, l: Loc) -> String {
        if l.coast == Coast::None { self.code(l.prov).to_string() } else { format!("{}/{}", self.code(l.prov), l.coast.code()) }
    }
    /// `St Petersburg (south coast)`.
    pub fn loc_name(&self, l: Loc) -> String {
        let n = &self.province(l.prov).name;
        if l.coast == Coast::None { n.clone() } else { format!("{n} ({})", l.coast.name()) }
    }
    /// `F STP/SC`.
    pub fn unit_code(&self, u: &Unit) -> String {
        if u.aboard {
            return format!("{} {} ABOARD", u.kind.letter(), self.code(u.loc.prov));
        }
        format!("{} {}", u.kind.letter(), self.loc_code(u.loc))
    }

    /// Reads a location written `STP/SC`, `STP(SC)`, `STP` (strict contract form).
    pub fn parse_loc(&self, s: &str) -> Result<Loc, LocError> {
        let s = s.trim();
        let (p, c) = match s.find(['/', '(']) {
            Some(i) => (&s[..i], Some(s[i + 1..].trim_end_matches(')'))),
            None => (s, None),
        };
        let prov = self.prov_by_code(p).ok_or_else(|| LocError::UnknownProvince(p.to_string()))?;
        let coast = match c {
            None => Coast::None,
            Some(c) => Coast::from_code(c).ok_or_else(|| LocError::UnknownCoast { coast: c.to_string(), text: s.to_string() })?,
        };
        if coast != Coast::None && !self.province(prov).coasts.contains(&coast) {
            return Err(LocError::NoSuchCoast { province: self.province(prov).name.clone(), coast });
        }
        Ok(Loc::with(prov, coast))
    }

    /// Reads a unit written `A PAR` / `F STP/SC` (strict contract form) and checks
    /// that such a unit may stand there.
    pub fn parse_unit(&self, power: PowerId, s: &str) -> Result<Unit, UnitError> {
        let s = s.trim();
        let text = || s.to_string();
        let (t, rest) = s.split_once(' ').ok_or_else(|| UnitError::NotAUnit(text()))?;
        let kind = match t.to_ascii_uppercase().as_str() {
            "A" => UnitType::Army,
            "F" => UnitType::Fleet,
            _ => return Err(UnitError::UnitType(text())),
        };
        if let Some(at) = rest.trim().strip_suffix(" ABOARD").or_else(|| rest.trim().strip_suffix(" aboard")) {
            // an army on board a fleet (`A NTH ABOARD`, docs/ORIGINAL1958.md
            // D1; an A/F at sea on 1885's map, docs/RULES1885.md E9)
            if !self.features.boarding && !self.features.army_fleet {
                return Err(UnitError::NoBoarding(text()));
            }
            if self.features.army_fleet && self.kind(self.parse_loc(at)?.prov) != ProvinceKind::Sea {
                return Err(UnitError::AboardAtSea(text()));
            }
            let loc = self.parse_loc(at)?;
            if kind != UnitType::Army
                || loc.coast != Coast::None
                || self.kind(loc.prov) == ProvinceKind::Land
                || self.kind(loc.prov) == ProvinceKind::Impassable
            {
                return Err(UnitError::Aboard(text()));
            }
            return Ok(Unit { power, kind, loc, aboard: true });
        }
        let loc = self.parse_loc(rest)?;
        if !self.valid_location(kind, loc) {
            return Err(UnitError::CannotStand { text: text(), kind, place: self.loc_name(loc) });
        }
        Ok(Unit { power, kind, loc, aboard: false })
    }

    /// Whether this map builds armies in a capital and fleets in naval bases
    /// (Original 1958) rather than in any free home centre.
    pub fn builds_at_bases(&self) -> bool {
        self.powers.iter().any(|w| w.capital.is_some())
    }

    /// A power's capital as things stand: the first home centre it owns in its
    /// succession (the original capital, then the other home centres by
    /// distance from it, ties by name), so a recaptured original capital is
    /// the capital again. `None` if it owns none of them (or has no capital).
    pub fn current_capital(&self, power: PowerId, centers: &[Option<PowerId>]) -> Option<Prov> {
        let w = &self.powers[power as usize];
        let first = w.capital?;
        let mut rest: Vec<(u32, &str, Prov)> = w
            .home
            .iter()
            .filter(|&&h| h != first)
            .map(|&h| (self.distance_to_any(first, &[h]).unwrap_or(u32::MAX), self.province(h).name.as_str(), h))
            .collect();
        rest.sort();
        std::iter::once(first).chain(rest.into_iter().map(|r| r.2)).find(|&h| centers[h as usize] == Some(power))
    }

    /// Whether two units may share a space beyond its capacity: on a map with
    /// home-base stacking (Original 1958), units of one power in one of its
    /// home centres (its capital, by succession any home centre, or a naval
    /// base; docs/ORIGINAL1958.md D6, D15).
    /// Also, on any map, units of one power in a space whose `capacity` is
    /// above 1 (up to that many: see [`Variant::has_room`]), and any fleets
    /// in an ocean box (docs/RULES1885.md E16).
    pub fn may_stack(&self, a: &Unit, b: &Unit) -> bool {
        a.loc.prov == b.loc.prov && self.provinces[a.loc.prov as usize].ocean_box
            || a.power == b.power
                && a.loc.prov == b.loc.prov
                && (self.provinces[a.loc.prov as usize].capacity > 1
                    || self.features.stacking == Stacking::HomeBases && self.powers[a.power as usize].home.contains(&a.loc.prov))
    }

    /// Whether a space may hold several units of one power by its `capacity`
    /// (a stack of up to that many; docs/RULES.md, "Spaces that hold several units").
    pub fn has_room(&self, p: Prov) -> bool {
        self.provinces[p as usize].capacity > 1
    }

    /// Whether units ever share a space on this map: home-base stacks,
    /// carried armies, or spaces with room for several.
    pub fn units_share_spaces(&self) -> bool {
        self.features.stacking != Stacking::None || self.features.boarding || self.features.army_fleet || self.wide
    }

    /// Whether `p` is an ocean box (any number of fleets of any powers).
    #[inline]
    pub fn is_ocean_box(&self, p: Prov) -> bool {
        self.provinces[p as usize].ocean_box
    }

    /// Whether `prov` is where `power`'s units of `kind` gather and are built:
    /// its current capital for armies, a naval base it owns for fleets
    /// (Original 1958). With no ownership given (`centers` empty), its
    /// original capital and every naval base.
    pub fn is_base(&self, power: PowerId, kind: UnitType, prov: Prov, centers: &[Option<PowerId>]) -> bool {
        let w = &self.powers[power as usize];
        match (kind, centers.is_empty()) {
            (UnitType::Army, true) => w.capital == Some(prov),
            (UnitType::Army, false) => self.current_capital(power, centers) == Some(prov),
            (UnitType::Fleet, true) => w.naval_bases.iter().any(|b| b.prov == prov),
            (UnitType::Fleet, false) => self.owned_naval_bases(power, centers).any(|b| b.prov == prov),
        }
    }

    /// A power's naval bases that it owns.
    pub fn owned_naval_bases<'a>(&'a self, power: PowerId, centers: &'a [Option<PowerId>]) -> impl Iterator<Item = Loc> + 'a {
        self.powers[power as usize].naval_bases.iter().copied().filter(move |b| centers[b.prov as usize] == Some(power))
    }

    /// Starting position: the centres each power owns at the start
    /// ([`Power::owns`]: its home centres on most maps); none on a map whose
    /// powers mobilize ([`Features::mobilize`]).
    pub fn initial_centers(&self) -> Vec<Option<PowerId>> {
        let mut c = vec![None; self.provinces.len()];
        if self.features.mobilize {
            return c;
        }
        for (i, w) in self.powers.iter().enumerate() {
            for &h in &w.owns {
                c[h as usize] = Some(i as PowerId);
            }
        }
        c
    }

    /// Owners of the tracked provinces at the start, indexed by province
    /// (empty when the map tracks none: [`Province::tracked`]).
    pub fn initial_owners(&self) -> Vec<Option<PowerId>> {
        if self.provinces.iter().all(|p| p.tracked.is_none()) {
            return Vec::new();
        }
        self.provinces.iter().map(|p| p.tracked).collect()
    }
}

// ---------------------------------------------------------------- building and validation
/// The other unit type.
pub(crate) fn other(k: UnitType) -> UnitType {
    match k {
        UnitType::Army => UnitType::Fleet,
        UnitType::Fleet => UnitType::Army,
    }
}

impl Variant {
    /// The starting units with `power`'s chosen switches applied (1885-III
    /// E3): each province named must be one of its `choice` provinces, at
    /// most `choice_max` of them, no province twice. The units of the
    /// other powers are as the map lists them.
    pub fn start_units(&self, switches: &[(PowerId, Prov)]) -> Result<Vec<Unit>, StartError> {
        let mut units: Vec<Unit> = self.powers.iter().flat_map(|p| p.units.iter().copied()).collect();
        for (i, &(power, p)) in switches.iter().enumerate() {
            let w = self.powers.get(power as usize).ok_or(StartError::NoPower(power))?;
            let named = || (w.name.clone(), self.code(p).to_string());
            if !w.choice.contains(&p) {
                let (power, code) = named();
                return Err(StartError::NoChoice { power, code });
            }
            if switches[..i].contains(&(power, p)) {
                let (power, code) = named();
                return Err(StartError::Twice { power, code });
            }
            if switches.iter().filter(|s| s.0 == power).count() > w.choice_max as usize {
                return Err(StartError::TooMany { power: w.name.clone(), max: w.choice_max });
            }
            let u = units.iter_mut().find(|u| u.power == power && u.loc.prov == p).ok_or_else(|| StartError::NoUnit(self.code(p).to_string()))?;
            u.kind = other(u.kind);
            u.loc = Loc::new(p);
        }
        units.sort();
        Ok(units)
    }
}

pub(crate) fn loc_text(provinces: &[Province], l: Loc) -> String {
    let p = &provinces[l.prov as usize];
    if l.coast == Coast::None { p.code.clone() } else { format!("{}/{}", p.code, l.coast.code()) }
}
