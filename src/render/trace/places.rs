//! Where a traced province's unit, centre and label stand: the picture
//! file's own places when they fall well inside the province, else the
//! points of the region farthest from its border.

/// How far each pixel is from the nearest pixel of another region (or the
/// picture's edge), in pixels (a 3-4 chamfer distance, divided by 3).
pub fn distances(w: usize, h: usize, label: &[u16]) -> Vec<f32> {
    let mut d = vec![u32::MAX / 2; w * h];
    let same = |a: usize, b: usize| label[a] == label[b];
    for y in 0..h {
        for x in 0..w {
            let p = y * w + x;
            let edge = x == 0 || y == 0 || x + 1 == w || y + 1 == h || !same(p, p - 1) || !same(p, p + 1) || !same(p, p - w) || !same(p, p + w);
            if edge {
                d[p] = 3;
            }
        }
    }
    // forward, then backward, each pixel from its already-visited neighbours
    for y in 1..h {
        for x in 1..w {
            let p = y * w + x;
            let mut v = d[p].min(d[p - 1] + 3).min(d[p - w] + 3).min(d[p - w - 1] + 4);
            if x + 1 < w {
                v = v.min(d[p - w + 1] + 4);
            }
            d[p] = v;
        }
    }
    for y in (0..h - 1).rev() {
        for x in (0..w - 1).rev() {
            let p = y * w + x;
            let mut v = d[p].min(d[p + 1] + 3).min(d[p + w] + 3).min(d[p + w + 1] + 4);
            if x > 0 {
                v = v.min(d[p + w - 1] + 4);
            }
            d[p] = v;
        }
    }
    d.into_iter().map(|v| v as f32 / 3.0).collect()
}

/// One region's pixels and their distances from its border.
pub struct Region<'a> {
    pub pixels: &'a [u32],
    pub width: usize,
    pub depth: &'a [f32],
}

impl Region<'_> {
    fn point(&self, p: u32) -> (f64, f64) {
        ((p as usize % self.width) as f64 + 0.5, (p as usize / self.width) as f64 + 0.5)
    }

    /// The deepest point of the region at least `gap` pixels from each of
    /// `away` (the deepest of all when none is that far).
    pub fn deepest(&self, away: &[(f64, f64)], gap: f64) -> Option<(f64, f64)> {
        let far = |q: (f64, f64)| away.iter().all(|a| (a.0 - q.0).hypot(a.1 - q.1) >= gap);
        let best = |ok: &dyn Fn((f64, f64)) -> bool| {
            self.pixels
                .iter()
                .copied()
                .filter(|&p| ok(self.point(p)))
                .max_by(|&a, &b| self.depth[a as usize].total_cmp(&self.depth[b as usize]))
                .map(|p| self.point(p))
        };
        best(&far).or_else(|| best(&|_| true))
    }

    /// The point of the region at least `depth` deep nearest to `to` (the
    /// deepest point when none is that deep).
    pub fn nearest(&self, to: (f64, f64), depth: f32) -> Option<(f64, f64)> {
        let deep: Vec<u32> = self.pixels.iter().copied().filter(|&p| self.depth[p as usize] >= depth).collect();
        if deep.is_empty() {
            return self.deepest(&[], 0.0);
        }
        let d = |p: u32| {
            let q = self.point(p);
            (q.0 - to.0).hypot(q.1 - to.1)
        };
        deep.into_iter().min_by(|&a, &b| d(a).total_cmp(&d(b))).map(|p| self.point(p))
    }

    /// Whether `q` lies in the region at least `depth` from its border.
    pub fn holds(&self, q: (f64, f64), depth: f32) -> bool {
        let (x, y) = (q.0.floor(), q.1.floor());
        if x < 0.0 || y < 0.0 || x as usize >= self.width {
            return false;
        }
        let p = (y as usize * self.width + x as usize) as u32;
        self.pixels.binary_search(&p).is_ok() && self.depth[p as usize] >= depth
    }
}
