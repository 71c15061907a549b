//! The hint ladder on killers: on random generated killers every step of every technique agrees
//! with the one solution, each killer technique turns up, the killers the generator grades easy
//! or medium fall to the ladder, and the killer steps read as plain sentences.

// proptest is a native dev-dependency (the wasm32 lint pass compiles the tests too).
#![cfg(not(target_arch = "wasm32"))]

use crate::common::proptest_cases;
use crate::hints::assert_sound;
use proptest::prelude::*;
use std::collections::BTreeMap;
use sudoku_engine::board::{Geometry, Grid, Shape};
use sudoku_engine::generate::{killer_graded_many, killer_many};
use sudoku_engine::grade::{self, Difficulty};
use sudoku_engine::hint::{self, End, Marks, Options, Step, Technique};
use sudoku_words as present;

/// Solves `puzzle` by the ladder, running every finder on every position on the way and
/// checking each step against `solution`; returns how it ended and every step found, with the
/// board it was found on.
fn walk_all(puzzle: &Grid, solution: &Grid) -> (End, Vec<Step>) {
    let options = Options {
        unique: true,
        ..Options::ANY
    };
    let mut found = Vec::new();
    let mut marks = Marks::of(puzzle);
    let geometry = Geometry::of_puzzle(puzzle);
    loop {
        for finder in hint::finders()
            .iter()
            .filter(|f| f.runs_with(&geometry, true))
        {
            if let Some(step) = finder.find(&marks) {
                assert_sound(&step, solution, &marks);
                found.push(step);
            }
        }
        if marks.is_solved() {
            assert_eq!(&marks.grid(), solution);
            return (End::Solved, found);
        }
        let Some(step) = hint::next_step(&marks, options) else {
            return (End::Stalled, found);
        };
        marks.apply(&step);
        assert!(!marks.is_broken(), "{puzzle} broke after {step:?}");
    }
}

/// A board of 4×4, 6×6 or 9×9 cells.
fn board(side: usize) -> Shape {
    match side {
        4 => Shape::new(2, 2),
        6 => Shape::new(2, 3),
        _ => Some(Shape::CLASSIC),
    }
    .expect("a board")
}

/// Cases: 24 in every `cargo test`, more with `PROPTEST_CASES=N`.
fn config() -> ProptestConfig {
    ProptestConfig::with_cases(proptest_cases(24))
}

proptest! {
    #![proptest_config(config())]

    /// Any killer the generator makes, with or without givens: no finder ever strikes a digit
    /// of the solution or places a wrong one, and the ladder never reaches a contradiction.
    #[test]
    fn every_step_on_a_random_killer_agrees_with_its_solution(
        seed in any::<u64>(),
        side in prop_oneof![Just(4usize), Just(6), Just(9)],
        givens in 0usize..10,
    ) {
        let made = killer_many(board(side), givens, seed, 1).expect("a killer");
        let (puzzle, solution) = &made[0];
        walk_all(puzzle, solution);
    }
}

#[test]
fn each_killer_technique_turns_up_and_easy_and_medium_killers_fall_to_the_ladder() {
    let mut found: BTreeMap<Technique, usize> = BTreeMap::new();
    let mut levels: BTreeMap<Difficulty, usize> = BTreeMap::new();
    for made in killer_graded_many(Shape::CLASSIC, 0, None, 46, 12).expect("killers") {
        let (end, steps) = walk_all(&made.puzzle, &made.solution);
        for step in steps {
            *found.entry(step.technique).or_default() += 1;
        }
        *levels.entry(made.difficulty).or_default() += 1;
        let geometry = Geometry::of_puzzle(&made.puzzle);
        assert_eq!(grade::grade(&geometry, &made.puzzle), Some(made.difficulty));
        if made.difficulty <= Difficulty::Medium {
            assert_eq!(end, End::Solved, "{}", made.puzzle);
        }
    }
    let missing: Vec<Technique> = (Technique::ALL.into_iter())
        .filter(|t| t.needs_cages() && !found.contains_key(t))
        .collect();
    assert!(missing.is_empty(), "never found: {missing:?} ({found:?})");
    assert!(levels.len() > 1, "every killer one level: {levels:?}");
}

#[test]
fn killers_are_made_to_the_level_asked() {
    for level in [Difficulty::Easy, Difficulty::Medium] {
        for made in killer_graded_many(Shape::CLASSIC, 0, Some(level), 7, 2).expect("killers") {
            assert!(made.as_asked && made.difficulty == level, "{made:?}");
            assert_eq!(made.puzzle.filled(), 0);
            let ceiling = match level {
                Difficulty::Easy => Technique::CageCombination,
                _ => Technique::Innies,
            };
            let options = Options {
                unique: false,
                ceiling: Some(ceiling),
            };
            let path = hint::solve(Marks::of(&made.puzzle), options);
            assert_eq!(path.end, End::Solved);
            assert_eq!(path.marks.grid(), made.solution);
        }
    }
}

#[test]
fn killer_steps_read_as_sentences_with_their_sums_and_cells() {
    let mut read = BTreeMap::new();
    for (puzzle, solution) in killer_many(Shape::CLASSIC, 0, 46, 12).expect("killers") {
        let geometry = Geometry::of_puzzle(&puzzle);
        let geometry = &geometry;
        let (_, steps) = walk_all(&puzzle, &solution);
        for step in steps.iter().filter(|s| s.technique.needs_cages()) {
            let sentence = present::step_sentence(step, geometry);
            let total = step.total.expect("a killer step carries its sum");
            assert!(sentence.contains(&format!("{total}")), "{sentence}");
            assert!(
                sentence.ends_with('.') && !sentence.contains("r1c"),
                "{sentence}"
            );
            for &(cell, d) in step.placements.iter().chain(&step.eliminations) {
                // Cells down a column read "column 3, rows 1 and 7".
                let pos = geometry.shape().pos(cell);
                let (row, col) = (pos.row + 1, pos.col + 1);
                let named = |word: &str, n: usize| {
                    [
                        format!("{word} {n}"),
                        format!("{word}s {n}"),
                        format!(" {n} and"),
                    ]
                    .iter()
                    .chain(&[format!("and {n}"), format!(", {n},")])
                    .any(|s| sentence.contains(s))
                };
                assert!(named("row", row) && named("column", col), "{sentence}");
                assert!(sentence.contains(&d.to_string()), "{sentence}");
            }
            read.insert(step.technique, sentence);
        }
    }
    assert_eq!(read.len(), 4, "{read:?}");
    let combination = &read[&Technique::CageCombination];
    assert!(combination.starts_with("The cage's"), "{combination}");
}

#[test]
fn a_killers_filled_board_is_never_called_a_puzzle_typed_in() {
    let filled = present::entries_status(Shape::CLASSIC, 0, 81, 27);
    assert_eq!(
        filled,
        "Every cell is filled. Press Check to see whether your digits are right."
    );
    let typed = present::entries_status(Shape::CLASSIC, 0, 30, 0);
    assert!(typed.starts_with("Puzzle typed in: 30 digits."), "{typed}");
}
