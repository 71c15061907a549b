//! Variant rules, checked against rules written here from scratch: a plain backtracker counts the
//! grids of small boards under every rule set and the exact search must agree; generated
//! puzzles have one solution under their rules; every solver that takes a rule set solves under
//! it, and what it calls solved obeys it.

use crate::common;

use common::{brute_count, kind, obeys, rule_sets};
use sudoku_engine::board::{Grid, Rules, Shape};
use sudoku_engine::exact;
use sudoku_engine::generate::{Generator, NoGrid, Request};
use sudoku_engine::grade::Difficulty;
use sudoku_engine::{Mark, RunConfig, RunState, SolverKind};

#[test]
fn the_search_counts_the_small_boards_grids_as_a_plain_backtracker_does_under_every_rule_set() {
    let four = Shape::new(2, 2).expect("4x4");
    let mut counts = Vec::new();
    for rules in rule_sets() {
        let shape = four.with_rules(rules).expect("square boxes");
        let plain = brute_count(four, rules, &Grid::empty(four), u64::MAX);
        let counted = exact::count(&Grid::empty(shape), u64::MAX).expect("no givens");
        assert!(counted.complete);
        assert_eq!(counted.solutions, plain, "{}", rules.names());
        counts.push(plain);
    }
    // The rules do cut: 288 plain grids, fewer under X, none left under anti-king.
    assert_eq!(counts[0], 288);
    assert!(counts[1] < 288 && counts[1] > 0, "{counts:?}");
    assert_eq!(
        counts[4], 0,
        "a 4x4 box holds a king's move between every two of its cells"
    );
    // 6×6 with X and anti-knight, first row fixed: a larger check.
    let six = Shape::new(2, 3).expect("6x6");
    let rules = Rules::X.with(Rules::ANTI_KNIGHT);
    let mut first_row = Grid::empty(six.with_rules(rules).expect("fits"));
    (0..6).for_each(|c| first_row.set(c, Some(c as u8 + 1)));
    let counted = exact::count(&first_row, u64::MAX).expect("valid");
    let brute = brute_count(six, rules, &first_row, u64::MAX);
    assert_eq!(counted.solutions, brute);
}

#[test]
fn windoku_needs_square_boxes() {
    assert!(
        Shape::new(2, 3)
            .expect("6x6")
            .with_rules(Rules::WINDOKU)
            .is_none()
    );
    for (b, windows) in [(2, 1), (3, 4), (4, 9), (5, 16)] {
        let shape = Shape::new(b, b).and_then(|s| s.with_rules(Rules::WINDOKU));
        let geometry = sudoku_engine::Geometry::of(shape.expect("square boxes"));
        assert_eq!(geometry.units().count(), 3 * b * b + windows);
    }
}

/// Ticks `solver` on `puzzle` for at most `ticks` ticks; the last frame's state and digits.
fn run_for(solver: SolverKind, puzzle: &Grid, ticks: u32) -> (RunState, Vec<u8>) {
    let mut run = solver
        .start(puzzle, solver.run_config(5))
        .expect("takes it");
    for _ in 0..ticks {
        if run.tick().state != RunState::Running {
            break;
        }
    }
    let frame = run.frame();
    let digits = (frame.cells.iter())
        .map(|m| match m {
            Mark::Digit(d) => *d,
            _ => 0,
        })
        .collect();
    (frame.state, digits)
}

/// Every solver that takes `puzzle`'s board keeps its `rules` when it says solved, and the
/// ones that should solve it do.
fn every_solver_keeps_the_rules(puzzle: &Grid, rules: Rules) {
    let shape = puzzle.shape();
    for solver in SolverKind::all().filter(|k| (k.supports)(shape)) {
        let (state, digits) = run_for(solver, puzzle, 400);
        if state == RunState::Solved {
            assert!(
                obeys(shape, rules, puzzle, &digits),
                "{solver:?} {}",
                rules.names()
            );
        }
        if ["ising", "qubo", "exact", "bp"].contains(&solver.name) {
            assert_eq!(
                state,
                RunState::Solved,
                "{solver:?} on {puzzle} ({})",
                rules.names()
            );
        }
    }
}

#[test]
fn generated_puzzles_have_one_solution_under_their_rules_and_the_solvers_that_take_them_solve_them()
{
    let mut made_for = Vec::new();
    for (i, rules) in rule_sets().into_iter().skip(1).enumerate() {
        let shape = Shape::CLASSIC.with_rules(rules).expect("square boxes");
        let request = Request {
            shape,
            difficulty: Some(Difficulty::Easy),
            symmetric: false,
            killer: false,
        };
        let made = match Generator::new(request, i as u64).run() {
            Ok(made) => made,
            // Some rule sets leave no grid: then the search must say so of the empty board.
            Err(NoGrid::Proved) => {
                let none = exact::count(&Grid::empty(shape), 1).expect("no givens");
                assert_eq!(
                    (none.solutions, none.complete),
                    (0, true),
                    "{}",
                    rules.names()
                );
                continue;
            }
            Err(NoGrid::NotFound) => continue,
        };
        made_for.push(rules.names());
        let count = exact::count(&made.puzzle, 2).expect("valid");
        assert_eq!(
            (count.solutions, count.complete),
            (1, true),
            "{}",
            rules.names()
        );
        assert!(obeys(shape, rules, &made.puzzle, made.solution.digits()));
        // Without the rules the same givens leave more than one solution: the rules carry it.
        let plain = made.puzzle.clone().with_rules(Rules::NONE).expect("fits");
        assert!(
            exact::count(&plain, 2).expect("valid").solutions > 1,
            "{}",
            rules.names()
        );
        every_solver_keeps_the_rules(&made.puzzle, rules);
    }
    // Every rule alone and every pair has grids, and so puzzles.
    assert!(made_for.len() >= 10, "{made_for:?}");
    // The units-only solvers say why they do not take a pairwise rule.
    let king = Shape::CLASSIC.with_rules(Rules::ANTI_KING).expect("fits");
    let err = kind("bp")
        .start(&Grid::empty(king), RunConfig::default())
        .err();
    assert!(err.is_some_and(|e| e.to_string().contains("anti-king")));
}
