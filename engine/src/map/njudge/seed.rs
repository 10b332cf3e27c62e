//! `seed.NAME`: the first phase, the starting units and who owns what, as
//! `po_init.c` reads a game file (a seed is a game's first).

use super::{Map, NjError, NjErrorKind, NjPart, err};

/// A starting unit: its power's letter, `A` or `F`, its area and coast.
#[derive(Debug, Clone)]
pub(super) struct SeedUnit {
    /// The seed's line it is on.
    pub line: usize,
    pub letter: char,
    pub kind: char,
    pub area: usize,
    pub coast: Option<String>,
}

/// What a seed file says.
#[derive(Debug, Default)]
pub(super) struct Seed {
    /// The first phase as njudge writes it (`S1901M`, `F1900B`).
    pub phase: String,
    pub units: Vec<SeedUnit>,
    /// The ownership record: a letter (or `.`) per area in map order, when
    /// the seed gives one.
    pub owners: Option<Vec<char>>,
}

pub(super) fn read(text: &str, map: &Map) -> Result<Seed, NjError> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    let (n, first) = lines.next().ok_or_else(|| err(NjPart::Seed, 0, NjErrorKind::Malformed("the seed is empty".into())))?;
    let mut seed = Seed { phase: first.split_whitespace().next().unwrap_or("").to_string(), ..Seed::default() };
    if seed.phase.is_empty() {
        return Err(err(NjPart::Seed, n, NjErrorKind::Malformed("the seed's first line is its first phase (`S1901M`)".into())));
    }
    for (n, line) in lines.by_ref() {
        if line.starts_with('-') {
            break;
        }
        if line.trim().is_empty() {
            continue;
        }
        seed.units.push(unit(n, line, map).map_err(|k| err(NjPart::Seed, n, k))?);
    }
    if let Some((n, line)) = lines.next()
        && !line.starts_with('-')
    {
        // `O:...`, `C:...`: Machiavelli's records of provinces and cities
        if line.chars().nth(1) == Some(':') {
            return Err(err(NjPart::Seed, n, NjErrorKind::Machiavelli("an ownership record of provinces and cities".into())));
        }
        seed.owners = Some(line.chars().take_while(|c| !c.is_whitespace()).collect());
    }
    Ok(seed)
}

/// `E: F London`, `R: F St Petersburg/sc`.
fn unit(n: usize, line: &str, map: &Map) -> Result<SeedUnit, NjErrorKind> {
    let bad = || NjErrorKind::Malformed(format!("`{}`: a unit is `L: A Place` (its power's letter, A or F, the place)", line.trim()));
    let mut chars = line.chars();
    let (letter, status) = (chars.next().ok_or_else(bad)?, chars.next().ok_or_else(bad)?);
    if status != ':' {
        // `Am A Austria`: a Machiavelli unit's status
        return Err(if status.is_ascii_lowercase() { NjErrorKind::Machiavelli(format!("unit `{}`", line.trim())) } else { bad() });
    }
    let rest = chars.as_str().trim_start();
    let (kind, place) = rest.split_once(char::is_whitespace).ok_or_else(bad)?;
    let kind = match kind {
        "A" | "F" => kind.chars().next().expect("one letter"),
        "W" => return Err(NjErrorKind::Unsupported(format!("`{}`: a wing (air unit)", line.trim()))),
        "G" => return Err(NjErrorKind::Machiavelli(format!("`{}`: a garrison", line.trim()))),
        "R" | "T" => return Err(NjErrorKind::Unsupported(format!("`{}`: a unit of type `{kind}`", line.trim()))),
        _ => return Err(bad()),
    };
    let (area, coast) = place_of(place, map)?;
    Ok(SeedUnit { line: n, letter, kind, area, coast })
}

/// A place as njudge writes it in a seed or report: `London`, `bul/sc`,
/// `St Petersburg (south coast)`.
pub(super) fn place_of(text: &str, map: &Map) -> Result<(usize, Option<String>), NjErrorKind> {
    let text = text.trim().trim_end_matches('.').trim();
    let (name, coast) = split_coast(text);
    let area = map.find(name).ok_or_else(|| NjErrorKind::UnknownPlace(text.to_string()))?;
    Ok((area, coast))
}

fn split_coast(text: &str) -> (&str, Option<String>) {
    let words = [("NC", "north"), ("SC", "south"), ("EC", "east"), ("WC", "west")];
    if let Some((name, c)) = text.rsplit_once('/')
        && let Some((code, _)) = words.iter().find(|(code, _)| code.eq_ignore_ascii_case(c.trim()))
    {
        return (name.trim(), Some(code.to_string()));
    }
    if let Some((name, c)) = text.rsplit_once('(')
        && let Some(inner) = c.trim().strip_suffix(')')
    {
        let inner = inner.trim().to_ascii_lowercase();
        let first = inner.split_whitespace().next().unwrap_or("");
        if let Some((code, _)) = words.iter().find(|(code, word)| code.eq_ignore_ascii_case(first) || *word == first) {
            return (name.trim(), Some(code.to_string()));
        }
    }
    (text, None)
}
