//! Hint and Apply on the page, natively: the worker finds the puzzle's solution and the next
//! step, the grid shows the step's pattern and targets, and Apply makes exactly that step.

use crate::common;

use common::{PlayedWorker, ticking_clock as clock};
use sudoku_engine::board::Grid;
use sudoku_engine::hint::{self, Hint, Marks, Mistake, Options};
use sudoku_engine::referee;
use sudoku_page::link;
use sudoku_page::page::{Action, Edit, HintRole, Page};

const NEWSPAPER: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The newspaper puzzle on the page and its worker, once the referee has looked at it.
fn newspaper() -> (Page, PlayedWorker, Grid) {
    let puzzle = Grid::parse(NEWSPAPER).expect("the newspaper puzzle");
    let mut page = Page::open(
        &link::read(&link::write(&puzzle, Default::default())),
        clock,
    );
    let mut worker = PlayedWorker::new(clock);
    worker.settle(&mut page);
    (page, worker, puzzle)
}

fn ask(page: &mut Page, worker: &mut PlayedWorker) -> Hint {
    page.apply(Action::Hint);
    worker.settle(page);
    page.findings.hint.clone().expect("a hint shown")
}

/// The cells whose hint role is `role`.
fn with_role(page: &Page, role: HintRole) -> Vec<usize> {
    (page.cells().iter().enumerate())
        .filter(|(_, c)| c.hint.role == Some(role))
        .map(|(cell, _)| cell)
        .collect()
}

#[test]
fn hint_names_the_engines_next_step_and_apply_makes_exactly_it() {
    let (mut page, mut worker, puzzle) = newspaper();
    let Hint::Step(step) = ask(&mut page, &mut worker) else {
        panic!("a step on the newspaper puzzle");
    };
    let options = Options {
        unique: true,
        ..Options::ANY
    };
    let expected = hint::next_step(&Marks::of(&puzzle), options).expect("a step");
    assert_eq!(step, expected, "the worker's step is the engine's");
    assert_eq!(with_role(&page, HintRole::Target), step.targets());
    let pattern = with_role(&page, HintRole::Pattern);
    assert!(
        pattern.iter().all(|c| step.pattern.contains(c)),
        "{pattern:?}"
    );
    // The newspaper's first step is a single: the cells whose digits leave it one are ringed.
    assert!(!pattern.is_empty(), "{step:?}");
    assert!(
        pattern
            .iter()
            .all(|&c| page.board.sheet.entries.get(c).is_some()),
        "{pattern:?}"
    );
    let sentence = page.hint_sentence().expect("a sentence");
    assert!(sentence.ends_with('.'), "{sentence}");
    assert!(page.can_apply());

    let mut after = page.board.position();
    after.apply(&step);
    let before = (
        page.board.sheet.entries.clone(),
        page.board.sheet.marks.clone(),
    );
    page.apply(Action::Apply);
    assert_eq!(page.board.position(), after, "Apply makes the step");
    let targets = step.targets();
    for cell in (0..81).filter(|c| !targets.contains(c)) {
        assert_eq!(
            page.board.sheet.entries.get(cell),
            before.0.get(cell),
            "cell {cell}"
        );
        assert_eq!(page.board.sheet.marks[cell], before.1[cell], "cell {cell}");
    }
    assert_eq!(page.findings.hint, None, "the step is made; the hint goes");
    assert!(!page.can_apply());
    // The focus Apply held goes to the cell the step changed, selected.
    let changed = (step.placements.iter().chain(&step.eliminations)).map(|&(cell, _)| cell);
    let focused = page.board.focus.map(|(_, cell)| cell);
    assert!(
        focused.is_some_and(|f| changed.clone().any(|c| c == f)),
        "{focused:?}"
    );
    assert_eq!(page.board.selected, focused);

    let Hint::Step(next) = ask(&mut page, &mut worker) else {
        panic!("a next step");
    };
    assert_ne!(next, step, "Hint again gives the next step");
    page.apply(Action::Undo);
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.entries, puzzle, "one Undo step");
}

#[test]
fn hint_names_a_wrong_entry_and_an_edit_clears_it() {
    let (mut page, mut worker, puzzle) = newspaper();
    let solution = referee::solution(&puzzle).expect("one solution");
    // An open cell and a digit no peer holds that is not the solution's.
    let marks = Marks::of(&puzzle);
    let (cell, digit) = (0..81)
        .filter(|&c| puzzle.get(c).is_none())
        .find_map(|c| {
            let d = marks
                .candidates(c)
                .iter()
                .find(|d| Some(d.get()) != solution.get(c))?;
            Some((c, d))
        })
        .expect("a wrong candidate");
    let text = digit.get().to_string();
    page.apply(Action::Edit(Edit::Typed { cell, text }));
    let hint = ask(&mut page, &mut worker);
    assert_eq!(hint, Hint::Wrong(Mistake::Entry { cell, digit }));
    assert_eq!(with_role(&page, HintRole::Target), vec![cell]);
    assert!(page.cells()[cell].wrong, "the wrong entry is marked");
    assert!(!page.can_apply(), "nothing to apply");
    let sentence = page.hint_sentence().expect("a sentence");
    assert!(sentence.contains("is wrong"), "{sentence}");
    page.apply(Action::Edit(Edit::Backspace { cell }));
    assert_eq!(page.findings.hint, None, "an edit clears the hint");
    assert!(with_role(&page, HintRole::Target).is_empty());
}

#[test]
fn hint_on_a_solved_board_says_so_and_on_an_empty_one_asks_for_a_puzzle() {
    let (mut page, mut worker, puzzle) = newspaper();
    let solution = referee::solution(&puzzle).expect("one solution");
    for cell in (0..81).filter(|&c| puzzle.get(c).is_none()) {
        let text = solution.get(cell).unwrap_or(0).to_string();
        page.apply(Action::Edit(Edit::Typed { cell, text }));
    }
    assert_eq!(ask(&mut page, &mut worker), Hint::Solved);
    page.apply(Action::Clear);
    page.apply(Action::Hint);
    assert_eq!(page.task(), None, "nothing to ask the worker");
    assert_eq!(page.findings.hint, None);
}

#[test]
fn hint_without_a_step_on_a_puzzle_of_several_solutions_says_why() {
    let puzzle = Grid::parse(&format!("53..7....{}", ".".repeat(72))).expect("a puzzle");
    let mut page = Page::open(
        &link::read(&link::write(&puzzle, Default::default())),
        clock,
    );
    let mut worker = PlayedWorker::new(clock);
    worker.settle(&mut page);
    page.apply(Action::Hint);
    worker.settle(&mut page);
    assert_eq!(page.findings.hint, None);
    let said = &page.status.message;
    assert!(said.contains("more than one solution"), "{said}");
    assert!(!said.contains("Check"), "Hint was asked: {said}");
}

#[test]
fn a_step_hint_leaves_no_cell_selected_so_a_phone_folds_its_pad_for_it() {
    let (mut page, mut worker, puzzle) = newspaper();
    let cell = (0..81).find(|&c| puzzle.get(c).is_none()).unwrap_or(0);
    page.apply(Action::Select(cell));
    assert_eq!(page.board.selected, Some(cell));
    assert!(matches!(ask(&mut page, &mut worker), Hint::Step(_)));
    assert_eq!(page.board.selected, None);
}

#[test]
fn apply_strikes_every_digit_a_step_names_in_one_cell() {
    let (mut page, _, puzzle) = newspaper();
    let cell = (0..81)
        .find(|&c| puzzle.get(c).is_none() && page.board.position().candidates(c).len() >= 3)
        .expect("a cell of three candidates");
    let before = page.board.position().candidates(cell);
    let struck: Vec<_> = before.iter().take(2).map(|d| (cell, d)).collect();
    let step = hint::Step::new(hint::Technique::NakedPair, vec![cell], before, vec![])
        .striking(struck.clone())
        .expect("a step that strikes");
    page.board.make_step(&step);
    let after = page.board.position().candidates(cell);
    for (_, digit) in struck {
        assert!(!after.contains(digit), "{digit:?} is struck");
    }
    assert_eq!(after.len(), before.len() - 2);
}

#[test]
fn an_entry_that_leaves_a_drawn_killer_no_solution_is_said_so_by_hint_and_check() {
    // A cage of 6 over three cells and another cage: a 5 in the first leaves 1 for two cells.
    let mut page = Page::open(&link::read("?k=6r1c1r1c2r1c3,17r2c1r2c2"), clock);
    let mut worker = PlayedWorker::new(clock);
    worker.settle(&mut page);
    let text = "5".to_string();
    page.apply(Action::Edit(Edit::Typed { cell: 0, text }));
    for action in [Action::Hint, Action::Check] {
        page.apply(action);
        worker.settle(&mut page);
        let said = &page.status.message;
        assert!(
            said.starts_with("With your entries there is no solution")
                && said.contains("the cage of 6"),
            "{said}"
        );
        assert_eq!(page.findings.hint, None, "no step on a dead end");
        assert!(!page.cells()[0].wrong, "no solution to call the 5 wrong by");
    }
}

/// A hint shown, then a pencil mark toggled elsewhere: the hint goes, and the status line that
/// named it and its Apply goes with it.
#[test]
fn a_mark_toggled_after_a_hint_takes_the_hints_status_line_too() {
    let (mut page, mut worker, puzzle) = newspaper();
    ask(&mut page, &mut worker);
    assert!(
        page.status.message.starts_with("Hint"),
        "{}",
        page.status.message
    );
    let open = (0..81)
        .rev()
        .find(|&c| puzzle.get(c).is_none())
        .unwrap_or_default();
    page.apply(Action::Select(open));
    page.apply(Action::Pencil);
    page.apply(Action::Pad(Some(2)));
    assert!(page.findings.hint.is_none(), "the hint is gone");
    assert!(
        !page.status.message.starts_with("Hint"),
        "{}",
        page.status.message
    );
}
