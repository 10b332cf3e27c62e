//! Preference lists and the powers they give, as njudge reads them
//! (`SET PREFERENCE`): powers best first, by letters run together or by
//! names, powers in square brackets liked equally (`E[FGR][TAI]`), or `*`
//! for a random power. Powers are given out the njudge way: those who asked
//! for a random power get one first; then the assignment that gives the
//! others the most weight (a first choice weighs as many as there are seats,
//! the next one less; powers in brackets share the average of their places;
//! powers left off a list share the places after it) is found by the
//! Kuhn-Munkres algorithm (the `pathfinding` crate).

use super::powers::find_power;
use super::refusal::Refusal;
use crate::map::{PowerId, Variant};
use crate::random::Rng;

/// A player's preference list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Preference {
    /// `*`: any power, at random, before the lists are looked at.
    Random,
    /// Tiers best first; the powers of a tier are liked equally.
    Ranked(Vec<Vec<PowerId>>),
}

impl Preference {
    /// Reads a list as players write it: `FE`, `E[FGR][TAI]`, `England,
    /// France`, `*`. A power named twice counts where it was first named.
    pub fn parse(v: &Variant, text: &str) -> Result<Preference, Refusal> {
        let t = text.trim();
        if t == "*" {
            return Ok(Preference::Random);
        }
        let mut tiers: Vec<Vec<PowerId>> = Vec::new();
        // one word of power letters is letters (njudge's initials), even where it
        // starts a power's name too: 1885's `SW` is Spain then Sweden, not Sweden
        let letters = !t.is_empty() && t.chars().all(|c| v.powers.iter().any(|p| p.letter.eq_ignore_ascii_case(&c)));
        if t.contains(['[', ']']) || (!t.contains([' ', ',']) && (letters || find_power(v, t).is_none())) {
            letter_tiers(v, t, &mut tiers)?;
        } else {
            for w in t.split([',', ' ']).filter(|w| !w.is_empty()) {
                let p = find_power(v, w).ok_or_else(|| Refusal::NotAPower { word: w.to_string() })?;
                tiers.push(vec![p]);
            }
        }
        let mut seen = Vec::new();
        for tier in tiers.iter_mut() {
            tier.retain(|p| !seen.contains(p));
            seen.extend(tier.iter().copied());
        }
        tiers.retain(|t| !t.is_empty());
        if tiers.is_empty() {
            return Err(Refusal::PreferenceUsage);
        }
        Ok(Preference::Ranked(tiers))
    }

    /// The list as stored and shown: letters, tiers in brackets, or `*`.
    pub fn text(&self, v: &Variant) -> String {
        match self {
            Preference::Random => "*".to_string(),
            Preference::Ranked(tiers) => tiers
                .iter()
                .map(|t| {
                    let letters: String = t.iter().map(|&p| v.powers[p as usize].letter).collect();
                    if t.len() == 1 { letters } else { format!("[{letters}]") }
                })
                .collect(),
        }
    }

    /// The list with each power replaced by `seat(power)` (a game where a
    /// player plays several powers names seats by their own power); a seat
    /// named twice counts where it was first named.
    pub fn seated(&self, seat: impl Fn(PowerId) -> PowerId) -> Preference {
        let Preference::Ranked(tiers) = self else { return Preference::Random };
        let mut seen = Vec::new();
        let mut out = Vec::new();
        for t in tiers {
            let mut tier: Vec<PowerId> = t.iter().map(|&p| seat(p)).filter(|p| !seen.contains(p)).collect();
            tier.dedup();
            seen.extend(tier.iter().copied());
            if !tier.is_empty() {
                out.push(tier);
            }
        }
        Preference::Ranked(out)
    }

    /// The powers named, best first (brackets flattened).
    pub fn powers(&self) -> Vec<PowerId> {
        match self {
            Preference::Random => Vec::new(),
            Preference::Ranked(tiers) => tiers.concat(),
        }
    }

    /// What `power` weighs for this player when `seats` powers are given out
    /// (times 1,000, to keep the averages whole): a first choice `seats`, each
    /// later place one less; a tier shares the mean of its places, powers
    /// not named the mean of the places after the list.
    fn weight(&self, power: PowerId, seats: usize) -> i64 {
        let place_weight = |place: usize| seats.saturating_sub(place) as i64 * 1000;
        let mean = |from: usize, n: usize| if n == 0 { 0 } else { (from..from + n).map(place_weight).sum::<i64>() / n as i64 };
        let Preference::Ranked(tiers) = self else { return 0 };
        let mut place = 0;
        for t in tiers {
            if t.contains(&power) {
                return mean(place, t.len());
            }
            place += t.len();
        }
        mean(place, seats.saturating_sub(place))
    }
}

/// `E[FGR][TAI]`: letters, a bracket holding letters liked equally.
fn letter_tiers(v: &Variant, t: &str, tiers: &mut Vec<Vec<PowerId>>) -> Result<(), Refusal> {
    let mut open: Option<Vec<PowerId>> = None;
    for c in t.chars().filter(|c| !c.is_whitespace() && *c != ',') {
        match (c, open.as_mut()) {
            ('[', None) => open = Some(Vec::new()),
            (']', Some(_)) => tiers.extend(open.take()),
            ('[' | ']', _) => return Err(Refusal::PreferenceUsage),
            (c, o) => {
                let p = find_power(v, &c.to_string()).ok_or(Refusal::NotAPowerLetter { letter: c })?;
                match o {
                    Some(tier) => tier.push(p),
                    None => tiers.push(vec![p]),
                }
            }
        }
    }
    if open.is_some() {
        return Err(Refusal::PreferenceUsage);
    }
    Ok(())
}

/// Gives each player (their preference, `None` for none) one of `free`:
/// the index into `free` each gets, in the players' order. Random requests
/// first, at random; then the heaviest assignment (ties broken by `rng`,
/// through the order the players are weighed in).
pub fn assign(prefs: &[Option<Preference>], free: &[PowerId], rng: &mut Rng) -> Vec<usize> {
    let mut out = vec![usize::MAX; prefs.len()];
    let mut left: Vec<usize> = (0..free.len()).collect();
    for (i, p) in prefs.iter().enumerate() {
        if p == &Some(Preference::Random) && !left.is_empty() {
            out[i] = left.swap_remove(rng.below(left.len()));
        }
    }
    let mut rest: Vec<usize> = (0..prefs.len()).filter(|&i| out[i] == usize::MAX).collect();
    // a random order of players and seats: among equal totals, none is favoured
    for i in (1..rest.len()).rev() {
        rest.swap(i, rng.below(i + 1));
    }
    for i in (1..left.len()).rev() {
        left.swap(i, rng.below(i + 1));
    }
    if rest.is_empty() || left.len() < rest.len() {
        return out;
    }
    let none = Preference::Ranked(Vec::new());
    let weights: Vec<Vec<i64>> = rest.iter().map(|&i| left.iter().map(|&s| prefs[i].as_ref().unwrap_or(&none).weight(free[s], free.len())).collect()).collect();
    let matrix = pathfinding::matrix::Matrix::from_rows(weights).unwrap_or_else(|e| unreachable!("rows of one length: {e:?}"));
    let (_, cols) = pathfinding::kuhn_munkres::kuhn_munkres(&matrix);
    for (r, c) in cols.into_iter().enumerate() {
        out[rest[r]] = left[c];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v() -> Variant {
        Variant::standard()
    }

    #[test]
    fn lists_read_as_njudge_writes_them() {
        let v = v();
        let (a, e, f, g, i, r, t) = (0, 1, 2, 3, 4, 5, 6);
        assert_eq!(Preference::parse(&v, "FE").unwrap(), Preference::Ranked(vec![vec![f], vec![e]]));
        assert_eq!(Preference::parse(&v, "E[FGR][TAI]").unwrap(), Preference::Ranked(vec![vec![e], vec![f, g, r], vec![t, a, i]]));
        assert_eq!(Preference::parse(&v, "France, England").unwrap(), Preference::Ranked(vec![vec![f], vec![e]]));
        assert_eq!(Preference::parse(&v, "france").unwrap(), Preference::Ranked(vec![vec![f]]));
        assert_eq!(Preference::parse(&v, "*").unwrap(), Preference::Random);
        assert_eq!(Preference::parse(&v, "EFE").unwrap(), Preference::Ranked(vec![vec![e], vec![f]]));
        assert_eq!(Preference::parse(&v, "E[FGR][TAI]").unwrap().text(&v), "E[FGR][TAI]");
        for bad in ["E[FG", "E]F", "[[E]]", "", "[]"] {
            assert!(Preference::parse(&v, bad).is_err(), "{bad}");
        }
        assert_eq!(Preference::parse(&v, "EX"), Err(Refusal::NotAPowerLetter { letter: 'X' }));
    }

    #[test]
    fn a_word_of_power_letters_is_letters_though_it_starts_a_name() {
        let v = crate::variants::find("1885", None).expect("1885 is built in");
        let (s, w) = (v.power_by_name("SPAIN").unwrap(), v.power_by_name("SWEDEN").unwrap());
        assert_eq!(Preference::parse(&v, "SW").unwrap(), Preference::Ranked(vec![vec![s], vec![w]]));
        assert_eq!(Preference::parse(&v, "sw").unwrap(), Preference::Ranked(vec![vec![s], vec![w]]));
        // a name is still a name, and a start of one that is no letters
        assert_eq!(Preference::parse(&v, "Sweden").unwrap(), Preference::Ranked(vec![vec![w]]));
        assert_eq!(Preference::parse(&v, "Swed").unwrap(), Preference::Ranked(vec![vec![w]]));
    }

    #[test]
    fn weights_follow_places_and_share_within_brackets() {
        let v = v();
        let p = Preference::parse(&v, "E[FGR]").unwrap();
        assert_eq!(p.weight(1, 7), 7000);
        assert_eq!(p.weight(2, 7), 5000, "places 2 to 4: 6, 5, 4");
        assert_eq!(p.weight(0, 7), 2000, "the three unnamed share places 5 to 7: 3, 2, 1");
    }

    #[test]
    fn the_order_of_a_list_counts() {
        let v = v();
        // both want France first; one's second choice is England: each gets a first or second choice
        for seed in 0..50 {
            let prefs = [Some(Preference::parse(&v, "FE").unwrap()), Some(Preference::parse(&v, "FA").unwrap())];
            let got = assign(&prefs, &[1, 2], &mut Rng::new(seed));
            let powers: Vec<PowerId> = got.iter().map(|&s| [1, 2][s]).collect();
            assert_eq!(powers, [1, 2], "seed {seed}: the player with England second gets it");
        }
        // a lone FE list gets France, never England
        for seed in 0..50 {
            let got = assign(&[Some(Preference::parse(&v, "FE").unwrap())], &[1, 2], &mut Rng::new(seed));
            assert_eq!(got, [1], "seed {seed}");
        }
    }

    #[test]
    fn random_requests_and_everyone_gets_a_distinct_power() {
        let v = v();
        let free: Vec<PowerId> = (0..7).collect();
        let prefs: Vec<Option<Preference>> = vec![
            Some(Preference::Random),
            None,
            Some(Preference::parse(&v, "E[FGR]").unwrap()),
            Some(Preference::parse(&v, "T").unwrap()),
            None,
            Some(Preference::parse(&v, "*").unwrap()),
            Some(Preference::parse(&v, "A").unwrap()),
        ];
        for seed in 0..30 {
            let mut got = assign(&prefs, &free, &mut Rng::new(seed));
            // the random requests go first: the lists get what they leave
            let random = [free[got[0]], free[got[5]]];
            if !random.contains(&6) {
                assert_eq!(free[got[3]], 6, "seed {seed}: Turkey's only wish");
            }
            if !random.contains(&0) {
                assert_eq!(free[got[6]], 0, "seed {seed}");
            }
            got.sort_unstable();
            got.dedup();
            assert_eq!(got.len(), 7, "distinct");
        }
    }
}
