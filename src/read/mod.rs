//! Reading a puzzle from a photo: find the grid, undo the perspective, read each cell.
//!
//! Plain Rust over grey pixels, so the command line reads photos natively and the page's
//! worker reads camera frames; the browser decodes images, so no decoder ships in the wasm.

mod cells;
pub mod digits;
mod outline;
mod picture;

pub use cells::{PATCH, Patch, Perspective, cell_patches};
pub use picture::Picture;

use serde::{Deserialize, Serialize};

/// A point in picture pixels, x to the right and y down.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

/// A grid's outline: its corners top-left, top-right, bottom-right, bottom-left.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Quad(pub [Point; 4]);

/// Why a picture gave no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReadError {
    /// Width, height and pixels disagree, or the picture has no pixels.
    NotAPicture,
    /// No grid-like outline in the picture.
    NoGrid,
    /// A grid of `side` cells a side, which the reader does not read.
    OtherSize { side: usize },
}

/// The outline of the grid in `picture`, for a live preview (cheap: no digits are read).
pub fn find_grid(picture: &Picture) -> Option<Quad> {
    outline::find(picture)
}
