//! The whole game in the classic judges' plain text: a head, then each
//! phase's results as they were mailed, in order, then how it ended.

use super::GameRecord;
use crate::map::Variant;
use crate::report::say;

pub fn to_text(v: &Variant, rec: &GameRecord) -> String {
    let mut out = String::new();
    out.push_str(&say::archive::text_head(&rec.game.name, &v.title, rec.phases.len()));
    out.push('\n');
    for p in &rec.phases {
        out.push_str(&"=".repeat(70));
        out.push('\n');
        out.push_str(p.report.trim_end());
        out.push('\n');
    }
    out.push_str(&"=".repeat(70));
    out.push('\n');
    if let Some(r) = say::game::result(&rec.game) {
        out.push_str(&say::info::result_line(&r));
        out.push('\n');
    }
    out
}
