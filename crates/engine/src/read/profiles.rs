//! The ink of a straightened grid, summed by column and by row, and the corners its outer lines
//! make: what fitting an outline ([`super::outline`]) measures.

use super::{Perspective, Picture, Quad};

/// The ink of a straightened outline, `n` pixels a side plus `margin` around it, summed down
/// each column and along each row.
pub(super) struct Profiles {
    pub(super) columns: Vec<f32>,
    pub(super) rows: Vec<f32>,
    /// The same, from the top and bottom halves (columns) and left and right halves (rows):
    /// where a line lies in each tells how it slants, which one profile smears into its middle.
    pub(super) column_halves: [Vec<f32>; 2],
    pub(super) row_halves: [Vec<f32>; 2],
}

pub(super) fn profiles(inked: &Picture, map: &Perspective, n: usize, margin: usize) -> Profiles {
    let total = n + 2 * margin;
    let at = |k: usize| (k as f64 + 0.5 - margin as f64) / n as f64;
    let mut p = Profiles {
        columns: vec![0f32; total],
        rows: vec![0f32; total],
        column_halves: [vec![0f32; total], vec![0f32; total]],
        row_halves: [vec![0f32; total], vec![0f32; total]],
    };
    let half = |k: usize| usize::from(k >= total / 2);
    // Each pixel's place on the unit square, worked out once rather than for every sample.
    let places: Vec<f64> = (0..total).map(at).collect();
    for (i, &v) in places.iter().enumerate() {
        for (j, &u) in places.iter().enumerate() {
            let point = map.map(u, v);
            let value = inked.sample(point.x, point.y);
            p.columns[j] += value;
            p.rows[i] += value;
            p.column_halves[half(i)][j] += value;
            p.row_halves[half(j)][i] += value;
        }
    }
    // Scaled once here rather than sample by sample: a division each was a fifth of a fit.
    let scale = 1.0 / (255.0 * total as f32);
    let Profiles {
        columns,
        rows,
        column_halves: [top, bottom],
        row_halves: [left, right],
    } = &mut p;
    for profile in [columns, rows, top, bottom, left, right] {
        profile.iter_mut().for_each(|v| *v *= scale);
    }
    p
}

/// The corners in the picture of a grid of `side` cells a side: where its outer lines cross,
/// each line fitted with its slant from the two halves' profiles (`[columns, rows]`), starting
/// at `(start, spacing)` of each way.
pub(super) fn crossings(
    map: &Perspective,
    (n, margin, side): (usize, usize, usize),
    [column_halves, row_halves]: [&[Vec<f32>; 2]; 2],
    [(left, across), (top, down)]: [(f32, f32); 2],
) -> Quad {
    let total = n + 2 * margin;
    // Each line as where it lies along the other way: `offset + slope * along`, from its
    // place in each half, taken at the middle of the grid's part of that half.
    let (near, far) = (
        (margin + total / 2) as f32 / 2.0,
        (total / 2 + margin + n) as f32 / 2.0,
    );
    let line = |halves: &[Vec<f32>; 2], start: f32, spacing: f32, k: f32| {
        let [a, b] = [&halves[0], &halves[1]].map(|profile| {
            let (s, d) = refined(profile, start, spacing, side + 1);
            s + k * d
        });
        let slope = (b - a) / (far - near);
        (a - slope * near, slope)
    };
    // Where the vertical line `k` and the horizontal line `l` cross, in profile pixels, and
    // there in the picture (a profile pixel's middle is half a pixel in).
    let corner = |k: f32, l: f32| {
        let (a, b) = line(column_halves, left, across, k);
        let (c, d) = line(row_halves, top, down, l);
        let u = (a + b * c) / (1.0 - b * d);
        let v = c + d * u;
        let m = margin as f32 - 0.5;
        map.map(f64::from(u - m) / n as f64, f64::from(v - m) / n as f64)
    };
    let last = side as f32;
    Quad([
        corner(0.0, 0.0),
        corner(last, 0.0),
        corner(last, last),
        corner(0.0, last),
    ])
}

/// The start and spacing of `lines` evenly spaced lines fitted to each line's middle, again
/// while it moves: a window the search put a few pixels off a line sees only part of it, so one
/// fit stops short.
pub(super) fn refined(profile: &[f32], start: f32, spacing: f32, lines: usize) -> (f32, f32) {
    let mut fit = (start, spacing);
    for _ in 0..RECENTRES {
        let Some(next) = recentred(profile, fit.0, fit.1, lines) else {
            break;
        };
        // The fit may not wander off what the search found (a line's neighbour pulling it).
        if (next.1 - spacing).abs() >= spacing / 8.0 || (next.0 - start).abs() >= spacing / 4.0 {
            break;
        }
        let settled = (next.0 - fit.0).abs() < 0.05 && (next.1 - fit.1).abs() < 0.01;
        fit = next;
        if settled {
            break;
        }
    }
    fit
}

/// How many pixels either way a line may be smeared and still be found whole.
pub(super) const SMEAR: usize = 3;

/// At most how many times [`refined`] fits the lines again.
const RECENTRES: usize = 6;

/// The `lines` lines' start and spacing fitted by least squares to each line's middle (the
/// ink-weighted mean within a few pixels of where it should be), weighted by its ink.
fn recentred(profile: &[f32], start: f32, spacing: f32, lines: usize) -> Option<(f32, f32)> {
    let (mut sw, mut sk, mut sx, mut skk, mut skx) = (0.0f32, 0.0, 0.0, 0.0, 0.0);
    for k in 0..lines {
        let guess = start + k as f32 * spacing;
        let at = guess.round() as isize;
        let window: Vec<(f32, f32)> = (at - SMEAR as isize - 1..=at + SMEAR as isize + 1)
            .filter_map(|i| Some((i as f32, *profile.get(usize::try_from(i).ok()?)?)))
            .collect();
        let floor = window.iter().map(|w| w.1).fold(f32::INFINITY, f32::min);
        let mass: f32 = window.iter().map(|w| w.1 - floor).sum();
        if mass <= 0.0 || !mass.is_finite() {
            continue;
        }
        let x = window.iter().map(|w| w.0 * (w.1 - floor)).sum::<f32>() / mass;
        let k = k as f32;
        sw += mass;
        sk += mass * k;
        sx += mass * x;
        skk += mass * k * k;
        skx += mass * k * x;
    }
    let det = sw * skk - sk * sk;
    if det.abs() < 1e-9 {
        return None;
    }
    let slope = (sw * skx - sk * sx) / det;
    Some(((sx - slope * sk) / sw, slope))
}
