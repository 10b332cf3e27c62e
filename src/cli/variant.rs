//! `mailjudge variant import FILE.map|DIR`: a DPjudge / MILA `.map` file made
//! into a variant file (`NAME.toml`) that `check-variant` accepts.

use crate::map::{Variant, dpjudge};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `mailjudge variant import`: each `.map` file (or every one in a folder)
/// read, validated and written as `NAME.toml` into `out`. A file `MAP`/`USE`
/// names is looked for beside the file being read.
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

/// Reads one `.map` file into a TOML variant file text, validated.
pub fn convert(file: &Path) -> Result<(String, String), String> {
    let name = file.file_stem().and_then(|s| s.to_str()).ok_or_else(|| format!("{}: no file name", file.display()))?.to_string();
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
    let include = move |n: &str| std::fs::read_to_string(dir.join(n)).ok();
    let raw = dpjudge::read(&name, &text, &include).map_err(|e| format!("{}:{}: {}", file.with_file_name(&e.file).display(), e.line, e.kind))?;
    let body = toml::to_string(&raw).map_err(|e| format!("{}: {e}", file.display()))?;
    let toml = format!(
        "# Imported by `mailjudge variant import` from {}.\n# Province `clockwise` lists are the neighbours in file order (the .map format has no\n# drawing order: `neighbour_order = \"file\"`, so no right-hand retreat rule).\n{body}",
        file.file_name().and_then(|s| s.to_str()).unwrap_or("?")
    );
    Variant::read_toml(&toml).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok((name.to_ascii_lowercase(), toml))
}

fn import_one(file: &Path, out: &Path) -> Result<String, String> {
    let (name, toml) = convert(file)?;
    let target = out.join(format!("{name}.toml"));
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    std::fs::write(&target, toml).map_err(|e| format!("{}: {e}", target.display()))?;
    Ok(format!("{}: written {}", file.display(), target.display()))
}
