//! Everything the judge says in English: every sentence a player, a master or
//! the keeper reads in a reply or a notice lives here or in `templates/`. The
//! code that decides things (`src/command`, `src/game`, `src/judge`) builds no
//! English of its own; it calls [`say`] (tests/it/layout.rs checks this).
//!
//! - [`say`]: the sentences built in code, one function per sentence, one file
//!   per command family (session, parse, account, info, master, orders, press,
//!   settings, game, deadline, judge).
//! - [`templates`]: loading and rendering the templates (a GM's copies first).
//! - [`results`]: the results report of a phase.
//! - [`board`]: where every unit stands, centre ownership, what each power builds.
//! - [`wrap`]: long lines wrapped for mail.

pub mod board;
pub mod calendar;
pub mod results;
pub mod say;
pub mod templates;

pub use templates::Templates;

/// Wraps long lines at spaces (continuations indented by two), leaving short
/// lines (tables, reports) as they are.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if line.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let mut col = 0;
        for (j, word) in line.split(' ').enumerate() {
            let n = word.chars().count();
            if j > 0 && col + 1 + n > width && col > 0 {
                out.push_str("\n  ");
                col = 2;
            } else if j > 0 {
                out.push(' ');
                col += 1;
            }
            out.push_str(word);
            col += n;
        }
    }
    out
}
