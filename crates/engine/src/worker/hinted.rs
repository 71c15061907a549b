//! Hints in the worker: the page's position goes to the worker, which finds the puzzle's one
//! solution and the next step there (a 16×16 or 25×25 would block the page); the hint comes
//! back as the engine's own [`Hint`], which the page checks against the board it asked about.

use super::Failure;
use crate::board::{DigitSet, Geometry, Grid, Shape};
use crate::hint::{self, Hint, Marks, Mistake};
use crate::referee::{self, Remark, Verdict};

/// The hint on `entries` (over `puzzle`'s givens) with the user's `marks` by cell: a wrong entry
/// against the puzzle's one solution first, else the next step; a puzzle with several solutions
/// gets the step with no uniqueness technique, or the verdict when no technique finds one (no
/// logic chooses between solutions); one with none, or entries that leave none, the verdict.
pub(super) fn hint_on(
    puzzle: &Grid,
    entries: &Grid,
    marks: &[(usize, DigitSet)],
) -> Result<Result<Hint, Verdict>, Failure> {
    // The page's entries carry the digits; the cages are the puzzle's.
    let entries = (entries.clone().caged_as(puzzle)).ok_or(Failure::EntriesOffBoard)?;
    let all = DigitSet::all(puzzle.shape().size());
    let mut own = vec![DigitSet::EMPTY; puzzle.shape().cells()];
    for &(cell, set) in marks {
        let slot = own.get_mut(cell).ok_or(Failure::MarkOffBoard(cell))?;
        *slot = set & all;
    }
    let (solution, remark) = match referee::solution_for(puzzle, &entries) {
        Ok(solution) => (Some(solution), Remark::Nothing),
        Err(Verdict::Proceed(remark)) => (None, remark),
        Err(refusal) => return Ok(Err(refusal)),
    };
    let marks = Marks::with_marks(&entries, &own);
    match hint::hint(&marks, solution.as_ref()) {
        Hint::Stuck if remark == Remark::Several => Ok(Err(Verdict::Proceed(remark))),
        hint => Ok(Ok(hint)),
    }
}

/// Whether `hint` lies on a board of `shape`: its cells, digits and units are the board's.
/// The page holds a hint that arrives to this before it shows it.
pub fn fits(hint: &Hint, shape: Shape) -> bool {
    let (cells, size) = (shape.cells(), shape.size());
    let pair = |&(cell, digit): &(usize, crate::board::Digit)| cell < cells && digit.index() < size;
    match hint {
        Hint::Step(step) => {
            let units = Geometry::of(shape).units().count();
            (step.placements.iter().chain(&step.eliminations)).all(pair)
                && step.pattern.iter().all(|&c| c < cells)
                && (step.digits - DigitSet::all(size)).is_empty()
                && step.units.iter().all(|&u| u < units)
        }
        Hint::Wrong(Mistake::Entry { cell, digit } | Mistake::Mark { cell, digit }) => {
            pair(&(*cell, *digit))
        }
        Hint::Solved | Hint::Stuck => true,
    }
}
