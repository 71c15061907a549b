//! The hint ladder's promises: no step ever removes a digit of the solution or places a wrong
//! one, on every board and rule set, and the ladder solves what people solve.

mod common;

use common::puzzles;
use ising_sudoku::board::{Digit, Grid, Rules, Shape};
use ising_sudoku::generate::{Request, generate_many};
use ising_sudoku::hint::{self, End, Marks, Options, Step, Technique};
use ising_sudoku::solvers::exact;
use std::collections::BTreeMap;

/// The one solution of `puzzle`.
fn solution(puzzle: &Grid) -> Grid {
    let count = exact::count(puzzle, 2).expect("valid givens");
    assert_eq!(count.solutions, 1, "{puzzle}");
    count.first.expect("a solution")
}

/// Panics when `step` places a digit the solution does not have there or strikes one it has.
fn assert_sound(step: &Step, solution: &Grid, position: &Marks) {
    let digit = |cell: usize| solution.get(cell).and_then(Digit::new);
    for &(cell, d) in &step.placements {
        assert_eq!(digit(cell), Some(d), "{step:?} on {}", position.grid());
    }
    for &(cell, d) in &step.eliminations {
        assert_ne!(digit(cell), Some(d), "{step:?} on {}", position.grid());
        assert!(position.has(cell, d), "{step:?} strikes a missing mark");
    }
    assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
}

/// Solves `puzzle` by the ladder, checking every step; returns how it ended and the techniques
/// used.
fn walk(puzzle: &Grid, unique: bool) -> (End, Vec<Technique>) {
    let solved = solution(puzzle);
    let options = Options {
        unique,
        ..Options::ANY
    };
    let mut marks = Marks::of(puzzle);
    let mut used = Vec::new();
    while !marks.is_solved() {
        let Some(step) = hint::next_step(&marks, options) else {
            return (End::Stalled, used);
        };
        assert_sound(&step, &solved, &marks);
        marks.apply(&step);
        used.push(step.technique);
    }
    assert_eq!(marks.grid(), solved);
    (End::Solved, used)
}

#[test]
fn no_step_contradicts_the_solution_on_9x9_samples_and_every_technique_shows_up() {
    let mut seen: BTreeMap<Technique, usize> = BTreeMap::new();
    for (file, must_solve) in [
        ("unbiased_first100.txt", true),
        ("17_clue_every_1000th.txt", true),
        ("forum_hardest_1106_every_10th.txt", false),
        ("magictour_top1465_every_97th.txt", false),
    ] {
        for puzzle in puzzles(file) {
            let (end, used) = walk(&puzzle, true);
            assert!(
                !must_solve || end == End::Solved,
                "{file}: {puzzle} stalled"
            );
            for t in used {
                *seen.entry(t).or_default() += 1;
            }
        }
    }
    let missing: Vec<Technique> = (Technique::ALL.into_iter())
        .filter(|t| !seen.contains_key(t))
        .collect();
    assert!(
        missing.len() <= 3,
        "never used: {missing:?} (used: {seen:?})"
    );
}

#[test]
fn no_step_contradicts_the_solution_on_generated_boards_of_every_rule() {
    let boards = [
        ((2, 2), Rules::WINDOKU),
        ((2, 3), Rules::NONE),
        ((2, 3), Rules::X),
        ((3, 3), Rules::X),
        ((3, 3), Rules::WINDOKU),
        ((3, 3), Rules::ANTI_KING),
        ((3, 3), Rules::ANTI_KNIGHT),
        ((4, 4), Rules::NONE),
        ((4, 4), Rules::X),
    ];
    for ((rows, cols), rules) in boards {
        let shape = (Shape::new(rows, cols).and_then(|s| s.with_rules(rules))).expect("a board");
        let request = Request {
            shape,
            difficulty: None,
            symmetric: false,
        };
        let count = if rows * cols > 9 { 2 } else { 6 };
        for made in generate_many(request, 7, count).expect("puzzles") {
            let (end, _) = walk(&made.puzzle, true);
            let people_solve = rows * cols <= 9 && !rules.has_pairs();
            assert!(!people_solve || end == End::Solved, "{}", made.puzzle);
        }
    }
}
