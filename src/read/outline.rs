//! Finding the grid: the largest connected web of dark lines that looks like a quadrilateral.

use super::{Picture, Point, Quad};

/// The longer side the search works at: enough to place corners within a pixel or two of a
/// phone photo's grid, small enough for a live preview.
pub const SEARCH_SIDE: usize = 640;

/// The outline of the likeliest grid in `picture`, in its own pixels.
pub fn find(picture: &Picture) -> Option<Quad> {
    let (small, factor) = picture.fitted(SEARCH_SIDE);
    let ink = ink(&small);
    let best = blobs(&ink, small.width(), small.height())
        .into_iter()
        .filter_map(|blob| plausible(&blob, small.width(), small.height()))
        .max_by(|a, b| area(a).total_cmp(&area(b)))?;
    let scale = factor as f32;
    Some(Quad(best.0.map(|p| Point {
        x: (p.x + 0.5) * scale,
        y: (p.y + 0.5) * scale,
    })))
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
    let sides = quad.sides();
    let shortest = sides.iter().copied().fold(f32::INFINITY, f32::min);
    let longest = sides.iter().copied().fold(0.0, f32::max);
    let big = shortest >= w.min(h) as f32 / 6.0;
    let squarish = longest <= 2.0 * shortest;
    let hollow = (blob.pixels as f32) < 0.6 * area(&quad);
    (big && squarish && hollow && quad.is_convex()).then_some(quad)
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
