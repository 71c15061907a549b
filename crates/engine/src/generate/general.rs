//! Lewis's "general" instances, the benchmark family of the stochastic solvers' literature: a
//! random solution grid with a share of its cells kept, not necessarily with one solution only.

use super::{Generator, NoGrid, Request, seeded_many};
use crate::board::{Grid, Shape};
use crate::rng::{Draws, Rng};

/// Givens a "general" instance keeps of `cells` cells at `percent` %: rounded up, as in Lewis's
/// published instances (35 % of 625 cells keeps 219); above 100 % every cell.
pub fn general_givens(cells: usize, percent: u8) -> usize {
    (cells * usize::from(percent.min(100))).div_ceil(100)
}

/// A "general" instance as Lewis's generator makes them, for the benchmark family of the
/// stochastic solvers' literature: a random solution grid under the board's rules with
/// [`general_givens`] of its cells kept, chosen uniformly, the rest blank. It has a solution but
/// not necessarily only one.
pub fn general_with_rng(shape: Shape, percent: u8, rng: &mut Rng) -> Result<Grid, NoGrid> {
    let request = Request {
        shape,
        difficulty: None,
        symmetric: false,
        killer: false,
    };
    let mut puzzle = Generator::new(request, crate::rng::RngCore::next_u64(rng)).solution()?;
    let mut cells: Vec<usize> = (0..shape.cells()).collect();
    rng.shuffle(&mut cells);
    for &cell in &cells[general_givens(shape.cells(), percent)..] {
        puzzle.set(cell, None);
    }
    Ok(puzzle)
}

/// The `count` instances `sudoku generate --fixed percent --seed seed` prints, wherever it runs.
pub fn general_many(
    shape: Shape,
    percent: u8,
    seed: u64,
    count: usize,
) -> Result<Vec<Grid>, NoGrid> {
    seeded_many(seed, count, |rng| general_with_rng(shape, percent, rng))
}
