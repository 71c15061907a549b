//! Killer puzzles: cages cut from a random solution grid (cells joined side by side, no digit
//! twice in a cage), then the cages that let a second solution through split until the exact
//! search proves one solution; no givens unless asked; graded by the hint ladder, and made
//! again until the grade is the one asked for.

use super::finish::keep_nearer;
use super::{Generated, Generator, MAX_TRIES, NoGrid, Phase, general_with_rng, seeded_many};
use crate::board::{Cage, Geometry, Grid, Shape};
use crate::exact;
use crate::grade::{self, Difficulty};
use crate::rng::{Draws, Rng};

/// The most cells a cut cage takes: killers in print mostly cage two to four cells.
const MAX_CAGE: usize = 5;

/// Cages cut from the full grid `solution`: each grows from a random uncaged cell through
/// uncaged side neighbours whose digit it does not hold yet, to a random size of at most
/// [`MAX_CAGE`] cells (smaller more often), and sums its digits. Every cell ends in a cage.
pub fn cut_cages(solution: &Grid, rng: &mut Rng) -> Vec<Cage> {
    let shape = solution.shape();
    let n = shape.size();
    let mut owner = vec![false; shape.cells()];
    let mut order: Vec<usize> = (0..shape.cells()).collect();
    rng.shuffle(&mut order);
    let mut cages = Vec::new();
    for &start in &order {
        if owner[start] {
            continue;
        }
        // Sizes 1 to MAX_CAGE, weighted towards 2 and 3.
        let size = [1, 2, 2, 2, 3, 3, 3, 4, 4, MAX_CAGE][rng.below(10) as usize].min(n);
        let mut cells = vec![start];
        owner[start] = true;
        while cells.len() < size {
            let holds = |c: usize| cells.iter().any(|&o| solution.get(o) == solution.get(c));
            let next: Vec<usize> = (cells.iter())
                .flat_map(|&c| side_neighbours(shape, c))
                .filter(|&c| !owner[c] && !holds(c))
                .collect();
            if next.is_empty() {
                break;
            }
            let pick = next[rng.below(next.len() as u32) as usize];
            owner[pick] = true;
            cells.push(pick);
        }
        cages.push(cage_of(solution, cells));
    }
    cages
}

/// The cage of `cells` with the sum of their digits in `solution`.
fn cage_of(solution: &Grid, cells: Vec<usize>) -> Cage {
    let sum = cells.iter().filter_map(|&c| solution.get(c)).map(u32::from);
    Cage::new(sum.sum(), cells)
}

/// The cells beside `cell` (up, down, left, right).
fn side_neighbours(shape: Shape, cell: usize) -> impl Iterator<Item = usize> {
    let n = shape.size();
    let (row, col) = (cell / n, cell % n);
    [
        (row > 0).then(|| cell - n),
        (row + 1 < n).then(|| cell + n),
        (col > 0).then(|| cell - 1),
        (col + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// Nodes the exact search may spend proving a cut unique: cuts that need more are split
/// further.
const PROOF_BUDGET: u64 = 200_000;

/// A killer puzzle of `shape` with its one solution: cages cut from a random grid, split where a
/// second solution differs from it until the exact search proves it the only one, and `givens`
/// cells of it given as well (0 for a pure killer).
pub fn killer_with_rng(shape: Shape, givens: usize, rng: &mut Rng) -> Result<(Grid, Grid), NoGrid> {
    let solution = general_with_rng(shape, 100, rng)?;
    let mut puzzle = Grid::empty(shape);
    let mut cells: Vec<usize> = (0..shape.cells()).collect();
    rng.shuffle(&mut cells);
    for &cell in cells.iter().take(givens) {
        puzzle.set(cell, solution.get(cell));
    }
    let mut cages = cut_cages(&solution, rng);
    let open: Vec<usize> = (0..shape.cells())
        .filter(|&c| puzzle.get(c).is_none())
        .collect();
    loop {
        let caged = (puzzle.clone().with_cages(cages.clone())).map_err(|_| NoGrid::NotFound)?;
        let other = exact::another_solution(&caged, &solution, &open, PROOF_BUDGET);
        let differs = match other.map_err(|_| NoGrid::NotFound)? {
            Some(None) => return Ok((caged, solution)),
            // A second solution: split a cage where it differs from the grid.
            Some(Some(other)) => (0..shape.cells()).find(|&c| other.get(c) != solution.get(c)),
            // Out of budget: split a random cage of several cells.
            None => None,
        };
        split(&mut cages, differs, &solution, rng);
    }
}

/// Splits the cage holding `cell` (or, without one, a random cage of more than one cell) in
/// two: the half of its cells nearest `cell` (side by side from it), and the rest. Halving
/// rather than cutting one cell out keeps the puzzle from filling with one-cell cages.
fn split(cages: &mut Vec<Cage>, cell: Option<usize>, solution: &Grid, rng: &mut Rng) {
    let large: Vec<usize> = (0..cages.len()).filter(|&i| cages[i].len() > 1).collect();
    let chosen = match cell {
        Some(cell) => cages.iter().position(|c| c.cells().any(|x| x == cell)),
        None if large.is_empty() => None,
        None => Some(large[rng.below(large.len() as u32) as usize]),
    };
    let Some(i) = chosen.filter(|&i| cages[i].len() > 1) else {
        // A one-cell cage that still admits two solutions cannot be: its digit is fixed.
        return;
    };
    let cells: Vec<usize> = cages[i].cells().collect();
    let start = cell.filter(|c| cells.contains(c)).unwrap_or(cells[0]);
    let mut half = vec![start];
    let mut next = 0;
    while half.len() < cells.len() / 2 && next < half.len() {
        let side = side_neighbours(solution.shape(), half[next]);
        let joined: Vec<usize> = side
            .filter(|c| cells.contains(c) && !half.contains(c))
            .collect();
        half.extend(joined.into_iter().take(cells.len() / 2 - half.len()));
        next += 1;
    }
    let rest: Vec<usize> = cells.into_iter().filter(|c| !half.contains(c)).collect();
    cages[i] = cage_of(solution, half);
    cages.push(cage_of(solution, rest));
}

impl Generator {
    /// New puzzle's killer: one cut from a random grid, then graded like any puzzle made.
    pub(super) fn killer(&mut self) -> Option<Generated> {
        match killer_with_rng(self.request.shape, 0, &mut self.rng) {
            Ok((puzzle, solution)) => self.finish(puzzle, solution),
            Err(why) => {
                self.phase = Phase::Impossible(why);
                None
            }
        }
    }
}

/// The `count` killers (puzzle and solution) of any grade from `seed`.
pub fn killer_many(
    shape: Shape,
    givens: usize,
    seed: u64,
    count: usize,
) -> Result<Vec<(Grid, Grid)>, NoGrid> {
    seeded_many(seed, count, |rng| killer_with_rng(shape, givens, rng))
}

/// A killer as [`killer_with_rng`] makes them, graded; made again until its grade is `level`
/// (any grade when `None`), or the nearest of [`MAX_TRIES`]. Minimal only without givens:
/// givens are drawn at random, not dug.
pub fn killer_graded(
    shape: Shape,
    givens: usize,
    level: Option<Difficulty>,
    rng: &mut Rng,
) -> Result<Generated, NoGrid> {
    let mut nearest = None;
    for tries in 1..=MAX_TRIES {
        let (puzzle, solution) = killer_with_rng(shape, givens, rng)?;
        // Proved to have one solution, so the ladder meets no contradiction.
        let difficulty =
            grade::grade(&Geometry::of_puzzle(&puzzle), &puzzle).ok_or(NoGrid::NotFound)?;
        let wanted = level.unwrap_or(difficulty);
        let made = Generated {
            puzzle,
            solution,
            difficulty,
            tries,
            as_asked: difficulty == wanted,
            minimal: givens == 0,
        };
        if made.as_asked {
            return Ok(made);
        }
        keep_nearer(&mut nearest, made, wanted);
    }
    let tries = MAX_TRIES;
    nearest
        .map(|n| Generated { tries, ..n })
        .ok_or(NoGrid::NotFound)
}

/// The `count` graded killers `sudoku generate --killer --seed seed` prints.
pub fn killer_graded_many(
    shape: Shape,
    givens: usize,
    level: Option<Difficulty>,
    seed: u64,
    count: usize,
) -> Result<Vec<Generated>, NoGrid> {
    seeded_many(seed, count, |rng| killer_graded(shape, givens, level, rng))
}
