//! What the reader of photos says when a picture gives no puzzle.

use crate::read::ReadError;

/// Why a picture gave no puzzle, in a sentence.
pub fn read_refused(e: &ReadError) -> String {
    match e {
        ReadError::NotAPicture => "That is not a picture this page can read.".into(),
        ReadError::NoGrid => {
            "No grid found: hold the puzzle flat, fill the frame with it, and light it evenly."
                .into()
        }
        ReadError::OtherSize { side } => {
            format!("That grid has {side} cells a side; the reader reads 9×9 grids.")
        }
    }
}
