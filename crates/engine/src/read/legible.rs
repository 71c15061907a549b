//! Whether a reading can be a puzzle at all. A grid too small to make its digits out, or read
//! as fewer digits than any proper puzzle has, or as digits mostly unsure, is refused: put on the
//! board, it would wipe the person's entries with noise.

use super::{ReadError, Reading};

/// Cells narrower than this, in the picture's pixels, hold no digit the reader can make out.
const NARROWEST_CELL: f32 = 8.0;

/// The fewest givens a proper puzzle of `side` has: 17 for 9×9 (McGuire, Tugemann and Civario,
/// 2012); for 16×16, 55, the fewest found.
fn fewest_givens(side: usize) -> usize {
    match side {
        9 => 17,
        16 => 55,
        _ => 0,
    }
}

/// `reading`, if it can be a puzzle; else [`ReadError::Illegible`].
pub fn legible(reading: Reading) -> Result<Reading, ReadError> {
    let side = reading.puzzle.shape().size();
    let narrowest = (reading.outline.sides().into_iter()).fold(f32::INFINITY, f32::min);
    let filled = reading.puzzle.filled();
    let unsure = (reading.unsure.iter())
        .filter(|&&cell| reading.puzzle.get(cell).is_some())
        .count();
    let small = narrowest / (side as f32) < NARROWEST_CELL;
    if small || filled < fewest_givens(side) || 2 * unsure > filled {
        Err(ReadError::Illegible)
    } else {
        Ok(reading)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;
    use crate::read::{Point, Quad};

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// The newspaper puzzle (30 givens) read in a square grid `width` pixels wide, unsure of
    /// `unsure`.
    fn reading(puzzle: &str, width: f32, unsure: Vec<usize>) -> Reading {
        let corner = |x, y| Point { x, y };
        Reading {
            puzzle: Grid::parse(puzzle).expect("a puzzle"),
            confidence: vec![1.0; 81],
            unsure,
            corrected: Vec::new(),
            outline: Quad([
                corner(10.0, 10.0),
                corner(10.0 + width, 10.0),
                corner(10.0 + width, 10.0 + width),
                corner(10.0, 10.0 + width),
            ]),
        }
    }

    #[test]
    fn a_clear_puzzle_passes() {
        let read = reading(PUZZLE, 300.0, vec![0, 1, 4]);
        assert_eq!(legible(read.clone()), Ok(read));
    }

    #[test]
    fn cells_a_few_pixels_wide_are_refused() {
        assert_eq!(
            legible(reading(PUZZLE, 40.0, Vec::new())),
            Err(ReadError::Illegible)
        );
    }

    #[test]
    fn fewer_givens_than_any_proper_puzzle_are_refused() {
        // The first four rows' givens alone: 13.
        let sparse = format!("{}{}", &PUZZLE[..36], ".".repeat(45));
        assert!(Grid::parse(&sparse).expect("a grid").filled() < 17);
        assert_eq!(
            legible(reading(&sparse, 300.0, Vec::new())),
            Err(ReadError::Illegible)
        );
    }

    #[test]
    fn digits_mostly_unsure_are_refused() {
        let grid = Grid::parse(PUZZLE).expect("a puzzle");
        let filled: Vec<usize> = (0..81).filter(|&c| grid.get(c).is_some()).collect();
        let (half, most) = (filled[..15].to_vec(), filled[..16].to_vec());
        assert!(legible(reading(PUZZLE, 300.0, half)).is_ok());
        assert_eq!(
            legible(reading(PUZZLE, 300.0, most)),
            Err(ReadError::Illegible)
        );
    }
}
