//! Finding a variant by name: a GM's variant file (`NAME.toml` in the configured
//! directory) or one of the maps built into the engine. The only file reading
//! that variants need; the engine itself does no IO.

use crate::map::{BUILTIN, Variant};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why a variant could not be had: nobody has one of that name, or its file
/// cannot be read. Shown as is on the command line and to the keeper; a
/// player is told by `report::say` (`SessionRefusal::UnknownVariant`).
#[derive(Debug)]
pub enum FindError {
    Unknown { name: String, known: Vec<String> },
    Unreadable(String),
}

impl std::fmt::Display for FindError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FindError::Unknown { name, known } => write!(f, "unknown variant `{name}` (known: {})", known.join(", ")),
            FindError::Unreadable(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for FindError {}

/// Looks a variant up: first in `dir` (a GM's variants directory, `NAME.toml`),
/// then among the built-ins.
pub fn find(name: &str, dir: Option<&Path>) -> Result<Variant, String> {
    lookup(name, dir).map_err(|e| e.to_string())
}

/// The same, the error typed.
pub fn lookup(name: &str, dir: Option<&Path>) -> Result<Variant, FindError> {
    if let Some(dir) = dir {
        let clean: String = name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect();
        let path = dir.join(format!("{clean}.toml"));
        if path.is_file() {
            let text = std::fs::read_to_string(&path).map_err(|e| FindError::Unreadable(format!("{}: {e}", path.display())))?;
            return Variant::from_toml(&text).map_err(|e| FindError::Unreadable(format!("{}: {e}", path.display())));
        }
    }
    Variant::builtin(name).ok_or_else(|| FindError::Unknown { name: name.to_string(), known: BUILTIN.iter().map(|(n, _)| n.to_string()).collect() })
}

/// The variants a judge has loaded, by name (case does not matter): each
/// found once (see [`lookup`]) and shared after.
#[derive(Default)]
pub struct Catalog {
    dir: Option<PathBuf>,
    loaded: HashMap<String, Arc<Variant>>,
}

impl Catalog {
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
        let v = Arc::new(lookup(name, dir)?);
        self.loaded.insert(key, v.clone());
        Ok(v)
    }
}

/// The contract's way to find variants: `dir` (a GM's variants directory)
/// first, then the built-ins, as [`lookup`].
pub fn finder(dir: Option<PathBuf>) -> crate::contract::Finder {
    Box::new(move |name: &str| find(name, dir.as_deref()))
}
