//! Undoing the perspective: the grid's outline mapped back to a square, cut into cell patches.

use super::{Picture, Point, Quad};

/// The side of a cell patch, in pixels: what the digit classifier looks at.
pub const PATCH: usize = 32;

/// A cell as the classifier sees it: `PATCH × PATCH` grey bytes, row by row, the cell's borders
/// at the patch's edges.
pub type Patch = [u8; PATCH * PATCH];

/// The perspective that takes the unit square onto a quadrilateral (corners in the order of
/// [`Quad`]): how a flat grid photographed at an angle looks.
#[derive(Clone, Copy, Debug)]
pub struct Perspective {
    a: f64,
    b: f64,
    c: f64,
    d: f64,
    e: f64,
    f: f64,
    g: f64,
    h: f64,
}

impl Perspective {
    /// The perspective onto `quad`, or `None` when its corners are degenerate.
    pub fn onto(quad: &Quad) -> Option<Perspective> {
        let [p0, p1, p2, p3] = quad.0.map(|p| (f64::from(p.x), f64::from(p.y)));
        let (dx1, dx2, dx3) = (p1.0 - p2.0, p3.0 - p2.0, p0.0 - p1.0 + p2.0 - p3.0);
        let (dy1, dy2, dy3) = (p1.1 - p2.1, p3.1 - p2.1, p0.1 - p1.1 + p2.1 - p3.1);
        let det = dx1 * dy2 - dx2 * dy1;
        if det.abs() < 1e-9 {
            return None;
        }
        let g = (dx3 * dy2 - dx2 * dy3) / det;
        let h = (dx1 * dy3 - dx3 * dy1) / det;
        let map = Perspective {
            a: p1.0 - p0.0 + g * p1.0,
            b: p3.0 - p0.0 + h * p3.0,
            c: p0.0,
            d: p1.1 - p0.1 + g * p1.1,
            e: p3.1 - p0.1 + h * p3.1,
            f: p0.1,
            g,
            h,
        };
        map.is_finite().then_some(map)
    }

    fn is_finite(&self) -> bool {
        [
            self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h,
        ]
        .iter()
        .all(|v| v.is_finite())
    }

    /// Where the point `(u, v)` of the unit square lands.
    pub fn map(&self, u: f64, v: f64) -> Point {
        let w = self.g * u + self.h * v + 1.0;
        Point {
            x: ((self.a * u + self.b * v + self.c) / w) as f32,
            y: ((self.d * u + self.e * v + self.f) / w) as f32,
        }
    }
}

/// The share of a cell's width its patch covers, by board: a 16×16 grid's symbols (two-digit
/// numbers especially) are printed small in their cells, so its patches are cut from the cells'
/// middles, enlarged, and the classifier is trained on them cut so.
fn cut_share(side: usize) -> f64 {
    if side == 16 { SIXTEEN_SHARE } else { 1.0 }
}

/// See [`cut_share`].
const SIXTEEN_SHARE: f64 = 0.75;

/// The `side × side` cells of the grid outlined by `outline`, row by row. Each patch pixel is
/// the mean of 2×2 samples, so a large photo's fine strokes are not skipped.
pub fn cell_patches(picture: &Picture, outline: &Quad, side: usize) -> Option<Vec<Patch>> {
    let map = Perspective::onto(outline)?;
    // Two samples a patch pixel each way; a cell's samples start `inset` samples in from its
    // edge and lie `share` samples apart (the whole cell: none in, one apart).
    let fine = (side * PATCH * 2) as f64;
    let share = cut_share(side);
    let inset = (1.0 - share) * PATCH as f64;
    let offsets: Vec<f64> = (0..2 * PATCH)
        .map(|s| inset + share * (s as f64 + 0.5))
        .collect();
    let patches = (0..side * side)
        .map(|cell| {
            let (top, left) = (
                (cell / side * PATCH * 2) as f64,
                (cell % side * PATCH * 2) as f64,
            );
            let sample = |i: usize, j: usize| {
                let p = map.map((left + offsets[j]) / fine, (top + offsets[i]) / fine);
                picture.sample(p.x, p.y)
            };
            std::array::from_fn(|k| {
                let (i, j) = (2 * (k / PATCH), 2 * (k % PATCH));
                let (a, b) = (sample(i, j), sample(i, j + 1));
                let (c, d) = (sample(i + 1, j), sample(i + 1, j + 1));
                ((a + b + c + d) / 4.0).round() as u8
            })
        })
        .collect();
    Some(patches)
}

/// The cells of a `side × side` grid as they read after the picture is turned a quarter turn
/// clockwise: the grid's cells move and each patch turns with them.
pub fn quarter_turn(patches: &[Patch], side: usize) -> Vec<Patch> {
    moved(patches, side)
        .into_iter()
        .map(|from| {
            std::array::from_fn(|k| {
                let (i, j) = (k / PATCH, k % PATCH);
                from[(PATCH - 1 - j) * PATCH + i]
            })
        })
        .collect()
}

/// What is known of each cell of a `side × side` grid, in the cells' places after a quarter
/// turn clockwise.
pub fn moved<T: Copy>(cells: &[T], side: usize) -> Vec<T> {
    (0..side * side)
        .map(|cell| cells[(side - 1 - cell % side) * side + cell / side])
        .collect()
}
