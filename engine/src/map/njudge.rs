//! njudge's own variant files read into the same [`RawVariant`] the TOML
//! format deserializes to (one validation serves every format).
//!
//! An njudge variant is spread over a judge's `data/` folder and its source:
//!
//! - `map.NAME` (`map` for `standard`): the areas (`Name, T abbr abbr ...`,
//!   `T` its type: `l` land, `w` water, `v` water frozen in the fall, `x` a
//!   neutral centre, a power's letter its home centre; a second `w` makes a
//!   land a "duality" province, a port when the variant sets DUALITY), a
//!   `-1`, the moves (`abc-mv: ...` armies, `abc-xc: ...` fleets,
//!   `abc-nc: ...` fleets from a coast; a target `bul/sc` is a coast,
//!   `naf/mx` a move with one support less, loeb9's strait), a `-1`, and
//!   optional sections (the summary's centre order, read and skipped;
//!   Hong Kong, gateway and railway tables and Machiavelli's, refused).
//! - `seed.NAME`: the first phase, the starting units (`E: F London`), a
//!   `-1`, and a record of who owns each area at the start (or a `-1` line:
//!   the map's home centres).
//! - `variant.c` and `variant.h` of njudge's source: the powers' names,
//!   adjectives and letters, the first phase, the centres to win and the
//!   variant's flags (`BUILD_ANYCENTRES`, ...). Without them the powers are
//!   named from `report.NAME` (`England: Fleet London.`), each its own
//!   adjective, and half the centres and one win.
//!
//! The format is njudge's `cmap.c` (map), `po_init.c` (seed) and
//! njudge's `njudgeMapFileHOWTO.txt`; what is read, refused and why is in
//! docs/VARIANTS.md. No IO: the caller gives the texts ([`Files`]).

mod build;
mod seed;
mod source;

use super::toml::RawVariant;
use std::fmt;

/// The texts of one njudge variant, as its judge has them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Files<'a> {
    /// The variant's name: `standard` for njudge's `map`, else `map.NAME`'s NAME.
    pub name: &'a str,
    pub map: &'a str,
    pub seed: &'a str,
    pub report: Option<&'a str>,
    pub variant_c: Option<&'a str>,
    pub variant_h: Option<&'a str>,
}

/// Which of an njudge variant's files (its parts) an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NjPart {
    Map,
    Seed,
    Report,
    VariantC,
    VariantH,
}

impl fmt::Display for NjPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NjPart::Map => "map",
            NjPart::Seed => "seed",
            NjPart::Report => "report",
            NjPart::VariantC => "variant.c",
            NjPart::VariantH => "variant.h",
        })
    }
}

/// Why an njudge variant is refused: in which file, at which line (0: what
/// the file says as a whole), and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {kind}")]
pub struct NjError {
    pub file: NjPart,
    pub line: usize,
    pub kind: NjErrorKind,
}

/// What is wrong with an njudge variant, or what of it mailjudge lacks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NjErrorKind {
    /// A Machiavelli variant (money, famine, garrisons): another game.
    #[error("a Machiavelli variant ({0}): mailjudge plays Diplomacy")]
    Machiavelli(String),
    /// A rule or map feature mailjudge does not implement.
    #[error("{0}: not supported by mailjudge")]
    Unsupported(String),
    /// A line whose shape is wrong.
    #[error("{0}")]
    Malformed(String),
    /// A name that is no area of the map.
    #[error("unknown place `{0}`")]
    UnknownPlace(String),
    /// A letter that is no power of the variant.
    #[error("`{0}` is not a power of this variant")]
    UnknownPower(char),
    /// A power no file names.
    #[error("power `{0}` has no name: no variant.c, and report names none of its units")]
    NoPowerName(char),
    /// `variant.c` does not list the variant.
    #[error("variant `{0}` is not in variant.c's list of variants")]
    NotInSource(String),
    #[error("a map needs at least two powers")]
    TooFewPowers,
}

fn err(file: NjPart, line: usize, kind: NjErrorKind) -> NjError {
    NjError { file, line, kind }
}

/// Reads an njudge variant (its map, seed, and report or variant tables)
/// into the variant file structures.
pub fn read(files: &Files) -> Result<RawVariant, NjError> {
    let map = read_map(files.map)?;
    let seed = seed::read(files.seed, &map)?;
    let info = match (files.variant_c, files.variant_h) {
        (Some(c), h) => source::read(files.name, c, h.unwrap_or(""))?,
        (None, _) => source::from_report(files.report.unwrap_or(""), &map, &seed)?,
    };
    build::build(files.name, &map, &seed, &info)
}

/// An area of the map section: `Name, T abbr ...`.
#[derive(Debug)]
struct Area {
    name: String,
    /// `l`, `w`, `v`, `x` or a power's letter.
    kind: char,
    /// The second type letter `w`: a convoying land ("duality").
    duality: bool,
    abbrevs: Vec<String>,
}

/// A move of the moves section: to an area, maybe a coast, maybe a strait.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Target {
    area: usize,
    coast: Option<String>,
    strait: bool,
}

/// What a map file says.
#[derive(Debug, Default)]
struct Map {
    areas: Vec<Area>,
    /// Army moves of each area.
    army: Vec<Vec<Target>>,
    /// Fleet moves of each area: from the area (`None`) or a coast (`NC`).
    fleet: Vec<Vec<(Option<String>, Target)>>,
}

impl Map {
    /// The area a name (full or abbreviated, any case; `.` and spaces as
    /// njudge ignores them) is, if any.
    fn find(&self, name: &str) -> Option<usize> {
        let n = normal(name);
        if n.is_empty() {
            return None;
        }
        self.areas.iter().position(|a| normal(&a.name) == n || a.abbrevs.iter().any(|b| normal(b) == n))
    }
}

/// A name as njudge compares names: upper case, no `.`, single spaces.
fn normal(s: &str) -> String {
    s.replace('.', " ").split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_uppercase()
}

/// The map file's sections, split at its `-1` lines, each line with its
/// number; only lines starting with a letter or digit count in the first two
/// (as `cmap.c` reads them).
fn sections(text: &str) -> Vec<Vec<(usize, &str)>> {
    let mut out = vec![Vec::new()];
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('-') {
            if out.len() == 3 {
                break;
            }
            out.push(Vec::new());
            continue;
        }
        out.last_mut().expect("one at least").push((i + 1, line));
    }
    out
}

fn read_map(text: &str) -> Result<Map, NjError> {
    let parts = sections(text);
    if parts.len() < 2 {
        return Err(err(NjPart::Map, 0, NjErrorKind::Malformed("the map has no `-1` line after its areas".into())));
    }
    let mut map = Map::default();
    for &(n, line) in parts[0].iter().filter(|(_, l)| l.starts_with(|c: char| c.is_ascii_alphanumeric())) {
        let area = read_area(line).map_err(|k| err(NjPart::Map, n, k))?;
        map.areas.push(area);
    }
    map.army = vec![Vec::new(); map.areas.len()];
    map.fleet = vec![Vec::new(); map.areas.len()];
    for &(n, line) in parts[1].iter().filter(|(_, l)| l.starts_with(|c: char| c.is_ascii_alphanumeric())) {
        read_moves(&mut map, line).map_err(|k| err(NjPart::Map, n, k))?;
    }
    if let Some(rest) = parts.get(2) {
        read_options(rest)?;
    }
    Ok(map)
}

/// `Name, T abbr abbr ...`.
fn read_area(line: &str) -> Result<Area, NjErrorKind> {
    let (name, rest) = line.split_once(',').ok_or_else(|| NjErrorKind::Malformed(format!("`{}`: no comma after the area's name", line.trim())))?;
    let mut words = rest.split_whitespace();
    let kind_word = words.next().ok_or_else(|| NjErrorKind::Malformed(format!("{}: no type and abbreviations", name.trim())))?;
    let mut chars = kind_word.chars();
    let kind = chars.next().expect("a word has a character");
    let rest: String = chars.collect();
    // city income and type (`A1f`, `x0.`): Machiavelli's fields
    if rest.chars().any(|c| c.is_ascii_digit()) {
        return Err(NjErrorKind::Machiavelli(format!("{}: city `{kind_word}`", name.trim())));
    }
    let duality = match rest.as_str() {
        "" => false,
        "w" => true,
        other => return Err(NjErrorKind::Unsupported(format!("{}: type `{kind}{other}`", name.trim()))),
    };
    match kind {
        'l' | 'w' | 'v' | 'x' => {}
        'g' => return Err(NjErrorKind::Unsupported(format!("{}: a gateway (`g`)", name.trim()))),
        'r' => return Err(NjErrorKind::Unsupported(format!("{}: a railway (`r`)", name.trim()))),
        'h' => return Err(NjErrorKind::Unsupported(format!("{}: high seas holding any number of fleets (`h`)", name.trim()))),
        'M' | 'O' => return Err(NjErrorKind::Malformed(format!("{}: `{kind}` is the master's or the observers' letter", name.trim()))),
        c if c.is_ascii_uppercase() || c.is_ascii_digit() => {}
        c => return Err(NjErrorKind::Malformed(format!("{}: unknown area type `{c}`", name.trim()))),
    }
    let abbrevs: Vec<String> = words.map(str::to_string).collect();
    if abbrevs.is_empty() {
        return Err(NjErrorKind::Malformed(format!("{}: no abbreviation", name.trim())));
    }
    Ok(Area { name: name.trim().to_string(), kind, duality, abbrevs })
}

/// `abc-mv: ...`, `abc-xc: ...`, `abc-nc: ...` (and `sc`, `ec`, `wc`).
fn read_moves(map: &mut Map, line: &str) -> Result<(), NjErrorKind> {
    let bad = || NjErrorKind::Malformed(format!("`{}`: a move line is `abc-mv: ...` or `abc-xc: ...`", line.trim()));
    let (head, targets) = line.split_once(':').ok_or_else(bad)?;
    let (from, kind) = head.trim().rsplit_once('-').ok_or_else(bad)?;
    let at = map.find(from).ok_or_else(|| NjErrorKind::UnknownPlace(from.to_string()))?;
    let kind = kind.to_ascii_lowercase();
    let coast = match kind.as_str() {
        "mv" | "xc" => None,
        "nc" | "sc" | "ec" | "wc" => Some(kind.to_ascii_uppercase()),
        "cc" => return Err(NjErrorKind::Machiavelli(format!("`{from}-cc`: a controlled conduit"))),
        other => return Err(NjErrorKind::Malformed(format!("`{from}-{other}`: unknown move type (mv, xc, nc, sc, ec, wc)"))),
    };
    for word in targets.split_whitespace() {
        let t = read_target(map, word, kind == "mv")?;
        if t.area == at {
            // `swi-mv: swi`: no move (an impassable place)
            continue;
        }
        if kind == "mv" {
            map.army[at].push(t);
        } else {
            map.fleet[at].push((coast.clone(), t));
        }
    }
    Ok(())
}

/// `ven`, `bul/sc`, `naf/mx` (armies only: a strait, with one support less).
fn read_target(map: &Map, word: &str, army: bool) -> Result<Target, NjErrorKind> {
    let (name, modifier) = match word.split_once('/') {
        Some((n, m)) => (n, Some(m.to_ascii_lowercase())),
        None => (word, None),
    };
    let area = map.find(name).ok_or_else(|| NjErrorKind::UnknownPlace(name.to_string()))?;
    let mut t = Target { area, coast: None, strait: false };
    match modifier.as_deref() {
        None | Some("xc") => {}
        Some(c @ ("nc" | "sc" | "ec" | "wc")) if !army => t.coast = Some(c.to_ascii_uppercase()),
        Some("mx") if army => t.strait = true,
        Some("hx" | "lx") => return Err(NjErrorKind::Unsupported(format!("`{word}`: a move at half strength (1900's rules)"))),
        Some("cc") => return Err(NjErrorKind::Machiavelli(format!("`{word}`: a controlled conduit"))),
        Some(m) => return Err(NjErrorKind::Malformed(format!("`{word}`: modifier `{m}` does not go with this move"))),
    }
    Ok(t)
}

/// The sections after the moves: the summary's centre (`C`) and province
/// (`O`) orders are read and skipped; the others are rules mailjudge lacks.
fn read_options(lines: &[(usize, &str)]) -> Result<(), NjError> {
    let mut i = 0;
    while i < lines.len() {
        let (n, line) = lines[i];
        let refuse = |k: NjErrorKind| Err(err(NjPart::Map, n, k));
        match line.chars().next() {
            None | Some('#' | ' ' | '\t' | '\r') => {}
            Some('C' | 'O') => {
                // the list's lines start with a space; the first that does
                // not ends it and is consumed too (as `cmap.c` reads it)
                i += 1;
                while i < lines.len() && (lines[i].1.is_empty() || lines[i].1.starts_with(char::is_whitespace)) {
                    i += 1;
                }
            }
            Some('H') => return refuse(NjErrorKind::Unsupported("Hong Kong centres (`HongKong` table)".into())),
            Some('G') => return refuse(NjErrorKind::Unsupported("gateways (`Gateway` table)".into())),
            Some('R') => return refuse(NjErrorKind::Unsupported("railways (`Railway` table)".into())),
            Some('E') => return refuse(NjErrorKind::Unsupported("extra units (`Extra` table, 1900)".into())),
            Some('F' | 'P' | 'S' | 'V' | 'L') => return refuse(NjErrorKind::Machiavelli(format!("`{}` table", line.trim()))),
            Some(_) => return refuse(NjErrorKind::Malformed(format!("`{}`: unknown section after the moves", line.trim()))),
        }
        i += 1;
    }
    Ok(())
}
