//! Exact search: depth-first search with forward checking and dynamic variable ordering, as in the
//! constraint-satisfaction write-up, plus the two propagation rules that make it fast and that a
//! person can follow: naked singles (a cell with one candidate left) and hidden singles (a digit
//! with one place left in a row, column or box).
//!
//! The search keeps its own stack instead of recursing, so the page can run it a few nodes per
//! animation frame and show every assignment and every backtrack, and the referee can stop it
//! after a budget of nodes.

use crate::board::{Geometry, Grid, Pos, Unit};
use crate::check::{self, PuzzleError};
use crate::solver::{Mark, RunState, Snapshot, Solver};
use std::fmt;
use std::sync::Arc;

/// Why propagation gave up on a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// No digit is left for this cell.
    EmptyCell(usize),
    /// This digit (1-based) has no place left in this unit.
    NoPlace { digit: u8, unit: usize },
}

/// A contradiction found before any guess: the puzzle has no solution, and this is why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dead {
    /// No digit is left for this cell.
    Cell { cell: usize, pos: Pos },
    /// This digit has no place left in this unit.
    NoPlace { digit: u8, unit: Unit },
}

impl Dead {
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

/// The bits of `set`, lowest first.
fn bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

/// Depth-first search over digit bitboards with an explicit stack.
///
/// A state is one bit set of cells per digit (where that digit is still possible) and the set of
/// assigned cells. Assigning a digit clears the cell from the other digits and the digit from the
/// cell's peers (forward checking); counting, bit-sliced over the digits, which cells have zero,
/// one, two or more candidates gives contradictions, naked singles and the branching cell at once.
pub struct Search {
    geometry: Arc<Geometry>,
    n: usize,
    /// Every cell of the board.
    all: u128,
    /// State `k` is `states[k·(n+1) .. (k+1)·(n+1)]`: the digits' position sets, then the
    /// assigned cells.
    states: Vec<u128>,
    /// At each depth below the top: the cell branched on and the digits not yet tried there.
    branches: Vec<(usize, u32)>,
    /// Cells with exactly two candidates in the newest state, found by the last propagation.
    pairs: u128,
    /// The contradiction found at the root, if any.
    root_dead: Option<Contradiction>,
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
        let geometry = Geometry::of(puzzle.shape());
        let cells = puzzle.shape().cells();
        if geometry.peer_bits(0).is_none() {
            return Err(PuzzleError::Unsupported(
                "exact search handles boards of at most 128 cells",
            ));
        }
        let n = puzzle.shape().size();
        let all = u128::MAX >> (128 - cells);
        let mut states = vec![all; n + 1];
        states[n] = 0;
        let mut search = Search {
            geometry,
            n,
            all,
            states,
            branches: Vec::new(),
            pairs: 0,
            root_dead: None,
            solutions: 0,
            limit: limit.max(1),
            first: None,
            nodes: 0,
            backtracks: 0,
            finished: false,
            shown: 0,
        };
        let givens: Vec<(usize, usize)> = (0..cells)
            .filter_map(|c| puzzle.get(c).map(|d| (c, usize::from(d) - 1)))
            .collect();
        let root = search.work_on(0, &givens);
        if root.is_err() {
            // Repeated givens and a cell with no digit left are the puzzle's own errors, said
            // with the cells they involve; any other contradiction is the search's finding.
            check::validate(&search.geometry, puzzle)?;
        }
        match root {
            Err(why) => {
                search.root_dead = Some(why);
                search.finished = true;
            }
            Ok(()) => search.settle(0),
        }
        Ok(search)
    }

    fn state(&self, k: usize) -> &[u128] {
        &self.states[k * (self.n + 1)..(k + 1) * (self.n + 1)]
    }

    /// Assigns `(cell, digit)` pairs in state `k`, then propagates, through a working copy. After
    /// a guess only the units it touches need a hidden-single look; at the root (the givens) every
    /// unit does, and locked candidates are worth their cost there.
    fn work_on(&mut self, k: usize, assign: &[(usize, usize)]) -> Result<(), Contradiction> {
        let n = self.n;
        let root = k == 0;
        let mut work = Work {
            sets: [0; MAX_DIGITS + 1],
            dirty: [if root { u64::MAX >> (64 - 3 * n) } else { 0 }; MAX_DIGITS],
            geometry: &self.geometry,
            n,
            all: self.all,
            pairs: 0,
            locked: root,
        };
        work.sets[..=n].copy_from_slice(self.state(k));
        let result = assign
            .iter()
            .try_for_each(|&(cell, d)| work.assign(cell, d))
            .and_then(|()| work.propagate());
        self.pairs = work.pairs;
        self.states[k * (n + 1)..(k + 1) * (n + 1)].copy_from_slice(&work.sets[..=n]);
        result
    }

    /// After state `k` propagated cleanly: a solution, or a new branch on an open cell with the
    /// fewest candidates.
    fn settle(&mut self, k: usize) {
        let n = self.n;
        let state = self.state(k);
        let open = self.all & !state[n];
        if open == 0 {
            if self.first.is_none() {
                self.first = Some(digits_of(state, n));
            }
            self.solutions += 1;
            if self.solutions >= self.limit {
                self.finished = true;
            }
            return;
        }
        let candidates = |cell: usize| -> u32 {
            state[..n]
                .iter()
                .enumerate()
                .filter(|(_, set)| *set >> cell & 1 == 1)
                .fold(0, |m, (d, _)| m | 1 << d)
        };
        let cell = if self.pairs != 0 {
            // Of the cells with two candidates, the one that sees the most open cells: its guess
            // propagates furthest.
            let open_peers = |c: usize| {
                let peers = self.geometry.peer_bits(c).unwrap_or(0);
                (peers & open).count_ones() + (peers & self.pairs).count_ones()
            };
            bits(self.pairs).max_by_key(|&c| open_peers(c)).unwrap_or(0)
        } else {
            bits(open)
                .min_by_key(|&c| candidates(c).count_ones())
                .unwrap_or(0)
        };
        self.branches.push((cell, candidates(cell)));
    }

    /// Tries one guess (one node), or backtracks out of an exhausted branch. Returns `false` once
    /// the search is over.
    pub fn step(&mut self) -> bool {
        if self.finished {
            return false;
        }
        let Some(&(cell, untried)) = self.branches.last() else {
            self.finished = true;
            return false;
        };
        let depth = self.branches.len();
        if untried == 0 {
            self.branches.pop();
            self.backtracks += 1;
            self.shown = depth - 1;
            self.finished = self.branches.is_empty();
            return !self.finished;
        }
        let d = untried.trailing_zeros() as usize;
        if let Some(top) = self.branches.last_mut() {
            top.1 &= untried - 1;
        }
        self.nodes += 1;
        let width = self.n + 1;
        let (from, to) = ((depth - 1) * width, depth * width);
        if self.states.len() < to + width {
            self.states.resize(to + width, 0);
        }
        self.states.copy_within(from..to, to);
        self.shown = depth;
        if self.work_on(depth, &[(cell, d)]).is_ok() {
            self.settle(depth);
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

    /// The first solution found.
    pub fn first_solution(&self) -> Option<Grid> {
        Grid::from_digits(self.geometry.shape(), self.first.clone()?)
    }

    /// The contradiction the givens lead to before any guess, said in terms of the board.
    pub fn dead_at_root(&self) -> Option<Dead> {
        self.root_dead.map(|c| match c {
            Contradiction::EmptyCell(cell) => Dead::Cell {
                cell,
                pos: self.geometry.shape().pos(cell),
            },
            Contradiction::NoPlace { digit, unit } => Dead::NoPlace {
                digit,
                unit: self.geometry.unit(unit),
            },
        })
    }

    /// What each cell shows at the state the search is looking at (the solution, once found).
    pub fn marks(&self) -> Vec<Mark> {
        digits_of(self.state(self.shown), self.n)
            .into_iter()
            .map(|d| if d == 0 { Mark::Empty } else { Mark::Digit(d) })
            .collect()
    }

    /// Open cells at the state shown.
    fn open_shown(&self) -> u32 {
        (self.all & !self.state(self.shown)[self.n]).count_ones()
    }
}

/// Boards fit in 128 bits, so at most 11 digits.
const MAX_DIGITS: usize = 11;

/// One state being propagated, held in fixed arrays so the hot loops index nothing on the heap.
struct Work<'a> {
    /// Each digit's possible cells, then (at index `n`) the assigned cells.
    sets: [u128; MAX_DIGITS + 1],
    /// Per digit, the units where that digit's places changed since the last hidden-single scan.
    dirty: [u64; MAX_DIGITS],
    geometry: &'a Geometry,
    n: usize,
    all: u128,
    /// Cells with exactly two candidates, found by the last naked-single pass.
    pairs: u128,
    /// Also apply locked candidates when singles run out (worth its cost once, at the root).
    locked: bool,
}

impl Work<'_> {
    /// Assigns digit `d` (0-based) to `cell`: the cell leaves every other digit's set and the
    /// digit leaves every peer.
    #[inline(always)]
    fn assign(&mut self, cell: usize, d: usize) -> Result<(), Contradiction> {
        let n = self.n;
        let bit = 1u128 << cell;
        if self.sets[d] & bit == 0 {
            return Err(Contradiction::EmptyCell(cell));
        }
        // At most 33 units on boards that fit 128 cells: unit sets fit 64 bits.
        let own = self.geometry.units_of(cell) as u64;
        for (set, dirty) in self.sets[..n].iter_mut().zip(&mut self.dirty[..n]) {
            // All ones when the cell was a candidate for this digit, else zero.
            let had = 0u64.wrapping_sub(u64::from(*set & bit != 0));
            *dirty |= own & had;
            *set &= !bit;
        }
        let peers = self.geometry.peer_bits(cell).unwrap_or(0);
        let lost = self.sets[d] & peers;
        self.sets[d] = (self.sets[d] & !peers) | bit;
        self.sets[n] |= bit;
        for p in bits(lost) {
            self.dirty[d] |= self.geometry.units_of(p) as u64;
        }
        Ok(())
    }

    /// Applies naked and hidden singles until neither finds anything.
    fn propagate(&mut self) -> Result<(), Contradiction> {
        let n = self.n;
        loop {
            let assigned = self.sets[n];
            let (mut once, mut twice, mut thrice) = (0u128, 0u128, 0u128);
            for &set in &self.sets[..n] {
                thrice |= twice & set;
                twice |= once & set;
                once |= set;
            }
            let empty = self.all & !once;
            if empty != 0 {
                return Err(Contradiction::EmptyCell(empty.trailing_zeros() as usize));
            }
            let singles = once & !twice & !assigned;
            if singles != 0 {
                for cell in bits(singles) {
                    let bit = 1u128 << cell;
                    let d = self.sets[..n].iter().position(|&set| set & bit != 0);
                    self.assign(cell, d.ok_or(Contradiction::EmptyCell(cell))?)?;
                }
                continue;
            }
            self.pairs = twice & !thrice & !assigned;
            // Hidden singles: a digit with one place left in a unit where it is not yet placed,
            // assigned at once so that the rest of the scan sees its consequences.
            let mut found = 0;
            for d in 0..n {
                let mut changed = std::mem::take(&mut self.dirty[d]);
                while changed != 0 {
                    let u = changed.trailing_zeros() as usize;
                    changed &= changed - 1;
                    let (set, assigned) = (self.sets[d], self.sets[n]);
                    let places = set & self.geometry.unit_bits()[u];
                    if places & assigned != 0 {
                        continue;
                    }
                    if places == 0 {
                        return Err(Contradiction::NoPlace {
                            digit: d as u8 + 1,
                            unit: u,
                        });
                    }
                    if places & (places - 1) == 0 {
                        self.assign(places.trailing_zeros() as usize, d)?;
                        found += 1;
                    }
                }
            }
            if found == 0 {
                if self.locked && self.locked_candidates() {
                    continue;
                }
                return Ok(());
            }
        }
    }

    /// Locked candidates: when a digit's open places in a box all lie on one line, the digit
    /// leaves the rest of that line; when its open places on a line all lie in one box, it leaves
    /// the rest of that box. Returns whether anything was removed.
    fn locked_candidates(&mut self) -> bool {
        let n = self.n;
        let assigned = self.sets[n];
        let mut removed = false;
        for d in 0..n {
            let mut set = self.sets[d];
            for &(line, boxed) in self.geometry.crossings() {
                let open = set & !assigned;
                let (in_line, in_box, meet) = (open & line, open & boxed, line & boxed);
                let mut cut = 0;
                if in_box != 0 && in_box & !meet == 0 {
                    cut |= line & !boxed;
                }
                if in_line != 0 && in_line & !meet == 0 {
                    cut |= boxed & !line;
                }
                cut &= open;
                if cut != 0 {
                    set &= !cut;
                    removed = true;
                    for cell in bits(cut) {
                        self.dirty[d] |= self.geometry.units_of(cell) as u64;
                    }
                }
            }
            self.sets[d] = set;
        }
        removed
    }
}

/// The digit (1-based) of each assigned cell of a state, 0 for open cells.
fn digits_of(state: &[u128], n: usize) -> Vec<u8> {
    let assigned = state[n];
    let mut digits = vec![0u8; n * n];
    for (d, &set) in state[..n].iter().enumerate() {
        for cell in bits(set & assigned) {
            digits[cell] = d as u8 + 1;
        }
    }
    digits
}

/// How many solutions a puzzle has, counted up to a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    pub solutions: u64,
    /// Guesses the search made.
    pub nodes: u64,
    /// The search ran to the end: `solutions` is below the limit only if that is all there are.
    pub complete: bool,
    pub first: Option<Grid>,
}

/// Counts the solutions of `puzzle` up to `limit`.
pub fn count(puzzle: &Grid, limit: u64) -> Result<Count, PuzzleError> {
    let mut search = Search::new(puzzle, limit)?;
    search.run(u64::MAX);
    Ok(Count {
        solutions: search.solutions(),
        nodes: search.nodes,
        complete: search.is_finished(),
        first: search.first_solution(),
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
    ticks: u64,
    state: RunState,
}

impl ExactSolver {
    pub fn new(puzzle: &Grid, nodes_per_tick: u64) -> Result<ExactSolver, PuzzleError> {
        let search = Search::new(puzzle, 1)?;
        let state = match (search.is_finished(), search.solutions()) {
            (true, 0) => RunState::Unsolvable,
            (true, _) => RunState::Solved,
            _ => RunState::Running,
        };
        Ok(ExactSolver {
            puzzle: puzzle.clone(),
            search,
            nodes_per_tick: nodes_per_tick.max(1),
            ticks: 0,
            state,
        })
    }
}

impl Solver for ExactSolver {
    fn tick(&mut self) -> Snapshot {
        if self.state == RunState::Running {
            self.ticks += 1;
            if self.search.run(self.nodes_per_tick) {
                self.state = if self.search.solutions() > 0 {
                    RunState::Solved
                } else {
                    RunState::Unsolvable
                };
            }
        }
        let cells = self.search.marks();
        let violations = check::violations(&self.search.geometry, &self.puzzle, &cells);
        if self.state == RunState::Solved && violations != 0 {
            self.state = RunState::GaveUp;
        }
        Snapshot {
            cells,
            state: self.state,
            temperature: None,
            energy: f64::from(self.search.open_shown()),
            violations,
            restarts: 0,
            moves: self.search.nodes,
            backtracks: self.search.backtracks,
            ticks: self.ticks,
        }
    }

    fn set_moves_per_tick(&mut self, moves: u64) {
        self.nodes_per_tick = moves.max(1);
    }

    fn stop(&mut self) {
        if self.state == RunState::Running {
            self.state = RunState::Stopped;
        }
    }
}
