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
/// `reach` apart (1: 8-connected), in the order of their first pixels. Joined run by run rather
/// than pixel by pixel: a wide reach would look at hundreds of neighbours a pixel.
pub(super) fn blobs(ink: &[bool], w: usize, h: usize, reach: usize) -> Vec<Blob> {
    let runs = runs(ink, w, reach);
    // Where each row's runs start.
    let mut starts = vec![0; h + 1];
    for run in &runs {
        starts[run.y + 1] += 1;
    }
    for y in 0..h {
        starts[y + 1] += starts[y];
    }
    let mut parent: Vec<usize> = (0..runs.len()).collect();
    for (i, run) in runs.iter().enumerate() {
        for y in run.y.saturating_sub(reach)..run.y {
            for (j, other) in (starts[y]..).zip(&runs[starts[y]..starts[y + 1]]) {
                if other.x0 > run.x1 + reach {
                    break;
                }
                if run.x0 <= other.x1 + reach {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    parent[a.max(b)] = a.min(b);
                }
            }
        }
    }
    let mut found: Vec<Blob> = Vec::new();
    let mut index = vec![usize::MAX; runs.len()];
    for (i, run) in runs.iter().enumerate() {
        let r = root(&mut parent, i);
        if index[r] == usize::MAX {
            index[r] = found.len();
            found.push(Blob {
                pixels: 0,
                corners: [(run.x0, run.y); 4],
            });
        }
        found[index[r]].take(run);
    }
    found
}

/// A stretch of a row whose ink pixels are at most the reach apart: its first and last, which
/// are ink, and how many ink pixels it holds.
struct Run {
    y: usize,
    x0: usize,
    x1: usize,
    pixels: usize,
}

/// The runs of a picture `w` wide, row by row.
fn runs(ink: &[bool], w: usize, reach: usize) -> Vec<Run> {
    let mut runs = Vec::new();
    for (y, row) in ink.chunks_exact(w.max(1)).enumerate() {
        let mut current: Option<Run> = None;
        for (x, _) in row.iter().enumerate().filter(|p| *p.1) {
            match &mut current {
                Some(run) if x - run.x1 <= reach => {
                    run.x1 = x;
                    run.pixels += 1;
                }
                _ => {
                    runs.extend(current.take());
                    current = Some(Run {
                        y,
                        x0: x,
                        x1: x,
                        pixels: 1,
                    });
                }
            }
        }
        runs.extend(current);
    }
    runs
}

/// The run that stands for the blob of run `i`, the paths to it shortened on the way.
fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

impl Blob {
    /// Takes in a run's pixels: its first and last are its extreme points.
    fn take(&mut self, run: &Run) {
        self.pixels += run.pixels;
        let [tl, br, tr, bl] = &mut self.corners;
        let sum = |(x, y): (usize, usize)| x + y;
        let diff = |(x, y): (usize, usize)| x as isize - y as isize;
        let (first, last) = ((run.x0, run.y), (run.x1, run.y));
        if sum(first) < sum(*tl) {
            *tl = first;
        }
        if sum(last) > sum(*br) {
            *br = last;
        }
        if diff(last) > diff(*tr) {
            *tr = last;
        }
        if diff(first) < diff(*bl) {
            *bl = first;
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
        let blobs = blobs(ink, w, h, reach);
        let quads = blobs.iter().filter_map(|blob| blob.outline(w, h));
        let quads =
            crate::order::first_by(quads, each, |a, b| b.area().total_cmp(&a.area()).is_lt());
        for quad in quads {
            if !all.iter().any(|q| q.within(&quad, SAME_PX)) {
                all.push(quad);
            }
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `w × h` picture's ink at `pixels`.
    fn ink(w: usize, h: usize, pixels: &[(usize, usize)]) -> Vec<bool> {
        let mut ink = vec![false; w * h];
        pixels.iter().for_each(|&(x, y)| ink[y * w + x] = true);
        ink
    }

    #[test]
    fn pixels_join_when_neither_way_they_are_more_than_the_reach_apart() {
        // Three apart across and two down; then four across from the second on the same row.
        let ink = ink(20, 10, &[(2, 2), (5, 4), (9, 4)]);
        let counts = |reach| -> Vec<usize> {
            blobs(&ink, 20, 10, reach)
                .iter()
                .map(|b| b.pixels)
                .collect()
        };
        assert_eq!(counts(2), [1, 1, 1]);
        assert_eq!(counts(3), [2, 1]);
        assert_eq!(counts(4), [3]);
        let joined = blobs(&ink, 20, 10, 4);
        assert_eq!(joined[0].corners, [(2, 2), (9, 4), (9, 4), (2, 2)]);
    }

    #[test]
    fn a_frame_whose_corners_broke_off_is_one_web_at_the_wide_reach() {
        let (w, h) = (120, 120);
        let mut pixels = Vec::new();
        // Four sides three pixels thick, each stopping five pixels short of the corners.
        for k in 15..=105 {
            for t in 0..3 {
                pixels.extend([(k, 10 + t), (k, 108 + t), (10 + t, k), (108 + t, k)]);
            }
        }
        let ink = ink(w, h, &pixels);
        let plain = blobs(&ink, w, h, 2);
        assert_eq!(plain.len(), 4);
        assert!(plain.iter().all(|b| b.outline(w, h).is_none()));
        let wide = blobs(&ink, w, h, 6);
        assert_eq!(wide.len(), 1);
        let outline = wide[0].outline(w, h).expect("a frame's outline");
        assert!(outline.area() > 85.0 * 85.0, "{outline:?}");
    }
}
