//! The harness behind `sudoku solve`, `sudoku bench` and the browser benchmark: whatever a solver
//! claims, only the checker says solved.

mod common;

use common::famous;
use ising_sudoku::bench::{self, Budget};
use ising_sudoku::check::PuzzleError;
use ising_sudoku::spec::{Count, Noun, SolverSpec, any_board};
use ising_sudoku::{RunConfig, SolverKind};

/// A complete solver that "counts" one solution: the puzzle itself, blanks and all.
static LIAR: SolverSpec = SolverSpec {
    name: "liar",
    family: "Liar",
    preset: "",
    about: "Claims the puzzle is its own solution.",
    work: Noun {
        one: "node",
        many: "nodes",
    },
    activity: "Lying…",
    effort: Noun {
        one: "backtrack",
        many: "backtracks",
    },
    speeds: &[1],
    default_speed: 1,
    max_restarts: 0,
    complete: true,
    counter: Some(|puzzle, _, _| {
        Ok(Count {
            solutions: 1,
            nodes: 1,
            backtracks: 0,
            complete: true,
            first: Some(puzzle.clone()),
        })
    }),
    qubo_bits: false,
    supports: any_board,
    boards: "any board",
    start: |_, _| {
        Err(PuzzleError::Unsupported {
            solver: "Liar",
            boards: "no board",
        })
    },
};

#[test]
fn a_counted_solution_that_breaks_the_rules_is_not_reported() {
    let (puzzle, _) = famous().remove(0);
    let outcome = bench::solve(
        SolverKind::of(&LIAR),
        &puzzle,
        RunConfig::default(),
        Budget::seconds(5.0),
        &mut || 0.0,
    )
    .expect("the liar takes any puzzle");
    assert_eq!(outcome.solution, None);
    let report = bench::run_set(
        SolverKind::of(&LIAR),
        "famous",
        &[puzzle],
        1,
        Budget::seconds(5.0),
        None,
        &mut || 0.0,
    );
    assert_eq!((report.solved, report.total), (0, 1));
}

#[test]
fn every_registered_solver_reports_only_checked_solutions() {
    let (puzzle, solution) = famous().remove(1);
    let mut solved = 0;
    for kind in SolverKind::all() {
        // A fixed amount of work: the faithful presets may well not finish.
        let budget = Budget {
            seconds: 60.0,
            ticks: Some(3_000),
        };
        let outcome = bench::solve(kind, &puzzle, kind.run_config(1), budget, &mut || 0.0)
            .expect("valid puzzle");
        if let Some(found) = &outcome.solution {
            assert_eq!(found, &solution, "{kind:?}");
            solved += 1;
        }
    }
    assert!(solved >= 3, "only {solved} solvers solved Easter Monster");
}
