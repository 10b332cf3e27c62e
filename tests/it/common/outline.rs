//! Distances between map outlines, for the tests of drawn maps
//! (`map_1958_picture`, `traced_maps`).

/// A closed ring of points.
pub type Ring = Vec<(f64, f64)>;

/// The distance from `p` to the segment from `a` to `b`.
pub fn point_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    ((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt()
}

/// The least distance from a vertex of one outline to the other's edges.
pub fn gap(a: &[Ring], b: &[Ring]) -> f64 {
    let one_way = |a: &[Ring], b: &[Ring]| {
        let mut best = f64::INFINITY;
        for p in a.iter().flatten() {
            for r in b {
                for i in 0..r.len() {
                    best = best.min(point_segment(*p, r[i], r[(i + 1) % r.len()]));
                }
            }
        }
        best
    };
    one_way(a, b).min(one_way(b, a))
}
