//! Regions of a labelled picture as outlines: the borders between two
//! regions are found once, simplified once and given to both, so
//! neighbours share every point of their border and no gap or overlap opens
//! between them.

use std::collections::HashMap;

/// A corner of the pixel grid (x, y), 0 to width and 0 to height.
type Corner = (u32, u32);

/// A border between junctions: its corners, and the labels on its left and
/// right going from the first corner to the last (y downwards).
struct Chain {
    points: Vec<Corner>,
    left: u16,
    right: u16,
}

struct Grid<'a> {
    w: u32,
    h: u32,
    label: &'a [u16],
    outside: u16,
}

impl Grid<'_> {
    fn at(&self, x: i64, y: i64) -> u16 {
        if x < 0 || y < 0 || x >= self.w as i64 || y >= self.h as i64 { self.outside } else { self.label[(y as u32 * self.w + x as u32) as usize] }
    }

    /// The labels left and right of the unit edge from `a` going one step
    /// in direction `d` (0 right, 1 down, 2 left, 3 up).
    fn sides(&self, a: Corner, d: u8) -> (u16, u16) {
        let (x, y) = (a.0 as i64, a.1 as i64);
        match d {
            0 => (self.at(x, y - 1), self.at(x, y)),
            1 => (self.at(x, y), self.at(x - 1, y)),
            2 => (self.at(x - 1, y), self.at(x - 1, y - 1)),
            _ => (self.at(x - 1, y - 1), self.at(x, y - 1)),
        }
    }

    fn is_edge(&self, a: Corner, d: u8) -> bool {
        let inside = match d {
            0 => a.0 < self.w,
            1 => a.1 < self.h,
            2 => a.0 > 0,
            _ => a.1 > 0,
        };
        inside && {
            let (l, r) = self.sides(a, d);
            l != r
        }
    }

    fn degree(&self, a: Corner) -> usize {
        (0..4).filter(|&d| self.is_edge(a, d)).count()
    }

    /// A corner borders end at: where three labels meet, or two meet across
    /// a corner (a chequer).
    fn junction(&self, a: Corner) -> bool {
        self.degree(a) > 2
    }
}

fn next(a: Corner, d: u8) -> Corner {
    match d {
        0 => (a.0 + 1, a.1),
        1 => (a.0, a.1 + 1),
        2 => (a.0 - 1, a.1),
        _ => (a.0, a.1 - 1),
    }
}

/// Edges walked, one bit an edge (its lower corner and whether it runs along x).
struct Walked(Vec<bool>, u32);

impl Walked {
    fn key(&self, a: Corner, d: u8) -> usize {
        let (c, along_x) = match d {
            0 => (a, true),
            1 => (a, false),
            2 => ((a.0 - 1, a.1), true),
            _ => ((a.0, a.1 - 1), false),
        };
        ((c.1 * (self.1 + 1) + c.0) as usize) * 2 + along_x as usize
    }
    fn take(&mut self, a: Corner, d: u8) -> bool {
        let k = self.key(a, d);
        !std::mem::replace(&mut self.0[k], true)
    }
}

/// Walks from `a` in direction `d` until a junction (or back to `a`).
fn walk(g: &Grid, walked: &mut Walked, a: Corner, mut d: u8) -> Chain {
    let (left, right) = g.sides(a, d);
    let mut points = vec![a];
    let mut at = a;
    loop {
        walked.take(at, d);
        at = next(at, d);
        points.push(at);
        if at == a || g.junction(at) {
            break;
        }
        // the one other edge out of a corner borders pass through
        let back = (d + 2) % 4;
        match (0..4).find(|&e| e != back && g.is_edge(at, e) && g.sides(at, e) == (left, right)) {
            Some(e) => d = e,
            None => break,
        }
    }
    Chain { points, left, right }
}

/// Every border of the labelled grid (`outside` beyond its edge).
fn chains(w: u32, h: u32, label: &[u16], outside: u16) -> Vec<Chain> {
    let g = Grid { w, h, label, outside };
    let mut walked = Walked(vec![false; ((w + 1) * (h + 1) * 2) as usize], w);
    let mut out = Vec::new();
    // borders from junction to junction first, then the loops that meet none
    for loops in [false, true] {
        for y in 0..=h {
            for x in 0..=w {
                let a = (x, y);
                if !loops && !g.junction(a) {
                    continue;
                }
                for d in 0..4 {
                    if g.is_edge(a, d) && !walked.0[walked.key(a, d)] {
                        out.push(walk(&g, &mut walked, a, d));
                    }
                }
            }
        }
    }
    out
}

/// Douglas-Peucker: the points of `p` kept at `tolerance`, both ends kept.
fn simplify(p: &[Corner], tolerance: f64) -> Vec<Corner> {
    if p.len() < 3 {
        return p.to_vec();
    }
    if p[0] == p[p.len() - 1] {
        // a loop: split at its farthest point from the start
        let far = (1..p.len() - 1).max_by_key(|&i| dist2(p[0], p[i])).unwrap_or(1);
        let mut a = simplify(&p[..=far], tolerance);
        a.pop();
        a.extend(simplify(&p[far..], tolerance));
        return a;
    }
    let mut keep = vec![false; p.len()];
    keep[0] = true;
    keep[p.len() - 1] = true;
    let mut stack = vec![(0, p.len() - 1)];
    while let Some((i, j)) = stack.pop() {
        let (mut far, mut best) = (0, tolerance);
        for k in i + 1..j {
            let d = off_line(p[k], p[i], p[j]);
            if d > best {
                (far, best) = (k, d);
            }
        }
        if far > 0 {
            keep[far] = true;
            stack.push((i, far));
            stack.push((far, j));
        }
    }
    p.iter().zip(keep).filter(|(_, k)| *k).map(|(c, _)| *c).collect()
}

fn dist2(a: Corner, b: Corner) -> i64 {
    let (dx, dy) = (a.0 as i64 - b.0 as i64, a.1 as i64 - b.1 as i64);
    dx * dx + dy * dy
}

fn off_line(p: Corner, a: Corner, b: Corner) -> f64 {
    let (px, py, ax, ay, bx, by) = (p.0 as f64, p.1 as f64, a.0 as f64, a.1 as f64, b.0 as f64, b.1 as f64);
    let (dx, dy) = (bx - ax, by - ay);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 { ((px - ax).powi(2) + (py - ay).powi(2)).sqrt() } else { ((px - ax) * dy - (py - ay) * dx).abs() / len }
}

/// Each label's rings (corners, closed), the borders simplified at
/// `tolerance` pixels (`outside`, beyond the grid, gets none).
pub fn rings(w: u32, h: u32, label: &[u16], outside: u16, tolerance: f64) -> HashMap<u16, Vec<Vec<Corner>>> {
    let chains: Vec<Chain> = chains(w, h, label, outside).into_iter().map(|c| Chain { points: simplify(&c.points, tolerance), ..c }).collect();
    // each label's borders, turned so that it lies on their left
    let mut own: HashMap<u16, Vec<Vec<Corner>>> = HashMap::new();
    for c in &chains {
        own.entry(c.left).or_default().push(c.points.clone());
        own.entry(c.right).or_default().push(c.points.iter().rev().copied().collect());
    }
    own.remove(&outside);
    own.into_iter().map(|(l, parts)| (l, link(parts))).collect()
}

/// Borders joined end to start into closed rings.
fn link(parts: Vec<Vec<Corner>>) -> Vec<Vec<Corner>> {
    let mut from: HashMap<Corner, Vec<usize>> = HashMap::new();
    for (i, p) in parts.iter().enumerate() {
        from.entry(p[0]).or_default().push(i);
    }
    let mut used = vec![false; parts.len()];
    let mut out = Vec::new();
    for i in 0..parts.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let mut ring = parts[i].clone();
        while ring.len() < 2 || ring[0] != ring[ring.len() - 1] {
            let end = ring[ring.len() - 1];
            let Some(j) = from.get(&end).and_then(|v| v.iter().copied().find(|&j| !used[j])) else { break };
            used[j] = true;
            ring.extend_from_slice(&parts[j][1..]);
        }
        ring.pop();
        if ring.len() > 2 {
            out.push(ring);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(r: &[Corner]) -> f64 {
        let n = r.len();
        (0..n).map(|i| r[i].0 as f64 * r[(i + 1) % n].1 as f64 - r[(i + 1) % n].0 as f64 * r[i].1 as f64).sum::<f64>().abs() / 2.0
    }

    #[test]
    fn each_region_becomes_rings_of_its_area_and_neighbours_share_their_border() {
        // 6 × 4: label 0 on the left, 1 on the right, 2 an island in 1
        #[rustfmt::skip]
        let grid = [
            0, 0, 1, 1, 1, 1,
            0, 0, 1, 2, 2, 1,
            0, 0, 1, 2, 2, 1,
            0, 0, 1, 1, 1, 1,
        ];
        let r = rings(6, 4, &grid, u16::MAX, 0.5);
        assert_eq!(r[&0].len(), 1);
        assert_eq!(area(&r[&0][0]), 8.0);
        // 1: its outline, and the island's ring as a hole
        assert_eq!(r[&1].len(), 2);
        let areas: Vec<f64> = r[&1].iter().map(|x| area(x)).collect();
        assert_eq!(areas.iter().copied().fold(0.0, f64::max) - areas.iter().copied().fold(f64::INFINITY, f64::min), 12.0);
        assert_eq!(area(&r[&2][0]), 4.0);
        // the border of 0 and 1, x = 2, is in both, its ends kept
        assert!(r[&0][0].contains(&(2, 0)) && r[&0][0].contains(&(2, 4)));
        for y in 0..=4 {
            assert!(r[&0][0].contains(&(2, y)) == r[&1].iter().any(|x| x.contains(&(2, y))), "corner 2,{y}");
        }
    }

    #[test]
    fn simplifying_keeps_the_ends_and_drops_points_on_a_line() {
        let p = [(0, 0), (1, 0), (2, 0), (3, 1), (4, 0)];
        assert_eq!(simplify(&p, 0.5), vec![(0, 0), (2, 0), (3, 1), (4, 0)]);
        assert_eq!(simplify(&p, 2.0), vec![(0, 0), (4, 0)]);
    }
}
