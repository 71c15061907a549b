//! The one referee: whether a grid obeys every rule and keeps every given, and if not, how far off
//! it is. Every solver's "solved" goes through [`violations`].

use crate::board::{Digit, DigitSet, Geometry, Grid, Pos, Unit, UnitKind};
use crate::step::Mark;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Counts the broken constraints of a solver's grid against its puzzle: one per cell that does not
/// hold exactly one digit of the board, one per given that was not kept, one per (unit, digit)
/// pair where the digit does not appear exactly once, and one per pair of cells a pairwise rule
/// keeps apart that hold the same digit. Zero means solved. Marks of another length
/// than the board, or digits beyond its size, count as broken rather than being trusted.
pub fn violations(geometry: &Geometry, puzzle: &Grid, marks: &[Mark]) -> u32 {
    let n = geometry.shape().size();
    let cells = geometry.shape().cells();
    let on_board = |d: u8| (1..=n).contains(&usize::from(d));
    let mut broken = cells.abs_diff(marks.len()) as u32;
    for (cell, mark) in marks.iter().enumerate().take(cells) {
        match (mark, puzzle.get(cell)) {
            (Mark::Digit(d), _) if !on_board(*d) => broken += 1,
            (Mark::Digit(d), Some(given)) if *d != given => broken += 1,
            (Mark::Digit(_), _) => {}
            _ => broken += 1,
        }
    }
    if puzzle.shape() != geometry.shape() {
        broken += 1;
    }
    let mut seen = vec![0u32; n + 1];
    for (_, unit) in geometry.units() {
        seen.iter_mut().for_each(|s| *s = 0);
        for &cell in unit {
            if let Some(Mark::Digit(d)) = marks.get(cell)
                && on_board(*d)
            {
                seen[usize::from(*d)] += 1;
            }
        }
        broken += seen[1..].iter().filter(|&&count| count != 1).count() as u32;
    }
    let digit = |cell: usize| match marks.get(cell) {
        Some(Mark::Digit(d)) if on_board(*d) => Some(*d),
        _ => None,
    };
    for &(a, b, _) in geometry.rule_pairs() {
        broken += u32::from(digit(a).is_some() && digit(a) == digit(b));
    }
    broken + broken_cages(puzzle, digit)
}

/// One per cage of `puzzle` whose digits repeat or miss its sum (or that has an empty cell),
/// whatever geometry the solver worked with.
fn broken_cages(puzzle: &Grid, digit: impl Fn(usize) -> Option<u8>) -> u32 {
    let mut broken = 0;
    for cage in puzzle.cages().iter() {
        let (mut sum, mut seen, mut whole) = (0, DigitSet::EMPTY, true);
        for d in cage.cells().map(&digit) {
            match d.and_then(Digit::new) {
                Some(d) if !seen.contains(d) => {
                    seen.insert(d);
                    sum += u32::from(d.get());
                }
                _ => whole = false,
            }
        }
        broken += u32::from(!whole || sum != cage.sum());
    }
    broken
}

/// Which cells hold a digit that a cell which must differ from them also holds (a row, column,
/// box or rule): what the page marks on the grid as the user types and as a solver runs.
pub fn clashes(geometry: &Geometry, digit: impl Fn(usize) -> Option<u8>) -> Vec<bool> {
    (0..geometry.shape().cells())
        .map(|cell| {
            digit(cell).is_some_and(|d| {
                (geometry.peers(cell).iter()).any(|&peer| digit(usize::from(peer)) == Some(d))
            })
        })
        .collect()
}

/// Whether `answer` is a solution of `puzzle`.
pub fn is_solution(geometry: &Geometry, puzzle: &Grid, answer: &Grid) -> bool {
    let marks: Vec<Mark> = (0..answer.digits().len())
        .map(|cell| answer.get(cell).map_or(Mark::Empty, Mark::Digit))
        .collect();
    answer.shape() == puzzle.shape() && violations(geometry, puzzle, &marks) == 0
}

/// Two givens with the same digit in one unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duplicate {
    pub digit: u8,
    pub unit: Unit,
    pub cells: [usize; 2],
    pub positions: [Pos; 2],
}

/// Why a puzzle cannot be solved, found before any solver starts; it travels from the page's
/// worker inside the referee's verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzleError {
    /// The givens repeat a digit in a row, column or box (every repeat is listed).
    DuplicateGivens(Vec<Duplicate>),
    /// An empty cell whose row, column and box (and, under extra rules, the other cells it
    /// sees) already hold every digit.
    NoCandidates {
        cell: usize,
        pos: Pos,
        /// Whether extra rules make cells see more than their row, column and box.
        ruled: bool,
    },
    /// The solver cannot handle this board.
    Unsupported { solver: String, boards: String },
}

impl PuzzleError {
    /// The cells the message is about, for highlighting.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            PuzzleError::DuplicateGivens(dups) => dups.iter().flat_map(|d| d.cells).collect(),
            PuzzleError::NoCandidates { cell, .. } => vec![*cell],
            PuzzleError::Unsupported { .. } => Vec::new(),
        }
    }
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::DuplicateGivens(dups) => {
                let Some(d) = dups.first() else {
                    return write!(f, "duplicate givens");
                };
                let place = match d.unit.kind {
                    UnitKind::KingMove | UnitKind::KnightMove => format!("{} apart", d.unit),
                    _ => format!("in {}", d.unit),
                };
                write!(
                    f,
                    "{} appears twice {place}: {} and {}",
                    d.digit, d.positions[0], d.positions[1]
                )?;
                // A pair of cells repeated in both a row and a box is one repeat, not two.
                let mut pairs: Vec<[usize; 2]> = vec![d.cells];
                for dup in dups {
                    if !pairs.contains(&dup.cells) {
                        pairs.push(dup.cells);
                    }
                }
                match pairs.len() - 1 {
                    0 => {}
                    1 => write!(f, " (and 1 more repeat)")?,
                    more => write!(f, " (and {more} more repeats)")?,
                }
                Ok(())
            }
            PuzzleError::NoCandidates { pos, ruled, .. } => {
                let seen = match ruled {
                    true => "the cells it sees",
                    false => "its row, column and box",
                };
                write!(f, "no digit fits {pos}: {seen} already hold them all")
            }
            PuzzleError::Unsupported { solver, boards } => {
                write!(f, "{solver} handles {boards} only")
            }
        }
    }
}

impl std::error::Error for PuzzleError {}

/// Rejects puzzles that break a rule on their face: repeated givens, or a blank cell with no digit
/// left. Deeper contradictions need search.
pub fn validate(geometry: &Geometry, puzzle: &Grid) -> Result<(), PuzzleError> {
    let shape = geometry.shape();
    let mut dups = Vec::new();
    for (unit, cells) in geometry.units() {
        let mut given = DigitSet::EMPTY;
        for (i, &cell) in cells.iter().enumerate() {
            let Some(digit) = puzzle.get(cell).and_then(Digit::new) else {
                continue;
            };
            if given.contains(digit) {
                let first = cells[..i]
                    .iter()
                    .copied()
                    .find(|&c| puzzle.get(c) == Some(digit.get()));
                let first = first.unwrap_or(cell);
                dups.push(Duplicate {
                    digit: digit.get(),
                    unit,
                    cells: [first, cell],
                    positions: [shape.pos(first), shape.pos(cell)],
                });
            }
            given.insert(digit);
        }
    }
    for &(a, b, unit) in geometry.rule_pairs() {
        if let Some(d) = puzzle.get(a).filter(|&d| puzzle.get(b) == Some(d)) {
            dups.push(Duplicate {
                digit: d,
                unit,
                cells: [a, b],
                positions: [shape.pos(a), shape.pos(b)],
            });
        }
    }
    if !dups.is_empty() {
        return Err(PuzzleError::DuplicateGivens(dups));
    }
    for cell in (0..shape.cells()).filter(|&c| puzzle.get(c).is_none()) {
        if candidates(geometry, puzzle, cell).is_empty() {
            return Err(PuzzleError::NoCandidates {
                cell,
                pos: shape.pos(cell),
                ruled: !shape.rules().is_empty(),
            });
        }
    }
    Ok(())
}

/// The digits not given in any peer of `cell`: what simple elimination leaves it.
pub fn candidates(geometry: &Geometry, puzzle: &Grid, cell: usize) -> DigitSet {
    let given: DigitSet = (geometry.peers(cell).iter())
        .filter_map(|&p| puzzle.get(usize::from(p)).and_then(Digit::new))
        .collect();
    DigitSet::all(geometry.shape().size()) - given
}
