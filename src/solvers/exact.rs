//! Exact search: depth-first search with forward checking and dynamic variable ordering, as in the
//! constraint-satisfaction write-up, plus the propagation rules that make it fast and that a
//! person can follow: naked singles (a cell with one candidate left), hidden singles (a digit
//! with one place left in a row, column or box) and locked candidates (a digit confined to where
//! a box and a line meet leaves the rest of both).
//!
//! One search drives three kinds of state: by band for the classic board (`bands`), by digit for
//! any other of at most 128 cells (`digits`), by cell for the rest, up to 25×25 (`cells`). The
//! search keeps its own stack instead of
//! recursing, so the page can run it a few nodes per animation frame and show every assignment
//! and every backtrack, and the referee can stop it after a budget of nodes.

mod bands;
mod cells;
mod digits;

use crate::board::{Geometry, Grid, Pos, Shape, Unit};
use crate::check::{self, PuzzleError};
use crate::spec::{Count, Noun, SolverSpec};
use crate::step::{
    Detail, Figures, Frame, Mark, RunState, SearchFigures, Series, Solver, solver_plumbing,
};
use bands::Bands;
use cells::Cells;
use digits::Digits;
use std::fmt;
use std::sync::Arc;

/// The exact search's registry entry: the one complete solver, and the one that counts.
pub static SPEC: SolverSpec = SolverSpec {
    name: "exact",
    family: "Exact search",
    preset: "",
    about: "Depth-first search. Each guess fills the cell with the fewest candidates; forward \
            checking strikes the digit from the cell's row, column and box; naked and hidden \
            singles fill what is forced; a digit held to one row or column of a box leaves the \
            rest of that line, and one held to one box of a row leaves the rest of that box \
            (locked candidates). A dead end undoes the guess (a backtrack) and tries the next \
            digit. Before any solver runs, this search also checks that the puzzle has a \
            solution, and whether it has only one.",
    work: Noun {
        one: "node",
        many: "nodes",
    },
    activity: "Searching…",
    effort: Noun {
        one: "backtrack",
        many: "backtracks",
    },
    speeds: &[1, 4, 20, 100, 1_000],
    default_speed: 1,
    max_restarts: 0,
    complete: true,
    counter: Some(count_while),
    qubo_bits: false,
    supports: |_| true,
    boards: "any board up to 25×25",
    start: |puzzle, config| Ok(Box::new(ExactSolver::new(puzzle, config.moves_per_tick)?)),
};

/// A contradiction found before any guess: the puzzle has no solution, and this is why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dead {
    /// No digit is left for this cell.
    Cell { cell: usize, pos: Pos },
    /// This digit has no place left in this unit.
    NoPlace { digit: u8, unit: Unit },
}

impl Dead {
    fn of(why: Contradiction, geometry: &Geometry) -> Dead {
        match why {
            Contradiction::EmptyCell(cell) => Dead::Cell {
                cell,
                pos: geometry.shape().pos(cell),
            },
            Contradiction::NoPlace { digit, unit } => Dead::NoPlace {
                digit,
                unit: geometry.unit(unit),
            },
        }
    }

    /// The cell to point at, when the contradiction is about one cell.
    pub fn cell(&self) -> Option<usize> {
        match self {
            Dead::Cell { cell, .. } => Some(*cell),
            Dead::NoPlace { .. } => None,
        }
    }
}

impl fmt::Display for Dead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dead::Cell { pos, .. } => write!(f, "after the forced moves no digit fits {pos}"),
            Dead::NoPlace { digit, unit } => {
                write!(
                    f,
                    "after the forced moves {digit} has no place left in {unit}"
                )
            }
        }
    }
}

/// The puzzle's givens as (cell, 0-based digit).
fn givens(puzzle: &Grid) -> impl Iterator<Item = (usize, usize)> {
    (puzzle.digits().iter().enumerate())
        .filter(|(_, d)| **d != 0)
        .map(|(cell, &d)| (cell, usize::from(d) - 1))
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
    candidates: impl Fn(usize) -> u32,
) -> Option<(usize, u32)> {
    let cell = if pairs != 0 {
        let reach = |c: usize| {
            let peers = geometry.peer_bits(c).unwrap_or(0);
            (peers & open).count_ones() + (peers & pairs).count_ones()
        };
        bits(pairs).max_by_key(|&c| reach(c))
    } else {
        bits(open).min_by_key(|&c| candidates(c).count_ones())
    }?;
    Some((cell, candidates(cell)))
}

/// Why propagation gave up on a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// No digit is left for this cell.
    EmptyCell(usize),
    /// This digit (1-based) has no place left in this unit.
    NoPlace { digit: u8, unit: usize },
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
    /// Places `digit` (0-based) at `cell` and draws the consequences; `false` on a contradiction.
    fn place(&mut self, geometry: &Geometry, cell: usize, digit: usize) -> bool;
    /// The open cell to guess at next and its candidates (bit `d` for digit `d + 1`); `None`
    /// when every cell is placed.
    fn branch(&self, geometry: &Geometry) -> Option<(usize, u32)>;
    /// Writes each cell's placed digit (1-based), 0 where open.
    fn write_digits(&self, geometry: &Geometry, digits: &mut [u8]);
}

/// What one step of the search did.
enum Advance {
    /// No branch is left: the search is over.
    Exhausted,
    /// The deepest branch had no digit left to try and was dropped, back to this depth.
    Backtracked(usize),
    /// A guess made the state at this depth; `solved` when that state completes the board.
    Guessed { depth: usize, solved: bool },
}

/// The states of a search and its open branches, over one kind of board.
trait Stack {
    /// Tries the next digit of the deepest branch, or drops that branch when none is left.
    fn advance(&mut self, geometry: &Geometry) -> Advance;
    /// Writes each cell's placed digit (1-based, 0 where open) in the state at `depth`.
    fn write_digits(&self, geometry: &Geometry, depth: usize, digits: &mut [u8]);
}

/// `states[k]` is the state at depth `k` (the givens at 0); `branches[k]` is the cell branched
/// on below it and the digits not yet tried there.
struct Levels<B> {
    states: Vec<B>,
    branches: Vec<(usize, u32)>,
}

impl<B: Board> Levels<B> {
    /// The search's root, and whether the givens alone solve the board; `None` if they
    /// contradict each other.
    fn new(geometry: &Geometry, puzzle: &Grid) -> Option<(Levels<B>, bool)> {
        // Room for the depths most searches reach, so that few of them allocate twice.
        let mut states = Vec::with_capacity(16);
        states.push(B::start(geometry, puzzle)?);
        let mut levels = Levels {
            states,
            branches: Vec::with_capacity(16),
        };
        let solved = levels.settle(geometry, 0);
        Some((levels, solved))
    }

    /// After the state at depth `k` propagated cleanly: `true` if it is solved, else it gets a
    /// branch on an open cell.
    fn settle(&mut self, geometry: &Geometry, k: usize) -> bool {
        match self.states[k].branch(geometry) {
            None => true,
            Some(branch) => {
                self.branches.push(branch);
                false
            }
        }
    }
}

impl<B: Board> Stack for Levels<B> {
    fn advance(&mut self, geometry: &Geometry) -> Advance {
        let depth = self.branches.len();
        let Some((cell, untried)) = self.branches.last_mut() else {
            return Advance::Exhausted;
        };
        if *untried == 0 {
            self.branches.pop();
            return Advance::Backtracked(depth - 1);
        }
        let (cell, digit) = (*cell, untried.trailing_zeros() as usize);
        *untried &= *untried - 1;
        if self.states.len() == depth {
            self.states.push(self.states[depth - 1].clone());
        } else {
            let (above, below) = self.states.split_at_mut(depth);
            below[0].clone_from(&above[depth - 1]);
        }
        let solved =
            self.states[depth].place(geometry, cell, digit) && self.settle(geometry, depth);
        Advance::Guessed { depth, solved }
    }

    fn write_digits(&self, geometry: &Geometry, depth: usize, digits: &mut [u8]) {
        self.states[depth].write_digits(geometry, digits);
    }
}

/// How a search keeps its states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// By digit and band of three rows: the classic board only.
    Bands,
    /// By digit, as bit sets of cells: boards of at most 128 cells.
    Digits,
    /// By cell, as bit sets of digits: every board.
    Cells,
    /// By cell, singles only: the plain search that measures guessing.
    PlainCells,
}

impl Layout {
    /// The fastest way that fits `shape`.
    fn fastest(shape: Shape) -> Layout {
        match shape {
            Shape::CLASSIC => Layout::Bands,
            _ if Digits::fits(shape) => Layout::Digits,
            _ => Layout::Cells,
        }
    }

    /// This way if it fits `shape`, else the fastest that does.
    fn or_fastest(self, shape: Shape) -> Layout {
        match (self, Layout::fastest(shape)) {
            (Layout::PlainCells, _) => Layout::PlainCells,
            (Layout::Cells, _) | (_, Layout::Cells) => Layout::Cells,
            (Layout::Bands, Layout::Bands) => Layout::Bands,
            _ => Layout::Digits,
        }
    }
}

/// Depth-first search with an explicit stack, so that the page can run it a few nodes per
/// animation frame and show every assignment and every backtrack, and the referee can stop it
/// after a budget of nodes. The classic board keeps its states by band, any other by digit.
pub struct Search {
    geometry: Arc<Geometry>,
    /// `None` when the givens contradict each other.
    stack: Option<Box<dyn Stack>>,
    /// The contradiction found before any guess, when it can be said in a few words.
    root_dead: Option<Dead>,
    solutions: u64,
    limit: u64,
    first: Option<Vec<u8>>,
    /// Guesses tried (each is one node).
    pub nodes: u64,
    /// Guesses undone because they led nowhere.
    pub backtracks: u64,
    finished: bool,
    /// The depth shown: the deepest state reached by the last step.
    shown: usize,
}

impl Search {
    /// A search of `puzzle` that stops after `limit` solutions (at least 1). The givens are
    /// propagated at once; a contradiction there ends the search before any guess.
    pub fn new(puzzle: &Grid, limit: u64) -> Result<Search, PuzzleError> {
        Search::keeping(puzzle, limit, Layout::fastest(puzzle.shape()))
    }

    /// A search keeping its states one way.
    fn keeping(puzzle: &Grid, limit: u64, layout: Layout) -> Result<Search, PuzzleError> {
        let geometry = Geometry::of(puzzle.shape());
        fn root<B: Board + 'static>(
            geometry: &Geometry,
            puzzle: &Grid,
        ) -> Option<(Box<dyn Stack>, bool)> {
            Levels::<B>::new(geometry, puzzle).map(|(l, solved)| (Box::new(l) as _, solved))
        }
        let layout = layout.or_fastest(puzzle.shape());
        let root = match layout {
            Layout::Bands => root::<Bands>(&geometry, puzzle),
            Layout::Digits => root::<Digits>(&geometry, puzzle),
            Layout::Cells => root::<Cells<true>>(&geometry, puzzle),
            Layout::PlainCells => root::<Cells<false>>(&geometry, puzzle),
        };
        let mut search = Search {
            geometry,
            stack: None,
            root_dead: None,
            solutions: 0,
            limit: limit.max(1),
            first: None,
            nodes: 0,
            backtracks: 0,
            finished: true,
            shown: 0,
        };
        match root {
            Some((stack, solved)) => {
                search.stack = Some(stack);
                search.finished = false;
                if solved {
                    search.found(0);
                }
            }
            None => {
                // Repeated givens are the puzzle's own error, said with the cells involved; any
                // other contradiction is the search's finding, said in terms of the board when
                // forced moves reach it.
                check::validate(&search.geometry, puzzle)?;
                let why = match layout {
                    Layout::Cells | Layout::PlainCells => {
                        Cells::<true>::start_or_explain(&search.geometry, puzzle).err()
                    }
                    _ => Digits::start_or_explain(&search.geometry, puzzle).err(),
                };
                search.root_dead = why.map(|why| Dead::of(why, &search.geometry));
            }
        }
        Ok(search)
    }

    /// Counts the solved state at `depth`.
    fn found(&mut self, depth: usize) {
        if self.first.is_none() {
            let mut digits = vec![0; self.geometry.shape().cells()];
            if self.write_digits_at(depth, &mut digits) {
                self.first = Some(digits);
            }
        }
        self.solutions += 1;
        self.finished |= self.solutions >= self.limit;
    }

    /// Writes the digits of the state at `depth`; `false` when there is no state.
    fn write_digits_at(&self, depth: usize, digits: &mut [u8]) -> bool {
        let Some(stack) = self.stack.as_ref() else {
            return false;
        };
        stack.write_digits(&self.geometry, depth, digits);
        true
    }

    /// Tries one guess (one node), or backtracks out of an exhausted branch. Returns `false` once
    /// the search is over.
    pub fn step(&mut self) -> bool {
        if self.finished {
            return false;
        }
        let Some(stack) = self.stack.as_mut() else {
            self.finished = true;
            return false;
        };
        match stack.advance(&self.geometry) {
            Advance::Exhausted => self.finished = true,
            Advance::Backtracked(depth) => {
                self.backtracks += 1;
                self.shown = depth;
                self.finished = depth == 0;
            }
            Advance::Guessed { depth, solved } => {
                self.nodes += 1;
                self.shown = depth;
                if solved {
                    self.found(depth);
                }
            }
        }
        !self.finished
    }

    /// Runs until the search is over or `budget` more nodes have been tried; `true` if over.
    pub fn run(&mut self, budget: u64) -> bool {
        let stop = self.nodes.saturating_add(budget);
        while self.nodes < stop {
            if !self.step() {
                return true;
            }
        }
        self.finished
    }

    /// Solutions found so far (the count is exact once the search is over below the limit).
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The first solution found, handed over once.
    pub fn take_first_solution(&mut self) -> Option<Grid> {
        Grid::from_digits(self.geometry.shape(), self.first.take()?)
    }

    /// The contradiction the givens lead to before any guess, said in terms of the board.
    pub fn dead_at_root(&self) -> Option<Dead> {
        self.root_dead.clone()
    }

    /// Writes the digits placed in the state the search is looking at (the solution, once
    /// found); `false` when the givens contradict each other and there is no state.
    pub fn write_shown(&self, digits: &mut [u8]) -> bool {
        self.write_digits_at(self.shown, digits)
    }
}

/// Counts the solutions of `puzzle` up to `limit`.
pub fn count(puzzle: &Grid, limit: u64) -> Result<Count, PuzzleError> {
    count_while(puzzle, limit, &mut || true)
}

/// Guesses a plain search makes to solve `puzzle` and prove it has no other solution: singles
/// only, the cell with the fewest candidates first. The grades are checked against it, since
/// the search the referee runs draws locked candidates too and guesses little on any puzzle.
pub fn guesses(puzzle: &Grid) -> Result<u64, PuzzleError> {
    let mut search = Search::keeping(puzzle, 2, Layout::PlainCells)?;
    search.run(u64::MAX);
    Ok(search.nodes)
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
    NoSolution(Option<Dead>),
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
        (0, true) => Diagnosis::NoSolution(search.dead_at_root()),
        (1, true) => Diagnosis::Unique,
        (0 | 1, false) => Diagnosis::Undecided,
        _ => Diagnosis::Several,
    })
}

/// The exact search driven by the step API: a number of nodes per tick, stopping at the first
/// solution.
pub struct ExactSolver {
    puzzle: Grid,
    search: Search,
    nodes_per_tick: u64,
    /// The digits of the state shown, refreshed in place.
    digits: Vec<u8>,
    frame: Frame,
}

impl ExactSolver {
    pub fn new(puzzle: &Grid, nodes_per_tick: u64) -> Result<ExactSolver, PuzzleError> {
        let search = Search::new(puzzle, 1)?;
        let cells = puzzle.shape().cells();
        let figures = Figures::Search(SearchFigures::default());
        let series = [Series::linear("Open cells"), Series::linear("Backtracks")];
        let mut solver = ExactSolver {
            puzzle: puzzle.clone(),
            search,
            nodes_per_tick: nodes_per_tick.max(1),
            digits: vec![0; cells],
            frame: Frame::new(cells, figures, series, Detail::None),
        };
        solver.frame.state = match (solver.search.is_finished(), solver.search.solutions()) {
            (true, 0) => RunState::Unsolvable,
            (true, _) => RunState::Solved,
            _ => RunState::Running,
        };
        solver.refresh();
        Ok(solver)
    }

    /// Brings the frame up to date with the search.
    fn refresh(&mut self) {
        // With no state to show (the givens contradict each other), the givens as they are.
        if !self.search.write_shown(&mut self.digits) {
            self.digits.copy_from_slice(self.puzzle.digits());
        }
        let frame = &mut self.frame;
        let mut open = 0;
        for (mark, &d) in frame.cells.iter_mut().zip(&self.digits) {
            *mark = if d == 0 { Mark::Empty } else { Mark::Digit(d) };
            open += usize::from(d == 0);
        }
        frame.violations = check::violations(&self.search.geometry, &self.puzzle, &frame.cells);
        if frame.state == RunState::Solved && frame.violations != 0 {
            frame.state = RunState::GaveUp;
        }
        frame.moves = self.search.nodes;
        frame.effort = self.search.backtracks;
        frame.figures = Figures::Search(SearchFigures {
            nodes: self.search.nodes,
            backtracks: self.search.backtracks,
            open_cells: open as u64,
        });
        frame.sample.tick = frame.ticks;
        frame.sample.values = [open as f64, self.search.backtracks as f64];
    }
}

impl Solver for ExactSolver {
    fn tick(&mut self) -> &Frame {
        if self.frame.state == RunState::Running {
            self.frame.ticks += 1;
            if self.search.run(self.nodes_per_tick) {
                self.frame.state = if self.search.solutions() > 0 {
                    RunState::Solved
                } else {
                    RunState::Unsolvable
                };
            }
            self.refresh();
        }
        &self.frame
    }

    solver_plumbing!(frame, nodes_per_tick);
}

#[cfg(test)]
mod tests {
    use super::{Layout, Search};
    use crate::board::{Grid, Shape, parse_puzzle_list};
    use crate::check;
    use crate::rng::{Draws, Rng, SeedableRng};

    /// Every `step`-th puzzle of a file of the shared collection.
    fn sample(name: &str, step: usize) -> Vec<Grid> {
        let path = format!("{}/../shared/puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        (parse_puzzle_list(&text).into_iter().step_by(step))
            .map(|p| p.expect("shared puzzles parse"))
            .collect()
    }

    /// Solutions up to two, and the first one, as a search keeping its states one way finds them.
    fn count(puzzle: &Grid, layout: Layout) -> (u64, Option<Grid>) {
        let mut search = Search::keeping(puzzle, 2, layout).expect("valid givens");
        assert!(search.run(u64::MAX), "{puzzle}");
        (search.solutions(), search.take_first_solution())
    }

    /// Every kind of state must find the same number of solutions on every puzzle: the shared
    /// files (unique and several), and the same puzzles with one given more or one digit
    /// changed, most of which have no solution.
    #[test]
    fn every_kind_of_state_counts_alike_and_every_solution_checks() {
        let mut set = sample("magictour_top1465.txt", 3);
        set.extend(sample("forum_hardest_1106.txt", 3));
        set.extend(sample("17_clue.txt", 200));
        set.extend(sample("forum_hardest_1905_11plus.txt", 200));
        set.extend(sample("serg_benchmark.txt", 40));
        set.extend(sample("unbiased_first1000.txt", 8));
        let mut rng = Rng::seed_from_u64(2026);
        let mut changed = Vec::new();
        for puzzle in &set {
            let mut one = puzzle.clone();
            let cell = rng.below(81) as usize;
            one.set(cell, Some(rng.below(9) as u8 + 1));
            if check::validate(&crate::Geometry::of(one.shape()), &one).is_ok() {
                changed.push(one);
            }
        }
        let (mut none, mut several) = (0, 0);
        for puzzle in set.iter().chain(&changed) {
            let layouts = [
                Layout::Bands,
                Layout::Digits,
                Layout::Cells,
                Layout::PlainCells,
            ];
            let counts = layouts.map(|s| count(puzzle, s));
            for other in &counts[1..] {
                assert_eq!(counts[0].0, other.0, "{puzzle}");
            }
            none += usize::from(counts[0].0 == 0);
            several += usize::from(counts[0].0 == 2);
            for solution in counts.into_iter().filter_map(|c| c.1) {
                let geometry = crate::Geometry::of(puzzle.shape());
                assert!(check::is_solution(&geometry, puzzle, &solution), "{puzzle}");
            }
        }
        assert!(
            none > 100 && several > 100,
            "{none} without, {several} with several"
        );
    }

    /// On the small boards the digit and cell states both find the known number of grids, each a
    /// different solution: 288 of 4×4, and 28,200,960 of 6×6 with 2×3 boxes, which is 39,168
    /// with the first row fixed as 1–6.
    #[test]
    fn the_small_boards_have_their_known_number_of_grids() {
        for ((rows, cols), known) in [((2, 2), 288), ((2, 3), 28_200_960 / 720)] {
            let shape = Shape::new(rows, cols).expect("a board");
            let mut empty = Grid::empty(shape);
            if rows * cols == 6 {
                (0..6).for_each(|c| empty.set(c, Some(c as u8 + 1)));
            }
            let geometry = crate::Geometry::of(shape);
            for layout in [Layout::Digits, Layout::Cells, Layout::PlainCells] {
                let mut search = Search::keeping(&empty, u64::MAX, layout).expect("no givens");
                let mut grids = std::collections::HashSet::new();
                let mut digits = vec![0; shape.cells()];
                while search.step() {
                    if search.solutions() > grids.len() as u64 {
                        assert!(search.write_shown(&mut digits));
                        let grid = Grid::from_digits(shape, digits.clone()).expect("fits");
                        assert!(check::is_solution(&geometry, &empty, &grid), "{grid}");
                        grids.insert(grid);
                    }
                }
                assert_eq!((search.solutions(), grids.len()), (known, known as usize));
            }
        }
    }

    /// Boards past 128 cells: a 16×16 and a 25×25 filled from nothing, each a solution.
    #[test]
    fn the_cell_state_fills_the_large_boards() {
        for (rows, cols) in [(4, 4), (3, 4), (5, 5)] {
            let shape = Shape::new(rows, cols).expect("a board");
            let empty = Grid::empty(shape);
            let mut search = Search::new(&empty, 1).expect("no givens");
            assert!(
                search.run(100_000),
                "{rows}x{cols} filled within 100,000 nodes"
            );
            let grid = search.take_first_solution().expect("a solution");
            let geometry = crate::Geometry::of(shape);
            assert!(check::is_solution(&geometry, &empty, &grid), "{grid}");
        }
    }
}
