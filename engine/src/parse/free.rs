//! The full parser: whatever players write, read word by word against the
//! map's names (see the module's documentation for its principle).

use super::words::{
    BOARD_WORDS, BUILD_WORDS, CONVOY_WORDS, DISBAND_WORDS, HOLD_WORDS, MAX_TOKENS, MOVE_WORDS, NOISE_WORDS, RETREAT_WORDS, SUPPORT_WORDS, Tok, VERB_SETS,
    WAIVE_WORDS, is_any, tokenize,
};
use super::{ParseError, ParseErrorKind, for_phase};
use crate::map::{Coast, Loc, PowerId, Prov, ProvinceKind, UnitType, Variant};
use crate::order::{Order, UnitSpec};
use crate::phase::PhaseKind;

struct Parser<'v, 'a> {
    v: &'v Variant,
    toks: [Tok<'a>; MAX_TOKENS],
    n: usize,
    pos: usize,
    /// A movement phase: on a map with boarding, `A LON B` is a boarding order.
    boarding_phase: bool,
}

type PResult<T> = Result<T, (ParseErrorKind, String)>;

impl<'v, 'a> Parser<'v, 'a> {
    fn peek(&self) -> Option<Tok<'a>> {
        if self.pos < self.n { Some(self.toks[self.pos]) } else { None }
    }
    fn peek_word(&self) -> Option<&'a str> {
        match self.peek() {
            Some(Tok::Word(w)) => Some(w),
            _ => None,
        }
    }
    fn eat_word(&mut self, set: &[&str]) -> bool {
        if let Some(w) = self.peek_word()
            && is_any(w, set)
        {
            self.pos += 1;
            return true;
        }
        false
    }
    /// Skips `the`, `unit`, `in`, `at`; but a noise word that names a place
    /// (classical's `THE`, Thebes) is the place unless a place follows it
    /// (`A THE - SIN`, but `F the Aegean`).
    fn skip_noise(&mut self) {
        while self.peek_word().is_some_and(|w| is_any(w, NOISE_WORDS)) {
            let names_a_place = self.province_at_cursor();
            self.pos += 1;
            if names_a_place && !self.province_at_cursor() {
                self.pos -= 1;
                return;
            }
        }
    }
    fn at_end(&self) -> bool {
        self.pos >= self.n
    }

    /// A power's name or adjective at the cursor, read (`France`, `B.C.`,
    /// `New-York`, `NewYork`).
    fn power(&mut self) -> Option<PowerId> {
        let (p, len) = self.power_at(self.pos)?;
        self.pos += len;
        Some(p)
    }

    /// The power named at token `at`, and how many tokens name it (dashes
    /// between its words included): the longest reading.
    fn power_at(&self, at: usize) -> Option<(PowerId, usize)> {
        let ix = &self.v.names;
        for (words, p) in ix.long_power_names() {
            let (mut k, mut i) = (0, at);
            while k < words.len() && i < self.n {
                match self.toks[i] {
                    Tok::Dash if k > 0 => i += 1,
                    Tok::Word(t) if *words[k] == *t => {
                        k += 1;
                        i += 1;
                    }
                    _ => break,
                }
            }
            if k == words.len() {
                return Some((*p, i - at));
            }
        }
        match self.toks[..self.n].get(at) {
            Some(Tok::Word(w)) => ix.power(w).map(|p| (p, 1)),
            _ => None,
        }
    }

    fn unit_type(&mut self) -> Option<UnitType> {
        match self.peek_word()? {
            "a" | "army" => {
                self.pos += 1;
                Some(UnitType::Army)
            }
            "f" | "fleet" => {
                self.pos += 1;
                Some(UnitType::Fleet)
            }
            _ => None,
        }
    }

    fn province(&mut self, what: &str) -> PResult<(Prov, Option<UnitType>)> {
        let ix = &self.v.names;
        let Some(w) = self.peek_word() else {
            return Err((ParseErrorKind::Incomplete, format!("expected {what} here")));
        };
        // several words: `North Sea`, `Gulf of Lyon`, `north atl`, `Mid-Atlantic`
        if ix.starts_long_name(w) {
            let mut best_k = 0;
            let mut found: Vec<Prov> = Vec::new();
            for (words, p) in ix.long_names() {
                if *words[0] != *w {
                    continue;
                }
                let mut k = 1;
                let mut i = self.pos + 1;
                let mut dashed = false;
                while k < words.len() && i < self.n {
                    match self.toks[i] {
                        Tok::Dash => {
                            i += 1;
                            dashed = true;
                            continue;
                        }
                        Tok::Word(t) if *words[k] == *t => {
                            k += 1;
                            i += 1;
                            dashed = false;
                        }
                        // past a dash, another place's own name is that place, not the
                        // start of a word of this one (`A SAN - ANT`: Antioquia, not San Antonio)
                        Tok::Word(t) if dashed && ix.province(t).is_some_and(|q| q != *p) => break,
                        Tok::Word(t) if t.len() >= 2 && words[k].starts_with(t) => {
                            k += 1;
                            i += 1;
                            break;
                        }
                        _ => break,
                    }
                }
                if k >= 2 {
                    let consumed = i - self.pos;
                    if consumed > best_k {
                        best_k = consumed;
                        found.clear();
                    }
                    if consumed == best_k && !found.contains(p) {
                        found.push(*p);
                    }
                }
            }
            if found.len() == 1 {
                self.pos += best_k;
                return Ok((found[0], None));
            }
            if found.len() > 1 {
                let text = self.toks[self.pos..self.pos + best_k]
                    .iter()
                    .filter_map(|t| if let Tok::Word(w) = t { Some(*w) } else { None })
                    .collect::<Vec<_>>()
                    .join(" ");
                return Err(ambiguous(self.v, &text, found));
            }
        }
        if let Some(p) = ix.province(w) {
            self.pos += 1;
            return Ok((p, None));
        }
        if w.len() >= 2 {
            let m = ix.prefix_matches(w);
            match m.len() {
                1 => {
                    self.pos += 1;
                    return Ok((m[0], None));
                }
                0 => {}
                _ => return Err(ambiguous(self.v, w, m)),
            }
        }
        // `FRum`: a unit type run into a province code
        if w.len() >= 3
            && (w.starts_with('a') || w.starts_with('f'))
            && let Some(p) = ix.province(&w[1..])
        {
            self.pos += 1;
            let t = if w.starts_with('a') { UnitType::Army } else { UnitType::Fleet };
            return Ok((p, Some(t)));
        }
        let suggestions = ix.suggest(w);
        let mut msg = format!("`{w}` is not a province");
        if !suggestions.is_empty() {
            let names: Vec<String> = suggestions.iter().take(5).map(|&p| format!("{} ({})", self.v.province(p).name, self.v.code(p))).collect();
            msg.push_str(&format!("; did you mean {}?", or_list(&names)));
        }
        Err((ParseErrorKind::UnknownProvince { word: w.to_string(), suggestions }, msg))
    }

    fn coast(&mut self, prov: Prov) -> PResult<Coast> {
        let save = self.pos;
        let slash = matches!(self.peek(), Some(Tok::Slash));
        if slash {
            self.pos += 1;
        }
        let Some(w) = self.peek_word() else {
            self.pos = save;
            return Ok(Coast::None);
        };
        let c = match w {
            "nc" => Some(Coast::North),
            "sc" => Some(Coast::South),
            "ec" => Some(Coast::East),
            "wc" => Some(Coast::West),
            "n" | "north" if slash || w.len() > 1 => Some(Coast::North),
            "s" | "south" if slash || w.len() > 1 => Some(Coast::South),
            "e" | "east" if slash || w.len() > 1 => Some(Coast::East),
            "w" | "west" if slash || w.len() > 1 => Some(Coast::West),
            _ => None,
        };
        let Some(c) = c else {
            self.pos = save;
            return Ok(Coast::None);
        };
        // bare `north`/`south` only count as a coast where one exists
        let province = self.v.province(prov);
        if !slash && w.len() > 2 && !province.coasts.contains(&c) {
            self.pos = save;
            return Ok(Coast::None);
        }
        self.pos += 1;
        self.eat_word(&["coast", "c"]);
        if !province.coasts.contains(&c) {
            let msg = if province.coasts.is_empty() {
                format!("{} has no separate coasts", province.name)
            } else {
                let cs: Vec<&str> = province.coasts.iter().map(|c| c.name()).collect();
                format!("{} has no {} (it has the {})", province.name, c.name(), cs.join(" and the "))
            };
            return Err((ParseErrorKind::BadCoast, msg));
        }
        Ok(c)
    }

    fn loc(&mut self, what: &str) -> PResult<(Loc, Option<UnitType>)> {
        let (p, t) = self.province(what)?;
        let c = self.coast(p)?;
        Ok((Loc::with(p, c), t))
    }

    /// `[nationality] [type] province [coast]`. A power's name is read as
    /// the unit's nationality only where a unit follows it: on a map whose
    /// powers are named like provinces (Chaos), `Venice - Trieste` is the
    /// unit in Venice and `Venice A VEN` (or `Venice VEN`) Venice's army.
    fn unit(&mut self, what: &str) -> PResult<UnitSpec> {
        self.skip_noise();
        let start = self.pos;
        if let Some(power) = self.power() {
            let after = self.pos;
            match self.unit_of(what, Some(power)) {
                Ok(u) => return Ok(u),
                Err(e) => {
                    self.pos = start;
                    // the name is a province's too: read it as the province
                    if self.province_at_cursor() {
                        return self.unit_of(what, None);
                    }
                    self.pos = after;
                    return Err(e);
                }
            }
        }
        self.unit_of(what, None)
    }

    /// The unit after its nationality, if any: `[type] province [coast]`.
    fn unit_of(&mut self, what: &str, power: Option<PowerId>) -> PResult<UnitSpec> {
        if power.is_some() && self.peek_word().is_none_or(|w| VERB_SETS.iter().any(|set| set.contains(&w))) {
            // `Venice - Trieste`, `Venice H`: no unit follows the name
            return Err(self.unexpected());
        }
        let kind = self.unit_type();
        self.skip_noise();
        let (loc, t) = self.loc(what)?;
        Ok(UnitSpec { kind: kind.or(t), loc, power })
    }

    /// Whether a province's name starts at the cursor (the cursor stays).
    fn province_at_cursor(&mut self) -> bool {
        let save = self.pos;
        let found = self.province("a province").is_ok();
        self.pos = save;
        found
    }

    fn move_verb(&mut self) -> bool {
        if matches!(self.peek(), Some(Tok::Dash)) {
            self.pos += 1;
            self.eat_word(&["to"]);
            return true;
        }
        if self.eat_word(MOVE_WORDS) {
            self.eat_word(&["to"]);
            if matches!(self.peek(), Some(Tok::Dash)) {
                self.pos += 1;
            }
            return true;
        }
        false
    }

    fn via(&mut self) -> bool {
        if self.eat_word(&["via", "by"]) {
            self.eat_word(&["convoy", "c", "sea"]);
            return true;
        }
        false
    }

    fn order(&mut self) -> PResult<Order> {
        self.skip_noise();
        // a power of several words first: `B.C. A VAN H` is no build (`B`)
        if self.power_at(self.pos).is_some_and(|(_, len)| len > 1) {
            let start = self.pos;
            match self.unit_order() {
                Ok(o) => return Ok(o),
                Err(_) => self.pos = start,
            }
        }
        if self.eat_word(WAIVE_WORDS) {
            return Ok(Order::Waive);
        }
        if self.eat_word(BUILD_WORDS) {
            if self.eat_word(WAIVE_WORDS) || self.eat_word(&["none", "nothing"]) {
                return Ok(Order::Waive);
            }
            let u = self.unit("a province to build in")?;
            return self.build(u);
        }
        if self.eat_word(DISBAND_WORDS) {
            let u = self.unit("the unit to disband")?;
            return Ok(Order::Disband(u));
        }
        if self.eat_word(RETREAT_WORDS) {
            let u = self.unit("the unit to retreat")?;
            if !self.move_verb() {
                self.eat_word(RETREAT_WORDS);
            }
            let (dest, _) = self.loc("where the unit retreats to")?;
            return Ok(Order::Retreat { unit: u, dest });
        }
        self.unit_order()
    }

    /// An order that starts with its unit: a move, hold, support, convoy,
    /// retreat, disband, build or boarding.
    fn unit_order(&mut self) -> PResult<Order> {
        let u = self.unit("a unit's province")?;
        if self.at_end() {
            return Err((ParseErrorKind::Incomplete, "the order says which unit but not what it should do".into()));
        }
        if self.move_verb() {
            let via_before = self.via();
            let (mut dest, _) = self.loc("a destination")?;
            // njudge's convoy route, `A LON-NTH-NWY`: the seas the army is
            // carried through, then where it lands; a move by convoy
            let mut routed = false;
            while self.move_verb() {
                dest = self.loc("where the convoyed army lands")?.0;
                routed = true;
            }
            let via = self.via() || via_before || routed;
            // a boarding move, `A WAL - LON B [FRANCE]` (Original 1958), or
            // an embarkation `A LON - ENG B [FRANCE] [- POR]` (1885 A/F)
            let af = self.v.features.army_fleet;
            if (self.v.features.boarding || af) && !via && self.eat_word(BOARD_WORDS) {
                let partner = self.power();
                let mut land = None;
                if af && self.move_verb() {
                    land = Some(self.loc("where the army lands")?.0);
                }
                return Ok(Order::Board { unit: u, dest: Some(dest), partner, land });
            }
            return Ok(Order::Move { unit: u, dest, via });
        }
        if self.eat_word(HOLD_WORDS) {
            return Ok(Order::Hold(u));
        }
        if self.eat_word(SUPPORT_WORDS) {
            let target = self.unit("the supported unit's province")?;
            if self.at_end() || self.eat_word(HOLD_WORDS) {
                return Ok(Order::Support { unit: u, target, dest: None });
            }
            if self.move_verb() {
                let (dest, _) = self.loc("where the supported unit moves")?;
                return Ok(Order::Support { unit: u, target, dest: Some(dest) });
            }
            return Err(self.unexpected());
        }
        if self.eat_word(CONVOY_WORDS) {
            let mut army = self.unit("the convoyed army's province")?;
            army.kind = army.kind.or(Some(UnitType::Army));
            if !self.move_verb() {
                return Err(if self.at_end() { (ParseErrorKind::Incomplete, "a convoy order must say where the army goes".into()) } else { self.unexpected() });
            }
            let (dest, _) = self.loc("where the convoyed army goes")?;
            return Ok(Order::Convoy { unit: u, army, dest });
        }
        if self.eat_word(RETREAT_WORDS) {
            self.move_verb();
            let (dest, _) = self.loc("where the unit retreats to")?;
            return Ok(Order::Retreat { unit: u, dest });
        }
        if self.eat_word(DISBAND_WORDS) {
            return Ok(Order::Disband(u));
        }
        if (self.v.features.boarding || self.v.features.army_fleet) && self.eat_word(BOARD_WORDS) {
            // `A LON B FRANCE` is always a boarding; `A LON B` is a build or a
            // boarding by the phase (see `parse_order`)
            let partner = self.power();
            if partner.is_some() || (self.boarding_phase && self.v.features.boarding) {
                return Ok(Order::Board { unit: u, dest: None, partner, land: None });
            }
            return self.build(u);
        }
        if self.eat_word(BUILD_WORDS) {
            return self.build(u);
        }
        Err(self.unexpected())
    }

    /// A build: the unit type may be left out where only one type fits.
    fn build(&self, mut u: UnitSpec) -> PResult<Order> {
        if u.kind.is_none() {
            u.kind = match self.v.kind(u.loc.prov) {
                ProvinceKind::Land => Some(UnitType::Army),
                ProvinceKind::Sea => Some(UnitType::Fleet),
                _ if u.loc.coast != Coast::None => Some(UnitType::Fleet),
                _ => {
                    return Err((
                        ParseErrorKind::Incomplete,
                        format!(
                            "build an army or a fleet in {}? Write `Build A {}` or `Build F {}`",
                            self.v.province(u.loc.prov).name,
                            self.v.code(u.loc.prov),
                            self.v.code(u.loc.prov)
                        ),
                    ));
                }
            };
        }
        Ok(Order::Build(u))
    }

    fn unexpected(&self) -> (ParseErrorKind, String) {
        match self.peek() {
            Some(Tok::Word(w)) => {
                (ParseErrorKind::Unexpected { word: w.to_string() }, format!("`{w}` is not understood here (expected -, H, S, C, R, D or B)"))
            }
            Some(Tok::Dash) => (ParseErrorKind::Unexpected { word: "-".into() }, "`-` is not understood here".into()),
            Some(Tok::Slash) => (ParseErrorKind::Unexpected { word: "/".into() }, "`/` is not understood here".into()),
            None => (ParseErrorKind::Incomplete, "the order stops too early".into()),
        }
    }
}

fn ambiguous(v: &Variant, word: &str, mut candidates: Vec<Prov>) -> (ParseErrorKind, String) {
    candidates.sort_by(|a, b| v.province(*a).name.cmp(&v.province(*b).name));
    let names: Vec<String> = candidates.iter().map(|&p| v.province(p).name.clone()).collect();
    (ParseErrorKind::AmbiguousProvince { word: word.to_string(), candidates }, format!("`{word}` could be {}", or_list(&names)))
}

fn or_list(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// The full parser: whatever players write.
pub(super) fn parse_free(v: &Variant, text: &str, phase: Option<PhaseKind>) -> Result<Order, ParseError> {
    let mut buf = [0u8; 256];
    let lower: std::borrow::Cow<str> = if text.len() <= buf.len() && text.is_ascii() {
        for (d, s) in buf.iter_mut().zip(text.bytes()) {
            *d = s.to_ascii_lowercase();
        }
        std::borrow::Cow::Borrowed(std::str::from_utf8(&buf[..text.len()]).expect("ascii"))
    } else {
        std::borrow::Cow::Owned(text.to_lowercase())
    };
    let err = |kind: ParseErrorKind, message: String| ParseError { text: text.trim().to_string(), kind, message };
    let mut p = Parser { v, toks: [Tok::Dash; MAX_TOKENS], n: 0, pos: 0, boarding_phase: phase == Some(PhaseKind::Movement) };
    p.n = match tokenize(&lower, &mut p.toks) {
        Some(n) => n,
        None => return Err(err(ParseErrorKind::Unexpected { word: String::new() }, format!("too long for one order (more than {MAX_TOKENS} words)"))),
    };
    if p.n == 0 {
        return Err(err(ParseErrorKind::Incomplete, "empty order".into()));
    }
    let order = p.order().map_err(|(k, m)| err(k, m))?;
    p.eat_word(&["please", "ok"]);
    if !p.at_end() {
        let rest = p.toks[p.pos..p.n]
            .iter()
            .map(|t| match t {
                Tok::Word(w) => *w,
                Tok::Dash => "-",
                Tok::Slash => "/",
            })
            .collect::<Vec<_>>()
            .join(" ");
        return Err(err(
            ParseErrorKind::Unexpected { word: rest.clone() },
            format!("`{rest}` follows a complete order (`{}`); put each order on its own line or separate orders with commas", order.canonical(v)),
        ));
    }
    Ok(for_phase(order, phase))
}

/// Reads a province name alone (for commands such as `SET ABSENCE` or tests).
pub(super) fn parse_province(v: &Variant, text: &str) -> Result<Prov, ParseError> {
    let lower = text.to_lowercase();
    let err = |kind: ParseErrorKind, message: String| ParseError { text: text.trim().to_string(), kind, message };
    let mut p = Parser { v, toks: [Tok::Dash; MAX_TOKENS], n: 0, pos: 0, boarding_phase: false };
    p.n = tokenize(&lower, &mut p.toks).unwrap_or(0);
    let (prov, _) = p.province("a province").map_err(|(k, m)| err(k, m))?;
    if !p.at_end() {
        let (k, m) = p.unexpected();
        return Err(err(k, m));
    }
    Ok(prov)
}
