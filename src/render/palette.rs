//! A picture's 256 colours: the ones it uses most, each kept exact (a map
//! is flat fills, lines and text: a few dozen colours cover nearly every
//! pixel, and a picture of 256 colours or fewer keeps them all), and every
//! other colour (an anti-aliased edge's) drawn as the nearest of them.

use rustc_hash::FxHashMap;

/// The most colours an indexed PNG has.
const MAX: usize = 256;

/// The colours of opaque RGBA `rgba` as a palette (RGB triples) and each
/// pixel's index in it.
pub fn index(rgba: &[u8]) -> (Vec<u8>, Vec<u8>) {
    // the picture as runs of one colour (a map's rows are long runs), each
    // colour numbered once
    let mut number: FxHashMap<u32, u32> = FxHashMap::default();
    let mut colours: Vec<(u32, u32)> = Vec::new();
    let mut runs: Vec<(u32, u32)> = Vec::new();
    // the colour last seen of each hash, and its number: looked at before the map
    let mut recent: [Option<(u32, u32)>; 1024] = [None; 1024];
    let px = rgba.as_chunks::<4>().0;
    let mut at = 0;
    while at < px.len() {
        let c = px[at];
        let len = px[at..].iter().position(|p| *p != c).unwrap_or(px.len() - at);
        let c = u32::from_le_bytes(c);
        let slot = (c.wrapping_mul(0x9E37_79B1) >> 22) as usize;
        let n = match recent[slot] {
            Some((seen, n)) if seen == c => n,
            _ => {
                let n = *number.entry(c).or_insert_with(|| {
                    colours.push((c, 0));
                    colours.len() as u32 - 1
                });
                recent[slot] = Some((c, n));
                n
            }
        };
        colours[n as usize].1 += len as u32;
        runs.push((n, len as u32));
        at += len;
    }
    // the most used colours, in a fixed order (the same picture, the same bytes)
    let mut by_use: Vec<u32> = (0..colours.len() as u32).collect();
    let order = |&n: &u32| (std::cmp::Reverse(colours[n as usize].1), colours[n as usize].0);
    if by_use.len() > MAX {
        by_use.select_nth_unstable_by_key(MAX, order);
    }
    let top = by_use.len().min(MAX);
    by_use[..top].sort_unstable_by_key(order);
    let kept = &by_use[..top];
    let rgb = |n: u32| {
        let c = colours[n as usize].0.to_le_bytes();
        [c[0], c[1], c[2]]
    };
    let palette: Vec<u8> = kept.iter().flat_map(|&n| rgb(n)).collect();
    let mut slot = vec![0u8; colours.len()];
    for (i, &n) in kept.iter().enumerate() {
        slot[n as usize] = i as u8;
    }
    if by_use.len() > MAX {
        let near = Nearest::new(kept.iter().map(|&n| rgb(n)));
        for &n in &by_use[MAX..] {
            slot[n as usize] = near.of(rgb(n));
        }
    }
    let mut indices = Vec::with_capacity(px.len());
    for (n, len) in runs {
        indices.resize(indices.len() + len as usize, slot[n as usize]);
    }
    (palette, indices)
}

/// The nearest colour of a palette (squared distance in RGB): the palette
/// sorted by green, searched outward from the colour's green until no
/// nearer one can lie further.
struct Nearest {
    /// Green, red, blue and the index in the palette.
    by_green: Vec<(i32, i32, i32, u8)>,
}

impl Nearest {
    fn new(colours: impl Iterator<Item = [u8; 3]>) -> Nearest {
        let mut by_green: Vec<(i32, i32, i32, u8)> = colours.take(MAX).enumerate().map(|(i, c)| (c[1] as i32, c[0] as i32, c[2] as i32, i as u8)).collect();
        by_green.sort_unstable();
        Nearest { by_green }
    }

    fn of(&self, c: [u8; 3]) -> u8 {
        let (r, g, b) = (c[0] as i32, c[1] as i32, c[2] as i32);
        let p = &self.by_green;
        let start = p.partition_point(|e| e.0 < g);
        let mut best = (i32::MAX, u8::MAX);
        let dist = |e: &(i32, i32, i32, u8)| ((e.0 - g).pow(2) + (e.1 - r).pow(2) + (e.2 - b).pow(2), e.3);
        let (mut up, mut down) = (start, start);
        loop {
            let up_open = up < p.len() && (p[up].0 - g).pow(2) <= best.0;
            let down_open = down > 0 && (p[down - 1].0 - g).pow(2) <= best.0;
            if !up_open && !down_open {
                break;
            }
            if up_open {
                // ties go to the lower index: the same picture, the same bytes
                best = best.min(dist(&p[up]));
                up += 1;
            }
            if down_open {
                down -= 1;
                best = best.min(dist(&p[down]));
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_of_few_colours_keeps_them_exact_the_most_used_first() {
        let px: Vec<[u8; 4]> = (0..1000u32)
            .map(|i| {
                if i % 10 == 0 {
                    [255, 0, 0, 255]
                } else if i % 3 == 0 {
                    [0, 0, 255, 255]
                } else {
                    [9, 9, 9, 255]
                }
            })
            .collect();
        let rgba: Vec<u8> = px.iter().flatten().copied().collect();
        let (palette, indices) = index(&rgba);
        assert_eq!(palette, vec![9, 9, 9, 0, 0, 255, 255, 0, 0]);
        for (p, i) in px.iter().zip(&indices) {
            assert_eq!(&palette[*i as usize * 3..*i as usize * 3 + 3], &p[..3]);
        }
    }

    #[test]
    fn past_256_colours_the_rare_ones_take_the_nearest() {
        // 256 greys used twice each, then 100 reds used once
        let mut px: Vec<[u8; 4]> = (0..=255u8).flat_map(|g| [[g, g, g, 255], [g, g, g, 255]]).collect();
        px.extend((0..100u8).map(|r| [150 + r, 0, 0, 255]));
        let rgba: Vec<u8> = px.iter().flatten().copied().collect();
        let (palette, indices) = index(&rgba);
        assert_eq!(palette.len(), 256 * 3);
        assert_eq!(indices.len(), px.len());
        for (p, i) in px.iter().zip(&indices).take(512) {
            assert_eq!(&palette[*i as usize * 3..*i as usize * 3 + 3], &p[..3]);
        }
        // a red is nearest to a grey near half its value
        let i = indices[512 + 50] as usize;
        let g = palette[i * 3];
        assert_eq!(&palette[i * 3..i * 3 + 3], &[g, g, g]);
        let d = |g: i32| (200 - g).pow(2) + 2 * g.pow(2);
        assert!((0..=255).all(|h| d(g as i32) <= d(h)));
    }

    #[test]
    fn the_nearest_colour_is_the_one_a_full_search_finds() {
        let pal: Vec<[u8; 3]> = (0..200u32).map(|i| [(i * 37 % 256) as u8, (i * 91 % 256) as u8, (i * 53 % 256) as u8]).collect();
        let near = Nearest::new(pal.iter().copied());
        for k in 0..5000u32 {
            let c = [(k * 13 % 256) as u8, (k * 7 % 256) as u8, (k * 29 % 256) as u8];
            let d = |p: &[u8; 3]| (0..3).map(|i| (p[i] as i32 - c[i] as i32).pow(2)).sum::<i32>();
            let want = (0..pal.len()).min_by_key(|&i| (d(&pal[i]), i)).unwrap();
            assert_eq!(near.of(c) as usize, want, "{c:?}");
        }
    }
}
