//! The whole game as a static HTML site: `index.html` (the phases, the
//! centre chart over the years, who played once that may be shown, the
//! result) and a page a phase (its map, its orders and results, the press
//! released up to it), each linked to the one before and after. Pure: the
//! pages come back as (file name, bytes) for the caller to write.

use super::GameRecord;
use crate::archive::scene::PhaseScene;
use crate::map::{PowerId, Variant};
use crate::render::{self, Scene};
use crate::report::say::{self, archive as words};

use crate::render::esc;

const STYLE: &str = "body{font-family:sans-serif;max-width:1400px;margin:1em auto;padding:0 1em}img{max-width:100%;border:1px solid #888}pre{background:#f6f6f6;padding:.6em;overflow-x:auto}table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:right}nav a{margin-right:1em}";

fn page(title: &str, body: &str) -> Vec<u8> {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>\n{body}\n</body></html>\n",
        esc(title)
    )
    .into_bytes()
}

/// The file of phase `name`'s page.
pub fn phase_file(name: &str) -> String {
    format!("{name}.html")
}

/// The site's files: `index.html`, a page and an SVG map a phase, and
/// `now.html` with the board as it stands. `reveal`: name who played.
pub fn site(v: &Variant, rec: &GameRecord, reveal: bool) -> Vec<(String, Vec<u8>)> {
    let g = &rec.game;
    let title = words::site_title(&g.name, &v.title);
    let mut files = Vec::new();
    let names: Vec<String> = rec.phases.iter().map(|p| p.name.clone()).collect();
    let now_name = "now";
    for (i, p) in rec.phases.iter().enumerate() {
        let long = v.calendar.parse(&p.name).map(|x| v.calendar.long_name(x)).unwrap_or_else(|_| p.name.clone());
        let dislodged = rec.dislodged_after(i);
        let caption = say::map::caption(&g.name, &long);
        // the board after the phase, its orders drawn over it
        let svg = render::svg(v, &Scene::results(rec.after(i), p.position.phase.kind, &p.orders, &dislodged, &caption));
        files.push((format!("{}.svg", p.name), svg.into_bytes()));
        let prev = if i > 0 { format!("<a href=\"{}\">{}</a>", phase_file(&names[i - 1]), words::previous()) } else { String::new() };
        let next = match names.get(i + 1) {
            Some(n) => format!("<a href=\"{}\">{}</a>", phase_file(n), words::next()),
            None => format!("<a href=\"{now_name}.html\">{}</a>", words::next()),
        };
        let nav = format!("<nav><a href=\"index.html\">{}</a>{prev}{next}</nav>", words::index());
        let press = press_of(v, rec, p.seq);
        let body = format!(
            "{nav}<h1>{}</h1><h2>{}</h2><img src=\"{}.svg\" alt=\"{}\"><h2>{}</h2><pre>{}</pre>{press}{nav}",
            esc(&title),
            esc(&long),
            esc(&p.name),
            esc(&caption),
            words::results_heading(),
            esc(p.report.trim_end())
        );
        files.push((phase_file(&p.name), page(&format!("{title}: {long}"), &body)));
    }
    if let Some(cur) = &rec.current {
        // before the first move of a map with starting choices, the site
        // (for anyone to read) withholds every choice unit's type (E3)
        let withheld = if crate::game::start::open(v, g, cur) { crate::game::start::hidden(v, Some(&[])) } else { Vec::new() };
        let scene = PhaseScene::of_position(v, cur, withheld);
        let long = v.calendar.long_name(cur.phase);
        let caption = say::map::caption(&g.name, &long);
        let svg = render::svg(v, &scene.scene(&caption));
        files.push((format!("{now_name}.svg"), svg.into_bytes()));
        let prev = names.last().map(|n| format!("<a href=\"{}\">{}</a>", phase_file(n), words::previous())).unwrap_or_default();
        let nav = format!("<nav><a href=\"index.html\">{}</a>{prev}</nav>", words::index());
        let press = press_of(v, rec, rec.current_seq());
        let body = format!(
            "{nav}<h1>{}</h1><h2>{}: {}</h2><img src=\"{now_name}.svg\" alt=\"{}\">{press}{nav}",
            esc(&title),
            words::board_now(),
            esc(&long),
            esc(&caption)
        );
        files.push((format!("{now_name}.html"), page(&title, &body)));
    }
    // the index: phases, chart, players, result
    let mut body = format!("<h1>{}</h1>", esc(&title));
    if let Some(r) = &g.result {
        body.push_str(&format!("<p><strong>{}</strong></p>", esc(&say::info::result_line(r))));
    }
    body.push_str(&format!("<h2>{}</h2><ol>", words::phases_heading()));
    for p in &rec.phases {
        let long = v.calendar.parse(&p.name).map(|x| v.calendar.long_name(x)).unwrap_or_else(|_| p.name.clone());
        body.push_str(&format!("<li><a href=\"{}\">{}</a></li>", phase_file(&p.name), esc(&long)));
    }
    if rec.current.is_some() {
        body.push_str(&format!("<li><a href=\"{now_name}.html\">{}</a></li>", words::board_now()));
    }
    body.push_str("</ol>");
    body.push_str(&format!("<h2>{}</h2><table><tr><th>{}</th>", words::chart_heading(), words::year()));
    for p in 0..v.powers.len() as PowerId {
        body.push_str(&format!("<th>{}</th>", esc(&crate::game::pname(v, p))));
    }
    body.push_str("</tr>");
    let mut last = None;
    for pos in rec.phases.iter().map(|p| &p.position).chain(rec.current.iter()) {
        if last == Some(pos.phase.year) {
            continue;
        }
        last = Some(pos.phase.year);
        body.push_str(&format!("<tr><th>{}</th>", pos.phase.year));
        for p in 0..v.powers.len() as PowerId {
            body.push_str(&format!("<td>{}</td>", pos.center_count(p)));
        }
        body.push_str("</tr>");
    }
    body.push_str("</table>");
    if reveal {
        body.push_str(&format!("<h2>{}</h2><ul>", words::players_heading()));
        for p in 0..v.powers.len() as PowerId {
            let who: Vec<String> =
                rec.game.players.iter().filter(|x| x.power == Some(p) && x.role == crate::store::games::PlayerRole::Player).map(|x| x.email.clone()).collect();
            if !who.is_empty() {
                body.push_str(&format!("<li>{}: {}</li>", esc(&crate::game::pname(v, p)), esc(&who.join(", "))));
            }
        }
        body.push_str("</ul>");
    }
    files.push(("index.html".into(), page(&title, &body)));
    files
}

/// The press of phase `seq` the record may show, as HTML (nothing if
/// none): grey press unsigned, as HISTORY shows it.
fn press_of(v: &Variant, rec: &GameRecord, seq: i64) -> String {
    let mut out = String::new();
    for p in rec.press.iter().filter(|p| p.seq == seq) {
        let sender = crate::report::say::press::sender(&rec.game, p);
        let to = crate::report::say::press::recipients(v, p.audience.as_ref());
        out.push_str(&format!("<h3>{} &rarr; {}</h3><pre>{}</pre>", esc(&sender), esc(&to), esc(&p.body)));
    }
    if out.is_empty() { out } else { format!("<h2>{}</h2>{out}", words::press_heading()) }
}
