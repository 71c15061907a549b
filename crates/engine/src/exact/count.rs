//! Counting a puzzle's solutions, the plain search's guesses that the grades are checked
//! against, and the fixed point of the rules without a guess, which the grader goes on from.

use super::cells::Cells;
use super::search::{Layout, Search};
use crate::board::{DigitSet, Geometry, Grid};
use crate::check::PuzzleError;

/// How many solutions a puzzle has, counted up to a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    pub solutions: u64,
    /// Guesses the search made, and those it undid.
    pub nodes: u64,
    pub backtracks: u64,
    /// The search ran to the end (or to the limit): `solutions` is below the limit only if that
    /// is all there are. False when it was cut short.
    pub complete: bool,
    pub first: Option<Grid>,
}

/// Counts the solutions of `puzzle` up to `limit`.
pub fn count(puzzle: &Grid, limit: u64) -> Result<Count, PuzzleError> {
    count_while(puzzle, limit, &mut || true)
}

/// Guesses a plain search makes to solve `puzzle` and prove it has no other solution: singles
/// only, the cell with the fewest candidates first. The grades are checked against it, since
/// the search the referee runs draws locked candidates too and guesses little on any puzzle.
/// `None` when it needs more than `budget`: on a large board it may need millions.
pub fn guesses(puzzle: &Grid, budget: u64) -> Result<Option<u64>, PuzzleError> {
    let mut search = Search::keeping(puzzle, 2, Layout::PlainCells)?;
    search.run(budget);
    // `run` stops at the budget's last guess, before the backtracks that may end the search.
    while search.step() && search.nodes <= budget {}
    Ok(search.is_finished().then_some(search.nodes))
}

/// Whether propagation alone fills `puzzle` from its givens, without a guess: naked and hidden
/// singles, and locked candidates between lines and boxes too when `locked`. Each set of rules
/// reaches one fixed point whatever the order it is applied in, the one the technique ladder
/// reaches with the same techniques, at a fraction of the cost.
pub fn fills_without_guessing(puzzle: &Grid, locked: bool) -> bool {
    let layout = if locked {
        Layout::Cells
    } else {
        Layout::PlainCells
    };
    Search::keeping(puzzle, 1, layout).is_ok_and(|search| search.solutions() == 1)
}

/// Each cell's candidates (its digit, once placed) after naked and hidden singles and locked
/// candidates between lines and boxes have done all they can from `puzzle`'s givens: the fixed
/// point [`fills_without_guessing`] tests, for the grader to go on from. `None` when the
/// givens lead to a contradiction.
pub fn settled_candidates(puzzle: &Grid) -> Option<Vec<DigitSet>> {
    let geometry = Geometry::of_puzzle(puzzle);
    let state = Cells::<true>::start_or_explain(&geometry, puzzle).ok()?;
    Some(state.candidates())
}

/// Nodes between two looks at `keep_going` while counting.
const COUNT_CHUNK: u64 = 4096;

/// Counts the solutions of `puzzle` up to `limit`, asking `keep_going` every few thousand
/// nodes whether to go on; a count cut short says so (`complete` is false).
pub fn count_while(
    puzzle: &Grid,
    limit: u64,
    keep_going: &mut dyn FnMut() -> bool,
) -> Result<Count, PuzzleError> {
    let mut search = Search::new(puzzle, limit)?;
    while !search.run(COUNT_CHUNK) && keep_going() {}
    Ok(Count {
        solutions: search.solutions(),
        nodes: search.nodes,
        backtracks: search.backtracks,
        complete: search.is_finished(),
        first: search.take_first_solution(),
    })
}
