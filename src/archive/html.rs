//! The whole game as a static HTML site: `index.html` (the game's variant,
//! options, dates and players, its phases, the centre chart as a table and
//! a picture, the result) and a page a phase (its map, its orders and
//! results a line each, the press released up to it), each linked to the
//! one before and after. Players appear by the name they chose (`SET NAME`)
//! or their power's, never by their address. Pages scale to a phone's
//! width. Pure: the pages come back as (file name, bytes) for the caller.

use super::GameRecord;
use crate::archive::scene::PhaseScene;
use crate::game::chart;
use crate::map::{PowerId, Variant};
use crate::render::{self, Scene};
use crate::report::say::{self, archive as words};
use crate::store::games::{GameStatus, PlayerRole};

use crate::render::esc;

const STYLE: &str = "body{font-family:sans-serif;max-width:1400px;margin:1em auto;padding:0 1em;line-height:1.4}img{max-width:100%;height:auto;border:1px solid #888}pre{background:#f6f6f6;padding:.6em;white-space:pre-wrap;overflow-wrap:anywhere}table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:right}dt{font-weight:bold}nav a{margin-right:1em}.wide{overflow-x:auto}";

fn page(title: &str, body: &str) -> Vec<u8> {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title><style>{STYLE}</style></head><body>\n{body}\n</body></html>\n",
        esc(title)
    )
    .into_bytes()
}

/// Text for a `<pre>`: escaped, its lines kept.
fn lines(text: &str) -> String {
    text.lines().map(esc).collect::<Vec<_>>().join("\n")
}

/// The file of phase `name`'s page.
pub fn phase_file(name: &str) -> String {
    format!("{name}.html")
}

const NOW: &str = "now";

/// The site's files: `index.html`, a page and an SVG map a phase,
/// `now.html` with the board as it stands and `chart.svg`. `reveal`: name
/// who played (by their chosen names).
pub fn site(v: &Variant, rec: &GameRecord, reveal: bool) -> Vec<(String, Vec<u8>)> {
    let title = words::site_title(&rec.game.name, &v.title);
    let mut files = Vec::new();
    for i in 0..rec.phases.len() {
        files.extend(phase_page(v, rec, i, &title));
    }
    if rec.current.is_some() {
        files.extend(now_page(v, rec, &title));
    }
    let rows = chart::rows(v, &positions(rec), rec.game.status == GameStatus::Finished);
    files.push(("chart.svg".into(), render::chart::chart_svg(v, &rows, &words::chart_heading()).into_bytes()));
    files.push(("index.html".into(), page(&title, &index(v, rec, &rows, reveal, &title))));
    files
}

/// The game's line of boards: before each processed phase, then now.
fn positions(rec: &GameRecord) -> Vec<crate::adjudicate::Position> {
    rec.phases.iter().map(|p| p.position.clone()).chain(rec.current.clone()).collect()
}

fn long_name(v: &Variant, name: &str) -> String {
    v.calendar.parse(name).map(|x| v.calendar.long_name(x)).unwrap_or_else(|_| name.to_string())
}

/// Phase `i`'s page and its map.
fn phase_page(v: &Variant, rec: &GameRecord, i: usize, title: &str) -> Vec<(String, Vec<u8>)> {
    let p = &rec.phases[i];
    let long = long_name(v, &p.name);
    let dislodged = rec.dislodged_after(i);
    let caption = say::map::caption(&rec.game.name, &long);
    // the board after the phase, its orders drawn over it
    let svg = render::svg(v, &Scene::results(rec.after(i), p.position.phase.kind, &p.orders, &dislodged, &caption));
    let prev = if i > 0 { format!("<a href=\"{}\">{}</a>", phase_file(&rec.phases[i - 1].name), words::previous()) } else { String::new() };
    let next = match rec.phases.get(i + 1) {
        Some(n) => format!("<a href=\"{}\">{}</a>", phase_file(&n.name), words::next()),
        None => format!("<a href=\"{NOW}.html\">{}</a>", words::next()),
    };
    let nav = format!("<nav><a href=\"index.html\">{}</a>{prev}{next}</nav>", words::index());
    let press = press_of(v, rec, p.seq);
    let body = format!(
        "{nav}<h1>{}</h1><h2>{}</h2><img src=\"{}.svg\" alt=\"{}\"><h2>{}</h2><pre>{}</pre>{press}{nav}",
        esc(title),
        esc(&long),
        esc(&p.name),
        esc(&caption),
        words::results_heading(),
        lines(p.report.trim_end())
    );
    vec![(format!("{}.svg", p.name), svg.into_bytes()), (phase_file(&p.name), page(&format!("{title}: {long}"), &body))]
}

/// The board now, its page and its map.
fn now_page(v: &Variant, rec: &GameRecord, title: &str) -> Vec<(String, Vec<u8>)> {
    let Some(cur) = &rec.current else { return Vec::new() };
    // before the first move of a map with starting choices, the site (for
    // anyone to read) withholds every choice unit's type (E3)
    let withheld = if crate::game::start::open(v, &rec.game, cur) { crate::game::start::hidden(v, Some(&[])) } else { Vec::new() };
    let scene = PhaseScene::of_position(v, cur, withheld);
    let long = v.calendar.long_name(cur.phase);
    let caption = say::map::caption(&rec.game.name, &long);
    let svg = render::svg(v, &scene.scene(&caption));
    let prev = rec.phases.last().map(|n| format!("<a href=\"{}\">{}</a>", phase_file(&n.name), words::previous())).unwrap_or_default();
    let nav = format!("<nav><a href=\"index.html\">{}</a>{prev}</nav>", words::index());
    let press = press_of(v, rec, rec.current_seq());
    let body =
        format!("{nav}<h1>{}</h1><h2>{}: {}</h2><img src=\"{NOW}.svg\" alt=\"{}\">{press}{nav}", esc(title), words::board_now(), esc(&long), esc(&caption));
    vec![(format!("{NOW}.svg"), svg.into_bytes()), (format!("{NOW}.html"), page(title, &body))]
}

/// The index: about the game, its phases, the chart, who played.
fn index(v: &Variant, rec: &GameRecord, rows: &[chart::Row], reveal: bool, title: &str) -> String {
    let g = &rec.game;
    let mut body = format!("<h1>{}</h1>", esc(title));
    if let Some(r) = say::game::result(g) {
        body.push_str(&format!("<p><strong>{}</strong></p>", esc(&say::info::result_line(&r))));
    }
    body.push_str(&about(v, rec));
    body.push_str(&format!("<h2>{}</h2><ol>", words::phases_heading()));
    for p in &rec.phases {
        body.push_str(&format!("<li><a href=\"{}\">{}</a></li>", phase_file(&p.name), esc(&long_name(v, &p.name))));
    }
    if rec.current.is_some() {
        body.push_str(&format!("<li><a href=\"{NOW}.html\">{}</a></li>", words::board_now()));
    }
    body.push_str("</ol>");
    body.push_str(&chart_table(v, rows));
    body.push_str(&players(v, rec, reveal));
    body
}

/// The game's variant, options and dates.
fn about(v: &Variant, rec: &GameRecord) -> String {
    let g = &rec.game;
    let tz = g.settings.timezone.unwrap_or(chrono_tz::UTC);
    let day = |t: i64| say::info::iso_day(t, tz);
    let mut items =
        vec![(words::variant(), esc(&format!("{} ({})", v.title, v.name))), (words::options(), esc(&say::info::settings_line(&g.settings, &v.calendar)))];
    if !g.neutral.is_empty() {
        let names: Vec<String> = g.neutral.iter().map(|&p| crate::game::pname(v, p)).collect();
        items.push((words::neutral(), esc(&names.join(", "))));
    }
    items.push((words::created(), day(g.created)));
    if let (Some(first), Some(last)) = (rec.phases.first(), rec.phases.last()) {
        items.push((words::first_processed(), day(first.processed)));
        let label = if g.status == GameStatus::Finished { words::ended() } else { words::last_processed() };
        items.push((label, day(last.processed)));
    }
    let dl: String = items.iter().map(|(k, x)| format!("<dt>{k}</dt><dd>{x}</dd>")).collect();
    format!("<h2>{}</h2><dl>{dl}</dl>", words::about_heading())
}

/// The chart as a table (a row a year) and its picture.
fn chart_table(v: &Variant, rows: &[chart::Row]) -> String {
    let mut out = format!(
        "<h2>{}</h2><img src=\"chart.svg\" alt=\"{}\"><div class=\"wide\"><table><tr><th>{}</th>",
        words::chart_heading(),
        words::chart_heading(),
        words::year()
    );
    for p in 0..v.powers.len() as PowerId {
        out.push_str(&format!("<th>{}</th>", esc(&crate::game::pname(v, p))));
    }
    out.push_str("</tr>");
    for r in rows {
        out.push_str(&format!("<tr><th>{}</th>", r.label(v)));
        for c in &r.counts {
            out.push_str(&format!("<td>{c}</td>"));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table></div>");
    out
}

/// Who played each power, by the names they chose; nothing unless `reveal`.
fn players(v: &Variant, rec: &GameRecord, reveal: bool) -> String {
    if !reveal {
        return String::new();
    }
    let mut out = format!("<h2>{}</h2><ul>", words::players_heading());
    for p in 0..v.powers.len() as PowerId {
        let who: Vec<String> =
            rec.game.players.iter().filter(|x| x.power == Some(p) && x.role == PlayerRole::Player).map(|x| crate::game::shown_name(&rec.game, x)).collect();
        if !who.is_empty() {
            out.push_str(&format!("<li>{}: {}</li>", esc(&crate::game::pname(v, p)), esc(&who.join(", "))));
        }
    }
    out.push_str("</ul>");
    out
}

/// The press of phase `seq` the record may show, as HTML (nothing if
/// none): grey press unsigned, as HISTORY shows it.
fn press_of(v: &Variant, rec: &GameRecord, seq: i64) -> String {
    let mut out = String::new();
    for p in rec.press.iter().filter(|p| p.seq == seq) {
        let sender = crate::report::say::press::sender(&rec.game, p);
        let to = crate::report::say::press::recipients(v, p.audience.as_ref());
        out.push_str(&format!("<h3>{} &rarr; {}</h3><pre>{}</pre>", esc(&sender), esc(&to), lines(&p.body)));
    }
    if out.is_empty() { out } else { format!("<h2>{}</h2>{out}", words::press_heading()) }
}
