//! The page's side of solving by hand, natively: givens apart from the user's progress, pencil
//! marks, Check with the solution found in the played worker, and progress in links.

use crate::common;

use common::{PlayedWorker, famous, ticking_clock as clock};
use sudoku_engine::board::{Digit, DigitSet, Grid};
use sudoku_page::link;
use sudoku_page::page::{Action, Edit, Page, Phase, Source};

/// The page as a link opens it and its worker, once the referee has looked at its puzzle.
fn open(query: &str) -> (Page, PlayedWorker) {
    let mut page = Page::open(&link::read(query), clock);
    let mut worker = PlayedWorker::new(clock);
    worker.settle(&mut page);
    (page, worker)
}

fn typed(page: &mut Page, cell: usize, text: &str) {
    let text = text.to_string();
    page.apply(Action::Edit(Edit::Typed { cell, text }));
}

/// Inkala's puzzle and its solution.
fn inkala() -> (Grid, Grid) {
    famous()[0].clone()
}

fn set(digits: &[u8]) -> DigitSet {
    digits.iter().filter_map(|&d| Digit::new(d)).collect()
}

/// The first open cells of `puzzle`.
fn open_cells(puzzle: &Grid, n: usize) -> Vec<usize> {
    (0..81)
        .filter(|&c| puzzle.get(c).is_none())
        .take(n)
        .collect()
}

#[test]
fn givens_stay_progress_is_drawn_apart_and_travels_in_the_link() {
    let (puzzle, solution) = inkala();
    let (mut page, _) = open(&link::write(&puzzle, Default::default()));
    assert_eq!(
        (&page.board.sheet.givens, &page.board.sheet.entries),
        (&puzzle, &puzzle)
    );
    typed(&mut page, 0, "1");
    assert_eq!(page.board.sheet.entries.get(0), Some(8), "a given stays");
    assert!(page.hint().contains("is a given"), "{}", page.hint());
    // It names the buttons that start another puzzle where they are: Clear is in Settings.
    assert!(page.hint().contains("Clear in Settings"), "{}", page.hint());
    page.apply(Action::Edit(Edit::Backspace { cell: 1 }));
    assert_eq!(
        (page.board.sheet.entries.get(0), page.board.focus),
        (Some(8), Some((0, 0)))
    );
    assert_eq!(page.hint(), "", "Backspace passes over a given");
    page.apply(Action::Edit(Edit::Backspace { cell: 0 }));
    assert_eq!(page.board.sheet.entries.get(0), Some(8));
    assert_eq!(page.board.focus.map(|(_, cell)| cell), Some(80));
    let cell = open_cells(&puzzle, 1)[0];
    typed(
        &mut page,
        cell,
        &solution.get(cell).unwrap_or(0).to_string(),
    );
    assert_eq!(page.hint(), "");
    assert_eq!(page.cells()[cell].source, Source::Progress);
    assert_eq!(page.cells()[0].source, Source::Given);
    assert_eq!(
        page.board.sheet.puzzle(),
        &puzzle,
        "progress is not the puzzle"
    );
    let query = page.address.query.clone();
    assert!(
        query.contains(&format!("p={}&e=", puzzle.to_line())),
        "{query}"
    );
    let (again, _) = open(&query);
    assert_eq!(
        (&again.board.sheet.givens, &again.board.sheet.entries),
        (&page.board.sheet.givens, &page.board.sheet.entries)
    );
    assert_eq!(again.cells()[cell].source, Source::Progress);
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.entries, puzzle);
    assert!(!page.address.query.contains("e="), "{}", page.address.query);
}

#[test]
fn a_puzzle_typed_by_hand_is_the_puzzle_until_check_fixes_it_as_givens() {
    let (mut page, mut worker) = open("");
    typed(&mut page, 0, "5");
    typed(&mut page, 10, "3");
    assert_eq!(
        page.cells()[0].source,
        Source::Given,
        "typed digits are the puzzle"
    );
    assert_eq!(page.board.sheet.givens.filled(), 0);
    page.apply(Action::Check);
    worker.settle(&mut page);
    assert_eq!(page.board.sheet.givens, page.board.sheet.entries);
    assert!(
        page.status.message.contains("now the puzzle's givens"),
        "{}",
        page.status.message
    );
    typed(&mut page, 20, "7");
    assert_eq!(page.cells()[20].source, Source::Progress);
    typed(&mut page, 0, "6");
    assert_eq!(page.board.sheet.entries.get(0), Some(5), "now a given");
    page.apply(Action::Undo);
    page.apply(Action::Undo);
    // The fixing looks like nothing (typed digits are drawn as givens): it is no Undo step of
    // its own, and goes back with the last digit typed.
    assert_eq!(
        page.board.sheet.givens.filled(),
        0,
        "Undo takes the fixing back"
    );
    assert_eq!(page.board.sheet.entries.filled(), 1);
}

#[test]
fn pencil_marks_show_candidates_under_the_rules_and_the_users_own_once_made() {
    let mut puzzle = ".".repeat(81);
    puzzle.replace_range(0..1, "5");
    let (mut page, _) = open(&format!("?rules=x&p={puzzle}"));
    assert!(
        page.cells().iter().all(|c| c.marks.is_empty()),
        "hidden at first"
    );
    page.apply(Action::ShowMarks(true));
    let cells = page.cells();
    // The centre sees r1c1 only through the X diagonal.
    assert_eq!(cells[40].marks, set(&[1, 2, 3, 4, 6, 7, 8, 9]));
    assert_eq!(cells[41].marks, DigitSet::all(9));
    assert!(cells[0].marks.is_empty(), "a filled cell shows none");
    page.apply(Action::Select(41));
    page.apply(Action::Pencil);
    page.apply(Action::Pad(Some(2)));
    assert_eq!(page.cells()[41].marks, set(&[1, 3, 4, 5, 6, 7, 8, 9]));
    assert!(page.cells()[41].own_marks);
    assert_eq!(
        page.board.sheet.entries.get(41),
        None,
        "pencil mode writes no digit"
    );
    page.apply(Action::ShowMarks(false));
    assert_eq!(page.cells()[41].marks, set(&[1, 3, 4, 5, 6, 7, 8, 9]));
    assert!(page.cells()[40].marks.is_empty());
    assert_eq!(
        page.board.sheet.own_marks(),
        vec![(41, set(&[1, 3, 4, 5, 6, 7, 8, 9]))]
    );
    let query = page.address.query.clone();
    assert!(query.ends_with("&m=41-13456789"), "{query}");
    assert_eq!(
        open(&query).0.board.sheet.own_marks(),
        page.board.sheet.own_marks(),
        "marks travel in the link"
    );
    // With marks hidden, a mark in a fresh cell starts from none; the keyboard works the same.
    typed(&mut page, 42, "4");
    assert_eq!(page.cells()[42].marks, set(&[4]));
    typed(&mut page, 0, "4");
    assert!(page.hint().contains("holds a digit"), "{}", page.hint());
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.marks[42], None, "Undo takes a mark back");
    page.apply(Action::Select(41));
    page.apply(Action::Pad(None));
    assert_eq!(
        page.board.sheet.marks[41], None,
        "Erase clears the cell's marks"
    );
    page.apply(Action::Pencil);
    page.apply(Action::Pad(Some(2)));
    assert_eq!(
        page.board.sheet.entries.get(41),
        Some(2),
        "out of pencil mode digits are written"
    );
}

#[test]
fn check_marks_the_wrong_progress_against_the_solution_found_in_the_worker() {
    let (puzzle, solution) = inkala();
    let (mut page, mut worker) = open(&link::write(&puzzle, Default::default()));
    let cells = open_cells(&puzzle, 2);
    let (right, wrong) = (cells[0], cells[1]);
    typed(
        &mut page,
        right,
        &solution.get(right).unwrap_or(0).to_string(),
    );
    let bad = solution.get(wrong).map_or(1, |d| d % 9 + 1);
    typed(&mut page, wrong, &bad.to_string());
    page.apply(Action::Check);
    assert!(
        page.status.message.contains("Checking"),
        "{}",
        page.status.message
    );
    worker.settle(&mut page);
    assert_eq!(page.findings.wrong, vec![wrong]);
    assert!(page.cells()[wrong].wrong && !page.cells()[right].wrong);
    assert!(
        page.status.message.starts_with("1 of your 2"),
        "{}",
        page.status.message
    );
    typed(&mut page, wrong, "");
    assert!(
        page.findings.wrong.is_empty(),
        "an edit takes the mark away"
    );
    page.apply(Action::Check);
    worker.settle(&mut page);
    assert!(
        page.status.message.contains("agree"),
        "{}",
        page.status.message
    );
}

#[test]
fn check_says_when_the_puzzle_has_no_solution_or_several() {
    let several = format!("1{}", ".".repeat(80));
    let (mut page, mut worker) = open(&format!("?p={several}"));
    typed(&mut page, 1, "2");
    page.apply(Action::Check);
    worker.settle(&mut page);
    assert!(
        page.status.message.contains("more than one solution"),
        "{}",
        page.status.message
    );
    assert!(page.findings.wrong.is_empty());
    let stuck = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let (mut page, mut worker) = open(&format!("?p={stuck}"));
    typed(&mut page, 80, "1");
    page.apply(Action::Check);
    worker.settle(&mut page);
    assert_eq!(page.status.phase, Phase::Invalid, "{}", page.status.message);
    assert_eq!(page.status.flagged, vec![8]);
}

#[test]
fn a_link_carries_the_marks_of_the_puzzles_open_cells_only() {
    let (mut page, _) = open("");
    typed(&mut page, 0, "5");
    page.apply(Action::Pencil);
    typed(&mut page, 30, "4");
    assert!(
        page.address.query.ends_with("&m=30-4"),
        "{}",
        page.address.query
    );
    page.apply(Action::Pencil);
    typed(&mut page, 30, "4");
    // Typed by hand, that digit is the puzzle's: the mark under it stays off the link.
    assert!(!page.address.query.contains("m="), "{}", page.address.query);
    let (again, _) = open(&page.address.query);
    assert!(
        again.status.message.starts_with("Puzzle loaded"),
        "{}",
        again.status.message
    );
    assert_eq!(again.board.sheet.entries.filled(), 2);
}

#[test]
fn a_large_boards_cell_with_more_marks_than_it_can_draw_shows_their_count() {
    use sudoku_page::page::{LARGE_MARKS_DRAWN, MarkDrawing, mark_drawing};
    // Up to 9×9 each mark has its place in a box.
    let nine = mark_drawing(set(&[1, 5, 9]), 9);
    let slots = (1..=9u8)
        .map(|d| [1, 5, 9].contains(&d).then_some(d))
        .collect();
    assert_eq!(nine, MarkDrawing::Slots { columns: 3, slots });
    // On 16×16, four marks in a square of two by two.
    let four = mark_drawing(set(&[2, 11, 12, 16]), 16);
    let slots = vec![Some(2), Some(11), Some(12), Some(16)];
    assert_eq!(four, MarkDrawing::Slots { columns: 2, slots });
    // Five or more: their count, never nothing.
    assert_eq!(LARGE_MARKS_DRAWN, 4);
    assert_eq!(
        mark_drawing(set(&[1, 2, 3, 4, 5]), 16),
        MarkDrawing::Count(5)
    );
    let all = DigitSet::all(25);
    assert_eq!(mark_drawing(all, 25), MarkDrawing::Count(25));
    // An empty board of 16×16 with pencil marks shown: every cell has its sixteen candidates.
    let (mut page, _) = open("?size=16");
    page.apply(Action::ShowMarks(true));
    let cells = page.cells();
    assert!(cells.iter().all(|c| c.marks.len() == 16));
    assert_eq!(mark_drawing(cells[0].marks, 16), MarkDrawing::Count(16));
}
