//! Pictures read into puzzles, the spins a cell draws, Watch's schedule, and runs the givens'
//! forced moves solve.

use super::*;

/// A reading of `puzzle` with `unsure` cells, `corrected` among them.
fn reading(puzzle: Grid, unsure: Vec<usize>, corrected: Vec<usize>) -> Reading {
    let corner = |x, y| Point { x, y };
    Reading {
        confidence: vec![0.9; puzzle.shape().cells()],
        puzzle,
        unsure,
        corrected,
        outline: Quad([
            corner(10.0, 10.0),
            corner(300.0, 12.0),
            corner(298.0, 300.0),
            corner(8.0, 302.0),
        ]),
    }
}

#[test]
fn a_read_picture_lands_as_a_typed_puzzle_in_a_new_entry_with_its_unsure_cells_marked() {
    let mut page = open("");
    page.apply(Action::Edit(Edit::Typed {
        cell: 0,
        text: "5".into(),
    }));
    let before = page.board.sheet.entries.clone();
    let puzzle = inkala();
    page.apply(Action::Scanned(Ok(reading(
        puzzle.clone(),
        vec![0, 9, 40],
        vec![9],
    ))));
    assert_eq!(page.board.sheet.entries, puzzle);
    assert!(page.address.push, "a reading is a new history entry");
    let unsure: Vec<usize> = (page.cells().iter().enumerate())
        .filter(|(_, c)| c.unsure)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(unsure, [0, 9, 40]);
    assert!(
        page.status.message.starts_with(concat!(
            "Read from the picture: check the 3 marked cells, and type over any digit read ",
            "wrong. 1 of them looked more like another digit, which would have left the ",
            "puzzle without a single solution."
        )),
        "{}",
        page.status.message
    );
    // The referee's verdict follows, as for any loaded puzzle.
    WORKER.with(|worker| worker.borrow_mut().settle(&mut page));
    assert!(
        page.status.message.ends_with("Press Solve."),
        "{}",
        page.status.message
    );
    // A digit read can be typed over, as one typed in can: the reader misreads now and then.
    assert!(
        page.board.sheet.typed(),
        "the digits read are no givens yet"
    );
    page.apply(Action::Edit(Edit::Typed {
        cell: 0,
        text: "9".into(),
    }));
    assert_eq!(page.board.sheet.entries.get(0), Some(9));
    assert!(page.board.refused().is_empty(), "{}", page.board.refused());
    assert!(
        page.address.query.starts_with("?p=9."),
        "{}",
        page.address.query
    );
    // Editing a marked cell clears its mark only; a change of the board clears them all.
    assert_eq!(page.findings.unsure, [9, 40]);
    page.apply(Action::Undo);
    assert_eq!(
        page.board.sheet.entries, puzzle,
        "Undo brings the digit read back"
    );
    assert!(page.findings.unsure.is_empty(), "Undo changes the board");
    page.apply(Action::Undo);
    assert_eq!(
        page.board.sheet.entries, before,
        "Undo returns to the puzzle before the picture"
    );
}

#[test]
fn the_same_puzzle_read_again_keeps_the_corrections_and_another_replaces_them() {
    let mut page = open("");
    // The newspaper puzzle with a 2 misread where it prints a 4.
    let misread =
        "532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let misread = Grid::parse(misread).expect("valid");
    page.apply(Action::Scanned(Ok(reading(
        misread.clone(),
        vec![2],
        vec![],
    ))));
    WORKER.with(|worker| worker.borrow_mut().settle(&mut page));
    page.apply(Action::Edit(Edit::Typed {
        cell: 2,
        text: "4".into(),
    }));
    let corrected = page.board.sheet.entries.clone();
    assert!(!page.findings.kept);
    // Back at the paper: the camera reads it again, misread digit and all, and one more noise.
    let mut again = misread.clone();
    again.set(80, Some(8));
    page.apply(Action::Scanned(Ok(reading(again, vec![2], vec![]))));
    assert_eq!(page.board.sheet.entries, corrected, "the correction stays");
    assert!(page.findings.kept);
    assert!(
        page.status
            .message
            .starts_with("Read the same puzzle again: your corrections are kept."),
        "{}",
        page.status.message
    );
    WORKER.with(|worker| worker.borrow_mut().settle(&mut page));
    assert_eq!(
        page.findings.refusal, None,
        "the corrected puzzle has a solution"
    );
    // Undo of the correction keeps the sheet read, with nothing to keep: the board stays as it
    // is. Undo past the reading leaves no reading on the board.
    page.apply(Action::Undo);
    let query = page.address.query.clone();
    page.apply(Action::Scanned(Ok(reading(
        misread.clone(),
        vec![],
        vec![],
    ))));
    assert!(!page.findings.kept, "no correction to keep");
    assert_eq!(page.address.query, query, "no new history entry");
    page.apply(Action::Undo);
    page.apply(Action::Scanned(Ok(reading(
        misread.clone(),
        vec![],
        vec![],
    ))));
    assert!(page.address.push, "the reading is a new history entry");
    assert_eq!(page.board.sheet.entries, misread);
    // Another puzzle replaces the board.
    page.apply(Action::Scanned(Ok(reading(inkala(), vec![], vec![]))));
    assert!(!page.findings.kept);
    assert_eq!(page.board.sheet.entries, inkala());
}

#[test]
fn a_reading_with_no_solution_is_refused_in_words_the_scan_view_shows_until_an_edit() {
    let mut page = open("");
    // The newspaper puzzle with a 2 where its solution has a 4: no repeat, no solution.
    let misread =
        "532.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let puzzle = Grid::parse(misread).expect("valid");
    page.apply(Action::Scanned(Ok(reading(puzzle, vec![], vec![]))));
    assert!(page.describing(), "the referee has yet to look");
    WORKER.with(|worker| worker.borrow_mut().settle(&mut page));
    assert!(!page.describing());
    let refusal = page.findings.refusal.clone().expect("refused");
    assert!(
        refusal.starts_with("This puzzle has no solution"),
        "{refusal}"
    );
    assert!(
        page.status.message.ends_with(&refusal),
        "{}",
        page.status.message
    );
    page.apply(Action::Edit(Edit::Typed {
        cell: 2,
        text: "4".into(),
    }));
    assert_eq!(page.findings.refusal, None, "an edit may have mended it");
}

#[test]
fn a_16x16_reading_lands_on_a_16x16_board() {
    let mut page = open("");
    let puzzle = Grid::parse_any(concat!(
        "5..46.F.BDE.1....6...B....5A8.E.2........F...5.BBE..2.....9.7......2G.E..A.C...38.1E...69....C......CD....8..15.AG5.7.B..1.E9D8.",
        "...1..G.4...3.7.C9.8F.D2.......6.4G..9....A6......2.4..C..B..9....3...9.....D..8...A51.467....G2..D..G...8F...A57..F..6..5.1.49.",
    ))
    .expect("a 16x16 puzzle");
    page.apply(Action::Scanned(Ok(reading(
        puzzle.clone(),
        vec![255],
        vec![],
    ))));
    assert_eq!(page.board.sheet.entries, puzzle);
    assert_eq!(page.cells().len(), 256);
    assert!(page.cells()[255].unsure);
}

#[test]
fn a_picture_read_with_no_doubt_says_so_and_marks_nothing() {
    let mut page = open("");
    page.apply(Action::Scanned(Ok(reading(inkala(), vec![], vec![]))));
    assert!(page.findings.unsure.is_empty());
    assert!(
        page.status.message.starts_with(
            "Read from the picture: type over any digit read wrong. Puzzle loaded: 21 givens."
        ),
        "{}",
        page.status.message
    );
    let mut page = open("");
    page.apply(Action::Scanned(Ok(reading(inkala(), vec![3], vec![]))));
    assert!(
        page.status
            .message
            .starts_with("Read from the picture: check the 1 marked cell, and type over")
    );
}

#[test]
fn a_picture_without_a_puzzle_keeps_the_entries_and_says_why() {
    let puzzle = inkala();
    let cases = [
        (
            ScanError::Reader(ReadError::NoGrid),
            "No grid found: hold the puzzle flat",
        ),
        (
            ScanError::Reader(ReadError::OtherSize { side: 6 }),
            "That grid has 6 cells a side; the reader reads 9×9 and 16×16 grids.",
        ),
        (
            ScanError::Reader(ReadError::RunsOff),
            "The grid runs off the photo's edge: fit all of it in.",
        ),
        (
            ScanError::Reader(ReadError::NotAPicture),
            "That is not a picture",
        ),
        (
            ScanError::Reader(ReadError::Illegible),
            "The grid is too small or unclear to read",
        ),
        (ScanError::CameraRefused, "The camera was not allowed"),
        (
            ScanError::NoCamera,
            "No camera was found; open a photo instead.",
        ),
        (ScanError::NotAnImage, "That file is not an image"),
        (
            ScanError::Broke(Failure::Lost("it crashed".into())),
            "The picture could not be read: its worker failed (it crashed).",
        ),
        (
            ScanError::NoPicture("no 2d canvas".into()),
            "The picture could not be read: no 2d canvas.",
        ),
    ];
    for (why, words) in cases {
        let mut page = open(&link::write(&puzzle, kind("ising")));
        let query = page.address.query.clone();
        page.apply(Action::Scanned(Err(why)));
        assert_eq!(page.board.sheet.entries, puzzle);
        assert_eq!(page.address.query, query, "no new history entry");
        assert!(
            page.status.message.starts_with(words),
            "{}",
            page.status.message
        );
        assert!(
            page.status.message.ends_with("Your entries are kept."),
            "{}",
            page.status.message
        );
    }
}

#[test]
fn a_reading_that_arrives_while_a_solver_runs_changes_nothing() {
    let mut page = open(&link::write(&inkala(), kind("ising")));
    solve(&mut page, 1);
    assert!(page.running());
    page.apply(Action::Scanned(Ok(reading(
        famous()[1].0.clone(),
        vec![1],
        vec![],
    ))));
    assert_eq!(page.board.sheet.entries, inkala());
    assert!(page.findings.unsure.is_empty());
}

#[test]
fn a_reader_workers_reading_or_failure_is_an_action_and_an_outline_is_not() {
    let read = reading(inkala(), vec![2], vec![]);
    assert_eq!(
        Action::scanned(Report::Read(Ok(read.clone()))),
        Some(Action::Scanned(Ok(read)))
    );
    assert_eq!(
        Action::scanned(Report::Read(Err(ReadError::NoGrid))),
        Some(Action::Scanned(Err(ScanError::Reader(ReadError::NoGrid))))
    );
    assert_eq!(
        Action::scanned(Report::Failed(Failure::Lost("it crashed".into()))),
        Some(Action::Scanned(Err(ScanError::Broke(Failure::Lost(
            "it crashed".into()
        )))))
    );
    assert_eq!(Action::scanned(Report::Outline(None)), None);
}

#[test]
fn a_spin_dot_says_up_clamped_and_shade_and_is_absent_where_the_cell_cannot_take_the_digit() {
    use sudoku_engine::step::pack_levels;
    use sudoku_page::page::{Dot, Spins};
    let spins = Spins {
        up: 0b0011,
        shown: 0b1011,
        free: 0b1001,
        levels: None,
    };
    let dots: Vec<Option<Dot>> = (0..5).map(|d| spins.dot(d)).collect();
    let dot = |up, clamped| {
        Some(Dot {
            up,
            clamped,
            shade: None,
        })
    };
    assert_eq!(
        dots,
        [
            dot(true, false),
            dot(true, true),
            None,
            dot(false, false),
            None
        ]
    );
    assert_eq!(spins.dot(40), None, "past the bits of a cell");
    let graded = Spins {
        levels: Some(pack_levels([9, 4, 0, 2].into_iter())),
        ..spins
    };
    assert_eq!(graded.dot(0).and_then(|d| d.shade), Some(9));
    assert_eq!(graded.dot(3).and_then(|d| d.shade), Some(2));
}

#[test]
fn watch_asks_for_a_watched_run_whose_temperature_falls_from_hot_and_fastest_does_not() {
    let newspaper =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let puzzle = Grid::parse(newspaper).expect("valid");
    let mut page = open(&link::write(&puzzle, kind("ising")));
    assert_eq!(page.solving.speed, Speed::Watch);
    solve(&mut page, 2);
    assert!(page.work().is_some_and(|w| w.job.watched));
    let mut shown: Vec<String> = Vec::new();
    for _ in 0..20_000 {
        if !page.running() {
            break;
        }
        frame(&mut page);
        let figures = page.figures();
        let temperature = figures.into_iter().find(|(n, _)| n == "Temperature");
        shown.extend(temperature.map(|(_, t)| t));
    }
    assert_eq!(page.status.phase, Phase::Solved, "{}", page.status.message);
    shown.dedup();
    assert!(shown.len() >= 20, "{shown:?}");
    page.apply(Action::Speed(Speed::Fastest));
    solve(&mut page, 2);
    assert!(page.work().is_some_and(|w| !w.job.watched));
}

#[test]
fn a_puzzle_that_propagation_alone_solves_says_so_and_lists_no_zero() {
    let newspaper =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let puzzle = Grid::parse(newspaper).expect("valid");
    let mut page = open(&link::write(&puzzle, kind("exact")));
    solve(&mut page, 1);
    run_frames(&mut page, 100);
    assert_eq!(page.status.phase, Phase::Solved);
    assert!(
        page.status
            .message
            .starts_with("Forced moves solved it in "),
        "{}",
        page.status.message
    );
    assert!(
        page.status.message.contains("no guess was needed"),
        "{}",
        page.status.message
    );
    let figures = page.figures();
    assert!(
        figures.contains(&("Forced cells".to_string(), "51".to_string())),
        "{figures:?}"
    );
    assert!(
        figures
            .iter()
            .all(|(_, v)| v != "0" && !v.starts_with("0 "))
    );
}
