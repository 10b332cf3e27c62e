//! How far apart two colours look, with normal colour vision and to the
//! colour blind: CIE L*a*b* (D65), the CIEDE2000 difference (Sharma, Wu and
//! Dalal's formulation), and the three dichromacies as Machado, Oliveira
//! and Fernandes (2009) simulate them. [`super::colours`] uses it to give
//! neighbouring powers colours a dichromat tells apart too;
//! `tests/it/map_colours.rs` checks the figures with its own copy.

/// `#RRGGBB` as linear-light sRGB.
fn linear(hex: &str) -> [f64; 3] {
    let c = |i: usize| hex.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(0) as f64 / 255.0;
    [1, 3, 5].map(|i| {
        let c = c(i);
        if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
    })
}

/// CIE L*a*b* (D65) of linear-light sRGB.
fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| if t > 216.0 / 24389.0 { t.cbrt() } else { (24389.0 / 27.0 * t + 16.0) / 116.0 };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The dichromacies (protanopia, deuteranopia, tritanopia) as Machado et
/// al. simulate them at full severity: matrices on linear-light sRGB.
const DICHROMACY: [[[f64; 3]; 3]; 3] = [
    [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
];

/// `hex` as each dichromat sees it, in L*a*b*.
fn seen(hex: &str) -> [[f64; 3]; 3] {
    let c = linear(hex);
    DICHROMACY.map(|m| lab([0, 1, 2].map(|i| (m[i][0] * c[0] + m[i][1] * c[1] + m[i][2] * c[2]).clamp(0.0, 1.0))))
}

/// The least CIEDE2000 difference of `a` and `b` as the three dichromats
/// see them.
pub fn dichromat_apart(a: &str, b: &str) -> f64 {
    let (a, b) = (seen(a), seen(b));
    (0..3).map(|k| ciede2000(a[k], b[k])).fold(f64::MAX, f64::min)
}

/// The CIEDE2000 difference of two L*a*b* colours.
fn ciede2000([l1, a1, b1]: [f64; 3], [l2, a2, b2]: [f64; 3]) -> f64 {
    let (rad, deg) = (f64::to_radians, f64::to_degrees);
    let pow7 = |c: f64| (c.powi(7) / (c.powi(7) + 25f64.powi(7))).sqrt();
    let g = 0.5 * (1.0 - pow7((a1.hypot(b1) + a2.hypot(b2)) / 2.0));
    let (a1, a2) = ((1.0 + g) * a1, (1.0 + g) * a2);
    let (c1, c2) = (a1.hypot(b1), a2.hypot(b2));
    let hue = |b: f64, a: f64| if a == 0.0 && b == 0.0 { 0.0 } else { deg(b.atan2(a)).rem_euclid(360.0) };
    let (h1, h2) = (hue(b1, a1), hue(b2, a2));
    let dh = match h2 - h1 {
        _ if c1 * c2 == 0.0 => 0.0,
        d if d.abs() <= 180.0 => d,
        d if d > 180.0 => d - 360.0,
        d => d + 360.0,
    };
    let (dl, dc, dhh) = (l2 - l1, c2 - c1, 2.0 * (c1 * c2).sqrt() * rad(dh / 2.0).sin());
    let (lbar, cbar) = ((l1 + l2) / 2.0, (c1 + c2) / 2.0);
    let hbar = match (h1 - h2).abs() {
        _ if c1 * c2 == 0.0 => h1 + h2,
        d if d <= 180.0 => (h1 + h2) / 2.0,
        _ if h1 + h2 < 360.0 => (h1 + h2 + 360.0) / 2.0,
        _ => (h1 + h2 - 360.0) / 2.0,
    };
    let t = 1.0 - 0.17 * rad(hbar - 30.0).cos() + 0.24 * rad(2.0 * hbar).cos() + 0.32 * rad(3.0 * hbar + 6.0).cos() - 0.20 * rad(4.0 * hbar - 63.0).cos();
    let dtheta = 30.0 * (-((hbar - 275.0) / 25.0).powi(2)).exp();
    let sl = 1.0 + 0.015 * (lbar - 50.0).powi(2) / (20.0 + (lbar - 50.0).powi(2)).sqrt();
    let (sc, sh) = (1.0 + 0.045 * cbar, 1.0 + 0.015 * cbar * t);
    let rt = -rad(2.0 * dtheta).sin() * 2.0 * pow7(cbar);
    ((dl / sl).powi(2) + (dc / sc).powi(2) + (dhh / sh).powi(2) + rt * (dc / sc) * (dhh / sh)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_difference_is_ciede2000_and_red_and_green_come_close_for_the_red_green_blind() {
        // Sharma, Wu and Dalal's pairs 1 and 17
        assert!((ciede2000([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485]) - 2.0425).abs() < 1e-4);
        assert!((ciede2000([50.0, 2.5, 0.0], [73.0, 25.0, -18.0]) - 27.1492).abs() < 1e-4);
        assert!(dichromat_apart("#FFFFFF", "#FFFFFF") < 1e-9);
        assert!(dichromat_apart("#CC3311", "#117733") < 10.0);
        assert!(dichromat_apart("#332288", "#DDCC77") > 40.0);
    }
}
