//! `format=flowed` text (RFC 3676), as NeoMutt, Thunderbird and others send
//! plain text: a line that ends in a space is soft-wrapped, and goes on in the
//! next line. Decoded, a soft-wrapped `F EDI - NWG` is one line again.
//!
//! - Quote marks (`>` at the very start, no spaces between them) give a line's
//!   quote depth; after them (or at the start of an unquoted line) one space is
//!   space-stuffing and is removed.
//! - A line that then ends in a space is flowed: joined with the next line if
//!   that has the same quote depth (with `DelSp=yes`, the trailing space is
//!   deleted before joining). A flowed line before a line of another depth, or
//!   the last line, ends its paragraph.
//! - The signature separator `-- ` is never flowed.
//! - Decoded lines are written back with their quote marks (`>` per level and
//!   a space), so quoted text stays quoted for [`crate::mail::read`].

/// The text of a `format=flowed` body, decoded. `delsp`: the `DelSp=yes` parameter.
/// Lines may end with LF or CRLF; the result has LF line ends.
pub fn decode(text: &str, delsp: bool) -> String {
    let mut out = String::with_capacity(text.len());
    // the paragraph being joined: its quote depth and text
    let mut open: Option<(usize, String)> = None;
    let body = text.strip_suffix('\n').map(|t| t.strip_suffix('\r').unwrap_or(t)).unwrap_or(text);
    if body.is_empty() {
        return String::new();
    }
    for raw in body.split('\n') {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let depth = raw.bytes().take_while(|&b| b == b'>').count();
        let rest = &raw[depth..];
        let rest = rest.strip_prefix(' ').unwrap_or(rest);
        if let Some((d, _)) = &open
            && *d != depth
        {
            // a flowed line before a line of another depth ends its paragraph
            let (d, t) = open.take().expect("checked");
            push_line(&mut out, d, &t);
        }
        let flowed = rest.ends_with(' ') && rest != "-- ";
        let piece = if flowed && delsp { &rest[..rest.len() - 1] } else { rest };
        let mut para = match open.take() {
            Some((_, mut t)) if rest != "-- " => {
                t.push_str(piece);
                t
            }
            Some((d, t)) => {
                // a signature separator after a flowed line: the paragraph ends there
                push_line(&mut out, d, &t);
                piece.to_string()
            }
            None => piece.to_string(),
        };
        if flowed {
            open = Some((depth, std::mem::take(&mut para)));
        } else {
            push_line(&mut out, depth, &para);
        }
    }
    if let Some((d, t)) = open {
        push_line(&mut out, d, &t);
    }
    out
}

fn push_line(out: &mut String, depth: usize, text: &str) {
    if depth > 0 {
        out.extend(std::iter::repeat_n('>', depth));
        out.push(' ');
    }
    out.push_str(text);
    out.push('\n');
}

/// Whether a `Content-Type`'s `format` and `delsp` parameters say flowed text,
/// and whether DelSp is on: `(flowed, delsp)`. Values are compared without case.
pub fn params(format: Option<&str>, delsp: Option<&str>) -> (bool, bool) {
    let flowed = format.is_some_and(|f| f.trim().eq_ignore_ascii_case("flowed"));
    (flowed, flowed && delsp.is_some_and(|d| d.trim().eq_ignore_ascii_case("yes")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_breaks_are_joined() {
        assert_eq!(decode("F EDI - \r\nNWG\r\nA PAR H\r\n", false), "F EDI - NWG\nA PAR H\n");
        assert_eq!(decode("PRESS TO E\nThis is a \nlong line \nof press.\nENDPRESS\n", false), "PRESS TO E\nThis is a long line of press.\nENDPRESS\n");
        // DelSp=yes: the space that marks the break is not part of the text
        assert_eq!(decode("F EDI-NW \nG\n", true), "F EDI-NWG\n");
        assert_eq!(decode("F EDI-NW \nG\n", false), "F EDI-NW G\n");
        // the last line flowed: ends the text as it is
        assert_eq!(decode("A PAR H \n", false), "A PAR H \n");
        assert_eq!(decode("", false), "");
        assert_eq!(decode("\n", false), "");
        assert_eq!(decode("A PAR H", false), "A PAR H\n");
    }

    #[test]
    fn space_stuffing_is_removed() {
        assert_eq!(decode(" From the east\n >not a quote\n  two spaces\n", false), "From the east\n>not a quote\n two spaces\n");
    }

    #[test]
    fn quote_depth_is_kept_and_bounds_a_paragraph() {
        assert_eq!(decode("> A PAR-\n> BUR\n", false), "> A PAR-\n> BUR\n");
        assert_eq!(decode("> A PAR - \n> BUR\n", false), "> A PAR - BUR\n");
        assert_eq!(decode(">> old \n>> orders\n", false), ">> old orders\n");
        // a flowed line before another depth is not joined with it
        assert_eq!(decode("> quoted \nA PAR H\n", false), "> quoted \nA PAR H\n");
        assert_eq!(decode("new \n> quoted\n", false), "new \n> quoted\n");
        // `> >` is depth one (RFC 3676 quote marks have no spaces between them)
        assert_eq!(decode("> > x \n> > y\n", false), "> > x > y\n");
    }

    #[test]
    fn the_signature_separator_is_not_flowed() {
        assert_eq!(decode("A PAR H\n-- \nPlayer Three\n", false), "A PAR H\n-- \nPlayer Three\n");
        assert_eq!(decode("A PAR H \n-- \nPlayer \nThree\n", true), "A PAR H\n-- \nPlayerThree\n");
        assert_eq!(decode("> -- \n> sig\n", false), "> -- \n> sig\n");
    }

    #[test]
    fn parameters() {
        assert_eq!(params(Some("flowed"), None), (true, false));
        assert_eq!(params(Some("Flowed"), Some("Yes")), (true, true));
        assert_eq!(params(Some("fixed"), Some("yes")), (false, false));
        assert_eq!(params(None, Some("yes")), (false, false));
        assert_eq!(params(Some("flowed"), Some("no")), (true, false));
    }
}
