//! The hint on a position the user reached: a wrong entry or mark first (against the puzzle's
//! one solution, which the caller has from the exact search), else the next step of the ladder.

use super::{Marks, Options, Step, next_step};
use crate::board::{Digit, Grid};

/// What the hint says. In messages, its cells, digits and units are checked against the board
/// asked about on arrival (`sudoku_engine::worker::fits`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Hint {
    /// The next step.
    Step(Step),
    /// An entry or a mark disagrees with the puzzle's one solution.
    Wrong(Mistake),
    /// Every cell holds its digit.
    Solved,
    /// No technique finds anything.
    Stuck,
}

/// Something the user wrote that the solution contradicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Mistake {
    /// `cell` holds `digit`, but the solution has another digit there.
    Entry { cell: usize, digit: Digit },
    /// `cell`'s marks leave out `digit`, the solution's digit there.
    Mark { cell: usize, digit: Digit },
}

/// The hint for `marks`: a mistake against `solution` first, then the next step. Pass the
/// solution only when the puzzle has exactly one: the uniqueness techniques then run too.
pub fn hint(marks: &Marks, solution: Option<&Grid>) -> Hint {
    if let Some(first) = solution.and_then(|s| mistakes(marks, s).into_iter().next()) {
        return Hint::Wrong(first);
    }
    if marks.is_solved() {
        return Hint::Solved;
    }
    let options = Options {
        unique: solution.is_some(),
        ..Options::ANY
    };
    next_step(marks, options).map_or(Hint::Stuck, Hint::Step)
}

/// Every entry of `marks` that differs from `solution`, then every open cell whose marks leave
/// out its solution digit, in cell order.
pub fn mistakes(marks: &Marks, solution: &Grid) -> Vec<Mistake> {
    let want = |cell: usize| solution.get(cell).and_then(Digit::new);
    let entries = (0..marks.cells()).filter_map(|cell| {
        let digit = marks.value(cell)?;
        (want(cell) != Some(digit)).then_some(Mistake::Entry { cell, digit })
    });
    let missing = marks.open().filter_map(|cell| {
        let digit = want(cell)?;
        (!marks.candidates(cell).contains(digit)).then_some(Mistake::Mark { cell, digit })
    });
    entries.chain(missing).collect()
}
