//! Words as DPjudge's files write them, made readable.

/// Each word capitalised, the rest lower case: `NORTH SEA` → `North Sea`.
pub(super) fn title_case(s: &str) -> String {
    s.split_whitespace()
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
