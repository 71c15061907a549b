//! New puzzles: a random solution grid, then givens taken away one by one (or two by two, for a
//! symmetric pattern) while the exact search proves the puzzle still has one solution, until no
//! given can go; then graded, and tried again until the grade is the one asked for. Where
//! minimal puzzles of that level are too rare, givens go only while the puzzle needs no stronger
//! technique (guided digging). Before any of it, a search checks that the board's rules allow a
//! grid at all.
//!
//! The work comes in small steps (a slice of a search, or one removal tried) so that the page
//! can spread it over animation frames; one seed gives the same puzzles on every machine.

use crate::board::{Digit, Geometry, Grid, Shape};
use crate::grade::{self, Difficulty};
use crate::rng::{Draws, Rng, SeedableRng};
use crate::solvers::exact::{self, DIAGNOSIS_BUDGET, Diagnosis, Search};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod general;
pub use general::{general_givens, general_many, general_with_rng};

/// What to generate. In messages, checked on arrival field by field: a decoded request always
/// names a board and a grade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub shape: Shape,
    /// The grade wanted; `None` takes the first puzzle made, whatever its grade.
    pub difficulty: Option<Difficulty>,
    /// Givens in pairs symmetric under a half turn of the board.
    pub symmetric: bool,
}

impl Request {
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

/// Minimal puzzles made and graded before the generator turns to guided digging for a level
/// easier than guessing. A 9×9 minimal puzzle is hard one time in thirteen, so 120 tries miss
/// that level about once in 15,000 asks; on 16×16 nearly every minimal puzzle needs guessing
/// (60 of 60 measured), so the search for another level is cut short there, and on 25×25, where
/// a minimal puzzle takes seconds to dig and none measured was easier than expert, skipped.
fn plain_tries(shape: Shape) -> u32 {
    match shape.cells() {
        0..=81 => 120,
        82..=256 => 2,
        _ => 0,
    }
}

/// Puzzles made before settling for the nearest grade: some levels do not exist on the small
/// boards (a 4×4 puzzle never needs more than singles).
pub const MAX_TRIES: u32 = 200;

/// Nodes a search may spend filling a grid from its random seed givens before those are
/// redrawn.
const FILL_BUDGET: u64 = 2_000;

/// Nodes a uniqueness proof may spend; past it the given stays (the puzzle is never left with
/// two solutions, at worst with a given more). Proofs on 16×16 stay under 50,000 nodes; on
/// 25×25 about 250 of the 625 run past any budget tried up to 1,000 nodes, and a budget of 100
/// leaves about as many givens as one of 1,000 at a small part of the time (see BENCHMARKS).
fn proof_budget(shape: Shape) -> u64 {
    if shape.cells() > 256 { 100 } else { 50_000 }
}

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

/// Nodes of the referee's count on a finished puzzle per step, so that a step stays short.
const REFEREE_SLICE: u64 = 2_000;

/// Failed attempts at a random grid in a row before the generator relabels the digits of the
/// grid its first search found instead (tight rule sets leave few grids to stumble on).
const MAX_FAILED_FILLS: u32 = 20;

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

    /// Runs only as far as a random solution grid: the check that the rules allow one, then
    /// attempts until one is found.
    fn solution(mut self) -> Result<Grid, NoGrid> {
        loop {
            match std::mem::replace(&mut self.phase, Phase::Fill) {
                Phase::Impossible(why) => return Err(why),
                Phase::Check(search) => self.check(search),
                _ => {
                    if let Some(grid) = self.fill() {
                        return Ok(grid);
                    }
                }
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

    /// One slice of the search for any grid: keeps the first one found as the base, or gives
    /// up once the search is exhausted or over its budget.
    fn check(&mut self, mut search: Box<Search>) {
        let over = search.run(FILL_BUDGET);
        self.base = search.take_first_solution();
        self.phase = match (self.base.is_some(), over) {
            (true, _) => Phase::Fill,
            (false, true) => Phase::Impossible(NoGrid::Proved),
            (false, false) if search.nodes >= CHECK_BUDGET => Phase::Impossible(NoGrid::NotFound),
            (false, false) => Phase::Check(search),
        };
    }

    /// Tries taking away the group of givens at `next`, keeping them if the puzzle no longer
    /// stands without them; past the last group, verifies or finishes the puzzle.
    fn dig(
        &mut self,
        solution: Grid,
        mut puzzle: Grid,
        order: Vec<Vec<usize>>,
        next: usize,
    ) -> Option<Generated> {
        let Some(group) = order.get(next) else {
            if self.request.symmetric && self.guided().is_none() {
                self.phase = Phase::Verify {
                    solution,
                    puzzle,
                    next: 0,
                };
                return None;
            }
            return self.before_referee(puzzle, solution);
        };
        let kept = puzzle.clone();
        for &cell in group {
            puzzle.set(cell, None);
        }
        let stands = match self.guided() {
            // Techniques short of guessing that complete a puzzle prove it unique.
            Some(wanted) => grade::within(&self.geometry, &puzzle, wanted),
            None => self.proves_unique(&puzzle, &solution, group),
        };
        if !stands {
            puzzle = kept;
        }
        self.phase = Phase::Dig {
            solution,
            puzzle,
            order,
            next: next + 1,
        };
        None
    }

    /// Checks whether the next given from `next` on could go alone; if one could, the puzzle is
    /// not minimal and the generator begins again.
    fn verify(&mut self, solution: Grid, puzzle: Grid, next: usize) -> Option<Generated> {
        let Some(cell) = (next..puzzle.digits().len()).find(|&c| puzzle.get(c).is_some()) else {
            return self.before_referee(puzzle, solution);
        };
        let mut fewer = puzzle.clone();
        fewer.set(cell, None);
        if self.proves_unique(&fewer, &solution, &[cell]) {
            // One given could go alone: not minimal, so begin again.
            return self.rejected();
        }
        self.phase = Phase::Verify {
            solution,
            puzzle,
            next: cell + 1,
        };
        self.out_of_tries()
    }

    /// The level removals are held to, if any: once plain digging has failed to find the level
    /// asked for [`plain_tries`] times, for any level short of guessing.
    fn guided(&self) -> Option<Difficulty> {
        (self.request.difficulty)
            .filter(|&d| d < Difficulty::Expert && self.tries >= plain_tries(self.request.shape))
    }

    /// Whether the exact search proves, within the board's budget, that `puzzle` (a puzzle with
    /// the one solution `solution`, the givens at `taken` taken away) still has one solution;
    /// a proof cut short is remembered (the puzzle may then keep a given it does not need).
    /// Past 9×9 the search looks only for a solution that differs at `taken`; on 9×9 counting
    /// to two is cheaper than setting that search up.
    fn proves_unique(&mut self, puzzle: &Grid, solution: &Grid, taken: &[usize]) -> bool {
        let budget = proof_budget(puzzle.shape());
        let proof = if puzzle.shape().cells() > 81 {
            exact::differs_at(puzzle, solution, taken, budget)
        } else {
            exact::diagnose(puzzle, budget).map(|d| match d {
                Diagnosis::Unique => Some(false),
                Diagnosis::Undecided => None,
                _ => Some(true),
            })
        };
        match proof {
            Ok(Some(false)) => true,
            Ok(None) => {
                self.cut_short = true;
                false
            }
            _ => false,
        }
    }

    /// One attempt at a random solution grid: one random digit in each of a few random cells
    /// (where it still fits), then the exact search, on a budget.
    fn fill(&mut self) -> Option<Grid> {
        let shape = self.request.shape;
        let mut seeds = Grid::empty(shape);
        let mut cells: Vec<usize> = (0..shape.cells()).collect();
        self.rng.shuffle(&mut cells);
        for &cell in cells.iter().take(shape.size() + shape.size() / 4 + 1) {
            let fits = crate::check::candidates(&self.geometry, &seeds, cell);
            let choices: Vec<u8> = fits.iter().map(Digit::get).collect();
            if !choices.is_empty() {
                let pick = choices[self.rng.below(choices.len() as u32) as usize];
                seeds.set(cell, Some(pick));
            }
        }
        let found = Search::new(&seeds, 1).ok().and_then(|mut search| {
            search.run(FILL_BUDGET);
            search.take_first_solution()
        });
        if found.is_some() {
            self.failed_fills = 0;
            return found;
        }
        self.failed_fills += 1;
        if self.failed_fills < MAX_FAILED_FILLS {
            return None;
        }
        // The rules leave few grids: the first one found, its digits shuffled (every rule
        // holds under a relabelling of the digits).
        let base = self.base.as_ref()?;
        let mut labels: Vec<u8> = (1..=shape.size() as u8).collect();
        self.rng.shuffle(&mut labels);
        let digits = (base.digits().iter())
            .map(|&d| labels[usize::from(d) - 1])
            .collect();
        Grid::from_digits(shape, digits)
    }

    /// The cells to try removing, in a random order: one at a time, or each with its mirror
    /// under a half turn.
    fn removal_order(&mut self) -> Vec<Vec<usize>> {
        let cells = self.request.shape.cells();
        let mut order: Vec<Vec<usize>> = if self.request.symmetric {
            (0..cells.div_ceil(2))
                .map(|c| {
                    let mirror = cells - 1 - c;
                    if mirror == c {
                        vec![c]
                    } else {
                        vec![c, mirror]
                    }
                })
                .collect()
        } else {
            (0..cells).map(|c| vec![c]).collect()
        };
        self.rng.shuffle(&mut order);
        order
    }

    /// Hands a finished puzzle past 9×9 to the referee's count; on 9×9 the digging's proofs
    /// were that count.
    fn before_referee(&mut self, puzzle: Grid, solution: Grid) -> Option<Generated> {
        if puzzle.shape().cells() <= 81 {
            return self.finish(puzzle, solution);
        }
        match Search::new(&puzzle, 2) {
            Ok(search) => {
                self.phase = Phase::Referee {
                    solution,
                    puzzle,
                    search: Box::new(search),
                };
                None
            }
            Err(_) => self.rejected(),
        }
    }

    /// A slice of the referee's count on a finished puzzle: one the page's referee could not
    /// decide within its budget ("could not decide quickly") is dropped and another begun.
    fn referee(
        &mut self,
        solution: Grid,
        puzzle: Grid,
        mut search: Box<Search>,
    ) -> Option<Generated> {
        let left = DIAGNOSIS_BUDGET.saturating_sub(search.nodes);
        let over = search.run(left.min(REFEREE_SLICE));
        match (over, search.solutions()) {
            (true, 1) => self.finish(puzzle, solution),
            (false, _) if search.nodes < DIAGNOSIS_BUDGET => {
                self.phase = Phase::Referee {
                    solution,
                    puzzle,
                    search,
                };
                None
            }
            _ => self.rejected(),
        }
    }

    /// A puzzle dropped before grading (not minimal, or undecided by the referee) counts as a
    /// try.
    fn rejected(&mut self) -> Option<Generated> {
        self.tries += 1;
        self.out_of_tries()
    }

    /// Grades a finished puzzle: kept if its grade is the one asked for, else remembered if it
    /// is the nearest yet, and a new one begun.
    fn finish(&mut self, puzzle: Grid, solution: Grid) -> Option<Generated> {
        // Whether this puzzle was dug guided, before the count of tries moves on.
        let guided = self.guided().is_some();
        self.tries += 1;
        let difficulty = grade::grade(&self.geometry, &puzzle)?;
        let wanted = self.request.difficulty.unwrap_or(difficulty);
        let generated = Generated {
            puzzle,
            solution,
            difficulty,
            tries: self.tries,
            as_asked: difficulty == wanted,
            minimal: !self.cut_short && !guided,
        };
        if generated.as_asked {
            return Some(generated);
        }
        let distance = |d: Difficulty| (d as i32 - wanted as i32).abs();
        if self
            .nearest
            .as_ref()
            .is_none_or(|n| distance(difficulty) < distance(n.difficulty))
        {
            self.nearest = Some(generated);
        }
        self.out_of_tries()
    }

    /// The nearest puzzle so far once [`MAX_TRIES`] have been made.
    fn out_of_tries(&mut self) -> Option<Generated> {
        if self.tries < MAX_TRIES {
            return None;
        }
        self.nearest.take().map(|n| Generated {
            tries: self.tries,
            ..n
        })
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
