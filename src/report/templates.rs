//! Templates for everything the judge writes (minijinja). A GM edits the files
//! in the configured `templates_dir`; a file that is missing there falls back to
//! the built-in copy compiled from `templates/`.

use minijinja::{Environment, Value};
use std::path::Path;

pub const NAMES: &[(&str, &str)] = &[
    ("reply.txt", include_str!("../../templates/reply.txt")),
    ("report.txt", include_str!("../../templates/report.txt")),
    ("report.md", include_str!("../../templates/report.md")),
    ("report.bbcode", include_str!("../../templates/report.bbcode")),
    ("notice.txt", include_str!("../../templates/notice.txt")),
    ("press.txt", include_str!("../../templates/press.txt")),
    ("help.txt", include_str!("../../templates/help.txt")),
    ("board.txt", include_str!("../../templates/board.txt")),
    ("copy.txt", include_str!("../../templates/copy.txt")),
    ("acted.txt", include_str!("../../templates/acted.txt")),
    // GET's help files (command::community::HELP_TOPICS)
    ("help/index.txt", include_str!("../../templates/help/index.txt")),
    ("help/press.txt", include_str!("../../templates/help/press.txt")),
    ("help/deadlines.txt", include_str!("../../templates/help/deadlines.txt")),
    ("help/draws.txt", include_str!("../../templates/help/draws.txt")),
    ("help/master.txt", include_str!("../../templates/help/master.txt")),
    ("help/form.txt", include_str!("../../templates/help/form.txt")),
];

pub struct Templates {
    env: Environment<'static>,
    builtin: Environment<'static>,
}

fn env() -> Environment<'static> {
    let mut e = Environment::new();
    e.set_syntax(
        minijinja::syntax::SyntaxConfig::builder().trim_blocks(true).lstrip_blocks(true).keep_trailing_newline(true).build().expect("valid syntax config"),
    );
    e
}

impl Templates {
    /// Loads the templates, preferring files in `dir`. A template that does not
    /// compile is an error naming the file.
    pub fn load(dir: Option<&Path>) -> anyhow::Result<Templates> {
        let mut e = env();
        let mut builtin = env();
        for (name, source) in NAMES {
            builtin.add_template(name, source).map_err(|err| anyhow::anyhow!("built-in template {name}: {err}"))?;
            let own = dir.map(|d| d.join(name)).filter(|p| p.is_file());
            match own {
                Some(p) => {
                    let text = std::fs::read_to_string(&p).map_err(|err| anyhow::anyhow!("{}: {err}", p.display()))?;
                    e.add_template_owned(name.to_string(), text).map_err(|err| anyhow::anyhow!("template {}: {err}", p.display()))?;
                }
                None => e.add_template(name, source).map_err(|err| anyhow::anyhow!("built-in template {name}: {err}"))?,
            }
        }
        Ok(Templates { env: e, builtin })
    }

    /// Renders `name`; if a GM's template fails at run time, the built-in one is used.
    pub fn render(&self, name: &str, ctx: Value) -> String {
        match self.env.get_template(name).and_then(|t| t.render(&ctx)) {
            Ok(s) => s,
            Err(e) => {
                tracing::error!("template {name}: {e}; using the built-in one");
                self.builtin.get_template(name).and_then(|t| t.render(&ctx)).unwrap_or_else(|e| format!("(template {name} failed: {e})\n"))
            }
        }
    }
}
