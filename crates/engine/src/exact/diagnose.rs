//! What the referee can say about a puzzle before any solver runs: one solution, several, none
//! (and why, when the givens' forced moves already contradict each other), or undecided within
//! a budget.

use super::Contradiction;
use super::search::Search;
use crate::board::{Digit, Geometry, Grid, Pos, Unit};
use crate::check::PuzzleError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What the referee can say about a puzzle before any solver runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Diagnosis {
    /// Exactly one solution.
    Unique,
    /// More than one solution.
    Several,
    /// No solution; with the reason when the givens' forced moves already contradict each other.
    NoSolution(Option<ForcedContradiction>),
    /// The node budget ran out first.
    Undecided,
}

/// Guesses the referee may make before it says "could not decide": tens of milliseconds in a
/// browser at worst, while the hardest known puzzles need a few thousand.
pub const DIAGNOSIS_BUDGET: u64 = 40_000;

/// Counts `puzzle`'s solutions up to two within `budget` guesses.
pub fn diagnose(puzzle: &Grid, budget: u64) -> Result<Diagnosis, PuzzleError> {
    let mut search = Search::new(puzzle, 2)?;
    let over = search.run(budget);
    Ok(match (search.solutions(), over) {
        (0, true) => Diagnosis::NoSolution(search.forced_contradiction()),
        (1, true) => Diagnosis::Unique,
        (0 | 1, false) => Diagnosis::Undecided,
        _ => Diagnosis::Several,
    })
}

/// A contradiction found before any guess: the puzzle has no solution, and this is why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ForcedContradiction {
    /// No digit is left for this cell.
    Cell { cell: usize, pos: Pos },
    /// This digit has no place left in this unit.
    NoPlace { digit: Digit, unit: Unit },
    /// No digits left complete this cage (its sum, and where it starts).
    Cage { sum: u32, cell: usize, pos: Pos },
}

impl ForcedContradiction {
    pub(super) fn of(why: Contradiction, geometry: &Geometry) -> ForcedContradiction {
        match why {
            Contradiction::EmptyCell(cell) => ForcedContradiction::Cell {
                cell,
                pos: geometry.shape().pos(cell),
            },
            Contradiction::NoPlace { digit, unit } => ForcedContradiction::NoPlace {
                digit,
                unit: geometry.unit(unit),
            },
            Contradiction::Cage(i) => {
                let (sum, cell) =
                    (geometry.cages().get(i)).map_or((0, 0), |c| (c.sum(), c.first()));
                ForcedContradiction::Cage {
                    sum,
                    cell,
                    pos: geometry.shape().pos(cell),
                }
            }
        }
    }

    /// The cell to point at, when the contradiction is about one cell.
    pub fn cell(&self) -> Option<usize> {
        match self {
            ForcedContradiction::Cell { cell, .. } | ForcedContradiction::Cage { cell, .. } => {
                Some(*cell)
            }
            ForcedContradiction::NoPlace { .. } => None,
        }
    }
}

impl fmt::Display for ForcedContradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ForcedContradiction::Cell { pos, .. } => {
                write!(f, "after the forced moves no digit fits {pos}")
            }
            ForcedContradiction::NoPlace { digit, unit } => {
                write!(
                    f,
                    "after the forced moves {digit} has no place left in {unit}"
                )
            }
            ForcedContradiction::Cage { sum, pos, .. } => write!(
                f,
                "after the forced moves no digits make the cage of {sum} from {pos}"
            ),
        }
    }
}
