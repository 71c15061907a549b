//! The connected webs of line pixels a grid may be drawn in, and the outlines they could be.

use super::{Point, Quad};

/// A connected set of ink pixels, kept as its extreme points: the corners of a grid drawn in it.
pub(super) struct Blob {
    pixels: usize,
    /// The pixels with the least and most `x + y`, and the most and least `x - y`:
    /// top-left, bottom-right, top-right, bottom-left.
    corners: [(usize, usize); 4],
}

/// The blobs of a `w × h` picture's ink, two pixels joining when neither way are they more than
/// `reach` apart (1: 8-connected).
pub(super) fn blobs(ink: &[bool], w: usize, h: usize, reach: usize) -> Vec<Blob> {
    // Pixels not yet taken into a blob.
    let mut todo = ink.to_vec();
    let mut stack = Vec::new();
    let mut found = Vec::new();
    for start in 0..ink.len() {
        if !todo[start] {
            continue;
        }
        todo[start] = false;
        stack.push(start);
        let at = (start % w, start / w);
        let mut blob = Blob {
            pixels: 0,
            corners: [at; 4],
        };
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            blob.take(x, y);
            let (left, right) = (x.saturating_sub(reach), (x + reach + 1).min(w));
            for ny in y.saturating_sub(reach)..(y + reach + 1).min(h) {
                let first = ny * w + left;
                for (n, pixel) in todo[first..ny * w + right].iter_mut().enumerate() {
                    if *pixel {
                        *pixel = false;
                        stack.push(first + n);
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

    /// The blob's outline when it could be a grid in a `w × h` picture: big enough, convex, not
    /// too skewed, and not solid inside (lines, not a filled shape).
    pub(super) fn outline(&self, w: usize, h: usize) -> Option<Quad> {
        let [tl, br, tr, bl] = self.corners;
        let quad = Quad([tl, tr, br, bl].map(|(x, y)| Point {
            x: x as f32,
            y: y as f32,
        }));
        let hollow = (self.pixels as f32) < HOLLOW * quad.area();
        (hollow && quad.is_plausible(w, h)).then_some(quad)
    }
}

impl Quad {
    /// Whether it could be a grid's outline in a `w × h` picture: big enough, convex, and not
    /// too skewed.
    pub(super) fn is_plausible(&self, w: usize, h: usize) -> bool {
        let sides = self.sides();
        let shortest = sides.iter().copied().fold(f32::INFINITY, f32::min);
        let longest = sides.iter().copied().fold(0.0, f32::max);
        shortest >= w.min(h) as f32 / 6.0 && longest <= 3.0 * shortest && self.is_convex()
    }

    /// Whether `other` lies inside it, each corner at most a fiftieth of its longest side out.
    pub(super) fn holds(&self, other: &Quad) -> bool {
        let slack = self.sides().into_iter().fold(0.0, f32::max) / 50.0;
        let p = self.0;
        let sign = self.turning();
        other.0.iter().all(|q| {
            (0..4).all(|i| {
                let (a, b) = (p[i], p[(i + 1) % 4]);
                let cross = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x);
                // The signed distance of `q` inside the side from `a` to `b`.
                sign * cross / (b.x - a.x).hypot(b.y - a.y).max(1e-6) >= -slack
            })
        })
    }

    /// 1 when its corners run clockwise in picture pixels (y down), else -1.
    fn turning(&self) -> f32 {
        let p = self.0;
        let twice: f32 = (0..4)
            .map(|i| p[i].x * p[(i + 1) % 4].y - p[(i + 1) % 4].x * p[i].y)
            .sum();
        twice.signum()
    }

    /// Whether it is, but for a stray pixel, `other`.
    pub(super) fn is_near(&self, other: &Quad) -> bool {
        self.within(other, SAME_PX)
    }

    /// Whether each of its corners is within `px` of `other`'s.
    fn within(&self, other: &Quad, px: f32) -> bool {
        (self.0.iter().zip(&other.0)).all(|(p, q)| (p.x - q.x).hypot(p.y - q.y) <= px)
    }

    /// The area it encloses.
    pub(super) fn area(&self) -> f32 {
        let p = self.0;
        let twice: f32 = (0..4)
            .map(|i| p[i].x * p[(i + 1) % 4].y - p[(i + 1) % 4].x * p[i].y)
            .sum();
        twice.abs() / 2.0
    }

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

/// The most of its outline's area a grid's web may cover: a small grid's thick, blurred lines
/// cover most of it.
const HOLLOW: f32 = 0.8;

/// Outlines whose corners are all this close, in search pixels, are one (the same grid's web,
/// a stray pixel apart), fitted once.
const SAME_PX: f32 = 2.0;

/// The `each` largest plausible outlines of the blobs of each of `webs` (line pixels, and how
/// far apart two may be and join: 1 next to each other, 2 across a blank pixel, so dashed lines
/// and lines that fade where they meet stay one web), each outline once (or nearly the same once).
pub(super) fn outlines(webs: &[(&Vec<bool>, usize)], w: usize, h: usize, each: usize) -> Vec<Quad> {
    let mut all: Vec<Quad> = Vec::new();
    for &(ink, reach) in webs {
        let mut quads: Vec<Quad> = blobs(ink, w, h, reach)
            .iter()
            .filter_map(|blob| blob.outline(w, h))
            .collect();
        quads.sort_by(|a, b| b.area().total_cmp(&a.area()));
        quads.truncate(each);
        for quad in quads {
            if !all.iter().any(|q| q.within(&quad, SAME_PX)) {
                all.push(quad);
            }
        }
    }
    all
}
