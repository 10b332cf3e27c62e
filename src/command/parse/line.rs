//! A command line as its readers see it: its words, its command word (`SIGN
//! ON` read as `SIGNON`), and a word matched against a list of names.

/// Matches `word` against `names`: exactly, or as the unique name it begins
/// (at least two letters). `Err` lists the candidates of an ambiguous prefix.
pub fn match_word<T: Copy, S: AsRef<str>>(word: &str, names: &[(S, T)]) -> Result<Option<T>, Vec<String>> {
    let w = word.to_ascii_uppercase();
    if let Some((_, t)) = names.iter().find(|(n, _)| n.as_ref() == w) {
        return Ok(Some(*t));
    }
    if w.len() < 2 {
        return Ok(None);
    }
    let hits: Vec<&(S, T)> = names.iter().filter(|(n, _)| n.as_ref().starts_with(&w)).collect();
    match hits.len() {
        0 => Ok(None),
        1 => Ok(Some(hits[0].1)),
        _ => Err(hits.iter().map(|(n, _)| n.as_ref().to_string()).collect()),
    }
}

/// A command line split into words, its command word (`SIGN ON` read as
/// `SIGNON`) and how many words that took.
pub(super) struct Line<'a> {
    pub(super) w: Vec<&'a str>,
    pub(super) head: String,
    pub(super) skip: usize,
}

impl Line<'_> {
    /// The `i`th word after the command word.
    pub(super) fn arg(&self, i: usize) -> Option<String> {
        self.w.get(self.skip + i).map(|s| s.to_string())
    }
    /// The words from the `i`th after the command word on, joined.
    pub(super) fn rest(&self, i: usize) -> String {
        self.w.get(self.skip + i..).map(|s| s.join(" ")).unwrap_or_default()
    }
    /// Whether the command word is all there is.
    pub(super) fn alone(&self) -> bool {
        self.w.len() == self.skip
    }
    /// The first argument as a game's name (a leading `?` dropped).
    pub(super) fn game(&self) -> Option<String> {
        self.arg(0).map(|g| g.trim_start_matches('?').to_string())
    }
}
