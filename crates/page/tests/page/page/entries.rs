//! Entries as people make them: rows typed and pasted, the status's count, unreadable links,
//! clashes, Undo and Redo, time limits and figures.

use super::*;

#[test]
fn a_puzzle_typed_row_by_row_with_dots_for_blanks_is_that_puzzle_and_backspace_goes_back() {
    let newspaper =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let mut page = open("");
    let mut cell = 0;
    for ch in newspaper.chars() {
        page.apply(Action::Edit(Edit::Typed {
            cell,
            text: ch.to_string(),
        }));
        assert_eq!(page.hint(), "", "{ch} typed at {cell}");
        cell = page.board.focus.map_or(cell, |(_, next)| next);
    }
    assert_eq!(page.board.sheet.entries.to_line(), newspaper);
    // A wrong digit typed, then Backspace: erased, and the focus is back on it.
    page.apply(Action::Edit(Edit::Typed {
        cell: 3,
        text: "9".into(),
    }));
    page.apply(Action::Edit(Edit::Backspace { cell: 3 }));
    assert_eq!(page.board.sheet.entries.to_line(), newspaper);
    assert_eq!(
        page.board.focus.map(|(_, c)| c),
        Some(2),
        "Backspace moves back"
    );
    // Space and 0 type blanks too.
    for text in [" ", "0"] {
        page.apply(Action::Edit(Edit::Typed {
            cell: 0,
            text: text.into(),
        }));
        assert_eq!(page.board.sheet.entries.get(0), None, "{text:?}");
        assert_eq!(page.board.focus.map(|(_, c)| c), Some(1));
        page.apply(Action::Edit(Edit::Typed {
            cell: 0,
            text: "5".into(),
        }));
    }
}

#[test]
fn a_paste_of_another_boards_length_opens_that_board_whatever_its_letters() {
    // The app's own 16×16 link text: its digits after 9 are letters no 9×9 board takes.
    let first_row = "G123456789ABCDEF";
    let sixteen = format!("{first_row}{}", ".".repeat(256 - 16));
    let mut page = open("");
    page.apply(Action::Edit(Edit::Pasted {
        cell: 0,
        text: sixteen.clone(),
    }));
    assert_eq!(page.hint(), "", "not refused");
    assert_eq!(page.board.sheet.entries.shape().size(), 16);
    assert_eq!(page.board.sheet.entries.to_line(), sixteen);
    assert!(
        page.address.query.starts_with("?size=16&p=G123"),
        "{}",
        page.address.query
    );
    // And 25×25 over 16×16, whose letters stop at G.
    let twenty_five = format!("PONMLKJIH{}", ".".repeat(625 - 9));
    page.apply(Action::Edit(Edit::Pasted {
        cell: 0,
        text: twenty_five.clone(),
    }));
    assert_eq!(page.hint(), "");
    assert_eq!(page.board.sheet.entries.shape().size(), 25);
    assert_eq!(page.board.sheet.entries.to_line(), twenty_five);
    // A paste of this board's length with a stray letter is still refused, by its position.
    let mut nine = format!("5{}", ".".repeat(80));
    nine.replace_range(3..4, "G");
    page.apply(Action::Resize(Shape::CLASSIC));
    page.apply(Action::Edit(Edit::Pasted {
        cell: 0,
        text: nine,
    }));
    assert!(
        page.hint().contains("bad character 'G' at position 4"),
        "{}",
        page.hint()
    );
    assert_eq!(page.board.sheet.entries.filled(), 0);
}

#[test]
fn the_status_says_how_far_the_entries_have_got() {
    let newspaper =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let puzzle = Grid::parse(newspaper).expect("the newspaper puzzle");
    // Typed cell by cell on an empty board: the digits are the puzzle.
    let mut page = open("");
    for cell in (0..81).filter(|&c| puzzle.get(c).is_some()) {
        let text = puzzle.get(cell).map(|d| d.to_string()).unwrap_or_default();
        page.apply(Action::Edit(Edit::Typed { cell, text }));
    }
    assert_eq!(page.board.sheet.entries, puzzle);
    assert_eq!(
        page.status.message,
        "Puzzle typed in: 30 digits. Press Solve, or Check or Hint to solve it yourself."
    );
    // Over a loaded puzzle: the user's progress, counted.
    let mut page = open(&format!("?p={newspaper}"));
    page.apply(Action::Edit(Edit::Typed {
        cell: 2,
        text: "4".into(),
    }));
    assert_eq!(
        page.status.message,
        "1 of 51 open cells filled. Check marks wrong digits; Hint gives the next step."
    );
    page.apply(Action::Undo);
    assert!(
        page.status
            .message
            .starts_with("Puzzle: 30 givens. Press Solve"),
        "{}",
        page.status.message
    );
    // Every open cell filled: Check is what is left to do.
    let solution = sudoku_engine::referee::solution(&puzzle).expect("one solution");
    for cell in (0..81).filter(|&c| puzzle.get(c).is_none()) {
        let text = solution
            .get(cell)
            .map(|d| d.to_string())
            .unwrap_or_default();
        page.apply(Action::Edit(Edit::Typed { cell, text }));
    }
    assert_eq!(
        page.status.message,
        "Every cell is filled. Press Check to see whether your digits are right."
    );
    // Everything erased again: the welcome.
    let mut page = open("");
    page.apply(Action::Select(0));
    page.apply(Action::Pad(Some(1)));
    page.apply(Action::Pad(None));
    assert!(
        page.status.message.starts_with("Type a puzzle"),
        "{}",
        page.status.message
    );
}

#[test]
fn one_given_is_one_given() {
    let one = format!("5{}", ".".repeat(80));
    let page = open(&format!("?p={one}"));
    assert!(
        page.status.message.starts_with("Puzzle loaded: 1 given. "),
        "{}",
        page.status.message
    );
}

#[test]
fn a_link_whose_puzzle_cannot_be_read_says_what_was_wrong_and_loads_nothing() {
    for (query, why) in [
        ("?p=abc", "bad character 'a' at position 1"),
        ("?p=1", "expected 81 cells, found 1"),
        (
            &format!("?p={}", "x".repeat(81)),
            "bad character 'x' at position 1",
        ),
    ] {
        let page = open(query);
        assert!(
            page.status
                .message
                .starts_with("The link's puzzle could not be read ("),
            "{query}: {}",
            page.status.message
        );
        assert!(
            page.status.message.contains(why),
            "{query}: {}",
            page.status.message
        );
        assert!(
            !page.status.message.contains("loaded:"),
            "{query}: {}",
            page.status.message
        );
        assert!(
            !page.status.message.contains("solution"),
            "{query}: {}",
            page.status.message
        );
        assert_eq!(
            page.board.sheet.entries,
            Grid::empty(Shape::CLASSIC),
            "{query}"
        );
        assert_eq!(
            page.task(),
            None,
            "{query}: nothing for the referee to judge"
        );
        assert_eq!(page.address.query, query, "the link stays, to be mended");
    }
    // A puzzle of blanks is an empty board, not a loaded puzzle of 0 givens.
    let page = open(&format!("?p={}", ".".repeat(81)));
    assert!(
        page.status.message.starts_with("Type a puzzle"),
        "{}",
        page.status.message
    );
}

#[test]
fn a_pretty_grid_pastes_as_its_puzzle() {
    let mut page = open("");
    let pretty = "\
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9";
    page.apply(Action::Edit(Edit::Pasted {
        cell: 0,
        text: pretty.into(),
    }));
    assert_eq!(page.hint(), "");
    assert_eq!(
        page.board.sheet.entries.to_line(),
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    );
}

#[test]
fn a_digit_that_repeats_a_given_marks_the_digit_not_the_given() {
    // Inkala's puzzle has an 8 given at r1c1; an 8 typed at r1c2 is the person's slip.
    let mut page = open(&format!("?p={}", inkala().to_line()));
    assert_eq!(page.board.sheet.entries.get(0), Some(8));
    assert!(page.board.sheet.entries.get(1).is_none());
    page.apply(Action::Edit(Edit::Typed {
        cell: 1,
        text: "8".into(),
    }));
    let marked: Vec<usize> = (page.cells().iter().enumerate())
        .filter(|(_, c)| c.conflict)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(marked, vec![1]);
    let said = &page.status.message;
    assert!(
        said.starts_with("A marked digit repeats one it must differ from. 1 of"),
        "{said}"
    );
    // Solve says the repeat is the person's, and marks their digit alone.
    solve(&mut page, 1);
    assert!(!page.running());
    let said = &page.status.message;
    assert!(
        said.starts_with("With your entries the board breaks the rules"),
        "{said}"
    );
    assert_eq!(page.status.flagged, vec![1]);
}

#[test]
fn a_repeated_digit_marks_both_cells_at_once_and_a_running_solver_its_clashes() {
    let mut page = open("?s=ising-faithful");
    for (cell, digit) in [(0, "5"), (4, "5"), (40, "9")] {
        page.apply(Action::Edit(Edit::Typed {
            cell,
            text: digit.into(),
        }));
    }
    let marked = |page: &Page| -> Vec<usize> {
        (page.cells().iter().enumerate())
            .filter(|(_, c)| c.conflict)
            .map(|(i, _)| i)
            .collect()
    };
    assert_eq!(marked(&page), vec![0, 4]);
    page.apply(Action::Edit(Edit::Typed {
        cell: 4,
        text: String::new(),
    }));
    assert!(marked(&page).is_empty());
    // A hot faithful annealer on Inkala's puzzle: the cells it shows clashing are marked, a
    // given only where it clashes with another given.
    let mut page = open(&link::write(&inkala(), kind("ising-faithful")));
    page.apply(Action::Speed(Speed::Steady(50_000)));
    solve(&mut page, 1);
    frame(&mut page);
    frame(&mut page);
    let cells = page.cells();
    let geometry = Geometry::of(page.board.sheet.entries.shape());
    let given = |cell: usize| page.board.sheet.given(cell);
    for (i, c) in cells.iter().enumerate() {
        let clash = c.digit.is_some_and(|d| {
            (geometry.peers(i).iter().map(|&p| usize::from(p)))
                .any(|p| cells[p].digit == Some(d) && (!given(i) || given(p)))
        });
        assert_eq!(c.conflict, clash, "cell {i}");
    }
    assert!(cells.iter().any(|c| c.conflict), "a hot run breaks rules");
}

#[test]
fn undo_and_redo_take_back_and_bring_again_each_change_of_the_entries() {
    let mut page = open("");
    assert_eq!(page.can_undo_redo(), (false, false));
    for (cell, text) in [(0, "5"), (1, "3"), (1, "4")] {
        page.apply(Action::Edit(Edit::Typed {
            cell,
            text: text.into(),
        }));
    }
    page.apply(Action::Undo);
    assert_eq!(
        page.board.sheet.entries.get(1),
        Some(3),
        "the wrong digit undone"
    );
    page.apply(Action::Redo);
    assert_eq!(page.board.sheet.entries.get(1), Some(4));
    page.apply(Action::Undo);
    // A paste and Clear are one change each; a new change forgets what was undone.
    page.apply(Action::Edit(Edit::Pasted {
        cell: 0,
        text: inkala().to_line(),
    }));
    assert_eq!(page.can_undo_redo(), (true, false));
    page.apply(Action::Clear);
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.entries, inkala());
    page.apply(Action::Undo);
    assert_eq!(
        page.board.sheet.entries.to_line(),
        format!("53{}", ".".repeat(79))
    );
    // Nothing is undone while a solver runs.
    page.apply(Action::Redo);
    solve(&mut page, 1);
    assert!(page.running());
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.entries, inkala());
}

#[test]
fn undo_to_another_board_size_drops_the_selection() {
    let mut page = open("");
    page.apply(Action::Resize(Shape::new(2, 2).expect("4x4")));
    page.apply(Action::Resize(Shape::new(2, 3).expect("6x6")));
    page.apply(Action::Select(16));
    assert_eq!(page.board.selected, Some(16));
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.entries.shape().cells(), 16);
    assert_eq!(page.board.selected, None, "cell 16 is off a 4x4 board");
}

/// Another board size empties the board: said, with the way back, when there was a puzzle on it.
#[test]
fn another_board_size_says_undo_brings_back_the_puzzle_it_replaced() {
    let mut page = open(&link::write(&inkala(), kind("ising")));
    page.apply(Action::Resize(Shape::new(4, 4).expect("16x16")));
    assert!(
        page.status
            .message
            .starts_with("A new 16×16 board; Undo brings back the one before. Type a puzzle"),
        "{}",
        page.status.message
    );
    page.apply(Action::Undo);
    assert_eq!(page.board.sheet.entries, inkala());
    // From an empty board, nothing went: the welcome alone.
    let mut page = open("");
    page.apply(Action::Resize(Shape::new(4, 4).expect("16x16")));
    assert!(
        page.status.message.starts_with("Type a puzzle"),
        "{}",
        page.status.message
    );
}

#[test]
fn a_run_past_its_time_limit_stops_and_names_a_solver_that_works() {
    let mut page = open("");
    page.apply(Action::Resize(Shape::new(5, 5).expect("25x25")));
    page.apply(Action::Limit(5));
    page.apply(Action::Edit(Edit::Typed {
        cell: 0,
        text: "7".into(),
    }));
    solve(&mut page, 1);
    assert_eq!(page.status.phase, Phase::Running);
    frame(&mut page);
    assert_eq!(page.status.phase, Phase::Running, "within the limit");
    NOW.with(|now| now.set(now.get() + 5_000.0));
    frame(&mut page);
    frame(&mut page);
    assert_eq!(page.status.phase, Phase::Stopped, "{}", page.status.message);
    assert!(
        page.status.message.contains("5 s limit"),
        "{}",
        page.status.message
    );
    assert!(
        page.status
            .message
            .contains(sudoku_engine::solvers::exact::SPEC.title),
        "{}",
        page.status.message
    );
    assert_eq!(page.board.sheet.entries.get(0), Some(7), "the entries stay");
}

#[test]
fn every_solver_title_reads_as_a_name_in_the_out_of_time_sentence() {
    // Titles such as "Annealing, as in the 2019 demo" have commas of their own: quoted, they
    // cannot run into the sentence.
    let exact = kind("exact");
    for solver in sudoku_engine::registry::SolverKind::all().filter(|k| *k != exact) {
        let sentence = sudoku_words::out_of_time(&solver, 60, Some(&exact));
        let expected = format!(
            "“{}” struggles with this puzzle; “{}” solves any puzzle in moments.",
            solver.title, exact.title
        );
        assert!(sentence.contains(&expected), "{sentence}");
    }
}

#[test]
fn another_solver_chosen_after_a_run_keeps_the_runs_status_figures_and_plot() {
    let mut page = open(&link::write(&inkala(), kind("ising")));
    page.apply(Action::Speed(Speed::Fastest));
    solve(&mut page, 2);
    run_frames(&mut page, 20_000);
    let said = page.status.message.clone();
    assert!(said.starts_with("Solved in "), "{said}");
    let figures = page.figures();
    assert!(!figures.is_empty());
    page.apply(Action::Choose(kind("exact")));
    // What the run did stays true of it: no "Puzzle typed in: 81 digits" in its place.
    assert_eq!(
        (page.status.phase, &page.status.message),
        (Phase::Solved, &said)
    );
    assert_eq!(page.figures(), figures);
    assert!(page.solving.plotted().is_some_and(|(_, past)| !past));
    // The solved run's digits are the board's entries now: they stay, drawn as the solver's.
    assert_eq!(page.board.sheet.entries.filled(), 81);
    assert!(page.cells().iter().any(|c| c.source == Source::Solver));
}

#[test]
fn a_run_lists_its_figures_only_once_it_has_ticked() {
    let puzzle = inkala();
    let mut page = open(&link::write(&puzzle, kind("exact")));
    page.apply(Action::Speed(Speed::Steady(1)));
    solve(&mut page, 1);
    let Some(from @ TaskId::Run(_)) = page.frame_loop() else {
        panic!("a run begins")
    };
    // A worker answers a run's start with the frame it begins from, before any tick.
    let job = Job {
        solver: "exact".into(),
        puzzle: puzzle.clone(),
        seed: 1,
        max_restarts: None,
        watched: false,
    };
    let Report::Snapshot(start) = Host::default().handle(Order::Start(job), &mut clock) else {
        panic!("a snapshot")
    };
    assert_eq!(start.frame.ticks, 0);
    page.apply(Action::Heard {
        from,
        answer: Report::Snapshot(start),
    });
    assert_eq!(page.status.phase, Phase::Running);
    assert_eq!(page.figures(), Vec::new(), "no figures of zeros");
    frame(&mut page);
    frame(&mut page);
    let figures = page.figures();
    let nodes = figures.iter().find(|(n, _)| n == "Nodes");
    assert!(nodes.is_some_and(|(_, v)| v != "0"), "{figures:?}");
}

#[test]
fn a_refusal_hint_goes_with_the_next_accepted_key_typed_or_from_the_pad() {
    let mut page = open("");
    let typed = |cell, text: &str| {
        Action::Edit(Edit::Typed {
            cell,
            text: text.into(),
        })
    };
    page.apply(typed(0, "x"));
    assert!(
        page.hint().contains("'x' is not a digit"),
        "{}",
        page.hint()
    );
    page.apply(typed(5, "7"));
    assert_eq!(page.hint(), "");
    page.apply(typed(0, "x"));
    page.apply(Action::Select(2));
    page.apply(Action::Pad(Some(3)));
    assert_eq!(
        (page.board.sheet.entries.get(2), page.hint()),
        (Some(3), "")
    );
}

#[test]
fn check_on_typed_digits_that_clash_warns_and_makes_no_givens_of_them() {
    let mut page = open("");
    for cell in [0, 1] {
        page.apply(Action::Edit(Edit::Typed {
            cell,
            text: "5".into(),
        }));
    }
    page.apply(Action::Check);
    assert_eq!(page.status.phase, Phase::Invalid, "{}", page.status.message);
    assert!(
        page.status.message.contains("repeat"),
        "{}",
        page.status.message
    );
    assert_eq!(page.status.flagged, vec![0, 1]);
    assert!(
        page.board.sheet.typed(),
        "no givens made of clashing digits"
    );
    page.apply(Action::Hint);
    assert!(page.board.sheet.typed(), "nor by Hint");
    page.apply(Action::Edit(Edit::Typed {
        cell: 1,
        text: "6".into(),
    }));
    page.apply(Action::Check);
    assert_eq!(
        page.board.sheet.givens.filled(),
        2,
        "{}",
        page.status.message
    );
}
