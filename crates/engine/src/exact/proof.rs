//! The generator's proof that a puzzle is unique: a search for a solution that differs from the
//! known one where givens were taken.

use super::search::Search;
use crate::board::{Digit, Grid};
use crate::check::PuzzleError;

/// Whether `puzzle` has a solution that differs from the grid `known` in one of `cells` (open
/// in `puzzle`), found within `budget` nodes; `None` when the budget ran out first. The
/// generator's uniqueness proof: when `puzzle` with `known`'s digits put back at `cells` has
/// `known` as its one solution, any other solution differs there, so "no" proves `puzzle`
/// unique. One search per cell (the cells before it put back) looks for such a solution only,
/// where counting to two must also find `known` and exhaust every other branch.
pub fn differs_at(
    puzzle: &Grid,
    known: &Grid,
    cells: &[usize],
    budget: u64,
) -> Result<Option<bool>, PuzzleError> {
    Ok(another_solution(puzzle, known, cells, budget)?.map(|other| other.is_some()))
}

/// As [`differs_at`], with the solution found: `Some(None)` when there is none.
pub fn another_solution(
    puzzle: &Grid,
    known: &Grid,
    cells: &[usize],
    budget: u64,
) -> Result<Option<Option<Grid>>, PuzzleError> {
    let mut restored = puzzle.clone();
    let mut left = budget;
    for &cell in cells {
        let Some(digit) = known.get(cell).and_then(Digit::new) else {
            continue;
        };
        let mut search = match Search::differing(&restored, cell, digit) {
            Ok(search) => search,
            // Digits put back that clash with the givens leave no solution with them.
            Err(_) if &restored != puzzle => return Ok(Some(None)),
            Err(why) => return Err(why),
        };
        let over = search.run(left);
        if search.solutions() > 0 {
            return Ok(Some(search.take_first_solution()));
        }
        if !over {
            return Ok(None);
        }
        left -= search.nodes;
        restored.set(cell, Some(digit.get()));
    }
    Ok(Some(None))
}
