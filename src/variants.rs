//! Finding a variant by name: a GM's variant file (`NAME.toml` in the configured
//! directory) or one of the maps built into the engine. The only file reading
//! that variants need; the engine itself does no IO.

use crate::map::{BUILTIN, MapError, Variant};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why a variant could not be had: nobody has one of that name, or its file
/// cannot be read. Shown as is on the command line and to the keeper; a
/// player is told by `report::say` (`SessionRefusal::UnknownVariant`).
#[derive(Debug, thiserror::Error)]
pub enum FindError {
    #[error("unknown variant `{name}` (known: {})", known.join(", "))]
    Unknown { name: String, known: Vec<String> },
    /// The variant's file cannot be read.
    #[error("{}: {why}", path.display())]
    Io { path: PathBuf, why: std::io::Error },
    /// The variant's file is no variant the engine takes.
    #[error("{}: {why}", path.display())]
    Unreadable { path: PathBuf, why: MapError },
    /// The variant's picture (its outline file) is larger than a picture may be.
    #[error("{}: the map picture is larger than {MAX_PICTURE_BYTES} bytes", path.display())]
    PictureTooLarge { path: PathBuf },
}

/// The largest outline file (`NAME.json` beside `NAME.toml`) read.
pub const MAX_PICTURE_BYTES: u64 = 8 << 20;

/// The outline file beside a variant file, when there is one.
fn picture(toml: &Path) -> Result<Option<std::sync::Arc<str>>, FindError> {
    let path = toml.with_extension("json");
    let Ok(meta) = std::fs::metadata(&path) else { return Ok(None) };
    if !meta.is_file() {
        return Ok(None);
    }
    if meta.len() > MAX_PICTURE_BYTES {
        return Err(FindError::PictureTooLarge { path });
    }
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut std::io::Read::take(std::fs::File::open(&path).map_err(|why| FindError::Io { path: path.clone(), why })?, MAX_PICTURE_BYTES + 1),
        &mut text,
    )
    .map_err(|why| FindError::Io { path: path.clone(), why })?;
    if text.len() as u64 > MAX_PICTURE_BYTES {
        return Err(FindError::PictureTooLarge { path });
    }
    Ok(Some(text.into()))
}

/// Looks a variant up: first in `dir` (a GM's variants directory, `NAME.toml`),
/// then among the built-ins.
pub fn find(name: &str, dir: Option<&Path>) -> Result<Variant, FindError> {
    if let Some(dir) = dir {
        let clean: String = name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect();
        let path = dir.join(format!("{clean}.toml"));
        if path.is_file() {
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(why) => return Err(FindError::Io { path, why }),
            };
            let mut v = Variant::from_toml(&text).map_err(|why| FindError::Unreadable { path: path.clone(), why })?;
            v.picture = picture(&path)?;
            return Ok(v);
        }
    }
    Variant::builtin(name).ok_or_else(|| FindError::Unknown { name: name.to_string(), known: known(dir) })
}

/// The most variant files of a GM's directory an unknown variant's answer names.
pub const MAX_LISTED_FILES: usize = 100;

/// The variants there are, by name: the built-ins, then the files of `dir`
/// (sorted; at most [`MAX_LISTED_FILES`]), and how many files more.
pub fn names(dir: Option<&Path>) -> (Vec<String>, usize) {
    let mut out: Vec<String> = BUILTIN.iter().map(|(n, _)| n.to_string()).collect();
    let mut files: Vec<String> = dir
        .and_then(|d| std::fs::read_dir(d).ok())
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".toml")).map(str::to_string))
        .filter(|n| !out.iter().any(|b| b.eq_ignore_ascii_case(n)))
        .collect();
    files.sort();
    let more = files.len().saturating_sub(MAX_LISTED_FILES);
    files.truncate(MAX_LISTED_FILES);
    out.extend(files);
    (out, more)
}

/// The variants there are, as an unknown variant's answer names them.
fn known(dir: Option<&Path>) -> Vec<String> {
    let (mut out, more) = names(dir);
    if more > 0 {
        out.push(format!("and {more} more"));
    }
    out
}

/// A variant by the name CREATE takes: loaded, or why it cannot be.
pub type Listed = (String, Result<Arc<Variant>, String>);

/// The variants a judge has loaded, by name (case does not matter): each
/// found once (see [`find`]) and shared after.
#[derive(Default)]
pub struct Catalog {
    dir: Option<PathBuf>,
    loaded: HashMap<String, Arc<Variant>>,
}

impl Catalog {
    /// Every variant this catalog finds (see [`names`]), each loaded or why
    /// not, and how many files more were not looked at.
    pub fn all(&mut self) -> (Vec<Listed>, usize) {
        let (names, more) = names(self.dir.as_deref().filter(|d| d.is_dir()));
        (names.into_iter().map(|n| (n.clone(), self.get(&n).map_err(|e| e.to_string()))).collect(), more)
    }

    /// A catalog that looks in `dir` (a GM's variants directory) first.
    pub fn new(dir: Option<PathBuf>) -> Catalog {
        Catalog { dir, loaded: HashMap::new() }
    }

    /// The variant called `name`, found the first time it is asked for.
    pub fn get(&mut self, name: &str) -> Result<Arc<Variant>, FindError> {
        let key = name.to_ascii_lowercase();
        if let Some(v) = self.loaded.get(&key) {
            return Ok(v.clone());
        }
        let dir = self.dir.as_deref().filter(|d| d.is_dir());
        let v = Arc::new(find(name, dir)?);
        self.loaded.insert(key, v.clone());
        Ok(v)
    }
}

/// The contract's way to find variants: `dir` (a GM's variants directory)
/// first, then the built-ins, as [`find`].
pub fn finder(dir: Option<PathBuf>) -> crate::contract::Finder {
    Box::new(move |name: &str| find(name, dir.as_deref()).map_err(Into::into))
}
