//! The harness behind `sudoku solve`, `sudoku bench` and the browser benchmark: whatever a solver
//! claims, only the checker says solved.

use crate::common;

use common::famous;
use sudoku_engine::check::PuzzleError;
use sudoku_engine::exact::Count;
use sudoku_engine::harness::{self, Budget};
use sudoku_engine::spec::{Machine, Noun, RUN_LIMIT_S, SolverSpec, any_board};
use sudoku_engine::{RunConfig, SolverKind};

/// A complete solver that "counts" one solution: the puzzle itself, blanks and all.
static LIAR: SolverSpec = SolverSpec {
    name: "liar",
    family: "Liar",
    preset: "",
    title: "Liar",
    short: "Liar",
    plain: "Says the puzzle is solved.",
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
    cost_growth: 0,
    max_restarts: 0,
    complete: true,
    qubo_bits: false,
    supports: any_board,
    boards: "any board",
    cages: false,
    limit_s: RUN_LIMIT_S,
};

/// How the liar "runs": it only counts.
static LIAR_MACHINE: Machine = Machine::counting(
    &LIAR,
    |_, _| {
        Err(PuzzleError::Unsupported {
            solver: "Liar".to_string(),
            boards: "no board".to_string(),
        })
    },
    |puzzle, _, _| {
        Ok(Count {
            solutions: 1,
            nodes: 1,
            backtracks: 0,
            complete: true,
            first: Some(puzzle.clone()),
        })
    },
);

#[test]
fn a_counted_solution_that_breaks_the_rules_is_not_reported() {
    let (puzzle, _) = famous().remove(0);
    let outcome = harness::solve(
        &LIAR_MACHINE,
        &puzzle,
        RunConfig::default(),
        Budget::seconds(5.0),
        &mut || 0.0,
    )
    .expect("the liar takes any puzzle");
    assert_eq!(outcome.solution, None);
    let report = harness::run_set(
        &LIAR_MACHINE,
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
        let outcome = harness::solve(
            kind.machine(),
            &puzzle,
            kind.run_config(1),
            budget,
            &mut || 0.0,
        )
        .expect("valid puzzle");
        if let Some(found) = &outcome.solution {
            assert_eq!(found, &solution, "{kind:?}");
            solved += 1;
        }
    }
    assert!(solved >= 3, "only {solved} solvers solved Easter Monster");
}

#[test]
fn every_bundled_sample_reads_whole_as_the_page_names_it_each_with_one_solution() {
    use sudoku_engine::exact;
    use sudoku_engine::samples::SETS;
    for set in &SETS {
        let puzzles = set.puzzles();
        let lines = common::read(&format!("benches/data/samples/{}.txt", set.name))
            .lines()
            .filter(|l| !l.trim().is_empty())
            .count();
        assert_eq!(puzzles.len(), lines, "{}: every line is a puzzle", set.name);
        assert_eq!(
            puzzles.len(),
            set.count,
            "{}: the count the page shows",
            set.name
        );
        let caged = puzzles.iter().any(|p| !p.cages().is_empty());
        assert_eq!(caged, set.killer, "{}: killers with their cages", set.name);
        for p in &puzzles {
            assert_eq!(
                Some(p.shape()),
                set.shape(),
                "{}: the board the page shows",
                set.name
            );
            let count = exact::count(p, 2).expect("valid");
            assert_eq!(count.solutions, 1, "{}: {}", set.name, p.to_line());
        }
    }
}

#[test]
fn a_tally_is_the_reports_statistics_over_its_results() {
    let results = [
        (true, 0.5, 10),
        (false, 2.0, 40),
        (true, 0.1, 5),
        (true, 1.0, 20),
    ]
    .map(|(solved, seconds, moves)| harness::Benched {
        solved,
        seconds,
        moves,
    });
    let report = harness::tally("ising", "famous", &results, 4.0);
    assert_eq!((report.solved, report.total, report.moves), (3, 4, 75));
    assert_eq!(
        (report.median_s, report.p90_s, report.max_s),
        (0.5, 2.0, 2.0)
    );
    assert_eq!(report.puzzles_per_second, 1.0);
    assert_eq!(report.moves_per_second, 75.0 / 4.0);
    let table = harness::markdown(&[report]);
    assert!(
        table.contains("| ising | famous | 3/4 | 0.5000 | 2.0000 | 2.0000 | 1.0 |"),
        "{table}"
    );
}

/// The browser's clock is a call out of wasm that costs a good share of an easy solve: a set
/// reads it once before its first puzzle and once after each, each puzzle timed from the end of
/// the one before, so the puzzles' times add up to the set's.
#[test]
fn a_set_reads_the_clock_once_a_puzzle() {
    let puzzles: Vec<_> = famous().into_iter().map(|(puzzle, _)| puzzle).collect();
    let mut readings = 0;
    let report = harness::run_set(
        SolverKind::from_name("exact")
            .expect("registered")
            .machine(),
        "famous",
        &puzzles,
        1,
        Budget::seconds(60.0),
        None,
        &mut || {
            readings += 1;
            f64::from(readings)
        },
    );
    assert_eq!(report.solved, puzzles.len());
    assert_eq!(readings, puzzles.len() as i32 + 1);
    assert_eq!(report.puzzles_per_second, 1.0);
    assert_eq!(report.max_s, 1.0);
}
