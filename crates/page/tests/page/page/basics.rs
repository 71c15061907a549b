//! A link opening, a run from Solve to its end, Stop, Clear, Back and Forward, the pad, Erase and
//! typing.

use super::*;

#[test]
fn a_link_opens_with_its_puzzle_and_solver_and_the_address_is_rewritten_in_place() {
    let puzzle = inkala();
    let page = open(&format!(
        "?bd={}&s=exact",
        puzzle.to_line().replace('.', "0")
    ));
    assert_eq!(page.board.sheet.entries, puzzle);
    assert_eq!(page.solving.kind, kind("exact"));
    assert_eq!(page.solving.speed, Speed::Watch);
    assert_eq!(page.status.phase, Phase::Idle);
    assert!(
        page.status.message.starts_with("Puzzle loaded: 21 givens."),
        "{}",
        page.status.message
    );
    assert_eq!(
        page.address.query,
        format!("?p={}&s=exact", puzzle.to_line())
    );
    assert!(!page.address.push);
}

#[test]
fn solve_runs_frame_by_frame_to_a_checked_solution_and_ends_the_frame_loop() {
    let puzzle = inkala();
    let mut page = open(&link::write(&puzzle, kind("ising")));
    assert_eq!(page.frame_loop(), None);
    solve(&mut page, 4);
    assert_eq!(page.status.phase, Phase::Running);
    let running = page.frame_loop();
    assert!(
        matches!(running, Some(TaskId::Run(_))),
        "a new run gets a new frame loop"
    );
    run_frames(&mut page, 20_000);
    assert_eq!(page.status.phase, Phase::Solved, "{}", page.status.message);
    assert_eq!(page.frame_loop(), None, "the finished run's loop ends");
    assert!(
        page.status.message.starts_with("Solved in "),
        "{}",
        page.status.message
    );
    let digits: Vec<u8> = page.cells().iter().map(|c| c.digit.unwrap_or(0)).collect();
    let answer = Grid::from_digits(puzzle.shape(), digits).expect("fits");
    assert!(check::is_solution(
        &Geometry::of(puzzle.shape()),
        &puzzle,
        &answer
    ));
    let cells = page.cells();
    assert!(cells.iter().enumerate().all(|(i, c)| c.source
        == if puzzle.get(i).is_some() {
            Source::Given
        } else {
            Source::Solver
        }));
    let names: Vec<String> = page.figures().into_iter().map(|(n, _)| n).collect();
    for name in [
        "Temperature",
        "Energy",
        "Restarts",
        "Flips per second",
        "Computing per tick",
        "Computing",
        "Time",
        "Seed",
    ] {
        assert!(
            names.iter().any(|n| n == name),
            "{name} missing from {names:?}"
        );
    }
    let key = page.figures_key().expect("a key under the figures");
    assert!(key.contains("Broken rules count"), "{key}");
    let (series, trace) = page.trace().expect("a run");
    assert_eq!(series[0].name, "Energy");
    assert!(!trace.samples.is_empty());
    assert_eq!(trace.samples.last().map(|s| s.values[0]), Some(0.0));
    solve(&mut page, 5);
    assert!(page.frame_loop().is_some_and(|l| Some(l) != running));
}

#[test]
fn stop_halts_at_once_keeps_the_entries_and_later_frames_do_nothing() {
    let puzzle = inkala();
    let mut page = open(&link::write(&puzzle, kind("ising-faithful")));
    solve(&mut page, 1);
    frame(&mut page);
    frame(&mut page);
    assert!(page.frame_loop().is_some());
    page.apply(Action::Stop);
    assert_eq!(page.status.phase, Phase::Stopped);
    assert_eq!(page.frame_loop(), None);
    let figures = page.figures();
    frame(&mut page);
    frame(&mut page);
    let ticks = |f: &[(String, String)]| f.iter().find(|(n, _)| n == "Tick").cloned();
    assert_eq!(
        ticks(&page.figures()),
        ticks(&figures),
        "no work after Stop"
    );
    assert_eq!(page.board.sheet.entries, puzzle);
    // The faithful model shows spins in every cell.
    assert!(page.cells().iter().all(|c| c.spins.is_some()));
}

#[test]
fn clear_writes_the_selected_solver_into_a_new_history_entry() {
    let mut page = open(&link::write(&inkala(), kind("ising")));
    solve(&mut page, 2);
    page.apply(Action::Stop);
    page.apply(Action::Choose(kind("exact")));
    page.apply(Action::Clear);
    assert_eq!(page.address.query, "?s=exact");
    assert!(page.address.push);
    assert_eq!(page.board.sheet.entries.filled(), 0);
    assert_eq!(
        (page.status.phase, page.solving.run.is_none()),
        (Phase::Idle, true)
    );
}

#[test]
fn back_or_forward_to_another_solver_takes_that_solvers_speed() {
    let mut page = open("");
    assert_eq!(page.solving.speed, Speed::Watch);
    let link = Link {
        puzzle: Some(inkala()),
        shape: None,
        solver: Some(kind("exact")),
        ..Link::default()
    };
    page.apply(Action::Open(link));
    assert_eq!(page.solving.kind, kind("exact"));
    assert_eq!(page.solving.speed, Speed::Watch);
    assert!(kind("exact").speeds.contains(&kind("exact").default_speed));
    assert!(!page.address.push, "moving through history adds no entry");
}

#[test]
fn the_pad_with_no_cell_selected_writes_nowhere_and_says_so() {
    let mut page = open("");
    page.apply(Action::Pad(Some(5)));
    assert_eq!(page.board.sheet.entries.filled(), 0);
    assert!(page.hint().contains("Tap a cell first"), "{}", page.hint());

    page.apply(Action::Select(40));
    page.apply(Action::Pad(Some(5)));
    assert_eq!(page.board.sheet.entries.get(40), Some(5));
    assert_eq!(
        (page.board.selected, page.board.focus.map(|(_, cell)| cell)),
        (Some(41), Some(41)),
        "the selection and the focus move together to the next empty cell"
    );
    assert_eq!(page.hint(), "");
    page.apply(Action::Select(40));
    page.apply(Action::Pad(None));
    assert_eq!(page.board.sheet.entries.get(40), None, "Erase");
}

/// A tap on `cell`, then `digit` on the pad, as a phone delivers them: the focus that follows
/// the digit to the next empty cell selects that cell too.
fn tap_and_pad(page: &mut Page, cell: usize, digit: u8) {
    page.apply(Action::Select(cell));
    page.apply(Action::Pad(Some(digit)));
    if let Some((_, next)) = page.board.focus {
        page.apply(Action::Select(next));
    }
}

#[test]
fn erase_right_after_a_digit_takes_that_digit_back_on_an_empty_board() {
    let mut page = open("");
    tap_and_pad(&mut page, 10, 7);
    assert_eq!(page.board.selected, Some(11), "the selection moved on");
    page.apply(Action::Pad(None));
    assert_eq!(
        page.board.sheet.entries.filled(),
        0,
        "the slip is gone, and nothing else"
    );
    assert_eq!(page.board.selected, Some(10), "the selection is back on it");
    assert_eq!(
        page.board.focus.map(|(_, c)| c),
        Some(10),
        "and the focus with it"
    );
    // Once: a second Erase erases the selected cell, now empty.
    page.apply(Action::Pad(None));
    assert_eq!(page.board.sheet.entries.filled(), 0);
    // Undo brings the slip back: the erase was one change.
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.entries.get(10), Some(7));
}

#[test]
fn erase_right_after_a_digit_takes_it_back_over_a_loaded_puzzle() {
    let newspaper =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let mut page = open(&format!("?p={newspaper}"));
    tap_and_pad(&mut page, 2, 9);
    assert_eq!(page.board.sheet.entries.get(2), Some(9));
    page.apply(Action::Pad(None));
    assert_eq!(
        page.board.sheet.entries.to_line(),
        newspaper,
        "the slip is gone, the givens stay"
    );
    assert_eq!(page.board.selected, Some(2));
    // At the last open cell the selection wraps round to the first: the slip still goes.
    tap_and_pad(&mut page, 79, 4);
    assert_eq!(page.board.selected, Some(2));
    page.apply(Action::Pad(None));
    assert_eq!(page.board.sheet.entries.to_line(), newspaper);
}

#[test]
fn backspace_right_after_a_typed_digit_takes_that_digit_back() {
    let mut page = open("");
    // Click a cell, type a wrong digit: the focus moves on, and reports its arrival.
    page.apply(Action::Select(21));
    page.apply(Action::Edit(Edit::Typed {
        cell: 21,
        text: "5".into(),
    }));
    assert_eq!(page.board.selected, Some(22), "the focus moved on");
    page.apply(Action::Select(22));
    // Backspace at once, where the focus now is: the 5 goes, and the focus comes back to it.
    page.apply(Action::Edit(Edit::Backspace { cell: 22 }));
    assert_eq!(page.board.sheet.entries.filled(), 0, "the slip is gone");
    assert_eq!(page.board.focus.map(|(_, c)| c), Some(21));
    // A second Backspace erases the cell it is in (empty) and moves back, as before.
    page.apply(Action::Edit(Edit::Backspace { cell: 21 }));
    assert_eq!(page.board.selected, Some(20));
    // A digit typed over another cell's, then a click elsewhere: Backspace is that cell's.
    page.apply(Action::Edit(Edit::Typed {
        cell: 30,
        text: "3".into(),
    }));
    page.apply(Action::Select(31));
    page.apply(Action::Select(50));
    page.apply(Action::Edit(Edit::Backspace { cell: 50 }));
    assert_eq!(page.board.sheet.entries.get(30), Some(3));
}

#[test]
fn anything_between_a_digit_and_erase_makes_erase_erase_the_selected_cell() {
    let mut page = open("");
    // Another cell tapped: Erase erases that one, and the digit stays.
    tap_and_pad(&mut page, 0, 5);
    page.apply(Action::Edit(Edit::Typed {
        cell: 30,
        text: "3".into(),
    }));
    page.apply(Action::Select(30));
    page.apply(Action::Pad(None));
    assert_eq!(page.board.sheet.entries.get(0), Some(5));
    assert_eq!(page.board.sheet.entries.get(30), None);
    // The cell the digit moved on to, tapped again: the person means that cell.
    tap_and_pad(&mut page, 40, 6);
    page.apply(Action::Select(41));
    page.apply(Action::Pad(None));
    assert_eq!(page.board.sheet.entries.get(40), Some(6));
    assert_eq!(page.board.selected, Some(41));
    // Undo in between.
    tap_and_pad(&mut page, 50, 2);
    page.apply(Action::Undo);
    page.apply(Action::Redo);
    page.apply(Action::Pad(None));
    assert_eq!(
        page.board.sheet.entries.get(50),
        Some(2),
        "Erase erased the selected cell, 51"
    );
    // Pencil mode: Erase clears the selected cell's marks, as before.
    page.apply(Action::Select(60));
    page.apply(Action::Pencil);
    page.apply(Action::Pad(Some(4)));
    assert!(page.board.sheet.marks[60].is_some(), "a mark toggled");
    page.apply(Action::Pad(None));
    assert_eq!(page.board.sheet.marks[60], None, "Erase cleared the marks");
    page.apply(Action::Pencil);
    tap_and_pad(&mut page, 61, 8);
    page.apply(Action::Pencil);
    page.apply(Action::Pad(None));
    assert_eq!(
        page.board.sheet.entries.get(61),
        Some(8),
        "pencil mode switched on in between"
    );
}

#[test]
fn typing_replaces_the_address_pasting_adds_an_entry_and_bad_input_is_refused() {
    let mut page = open("");
    page.apply(Action::Edit(Edit::Typed {
        cell: 0,
        text: "4".into(),
    }));
    assert_eq!(page.board.sheet.entries.get(0), Some(4));
    assert!(!page.address.push);
    assert_eq!(
        page.board.focus.map(|(_, cell)| cell),
        Some(1),
        "focus moves on"
    );

    page.apply(Action::Edit(Edit::Typed {
        cell: 0,
        text: "x".into(),
    }));
    assert_eq!(
        page.board.sheet.entries.get(0),
        Some(4),
        "the cell keeps its value"
    );
    assert!(
        page.hint()
            .starts_with("Row 1, column 1: 'x' is not a digit"),
        "{}",
        page.hint()
    );

    let line = inkala().to_line();
    page.apply(Action::Edit(Edit::Pasted {
        cell: 3,
        text: line.clone(),
    }));
    assert_eq!(page.board.sheet.entries.to_line(), line);
    assert!(page.address.push);
    assert_eq!(page.hint(), "");

    page.apply(Action::Edit(Edit::Pasted {
        cell: 3,
        text: "12345".into(),
    }));
    assert!(page.hint().starts_with("That paste is not a puzzle"));
    assert_eq!(
        page.board.sheet.entries.to_line(),
        line,
        "a bad paste loses nothing"
    );
}

#[test]
fn edits_and_solver_changes_wait_for_the_run_and_an_edit_after_it_clears_its_digits() {
    let mut page = open(&link::write(&inkala(), kind("ising-faithful")));
    solve(&mut page, 3);
    frame(&mut page);
    page.apply(Action::Edit(Edit::Typed {
        cell: 1,
        text: "1".into(),
    }));
    page.apply(Action::Choose(kind("exact")));
    assert_eq!(
        page.board.sheet.entries.get(1),
        None,
        "no edit during a run"
    );
    assert_eq!(page.solving.kind, kind("ising-faithful"));
    solve(&mut page, 9);
    assert_eq!(
        page.solving.run.as_ref().map(|r| r.seed),
        Some(3),
        "Solve during a run does nothing"
    );

    page.apply(Action::Speed(Speed::Fastest));
    frame(&mut page);
    assert_eq!(page.solving.speed, Speed::Fastest);
    page.apply(Action::Stop);
    page.apply(Action::Edit(Edit::Typed {
        cell: 1,
        text: "1".into(),
    }));
    assert_eq!(
        (page.status.phase, page.solving.run.is_none()),
        (Phase::Idle, true)
    );
    assert!(page.cells().iter().all(|c| c.source != Source::Solver));
}

#[test]
fn redo_brings_back_a_stopped_run_undo_took_off_until_the_board_changes() {
    let mut page = faithful_inkala_running();
    page.apply(Action::Stop);
    let (status, shown) = (page.status.clone(), page.cells());
    assert!(shown.iter().any(|c| c.source == Source::Solver));
    page.apply(Action::Undo);
    assert!(page.cells().iter().all(|c| c.source != Source::Solver));
    assert!(page.can_undo_redo().1, "Redo offers the run back");
    page.apply(Action::Redo);
    assert_eq!(
        (&page.status, page.cells()),
        (&status, shown),
        "the run as it was"
    );
    assert_eq!(page.can_undo_redo(), (true, false));
    // Undone again, then the board changes: Redo no longer offers that run.
    page.apply(Action::Undo);
    tap_and_pad(&mut page, 1, 1);
    assert!(!page.can_undo_redo().1);
    page.apply(Action::Redo);
    assert!(page.cells().iter().all(|c| c.source != Source::Solver));
}

#[test]
fn undo_after_a_run_takes_back_the_run_and_then_the_entries() {
    let mut page = open(&link::write(&inkala(), kind("ising-faithful")));
    assert_eq!(page.can_undo_redo(), (false, false));
    tap_and_pad(&mut page, 1, 1);
    solve(&mut page, 3);
    frame(&mut page);
    page.apply(Action::Stop);
    assert!(page.can_undo_redo().0);
    // First the run: its digits go, the digit typed before it stays.
    page.apply(Action::Undo);
    assert!(page.solving.run.is_none());
    assert!(page.cells().iter().all(|c| c.source != Source::Solver));
    assert_eq!(
        page.board.sheet.entries.get(1),
        Some(1),
        "the typed digit stays"
    );
    assert_eq!(page.status.phase, Phase::Idle);
    // Then the typed digit, and nothing is left to take back.
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.entries, inkala());
    assert_eq!(page.can_undo_redo(), (false, true));
    // On a link's puzzle with no edit, Undo after a run is offered all the same.
    solve(&mut page, 4);
    run_frames(&mut page, 3);
    page.apply(Action::Stop);
    assert_eq!(
        page.can_undo_redo(),
        (true, false),
        "a new run is a new step: Redo forgets the digit undone before it"
    );
    page.apply(Action::Undo);
    assert_eq!(
        page.board.sheet.entries,
        inkala(),
        "Redo's entry is not brought again"
    );
}

#[test]
fn a_solved_runs_digits_are_entries_check_judges_typing_changes_one_undo_takes_all() {
    // Typed in by hand: the digits typed are the puzzle, and become its givens once solved.
    let (mut page, puzzle) = (open(""), inkala());
    for (cell, digit) in (0..81).filter_map(|c| Some((c, puzzle.get(c)?))) {
        let text = digit.to_string();
        page.apply(Action::Edit(Edit::Typed { cell, text }));
    }
    page.apply(Action::Speed(Speed::Fastest));
    solve(&mut page, 2);
    run_frames(&mut page, 20_000);
    assert_eq!(page.status.phase, Phase::Solved, "{}", page.status.message);
    let solved = page.board.sheet.entries.clone();
    assert!(check::is_solution(
        &Geometry::of_puzzle(&puzzle),
        &puzzle,
        &solved
    ));
    let cell = (0..81)
        .find(|&c| puzzle.get(c).is_none())
        .unwrap_or_default();
    let sources = |page: &Page| page.cells().iter().map(|c| c.source).collect::<Vec<_>>();
    assert_eq!(
        (sources(&page)[0], sources(&page)[cell]),
        (Source::Given, Source::Solver)
    );
    // A digit typed over one of the solver's changes that cell alone, and Check judges it.
    let wrong = solved.get(cell).map_or(1, |d| d % 9 + 1);
    let text = wrong.to_string();
    page.apply(Action::Edit(Edit::Typed { cell, text }));
    assert_eq!(
        page.board.sheet.entries.filled(),
        81,
        "the other digits stay"
    );
    assert_eq!(sources(&page)[cell], Source::Progress);
    assert_eq!(
        sources(&page)
            .iter()
            .filter(|&&s| s == Source::Solver)
            .count(),
        59
    );
    page.apply(Action::Check);
    WORKER.with(|worker| worker.borrow_mut().settle(&mut page));
    assert_eq!(page.findings.wrong, vec![cell], "{}", page.status.message);
    // Undo takes back the digit typed, then the whole run in one step.
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.entries, solved);
    assert_eq!(sources(&page)[cell], Source::Solver);
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.entries, puzzle);
    assert!(sources(&page).iter().all(|&s| s != Source::Solver));
    // Solve again solves the puzzle, not the last run's answer.
    page.apply(Action::Redo);
    assert_eq!(page.board.sheet.entries, solved);
    solve(&mut page, 3);
    assert_eq!(
        page.solving.run.as_ref().map(|r| &r.job.puzzle),
        Some(&puzzle)
    );
}

#[test]
fn a_run_solved_on_an_empty_board_leaves_the_solvers_digits_not_givens() {
    let mut page = open("");
    page.apply(Action::Speed(Speed::Fastest));
    solve(&mut page, 2);
    run_frames(&mut page, 20_000);
    assert_eq!(page.status.phase, Phase::Solved, "{}", page.status.message);
    let sources: Vec<_> = page.cells().iter().map(|c| c.source).collect();
    assert!(sources.iter().all(|&s| s == Source::Solver), "{sources:?}");
}

/// The home-screen icon opens the board last kept: an empty board is never kept over it, a
/// digit typed, a loaded puzzle or a killer's cages are.
#[test]
fn the_address_is_kept_for_the_home_screen_only_when_the_board_holds_something() {
    let mut page = open("");
    assert!(!page.address.keep, "a bare visit keeps nothing");
    page.apply(Action::Edit(Edit::Typed {
        cell: 0,
        text: "4".into(),
    }));
    assert!(page.address.keep, "{:?}", page.address);
    page.apply(Action::Clear);
    assert!(!page.address.keep, "{:?}", page.address);
    assert!(open(&link::write(&inkala(), kind("ising"))).address.keep);
}
