//! `mailjudge variant picture VARIANT PICTURE`: a variant's map traced from
//! the GM's picture into its outline file (`NAME.json`, beside the variant
//! file), which the judge then draws the variant's maps from. The picture is
//! a DPjudge PostScript map (`.ps`, drawn to pixels by Ghostscript) or a PNG
//! or GIF whose pixels the variant's `pos` keys are given in.

use crate::map::Variant;
use crate::render::trace::{self, Places, Raster, decode, dpmap, jdip};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// About how many pixels across a traced map is drawn (the standard map is 1835).
const WIDTH: f64 = 1800.0;
/// The largest picture file read.
pub const MAX_PICTURE_BYTES: u64 = 32 << 20;
/// How long Ghostscript may take to draw a map.
const GS_TIME: Duration = Duration::from_secs(60);

/// Why a picture could not be traced.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("{}: {why}", path.display())]
    Io { path: PathBuf, why: std::io::Error },
    #[error("{}: larger than {MAX_PICTURE_BYTES} bytes", .0.display())]
    TooLarge(PathBuf),
    #[error("{}: not a picture this can trace (a DPjudge .ps map, a jDip .svg map, a .png or a .gif)", .0.display())]
    Kind(PathBuf),
    #[error("{}: {why}", path.display())]
    DpMap { path: PathBuf, why: dpmap::DpMapError },
    #[error("{}: {why}", path.display())]
    Jdip { path: PathBuf, why: jdip::JdipError },
    #[error("{}: {why}", path.display())]
    Decode { path: PathBuf, why: decode::DecodeError },
    #[error("{}: Ghostscript (`gs`) is needed to draw a PostScript map ({why}); install it (Debian: apt-get install ghostscript) or give a PNG", path.display())]
    NoGhostscript { path: PathBuf, why: std::io::Error },
    #[error("{}: Ghostscript could not draw it: {why}", path.display())]
    Ghostscript { path: PathBuf, why: String },
    #[error("{}: {why}", path.display())]
    Trace { path: PathBuf, why: trace::TraceError },
}

/// The picture files `variant import` looks for beside a `.map` file, in order.
pub const BESIDE: [&str; 4] = ["ps", "svg", "png", "gif"];

/// The outline file of `v` traced from the picture at `path`.
pub fn trace_file(v: &Variant, path: &Path) -> Result<String, PictureError> {
    let p = || path.to_path_buf();
    let size = std::fs::metadata(path).map_err(|why| PictureError::Io { path: p(), why })?.len();
    if size > MAX_PICTURE_BYTES {
        return Err(PictureError::TooLarge(p()));
    }
    let bytes = std::fs::read(path).map_err(|why| PictureError::Io { path: p(), why })?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    // the gaps of DPjudge's dashed borders are 1.5 map units: closed at
    // any scale; a scan's lines are whole, its narrow straits kept open
    let (raster, places, scale, close) = match ext.as_str() {
        "ps" | "eps" => {
            let mut m = dpmap::read(&String::from_utf8_lossy(&bytes)).map_err(|why| PictureError::DpMap { path: p(), why })?;
            m.rename(v);
            let scale = WIDTH / m.width.max(1.0);
            (ghostscript(path, &m, scale)?, m.places(scale), 1.0, (1.5 * scale).max(2.0))
        }
        "svg" => {
            let text = String::from_utf8_lossy(&bytes);
            let m = jdip::read(&text).map_err(|why| PictureError::Jdip { path: p(), why })?;
            let (r, scale) = jdip::draw(&text, &m, WIDTH).map_err(|why| PictureError::Jdip { path: p(), why })?;
            (r, m.places(scale, v), 1.0, 0.0)
        }
        "png" | "gif" => {
            let r = if ext == "png" { decode::png(&bytes) } else { decode::gif(&bytes) };
            let r = r.map_err(|why| PictureError::Decode { path: p(), why })?;
            let places = Places { units: v.provinces.iter().filter_map(|pr| pr.pos.map(|q| (pr.code.clone(), q))).collect(), ..Default::default() };
            let scale = (WIDTH / r.width as f64).max(1.0);
            (r, places, scale, 0.0)
        }
        _ => return Err(PictureError::Kind(p())),
    };
    trace::trace(v, &raster, &places, scale, close, &format!("traced by `mailjudge variant picture` from {name}"))
        .map_err(|why| PictureError::Trace { path: p(), why })
}

/// The map of a dpmap file drawn to pixels by Ghostscript (the file, then
/// [`dpmap::DpMap::drawing`]), read back.
fn ghostscript(path: &Path, m: &dpmap::DpMap, scale: f64) -> Result<Raster, PictureError> {
    let (w, h) = m.pixels(scale);
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("mailjudge-trace-{}-{n}", std::process::id()));
    let io = |why| PictureError::Io { path: dir.clone(), why };
    std::fs::create_dir_all(&dir).map_err(io)?;
    let result = (|| {
        let draw = dir.join("draw.ps");
        std::fs::write(&draw, m.drawing(scale)).map_err(io)?;
        let out = dir.join("map.png");
        let mut child = Command::new("gs")
            .args(["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", "-r72", "-dGraphicsAlphaBits=1", "-dTextAlphaBits=1"])
            .arg(format!("-g{w}x{h}"))
            .arg(format!("-sOutputFile={}", out.display()))
            .arg(path)
            .arg(&draw)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|why| PictureError::NoGhostscript { path: path.to_path_buf(), why })?;
        let started = Instant::now();
        let status = loop {
            match child.try_wait().map_err(io)? {
                Some(s) => break s,
                None if started.elapsed() > GS_TIME => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(PictureError::Ghostscript { path: path.to_path_buf(), why: format!("it took more than {} s", GS_TIME.as_secs()) });
                }
                None => std::thread::sleep(Duration::from_millis(20)),
            }
        };
        if !status.success() {
            let mut why = String::new();
            if let Some(mut e) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut std::io::Read::take(&mut e, 4096), &mut why);
            }
            return Err(PictureError::Ghostscript { path: path.to_path_buf(), why: format!("{status}: {}", why.trim()) });
        }
        let bytes = std::fs::read(&out).map_err(io)?;
        decode::png(&bytes).map_err(|why| PictureError::Decode { path: out.clone(), why })
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// `mailjudge variant picture`: traces and writes the outline file.
pub fn picture(variant: &str, picture: &Path, variants_dir: &Path, out: Option<&Path>, preview: Option<&Path>) -> ExitCode {
    let mut v = match load(variant, variants_dir) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("mailjudge: {e}");
            return ExitCode::from(2);
        }
    };
    let target = out.map(Path::to_path_buf).unwrap_or_else(|| variants_dir.join(format!("{}.json", v.name)));
    let traced = trace_file(&v, picture).and_then(|json| {
        std::fs::write(&target, &json).map_err(|why| PictureError::Io { path: target.clone(), why })?;
        Ok(json)
    });
    match traced {
        Ok(json) => {
            println!("{}: traced {} provinces, written {}", picture.display(), v.provinces.len(), target.display());
            v.picture = Some(json.into());
            preview.map_or(ExitCode::SUCCESS, |p| write_preview(&v, p))
        }
        Err(e) => {
            eprintln!("mailjudge: {e}");
            ExitCode::from(1)
        }
    }
}

/// `mailjudge variant draw`: the starting board of a variant as a PNG.
pub fn draw(variant: &str, out: &Path, variants_dir: &Path) -> ExitCode {
    match load(variant, variants_dir) {
        Ok(v) => write_preview(&v, out),
        Err(e) => {
            eprintln!("mailjudge: {e}");
            ExitCode::from(2)
        }
    }
}

/// The scale of the gallery's pictures (two thirds of a mail's).
pub const GALLERY_SCALE: f32 = 0.4;

/// `mailjudge variant draw --all DIR`: every built-in variant's starting
/// board, `DIR/NAME.png`, small; a line a variant saying where its map
/// comes from (the rows of docs/MAPS.md).
pub fn draw_all(dir: &Path) -> ExitCode {
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("mailjudge: {}: {e}", dir.display());
        return ExitCode::from(1);
    }
    for (name, _) in crate::map::BUILTIN {
        let Some(v) = Variant::builtin(name) else { continue };
        let pos = crate::adjudicate::Position::initial(&v);
        let svg = crate::render::svg(&v, &crate::render::Scene::board(&pos, &v.title));
        let path = dir.join(format!("{name}.png"));
        let written =
            crate::render::png_at(&svg, GALLERY_SCALE).map_err(|e| e.to_string()).and_then(|png| std::fs::write(&path, png).map_err(|e| e.to_string()));
        if let Err(e) = written {
            eprintln!("mailjudge: {}: {e}", path.display());
            return ExitCode::from(1);
        }
        let source = match crate::render::geometry::Geometry::of(&v).source {
            crate::render::geometry::Source::Outlines => "outlines",
            crate::render::geometry::Source::StandardBoard => "standard board",
            crate::render::geometry::Source::Generated => "generated",
        };
        println!("{name}: {source}, drawn {}", path.display());
    }
    ExitCode::SUCCESS
}

/// A variant named, or a variant file given by its path (with the outline
/// file beside it, when there is one).
fn load(variant: &str, dir: &Path) -> Result<Variant, String> {
    let path = Path::new(variant);
    let (name, dir) = match (path.extension().is_some_and(|e| e == "toml") && path.is_file(), path.file_stem().and_then(|s| s.to_str())) {
        (true, Some(stem)) => (stem, path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))),
        _ => (variant, dir),
    };
    crate::variants::find(name, Some(dir)).map_err(|e| e.to_string())
}

/// The variant's starting board drawn from its new outlines, as a PNG at `path`.
fn write_preview(v: &Variant, path: &Path) -> ExitCode {
    let pos = crate::adjudicate::Position::initial(v);
    let svg = crate::render::svg(v, &crate::render::Scene::board(&pos, &v.title));
    match crate::render::png(&svg).map_err(|e| e.to_string()).and_then(|png| std::fs::write(path, png).map_err(|e| e.to_string())) {
        Ok(()) => {
            println!("the starting board drawn: {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("mailjudge: {}: {e}", path.display());
            ExitCode::from(1)
        }
    }
}
