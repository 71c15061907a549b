//! Every solver the app, the command line and the benchmarks offer: one line each in two lists,
//! what each solver is ([`SolverSpec`], which the page reads) and how it runs ([`Machine`], which
//! only the worker, the command line and the benchmarks reach), so the page links no solver. A
//! new solver is one new file in its family's folder under `solvers/` declaring both, plus a
//! line in each list.

use crate::board::{Grid, Shape};
use crate::check::PuzzleError;
use crate::solvers::anneal::{ising_faithful, ising_tuned, qubo_faithful, qubo_onehot};
use crate::solvers::belief::{bp, bp_faithful};
use crate::solvers::exact;
use crate::solvers::hopfield::{faithful as hopfield_faithful, mean_field};
use crate::spec::{Machine, SolverSpec};
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

/// How each of [`SOLVERS`] runs, in the same order (a test holds them together).
static MACHINES: [&Machine; 11] = [
    &ising_tuned::MACHINE,
    &ising_faithful::MACHINE,
    &qubo_onehot::MACHINE,
    &qubo_faithful::MACHINE,
    &mean_field::MACHINE,
    &hopfield_faithful::MACHINE,
    &hopfield_faithful::MACHINE_RANDOM,
    &bp::MACHINE,
    &bp_faithful::MACHINE,
    &bp_faithful::MACHINE_ALONE,
    &exact::MACHINE,
];

/// The exact search's place in the lists.
const EXACT: usize = 10;

/// One of the registered solvers: a cheap handle to its description, by its place in the lists.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SolverKind(usize);

impl SolverKind {
    /// The exact search: complete on every board and rule set, and fast on all of them, so the
    /// page offers it where another solver struggles.
    pub fn exact() -> SolverKind {
        SolverKind(EXACT)
    }

    /// Every registered solver, the default first.
    pub fn all() -> impl Iterator<Item = SolverKind> {
        (0..SOLVERS.len()).map(SolverKind)
    }

    /// The solver named `name` on the command line or in a link, if any.
    pub fn from_name(name: &str) -> Option<SolverKind> {
        SolverKind::all().find(|k| k.name == name)
    }

    /// The registered names, for usage texts.
    pub fn names() -> Vec<&'static str> {
        SolverKind::all().map(|k| k.name).collect()
    }

    /// How this solver runs. Only the worker, the command line and the benchmarks call it: the
    /// page, which never does, links no solver.
    pub fn machine(self) -> &'static Machine {
        MACHINES[self.0]
    }

    /// Starts a run on `puzzle`, or says why it cannot: a board this solver does not handle, or
    /// a puzzle that breaks a rule on its face.
    pub fn start(self, puzzle: &Grid, config: RunConfig) -> Result<Box<dyn Solver>, PuzzleError> {
        self.machine().start(puzzle, config)
    }

    /// Whether this solver handles boards of `shape`, or the error that says which it does.
    pub fn takes(self, shape: Shape) -> Result<(), PuzzleError> {
        SOLVERS[self.0].takes(shape)
    }

    /// Whether this is the solver a newcomer should pick: the default, which the page starts
    /// with.
    pub fn recommended(self) -> bool {
        self == SolverKind::default()
    }
}

impl Deref for SolverKind {
    type Target = SolverSpec;

    fn deref(&self) -> &SolverSpec {
        SOLVERS[self.0]
    }
}

impl fmt::Display for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl fmt::Debug for SolverKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    #[test]
    fn each_solver_runs_as_its_own_machine() {
        assert_eq!(SolverKind::exact().name, "exact");
        for kind in SolverKind::all() {
            assert!(std::ptr::eq(kind.machine().spec, &*kind), "{kind:?}");
        }
    }

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
