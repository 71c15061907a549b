//! Killer puzzles: cages cut from a random solution grid (cells joined side by side, no digit
//! twice in a cage), then the cages that let a second solution through split until the exact
//! search proves one solution; no givens unless asked.

use super::{NoGrid, general_with_rng, seeded_many};
use crate::board::{Cage, Grid, Shape};
use crate::exact;
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

/// Nodes the exact search may spend on one count of a cut while cages are split: cuts that need
/// more are split further.
const COUNT_BUDGET: u64 = 200_000;

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
    loop {
        let caged = (puzzle.clone().with_cages(cages.clone())).map_err(|_| NoGrid::NotFound)?;
        let mut keep_going = counted(COUNT_BUDGET);
        let count = exact::count_while(&caged, 2, &mut keep_going);
        let count = count.map_err(|_| NoGrid::NotFound)?;
        let differs = match (count.complete, count.solutions, &count.first) {
            (true, 1, _) => return Ok((caged, solution)),
            // A second solution: split a cage where the first one found differs from the grid.
            (true, _, Some(first)) if first != &solution => {
                (0..shape.cells()).find(|&c| first.get(c) != solution.get(c))
            }
            // Out of budget, or the first solution found is the grid: split a random large cage.
            _ => None,
        };
        split(&mut cages, differs, &solution, rng);
    }
}

/// A closure that says yes `budget / 4096` times (the counter asks every 4096 nodes).
fn counted(budget: u64) -> impl FnMut() -> bool {
    let mut left = budget / 4096;
    move || {
        left = left.saturating_sub(1);
        left > 0
    }
}

/// Splits the cage holding `cell` (or, without one, a random cage of more than one cell) into a
/// one-cell cage and the rest.
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
    let alone = cell.filter(|c| cells.contains(c)).unwrap_or(cells[0]);
    let rest: Vec<usize> = cells.into_iter().filter(|&c| c != alone).collect();
    cages[i] = cage_of(solution, vec![alone]);
    cages.push(cage_of(solution, rest));
}

/// The `count` killers (puzzle and solution) `sudoku generate --killer --seed seed` prints.
pub fn killer_many(
    shape: Shape,
    givens: usize,
    seed: u64,
    count: usize,
) -> Result<Vec<(Grid, Grid)>, NoGrid> {
    seeded_many(seed, count, |rng| killer_with_rng(shape, givens, rng))
}
