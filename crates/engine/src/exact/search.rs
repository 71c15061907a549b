//! The search itself: a stack of states kept one of three ways, stepped one guess at a time.

use super::bands::Bands;
use super::cells::Cells;
use super::digits::Digits;
use super::wide::{self, Wide16, Wide25};
use super::{Board, ForcedContradiction};
use crate::board::{Digit, DigitSet, Geometry, Grid, Shape};
use crate::check::{self, PuzzleError};
use std::sync::Arc;

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
    /// Before the first guess: branches at the root on `cell` over `digits` only, in place of
    /// the branch the search chose.
    fn branch_root(&mut self, cell: usize, digits: DigitSet);
    /// Keeps a copy of the (solved) state at `depth`, to be written out if asked for.
    fn keep(&mut self, depth: usize);
    /// Writes the digits of the state kept and lets it go; `false` when none was kept.
    fn take_kept(&mut self, geometry: &Geometry, digits: &mut [u8]) -> bool;
}

/// A state of the search and the branch taken below it.
#[derive(Clone)]
struct Level<B: Board> {
    state: B,
    /// Where the state guesses and the choices not yet tried there, while open (level below
    /// `Levels::depth`).
    branch: (B::Guess, DigitSet),
}

/// `levels[k]` holds the state at depth `k` (the givens at 0) and, for `k < depth`, the branch
/// below it: one allocation for both. Levels past the deepest state are kept for reuse.
struct Levels<B: Board> {
    levels: Vec<Level<B>>,
    /// How many levels have an open branch.
    depth: usize,
    /// A solved state, kept when the search moves on, since its digits are written out only
    /// when someone asks: counting and proving never do.
    kept: Option<Box<B>>,
}

impl<B: Board> Levels<B> {
    /// The search's root, and whether the givens alone solve the board; `None` if they
    /// contradict each other.
    fn new(geometry: &Geometry, puzzle: &Grid) -> Option<(Levels<B>, bool)> {
        // Room for the few depths an easy puzzle reaches, small enough for the allocator's fast
        // path (glibc's ends at 1 KiB; a 9×9 level is 264 bytes); a deeper search grows it.
        let mut levels = Vec::with_capacity(3);
        levels.push(Level {
            state: B::start(geometry, puzzle)?,
            branch: (B::Guess::from(0), DigitSet::EMPTY),
        });
        let mut levels = Levels {
            levels,
            depth: 0,
            kept: None,
        };
        let solved = levels.settle(geometry, 0);
        Some((levels, solved))
    }

    /// After the state at depth `k` propagated cleanly: `true` if it is solved, else it gets a
    /// branch on an open cell.
    fn settle(&mut self, geometry: &Geometry, k: usize) -> bool {
        match self.levels[k].state.branch(geometry) {
            None => true,
            Some(branch) => {
                self.levels[k].branch = branch;
                self.depth = k + 1;
                false
            }
        }
    }
}

impl<B: Board> Stack for Levels<B> {
    fn advance(&mut self, geometry: &Geometry) -> Advance {
        let depth = self.depth;
        if depth == 0 {
            return Advance::Exhausted;
        }
        let (at, untried) = &mut self.levels[depth - 1].branch;
        let at = *at;
        let Some(choice) = untried.pop_first() else {
            self.depth -= 1;
            return Advance::Backtracked(depth - 1);
        };
        if untried.is_empty() {
            // The last digit: the state above is not needed again, so the guess is made in it
            // rather than in a copy.
            let solved = self.levels[depth - 1].state.guess(geometry, at, choice)
                && self.settle(geometry, depth - 1);
            return Advance::Guessed {
                depth: depth - 1,
                solved,
            };
        }
        if self.levels.len() == depth {
            self.levels.push(self.levels[depth - 1].clone());
        } else {
            let (above, below) = self.levels.split_at_mut(depth);
            below[0].state.clone_from(&above[depth - 1].state);
        }
        let solved =
            self.levels[depth].state.guess(geometry, at, choice) && self.settle(geometry, depth);
        Advance::Guessed { depth, solved }
    }

    fn write_digits(&self, geometry: &Geometry, depth: usize, digits: &mut [u8]) {
        self.levels[depth].state.write_digits(geometry, digits);
    }

    fn branch_root(&mut self, cell: usize, digits: DigitSet) {
        self.levels[0].branch = (B::Guess::from(cell), digits);
        self.depth = 1;
    }

    fn keep(&mut self, depth: usize) {
        self.kept = Some(Box::new(self.levels[depth].state.clone()));
    }

    fn take_kept(&mut self, geometry: &Geometry, digits: &mut [u8]) -> bool {
        self.kept
            .take()
            .map(|state| state.write_digits(geometry, digits))
            .is_some()
    }
}

/// The stack of whichever state a layout keeps, held in place rather than boxed: counting an
/// easy puzzle takes about as long as one allocation more.
enum Stacks {
    Bands(Levels<Bands>),
    Digits(Levels<Digits>),
    Wide16(Levels<Wide16>),
    Wide25(Levels<Wide25>),
    Cells(Levels<Cells<true>>),
    PlainCells(Levels<Cells<false>>),
}

/// `$body` with `$stack` bound to the levels inside `$stacks`, whatever their state.
macro_rules! with_levels {
    ($stacks:expr, $stack:ident => $body:expr) => {
        match $stacks {
            Stacks::Bands($stack) => $body,
            Stacks::Digits($stack) => $body,
            Stacks::Wide16($stack) => $body,
            Stacks::Wide25($stack) => $body,
            Stacks::Cells($stack) => $body,
            Stacks::PlainCells($stack) => $body,
        }
    };
}

impl Stacks {
    fn get(&self) -> &dyn Stack {
        with_levels!(self, levels => levels)
    }

    fn get_mut(&mut self) -> &mut dyn Stack {
        with_levels!(self, levels => levels)
    }
}

/// How a search keeps its states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Layout {
    /// By digit and band of three rows: the classic board only.
    Bands,
    /// By digit, as bit sets of cells: boards of at most 128 cells.
    Digits,
    /// By digit and band, widened: the plain 16×16 and 25×25 boards.
    Wide,
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
            _ if wide::fits(shape, 4) || wide::fits(shape, 5) => Layout::Wide,
            _ => Layout::Cells,
        }
    }

    /// This way if it fits `shape`, else the fastest that does.
    fn or_fastest(self, shape: Shape) -> Layout {
        match (self, Layout::fastest(shape)) {
            (Layout::PlainCells, _) => Layout::PlainCells,
            (Layout::Cells, _) | (_, Layout::Cells) => Layout::Cells,
            (Layout::Bands, Layout::Bands) => Layout::Bands,
            (_, Layout::Wide) => Layout::Wide,
            _ => Layout::Digits,
        }
    }
}

/// Depth-first search with an explicit stack, so that the page can run it a few nodes per
/// animation frame and show every assignment and every backtrack, and the referee can stop it
/// after a budget of nodes. The classic board keeps its states by band, any other by digit.
pub struct Search {
    pub(super) geometry: Arc<Geometry>,
    /// `None` when the givens contradict each other.
    stack: Option<Stacks>,
    /// The contradiction found before any guess, when it can be said in a few words.
    forced: Option<ForcedContradiction>,
    solutions: u64,
    limit: u64,
    /// Guesses tried (each is one node).
    pub nodes: u64,
    /// Guesses undone because they led nowhere.
    pub backtracks: u64,
    finished: bool,
    /// The depth shown: the deepest state reached by the last step.
    shown: usize,
}

/// The layout asked for, or the fastest for the board; a killer's cages are pruned only by the
/// states that know them, by digit or by cell.
fn layout_for(layout: Layout, puzzle: &Grid) -> Layout {
    match layout.or_fastest(puzzle.shape()) {
        Layout::Bands | Layout::Wide if puzzle.is_killer() => match Digits::fits(puzzle.shape()) {
            true => Layout::Digits,
            false => Layout::Cells,
        },
        fits => fits,
    }
}

/// The root state of `layout` with the givens propagated and whether that solved the puzzle, or
/// `None` when propagation met a contradiction.
fn root_of(layout: Layout, geometry: &Geometry, puzzle: &Grid) -> Option<(Stacks, bool)> {
    fn root<B: Board>(
        geometry: &Geometry,
        puzzle: &Grid,
        stacks: fn(Levels<B>) -> Stacks,
    ) -> Option<(Stacks, bool)> {
        Levels::<B>::new(geometry, puzzle).map(|(l, solved)| (stacks(l), solved))
    }
    let (g, p) = (geometry, puzzle);
    match layout {
        Layout::Bands => root(g, p, Stacks::Bands),
        Layout::Digits => root(g, p, Stacks::Digits),
        Layout::Wide if wide::fits(puzzle.shape(), 4) => root(g, p, Stacks::Wide16),
        Layout::Wide => root(g, p, Stacks::Wide25),
        Layout::Cells => root(g, p, Stacks::Cells),
        Layout::PlainCells => root(g, p, Stacks::PlainCells),
    }
}

impl Search {
    /// A search of `puzzle` that stops after `limit` solutions (at least 1). The givens are
    /// propagated at once; a contradiction there ends the search before any guess.
    pub fn new(puzzle: &Grid, limit: u64) -> Result<Search, PuzzleError> {
        Search::keeping(puzzle, limit, Layout::fastest(puzzle.shape()))
    }

    /// The geometry of the puzzle searched.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// A search keeping its states one way.
    pub(super) fn keeping(
        puzzle: &Grid,
        limit: u64,
        layout: Layout,
    ) -> Result<Search, PuzzleError> {
        let geometry = Geometry::of_puzzle(puzzle);
        let layout = layout_for(layout, puzzle);
        let root = root_of(layout, &geometry, puzzle);
        let mut search = Search {
            geometry,
            stack: None,
            forced: None,
            solutions: 0,
            limit: limit.max(1),
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
            None => search.explain(layout, puzzle)?,
        }
        Ok(search)
    }

    /// Why the givens' propagation failed. Repeated givens are the puzzle's own error, said with
    /// the cells involved; any other contradiction is the search's finding, said in terms of the
    /// board when forced moves reach it.
    fn explain(&mut self, layout: Layout, puzzle: &Grid) -> Result<(), PuzzleError> {
        check::validate(&self.geometry, puzzle)?;
        let why = match layout {
            Layout::Cells | Layout::PlainCells | Layout::Wide => {
                Cells::<true>::start_or_explain(&self.geometry, puzzle).err()
            }
            _ => Digits::start_or_explain(&self.geometry, puzzle).err(),
        };
        self.forced = why.map(|why| ForcedContradiction::of(why, &self.geometry));
        Ok(())
    }

    /// A search of `puzzle` for one solution without `digit` at open cell `cell`: the root
    /// branches on `cell` over its other candidates, so that every solution with `digit` there
    /// is left out of the tree instead of searched.
    pub fn differing(puzzle: &Grid, cell: usize, digit: Digit) -> Result<Search, PuzzleError> {
        let mut search = Search::new(puzzle, 1)?;
        if search.solutions == 1 {
            // The givens alone fill the board: that one solution counts only if it differs.
            let mut root = vec![0; search.geometry.shape().cells()];
            if search.write_digits_at(0, &mut root) && root[cell] == digit.get() {
                search.solutions = 0;
                search.take_first_solution();
            }
            return Ok(search);
        }
        let others = check::candidates(&search.geometry, puzzle, cell) - digit.into();
        if let Some(stack) = search.stack.as_mut() {
            stack.get_mut().branch_root(cell, others);
        }
        Ok(search)
    }

    /// Counts the solved state at `depth`.
    fn found(&mut self, depth: usize) {
        if self.solutions == 0
            && let Some(stack) = self.stack.as_mut()
        {
            stack.get_mut().keep(depth);
        }
        self.solutions += 1;
        self.finished |= self.solutions >= self.limit;
    }

    /// Writes the digits of the state at `depth`; `false` when there is no state.
    fn write_digits_at(&self, depth: usize, digits: &mut [u8]) -> bool {
        let Some(stack) = self.stack.as_ref() else {
            return false;
        };
        stack.get().write_digits(&self.geometry, depth, digits);
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
        match stack.get_mut().advance(&self.geometry) {
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

    /// The first solution found, handed over once: the stack keeps it until then.
    pub fn take_first_solution(&mut self) -> Option<Grid> {
        let stack = self.stack.as_mut()?;
        let mut digits = vec![0; self.geometry.shape().cells()];
        let kept = stack.get_mut().take_kept(&self.geometry, &mut digits);
        kept.then(|| Grid::from_digits(self.geometry.shape(), digits))?
    }

    /// The contradiction the givens lead to before any guess, said in terms of the board.
    pub fn forced_contradiction(&self) -> Option<ForcedContradiction> {
        self.forced.clone()
    }

    /// Writes the digits placed in the state the search is looking at (the solution, once
    /// found); `false` when the givens contradict each other and there is no state.
    pub fn write_shown(&self, digits: &mut [u8]) -> bool {
        self.write_digits_at(self.shown, digits)
    }
}

#[cfg(test)]
mod tests;
