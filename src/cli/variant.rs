//! `mailjudge variant import FILE.map|DIR`: a DPjudge / MILA `.map` file made
//! into a variant file (`NAME.toml`) that `check-variant` accepts.

use super::picture;
use crate::map::{MapError, Variant, dpjudge};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `mailjudge variant import`: each `.map` file (or every one in a folder)
/// read, validated and written as `NAME.toml` into `out`. A file `MAP`/`USE`
/// names is looked for beside the file being read, and only inside its
/// folder ([`included`]).
pub fn import(source: &Path, out: &Path) -> ExitCode {
    let files: Vec<PathBuf> = if source.is_dir() {
        let mut f: Vec<PathBuf> = std::fs::read_dir(source)
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "map")).collect())
            .unwrap_or_default();
        f.sort();
        f
    } else {
        vec![source.to_path_buf()]
    };
    if files.is_empty() {
        eprintln!("mailjudge: {}: no .map file", source.display());
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
    #[error("{}: {why}", path.display())]
    Toml { path: PathBuf, why: toml::ser::Error },
    /// The variant made is not one `check-variant` accepts.
    #[error("{}: {why}", path.display())]
    Invalid { path: PathBuf, why: MapError },
}

/// Reads one `.map` file into a TOML variant file text, validated.
pub fn convert(file: &Path) -> Result<(String, String), ImportError> {
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
    let toml = format!(
        "# Imported by `mailjudge variant import` from {}.\n# Province `clockwise` lists are the neighbours in file order (the .map format has no\n# drawing order: `neighbour_order = \"file\"`, so no right-hand retreat rule).\n{body}",
        file.file_name().and_then(|s| s.to_str()).unwrap_or("?")
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
    if let Some(picture) = picture::BESIDE.iter().map(|e| file.with_extension(e)).find(|p| p.is_file()) {
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
