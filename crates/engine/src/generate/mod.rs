//! New puzzles: a random solution grid, then givens taken away one by one (or two by two, for a
//! symmetric pattern) while the exact search proves the puzzle still has one solution, until no
//! given can go; then graded, and tried again until the grade is the one asked for. Where
//! minimal puzzles of that level are too rare, givens go only while the puzzle needs no stronger
//! technique (guided digging). Before any of it, a search checks that the board's rules allow a
//! grid at all.
//!
//! The work comes in small steps (a slice of a search, or one removal tried) so that the page
//! can spread it over animation frames; one seed gives the same puzzles on every machine. This
//! file holds the generator and its phases; the steps of each phase are in a file of their own:
//! a grid (`fill`), digging (`dig`), the referee and the grade (`finish`).

use crate::board::{Geometry, Grid, Shape};
use crate::exact::Search;
use crate::grade::Difficulty;
use crate::rng::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod dig;
mod fill;
mod finish;
mod general;
mod killer;
pub use general::{general_givens, general_many, general_with_rng};
pub use killer::{cut_cages, killer_graded, killer_graded_many, killer_many, killer_with_rng};

/// What to generate. In messages, checked on arrival field by field: a decoded request always
/// names a board and a grade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub shape: Shape,
    /// The grade wanted; `None` takes the first puzzle made, whatever its grade.
    pub difficulty: Option<Difficulty>,
    /// Givens in pairs symmetric under a half turn of the board.
    pub symmetric: bool,
    /// A killer: cages cut from the solution grid and no given (`symmetric` has nothing to do).
    pub killer: bool,
}

impl Request {
    /// The largest side New puzzle cuts killers for: proving a 16×16 cut unique takes minutes.
    pub const KILLER_SIDE: usize = 9;

    /// The level New puzzle makes until another is picked: medium, and hard above 9×9, where the
    /// tuned annealer clamps what singles and locked candidates force, so that a medium puzzle
    /// is solved before any spin is free and a run would have nothing to anneal.
    pub fn default_level(shape: Shape) -> Difficulty {
        match shape.size() > 9 {
            true => Difficulty::Hard,
            false => Difficulty::Medium,
        }
    }
}

/// A generated puzzle, its one solution and its grade.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generated {
    pub puzzle: Grid,
    pub solution: Grid,
    pub difficulty: Difficulty,
    /// Puzzles made and graded before this one was kept (this one included).
    pub tries: u32,
    /// Whether the grade is the one asked for; `false` when [`MAX_TRIES`] ran out first and
    /// this is the nearest grade found.
    pub as_asked: bool,
    /// Whether every given was proved necessary: always, unless guided digging made it (then
    /// no given can go without the puzzle needing a stronger technique) or a proof ran out of
    /// budget on a 25×25 board.
    pub minimal: bool,
}

/// Puzzles made before settling for the nearest grade: some levels do not exist on the small
/// boards (a 4×4 puzzle never needs more than singles).
pub const MAX_TRIES: u32 = 200;

/// Why no puzzle can be made: no grid obeys the board's rules, or none turned up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoGrid {
    /// The exact search proved that no grid obeys the rules.
    Proved,
    /// The exact search found none within [`CHECK_BUDGET`] nodes.
    NotFound,
}

impl std::fmt::Display for NoGrid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NoGrid::Proved => "no grid of this size obeys these rules",
            NoGrid::NotFound => {
                "no grid of this size obeying these rules turned up in a long search"
            }
        })
    }
}

/// Nodes the search may spend looking for any grid that obeys the rules at all (tens of
/// milliseconds on the boards and rules that have one; some rule sets have none).
pub const CHECK_BUDGET: u64 = 200_000;

/// Where a generator is.
enum Phase {
    /// Looking for any grid at all: some rule sets have none.
    Check(Box<Search>),
    /// Looking for a solution grid.
    Fill,
    /// Taking givens away: `order` lists the groups of cells to try, `next` the next one.
    Dig {
        solution: Grid,
        puzzle: Grid,
        order: Vec<Vec<usize>>,
        next: usize,
    },
    /// A symmetric puzzle with no pair left to remove: checking, given by given from `next` on,
    /// that no single one can go either.
    Verify {
        solution: Grid,
        puzzle: Grid,
        next: usize,
    },
    /// A finished puzzle past 9×9 before the page's referee, whose count to two must say "one
    /// solution" within its budget; the digging proved that with the solution in hand, which
    /// the referee has not.
    Referee {
        solution: Grid,
        puzzle: Grid,
        search: Box<Search>,
    },
    /// Given up: no grid to make a puzzle from.
    Impossible(NoGrid),
}

/// A generator that works in small steps.
pub struct Generator {
    request: Request,
    geometry: Arc<Geometry>,
    rng: Rng,
    phase: Phase,
    tries: u32,
    /// The puzzle whose grade came nearest to the one asked for so far.
    nearest: Option<Generated>,
    /// Whether a uniqueness proof ran out of budget for the current puzzle (it may then not be
    /// minimal).
    cut_short: bool,
    /// The grid the first search found, relabelled when random grids keep failing.
    base: Option<Grid>,
    failed_fills: u32,
}

impl Generator {
    /// A generator for `request`, its random choices drawn from `seed`.
    pub fn new(request: Request, seed: u64) -> Generator {
        let phase = match Search::new(&Grid::empty(request.shape), 1) {
            _ if request.killer && request.shape.size() > Request::KILLER_SIDE => {
                Phase::Impossible(NoGrid::NotFound)
            }
            Ok(search) => Phase::Check(Box::new(search)),
            Err(_) => Phase::Impossible(NoGrid::Proved),
        };
        Generator {
            geometry: Geometry::of(request.shape),
            request,
            rng: Rng::seed_from_u64(seed),
            phase,
            tries: 0,
            nearest: None,
            cut_short: false,
            base: None,
            failed_fills: 0,
        }
    }

    /// Runs until a puzzle is done, or it is clear that none can be.
    pub fn run(mut self) -> Result<Generated, NoGrid> {
        loop {
            if let Some(done) = self.step() {
                return done;
            }
        }
    }

    /// Does one small piece of work: a slice of the search for any grid, one attempt at a
    /// solution grid, one removal tried, a slice of the referee's count, or the grading of a
    /// finished puzzle. Returns the puzzle once there is one to keep, or why there will be none.
    pub fn step(&mut self) -> Option<Result<Generated, NoGrid>> {
        match (self.advance(), &self.phase) {
            (Some(made), _) => Some(Ok(made)),
            (None, Phase::Impossible(why)) => Some(Err(*why)),
            (None, _) => None,
        }
    }

    fn advance(&mut self) -> Option<Generated> {
        match std::mem::replace(&mut self.phase, Phase::Fill) {
            Phase::Impossible(why) => {
                self.phase = Phase::Impossible(why);
                None
            }
            Phase::Check(search) => {
                self.check(search);
                None
            }
            Phase::Fill if self.request.killer => self.killer(),
            Phase::Fill => {
                if let Some(solution) = self.fill() {
                    let order = self.removal_order();
                    self.cut_short = false;
                    self.phase = Phase::Dig {
                        puzzle: solution.clone(),
                        solution,
                        order,
                        next: 0,
                    };
                }
                None
            }
            Phase::Dig {
                solution,
                puzzle,
                order,
                next,
            } => self.dig(solution, puzzle, order, next),
            Phase::Verify {
                solution,
                puzzle,
                next,
            } => self.verify(solution, puzzle, next),
            Phase::Referee {
                solution,
                puzzle,
                search,
            } => self.referee(solution, puzzle, search),
        }
    }
}

/// Generates one puzzle for `request` with the random choices drawn from `rng`'s next seed.
pub fn generate_with_rng(request: Request, rng: &mut Rng) -> Result<Generated, NoGrid> {
    Generator::new(request, crate::rng::RngCore::next_u64(rng)).run()
}

/// The `count` puzzles `sudoku generate --seed seed` prints, wherever it runs.
pub fn generate_many(request: Request, seed: u64, count: usize) -> Result<Vec<Generated>, NoGrid> {
    seeded_many(seed, count, |rng| generate_with_rng(request, rng))
}

/// `count` results of `make`, all drawn from one generator seeded with `seed`, so that a seed
/// names the same list on every machine.
fn seeded_many<T>(
    seed: u64,
    count: usize,
    mut make: impl FnMut(&mut Rng) -> Result<T, NoGrid>,
) -> Result<Vec<T>, NoGrid> {
    let mut rng = Rng::seed_from_u64(seed);
    (0..count).map(|_| make(&mut rng)).collect()
}
