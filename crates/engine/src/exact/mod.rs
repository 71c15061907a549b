//! Exact search, the engine's foundation: the referee's count and diagnosis, the generator's
//! proofs, the photo reader's choice of rules and the grader all stand on it, and the solver
//! `exact` ([`crate::solvers::exact`]) runs it a few nodes per tick.
//!
//! Depth-first search with forward checking and dynamic variable ordering, as in the
//! constraint-satisfaction write-up, plus the propagation rules that make it fast and that a
//! person can follow: naked singles (a cell with one candidate left), hidden singles (a digit
//! with one place left in a row, column or box) and locked candidates (a digit confined to where
//! a box and a line meet leaves the rest of both). The classic board also uses triads and
//! guesses between a digit's configurations in a band or stack, as tdoku does (`bands`).
//!
//! One search (`search`) drives four kinds of state: by band for the classic board (`bands`)
//! and, widened, for the plain 16×16 and 25×25 boards (`wide`), by digit for any other board of
//! at most 128 cells (`digits`), by cell for the rest, up to 25×25 (`cells`). The search keeps
//! its own stack instead of recursing, so the page can run it a few nodes per animation frame
//! and show every assignment and every backtrack, and the referee can stop it after a budget of
//! nodes. What is asked of it sits in files of its own: counting and the fixed point of the
//! rules (`count`), the referee's diagnosis (`diagnose`) and the generator's uniqueness
//! proof (`proof`).

mod bands;
pub(crate) mod cages;
mod cells;
mod count;
mod diagnose;
mod digits;
mod lanes;
mod proof;
mod search;
mod wide;

pub use cages::{candidates, completable};

pub use count::{Count, count, count_while, fills_without_guessing, guesses, settled_candidates};
pub use diagnose::{DIAGNOSIS_BUDGET, Diagnosis, ForcedContradiction, diagnose};
pub use proof::{another_solution, differs_at};
pub use search::Search;

use crate::board::{Digit, DigitSet, Geometry, Grid};

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
/// propagates furthest), open cells weighing three times as much (the fewest nodes on the shared
/// 9×9 sets of the weights tried); failing those, one with the fewest candidates.
fn branch_in_bits(
    geometry: &Geometry,
    open: u128,
    pairs: u128,
    candidates: impl Fn(usize) -> DigitSet,
) -> Option<(usize, DigitSet)> {
    let cell = if pairs != 0 {
        let reach = |c: usize| {
            let peers = geometry.peer_bits(c).unwrap_or(0);
            3 * (peers & open).count_ones() + (peers & pairs).count_ones()
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
    /// No digits left complete this killer cage.
    Cage(usize),
}

/// The bits of `set`, lowest first.
fn bits(mut set: impl BitSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || set.pop_lowest())
}

/// A state of the search: the candidates left, able to take a guess and draw what follows.
trait Board: Clone {
    /// Where this state guesses: an open cell (every state can guess at one), or what else the
    /// state can hold.
    type Guess: Copy + From<usize>;
    /// The puzzle's givens placed and their consequences drawn, or `None` when they contradict
    /// each other.
    fn start(geometry: &Geometry, puzzle: &Grid) -> Option<Self>;
    /// Takes `choice` at `at` (at a cell, places that digit) and draws the consequences;
    /// `false` on a contradiction.
    fn guess(&mut self, geometry: &Geometry, at: Self::Guess, choice: Digit) -> bool;
    /// Where to guess next and the choices there (at a cell, its candidates); `None` when every
    /// cell is placed.
    fn branch(&self, geometry: &Geometry) -> Option<(Self::Guess, DigitSet)>;
    /// Writes each cell's placed digit (1-based), 0 where open.
    fn write_digits(&self, geometry: &Geometry, digits: &mut [u8]);
}
