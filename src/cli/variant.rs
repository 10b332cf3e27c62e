//! `mailjudge variant import FILE|DIR`: a DPjudge / MILA `.map` file, or an
//! njudge variant, made into a variant file (`NAME.toml`) that
//! `check-variant` accepts.
//!
//! An njudge variant is `map.NAME` (`map` is the standard map) with
//! `seed.NAME` and, when there, `report.NAME` beside it, and njudge's
//! `variant.c` and `variant.h` beside it or one folder up (a judge's source
//! tree keeps `data/` under it). The reading is the engine's
//! ([`crate::map::njudge`]); here the files are found and read.

use super::picture;
use crate::map::njudge::{Files, NjPart};
use crate::map::{MapError, Variant, dpjudge, njudge};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `mailjudge variant import`: each `.map` file or njudge `map.NAME` file
/// (or every one in a folder) read, validated and written as `NAME.toml`
/// into `out`. A file `MAP`/`USE` names is looked for beside the file being
/// read, and only inside its folder ([`included`]).
pub fn import(source: &Path, out: &Path) -> ExitCode {
    let files: Vec<PathBuf> = if source.is_dir() {
        let mut f: Vec<PathBuf> = std::fs::read_dir(source)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file() && format_of(p).is_some()).collect())
            .unwrap_or_default();
        f.sort();
        f
    } else {
        vec![source.to_path_buf()]
    };
    if files.is_empty() {
        eprintln!("mailjudge: {}: no .map file and no njudge map file (map, map.NAME)", source.display());
        return ExitCode::from(2);
    }
    let mut failed = false;
    for f in &files {
        match import_one(f, out) {
            Ok(msg) => println!("{msg}"),
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    if failed { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// Why a `.map` file was not imported: each names the file it is about.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{}: no file name", .0.display())]
    NoName(PathBuf),
    /// A file or folder that cannot be read or written.
    #[error("{}: {why}", path.display())]
    Io { path: PathBuf, why: std::io::Error },
    /// A line of the map (or of a file it includes) that cannot be read.
    #[error("{}:{}: {}", path.display(), why.line, why.kind)]
    Map { path: PathBuf, why: dpjudge::DpError },
    /// A line of an njudge variant's files (`path`: the one it is in; the
    /// variant's `map` named first when that is another, `variant.c`).
    #[error("{}", njudge_error(map, path, why))]
    Njudge { map: PathBuf, path: PathBuf, why: njudge::NjError },
    /// An njudge map without the seed that goes with it.
    #[error("{}: no {seed} beside it (an njudge variant is its map and its seed)", map.display())]
    NoSeed { map: PathBuf, seed: String },
    #[error("{}: {why}", path.display())]
    Toml { path: PathBuf, why: toml::ser::Error },
    /// The variant made is not one `check-variant` accepts.
    #[error("{}: {why}", path.display())]
    Invalid { path: PathBuf, why: MapError },
}

fn njudge_error(map: &Path, path: &Path, why: &njudge::NjError) -> String {
    let at = format!("{}:{}: {}", path.display(), why.line, why.kind);
    if map == path { at } else { format!("{}: {at}", map.display()) }
}

/// The formats of map files `variant import` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// DPjudge's (and MILA's) `NAME.map`.
    Dpjudge,
    /// njudge's `map` (the standard map) or `map.NAME`, with `seed.NAME`.
    Njudge,
}

/// A file's format by its name: `NAME.map` is DPjudge's, `map` and
/// `map.NAME` are njudge's; anything else is no map file.
pub fn format_of(file: &Path) -> Option<Format> {
    let name = file.file_name()?.to_str()?;
    if name.ends_with(".map") {
        Some(Format::Dpjudge)
    } else if name == "map" || name.strip_prefix("map.").is_some_and(|n| !n.is_empty()) {
        Some(Format::Njudge)
    } else {
        None
    }
}

/// Reads one map file (its format by its name, [`format_of`]) into a TOML
/// variant file text, validated.
pub fn convert(file: &Path) -> Result<(String, String), ImportError> {
    if format_of(file) == Some(Format::Njudge) {
        let (name, body, read) = convert_njudge(file)?;
        return finish(file, &name, &body, &read);
    }
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |why| ImportError::Io { path, why }
    };
    let name = file.file_stem().and_then(|s| s.to_str()).ok_or_else(|| ImportError::NoName(file.to_path_buf()))?.to_string();
    let text = std::fs::read_to_string(file).map_err(io(file))?;
    let dir = file.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let root = dir.canonicalize().map_err(io(dir))?;
    let include = move |n: &str| included(&root, n);
    let raw = dpjudge::read_with(&name, &text, &include).map_err(|why| ImportError::Map { path: file.with_file_name(&why.file), why })?;
    let body = toml::to_string(&raw).map_err(|why| ImportError::Toml { path: file.to_path_buf(), why })?;
    finish(file, &name, &body, file.file_name().and_then(|s| s.to_str()).unwrap_or("?"))
}

/// The variant file: `body` (a TOML text) under a header naming what it was
/// read from, validated as `check-variant` does.
fn finish(file: &Path, name: &str, body: &str, read: &str) -> Result<(String, String), ImportError> {
    let toml = format!(
        "# Imported by `mailjudge variant import` from {read}.\n# Province `clockwise` lists are the neighbours in file order (the .map format has no\n# drawing order: `neighbour_order = \"file\"`, so no right-hand retreat rule).\n{body}"
    );
    Variant::read_toml(&toml).map_err(|why| ImportError::Invalid { path: file.to_path_buf(), why })?;
    Ok((name.to_ascii_lowercase(), toml))
}

/// The text of the file `name` (as `MAP`/`USE` names it) in the folder
/// `root` (canonical): refused when, links followed, it is not inside that
/// folder; missing when it is not a plain file that can be read. (The reader
/// has refused absolute names and `..` already.)
fn included(root: &Path, name: &str) -> Result<String, dpjudge::IncludeError> {
    let path = root.join(name).canonicalize().map_err(|_| dpjudge::IncludeError::Missing)?;
    if !path.starts_with(root) {
        return Err(dpjudge::IncludeError::Outside);
    }
    if !path.metadata().is_ok_and(|m| m.is_file()) {
        return Err(dpjudge::IncludeError::Missing);
    }
    std::fs::read_to_string(&path).map_err(|_| dpjudge::IncludeError::Missing)
}

fn import_one(file: &Path, out: &Path) -> Result<String, ImportError> {
    let (name, toml) = convert(file)?;
    let target = out.join(format!("{name}.toml"));
    std::fs::create_dir_all(out).map_err(|why| ImportError::Io { path: out.to_path_buf(), why })?;
    std::fs::write(&target, &toml).map_err(|why| ImportError::Io { path: target.clone(), why })?;
    let mut said = format!("{}: written {}", file.display(), target.display());
    // a DPjudge or MILA map's picture has its name (njudge's maps have none)
    let picture = file.extension().filter(|e| *e == "map").and_then(|_| picture::BESIDE.iter().map(|e| file.with_extension(e)).find(|p| p.is_file()));
    if let Some(picture) = picture {
        said.push('\n');
        said.push_str(&trace_beside(&toml, &picture, &out.join(format!("{name}.json"))));
    }
    Ok(said)
}

/// The picture beside an imported `.map` file traced into the variant's
/// outline file; what came of it, in a line (a picture that cannot be
/// traced leaves the variant drawn as a generated map, and says why).
fn trace_beside(toml: &str, picture: &Path, target: &Path) -> String {
    let traced = Variant::read_toml(toml)
        .map_err(|e| e.to_string())
        .and_then(|v| picture::trace_file(&v, picture).map_err(|e| e.to_string()))
        .and_then(|json| std::fs::write(target, json).map_err(|e| format!("{}: {e}", target.display())));
    match traced {
        Ok(()) => format!("{}: the map traced, written {}", picture.display(), target.display()),
        Err(e) => format!("{}: the map not traced (its maps are drawn as a generated layout): {e}", picture.display()),
    }
}

/// The njudge variant whose map is `map`: its name, its variant file's
/// TOML body (not validated yet) and the files it was read from, in words.
fn convert_njudge(map: &Path) -> Result<(String, String, String), ImportError> {
    let file = map.file_name().and_then(|s| s.to_str()).ok_or_else(|| ImportError::NoName(map.to_path_buf()))?;
    let name = match file.strip_prefix("map.") {
        Some(n) => n.to_string(),
        None => "standard".to_string(),
    };
    let dir = map.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let paths = Paths::find(dir, &name);
    if !paths.seed.is_file() {
        return Err(ImportError::NoSeed { map: map.to_path_buf(), seed: format!("seed.{name}") });
    }
    let read = |p: &Path| text(p).map_err(|why| ImportError::Io { path: p.to_path_buf(), why });
    let (map_text, seed_text) = (read(map)?, read(&paths.seed)?);
    let optional = |p: &Option<PathBuf>| p.as_deref().map(read).transpose();
    let (report, variant_c, variant_h) = (optional(&paths.report)?, optional(&paths.variant_c)?, optional(&paths.variant_h)?);
    let files =
        Files { name: &name, map: &map_text, seed: &seed_text, report: report.as_deref(), variant_c: variant_c.as_deref(), variant_h: variant_h.as_deref() };
    let raw = njudge::read(&files).map_err(|why| ImportError::Njudge { map: map.to_path_buf(), path: paths.of(why.file, map), why })?;
    let body = toml::to_string(&raw).map_err(|why| ImportError::Toml { path: map.to_path_buf(), why })?;
    let mut from = vec![file.to_string(), format!("seed.{name}")];
    if paths.variant_c.is_some() {
        from.push(if paths.variant_h.is_some() { "variant.c and variant.h" } else { "variant.c" }.into());
    } else if paths.report.is_some() {
        from.push(format!("report.{name} (no variant.c: powers named from the report)"));
    }
    Ok((name, body, format!("njudge's {}", from.join(", "))))
}

/// Where an njudge variant's files are.
struct Paths {
    seed: PathBuf,
    report: Option<PathBuf>,
    variant_c: Option<PathBuf>,
    variant_h: Option<PathBuf>,
}

impl Paths {
    /// The files of variant `name` whose map is in `dir`: the seed and the
    /// report beside it, `variant.c` and `variant.h` there or one folder up.
    fn find(dir: &Path, name: &str) -> Paths {
        let here = |f: String| Some(dir.join(f)).filter(|p| p.is_file());
        let source = |f: &str| here(f.to_string()).or_else(|| Some(dir.join("..").join(f)).filter(|p| p.is_file()));
        Paths { seed: dir.join(format!("seed.{name}")), report: here(format!("report.{name}")), variant_c: source("variant.c"), variant_h: source("variant.h") }
    }

    /// The file an error is in.
    fn of(&self, file: NjPart, map: &Path) -> PathBuf {
        let pick = |p: &Option<PathBuf>| p.clone().unwrap_or_else(|| map.to_path_buf());
        match file {
            NjPart::Map => map.to_path_buf(),
            NjPart::Seed => self.seed.clone(),
            NjPart::Report => pick(&self.report),
            NjPart::VariantC => pick(&self.variant_c),
            NjPart::VariantH => pick(&self.variant_h),
        }
    }
}

/// A file's text: UTF-8, or else each byte a character (njudge's files are
/// ASCII but for a Latin-1 letter here and there).
fn text(path: &Path) -> std::io::Result<String> {
    let bytes = std::fs::read(path)?;
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect()))
}
