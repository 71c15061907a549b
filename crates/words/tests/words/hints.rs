//! The hint ladder's promises: no step ever removes a digit of the solution or places a wrong
//! one, on every board and rule set, and the ladder solves what people solve.

use crate::common;

use common::puzzles;
use std::collections::BTreeMap;
use sudoku_engine::board::{Cage, Digit, Geometry, Grid, Rules, Shape};
use sudoku_engine::exact;
use sudoku_engine::generate::{Request, generate_many};
use sudoku_engine::hint::{self, End, Marks, Options, Step, Technique};
use sudoku_words as present;

/// The one solution of `puzzle`.
fn solution(puzzle: &Grid) -> Grid {
    let count = exact::count(puzzle, 2).expect("valid givens");
    assert_eq!(count.solutions, 1, "{puzzle}");
    count.first.expect("a solution")
}

/// Panics when `step` places a digit the solution does not have there or strikes one it has.
pub(crate) fn assert_sound(step: &Step, solution: &Grid, position: &Marks) {
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
    // The killer techniques have their own tests (`killers.rs`).
    let missing: Vec<Technique> = (Technique::ALL.into_iter())
        .filter(|t| !seen.contains_key(t) && !t.needs_cages())
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
            killer: false,
        };
        let count = if rows * cols > 9 { 2 } else { 6 };
        for made in generate_many(request, 7, count).expect("puzzles") {
            let (end, _) = walk(&made.puzzle, true);
            let people_solve = rows * cols <= 9 && !rules.has_pairs();
            assert!(!people_solve || end == End::Solved, "{}", made.puzzle);
        }
    }
}

#[test]
fn every_finder_run_anywhere_is_sound_and_each_applies_somewhere() {
    let mut applied: BTreeMap<Technique, usize> = BTreeMap::new();
    let everything = Options {
        unique: true,
        ..Options::ANY
    };
    let mut sample = puzzles("unbiased_first100.txt");
    sample.truncate(40);
    sample.extend(
        puzzles("forum_hardest_1106_every_10th.txt")
            .into_iter()
            .take(6),
    );
    for puzzle in &sample {
        let solved = solution(puzzle);
        let mut marks = Marks::of(puzzle);
        for turn in 0.. {
            if turn % 3 == 0 {
                for finder in hint::finders() {
                    if let Some(step) = finder.find(&marks) {
                        assert_eq!(step.technique, finder.technique());
                        assert_sound(&step, &solved, &marks);
                        *applied.entry(step.technique).or_default() += 1;
                    }
                }
            }
            let Some(step) = hint::next_step(&marks, everything) else {
                break;
            };
            marks.apply(&step);
        }
    }
    let missing: Vec<Technique> = (Technique::ALL.into_iter())
        .filter(|t| !applied.contains_key(t) && !t.needs_cages())
        .collect();
    assert!(
        missing.is_empty(),
        "never applied: {missing:?} ({applied:?})"
    );
}

#[test]
fn the_ladder_is_listed_easiest_first_under_distinct_names() {
    let order: Vec<Technique> = hint::finders().iter().map(|f| f.technique()).collect();
    assert_eq!(order, Technique::ALL);
    let mut names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), Technique::ALL.len());
}

#[test]
fn uniqueness_steps_run_only_when_the_caller_vouches_and_on_plain_rules() {
    let unique = Options {
        unique: true,
        ..Options::ANY
    };
    let board = |rules| Geometry::of(Shape::CLASSIC.with_rules(rules).expect("a board"));
    let (plain_board, chess_board) = (board(Rules::NONE), board(Rules::ANTI_KNIGHT));
    let cages = vec![Cage::new(3, [0, 1])];
    let killer = Grid::empty(Shape::CLASSIC)
        .with_cages(cages)
        .expect("a cage");
    let killer = Geometry::of_puzzle(&killer);
    for finder in hint::finders() {
        let plain = finder.runs_with(&plain_board, true);
        let vouching = finder.runs_with(&plain_board, false);
        let chess = finder.runs_with(&chess_board, true);
        let caged = finder.runs_with(&killer, true);
        let uniqueness = [Technique::UniqueRectangle, Technique::BugPlusOne];
        assert!(plain, "{:?}", finder.technique());
        assert_eq!(vouching, !uniqueness.contains(&finder.technique()));
        assert_eq!(chess, !uniqueness.contains(&finder.technique()));
        assert_eq!(caged, !uniqueness.contains(&finder.technique()));
    }
    assert!(unique.unique && !Options::ANY.unique);
}

#[test]
fn user_marks_are_kept_and_marks_no_rule_allows_are_dropped() {
    let puzzle = &puzzles("unbiased_first100.txt")[4];
    let automatic = Marks::of(puzzle);
    let open = automatic.open().next().expect("an open cell");
    let own = automatic.candidates(open);
    let kept = own.iter().next().expect("a candidate");
    let barred = (1..=9)
        .filter_map(Digit::new)
        .find(|&d| !own.contains(d))
        .expect("a digit a peer holds");
    let mut marks = vec![Default::default(); puzzle.shape().cells()];
    marks[open] = [kept, barred].into_iter().collect();
    let user = Marks::with_marks(puzzle, &marks);
    assert_eq!(user.candidates(open), kept.into());
    let other = user.open().find(|&c| c != open).expect("another open cell");
    assert_eq!(user.candidates(other), automatic.candidates(other));
}

#[test]
fn a_wrong_entry_is_named_before_any_step() {
    let puzzle = &puzzles("unbiased_first100.txt")[4];
    let solved = solution(puzzle);
    let marks = Marks::of(puzzle);
    let open = marks.open().next().expect("an open cell");
    let right = solved.get(open).expect("solved");
    let wrong = (1..=9)
        .find(|&d| {
            d != right
                && marks
                    .candidates(open)
                    .contains(Digit::new(d).expect("digit"))
        })
        .expect("another candidate");
    let mut entries = puzzle.clone();
    entries.set(open, Some(wrong));
    let hinted = hint::hint(&Marks::of(&entries), Some(&solved));
    let digit = Digit::new(wrong).expect("a digit");
    assert_eq!(
        hinted,
        hint::Hint::Wrong(hint::Mistake::Entry { cell: open, digit })
    );
    let right_hint = hint::hint(&marks, Some(&solved));
    assert!(matches!(right_hint, hint::Hint::Step(_)), "{right_hint:?}");
    assert_eq!(
        hint::hint(&Marks::of(&solved), Some(&solved)),
        hint::Hint::Solved
    );
}

/// Whether `text` names a cell in the solvers' shorthand, `r4c7`.
fn has_shorthand(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.windows(4).any(|w| {
        w[0] == b'r'
            && w[1].is_ascii_digit()
            && (w[2] == b'c' || w[3] == b'c')
            && (w[2].is_ascii_digit() || w[3].is_ascii_digit())
    })
}

#[test]
fn each_steps_sentence_names_what_it_changes_in_plain_words() {
    let puzzle = &puzzles("unbiased_first100.txt")[4];
    let geometry = sudoku_engine::board::Geometry::of(puzzle.shape());
    let path = hint::solve(Marks::of(puzzle), Options::ANY);
    assert_eq!(path.end, End::Solved);
    let first = present::step_sentence(&path.steps[0], &geometry);
    assert_eq!(
        first,
        "In box 1, only row 2, column 3 can hold 6: every other cell of the box is filled, sees \
         a 6, or has no 6 left in its marks. Place 6 at row 2, column 3."
    );
    let shape = puzzle.shape();
    for step in &path.steps {
        let sentence = present::step_sentence(step, &geometry);
        assert!(sentence.ends_with('.'), "{sentence}");
        assert!(!has_shorthand(&sentence), "{sentence}");
        assert!(!sentence.contains("peer"), "{sentence}");
        for &(cell, d) in step.placements.iter().chain(&step.eliminations) {
            let pos = shape.pos(cell);
            assert!(
                sentence.contains(&format!("row {}", pos.row + 1)),
                "{sentence}"
            );
            assert!(
                sentence.contains(&format!("column {}", pos.col + 1))
                    || sentence.contains(&format!("columns {}", pos.col + 1))
                    || sentence.contains(&format!(" {} and", pos.col + 1))
                    || sentence.contains(&format!("and {}", pos.col + 1)),
                "{sentence}"
            );
            assert!(sentence.contains(&d.to_string()), "{sentence}");
        }
        assert!(!present::technique_title(step.technique).is_empty());
        let changed = step.placements.iter().chain(&step.eliminations);
        assert!(changed.clone().all(|(c, _)| step.targets().contains(c)));
        assert!(step.targets().len() <= changed.count());
    }
    assert!(!has_shorthand("row 4, column 7") && has_shorthand("r4c7") && has_shorthand("r12c3"));
}

#[test]
fn lists_of_cells_stay_apart_in_words() {
    let geometry = sudoku_engine::board::Geometry::of(Shape::CLASSIC);
    let named = |cells: &[usize]| present::cells_named(&geometry, cells);
    assert_eq!(named(&[40]), "row 5, column 5");
    assert_eq!(named(&[1, 4]), "row 1, columns 2 and 5");
    assert_eq!(named(&[2, 65]), "column 3, rows 1 and 8");
    assert_eq!(
        named(&[1, 2, 13, 40]),
        "row 1, columns 2 and 3; row 2, column 5; and row 5, column 5"
    );
}

/// A naked single's pattern: one cell it sees for every other digit, holding it.
fn check_naked_pattern(marks: &Marks, step: &Step, cell: usize, d: Digit) {
    let holds = |c: usize| marks.value(c);
    let held: Vec<_> = step.pattern.iter().map(|&p| holds(p)).collect();
    assert!(
        step.pattern.iter().all(|&p| marks.sees(cell, p)),
        "{step:?}"
    );
    assert!(
        held.iter().all(|h| h.is_some() && *h != Some(d)),
        "{step:?}"
    );
    // Every digit a cell it sees holds, once (an earlier step struck the rest).
    let mut digits: Vec<_> = held.into_iter().flatten().collect();
    digits.sort();
    digits.dedup();
    assert_eq!(digits.len(), step.pattern.len(), "{step:?}");
    let mut seen: Vec<_> = (0..marks.cells())
        .filter(|&p| p != cell && marks.sees(cell, p))
        .filter_map(holds)
        .collect();
    seen.sort();
    seen.dedup();
    assert_eq!(digits, seen, "{step:?}");
}

/// A hidden single's pattern: cells holding the digit that every other open cell of the unit
/// sees.
fn check_hidden_pattern(marks: &Marks, step: &Step, cell: usize, d: Digit) {
    let holds = |c: usize| marks.value(c);
    assert!(
        step.pattern.iter().all(|&p| holds(p) == Some(d)),
        "{step:?}"
    );
    let unit = marks.geometry().unit_cells(step.units[0]).to_vec();
    // Where no cell it sees holds the digit, an earlier step struck it.
    for other in unit
        .into_iter()
        .filter(|&c| c != cell && holds(c).is_none())
    {
        let seen = (0..marks.cells()).any(|p| holds(p) == Some(d) && marks.sees(other, p));
        assert_eq!(
            step.pattern.iter().any(|&p| marks.sees(other, p)),
            seen,
            "{other} in {step:?}"
        );
        assert!(!marks.has(other, d), "{other} in {step:?}");
    }
}

#[test]
fn a_singles_pattern_is_the_cells_whose_digits_rule_the_others_out() {
    let mut naked = 0;
    let mut hidden = 0;
    for puzzle in puzzles("unbiased_first100.txt").iter().take(20) {
        let path = hint::solve(Marks::of(puzzle), Options::ANY);
        let mut marks = Marks::of(puzzle);
        for step in &path.steps {
            if let Some(&(cell, d)) = step.placements.first() {
                match step.technique {
                    Technique::NakedSingle => {
                        check_naked_pattern(&marks, step, cell, d);
                        naked += 1;
                    }
                    Technique::HiddenSingle => {
                        check_hidden_pattern(&marks, step, cell, d);
                        hidden += 1;
                    }
                    _ => {}
                }
            }
            marks.apply(step);
        }
    }
    assert!(naked > 0 && hidden > 0, "{naked} naked, {hidden} hidden");
}

#[test]
fn hint_on_a_solved_or_stuck_board_says_what_to_do_next() {
    use sudoku_engine::hint::Hint;
    let solved = present::hint_status(&Hint::Solved);
    let stuck = present::hint_status(&Hint::Stuck);
    assert!(solved.contains("New puzzle"), "{solved}");
    assert!(stuck.contains("Solve"), "{stuck}");
    assert!(!solved.contains("note") && !stuck.contains("note"));
}
