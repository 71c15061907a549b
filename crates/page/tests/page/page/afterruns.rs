//! What a run leaves behind (issue 46's review): Check after Stop judges the digits left on
//! the board, Check after a solve names the solver's digits as the solver's, and an edit keeps
//! the last run's plot, marked as the last run's.

use super::*;
use sudoku_page::page::CageEdit;

/// The digits drawn as the solver's, by cell.
fn solvers(page: &Page) -> Vec<(usize, u8)> {
    (page.cells().iter().enumerate())
        .filter(|(_, c)| c.source == Source::Solver)
        .filter_map(|(cell, c)| Some((cell, c.digit?)))
        .collect()
}

/// Inkala's puzzle, solved by the tuned annealer at its fastest.
fn solved_inkala() -> Page {
    let mut page = open(&link::write(&inkala(), kind("ising")));
    page.apply(Action::Speed(Speed::Fastest));
    solve(&mut page, 2);
    run_frames(&mut page, 20_000);
    page
}

fn check(page: &mut Page) {
    page.apply(Action::Check);
    WORKER.with(|worker| worker.borrow_mut().settle(page));
}

#[test]
fn check_after_stop_judges_the_stopped_runs_digits_it_kept_on_the_board() {
    let (puzzle, solution) = &famous()[0];
    let mut page = open(&link::write(puzzle, kind("ising-faithful")));
    solve(&mut page, 3);
    for _ in 0..30 {
        frame(&mut page);
    }
    page.apply(Action::Stop);
    assert!(
        page.status.message.contains("kept"),
        "{}",
        page.status.message
    );
    let shown = solvers(&page);
    assert!(
        !shown.is_empty(),
        "the stopped run's digits are on the board"
    );
    check(&mut page);
    assert_eq!(solvers(&page), shown, "Check leaves them there");
    let wrong: Vec<usize> = (shown.iter())
        .filter(|&&(cell, digit)| solution.get(cell) != Some(digit))
        .map(|&(cell, _)| cell)
        .collect();
    assert_eq!(page.findings.wrong, wrong);
    let said = &page.status.message;
    assert!(said.contains("the solver's"), "{said}");
    assert!(!said.contains("No entries"), "{said}");
    assert!(wrong.iter().all(|&cell| page.cells()[cell].wrong));
    // Undo takes the run back: its digits, and Check's marks on them, go.
    page.apply(Action::Undo);
    assert!(solvers(&page).is_empty() && page.findings.wrong.is_empty());
}

#[test]
fn check_after_a_solve_counts_the_solvers_digits_and_the_persons_apart() {
    let (puzzle, solution) = &famous()[0];
    let mut page = solved_inkala();
    let open_cells = 81 - puzzle.filled();
    check(&mut page);
    assert_eq!(
        page.status.message,
        format!("All {open_cells} of the solver's digits agree with the solution.")
    );
    // One digit of the person's own, wrong, among the solver's.
    let cell = (0..81).find(|&c| puzzle.get(c).is_none()).unwrap_or(0);
    let text = solution.get(cell).map_or(1, |d| d % 9 + 1).to_string();
    page.apply(Action::Edit(Edit::Typed { cell, text }));
    check(&mut page);
    let solver = open_cells - 1;
    assert_eq!(
        page.status.message,
        format!(
            "1 of the {open_cells} digits (1 yours, {solver} the solver's) disagrees with the \
             solution: marked wrong on the board."
        )
    );
}

#[test]
fn an_edit_after_a_run_keeps_its_plot_as_the_last_runs_until_the_next_run() {
    let mut page = solved_inkala();
    assert_eq!(page.status.phase, Phase::Solved);
    let id = page.solving.run.as_ref().map(|r| r.id);
    page.apply(Action::Undo);
    assert!(page.solving.run.is_none(), "the run is off the board");
    let (past, marked) = page.solving.plotted().expect("its plot stays");
    assert_eq!((Some(past.id), marked), (id, true));
    // The next run's plot replaces it; another puzzle has none.
    solve(&mut page, 3);
    assert!(
        page.solving
            .plotted()
            .is_some_and(|(run, past)| Some(run.id) != id && !past)
    );
    page.apply(Action::Stop);
    page.apply(Action::Clear);
    assert!(page.solving.plotted().is_none());
}

#[test]
fn a_killer_drawn_by_hand_with_several_solutions_is_said_to_have_them() {
    // One cage, two cells summing to 3, on an empty board: many solutions.
    let mut page = open("");
    page.apply(Action::Cage(CageEdit::Start));
    page.apply(Action::Cage(CageEdit::Cell(0)));
    page.apply(Action::Cage(CageEdit::Cell(1)));
    page.apply(Action::Pad(Some(3)));
    page.apply(Action::Cage(CageEdit::Stop));
    WORKER.with(|worker| worker.borrow_mut().settle(&mut page));
    assert_eq!(page.board.sheet.cages().len(), 1);
    let said = &page.status.message;
    assert!(said.contains("more than one solution"), "{said}");
}

#[test]
fn check_after_a_solve_keeps_the_run_its_figures_and_plot() {
    let mut page = solved_inkala();
    let figures = page.figures();
    check(&mut page);
    assert_eq!(page.figures(), figures);
    assert!(page.solving.plotted().is_some_and(|(_, past)| !past));
}

#[test]
fn after_check_a_stopped_runs_digits_carry_the_verdict_alone_not_their_clashes() {
    let (puzzle, _) = &famous()[0];
    let mut page = open(&link::write(puzzle, kind("ising")));
    solve(&mut page, 3);
    for _ in 0..30 {
        frame(&mut page);
    }
    page.apply(Action::Stop);
    let clash =
        |page: &Page| (page.cells().iter()).any(|c| c.conflict && c.source == Source::Solver);
    assert!(clash(&page), "the stopped run's digits clash");
    check(&mut page);
    assert!(!page.findings.wrong.is_empty(), "{}", page.status.message);
    // Check's verdict is the one mark: no clash's ring or tint beside it on the solver's digits.
    assert!(!clash(&page));
}
