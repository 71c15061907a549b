//! The exact search ([`crate::exact`]) as a solver: its registry entry, and the search driven by
//! the step API for the page, the race and the benchmarks.

use crate::board::Grid;
use crate::check::{self, PuzzleError};
use crate::exact::{Search, count_while};
use crate::spec::{ANY_BOARD, Family, Machine, Noun, SolverSpec, Words, Work};
use crate::step::{
    Detail, Figures, Frame, Mark, RunState, SearchFigures, Series, Solver, solver_plumbing,
};

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
    cages: true,
};

/// The exact search's registry entry: the one complete solver, and the one that counts.
pub static SPEC: SolverSpec = SolverSpec::new(
    EXACT,
    "exact",
    "",
    Words {
        title: "Exact search",
        short: "Exact search",
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
        // Solved at the root: the givens' propagation filled every open cell, with no guess.
        if solver.frame.state == RunState::Solved {
            let open = cells.saturating_sub(puzzle.filled());
            solver.frame.forced = Some(u32::try_from(open).unwrap_or(u32::MAX));
        }
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
        frame.violations = check::violations(self.search.geometry(), &self.puzzle, &frame.cells);
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
