//! The exact search: counts, proofs of no solution, the referee's diagnosis, and the step API.

use crate::common;

use common::{famous, kind, puzzles, read, run_to_end};
use sudoku_engine::board::Grid;
use sudoku_engine::check;
use sudoku_engine::exact::{self, DIAGNOSIS_BUDGET, Diagnosis};
use sudoku_engine::{Frame, Geometry, Mark, RunConfig, RunState, Shape};

#[test]
fn finds_the_published_solution_of_every_famous_puzzle_and_proves_it_unique() {
    let geometry = Geometry::new(Shape::CLASSIC);
    for (puzzle, solution) in famous() {
        let counted = exact::count(&puzzle, 2).expect("valid");
        assert_eq!((counted.solutions, counted.complete), (1, true), "{puzzle}");
        assert_eq!(counted.first.as_ref(), Some(&solution));
        assert!(check::is_solution(&geometry, &puzzle, &solution));
    }
}

#[test]
fn every_hardest_and_17_clue_sample_has_exactly_one_checked_solution() {
    let geometry = Geometry::new(Shape::CLASSIC);
    let mut set = puzzles("forum_hardest_1106_every_10th.txt");
    set.extend(puzzles("17_clue_every_1000th.txt"));
    for puzzle in set {
        let counted = exact::count(&puzzle, 2).expect("valid");
        assert_eq!(counted.solutions, 1, "{puzzle}");
        let solution = counted.first.expect("a solution");
        assert!(
            check::is_solution(&geometry, &puzzle, &solution),
            "{puzzle}"
        );
    }
}

#[test]
fn counts_several_solutions_up_to_the_limit() {
    for puzzle in puzzles("serg_benchmark_every_250th.txt") {
        assert_eq!(
            exact::count(&puzzle, 2).expect("valid").solutions,
            2,
            "{puzzle}"
        );
    }
    let empty = Grid::empty(Shape::CLASSIC);
    let counted = exact::count(&empty, 1000).expect("valid");
    assert_eq!((counted.solutions, counted.complete), (1000, true));
    // A 4x4 board has 288 solutions in all: the count is exact below the limit.
    let small = Grid::empty(Shape::new(2, 2).expect("4x4"));
    let counted = exact::count(&small, 1000).expect("valid");
    assert_eq!((counted.solutions, counted.complete), (288, true));
}

#[test]
fn the_referee_tells_unique_several_and_none_apart_and_says_where_when_it_is_simple() {
    for line in read("tests/data/diagnosis.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let puzzle = Grid::parse(fields[0]).expect("parses");
        let diagnosis = exact::diagnose(&puzzle, DIAGNOSIS_BUDGET).expect("valid givens");
        match (fields[1], &diagnosis) {
            ("unique", Diagnosis::Unique) | ("several", Diagnosis::Several) => {}
            ("none", Diagnosis::NoSolution(dead)) => {
                let said = dead.as_ref().map(ToString::to_string).unwrap_or_default();
                assert_eq!(said, fields.get(2).copied().unwrap_or_default(), "{line}");
            }
            _ => panic!("{line}: got {diagnosis:?}"),
        }
    }
}

#[test]
fn a_tiny_budget_says_undecided_instead_of_hanging() {
    let hardest = &puzzles("forum_hardest_1106_every_10th.txt")[0];
    assert_eq!(exact::diagnose(hardest, 1), Ok(Diagnosis::Undecided));
    assert_eq!(
        exact::diagnose(hardest, DIAGNOSIS_BUDGET),
        Ok(Diagnosis::Unique)
    );
}

#[test]
fn the_step_api_walks_the_search_one_node_at_a_time_and_backtracks() {
    let puzzle = &puzzles("famous.txt")[0];
    let config = RunConfig {
        moves_per_tick: 1,
        ..RunConfig::default()
    };
    let mut solver = kind("exact").start(puzzle, config).expect("valid");
    let open = |f: &Frame| f.cells.iter().filter(|m| **m == Mark::Empty).count();
    let mut last = solver.tick().clone();
    let mut emptied = false;
    while last.state == RunState::Running {
        let next = solver.tick().clone();
        assert!(next.moves <= last.moves + 1, "one node per tick");
        assert_eq!(
            next.sample.values[0],
            open(&next) as f64,
            "open cells are plotted"
        );
        emptied |= open(&next) > open(&last);
        last = next;
    }
    assert_eq!(last.state, RunState::Solved);
    assert_eq!(last.violations, 0);
    assert!(last.effort > 0, "Inkala needs backtracking");
    assert!(emptied, "a backtrack shows cells emptying");
    let mut again = kind("exact").start(puzzle, config).expect("valid");
    let again = run_to_end(again.as_mut());
    assert_eq!(
        (again.moves, again.effort),
        (last.moves, last.effort),
        "deterministic"
    );
}

#[test]
fn the_step_api_proves_a_puzzle_unsolvable() {
    let line = read("tests/data/diagnosis.txt");
    let deep = line
        .lines()
        .last()
        .and_then(|l| l.split('\t').next())
        .unwrap_or_default();
    let puzzle = Grid::parse(deep).expect("parses");
    let mut solver = kind("exact")
        .start(&puzzle, RunConfig::default())
        .expect("valid");
    let end = run_to_end(solver.as_mut());
    assert_eq!(end.state, RunState::Unsolvable);
}

#[test]
fn the_plain_search_s_guesses_stop_at_their_budget() {
    for puzzle in puzzles("forum_hardest_1106_every_10th.txt").iter().take(20) {
        let all = exact::guesses(puzzle, u64::MAX).expect("valid");
        let needed = all.expect("a 9×9 puzzle is decided");
        assert!(needed > 1, "{puzzle}");
        assert_eq!(exact::guesses(puzzle, needed).expect("valid"), all);
        assert_eq!(exact::guesses(puzzle, needed - 1).expect("valid"), None);
    }
}
