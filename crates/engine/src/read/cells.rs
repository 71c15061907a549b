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

/// The `side × side` cells of the grid outlined by `outline`, row by row. Each patch pixel is
/// the mean of 2×2 samples, so a large photo's fine strokes are not skipped.
pub fn cell_patches(picture: &Picture, outline: &Quad, side: usize) -> Option<Vec<Patch>> {
    let map = Perspective::onto(outline)?;
    let fine = side * PATCH * 2;
    let mut square = vec![0f32; fine * fine];
    for (i, row) in square.chunks_exact_mut(fine).enumerate() {
        let v = (i as f64 + 0.5) / fine as f64;
        for (j, value) in row.iter_mut().enumerate() {
            let p = map.map((j as f64 + 0.5) / fine as f64, v);
            *value = picture.sample(p.x, p.y);
        }
    }
    let at = |i: usize, j: usize| {
        let top = 2 * i * fine + 2 * j;
        (square[top] + square[top + 1] + square[top + fine] + square[top + fine + 1]) / 4.0
    };
    let patches = (0..side * side)
        .map(|cell| {
            let (top, left) = (cell / side * PATCH, cell % side * PATCH);
            std::array::from_fn(|k| {
                let (i, j) = (top + k / PATCH, left + k % PATCH);
                at(i, j).round() as u8
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
