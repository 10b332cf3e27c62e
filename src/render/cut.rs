//! An SVG picture cut into the pieces it is painted from, in order: its head
//! (the root `<svg>` start tag and the `<defs>` after it), then each element
//! of the body, a group of plain attributes cut into its children (each with
//! the group's start tag, so it inherits what it did). Painting the pieces
//! one over the other in that order paints the picture ([`super::layers`]).
//!
//! The cut reads the SVG [`super::svg`] writes, and any SVG of the same
//! plain form; anything else (a comment, a reference between elements, a
//! group whose opacity or filter acts on it as one) is not cut, and the
//! picture is drawn whole.

/// A picture cut into its pieces.
pub struct Cut<'a> {
    /// `<svg ...>` and the `<defs>` that follow it.
    pub head: &'a str,
    pub pieces: Vec<Piece<'a>>,
}

/// One painted element and the group around it (or `""`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece<'a> {
    pub group: &'a str,
    pub element: &'a str,
}

/// One piece of markup: a start tag, an end tag, a self-closed element or text.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Token {
    Start,
    End,
    Empty,
    Text,
}

/// The next token of `s` from `at`: its kind and where it ends; `None` for
/// markup this cut does not read (a comment, a declaration, an unclosed tag).
fn token(s: &[u8], at: usize) -> Option<(Token, usize)> {
    if s[at] != b'<' {
        let end = s[at..].iter().position(|&c| c == b'<').map_or(s.len(), |i| at + i);
        return Some((Token::Text, end));
    }
    match s.get(at + 1) {
        Some(b'!' | b'?') | None => return None,
        _ => {}
    }
    let mut quote = None;
    for (i, &c) in s.iter().enumerate().skip(at + 1) {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(c),
            (None, b'>') => {
                let kind = if s[at + 1] == b'/' {
                    Token::End
                } else if s[i - 1] == b'/' {
                    Token::Empty
                } else {
                    Token::Start
                };
                return Some((kind, i + 1));
            }
            _ => {}
        }
    }
    None
}

/// Where the element starting at `at` (a start tag or a self-closed one) ends.
fn element_end(s: &[u8], at: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = at;
    loop {
        let (kind, end) = token(s, i)?;
        match kind {
            Token::Start => depth += 1,
            Token::End => depth = depth.checked_sub(1)?,
            Token::Empty | Token::Text => {}
        }
        i = end;
        if depth == 0 && kind != Token::Text {
            return Some(i);
        }
        if i >= s.len() {
            return None;
        }
    }
}

/// Attributes a group may have and still be cut into its children: they
/// only name it or pass on to what it holds (not `opacity`, a filter, a clip
/// or a mask, which act on the group as one).
const PLAIN: &[&str] = &["class", "id", "transform", "fill", "stroke", "stroke-width", "text-anchor", "font-family", "font-size", "font-weight"];

/// What the root `<svg>` may have besides [`PLAIN`] attributes: its size
/// and namespaces (not an opacity, which acts on the picture as one).
const ROOT: &[&str] = &["xmlns", "viewBox", "width", "height", "version", "preserveAspectRatio"];

/// Whether start tag `tag` of element `name` has only [`PLAIN`] attributes
/// (or `also`).
fn plain(tag: &str, name: &str, also: &[&str]) -> bool {
    let Some(rest) = tag.strip_prefix('<').and_then(|t| t.strip_prefix(name)) else { return false };
    if !rest.starts_with([' ', '>']) {
        return false;
    }
    let mut rest = rest.trim_end_matches('>').trim();
    while !rest.is_empty() {
        let Some((name, value)) = rest.split_once('=') else { return false };
        let name = name.trim();
        if !(PLAIN.contains(&name) || also.contains(&name) || name.starts_with("data-") || name.starts_with("xmlns:")) {
            return false;
        }
        let value = value.trim_start();
        let Some(q) = value.chars().next().filter(|c| *c == '"' || *c == '\'') else { return false };
        let Some(close) = value[1..].find(q) else { return false };
        rest = value[close + 2..].trim_start();
    }
    true
}

/// Markup a piece cannot be drawn alone with: what it would refer to, or
/// define for others, lies outside it (the head's `<defs>` go with every
/// piece).
const REFERRING: &[&str] =
    &["<defs", "href", "<use", "<style", "<clipPath", "<mask", "<pattern", "Gradient", "<filter", "<marker", "<symbol", "<svg", "<switch"];

/// `svg` cut into its head and pieces; `None` if it is not in the form this
/// cut reads (then it is drawn whole).
pub fn cut(svg: &str) -> Option<Cut<'_>> {
    let s = svg.as_bytes();
    let start = svg.find("<svg")?;
    if !svg[..start].trim().is_empty() {
        return None;
    }
    let (kind, mut at) = token(s, start)?;
    if kind != Token::Start || !plain(&svg[start..at], "svg", ROOT) {
        return None;
    }
    if svg[at..].starts_with("<defs") {
        at = element_end(s, at)?;
    }
    let head = &svg[..at];
    let end = svg.trim_end().strip_suffix("</svg>")?.len();
    let mut pieces = Vec::new();
    while at < end {
        let (kind, next) = token(s, at)?;
        match kind {
            Token::Text if svg[at..next].trim().is_empty() => {
                at = next;
                continue;
            }
            Token::Text | Token::End => return None,
            Token::Empty | Token::Start => {}
        }
        let close = element_end(s, at)?;
        if close > end {
            return None;
        }
        let element = &svg[at..close];
        if REFERRING.iter().any(|r| element.contains(r)) {
            return None;
        }
        if kind == Token::Start && plain(&svg[at..next], "g", &[]) {
            let group = &svg[at..next];
            let mut i = next;
            let inner_end = close - "</g>".len();
            while i < inner_end {
                let (k, n) = token(s, i)?;
                match k {
                    Token::Text if svg[i..n].trim().is_empty() => i = n,
                    Token::Text | Token::End => return None,
                    Token::Empty | Token::Start => {
                        let e = element_end(s, i)?;
                        pieces.push(Piece { group, element: &svg[i..e] });
                        i = e;
                    }
                }
            }
        } else {
            pieces.push(Piece { group: "", element });
        }
        at = close;
    }
    Some(Cut { head, pieces })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_is_cut_into_its_elements_and_the_groups_children() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs><marker id="a"><path d="M0,0"/></marker></defs><rect x="0" width="10" height="10" fill="#FFF"/><g class="x" fill="#000"><circle r="1"/><text x="1">A &amp; B</text></g><g opacity="0.5"><circle r="2"/></g></svg>"##;
        let c = cut(svg).unwrap();
        assert!(c.head.ends_with("</defs>"));
        let got: Vec<(&str, &str)> = c.pieces.iter().map(|p| (p.group, p.element)).collect();
        assert_eq!(
            got,
            vec![
                ("", r##"<rect x="0" width="10" height="10" fill="#FFF"/>"##),
                (r##"<g class="x" fill="#000">"##, r#"<circle r="1"/>"#),
                (r##"<g class="x" fill="#000">"##, r#"<text x="1">A &amp; B</text>"#),
                ("", r#"<g opacity="0.5"><circle r="2"/></g>"#),
            ]
        );
    }

    #[test]
    fn markup_it_does_not_read_is_not_cut() {
        for svg in [
            "<not svg",
            "<svg><!-- x --><rect/></svg>",
            "<svg><rect></svg>",
            "<svg><use href=\"#a\"/></svg>",
            "x<svg></svg>",
            "<svg opacity=\"0.5\"><rect/></svg>",
            "<svg><g><g><rect/></g></svg>",
        ] {
            assert!(cut(svg).is_none(), "{svg}");
        }
        assert!(cut("<svg></svg>").unwrap().pieces.is_empty());
    }
}
