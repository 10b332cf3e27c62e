//! The DPjudge / MILA `.map` variant format, read into the same
//! [`RawVariant`] the TOML format deserializes to (one validation serves both).
//!
//! Read: `Name = ABBR alias...`, power lines `POWER (OWNWORD[:L]) HOME...`,
//! `UNOWNED`/`NEUTRAL`/`CENTERS` lines, `UNITS`, `A`/`F` units, `HOME(S)`,
//! `INHABITS`, `OWNS`/`CENTERS` (starting centres), terrain lines
//! (`LAND`, `COAST`, `PORT`, `WATER`, `SHUT`, `AMEND` with `ABUTS`, and `-X`
//! removals), `DROP`, `UNPLAYED`, `VICTORY`, `BEGIN`, `MAP`/`USE` inclusion,
//! `DUMMY`/`DUMMIES`, `RULE` flags and `DIRECTIVES` blocks (what the flags
//! and dummies become: dpjudge/rules.rs). `FLAG`, `FLAGS`, `NOTIFY` and
//! `TEXTONLY` only concern DPjudge's pictures and mail and are skipped.
//! Anything else is refused with its file, line number and reason
//! ([`DpError`]). In an adjacency list an upper-case
//! name serves armies and fleets, a lower-case one armies only, a capitalised
//! one (`Bal`) fleets only; a province with coasts has a lower-case line
//! (`spa`) for its armies and one line a coast (`SPA/NC`).
//!
//! No IO: files named by `MAP`/`USE` come from the caller's `include`. A
//! name that could reach outside the map's folder (an absolute path, a `..`)
//! is refused before the caller is asked, and inclusion goes at most
//! [`MAX_INCLUDE_DEPTH`] files deep.

use super::toml::RawVariant;

/// Why a `.map` file is refused: where, and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {kind}")]
pub struct DpError {
    pub file: String,
    pub line: usize,
    pub kind: DpErrorKind,
}

/// What is wrong with a line of a `.map` file (or, at line 0, with what
/// its lines say together).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DpErrorKind {
    /// A directive this judge does not implement (`FROM`, `SEASON`, a `FLOW` of an `INCOME` phase, ...).
    #[error("directive `{0}` is not supported by mailjudge")]
    UnsupportedDirective(String),
    /// A `RULE` flag this judge does not implement.
    #[error("rule flag `{0}` is not supported by mailjudge")]
    UnsupportedRule(String),
    /// A line whose shape is wrong for its directive.
    #[error("{0}")]
    Malformed(String),
    /// `MAP`/`USE` names a file the caller does not have.
    #[error("included map `{0}` not found")]
    MissingInclude(String),
    /// A file includes itself, directly or not.
    #[error("map `{0}` is included twice")]
    IncludeLoop(String),
    /// `MAP`/`USE` names a file outside the map's folder: an absolute path, a
    /// `..`, or (the caller's finding) a link that leads out of it.
    #[error("included map `{0}` is outside the map's folder: only its files may be included (no absolute path, no `..`, no link leading out of it)")]
    IncludeOutside(String),
    /// `MAP`/`USE` nested more than [`MAX_INCLUDE_DEPTH`] files deep.
    #[error("included map `{0}` is more than {MAX_INCLUDE_DEPTH} inclusions deep")]
    IncludeTooDeep(String),
    /// A name that is not a known place where one is needed.
    #[error("unknown place `{0}`")]
    UnknownPlace(String),
    /// A supply centre no terrain line defines.
    #[error("supply centre `{0}` is no place of the map")]
    CentreNowhere(String),
    /// An adjacency to a place no line defines.
    #[error("adjacency names unknown place `{0}`")]
    UnknownNeighbour(String),
    /// A coast line whose coast is not one of NC, SC, EC, WC (the place, the coast).
    #[error("{place}: coast `{coast}` is not one of NC, SC, EC, WC")]
    UnknownCoast { place: String, coast: String },
    /// Every letter is some other power's.
    #[error("no letter left for a power")]
    NoLetterLeft,
    #[error("a map needs at least two powers")]
    TooFewPowers,
    /// `IN` names a place no line defines.
    #[error("IN names unknown place `{0}`")]
    SeasonalNowhere(String),
    /// `IN` makes water of a place that is not `SHUT`.
    #[error("IN makes `{0}` water, but mailjudge reads seasonal spaces only as SHUT places that are water in some seasons")]
    SeasonalNotShut(String),
}

/// Directives about DPjudge's pictures and mail only: skipped.
const DISPLAY_ONLY: &[&str] = &["FLAG", "FLAGS", "NOTIFY", "TEXTONLY"];

/// DPjudge directives of rules mailjudge does not play (they would
/// otherwise read as power lines): refused by name.
const NOT_PLAYED: &[&str] = &["CONTROL", "LEAGUE", "RESERVES", "MILITIA", "TEAM", "TEAMS", "NEWHOMES", "ROTATE"];

/// `RULE` flags about press, not the map: a game's settings here (DPjudge's
/// `FTF_PRESS` is mailjudge's `SET NO MINOR PRESS` with `SET NO GRACE PRESS`,
/// docs/VARIANTS.md), which a variant file does not hold: skipped.
const PRESS_RULES: &[&str] = &["FTF_PRESS"];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Terrain {
    Land,
    Coast,
    Port,
    Water,
    Shut,
}

#[derive(Default)]
struct PowerState {
    name: String,
    own_word: String,
    letter: Option<char>,
    homes: Vec<String>,
    units: Vec<String>,
    owns: Option<Vec<String>>,
    /// Partisan build sites (`*SIB`: dpjudge/homes.rs).
    partisan: Vec<String>,
}

/// The reader's state: what the lines read so far say.
#[derive(Default)]
struct Reader {
    names: Vec<(String, String)>,
    aliases: Vec<(String, String)>,
    /// Places as written (`SPA/NC`, `spa`, `BUR`), in order.
    locs: Vec<(String, Terrain, Vec<String>)>,
    powers: Vec<PowerState>,
    /// Every centre ever named (homes and unowned).
    centres: Vec<String>,
    /// The centres `UNOWNED`/`NEUTRAL`/`CENTERS` lines name (less `-X`).
    unowned: Vec<String>,
    current: Option<usize>,
    victory: Option<u32>,
    /// `BEGIN`: the season word (`SPRING`, `B.C.`), the year as written, the phase.
    begin: Option<(String, i32, char)>,
    /// The `FLOW` items, in order (dpjudge/flow.rs).
    flow: Vec<String>,
    not_implemented: Vec<String>,
    /// The `RULE` flags read, upper case (dpjudge/rules.rs turns them into
    /// `[rules]` keys).
    flags: Vec<String>,
    /// Inside `X DIRECTIVES` ... `END DIRECTIVES`: `Some(true)` where the
    /// block's lines are for DPjudge's game type X, not the standard game
    /// mailjudge plays (skipped); `Some(false)` in a block for every game.
    directives: Option<bool>,
    files: Vec<String>,
    /// How many files deep the line being read is (0: the file itself).
    depth: usize,
    /// Powers `DUMMY` names (no player plays them).
    dummies: Vec<String>,
    /// Seasonal spaces and straits (`IN`, `~`, `RULE HIBERNATE`: dpjudge/terrain.rs).
    terrain: terrain::Changes,
}

/// How deep `MAP`/`USE` may nest: the file read includes one that includes
/// another, ... this many files below it (DPjudge's own maps go two deep).
pub const MAX_INCLUDE_DEPTH: usize = 16;

/// Why the caller gives no text for a file `MAP`/`USE` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IncludeError {
    /// There is no such file (or it cannot be read).
    Missing,
    /// The name leads out of the map's folder (a link out of it).
    Outside,
}

type Include<'a> = &'a dyn Fn(&str) -> Result<String, IncludeError>;

/// Reads the `.map` file `NAME.map` (`name` is its variant name) into the
/// variant file structures. `include` gives the text of a file named by
/// `MAP`/`USE` (the name as written, with `.map` added when it has no
/// extension; never an absolute path or one with a `..`: those are refused
/// first). An error is placed in the file and line it comes from; one
/// found only once every line is read (an adjacency to a place no line
/// defines) is placed at line 0 of `NAME.map`.
pub fn read(name: &str, text: &str, include: &dyn Fn(&str) -> Option<String>) -> Result<RawVariant, DpError> {
    read_with(name, text, &|n: &str| include(n).ok_or(IncludeError::Missing))
}

/// [`read`], with an `include` that can also say a file is out of bounds.
pub fn read_with(name: &str, text: &str, include: Include) -> Result<RawVariant, DpError> {
    let file = format!("{name}.map");
    let mut r = Reader::default();
    r.read_file(&file, text, include)?;
    r.finish(name).map_err(|kind| DpError { file, line: 0, kind })
}

/// Whether an included file's name could lead outside the map's folder: an
/// absolute path (`/etc/x`, `\\x`, `C:x`) or a `..` component.
fn leaves_folder(name: &str) -> bool {
    name.starts_with(['/', '\\']) || name.as_bytes().get(1) == Some(&b':') || name.split(['/', '\\']).any(|c| c == "..")
}

fn err(file: &str, line: usize, kind: DpErrorKind) -> DpError {
    DpError { file: file.into(), line, kind }
}

impl Reader {
    fn read_file(&mut self, file: &str, text: &str, include: Include) -> Result<(), DpError> {
        if self.files.iter().any(|f| f == file) {
            return Err(err(file, 0, DpErrorKind::IncludeLoop(file.into())));
        }
        self.files.push(file.into());
        for (i, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.is_empty() || words[0].starts_with('#') {
                continue;
            }
            self.read_line(line, &words, include).map_err(|kind| match kind {
                Nested(e) => e,
                Here(kind) => err(file, i + 1, kind),
            })?;
        }
        Ok(())
    }

    fn read_line(&mut self, line: &str, words: &[&str], include: Include) -> Result<(), LineError> {
        let up = words[0].to_ascii_uppercase();
        if self.directives(&up, words)? {
            return Ok(());
        }
        match up.as_str() {
            "VICTORY" => {
                let n = words.get(1).and_then(|w| w.parse().ok()).ok_or_else(|| malformed("VICTORY needs a number of centres"))?;
                self.victory = Some(n);
            }
            "MAP" | "USE" | "USES" => {
                for f in &words[1..] {
                    let f = f.trim_end_matches(',');
                    let file = if f.contains('.') { f.to_string() } else { format!("{f}.map") };
                    if leaves_folder(&file) {
                        return Err(Here(DpErrorKind::IncludeOutside(file)));
                    }
                    if self.depth >= MAX_INCLUDE_DEPTH {
                        return Err(Here(DpErrorKind::IncludeTooDeep(file)));
                    }
                    let text = include(&file).map_err(|e| {
                        Here(match e {
                            IncludeError::Missing => DpErrorKind::MissingInclude(file.clone()),
                            IncludeError::Outside => DpErrorKind::IncludeOutside(file.clone()),
                        })
                    })?;
                    self.depth += 1;
                    let read = self.read_file(&file, &text, include);
                    self.depth -= 1;
                    read.map_err(Nested)?;
                }
            }
            "BEGIN" => self.begin(words)?,
            "RULE" | "RULES" => self.rule_flags(words)?,
            _ if line.contains('=') => self.name_line(line)?,
            "OWNS" | "CENTERS" if self.current.is_some() => self.owns(&up, words),
            "INHABITS" | "HOME" | "HOMES" => {
                let p = self.current.ok_or_else(|| malformed("home centres before any power"))?;
                self.powers[p].homes.clear();
                self.add_homes(p, &words[1..])?;
            }
            "UNITS" => {
                let p = self.current.ok_or_else(|| malformed("UNITS before any power"))?;
                self.powers[p].units.clear();
            }
            "A" | "F" => self.unit(words)?,
            "DROP" => words[1..].iter().for_each(|w| self.drop(&w.to_ascii_uppercase())),
            "LAND" | "COAST" | "PORT" | "WATER" | "SHUT" | "AMEND" if words.len() > 1 => self.terrain(&up, words)?,
            "UNPLAYED" => self.unplayed(words)?,
            d if DISPLAY_ONLY.contains(&d) => {}
            d if NOT_PLAYED.contains(&d) => return Err(Here(DpErrorKind::UnsupportedDirective(words[0].into()))),
            "IN" => self.seasonal(words)?,
            "DUMMY" | "DUMMIES" => self.dummy(words)?,
            "FLOW" if words.len() == 1 => self.flow.clear(),
            "FLOW" => {
                // each item read here, to be refused with its line
                words[1..].iter().try_for_each(|w| flow::check(w)).map_err(Here)?;
                self.flow.extend(words[1..].iter().map(|w| w.to_string()));
            }
            "FROM" | "END" | "DIRECTIVES" | "SEASON" | "NEWYEAR" | "VARIANT" => {
                return Err(Here(DpErrorKind::UnsupportedDirective(words[0].into())));
            }
            _ => self.power_line(words)?,
        }
        Ok(())
    }

    fn begin(&mut self, words: &[&str]) -> Result<(), LineError> {
        let bad = || malformed("BEGIN must be `BEGIN season year MOVEMENT|RETREATS|ADJUSTMENTS` (season: SPRING, FALL, WINTER or one of the map's FLOW)");
        let [_, season, year, phase] = words else { return Err(bad()) };
        let season = season.to_ascii_uppercase();
        let phase = match phase.to_ascii_uppercase().as_str() {
            "MOVEMENT" => 'M',
            "RETREATS" => 'R',
            "ADJUSTMENTS" => 'A',
            _ => return Err(bad()),
        };
        let year: i32 = year.parse().map_err(|_| bad())?;
        self.begin = Some((season, year, phase));
        Ok(())
    }

    fn name_line(&mut self, line: &str) -> Result<(), LineError> {
        let (name, rest) = line.split_once('=').expect("caller checked");
        let name = name.trim();
        let mut words = rest.split_whitespace();
        let abbr = words.next().ok_or_else(|| malformed("a place name needs its abbreviation after `=`"))?.to_ascii_uppercase();
        if !abbr.chars().all(|c| c.is_ascii_alphanumeric() || c == '/') {
            return Err(malformed(&format!("abbreviation `{abbr}` must be letters and digits")));
        }
        // `OLD -> New Name = new ...`: the place OLD renamed (dpjudge/terrain.rs)
        let name = match name.split_once("->") {
            Some((old, new)) => {
                self.rename(old.trim(), &abbr)?;
                new.trim()
            }
            None => name,
        };
        self.names.retain(|(_, a)| *a != abbr);
        self.names.push((name.to_string(), abbr.clone()));
        for alias in words {
            // an alias ending in `?` is ambiguous in DPjudge: not a name here
            if alias.ends_with('?') {
                continue;
            }
            self.aliases.push((alias.replace('+', " ").to_ascii_lowercase(), abbr.clone()));
        }
        Ok(())
    }

    fn unit(&mut self, words: &[&str]) -> Result<(), LineError> {
        let p = self.current.ok_or_else(|| malformed("a unit before any power"))?;
        let [kind, loc] = words else { return Err(malformed("a unit is `A LOC` or `F LOC`")) };
        let unit = format!("{} {}", kind.to_ascii_uppercase(), loc.to_ascii_uppercase());
        let prov = province_of(&unit[2..]).to_string();
        for w in &mut self.powers {
            w.units.retain(|u| province_of(&u[2..]) != prov);
        }
        self.powers[p].units.push(unit);
        Ok(())
    }

    fn power_line(&mut self, words: &[&str]) -> Result<(), LineError> {
        let up = words[0].to_ascii_uppercase();
        if matches!(up.as_str(), "UNOWNED" | "NEUTRAL" | "CENTERS") {
            self.current = None;
            for c in &words[1..] {
                let c = c.to_ascii_uppercase();
                match c.strip_prefix('-') {
                    Some(gone) => {
                        self.centres.retain(|x| x != gone);
                        self.unowned.retain(|x| x != gone);
                    }
                    None => {
                        if !self.centres.contains(&c) {
                            self.centres.push(c.clone());
                        }
                        if !self.unowned.contains(&c) {
                            self.unowned.push(c);
                        }
                    }
                }
            }
            return Ok(());
        }
        if words.get(1) == Some(&"->") {
            return Err(Here(DpErrorKind::UnsupportedDirective("->".into())));
        }
        // DPjudge shows `_NEUTRAL` (sengoku) without its underscores
        let up = up.trim_start_matches('_').to_string();
        if !up.starts_with(|c: char| c.is_ascii_alphabetic()) || !up.chars().all(|c| c.is_ascii_alphabetic() || matches!(c, '+' | '-' | '_' | '.')) {
            // a power line whose name mailjudge cannot spell, or a directive it lacks
            return Err(if up.chars().any(|c| c.is_ascii_alphabetic()) && words.get(1).is_some_and(|w| w.starts_with('(')) {
                malformed(&format!("power name `{}`: a power's name here is letters, `.`, `-` and `+`", words[0]))
            } else {
                Here(DpErrorKind::UnsupportedDirective(words[0].into()))
            });
        }
        // `NEW+YORK` is `NEW-YORK`; `B.C.` keeps its dots (players write
        // `B.C.`, `BC` or the adjective, `British Columbian`)
        let name = up.replace('+', "-");
        let p = match self.powers.iter().position(|w| same_power(&w.name, &name)) {
            Some(p) => p,
            None => {
                self.powers.push(PowerState { name: name.clone(), own_word: name.clone(), ..PowerState::default() });
                self.powers.len() - 1
            }
        };
        self.current = Some(p);
        let mut rest = &words[1..];
        if let Some(w) = rest.first()
            && w.starts_with('(')
        {
            let inner = w.trim_start_matches('(').trim_end_matches(')');
            let (own, letter) = inner.split_once(':').unwrap_or((inner, ""));
            if !own.is_empty() {
                // `British+Columbian`: a `+` is a space, as in aliases
                self.powers[p].own_word = own.replace('+', " ");
            }
            self.powers[p].letter = letter.chars().next().map(|c| c.to_ascii_uppercase());
            rest = &rest[1..];
        }
        self.add_homes(p, rest)
    }

    /// `DUMMY` (the current power), `DUMMY|DUMMIES POWER...`, `... ALL`,
    /// `... ALL EXCEPT POWER...`, as DPjudge's and MILA's readers take them.
    fn dummy(&mut self, words: &[&str]) -> Result<(), LineError> {
        let names: Vec<String> = words[1..]
            .iter()
            .map(|w| w.trim_end_matches(',').trim_start_matches('_').to_ascii_uppercase().replace('+', "-"))
            .filter(|w| !w.is_empty())
            .collect();
        let all = || self.powers.iter().map(|w| w.name.clone());
        let named: Vec<String> = match names.first().map(String::as_str) {
            None if words[0].eq_ignore_ascii_case("DUMMIES") => return Err(malformed("DUMMIES needs a list of powers")),
            None => vec![self.powers[self.current.ok_or_else(|| malformed("DUMMY before any power"))?].name.clone()],
            Some("ALL") if names.len() == 1 => all().collect(),
            Some("ALL") if names[1] == "EXCEPT" && names.len() > 2 => all().filter(|p| !names[2..].contains(p)).collect(),
            Some("ALL") => return Err(malformed("DUMMY ALL is followed by nothing or by EXCEPT and powers")),
            Some(_) => names,
        };
        if let Some(g) = named.iter().find(|g| !self.powers.iter().any(|w| same_power(&w.name, g))) {
            return Err(malformed(&format!("DUMMY names unknown power `{g}`")));
        }
        let named: Vec<String> = named.iter().filter_map(|g| self.powers.iter().find(|w| same_power(&w.name, g))).map(|w| w.name.clone()).collect();
        if words.len() > 1 {
            self.current = None;
        }
        self.dummies.extend(named.into_iter().filter(|g| !self.dummies.contains(g)).collect::<Vec<_>>());
        Ok(())
    }

    fn unplayed(&mut self, words: &[&str]) -> Result<(), LineError> {
        let names: Vec<String> = words[1..].iter().map(|w| w.trim_end_matches(',').to_ascii_uppercase()).filter(|w| !w.is_empty()).collect();
        let goners: Vec<String> = match names.first().map(String::as_str) {
            None => vec![self.powers[self.current.ok_or_else(|| malformed("UNPLAYED before any power"))?].name.clone()],
            Some("ALL") if names.len() == 1 => self.powers.iter().map(|w| w.name.clone()).collect(),
            Some("ALL") => return Err(Here(DpErrorKind::UnsupportedDirective("UNPLAYED ALL EXCEPT".into()))),
            Some(_) => names,
        };
        for g in goners {
            let Some(i) = self.powers.iter().position(|w| same_power(&w.name, &g)) else {
                return Err(malformed(&format!("UNPLAYED names unknown power `{g}`")));
            };
            // its homes are centres no more, unless unowned or another's
            // (DPjudge's `Map.validate` counts the homes of the powers left)
            let gone = self.powers.remove(i);
            for h in gone.homes {
                if !self.unowned.contains(&h) && !self.powers.iter().any(|w| w.homes.contains(&h)) {
                    self.centres.retain(|c| *c != h);
                }
            }
        }
        self.current = None;
        Ok(())
    }

    fn terrain(&mut self, up: &str, words: &[&str]) -> Result<(), LineError> {
        let place = words[1].to_string();
        if words.len() > 2 && !words[2].eq_ignore_ascii_case("ABUTS") {
            return Err(malformed(&format!("`{place}`: expected ABUTS after the place")));
        }
        let terrain = match up {
            "LAND" => Some(Terrain::Land),
            "COAST" => Some(Terrain::Coast),
            "PORT" => Some(Terrain::Port),
            "WATER" => Some(Terrain::Water),
            "SHUT" => Some(Terrain::Shut),
            _ => None,
        };
        // the same place in the other case is the same place (`spa`/`SPA`)
        let other = swapcase(&place);
        let old = self.locs.iter().position(|(n, _, _)| *n == place || *n == other);
        let (mut t, mut abuts) = match old {
            Some(i) => {
                let (_, t, a) = self.locs.remove(i);
                (Some(t), a)
            }
            None => (None, Vec::new()),
        };
        if let Some(nt) = terrain {
            t = Some(nt);
            if words.len() > 2 {
                abuts.clear();
            }
        }
        let t = t.ok_or_else(|| Here(DpErrorKind::UnknownPlace(place.clone())))?;
        for d in words.iter().skip(3) {
            // `R:AEG`: a crossing for power R only (`AEG(CON)`, for the owner of CON, is read)
            if d.contains(':') {
                return Err(Here(DpErrorKind::UnsupportedDirective(format!("{d} (a crossing for one power only)"))));
            }
            let d = &self.owner_only(&place, d)?;
            let d = &self.strait(&place, d)?;
            let d = &self.half_strength(&place, d)?;
            if let Some(gone) = d.strip_prefix('-') {
                abuts.retain(|a: &String| !a.to_ascii_uppercase().starts_with(&gone.to_ascii_uppercase()));
                self.terrain.forget_straits(&place, gone);
            } else {
                abuts.push(d.to_string());
            }
        }
        self.locs.push((place, t, abuts));
        Ok(())
    }

    fn drop(&mut self, place: &str) {
        let starts = |s: &str| s.to_ascii_uppercase().starts_with(place);
        self.locs.retain(|(n, _, _)| !starts(n));
        for (_, _, a) in &mut self.locs {
            a.retain(|x| !starts(x));
        }
        self.names.retain(|(_, a)| !starts(a));
        self.aliases.retain(|(_, a)| !starts(a));
        self.terrain.straits.retain(|(a, b)| !starts(a) && !starts(b));
        self.terrain.half.retain(|(a, b)| !starts(a) && !starts(b));
        self.terrain.owner.retain(|(a, b, c)| !starts(a) && !starts(b) && !starts(c));
        self.centres.retain(|c| !starts(c));
        for w in &mut self.powers {
            w.homes.retain(|c| !starts(c));
            w.partisan.retain(|c| !starts(c));
            w.units.retain(|u| !starts(&u[2..]));
        }
    }
}

/// How a line's error is reported: about this line, or already placed in
/// an included file.
enum LineError {
    Here(DpErrorKind),
    Nested(DpError),
}
use LineError::{Here, Nested};

fn malformed(why: &str) -> LineError {
    Here(DpErrorKind::Malformed(why.into()))
}

/// Whether two spellings name one power: DPjudge's `Map.normPower` drops
/// `+`, `-`, spaces, dots and colons (imperial's politics writes `U+S+A`,
/// its military `USA`).
fn same_power(a: &str, b: &str) -> bool {
    let key = |s: &str| s.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect::<String>();
    key(a) == key(b)
}

fn swapcase(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }).collect()
}

fn province_of(loc: &str) -> &str {
    loc.split('/').next().unwrap_or(loc)
}

/// Who may use an adjacency, from the case it is written in.
fn users(abut: &str) -> (bool, bool) {
    let letters: Vec<char> = abut.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    let all_upper = letters.iter().all(|c| c.is_ascii_uppercase());
    let all_lower = letters.iter().all(|c| c.is_ascii_lowercase());
    // (army, fleet)
    if all_upper {
        (true, true)
    } else if all_lower {
        (true, false)
    } else {
        (false, letters.first().is_some_and(|c| c.is_ascii_uppercase()))
    }
}

mod finish;
mod flow;
mod homes;
mod rules;
mod terrain;
mod words;
pub(in crate::map) use finish::{clean_aliases, standard_calendar};
