//! Finding the grid: the largest connected web of dark lines that looks like a quadrilateral.

use super::{Perspective, Picture, Point, Quad};

/// The longer side the search works at: enough to place corners within a pixel or two of a
/// phone photo's grid, small enough for a live preview.
pub const SEARCH_SIDE: usize = 640;

/// The outline of the likeliest grid in `picture`, in its own pixels, and how many cells a
/// side its lines make.
pub fn find(picture: &Picture) -> Option<(Quad, usize)> {
    let (small, factor) = picture.fitted(SEARCH_SIDE);
    let ink = ink(&small);
    let best = blobs(&ink, small.width(), small.height())
        .into_iter()
        .filter_map(|blob| plausible(&blob, small.width(), small.height()))
        .max_by(|a, b| area(a).total_cmp(&area(b)))?;
    let inked = ink.iter().map(|&i| if i { 255 } else { 0 }).collect();
    let inked = Picture::from_luma(small.width(), small.height(), inked).ok()?;
    let first = fit(&inked, &best)?;
    // Another board's lines hold 9×9 blocks of cells, which snapping would take for the grid.
    let side = first.side;
    let best = match side {
        9 => straightened(&inked, best, &first, small.width(), small.height()),
        _ => best,
    };
    let scale = factor as f32;
    let outline = Quad(best.0.map(|p| Point {
        x: (p.x + 0.5) * scale,
        y: (p.y + 0.5) * scale,
    }));
    Some((outline, side))
}

/// The other boards a grid's lines are told apart from a 9×9 one: cells a side.
const OTHER_SIDES: [usize; 3] = [4, 6, 16];

/// How many times more ink another board's own lines must have than a 9×9 grid's own lines
/// for the grid to be taken for that board.
const OTHER_SIDE_RATIO: f32 = 2.0;

/// Rounds of [`snap`]: the second straightens what the first left slanted.
const REFINEMENTS: usize = 2;

/// The side of the square a candidate outline is straightened to when it is checked.
const SNAP_SIDE: usize = 360;

/// The blob's outline, or a snapped one that fits a grid's lines far better: the ink blob a
/// grid belongs to may take in lines beside it (a neighbouring puzzle, a crossword). A good
/// blob outline scores a little below its own snapped one, which sits on the lines' middles
/// rather than the border's outer edge; one that took in other lines scores far below.
fn straightened(inked: &Picture, blob: Quad, first: &Fit, w: usize, h: usize) -> Quad {
    if first.score >= CLEAR_GRID {
        return blob;
    }
    let mut best: Option<(f32, Quad)> = None;
    let mut current = *first;
    for _ in 0..REFINEMENTS {
        let snapped = current.snapped;
        if !plausible_quad(&snapped, w, h) {
            break;
        }
        let Some(next) = fit(inked, &snapped) else {
            break;
        };
        if moved(&blob, &snapped) && best.is_none_or(|(s, _)| next.score > s) {
            best = Some((next.score, snapped));
        }
        current = next;
    }
    match best {
        Some((score, quad)) if score > FAR_BETTER * first.score => quad,
        _ => blob,
    }
}

/// A blob outline scoring this or more fits a grid as it is (the good ones score 0.25 to
/// 0.6, those that took in other lines below 0.05), so the search for a better one is
/// skipped: a live preview cannot afford it on every frame.
const CLEAR_GRID: f32 = 0.2;

/// How many times the blob outline's score a snapped outline must reach to replace it.
const FAR_BETTER: f32 = 2.0;

/// How well an outline fits a grid, and where its ten lines each way seem to be.
#[derive(Clone, Copy)]
struct Fit {
    /// How much more ink lies on the outline's own ten lines each way than on average.
    score: f32,
    /// The outline moved onto the ten evenly spaced lines each way with the most ink.
    snapped: Quad,
    /// How many cells a side the grid's inner lines make: 9, or one of [`OTHER_SIDES`].
    side: usize,
}

/// Straightens the outline to a square and looks at its ink, column by column and row by row.
/// `inked` is 255 on ink and 0 elsewhere.
fn fit(inked: &Picture, quad: &Quad) -> Option<Fit> {
    let map = Perspective::onto(quad)?;
    let n = SNAP_SIDE;
    let mut columns = vec![0f32; n];
    let mut rows = vec![0f32; n];
    for (i, row) in rows.iter_mut().enumerate() {
        let v = (i as f64 + 0.5) / n as f64;
        for (j, column) in columns.iter_mut().enumerate() {
            let p = map.map((j as f64 + 0.5) / n as f64, v);
            let value = inked.sample(p.x, p.y) / (255.0 * n as f32);
            *column += value;
            *row += value;
        }
    }
    let mean = columns.iter().sum::<f32>() / n as f32;
    let own = n as f32 / 9.0;
    let score = (lines_ink(&columns, -0.5, own) + lines_ink(&rows, -0.5, own)) / 20.0 - mean;
    let (left, across) = ten_lines(&columns);
    let (top, down) = ten_lines(&rows);
    let corner = |u: f32, v: f32| map.map(f64::from(u) / n as f64, f64::from(v) / n as f64);
    let snapped = Quad([
        corner(left, top),
        corner(left + 9.0 * across, top),
        corner(left + 9.0 * across, top + 9.0 * down),
        corner(left, top + 9.0 * down),
    ]);
    let side = board_side(&columns, &rows);
    Some(Fit {
        score,
        snapped,
        side,
    })
}

/// How many cells a side the grid's inner lines make, from the ink of `columns` and `rows` of a
/// straightened outline: 9, or one of [`OTHER_SIDES`] when that board's own lines carry the
/// ink.
fn board_side(columns: &[f32], rows: &[f32]) -> usize {
    let n = columns.len();
    // The mean ink on the inner lines of a `side` board that boards of `others` lack.
    let ink_on = |side: usize, others: &[usize]| {
        let spacing = n as f32 / side as f32;
        let (sum, count) = (1..side)
            .filter(|&k| others.iter().all(|&o| k * o % side != 0))
            .map(|k| line_ink(columns, k as f32 * spacing) + line_ink(rows, k as f32 * spacing))
            .fold((0.0, 0), |(s, c), ink| (s + ink, c + 2));
        sum / count.max(1) as f32
    };
    // How much more ink a board's own lines (without a smaller board's it contains) have than
    // the 9×9 grid's own lines; above OTHER_SIDE_RATIO, the lines are that board's.
    let fits = |side: usize| {
        let mut others = vec![9];
        others.extend(
            OTHER_SIDES
                .into_iter()
                .filter(|&o| o < side && side.is_multiple_of(o)),
        );
        let ratio = ink_on(side, &others) / ink_on(9, &[side]).max(1e-6);
        (ratio > OTHER_SIDE_RATIO).then_some((side, ratio))
    };
    // A 16×16 grid holds every line of a 4×4 one, but a 4×4 grid none of the 16×16's own.
    fits(16)
        .or_else(|| {
            [4, 6]
                .into_iter()
                .filter_map(fits)
                .max_by(|a, b| a.1.total_cmp(&b.1))
        })
        .map_or(9, |(side, _)| side)
}

/// Whether snapping moved a corner by more than a quarter of a cell: the blob took in lines
/// beside the grid. Less is the width of the border line, whose outer edge the blob's corners
/// already mark, as the patches' edges expect.
fn moved(blob: &Quad, snapped: &Quad) -> bool {
    let cell = blob.sides().iter().sum::<f32>() / 36.0;
    (0..4).any(|i| {
        let (a, b) = (blob.0[i], snapped.0[i]);
        (a.x - b.x).hypot(a.y - b.y) > cell / 4.0
    })
}

/// The ink a profile has on ten lines `spacing` apart from `start` (each the most within a
/// pixel of where it should be).
fn lines_ink(profile: &[f32], start: f32, spacing: f32) -> f32 {
    (0..10)
        .map(|k| line_ink(profile, start + k as f32 * spacing))
        .sum()
}

/// The most ink a profile has within a pixel of `x`.
fn line_ink(profile: &[f32], x: f32) -> f32 {
    let at = x.round() as isize;
    (at - 1..=at + 1)
        .filter_map(|k| usize::try_from(k).ok().and_then(|k| profile.get(k)))
        .fold(0.0f32, |a, &b| a.max(b))
}

/// Where ten evenly spaced lines take the most ink from `profile`: the first line's position
/// and the spacing, from half the profile's width up to all of it.
fn ten_lines(profile: &[f32]) -> (f32, f32) {
    let n = profile.len() as f32;
    let mut best = (0.0, n / 9.0, f32::MIN);
    let mut spacing = n / 18.0;
    while spacing * 9.0 <= n + 1.0 {
        let mut start = -1.0;
        while start + 9.0 * spacing <= n + 1.0 {
            let score = lines_ink(profile, start, spacing);
            if score > best.2 {
                best = (start, spacing, score);
            }
            start += 0.5;
        }
        spacing += 0.25;
    }
    (best.0, best.1)
}

/// Which pixels are ink: darker than their neighbourhood by a margin, so shadows and uneven
/// light do not matter.
fn ink(picture: &Picture) -> Vec<bool> {
    let (w, h) = (picture.width(), picture.height());
    let radius = (w.max(h) / 48).max(2);
    let mut sums = vec![0u32; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0u32;
        for x in 0..w {
            row += u32::from(picture.pixels()[y * w + x]);
            sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
        }
    }
    let mut ink = vec![false; w * h];
    for y in 0..h {
        let (top, bottom) = (y.saturating_sub(radius), (y + radius + 1).min(h));
        for x in 0..w {
            let (left, right) = (x.saturating_sub(radius), (x + radius + 1).min(w));
            let total = sums[bottom * (w + 1) + right] + sums[top * (w + 1) + left]
                - sums[top * (w + 1) + right]
                - sums[bottom * (w + 1) + left];
            let count = ((bottom - top) * (right - left)) as u32;
            let value = u32::from(picture.pixels()[y * w + x]);
            ink[y * w + x] = (value + INK_MARGIN) * count < total;
        }
    }
    ink
}

/// How much darker than its surroundings a pixel must be to count as ink.
const INK_MARGIN: u32 = 8;

/// A connected set of ink pixels, kept as its extreme points: the corners of a grid drawn in it.
struct Blob {
    pixels: usize,
    /// The pixels with the least and most `x + y`, and the most and least `x - y`:
    /// top-left, bottom-right, top-right, bottom-left.
    corners: [(usize, usize); 4],
}

/// The 8-connected ink blobs of a `w × h` picture.
fn blobs(ink: &[bool], w: usize, h: usize) -> Vec<Blob> {
    let mut seen = vec![false; ink.len()];
    let mut stack = Vec::new();
    let mut found = Vec::new();
    for start in 0..ink.len() {
        if !ink[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let at = (start % w, start / w);
        let mut blob = Blob {
            pixels: 0,
            corners: [at; 4],
        };
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            blob.take(x, y);
            for ny in y.saturating_sub(1)..(y + 2).min(h) {
                for nx in x.saturating_sub(1)..(x + 2).min(w) {
                    let n = ny * w + nx;
                    if ink[n] && !seen[n] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        found.push(blob);
    }
    found
}

impl Blob {
    fn take(&mut self, x: usize, y: usize) {
        self.pixels += 1;
        let [tl, br, tr, bl] = &mut self.corners;
        let (sum, diff) = (x + y, x as isize - y as isize);
        if sum < tl.0 + tl.1 {
            *tl = (x, y);
        }
        if sum > br.0 + br.1 {
            *br = (x, y);
        }
        if diff > tr.0 as isize - tr.1 as isize {
            *tr = (x, y);
        }
        if diff < bl.0 as isize - bl.1 as isize {
            *bl = (x, y);
        }
    }
}

/// The blob's outline when it could be a grid: big enough, convex, not too skewed, and mostly
/// empty inside (lines, not a solid shape).
fn plausible(blob: &Blob, w: usize, h: usize) -> Option<Quad> {
    let [tl, br, tr, bl] = blob.corners;
    let quad = Quad([tl, tr, br, bl].map(|(x, y)| Point {
        x: x as f32,
        y: y as f32,
    }));
    let hollow = (blob.pixels as f32) < 0.6 * area(&quad);
    (hollow && plausible_quad(&quad, w, h)).then_some(quad)
}

/// Whether a quadrilateral could be a grid's outline in a `w × h` picture: big enough,
/// convex, and not too skewed.
fn plausible_quad(quad: &Quad, w: usize, h: usize) -> bool {
    let sides = quad.sides();
    let shortest = sides.iter().copied().fold(f32::INFINITY, f32::min);
    let longest = sides.iter().copied().fold(0.0, f32::max);
    shortest >= w.min(h) as f32 / 6.0 && longest <= 3.0 * shortest && quad.is_convex()
}

/// The area a quadrilateral encloses.
fn area(quad: &Quad) -> f32 {
    let p = quad.0;
    let twice: f32 = (0..4)
        .map(|i| p[i].x * p[(i + 1) % 4].y - p[(i + 1) % 4].x * p[i].y)
        .sum();
    twice.abs() / 2.0
}

impl Quad {
    /// The lengths of its sides, top, right, bottom, left.
    pub fn sides(&self) -> [f32; 4] {
        let p = self.0;
        std::array::from_fn(|i| {
            let (a, b) = (p[i], p[(i + 1) % 4]);
            (a.x - b.x).hypot(a.y - b.y)
        })
    }

    /// Whether every corner turns the same way.
    pub fn is_convex(&self) -> bool {
        let p = self.0;
        let turns: Vec<f32> = (0..4)
            .map(|i| {
                let (a, b, c) = (p[i], p[(i + 1) % 4], p[(i + 2) % 4]);
                (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            })
            .collect();
        turns.iter().all(|&t| t > 0.0) || turns.iter().all(|&t| t < 0.0)
    }
}
