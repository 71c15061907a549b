//! Hints as they travel: the page's position to the worker, which finds the puzzle's one
//! solution and the next step there (a 16×16 or 25×25 would block the page), and the hint back
//! as plain serde fields checked against the board on arrival.

use super::Puzzle;
use crate::board::{Digit, DigitSet, Geometry, Shape};
use crate::hint::{self, Hint, Marks, Mistake, Step, Technique};
use crate::referee::{self, Verdict};
use serde::{Deserialize, Serialize};

/// A hint as it travels back to the page; cells and digits as numbers, the technique by name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Hinted {
    Step {
        technique: String,
        placements: Vec<(usize, u8)>,
        eliminations: Vec<(usize, u8)>,
        pattern: Vec<usize>,
        digits: u32,
        units: Vec<usize>,
    },
    WrongEntry {
        cell: usize,
        digit: u8,
    },
    WrongMark {
        cell: usize,
        digit: u8,
    },
    Solved,
    Stuck,
}

fn numbers(pairs: &[(usize, Digit)]) -> Vec<(usize, u8)> {
    pairs.iter().map(|&(cell, d)| (cell, d.get())).collect()
}

impl Hinted {
    /// The hint as it travels.
    pub fn of(hint: &Hint) -> Hinted {
        match hint {
            Hint::Step(step) => Hinted::Step {
                technique: step.technique.name().to_string(),
                placements: numbers(&step.placements),
                eliminations: numbers(&step.eliminations),
                pattern: step.pattern.clone(),
                digits: step.digits.bits(),
                units: step.units.clone(),
            },
            Hint::Wrong(Mistake::Entry { cell, digit }) => Hinted::WrongEntry {
                cell: *cell,
                digit: digit.get(),
            },
            Hint::Wrong(Mistake::Mark { cell, digit }) => Hinted::WrongMark {
                cell: *cell,
                digit: digit.get(),
            },
            Hint::Solved => Hinted::Solved,
            Hint::Stuck => Hinted::Stuck,
        }
    }

    /// The hint again on a board of `shape`, or what is wrong with the message (a cell, digit
    /// or unit beyond the board, a technique of no name).
    pub fn hint(&self, shape: Shape) -> Result<Hint, String> {
        let check = Checked {
            shape,
            units: Geometry::of(shape).units().count(),
        };
        Ok(match self {
            Hinted::Step {
                technique,
                placements,
                eliminations,
                pattern,
                digits,
                units,
            } => Hint::Step(Step {
                technique: (Technique::ALL.into_iter())
                    .find(|t| t.name() == technique)
                    .ok_or_else(|| format!("no technique {technique:?}"))?,
                placements: check.pairs(placements)?,
                eliminations: check.pairs(eliminations)?,
                pattern: check.all(pattern, shape.cells(), "cell")?,
                digits: check.digits(*digits)?,
                units: check.all(units, check.units, "unit")?,
            }),
            Hinted::WrongEntry { cell, digit } => {
                let (cell, digit) = check.pair((*cell, *digit))?;
                Hint::Wrong(Mistake::Entry { cell, digit })
            }
            Hinted::WrongMark { cell, digit } => {
                let (cell, digit) = check.pair((*cell, *digit))?;
                Hint::Wrong(Mistake::Mark { cell, digit })
            }
            Hinted::Solved => Hint::Solved,
            Hinted::Stuck => Hint::Stuck,
        })
    }
}

/// What a hint's numbers must stay within.
struct Checked {
    shape: Shape,
    units: usize,
}

impl Checked {
    fn all(&self, items: &[usize], count: usize, what: &str) -> Result<Vec<usize>, String> {
        match items.iter().find(|&&i| i >= count) {
            Some(i) => Err(format!("no {what} {i} on the board")),
            None => Ok(items.to_vec()),
        }
    }

    fn pair(&self, (cell, digit): (usize, u8)) -> Result<(usize, Digit), String> {
        self.all(&[cell], self.shape.cells(), "cell")?;
        Digit::new(digit)
            .filter(|d| d.index() < self.shape.size())
            .map(|d| (cell, d))
            .ok_or_else(|| format!("no digit {digit} on the board"))
    }

    fn pairs(&self, pairs: &[(usize, u8)]) -> Result<Vec<(usize, Digit)>, String> {
        pairs.iter().map(|&p| self.pair(p)).collect()
    }

    fn digits(&self, bits: u32) -> Result<DigitSet, String> {
        let all = DigitSet::all(self.shape.size());
        let set = DigitSet::from_bits(bits);
        match (set - all).is_empty() {
            true => Ok(set),
            false => Err(format!("digits {bits:#x} beyond the board")),
        }
    }
}

/// The hint on `entries` (over `puzzle`'s givens) with the user's `marks` (bits by cell): a
/// wrong entry against the puzzle's one solution first, else the next step; a puzzle with
/// several solutions gets the step with no uniqueness technique; one with none, the verdict.
pub fn hint_on(
    puzzle: &Puzzle,
    entries: &Puzzle,
    marks: &[(usize, u32)],
) -> Result<Result<Hinted, Verdict>, String> {
    let (puzzle, entries) = (puzzle.grid()?, entries.grid()?);
    if puzzle.shape() != entries.shape() {
        return Err("the entries are not on the puzzle's board".to_string());
    }
    let all = DigitSet::all(puzzle.shape().size());
    let mut own = vec![DigitSet::EMPTY; puzzle.shape().cells()];
    for &(cell, bits) in marks {
        let slot = (own.get_mut(cell)).ok_or_else(|| format!("no cell {cell} on the board"))?;
        *slot = DigitSet::from_bits(bits) & all;
    }
    let solution = match referee::solution(&puzzle) {
        Ok(solution) => Some(solution),
        Err(Verdict::Proceed(_)) => None,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let marks = Marks::with_marks(&entries, &own);
    Ok(Ok(Hinted::of(&hint::hint(&marks, solution.as_ref()))))
}

/// The user's marks as [`Order::Hint`](super::Order::Hint) carries them: bits by cell.
pub fn marks_bits(marks: &[(usize, DigitSet)]) -> Vec<(usize, u32)> {
    marks.iter().map(|&(cell, m)| (cell, m.bits())).collect()
}
