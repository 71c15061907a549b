//! Reading a puzzle from a photo: find the grid, undo the perspective, read each cell.
//!
//! Plain Rust over grey pixels, so the command line reads photos natively and the page's
//! worker reads camera frames; the browser decodes images, so no decoder ships in the wasm.

mod blobs;
mod cells;
mod choose;
pub mod digits;
mod edge;
mod legible;
mod outline;
mod picture;
mod profiles;
mod ridges;
mod steady;
mod track;

pub use cells::{PATCH, Patch, Perspective, cell_patches};
pub use legible::legible;
pub use picture::Picture;
pub use steady::Steadiness;
pub use track::Tracker;

use crate::board::{Grid, Shape};
use serde::{Deserialize, Serialize};

/// The longer side a photo is read at: a phone photo's cells stay several times the patch's
/// size, and a 50-megapixel one costs no more than a 4-megapixel one.
pub const READ_SIDE: usize = 2048;

/// Below this probability a cell is marked for the person to check.
pub const SURE: f32 = 0.9;

/// A cell read as blank this surely, upright, is blank in every turn.
const SURELY_BLANK: f32 = 0.99;

/// A point in picture pixels, x to the right and y down.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

/// A grid's outline: its corners top-left, top-right, bottom-right, bottom-left.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Quad(pub [Point; 4]);

/// A grid seen in a live view's frame: its outline, and whether the frame's edge cuts it (a
/// reading would be refused, [`ReadError::RunsOff`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sighting {
    pub outline: Quad,
    pub runs_off: bool,
}

/// A puzzle read from a picture. In messages, checked on arrival: its cells lie on its board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "ReadingParts", into = "ReadingParts")]
pub struct Reading {
    /// The givens read, blanks empty.
    pub puzzle: Grid,
    /// Per cell, how likely the reader finds what it put there (0 to 1).
    pub confidence: Vec<f32>,
    /// Cells the reader was unsure of, for the person to check, in reading order.
    pub unsure: Vec<usize>,
    /// Cells where the rules overruled the likeliest reading (all of them also unsure).
    pub corrected: Vec<usize>,
    /// Where the grid is in the picture.
    pub outline: Quad,
}

/// A reading's fields, in order, as they travel.
type ReadingParts = (Grid, Vec<f32>, Vec<usize>, Vec<usize>, Quad);

impl TryFrom<ReadingParts> for Reading {
    type Error = crate::board::NotABoard;

    fn try_from(parts: ReadingParts) -> Result<Reading, Self::Error> {
        let (puzzle, confidence, unsure, corrected, outline) = parts;
        let cells = puzzle.shape().cells();
        match (unsure.iter().chain(&corrected)).all(|&c| c < cells) {
            true => Ok(Reading {
                puzzle,
                confidence,
                unsure,
                corrected,
                outline,
            }),
            false => Err(crate::board::NotABoard),
        }
    }
}

impl From<Reading> for ReadingParts {
    fn from(r: Reading) -> ReadingParts {
        (r.puzzle, r.confidence, r.unsure, r.corrected, r.outline)
    }
}

/// Why a picture gave no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReadError {
    /// Width, height and pixels disagree, or the picture has no pixels.
    NotAPicture,
    /// No grid-like outline in the picture.
    NoGrid,
    /// A grid of `side` cells a side, which the reader does not read.
    OtherSize { side: usize },
    /// A grid that runs off the picture's edge: part of it is not in the picture.
    RunsOff,
    /// A grid too small or unclear to be read as a puzzle (see [`legible`]).
    Illegible,
}

/// The outline of the grid in `picture`, for a live preview (cheap: no digits are read).
pub fn find_grid(picture: &Picture) -> Option<Quad> {
    outline::find(picture).map(|found| found.outline)
}

/// The boards the reader reads, by side: 9×9 and 16×16, both of square boxes.
const SIDES: [usize; 2] = [9, 16];

/// The grid's outline in `picture` and its cells as the classifier sees them, row by row, before
/// any turn (`side`² of them): a dark-mode grid's cells turned dark on light. What [`read`]
/// classifies, and what training cuts.
pub fn grid_cells(picture: &Picture) -> Result<(Quad, Vec<Patch>), ReadError> {
    let (work, factor) = picture.fitted(READ_SIDE);
    let found = outline::find(&work).ok_or(ReadError::NoGrid)?;
    // A cut grid's lines tell nothing of its size.
    if found.runs_off {
        return Err(ReadError::RunsOff);
    }
    if !SIDES.contains(&found.side) {
        return Err(ReadError::OtherSize { side: found.side });
    }
    let mut patches = cell_patches(&work, &found.outline, found.side).ok_or(ReadError::NoGrid)?;
    // The classifier knows dark ink on light paper.
    if found.light_on_dark {
        patches
            .iter_mut()
            .for_each(|patch| patch.iter_mut().for_each(|p| *p = 255 - *p));
    }
    let scale = factor as f32;
    let outline = Quad(found.outline.0.map(|p| Point {
        x: p.x * scale,
        y: p.y * scale,
    }));
    Ok((outline, patches))
}

/// The puzzle in `picture`, if it can be one ([`legible`]): what goes on a board in place of
/// the person's entries, in the app and from `sudoku read`.
pub fn read_puzzle(picture: &Picture) -> Result<Reading, ReadError> {
    read(picture).and_then(legible)
}

/// The puzzle in `picture`, however small or unsure: what the reader's measurements score.
pub fn read(picture: &Picture) -> Result<Reading, ReadError> {
    let (outline, patches) = grid_cells(picture)?;
    let side = patches.len().isqrt();
    let shape = Shape::new(side.isqrt(), side.isqrt()).ok_or(ReadError::NoGrid)?;
    let (odds, outline) = upright(patches, outline, shape).ok_or(ReadError::NoGrid)?;
    let (puzzle, corrected) = choose::choose(shape, &odds);
    let confidence: Vec<f32> = odds
        .iter()
        .zip(puzzle.digits())
        .map(|(o, &d)| o[usize::from(d)])
        .collect();
    let unsure = (0..confidence.len())
        .filter(|&c| confidence[c] < SURE || corrected.contains(&c))
        .collect();
    Ok(Reading {
        puzzle,
        confidence,
        unsure,
        corrected,
        outline,
    })
}

/// The cells' odds and the outline in the turn the grid was printed in. A photo taken sideways
/// or upside down (or shown turned by its orientation tag) reads in the turn in which the
/// classifier is surest that the inked cells hold digits, each cell clashing with a peer
/// costing as much as one read at 1 in e: a blurred digit upside down can pass surely for
/// another, but such readings seldom keep the rules; and a digit turned may pass surely for a
/// blank, but upright it is some digit. A surely blank cell reads blank in any turn, so only
/// the others are read again in each.
fn upright(
    mut patches: Vec<Patch>,
    mut outline: Quad,
    shape: Shape,
) -> Option<(Vec<digits::Odds>, Quad)> {
    let side = shape.size();
    let mut odds: Vec<(digits::Odds, bool)> = patches
        .iter()
        .map(|patch| {
            let odds = digits::odds(patch, side);
            (odds, odds[0] < SURELY_BLANK)
        })
        .collect();
    let mut best: Option<(f32, Vec<digits::Odds>, Quad)> = None;
    for turn in 0..4 {
        if turn > 0 {
            patches = cells::quarter_turn(&patches, side);
            odds = cells::moved(&odds, side);
            let [a, b, c, d] = outline.0;
            outline = Quad([d, a, b, c]);
            let bar = best.as_ref().map_or(f32::NEG_INFINITY, |b| b.0);
            if !reread(&mut odds, &patches, side, bar) {
                continue;
            }
        }
        let plain: Vec<digits::Odds> = odds.iter().map(|o| o.0).collect();
        let inked = odds.iter().filter(|o| o.1).map(|o| sureness_of(&o.0));
        let sureness = inked.sum::<f32>() - choose::clashes(shape, &plain) as f32;
        if best.as_ref().is_none_or(|b| sureness > b.0) {
            best = Some((sureness, plain, outline));
        }
    }
    best.map(|(_, odds, outline)| (odds, outline))
}

/// The log of how likely an inked cell's likeliest digit is: at most 0.
fn sureness_of(odds: &digits::Odds) -> f32 {
    odds[1..].iter().copied().fold(0.0, f32::max).max(1e-6).ln()
}

/// Reads the inked cells of a turn again, unless the turn's sureness, summed as [`upright`]
/// sums it and lowered by each cell read, falls below `bar` on the way (then `false`: the turn
/// cannot win, and its odds are left half read, which the next turn reads again anyway).
fn reread(odds: &mut [(digits::Odds, bool)], patches: &[Patch], side: usize, bar: f32) -> bool {
    let mut sureness = 0.0;
    for ((o, inked), patch) in odds.iter_mut().zip(patches) {
        if *inked {
            *o = digits::odds(patch, side);
            sureness += sureness_of(o);
            if sureness < bar {
                return false;
            }
        }
    }
    true
}
