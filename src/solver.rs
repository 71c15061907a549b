//! The step API every solver shares, and the registry that lists them.
//!
//! A solver is driven one tick at a time: the web app calls [`Solver::tick`] once per animation
//! frame and draws the [`Snapshot`] it gets back; the command line and the benchmarks call it in a
//! loop until the state is no longer [`RunState::Running`].

use crate::board::Grid;
use crate::check::PuzzleError;
use crate::solvers::exact::ExactSolver;
use crate::solvers::{
    anneal::Annealer, anneal::Schedule, ising_faithful::FaithfulIsing, ising_tuned::TunedIsing,
};
use serde::Serialize;

/// What a cell shows at one moment of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Mark {
    /// No digit is selected (for spins: every spin of the cell is down).
    Empty,
    /// Exactly one digit.
    Digit(u8),
    /// More than one digit at once (several spins up).
    Several,
}

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum RunState {
    Running,
    /// Finished with a grid the checker accepted.
    Solved,
    /// Halted from outside.
    Stopped,
    /// Used up its budget without a solution.
    GaveUp,
    /// Proved that the puzzle has no solution.
    Unsolvable,
}

/// Everything the screen shows about a run after a tick.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    /// One mark per cell, row-major.
    pub cells: Vec<Mark>,
    pub state: RunState,
    /// The annealing temperature, for solvers that have one.
    pub temperature: Option<f64>,
    /// The model's energy in its own units.
    pub energy: f64,
    /// Constraints the current grid breaks (see [`crate::check::violations`]).
    pub violations: u32,
    /// Fresh starts after a failed attempt.
    pub restarts: u32,
    /// Elementary moves (spin flips, proposals, search nodes) since the run began.
    pub moves: u64,
    /// Guesses a search undid (0 for solvers that never backtrack).
    pub backtracks: u64,
    /// Ticks since the run began.
    pub ticks: u64,
}

/// A solver driven one bounded tick at a time.
pub trait Solver {
    /// Does one tick of work and reports the state after it. A finished run does no more work and
    /// reports its final state again.
    fn tick(&mut self) -> Snapshot;

    /// Changes the work done per tick (flips, proposals) from the next tick on.
    fn set_moves_per_tick(&mut self, moves: u64);

    /// Halts the run; later ticks report [`RunState::Stopped`] (a finished run keeps its state).
    fn stop(&mut self);
}

/// Every solver the app and the command line offer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SolverKind {
    /// The Ising annealer with our tuned Hamiltonian and schedule (the default).
    #[default]
    Ising,
    /// The Ising annealer exactly as the 2019 demo set it up.
    IsingFaithful,
    /// Depth-first search with forward checking, singles, locked candidates and
    /// smallest-domain-first ordering.
    Exact,
}

/// What a solver can promise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// Always finds a solution when one exists, and can tell when none does.
    pub complete: bool,
    /// Can count solutions.
    pub counts_solutions: bool,
}

/// Settings a run starts with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunConfig {
    pub seed: u64,
    /// Work per tick; the 2019 demo did 50,000 flips per timer tick.
    pub moves_per_tick: u64,
    /// Give up after this many restarts.
    pub max_restarts: Option<u32>,
    /// An annealing schedule to use instead of the solver's own (for tuning and experiments).
    pub schedule: Option<Schedule>,
}

impl Default for RunConfig {
    fn default() -> RunConfig {
        RunConfig {
            seed: 1,
            moves_per_tick: 50_000,
            max_restarts: None,
            schedule: None,
        }
    }
}

impl SolverKind {
    /// Every solver, default first.
    pub const ALL: [SolverKind; 3] = [
        SolverKind::Ising,
        SolverKind::IsingFaithful,
        SolverKind::Exact,
    ];

    /// The name used on the command line and in URLs.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Ising => "ising",
            SolverKind::IsingFaithful => "ising-faithful",
            SolverKind::Exact => "exact",
        }
    }

    /// The solver named `name`, if any.
    pub fn from_name(name: &str) -> Option<SolverKind> {
        SolverKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// A short label for people.
    pub fn label(self) -> &'static str {
        match self {
            SolverKind::Ising => "Ising annealer (tuned)",
            SolverKind::IsingFaithful => "Ising annealer (faithful 2019)",
            SolverKind::Exact => "Exact search",
        }
    }

    pub fn capabilities(self) -> Capabilities {
        let exact = self == SolverKind::Exact;
        Capabilities {
            complete: exact,
            counts_solutions: exact,
        }
    }

    /// Work per tick the speed control offers (flips for annealers, nodes for search), and the
    /// default among them.
    pub fn speeds(self) -> (&'static [u64], u64) {
        match self {
            SolverKind::Ising | SolverKind::IsingFaithful => {
                (&[5_000, 20_000, 50_000, 200_000, 1_000_000], 50_000)
            }
            SolverKind::Exact => (&[1, 4, 20, 100, 1_000], 1),
        }
    }

    /// Starts a run on `puzzle`, or says why the puzzle cannot be solved.
    pub fn start(self, puzzle: &Grid, config: RunConfig) -> Result<Box<dyn Solver>, PuzzleError> {
        Ok(match self {
            SolverKind::Ising => Box::new(Annealer::new(TunedIsing::new(puzzle)?, config)),
            SolverKind::IsingFaithful => {
                Box::new(Annealer::new(FaithfulIsing::new(puzzle)?, config))
            }
            SolverKind::Exact => Box::new(ExactSolver::new(puzzle, config.moves_per_tick)?),
        })
    }
}
