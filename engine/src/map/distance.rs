//! Steps between provinces, as civil disorder counts them (the nearest home
//! or owned centre, the nearest foreign unit): through any province but an
//! impassable one, land or sea, whatever the unit and coast.
//!
//! A map's distances are found once, the first time one is asked for (a
//! search from every province), and kept with the variant; the adjustment
//! phase then looks them up for every unit in place of searching the map
//! from each.

use super::{Prov, ProvinceKind, Variant};
use std::fmt;
use std::sync::OnceLock;

/// Maps with more provinces than this are searched at each question
/// rather than kept as a table (a table of 1,024 provinces is 2 MiB).
const MAX_TABLE: usize = 1024;

/// The steps from each province to each (`from * n + to`; `u16::MAX`: no
/// way), found the first time they are asked for. A clone starts empty, so
/// a variant changed after cloning never uses the table of its original.
#[derive(Default)]
pub(crate) struct Distances(OnceLock<Box<[u16]>>);

impl Clone for Distances {
    fn clone(&self) -> Distances {
        Distances::default()
    }
}

impl fmt::Debug for Distances {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.get().is_some() { "Distances(found)" } else { "Distances(not yet)" })
    }
}

impl Variant {
    /// Shortest distance (in moves, through any province that is not
    /// impassable, land or sea, ignoring unit type and coasts) from `from`
    /// to the nearest province in `targets`.
    pub fn distance_to_any(&self, from: Prov, targets: &[Prov]) -> Option<u32> {
        let n = self.provinces.len();
        if n > MAX_TABLE {
            return search(self, from, targets);
        }
        let all = self.distances.0.get_or_init(|| table(self));
        let row = &all[from as usize * n..][..n];
        targets.iter().filter_map(|&t| row.get(t as usize)).filter(|&&d| d != u16::MAX).min().map(|&d| u32::from(d))
    }
}

/// The steps from every province to every other.
fn table(v: &Variant) -> Box<[u16]> {
    let n = v.provinces.len();
    let mut all = vec![u16::MAX; n * n];
    let (mut dist, mut queue) = (Vec::new(), Vec::with_capacity(n));
    for (from, row) in all.chunks_exact_mut(n.max(1)).enumerate() {
        walk(v, from as Prov, &mut dist, &mut queue, |_| false);
        for (to, &d) in row.iter_mut().zip(&dist) {
            // fewer than `MAX_TABLE` steps, or no way
            *to = u16::try_from(d).unwrap_or(u16::MAX);
        }
    }
    all.into_boxed_slice()
}

/// One search from `from` to the first target reached.
fn search(v: &Variant, from: Prov, targets: &[Prov]) -> Option<u32> {
    let mut is_target = vec![false; v.provinces.len()];
    for &t in targets {
        if let Some(x) = is_target.get_mut(t as usize) {
            *x = true;
        }
    }
    let mut dist = Vec::new();
    let reached = walk(v, from, &mut dist, &mut Vec::new(), |p| is_target[p as usize])?;
    Some(dist[reached as usize])
}

/// Walks the map from `from`, breadth first, through provinces that are
/// not impassable, writing each province's steps into `dist` (`u32::MAX`
/// where none reached), until `stop` takes a province (given back).
fn walk(v: &Variant, from: Prov, dist: &mut Vec<u32>, queue: &mut Vec<Prov>, mut stop: impl FnMut(Prov) -> bool) -> Option<Prov> {
    dist.clear();
    dist.resize(v.provinces.len(), u32::MAX);
    queue.clear();
    dist[from as usize] = 0;
    queue.push(from);
    // each province is queued once at most
    let mut next = 0;
    while let Some(&p) = queue.get(next) {
        next += 1;
        if stop(p) {
            return Some(p);
        }
        for &q in &v.provinces[p as usize].clockwise {
            if v.kind(q) != ProvinceKind::Impassable && dist[q as usize] == u32::MAX {
                dist[q as usize] = dist[p as usize] + 1;
                queue.push(q);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::BUILTIN;

    /// The table answers as a search from the province does, on every
    /// built-in map, for single targets, sets of targets and none.
    #[test]
    fn the_table_answers_as_a_search_does() {
        for &(name, _) in BUILTIN {
            let v = Variant::builtin(name).expect("built in");
            let n = v.provinces.len() as Prov;
            for from in 0..n {
                for to in 0..n {
                    assert_eq!(v.distance_to_any(from, &[to]), search(&v, from, &[to]), "{name}: {from} to {to}");
                }
                let some: Vec<Prov> = (0..n).filter(|p| (p * 7 + from) % 11 == 0).collect();
                assert_eq!(v.distance_to_any(from, &some), search(&v, from, &some), "{name}: {from} to {some:?}");
                assert_eq!(v.distance_to_any(from, &[]), None);
            }
        }
    }

    /// A chain of `n` land provinces, each next to the one before and after.
    fn chain(n: usize) -> Variant {
        let code = |i: usize| format!("{}{}{}", (b'A' + (i / 676) as u8) as char, (b'A' + (i / 26 % 26) as u8) as char, (b'A' + (i % 26) as u8) as char);
        let mut toml = String::from(concat!(
            "name = \"chain\"\nstart = \"S1901M\"\n[victory]\nkind = \"centers\"\ncount = 2\n",
            "[calendar]\nfirst_year = 1901\nownership_after = [\"F\"]\n",
            "[[calendar.seasons]]\ncode = \"S\"\nname = \"Spring\"\nphases = [\"M\", \"R\"]\n",
            "[[calendar.seasons]]\ncode = \"F\"\nname = \"Fall\"\nphases = [\"M\", \"R\"]\n",
            "[[calendar.seasons]]\ncode = \"W\"\nname = \"Winter\"\nphases = [\"A\"]\n",
            "[[power]]\nname = \"ONE\"\nadjective = \"First\"\nletter = \"O\"\nhome = [\"AAA\"]\nunits = [\"A AAA\"]\n",
        ));
        for i in 0..n {
            let near: Vec<String> = [i.checked_sub(1), Some(i + 1).filter(|&j| j < n)].into_iter().flatten().map(|j| format!("\"{}\"", code(j))).collect();
            let near = near.join(", ");
            toml += &format!(
                "[[province]]\nid = \"{}\"\nname = \"Place {i}\"\nkind = \"land\"\ncenter = {}\narmy = [{near}]\nclockwise = [{near}]\n",
                code(i),
                i < 3
            );
        }
        Variant::from_toml(&toml).expect("a chain is a map")
    }

    /// Up to [`MAX_TABLE`] provinces the distances are kept as a table;
    /// past it each question is a search; both give the same answers.
    #[test]
    fn maps_past_the_limit_are_searched_each_time() {
        for (n, kept) in [(MAX_TABLE, true), (MAX_TABLE + 1, false)] {
            let v = chain(n);
            let last = (n - 1) as Prov;
            assert_eq!(v.distance_to_any(0, &[last]), Some(last as u32), "{n}");
            assert_eq!(v.distance_to_any(last, &[0, 5]), Some(last as u32 - 5), "{n}");
            assert_eq!(v.distances.0.get().is_some(), kept, "{n} provinces");
        }
    }

    /// A clone finds its own table: a map changed after cloning answers
    /// for its own provinces.
    #[test]
    fn a_clone_finds_its_own_table() {
        let v = Variant::standard();
        let (par, bur) = (v.prov_by_code("PAR").unwrap(), v.prov_by_code("BUR").unwrap());
        assert_eq!(v.distance_to_any(par, &[bur]), Some(1));
        let mut w = v.clone();
        for p in [par as usize, bur as usize] {
            let other = if p == par as usize { bur } else { par };
            w.provinces[p].clockwise.retain(|&q| q != other);
        }
        assert_eq!(w.distance_to_any(par, &[bur]), search(&w, par, &[bur]));
        assert_eq!(w.distance_to_any(par, &[bur]), Some(2));
    }
}
