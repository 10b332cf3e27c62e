//! HTML-only mail as text: blocks as lines, quoted replies (blockquotes, quoted divs) left out.

/// HTML to text with one line per block (`<div>`, `<p>`, `<br>`, list items,
/// table rows), as mail programs write one line of the editor per block.
/// Quoted text is left out ([`drop_html_quotes`]); each `<blockquote>` becomes
/// a line `>`, so that an attribution above it is known as one.
pub fn html_text(html: &str) -> String {
    html_block_text(&strip_blockquotes(&drop_html_quotes(html)))
}

/// HTML to text with one line per block, as [`html_text`], quotes and all.
pub fn html_block_text(html: &str) -> String {
    let mut s = String::with_capacity(html.len() + 64);
    let lower = html.to_ascii_lowercase();
    let mut last = 0;
    for (i, _) in lower.match_indices('<') {
        let tag = &lower[i + 1..];
        let name: String = tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        if matches!(name.as_str(), "br" | "div" | "p" | "li" | "tr" | "h1" | "h2" | "h3" | "blockquote" | "pre") {
            s.push_str(&html[last..i]);
            s.push_str("<br>");
            last = i;
        }
    }
    s.push_str(&html[last..]);
    // a <br> per block boundary: html_to_text turns each into a line break
    let text = mail_parser::decoders::html::html_to_text(&s);
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.lines() {
        if line.trim().is_empty() {
            blank += 1;
            if blank > 1 {
                continue;
            }
        } else {
            blank = 0;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The quoted parts of an HTML reply left out, by the `<div>` or `<hr>` that a
/// mail program puts around or above them:
///
/// - Outlook's `id="divRplyFwdMsg"`, `id="appendonsend"` and `<hr
///   id="stopSpelling">` start the old mail, which follows unquoted: nothing
///   from there on is read.
/// - Gmail's `class="gmail_quote"` holds the attribution (`class="gmail_attr"`,
///   left out) and the quote (a `<blockquote>`); text written below the quote
///   is read. A `gmail_quote` without a `<blockquote>` (a forward) is left out whole.
/// - Thunderbird's `class="moz-cite-prefix"` (the attribution above the
///   `<blockquote>`) is left out, and so is Yahoo's `class="yahoo_quoted"` (the
///   attribution and the quote); text after them is read.
pub(super) fn drop_html_quotes(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len());
    let mut last = 0;
    let mut at = 0;
    // the end of the `gmail_quote` being read: one inside it is read too (so
    // that no text is scanned again for each)
    let mut kept_until = 0;
    while let Some(k) = lower[at..].find('<') {
        let i = at + k;
        at = i + 1;
        let tag = &lower[i + 1..];
        let name_len = tag.bytes().take_while(|c| c.is_ascii_alphanumeric()).count();
        if !matches!(&tag[..name_len], "div" | "hr") {
            continue;
        }
        // a tag's attributes: up to its `>`, not past MAX_TAG_BYTES (HTML without `>` costs no pass per tag)
        let end = tag.bytes().take(MAX_TAG_BYTES).position(|c| c == b'>').unwrap_or(tag.len().min(MAX_TAG_BYTES));
        let attrs = tag.get(name_len..end).unwrap_or_default();
        let id = html_attr(attrs, "id").map(str::trim);
        let class = html_attr(attrs, "class").unwrap_or_default();
        let has = |c: &str| class.split_ascii_whitespace().any(|x| x == c);
        if matches!(id, Some("divrplyfwdmsg" | "appendonsend" | "stopspelling")) {
            out.push_str(&html[last..i]);
            return out;
        }
        if &tag[..name_len] != "div" {
            continue;
        }
        let drop = if has("gmail_quote") && i >= kept_until {
            let end = div_end(&lower, i);
            let reply = lower[i..end].contains("<blockquote");
            if reply {
                kept_until = end;
            }
            !reply
        } else {
            has("gmail_attr") || has("moz-cite-prefix") || has("yahoo_quoted")
        };
        if drop {
            out.push_str(&html[last..i]);
            last = div_end(&lower, i);
            at = last;
        }
    }
    out.push_str(&html[last..]);
    out
}

/// The most bytes after a tag's `<` read for its `id` and `class` ([`drop_html_quotes`]).
pub const MAX_TAG_BYTES: usize = 4096;

/// Where the `<div>` that starts at `start` ends: after its matching `</div>`
/// (nested `<div>`s counted), or the end of the text. `lower`: lowercase HTML.
pub(super) fn div_end(lower: &str, start: usize) -> usize {
    let mut depth = 0usize;
    for (i, _) in lower[start..].match_indices('<') {
        let tag = &lower[start + i + 1..];
        let (close, name) = match tag.strip_prefix('/') {
            Some(t) => (true, t),
            None => (false, tag),
        };
        let name_len = name.bytes().take_while(|c| c.is_ascii_alphanumeric()).count();
        if &name[..name_len] != "div" {
            continue;
        }
        if close {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return lower[start + i..].find('>').map_or(lower.len(), |k| start + i + k + 1);
            }
        } else {
            depth += 1;
        }
    }
    lower.len()
}

/// The value of attribute `name` in the attributes of a tag (lowercase HTML,
/// values quoted with `"` or `'`, or not quoted).
pub(super) fn html_attr<'a>(attrs: &'a str, name: &str) -> Option<&'a str> {
    let mut s = attrs;
    loop {
        s = s.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '/');
        if s.is_empty() {
            return None;
        }
        let n = s.find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '/').unwrap_or(s.len());
        let key = &s[..n];
        s = s[n..].trim_start();
        let mut value = "";
        if let Some(r) = s.strip_prefix('=') {
            let r = r.trim_start();
            match r.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let r = &r[1..];
                    let end = r.find(q).unwrap_or(r.len());
                    value = &r[..end];
                    s = r.get(end + 1..).unwrap_or_default();
                }
                _ => {
                    let end = r.find(|c: char| c.is_ascii_whitespace()).unwrap_or(r.len());
                    value = &r[..end];
                    s = &r[end..];
                }
            }
        }
        if key == name {
            return Some(value);
        }
    }
}

/// Drops `<blockquote>` sections (quoted replies in HTML mail), nested or not:
/// each outermost one leaves a line `>` in its place.
pub(super) fn strip_blockquotes(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len());
    let mut depth = 0usize;
    let mut i = 0;
    while i < html.len() {
        if lower[i..].starts_with("<blockquote") {
            if depth == 0 {
                out.push_str("<div>&gt;</div>");
            }
            depth += 1;
        } else if lower[i..].starts_with("</blockquote") {
            depth = depth.saturating_sub(1);
            i += lower[i..].find('>').map(|k| k + 1).unwrap_or(html.len() - i);
            continue;
        }
        let ch = html[i..].chars().next().expect("in range");
        if depth == 0 {
            out.push(ch);
        }
        i += ch.len_utf8();
    }
    out
}
