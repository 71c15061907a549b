//! Grey pictures: what the reader works on, whatever decoded the photo.

use super::ReadError;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A grey picture, one byte per pixel, row by row (dark ink is a low value). A message's
/// picture is checked as [`Picture::from_luma`] checks one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Unchecked")]
pub struct Picture {
    width: usize,
    height: usize,
    luma: Vec<u8>,
}

/// A picture as a message carries it, before its size is checked.
#[derive(Deserialize)]
struct Unchecked {
    width: usize,
    height: usize,
    luma: Vec<u8>,
}

impl TryFrom<Unchecked> for Picture {
    type Error = &'static str;

    fn try_from(p: Unchecked) -> Result<Picture, Self::Error> {
        Picture::from_luma(p.width, p.height, p.luma).map_err(|_| "pixels that make no picture")
    }
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

    /// A picture from RGBA bytes, as a canvas gives them (alpha ignored).
    pub fn from_rgba(width: usize, height: usize, rgba: &[u8]) -> Result<Picture, ReadError> {
        if width.checked_mul(height).and_then(|n| n.checked_mul(4)) != Some(rgba.len()) {
            return Err(ReadError::NotAPicture);
        }
        let luma = rgba
            .chunks_exact(4)
            .map(|p| luma(p[0], p[1], p[2]))
            .collect();
        Picture::from_luma(width, height, luma)
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The pixels, row by row.
    pub fn pixels(&self) -> &[u8] {
        &self.luma
    }

    /// The picture shrunk by a whole factor so that neither side exceeds `max_side` (each pixel
    /// the mean of the block it covers), and that factor; itself, unshrunk, when it fits.
    pub fn fitted(&self, max_side: usize) -> (Cow<'_, Picture>, usize) {
        let factor = self.width.max(self.height).div_ceil(max_side.max(1));
        let (width, height) = (self.width / factor, self.height / factor);
        if factor <= 1 || width == 0 || height == 0 {
            return (Cow::Borrowed(self), 1);
        }
        let mut luma = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                let block = (0..factor).flat_map(|dy| {
                    let row = (y * factor + dy) * self.width + x * factor;
                    &self.luma[row..row + factor]
                });
                let sum: usize = block.map(|&p| usize::from(p)).sum();
                luma.push((sum / (factor * factor)) as u8);
            }
        }
        let shrunk = Picture {
            width,
            height,
            luma,
        };
        (Cow::Owned(shrunk), factor)
    }

    /// The part of the picture from column `left` and row `top`, `width × height` pixels, cut
    /// to fit the picture; `None` when nothing of it is inside.
    pub fn window(&self, left: usize, top: usize, width: usize, height: usize) -> Option<Picture> {
        let (right, bottom) = (
            left.saturating_add(width).min(self.width),
            top.saturating_add(height).min(self.height),
        );
        let luma = (top..bottom)
            .flat_map(|y| &self.luma[y * self.width + left.min(right)..y * self.width + right])
            .copied()
            .collect();
        Picture::from_luma(right.saturating_sub(left), bottom.saturating_sub(top), luma).ok()
    }

    /// The grey level at a point between pixels (pixel `k` covers `[k, k + 1)`), blended from
    /// the four nearest pixels; points outside take the nearest edge's.
    pub fn sample(&self, x: f32, y: f32) -> f32 {
        let fx = (x - 0.5).clamp(0.0, (self.width - 1) as f32);
        let fy = (y - 0.5).clamp(0.0, (self.height - 1) as f32);
        let (x0, y0) = (fx as usize, fy as usize);
        let (x1, y1) = ((x0 + 1).min(self.width - 1), (y0 + 1).min(self.height - 1));
        let (ax, ay) = (fx - x0 as f32, fy - y0 as f32);
        let at = |x: usize, y: usize| f32::from(self.luma[y * self.width + x]);
        let top = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * ax;
        let bottom = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * ax;
        top + (bottom - top) * ay
    }
}

/// Grey from red, green and blue, weighted as the eye weighs them (ITU-R BT.601).
fn luma(r: u8, g: u8, b: u8) -> u8 {
    ((u32::from(r) * 77 + u32::from(g) * 150 + u32::from(b) * 29) >> 8) as u8
}
