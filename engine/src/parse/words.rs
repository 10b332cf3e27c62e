//! The words orders are written with, and the tokenizer that cuts an
//! order's text into them.

/// One token of an order: a word (letters and digits, lower case), a dash
/// (`-`, `->`, `=>`, an en or em dash, an arrow) or a slash (`/`, `(`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tok<'a> {
    Word(&'a str),
    Dash,
    Slash,
}

/// The most tokens one order may have.
pub(super) const MAX_TOKENS: usize = 48;

pub(super) fn is_any(w: &str, set: &[&str]) -> bool {
    set.contains(&w)
}

pub(super) const MOVE_WORDS: &[&str] = &["m", "mv", "move", "moves", "to", "go", "goes", "attack", "attacks", "into"];
pub(super) const HOLD_WORDS: &[&str] = &["h", "hold", "holds", "stand", "stands", "stay", "stays"];
pub(super) const SUPPORT_WORDS: &[&str] = &["s", "sup", "supp", "support", "supports", "supporting"];
pub(super) const CONVOY_WORDS: &[&str] = &["c", "cvy", "convoy", "convoys", "convoying", "transport", "transports"];
pub(super) const RETREAT_WORDS: &[&str] = &["r", "retreat", "retreats"];
pub(super) const DISBAND_WORDS: &[&str] = &["d", "disband", "disbands", "remove", "removes", "destroy"];
pub(super) const BUILD_WORDS: &[&str] = &["b", "build", "builds"];
/// `B` after a unit or a move on a map with boarding (Original 1958).
pub(super) const BOARD_WORDS: &[&str] = &["b", "board", "boards"];
pub(super) const WAIVE_WORDS: &[&str] = &["waive", "waives", "waived", "waiving"];
pub(super) const NOISE_WORDS: &[&str] = &["the", "unit", "in", "at"];
/// Words read where a unit, a coast or the end of an order is looked for.
const OTHER_WORDS: &[&str] = &[
    "a", "army", "f", "fleet", "to", "via", "by", "sea", "none", "nothing", "please", "ok", "coast", "nc", "sc", "ec", "wc", "n", "s", "e", "w", "north",
    "south", "east", "west",
];
/// The words that say what a unit does (none names a unit).
pub(super) const VERB_SETS: &[&[&str]] =
    &[MOVE_WORDS, HOLD_WORDS, SUPPORT_WORDS, CONVOY_WORDS, RETREAT_WORDS, DISBAND_WORDS, BUILD_WORDS, BOARD_WORDS, WAIVE_WORDS];
/// Every word the parser reads as something other than a province.
const KEYWORD_SETS: &[&[&str]] =
    &[MOVE_WORDS, HOLD_WORDS, SUPPORT_WORDS, CONVOY_WORDS, RETREAT_WORDS, DISBAND_WORDS, BUILD_WORDS, BOARD_WORDS, WAIVE_WORDS, NOISE_WORDS, OTHER_WORDS];

/// Whether the parser reads `w` (lower case) as something other than a
/// province: a verb, a unit type, a coast, noise.
pub(super) fn is_keyword(w: &str) -> bool {
    KEYWORD_SETS.iter().any(|set| set.contains(&w))
}

/// Cuts `text` (lower case) into `toks`; `None` if it has more than
/// [`MAX_TOKENS`] tokens. Two dashes in a row are one.
pub(super) fn tokenize<'a>(text: &'a str, toks: &mut [Tok<'a>; MAX_TOKENS]) -> Option<usize> {
    let b = text.as_bytes();
    let mut n = 0;
    let mut i = 0;
    let push = |t: Tok<'a>, n: &mut usize, toks: &mut [Tok<'a>; MAX_TOKENS]| -> bool {
        if *n >= MAX_TOKENS {
            return false;
        }
        if t == Tok::Dash && *n > 0 && toks[*n - 1] == Tok::Dash {
            return true;
        }
        toks[*n] = t;
        *n += 1;
        true
    };
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphanumeric() || (c >= 0x80 && !is_dash_seq(&b[i..])) {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || (b[i] >= 0x80 && !is_dash_seq(&b[i..]))) {
                i += 1;
            }
            if !push(Tok::Word(&text[start..i]), &mut n, toks) {
                return None;
            }
            continue;
        }
        match c {
            b'-' | b'>' | b'=' if !push(Tok::Dash, &mut n, toks) => {
                return None;
            }
            b'/' | b'(' if !push(Tok::Slash, &mut n, toks) => {
                return None;
            }
            0x80.. => {
                // en dash, em dash, right arrow
                if !push(Tok::Dash, &mut n, toks) {
                    return None;
                }
                i += 3;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    Some(n)
}

fn is_dash_seq(b: &[u8]) -> bool {
    b.len() >= 3 && ((b[0] == 0xE2 && b[1] == 0x80 && (b[2] == 0x93 || b[2] == 0x94)) || (b[0] == 0xE2 && b[1] == 0x86 && b[2] == 0x92))
}
