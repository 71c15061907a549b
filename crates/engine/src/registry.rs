//! Every solver the app, the command line and the benchmarks offer: one line each. A new solver
//! is one new file in its family's folder under `src/solvers/` declaring its [`SolverSpec`],
//! plus one line here.

use crate::board::{Grid, Shape};
use crate::check::PuzzleError;
use crate::solvers::anneal::{ising_faithful, ising_tuned, qubo_faithful, qubo_onehot};
use crate::solvers::belief::{bp, bp_faithful};
use crate::solvers::exact;
use crate::solvers::hopfield::{faithful as hopfield_faithful, mean_field};
use crate::spec::SolverSpec;
use crate::step::{RunConfig, Solver};
use std::fmt;
use std::ops::Deref;

/// The solvers, the default first, in the order the page lists them.
static SOLVERS: [&SolverSpec; 11] = [
    &ising_tuned::SPEC,
    &ising_faithful::SPEC,
    &qubo_onehot::SPEC,
    &qubo_faithful::SPEC,
    &mean_field::SPEC,
    &hopfield_faithful::SPEC,
    &hopfield_faithful::SPEC_RANDOM,
    &bp::SPEC,
    &bp_faithful::SPEC,
    &bp_faithful::SPEC_ALONE,
    &exact::SPEC,
];

/// One of the registered solvers: a cheap handle to its description.
#[derive(Clone, Copy)]
pub struct SolverKind(&'static SolverSpec);

impl SolverKind {
    /// A handle to a solver outside the registry (for experiments and tests).
    pub const fn of(spec: &'static SolverSpec) -> SolverKind {
        SolverKind(spec)
    }

    /// The exact search: complete on every board and rule set, and fast on all of them, so the
    /// page offers it where another solver struggles.
    pub fn exact() -> SolverKind {
        SolverKind(&exact::SPEC)
    }

    /// Every registered solver, the default first.
    pub fn all() -> impl Iterator<Item = SolverKind> {
        SOLVERS.iter().map(|&spec| SolverKind(spec))
    }

    /// The solver named `name` on the command line or in a link, if any.
    pub fn from_name(name: &str) -> Option<SolverKind> {
        SolverKind::all().find(|k| k.name == name)
    }

    /// The registered names, for usage texts.
    pub fn names() -> Vec<&'static str> {
        SolverKind::all().map(|k| k.name).collect()
    }

    /// Starts a run on `puzzle`, or says why it cannot: a board this solver does not handle, or
    /// a puzzle that breaks a rule on its face.
    pub fn start(self, puzzle: &Grid, config: RunConfig) -> Result<Box<dyn Solver>, PuzzleError> {
        self.takes(puzzle.shape())?;
        (self.0.start)(puzzle, config)
    }

    /// Whether this solver handles boards of `shape`, or the error that says which it does.
    pub fn takes(self, shape: Shape) -> Result<(), PuzzleError> {
        if (self.0.supports)(shape) {
            return Ok(());
        }
        Err(PuzzleError::Unsupported {
            solver: self.0.family.to_string(),
            boards: self.0.boards.to_string(),
        })
    }

    /// The settings of a run with `seed` at this solver's default speed, as the page starts it:
    /// the command line and the benchmarks run the same schedule as the page.
    pub fn run_config(self, seed: u64) -> RunConfig {
        RunConfig {
            seed,
            moves_per_tick: self.0.default_speed,
            ..RunConfig::default()
        }
    }

    /// The speed control's largest step: the work per tick when running as fast as possible.
    pub fn fastest(self) -> u64 {
        self.0
            .speeds
            .last()
            .copied()
            .unwrap_or(self.0.default_speed)
    }

    /// Whether this is the solver a newcomer should pick: the default, which the page starts
    /// with.
    pub fn recommended(self) -> bool {
        self == SolverKind::default()
    }

    /// The most work per tick on a board of `shape`: the top speed, scaled down on boards where
    /// a move costs more than on 9×9.
    pub fn fastest_on(self, shape: Shape) -> u64 {
        let scale = (9.0 / shape.size() as f64)
            .powi(self.0.cost_growth)
            .min(1.0);
        ((self.fastest() as f64 * scale) as u64).max(1)
    }
}

impl Deref for SolverKind {
    type Target = SolverSpec;

    fn deref(&self) -> &SolverSpec {
        self.0
    }
}

impl Default for SolverKind {
    fn default() -> SolverKind {
        SolverKind(SOLVERS[0])
    }
}

impl PartialEq for SolverKind {
    fn eq(&self, other: &SolverKind) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for SolverKind {}

impl std::hash::Hash for SolverKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.name.hash(state);
    }
}

impl fmt::Display for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name)
    }
}

impl fmt::Debug for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    #[test]
    fn names_are_unique_and_every_default_speed_is_offered() {
        let names = SolverKind::names();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        for kind in SolverKind::all() {
            assert!(kind.speeds.contains(&kind.default_speed), "{kind:?}");
            assert!(kind.fastest() >= kind.default_speed, "{kind:?}");
            assert_eq!(SolverKind::from_name(kind.name), Some(kind));
        }
    }

    #[test]
    fn the_top_speed_shrinks_on_big_boards_only_where_moves_cost_more() {
        let (small, nine, big) = (Shape::new(2, 2), Shape::new(3, 3), Shape::new(5, 5));
        let (small, nine, big) = (small.expect("4x4"), nine.expect("9x9"), big.expect("25x25"));
        for kind in SolverKind::all() {
            assert_eq!(kind.fastest_on(small), kind.fastest(), "{kind:?}");
            assert_eq!(kind.fastest_on(nine), kind.fastest(), "{kind:?}");
            let capped = kind.fastest_on(big);
            assert!(capped >= 1, "{kind:?}");
            assert_eq!(capped < kind.fastest(), kind.cost_growth > 0, "{kind:?}");
        }
        assert!(SolverKind::all().any(|k| k.cost_growth > 0));
    }

    #[test]
    fn a_board_a_solver_does_not_handle_is_refused_by_the_registry() {
        let big = Grid::empty(Shape::new(5, 5).expect("25x25"));
        for kind in SolverKind::all() {
            let started = kind.start(&big, RunConfig::default());
            if (kind.supports)(big.shape()) {
                assert!(started.is_ok(), "{kind:?}");
            } else {
                let err = started.err().map(|e| e.to_string()).unwrap_or_default();
                assert!(err.contains(kind.boards), "{kind:?}: {err}");
            }
        }
        assert!(SolverKind::all().any(|k| !(k.supports)(big.shape())));
    }
}
