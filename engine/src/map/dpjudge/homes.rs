//! Home centres as a power line, `HOME(S)` or `INHABITS` writes them, with
//! DPjudge's marks (`Map.addHomes`; docs/VARIANTS.md, "Rules of play"):
//!
//! - `-X`: X is no longer a home of the power (it stays a centre).
//! - `*X`: a partisan site (1900's `*SIB`): no centre and no home, a build
//!   site while the power owns some but not all of its home centres, and a
//!   centre more in the adjustments then (the TOML's `partisan`).
//! - `+X` (a factory: a build site no one need own), `~X` (a home whose
//!   builds are hidden until the next moves) and `@X` (an alternative home,
//!   built in instead of another) are refused: see VARIANTS.md.

use super::{DpErrorKind, Here, LineError, Reader};

impl Reader {
    pub(super) fn add_homes(&mut self, p: usize, homes: &[&str]) -> Result<(), LineError> {
        for h in homes {
            let h = h.to_ascii_uppercase();
            let marks: String = h.chars().take_while(|c| "-*+~@".contains(*c)).collect();
            let name = h[marks.len()..].to_string();
            if let Some(m) = marks.chars().find(|c| "+~@".contains(*c)) {
                return Err(Here(DpErrorKind::UnsupportedDirective(format!("{h} (a home marked `{m}`)"))));
            }
            if name.is_empty() {
                continue;
            }
            let w = &mut self.powers[p];
            w.homes.retain(|x| *x != name);
            w.partisan.retain(|x| *x != name);
            if marks.contains('*') {
                if !marks.contains('-') {
                    w.partisan.push(name);
                }
                continue;
            }
            if !marks.contains('-') {
                w.homes.push(name.clone());
            }
            // a home taken away stays a centre, unowned
            if !self.centres.contains(&name) {
                self.centres.push(name);
            }
        }
        Ok(())
    }
}
