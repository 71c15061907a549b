//! Exact search: depth-first search with forward checking and dynamic variable ordering, as in the
//! constraint-satisfaction write-up, plus the propagation rules that make it fast and that a
//! person can follow: naked singles (a cell with one candidate left), hidden singles (a digit
//! with one place left in a row, column or box) and locked candidates (a digit confined to where
//! a box and a line meet leaves the rest of both).
//!
//! One search drives four kinds of state: by band for the classic board (`bands`) and, widened,
//! for the plain 16×16 and 25×25 boards (`wide`), by digit for any other board of at most 128
//! cells (`digits`), by cell for the rest, up to 25×25 (`cells`). The search keeps its own stack
//! instead of recursing, so the page can run it a few nodes per animation frame and show every
//! assignment and every backtrack, and the referee can stop it after a budget of nodes.

mod bands;
mod cells;
mod digits;
mod lanes;
mod search;
mod solver;
mod wide;

use crate::board::{Digit, DigitSet, Geometry, Grid, Pos, Unit};
use crate::check::PuzzleError;
use crate::spec::{ANY_BOARD, Count, Family, Machine, Noun, SolverSpec, Words, Work};
use search::Layout;
pub use search::Search;
use serde::{Deserialize, Serialize};
pub use solver::ExactSolver;
use std::fmt;

/// The exact search, a family of one: nodes as its work, backtracks as its effort, complete on
/// any board.
const EXACT: Family = Family {
    name: "Exact search",
    activity: "Searching…",
    work: Work {
        noun: Noun {
            one: "node",
            many: "nodes",
        },
        speeds: &[1, 4, 20, 100, 1_000],
        default_speed: 1,
        cost_growth: 0,
    },
    effort: Noun {
        one: "backtrack",
        many: "backtracks",
    },
    max_restarts: 0,
    complete: true,
    qubo_bits: false,
    boards: ANY_BOARD,
};

/// The exact search's registry entry: the one complete solver, and the one that counts.
pub static SPEC: SolverSpec = SolverSpec::new(
    EXACT,
    "exact",
    "",
    Words {
        title: "Exact search",
        plain: "Tries digits and backs up from dead ends, as a careful person would: it always \
                solves, and proves when there is no solution.",
        about: "Depth-first search. Each guess fills the cell with the fewest candidates; \
                forward checking strikes the digit from the cell's row, column and box; naked \
                and hidden singles fill what is forced; a digit held to one row or column of a \
                box leaves the rest of that line, and one held to one box of a row leaves the \
                rest of that box (locked candidates). A dead end undoes the guess (a \
                backtrack) and tries the next digit. Before any solver runs, this search also \
                checks that the puzzle has a solution, and whether it has only one.",
    },
);

/// How to run it, and how it counts.
pub static MACHINE: Machine = Machine::counting(
    &SPEC,
    |puzzle, config| Ok(Box::new(ExactSolver::new(puzzle, config.moves_per_tick)?)),
    count_while,
);

/// A contradiction found before any guess: the puzzle has no solution, and this is why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ForcedContradiction {
    /// No digit is left for this cell.
    Cell { cell: usize, pos: Pos },
    /// This digit has no place left in this unit.
    NoPlace { digit: Digit, unit: Unit },
}

impl ForcedContradiction {
    fn of(why: Contradiction, geometry: &Geometry) -> ForcedContradiction {
        match why {
            Contradiction::EmptyCell(cell) => ForcedContradiction::Cell {
                cell,
                pos: geometry.shape().pos(cell),
            },
            Contradiction::NoPlace { digit, unit } => ForcedContradiction::NoPlace {
                digit,
                unit: geometry.unit(unit),
            },
        }
    }

    /// The cell to point at, when the contradiction is about one cell.
    pub fn cell(&self) -> Option<usize> {
        match self {
            ForcedContradiction::Cell { cell, .. } => Some(*cell),
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
        }
    }
}

/// The puzzle's givens as (cell, digit).
fn givens(puzzle: &Grid) -> impl Iterator<Item = (usize, Digit)> {
    (puzzle.digits().iter().enumerate()).filter_map(|(cell, &d)| Some((cell, Digit::new(d)?)))
}

/// The bit sets the search walks through: a band's cells (`u32`) or a board's (`u128`).
trait BitSet: Copy {
    /// Removes the lowest set bit and says which it was.
    fn pop_lowest(&mut self) -> Option<usize>;
}

macro_rules! bit_set {
    ($($t:ty),*) => {$(
        impl BitSet for $t {
            #[inline(always)]
            fn pop_lowest(&mut self) -> Option<usize> {
                (*self != 0).then(|| {
                    let lowest = self.trailing_zeros() as usize;
                    *self &= *self - 1;
                    lowest
                })
            }
        }
    )*};
}

bit_set!(u32, u128);

/// The branch of a state kept in bit sets of cells (boards of at most 128 cells): of the open
/// cells with two candidates, the one that sees the most open and two-candidate cells (its guess
/// propagates furthest); failing those, one with the fewest candidates.
fn branch_in_bits(
    geometry: &Geometry,
    open: u128,
    pairs: u128,
    candidates: impl Fn(usize) -> DigitSet,
) -> Option<(usize, DigitSet)> {
    let cell = if pairs != 0 {
        let reach = |c: usize| {
            let peers = geometry.peer_bits(c).unwrap_or(0);
            (peers & open).count_ones() + (peers & pairs).count_ones()
        };
        bits(pairs).max_by_key(|&c| reach(c))
    } else {
        bits(open).min_by_key(|&c| candidates(c).len())
    }?;
    Some((cell, candidates(cell)))
}

/// Why propagation gave up on a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// No digit is left for this cell.
    EmptyCell(usize),
    /// This digit has no place left in this unit.
    NoPlace { digit: Digit, unit: usize },
}

/// The bits of `set`, lowest first.
fn bits(mut set: impl BitSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || set.pop_lowest())
}

/// A state of the search: the candidates left, able to take a digit and draw what follows.
trait Board: Clone {
    /// The puzzle's givens placed and their consequences drawn, or `None` when they contradict
    /// each other.
    fn start(geometry: &Geometry, puzzle: &Grid) -> Option<Self>;
    /// Places `digit` at `cell` and draws the consequences; `false` on a contradiction.
    fn place(&mut self, geometry: &Geometry, cell: usize, digit: Digit) -> bool;
    /// The open cell to guess at next and its candidates; `None` when every cell is placed.
    fn branch(&self, geometry: &Geometry) -> Option<(usize, DigitSet)>;
    /// Writes each cell's placed digit (1-based), 0 where open.
    fn write_digits(&self, geometry: &Geometry, digits: &mut [u8]);
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
    let geometry = Geometry::of(puzzle.shape());
    let state = cells::Cells::<true>::start_or_explain(&geometry, puzzle).ok()?;
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
    let mut restored = puzzle.clone();
    let mut left = budget;
    for &cell in cells {
        let Some(digit) = known.get(cell).and_then(Digit::new) else {
            continue;
        };
        let mut search = match Search::differing(&restored, cell, digit) {
            Ok(search) => search,
            // Digits put back that clash with the givens leave no solution with them.
            Err(_) if &restored != puzzle => return Ok(Some(false)),
            Err(why) => return Err(why),
        };
        let over = search.run(left);
        if search.solutions() > 0 {
            return Ok(Some(true));
        }
        if !over {
            return Ok(None);
        }
        left -= search.nodes;
        restored.set(cell, Some(digit.get()));
    }
    Ok(Some(false))
}
