//! Variant rules, checked against rules written here from scratch: a plain backtracker counts the
//! grids of small boards under every rule set and the exact search must agree; generated
//! puzzles have one solution under their rules; every solver that takes a rule set solves under
//! it, and what it calls solved obeys it.

mod common;

use common::kind;
use ising_sudoku::board::{Grid, Rules, Shape};
use ising_sudoku::generate::{Generator, NoGrid, Request};
use ising_sudoku::logic::Difficulty;
use ising_sudoku::solvers::exact;
use ising_sudoku::{Mark, RunConfig, RunState, SolverKind};

/// Every combination of the four rules.
fn rule_sets() -> Vec<Rules> {
    (0..16)
        .map(|bits| {
            (Rules::ALL.iter().enumerate())
                .filter(|(i, _)| bits >> i & 1 == 1)
                .fold(Rules::NONE, |r, (_, (rule, ..))| r.with(*rule))
        })
        .collect()
}

/// Whether two distinct cells may not hold the same digit under `rules`, from first principles.
fn clash(shape: Shape, rules: Rules, a: usize, b: usize) -> bool {
    let n = shape.size() as isize;
    let (br, bc) = (shape.box_rows() as isize, shape.box_cols() as isize);
    let (ra, ca) = (a as isize / n, a as isize % n);
    let (rb, cb) = (b as isize / n, b as isize % n);
    let (dr, dc) = ((ra - rb).abs(), (ca - cb).abs());
    let window = |r: isize, c: isize| {
        // Windows start one cell in and every box side + 1 after.
        let (wr, wc) = ((r - 1).rem_euclid(br + 1), (c - 1).rem_euclid(br + 1));
        (r >= 1
            && c >= 1
            && wr < br
            && wc < br
            && (r - 1) / (br + 1) < br - 1
            && (c - 1) / (br + 1) < br - 1)
            .then_some(((r - 1) / (br + 1), (c - 1) / (br + 1)))
    };
    ra == rb
        || ca == cb
        || (ra / br == rb / br && ca / bc == cb / bc)
        || (rules.contains(Rules::X)
            && ((ra == ca && rb == cb) || (ra + ca == n - 1 && rb + cb == n - 1)))
        || (rules.contains(Rules::WINDOKU)
            && window(ra, ca).is_some()
            && window(ra, ca) == window(rb, cb))
        || (rules.contains(Rules::ANTI_KING) && dr <= 1 && dc <= 1)
        || (rules.contains(Rules::ANTI_KNIGHT) && dr * dc == 2)
}

/// Whether `digits` (1-based, all filled) obey `rules` on `shape` and keep `puzzle`'s givens.
fn obeys(shape: Shape, rules: Rules, puzzle: &Grid, digits: &[u8]) -> bool {
    let cells = shape.cells();
    let kept = (0..cells).all(|c| puzzle.get(c).is_none_or(|g| g == digits[c]));
    let filled = digits
        .iter()
        .all(|&d| (1..=shape.size() as u8).contains(&d));
    let apart = (0..cells)
        .all(|a| (a + 1..cells).all(|b| digits[a] != digits[b] || !clash(shape, rules, a, b)));
    kept && filled && apart
}

/// Counts the grids of an empty board by plain backtracking, cell by cell.
fn brute_count(shape: Shape, rules: Rules) -> u64 {
    fn fill(shape: Shape, rules: Rules, digits: &mut Vec<u8>, cell: usize) -> u64 {
        if cell == shape.cells() {
            return 1;
        }
        let mut total = 0;
        for d in 1..=shape.size() as u8 {
            if (0..cell).all(|c| digits[c] != d || !clash(shape, rules, c, cell)) {
                digits[cell] = d;
                total += fill(shape, rules, digits, cell + 1);
            }
        }
        digits[cell] = 0;
        total
    }
    fill(shape, rules, &mut vec![0; shape.cells()], 0)
}

#[test]
fn the_search_counts_the_small_boards_grids_as_a_plain_backtracker_does_under_every_rule_set() {
    let four = Shape::new(2, 2).expect("4x4");
    let mut counts = Vec::new();
    for rules in rule_sets() {
        let shape = four.with_rules(rules).expect("square boxes");
        let plain = brute_count(four, rules);
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
    let brute = {
        let mut total = 0;
        let mut digits = vec![0u8; 36];
        digits[..6].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
        fn fill(shape: Shape, rules: Rules, digits: &mut Vec<u8>, cell: usize, total: &mut u64) {
            if cell == 36 {
                *total += 1;
                return;
            }
            for d in 1..=6 {
                if (0..cell).all(|c| digits[c] != d || !clash(shape, rules, c, cell)) {
                    digits[cell] = d;
                    fill(shape, rules, digits, cell + 1, total);
                }
            }
            digits[cell] = 0;
        }
        fill(six, rules, &mut digits, 6, &mut total);
        total
    };
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
        let geometry = ising_sudoku::Geometry::of(shape.expect("square boxes"));
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
        for solver in SolverKind::all().filter(|k| (k.supports)(shape)) {
            let (state, digits) = run_for(solver, &made.puzzle, 400);
            if state == RunState::Solved {
                assert!(
                    obeys(shape, rules, &made.puzzle, &digits),
                    "{solver:?} {}",
                    rules.names()
                );
            }
            if ["ising", "qubo", "exact", "bp"].contains(&solver.name) {
                assert_eq!(
                    state,
                    RunState::Solved,
                    "{solver:?} on {} ({})",
                    made.puzzle,
                    rules.names()
                );
            }
        }
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
