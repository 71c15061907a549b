//! Following a grid from frame to frame: a camera's grid moves little between frames, so the
//! lines are looked for only around where it was, in its own polarity, and the last outline is
//! snapped onto them; the whole search runs only when that fails (the grid moved far or left).

use super::outline::{self, CLEAR_GRID, Found, Lines, SEARCH_SIDE};
use super::ridges;
use super::{Picture, Point, Quad, Sighting};

/// What a live view last found, so the next frame can look near it.
#[derive(Clone, Debug, Default)]
pub struct Tracker {
    /// The grid found in the last frame, and that frame's size.
    last: Option<(Found, (usize, usize))>,
}

impl Tracker {
    /// The grid in `picture`, the next frame of the view: near the last one when it is still
    /// there, else wherever the whole search finds one. A grid the frame's edge cuts is not
    /// followed: the whole search says whether it still runs off.
    pub fn find(&mut self, picture: &Picture) -> Option<Sighting> {
        let found = self.followed(picture).or_else(|| outline::find(picture));
        self.last = (found.filter(|found| !found.runs_off))
            .map(|found| (found, (picture.width(), picture.height())));
        found.map(|found| Sighting {
            outline: found.outline,
            runs_off: found.runs_off,
        })
    }

    /// The grid's outline in `picture` when it is near the last one, without the whole search.
    pub fn near(&self, picture: &Picture) -> Option<Quad> {
        self.followed(picture).map(|found| found.outline)
    }

    fn followed(&self, picture: &Picture) -> Option<Found> {
        let (last, size) = self.last?;
        (size == (picture.width(), picture.height()))
            .then(|| follow(picture, &last))
            .flatten()
    }
}

/// How far around the last outline its lines are looked for, in cells.
const REACH_CELLS: f32 = 1.0;

/// How far a corner may move between frames and still be followed, in cells: within this the
/// snapping reaches it, so the outline cannot land a cell off.
const FOLLOW_CELLS: f32 = 0.34;

/// The 9×9 grid `last` moved a little in `picture`, or `None` when it is not there.
fn follow(picture: &Picture, last: &Found) -> Option<Found> {
    if last.side != 9 {
        return None;
    }
    let (small, factor) = picture.fitted(SEARCH_SIDE);
    let scale = factor as f32;
    let before = last.outline.0.map(|p| Point {
        x: p.x / scale - 0.5,
        y: p.y / scale - 0.5,
    });
    let cell = Quad(before).sides().into_iter().fold(0.0, f32::max) / 9.0;
    let reach = REACH_CELLS * cell;
    let (xs, ys) = (before.map(|p| p.x), before.map(|p| p.y));
    let low = |v: [f32; 4]| (v.into_iter().fold(f32::INFINITY, f32::min) - reach).max(0.0);
    let high = |v: [f32; 4]| v.into_iter().fold(0.0, f32::max) + reach;
    let (left, top) = (low(xs) as usize, low(ys) as usize);
    let (right, bottom) = (high(xs) as usize + 1, high(ys) as usize + 1);
    let window = small.window(left, top, right.saturating_sub(left), bottom - top)?;
    let ink = ridges::lines(
        &ridges::ridges(&window, last.light_on_dark),
        ridges::RIDGE_MARGIN,
    );
    let inked = ridges::inked(&ink, window.width(), window.height())?;
    let shift = |p: Point, by: f32| Point {
        x: p.x + by * left as f32,
        y: p.y + by * top as f32,
    };
    let start = Quad(before.map(|p| shift(p, -1.0)));
    let first = outline::fit(&inked, &start, Lines::Near, 9)?;
    if first.score < CLEAR_GRID {
        return None;
    }
    let snapped = outline::snapped(&inked, start, &first, Lines::Near, 9);
    let moved = (snapped.0.iter().zip(&start.0))
        .any(|(p, q)| (p.x - q.x).hypot(p.y - q.y) > FOLLOW_CELLS * cell);
    match moved {
        true => None,
        false => Some(Found {
            outline: outline::unshrunk(&Quad(snapped.0.map(|p| shift(p, 1.0))), factor),
            ..*last
        }),
    }
}
