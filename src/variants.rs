//! Finding a variant by name: a GM's variant file (`NAME.toml` in the configured
//! directory) or one of the maps built into the engine. The only file reading
//! that variants need; the engine itself does no IO.

use crate::map::{BUILTIN, Variant};
use std::path::Path;

/// Looks a variant up: first in `dir` (a GM's variants directory, `NAME.toml`),
/// then among the built-ins.
pub fn find(name: &str, dir: Option<&Path>) -> Result<Variant, String> {
    if let Some(dir) = dir {
        let clean: String = name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect();
        let path = dir.join(format!("{clean}.toml"));
        if path.is_file() {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            return Variant::from_toml(&text).map_err(|e| format!("{}: {e}", path.display()));
        }
    }
    Variant::builtin(name).ok_or_else(|| {
        let names: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
        format!("unknown variant `{name}` (known: {})", names.join(", "))
    })
}
