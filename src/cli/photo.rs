//! Photos from files, decoded natively (the browser decodes its own).

use crate::read::Picture;
use std::path::Path;

/// The photo at `path` in grey, or why it cannot be read.
pub fn load(path: &Path) -> Result<Picture, String> {
    let decoded = image::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let grey = decoded.into_luma8();
    let (width, height) = (grey.width() as usize, grey.height() as usize);
    Picture::from_luma(width, height, grey.into_raw())
        .map_err(|_| format!("{}: an empty picture", path.display()))
}
