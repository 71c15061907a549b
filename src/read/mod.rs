//! Reading a puzzle from a photo: find the grid, undo the perspective, read each cell.
//!
//! Plain Rust over grey pixels, so the command line reads photos natively and the page's
//! worker reads camera frames; the browser decodes images, so no decoder ships in the wasm.

use crate::board::Grid;
use serde::{Deserialize, Serialize};

/// A grey picture, one byte per pixel, row by row (dark ink is a low value).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Picture {
    width: usize,
    height: usize,
    luma: Vec<u8>,
}

/// A point in picture pixels, x to the right and y down.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

/// A grid's outline: its corners top-left, top-right, bottom-right, bottom-left.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Quad(pub [Point; 4]);

/// A puzzle read from a picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The givens read, blanks empty.
    pub puzzle: Grid,
    /// Per cell, how sure the reader is of what it put there (0 to 1).
    pub confidence: Vec<f32>,
    /// Cells the reader was unsure of, for the person to check.
    pub unsure: Vec<usize>,
    /// Cells where the rules overruled the likeliest reading (a subset of `unsure`).
    pub corrected: Vec<usize>,
    /// Where the grid is in the picture.
    pub outline: Quad,
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
}

impl Picture {
    /// A picture from grey bytes.
    pub fn from_luma(width: usize, height: usize, luma: Vec<u8>) -> Result<Picture, ReadError> {
        match width.checked_mul(height) {
            Some(n) if n > 0 && n == luma.len() => Ok(Picture {
                width,
                height,
                luma,
            }),
            _ => Err(ReadError::NotAPicture),
        }
    }

    /// A picture from RGBA bytes, as a canvas gives them.
    pub fn from_rgba(width: usize, height: usize, rgba: &[u8]) -> Result<Picture, ReadError> {
        if width.checked_mul(height).and_then(|n| n.checked_mul(4)) != Some(rgba.len()) {
            return Err(ReadError::NotAPicture);
        }
        let luma = rgba
            .chunks_exact(4)
            .map(|p| {
                ((u32::from(p[0]) * 77 + u32::from(p[1]) * 150 + u32::from(p[2]) * 29) >> 8) as u8
            })
            .collect();
        Picture::from_luma(width, height, luma)
    }
}

/// The outline of the grid in `picture`, for a live preview (cheap: no digits are read).
pub fn find_grid(picture: &Picture) -> Option<Quad> {
    let _ = picture;
    None
}

/// The puzzle in `picture`.
pub fn read(picture: &Picture) -> Result<Reading, ReadError> {
    let _ = picture;
    Err(ReadError::NoGrid)
}
