//! Whether a grid runs off the picture's edge: a photo that cut off a row or a column still
//! holds a web of lines that fits nine cells a side, but the puzzle read from it is another.

use super::{Perspective, Picture, Point, Quad};

/// Whether the grid of `side` cells a side outlined by `quad` (on its outer lines' middles, in
/// the pixels of the search picture `grey` and of `inked`, its ridge pixels) was cut by the
/// picture's edge: a corner lies beyond it, a side at it is no border, or most of a side's
/// lines run on from the outline to it (the outline found is the part left). `light_on_dark`:
/// the grid's lines are lighter than its ground.
pub(super) fn runs_off(
    grey: &Picture,
    inked: &Picture,
    quad: &Quad,
    side: usize,
    light_on_dark: bool,
) -> bool {
    let (w, h) = (grey.width() as f32, grey.height() as f32);
    let longest = quad.sides().into_iter().fold(0.0, f32::max);
    // A border the picture cut through leaves the cells whole.
    let slack = OUT_CELLS * longest / side as f32;
    let near = |p: &Point| (-slack..w + slack).contains(&p.x) && (-slack..h + slack).contains(&p.y);
    if !quad.0.iter().all(near) {
        return true;
    }
    let Some(map) = Perspective::onto(quad) else {
        return false;
    };
    let grid = Grid {
        map,
        side: side as f64,
        longest,
        size: (w, h),
        flip: if light_on_dark { -1.0 } else { 1.0 },
    };
    (0..4).any(|out| {
        let running = (0..=side)
            .filter(|&k| grid.runs_on(inked, out, k as f64 / side as f64))
            .count();
        (grid.at_edge(out) && !grid.bordered(grey, out)) || running * RUNNING_SHARE_OF > side
    })
}

/// An outline as the unit square mapped onto the picture, looked at beyond its sides.
struct Grid {
    map: Perspective,
    side: f64,
    /// Its longest side, in pixels.
    longest: f32,
    /// The picture's width and height.
    size: (f32, f32),
    /// -1 when the lines are lighter than the ground, else 1: grey levels times this are
    /// lower on a line.
    flip: f32,
}

impl Grid {
    /// The point `beyond` (a share of the grid) past side `out` (0: left, 1: right, 2: top, 3:
    /// bottom; inside when negative), at `at` along it (0 to 1).
    fn point(&self, out: usize, beyond: f64, at: f64) -> Point {
        let across = if out.is_multiple_of(2) {
            -beyond
        } else {
            1.0 + beyond
        };
        if out < 2 {
            self.map.map(across, at)
        } else {
            self.map.map(at, across)
        }
    }

    fn outside(&self, p: Point) -> bool {
        !(0.0..self.size.0).contains(&p.x) || !(0.0..self.size.1).contains(&p.y)
    }

    /// Whether side `out` is within [`RUN_CELLS`] of the picture's edge.
    fn at_edge(&self, out: usize) -> bool {
        let beyond = f64::from(RUN_CELLS) / self.side;
        [0.0, 1.0]
            .iter()
            .any(|&at| self.outside(self.point(out, beyond, at)))
    }

    /// Whether side `out` is a border: darker in `grey` (lighter, light on dark) than the
    /// ground a little in or out, along most of it (a shaded box's ground is only a little
    /// lighter than its lines). The edge cutting through a row of cells can pass for a line in
    /// the ridges, not in the grey.
    fn bordered(&self, grey: &Picture, out: usize) -> bool {
        let apart = INSIDE_CELLS / self.side;
        let samples = (self.longest.ceil() as usize).max(1);
        let level = |p: Point| self.flip * grey.sample(p.x, p.y);
        let darker = (0..samples)
            .filter(|&k| {
                let at = (k as f64 + 0.5) / samples as f64;
                let line = self.point(out, 0.0, at);
                // The darkest within a pixel: the outline may sit a pixel off the line's middle.
                let line = (-1..=1)
                    .flat_map(|dy| (-1..=1).map(move |dx| (dx as f32, dy as f32)))
                    .map(|(dx, dy)| {
                        level(Point {
                            x: line.x + dx,
                            y: line.y + dy,
                        })
                    })
                    .fold(f32::INFINITY, f32::min);
                // Beyond the picture, its edge's pixels, about as dark as the line's.
                let ground =
                    level(self.point(out, -apart, at)).max(level(self.point(out, apart, at)));
                line + BORDER_CONTRAST < ground
            })
            .count();
        darker as f64 >= BORDER_SHARE * samples as f64
    }

    /// Whether the line at `at` (0 to 1 across the grid), drawn on beyond side `out`, stays ink
    /// in `inked`, but for short gaps, all the way to the picture's edge, from at least
    /// [`RUN_CELLS`] away: a grid's own line that a photo cut. Beyond a whole grid's border the
    /// ground shows a gap before any text, rules or the edge.
    fn runs_on(&self, inked: &Picture, out: usize, at: f64) -> bool {
        // About a pixel a step.
        let step = 1.0 / f64::from(self.longest.max(1.0));
        let (gap_most, run_least) = (GAP_CELLS / self.side, f64::from(RUN_CELLS) / self.side);
        let (mut beyond, mut gap, mut ink, mut samples) = (0.0, 0.0, 0.0, 0.0);
        // The far side, drawn on, may never meet the edge: it bends to the horizon.
        while beyond <= MOST_SQUARES {
            let p = self.point(out, beyond, at);
            if self.outside(p) {
                return beyond >= run_least
                    && gap <= EDGE_GAP_PX * step
                    && ink >= INK_SHARE * samples;
            }
            let inked = inked_near(inked, p);
            gap = if inked { 0.0 } else { gap + step };
            samples += 1.0;
            ink += f64::from(u8::from(inked));
            if gap > gap_most {
                return false;
            }
            beyond += step;
        }
        false
    }
}

/// Whether a ridge pixel of `inked` lies within a pixel of `p`: a line drawn on from the outline
/// drifts a little off the line it follows.
fn inked_near(inked: &Picture, p: Point) -> bool {
    let (x, y) = (p.x.round() as isize, p.y.round() as isize);
    let w = inked.width() as isize;
    (-1..=1).any(|dy| {
        (-1..=1).any(|dx| {
            let (px, py) = (x + dx, y + dy);
            (0..w).contains(&px)
                && py >= 0
                && inked
                    .pixels()
                    .get((py * w + px) as usize)
                    .is_some_and(|&v| v > 0)
        })
    })
}

/// How far, in cells, an outline's corner may lie beyond the picture's edge: the border's
/// middle, where the outline runs, is out, but the cells are in.
const OUT_CELLS: f32 = 0.2;

/// How far in or out from a side at the edge, in cells, the ground it must stand out from is
/// taken: between the border and a digit.
const INSIDE_CELLS: f64 = 0.25;

/// How many grey levels a border must stand out from the ground.
const BORDER_CONTRAST: f32 = 10.0;

/// The share of a side at the picture's edge that must stand out for it to be the border (text
/// or shading beside a border hides some of it).
const BORDER_SHARE: f64 = 0.35;

/// How far beyond the outline, in cells, a line must run on to the edge to count: a side nearer
/// the edge is judged by whether it is a border.
const RUN_CELLS: f32 = 0.3;

/// How far beyond the outline, in outlines, a line is drawn on to meet the picture's edge.
const MOST_SQUARES: f64 = 4.0;

/// The longest gap, in cells, in a line that runs on to the picture's edge.
const GAP_CELLS: f64 = 0.1;

/// The share of a line that runs on that is ink: a line's, not text's.
const INK_SHARE: f64 = 0.9;

/// The longest gap, in steps of about a pixel, between a line that runs on and the edge.
const EDGE_GAP_PX: f64 = 2.0;

/// At least one in this many of a side's lines run on to the edge when the grid runs off: fewer
/// may be a page's rules or another grid beside it.
const RUNNING_SHARE_OF: usize = 2;
