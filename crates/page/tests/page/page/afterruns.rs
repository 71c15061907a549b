//! What a run leaves behind (issue 46's review): Check after Stop judges the digits left on
//! the board, Hint after Stop clears them, Check after a solve names the solver's digits as the
//! solver's, and an edit keeps the last run's plot, marked as the last run's.

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
        page.status.message.contains("the solver's digits stay"),
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
fn the_runs_words_stay_under_a_solved_runs_verdict_until_the_next_edit() {
    let mut page = solved_inkala();
    assert_eq!(page.status.phase, Phase::Solved);
    let words = page.progress().unwrap_or_default();
    assert!(words.ends_with("0 broken rules left."), "{words}");
    let (puzzle, _) = &famous()[0];
    let cell = (0..81).find(|&c| puzzle.get(c).is_none()).unwrap_or(0);
    page.apply(Action::Edit(Edit::Typed {
        cell,
        text: "1".to_string(),
    }));
    assert_eq!(page.progress(), None, "an edit ends the run's account");

    let mut page = open(&link::write(puzzle, kind("ising-faithful")));
    solve(&mut page, 3);
    for _ in 0..30 {
        frame(&mut page);
    }
    assert!(page.progress().is_some());
    page.apply(Action::Stop);
    assert_eq!(page.status.phase, Phase::Stopped);
    assert_eq!(
        page.progress(),
        None,
        "the status line says where it stopped"
    );
}

#[test]
fn the_address_after_a_solve_carries_the_persons_entries_not_the_solvers() {
    let (puzzle, solution) = &famous()[0];
    let mut page = open(&link::write(puzzle, kind("ising")));
    let cell = (0..81).find(|&c| puzzle.get(c).is_none()).unwrap_or(0);
    let digit = solution.get(cell).unwrap_or(1);
    page.apply(Action::Edit(Edit::Typed {
        cell,
        text: digit.to_string(),
    }));
    page.apply(Action::Speed(Speed::Fastest));
    solve(&mut page, 2);
    run_frames(&mut page, 20_000);
    assert_eq!(page.status.phase, Phase::Solved);
    assert!(
        !solvers(&page).is_empty(),
        "the solver's digits are on the board"
    );
    let mut own = Grid::empty(puzzle.shape());
    own.set(cell, Some(digit));
    let query = &page.address.query;
    assert!(
        query.contains(&format!("e={}&", own.to_line())),
        "the person's one entry, and no more: {query}"
    );
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
    // The next run's plot replaces it once it has a curve (until then the plot's place does
    // not empty); another puzzle has none.
    solve(&mut page, 3);
    assert!(
        page.solving
            .plotted()
            .is_some_and(|(run, _)| Some(run.id) == id)
    );
    for _ in 0..30 {
        frame(&mut page);
    }
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

/// `puzzle` opened, its run stopped with digits of the solver's on the board.
fn stopped(puzzle: &Grid) -> Page {
    let mut page = open(&link::write(puzzle, kind("ising")));
    solve(&mut page, 3);
    for _ in 0..30 {
        frame(&mut page);
    }
    page.apply(Action::Stop);
    page
}

/// A killer without givens, its run stopped with digits of the solver's on the board.
fn stopped_killer() -> Page {
    stopped(&super::cages::killer(4).0)
}

#[test]
fn stop_says_what_stays_where_the_person_has_no_entries() {
    let page = stopped_killer();
    let said = &page.status.message;
    assert!(!said.contains("Your entries"), "{said}");
    assert!(said.contains("the solver's digits stay"), "{said}");
}

#[test]
fn hint_after_stop_clears_the_runs_digits_and_hints_on_the_persons_entries() {
    let mut page = stopped_killer();
    assert!(!solvers(&page).is_empty());
    assert!(
        page.status.message.contains("Hint"),
        "{}",
        page.status.message
    );
    let cages = page.board.sheet.cages().len();
    page.apply(Action::Hint);
    WORKER.with(|worker| worker.borrow_mut().settle(&mut page));
    assert!(page.hint_sentence().is_some(), "{}", page.status.message);
    assert!(solvers(&page).is_empty(), "the run's digits left the board");
    // No mark of the hint's sits over a digit, and the run's plot stays, as the last run's.
    let cells = page.cells();
    assert!((cells.iter()).all(|c| c.digit.is_none() || c.marks.is_empty()));
    assert!(page.solving.plotted().is_some_and(|(_, past)| past));
    assert_eq!(page.board.sheet.cages().len(), cages);
    assert!(cages > 0);
    // Nothing on the empty killer to check, and no given is claimed.
    check(&mut page);
    let said = &page.status.message;
    assert!(
        said.starts_with("No entries of yours") && !said.contains("given"),
        "{said}"
    );
}

#[test]
fn undo_after_hint_cleared_a_stopped_run_on_a_typed_puzzle_changes_the_board() {
    let mut page = open("");
    let typed = &famous()[0].0;
    for cell in (0..81).filter(|&c| typed.get(c).is_some()) {
        let text = typed.get(cell).map_or(String::new(), |d| d.to_string());
        page.apply(Action::Edit(Edit::Typed { cell, text }));
    }
    solve(&mut page, 3);
    for _ in 0..30 {
        frame(&mut page);
    }
    page.apply(Action::Stop);
    page.apply(Action::Hint);
    WORKER.with(|worker| worker.borrow_mut().settle(&mut page));
    assert!(solvers(&page).is_empty(), "Hint cleared the run's digits");
    let digits = |page: &Page| page.cells().iter().map(|c| c.digit).collect::<Vec<_>>();
    let before = digits(&page);
    page.apply(Action::Undo);
    assert_ne!(digits(&page), before, "Undo takes back something seen");
}

#[test]
fn another_solver_chosen_lets_the_hint_and_its_status_go() {
    let mut page = open(&link::write(&inkala(), kind("ising")));
    page.apply(Action::Hint);
    WORKER.with(|worker| worker.borrow_mut().settle(&mut page));
    assert!(page.hint_sentence().is_some());
    let hinted = page.status.message.clone();
    page.apply(Action::Choose(kind("exact")));
    assert!(page.hint_sentence().is_none());
    assert_ne!(page.status.message, hinted);
}

#[test]
fn after_check_a_stopped_runs_digits_carry_the_verdict_alone_not_their_clashes() {
    let mut page = stopped(&famous()[0].0);
    let clash =
        |page: &Page| (page.cells().iter()).any(|c| c.conflict && c.source == Source::Solver);
    assert!(clash(&page), "the stopped run's digits clash");
    check(&mut page);
    assert!(!page.findings.wrong.is_empty(), "{}", page.status.message);
    // Check's verdict is the one mark: no clash's ring or tint beside it on the solver's digits.
    assert!(!clash(&page));
}

/// A person watching a run taps Race, then comes back: the run stopped as Stop stops it, its
/// digits still drawn and the status line saying so; with no run, the board's own words, not
/// the empty board's.
#[test]
fn another_view_stops_the_run_as_stop_does_and_the_board_says_where_it_stands_on_return() {
    use sudoku_page::link::View;
    let mut page = faithful_inkala_running();
    assert!(page.running());
    let drawn = |page: &Page| {
        page.cells()
            .iter()
            .filter(|c| c.source == Source::Solver)
            .count()
    };
    assert!(drawn(&page) > 0, "the run has digits on the board");
    page.apply(Action::View { view: View::Race });
    assert!(!page.running(), "the run does not race the racers");
    page.apply(Action::View { view: View::Solve });
    assert_eq!(page.status.phase, Phase::Stopped, "{}", page.status.message);
    assert!(
        page.status.message.starts_with("Stopped after")
            && page.status.message.contains("when you left the board"),
        "{}",
        page.status.message
    );
    assert!(
        drawn(&page) > 0,
        "the stopped run's digits wait on the board"
    );
    // No run: a digit typed over the puzzle, and the board's words after a visit to the race.
    page.apply(Action::Undo);
    let puzzle = inkala();
    let cell = (0..81)
        .find(|&c| puzzle.get(c).is_none())
        .unwrap_or_default();
    let fits = check::candidates(&Geometry::of_puzzle(&puzzle), &puzzle, cell)
        .iter()
        .next();
    let text = fits.map_or(1, |d| d.get()).to_string();
    page.apply(Action::Edit(Edit::Typed { cell, text }));
    let before = page.status.message.clone();
    page.apply(Action::View { view: View::Race });
    page.apply(Action::View { view: View::Solve });
    assert_eq!(page.status.phase, Phase::Idle);
    assert_eq!(
        page.status.message, before,
        "the board's words, not the empty board's"
    );
    assert!(
        page.status.message.contains("of 60 open cells filled"),
        "{}",
        page.status.message
    );
}

/// Only a run that leaving stopped is said to have stopped so: one stopped with Stop, then a
/// visit to the race, keeps Stop's words.
#[test]
fn a_run_stopped_with_stop_is_not_said_to_have_stopped_when_the_person_left() {
    use sudoku_page::link::View;
    let mut page = faithful_inkala_running();
    page.apply(Action::Stop);
    let stopped = page.status.message.clone();
    assert!(stopped.starts_with("Stopped after"), "{stopped}");
    page.apply(Action::View { view: View::Race });
    page.apply(Action::View { view: View::Solve });
    assert_eq!(page.status.message, stopped);
    // Left mid-run, then a new run stopped with Stop: Stop's words again.
    solve(&mut page, 4);
    run_frames(&mut page, 3);
    page.apply(Action::View { view: View::Race });
    page.apply(Action::View { view: View::Solve });
    assert!(page.status.message.contains("when you left the board"));
    solve(&mut page, 5);
    run_frames(&mut page, 3);
    page.apply(Action::Stop);
    assert!(
        !page.status.message.contains("left"),
        "{}",
        page.status.message
    );
}
