//! The page's reducer, natively: every transition the screen goes through, with a fake clock.

use crate::common;

use common::{PlayedWorker, famous, kind};
use std::cell::{Cell, RefCell};
use sudoku_engine::board::{Geometry, Grid, Shape};
use sudoku_engine::check;
use sudoku_engine::exact;
use sudoku_engine::generate::Request;
use sudoku_engine::grade::{self, Difficulty};
use sudoku_engine::read::{Point, Quad, ReadError, Reading};
use sudoku_engine::worker::{Failure, Host, Job, Order, Report};
use sudoku_page::link::{self, Link};
use sudoku_page::page::{Action, Edit, Layer, Page, Phase, ScanError, Source, Speed};
use sudoku_page::run::TaskId;

thread_local! {
    static NOW: Cell<f64> = const { Cell::new(0.0) };
    /// The page's worker, played in the test's own thread.
    static WORKER: RefCell<PlayedWorker> = RefCell::new(PlayedWorker::new(clock));
}

/// A clock that advances one millisecond per reading.
fn clock() -> f64 {
    NOW.with(|now| {
        now.set(now.get() + 1.0);
        now.get()
    })
}

/// The page as a link opens it, once the referee has looked at its puzzle, with a worker of
/// its own.
fn open(query: &str) -> Page {
    let mut page = Page::open(&link::read(query), clock);
    WORKER.with(|worker| {
        let mut worker = worker.borrow_mut();
        *worker = PlayedWorker::new(clock);
        worker.settle(&mut page);
    });
    page
}

/// Solve pressed, and the referee's verdict taken.
fn solve(page: &mut Page, seed: u64) {
    page.apply(Action::Solve { seed });
    WORKER.with(|worker| worker.borrow_mut().settle(page));
}

fn inkala() -> Grid {
    famous()[0].0.clone()
}

/// One animation frame, as the app has it.
fn frame(page: &mut Page) {
    WORKER.with(|worker| worker.borrow_mut().frame(page));
}

/// Frames until nothing runs any more (at most `limit`).
fn run_frames(page: &mut Page, limit: usize) {
    for _ in 0..limit {
        if !page.running() {
            return;
        }
        frame(page);
    }
}

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
        "Time per tick",
        "Time",
        "Seed",
    ] {
        assert!(
            names.iter().any(|n| n == name),
            "{name} missing from {names:?}"
        );
    }
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
fn a_puzzle_without_a_solution_is_refused_before_any_run_naming_the_cell() {
    // Row 1 holds 1-8 and row 2 a 9 in the first box's last column: r1c9 has no digit left.
    let stuck = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let mut page = open(&format!("?p={stuck}"));
    assert_eq!(page.status.phase, Phase::Invalid);
    solve(&mut page, 1);
    assert_eq!(page.status.phase, Phase::Invalid);
    assert!(page.solving.run.is_none());
    assert_eq!(page.status.flagged, vec![8]);
    assert!(page.cells()[8].flagged);
}

#[test]
fn the_exact_search_has_no_spins_and_counts_backtracks() {
    let mut page = open(&link::write(&inkala(), kind("exact")));
    page.apply(Action::Show(Layer::Spins));
    page.apply(Action::Speed(Speed::Steady(20)));
    solve(&mut page, 1);
    run_frames(&mut page, 100_000);
    assert_eq!(page.status.phase, Phase::Solved);
    assert!(
        page.status.message.contains("backtrack"),
        "{}",
        page.status.message
    );
    assert!(page.cells().iter().all(|c| c.spins.is_none()));
    let (series, _) = page.trace().expect("a run");
    assert_eq!(
        [&*series[0].name, &*series[1].name],
        ["Open cells", "Backtracks"]
    );
}

#[test]
fn a_run_that_stops_short_is_described_in_the_solvers_words_and_keeps_the_entries() {
    let easy = "....79.3.5.2.61478376.859.2.175..8..2.983........2..4.....5.2.1.23....541..7.....";
    let puzzle = Grid::parse(easy).expect("valid");
    let mut page = open(&link::write(&puzzle, kind("hopfield-faithful")));
    solve(&mut page, 1);
    run_frames(&mut page, 1_000);
    assert_eq!(page.status.phase, Phase::Failed, "{}", page.status.message);
    assert!(
        page.status.message.contains("settled with 308 of 324"),
        "{}",
        page.status.message
    );
    assert_eq!(page.board.sheet.entries, puzzle);
    let figures = page.figures();
    let actual = figures.iter().find(|(n, _)| n == "Actual");
    assert_eq!(actual.map(|(_, v)| v.as_str()), Some("308"));
    // The network's neurons stay on screen: four cells read out no digit.
    let empty = page.cells().iter().filter(|c| c.digit.is_none()).count();
    assert_eq!(empty, 4);
}

#[test]
fn new_puzzle_is_made_over_frames_and_lands_in_the_address() {
    let mut page = open("?s=exact");
    let request = Request {
        shape: Shape::CLASSIC,
        difficulty: Some(Difficulty::Hard),
        symmetric: true,
    };
    page.apply(Action::Generate { request, seed: 8 });
    assert_eq!(page.status.phase, Phase::Generating);
    assert!(page.running(), "the board is locked while a puzzle is made");
    assert!(matches!(page.frame_loop(), Some(TaskId::Make(_))));
    page.apply(Action::Select(0));
    page.apply(Action::Pad(Some(5)));
    assert_eq!(
        page.board.sheet.entries.filled(),
        0,
        "no edits while a puzzle is made"
    );
    solve(&mut page, 1);
    assert_eq!(
        page.status.phase,
        Phase::Generating,
        "Solve waits for the puzzle"
    );
    run_frames(&mut page, 10_000);
    assert_eq!(page.status.phase, Phase::Idle, "{}", page.status.message);
    assert_eq!(
        page.frame_loop(),
        None,
        "the loop ends with the puzzle made"
    );
    assert!(
        page.status.message.starts_with("New hard puzzle"),
        "{}",
        page.status.message
    );
    let geometry = Geometry::of(page.board.sheet.entries.shape());
    assert_eq!(
        grade::grade(&geometry, &page.board.sheet.entries),
        Some(Difficulty::Hard)
    );
    assert_eq!(
        exact::count(&page.board.sheet.entries, 2).map(|c| c.solutions),
        Ok(1)
    );
    assert_eq!(
        page.address.query,
        format!("?p={}&s=exact", page.board.sheet.entries.to_line())
    );
    assert!(page.address.push, "a new puzzle is a new history entry");
    solve(&mut page, 1);
    run_frames(&mut page, 10_000);
    assert_eq!(page.status.phase, Phase::Solved, "{}", page.status.message);
}

#[test]
fn stop_while_making_a_puzzle_keeps_the_entries() {
    let mut page = open(&link::write(&inkala(), kind("ising")));
    let request = Request {
        shape: Shape::new(5, 5).expect("25x25"),
        difficulty: None,
        symmetric: false,
    };
    page.apply(Action::Generate { request, seed: 1 });
    frame(&mut page);
    page.apply(Action::Stop);
    assert_eq!(page.status.phase, Phase::Stopped);
    assert_eq!(page.board.sheet.entries, inkala());
    frame(&mut page);
    assert_eq!(
        page.board.sheet.entries,
        inkala(),
        "a stopped generator makes nothing"
    );
}

#[test]
fn a_new_size_empties_the_board_fits_the_solver_and_travels_in_the_link() {
    let mut page = open("?s=bp");
    let big = Shape::new(5, 5).expect("25x25");
    page.apply(Action::Resize(big));
    assert_eq!(
        (
            page.board.sheet.entries.shape(),
            page.board.sheet.entries.filled()
        ),
        (big, 0)
    );
    assert!(!(kind("bp").supports)(big));
    assert_eq!(
        page.solving.kind,
        kind("ising"),
        "belief propagation stops at 16 digits"
    );
    assert_eq!(page.address.query, "?size=25&s=ising");
    assert!(
        page.status.message.contains("625 characters"),
        "{}",
        page.status.message
    );
    page.apply(Action::Select(624));
    page.apply(Action::Pad(Some(25)));
    assert_eq!(page.board.sheet.entries.get(624), Some(25));
    page.apply(Action::Edit(Edit::Typed {
        cell: 0,
        text: "p".to_string(),
    }));
    assert_eq!(
        page.board.sheet.entries.get(0),
        Some(25),
        "letters stand for digits above 9"
    );
    page.apply(Action::Edit(Edit::Typed {
        cell: 1,
        text: "q".to_string(),
    }));
    assert!(page.hint().contains("1-9 and A-P"), "{}", page.hint());
    assert_eq!(page.board.sheet.entries.get(1), None);
    // A 4×4 puzzle pasted into the 25×25 board opens a 4×4 board.
    page.apply(Action::Edit(Edit::Pasted {
        cell: 3,
        text: "3... .1.2 .... ..1.".to_string(),
    }));
    assert_eq!(
        page.board.sheet.entries.shape(),
        Shape::new(2, 2).expect("4x4")
    );
    assert_eq!(
        (page.board.sheet.entries.filled(), page.address.push),
        (4, true)
    );
    assert!(
        page.address.query.starts_with("?size=4&p=3"),
        "{}",
        page.address.query
    );
    // Back to where the link was: 9×9 again.
    page.apply(Action::Open(link::read("?s=bp")));
    assert_eq!(
        page.board.sheet.entries.shape(),
        Shape::new(2, 2).expect("4x4")
    );
    page.apply(Action::Open(link::read("?size=9&s=bp")));
    assert_eq!(
        (page.board.sheet.entries.shape(), page.solving.kind),
        (Shape::CLASSIC, kind("bp"))
    );
}

#[test]
fn a_16x16_puzzle_solves_on_the_page_with_every_solver_that_takes_it() {
    let request = Request {
        shape: Shape::new(4, 4).expect("16x16"),
        difficulty: Some(Difficulty::Easy),
        symmetric: false,
    };
    let made = (sudoku_engine::generate::Generator::new(request, 4).run()).expect("a grid");
    for name in ["exact", "bp"] {
        let mut page = open(&link::write(&made.puzzle, kind(name)));
        assert_eq!(page.board.sheet.entries, made.puzzle);
        page.apply(Action::Speed(Speed::Fastest));
        solve(&mut page, 3);
        run_frames(&mut page, 200_000);
        assert_eq!(
            page.status.phase,
            Phase::Solved,
            "{name}: {}",
            page.status.message
        );
        let digits: Vec<u8> = page.cells().iter().map(|c| c.digit.unwrap_or(0)).collect();
        let grid = Grid::from_digits(request.shape, digits).expect("fits");
        assert_eq!(grid, made.solution, "{name}");
    }
}

#[test]
fn a_report_after_stop_or_from_an_older_run_changes_nothing_and_a_broken_worker_fails_the_run() {
    let puzzle = inkala();
    let mut page = open(&link::write(&puzzle, kind("ising-faithful")));
    solve(&mut page, 1);
    let first = page.work().map(|w| (w.run, w.job.clone())).expect("a run");
    frame(&mut page);
    // A report computed for the run, arriving after Stop, is dropped.
    let mut host = Host::default();
    host.handle(Order::Start(first.1.clone()), &mut clock);
    let late = host.handle(
        Order::Advance {
            pace: sudoku_engine::worker::Pace::Tick,
            moves_per_tick: 1_000,
        },
        &mut clock,
    );
    page.apply(Action::Stop);
    let figures = page.figures();
    if let Report::Snapshot(snapshot) = late {
        page.apply(Action::Heard {
            from: TaskId::Run(first.0),
            answer: Report::Snapshot(snapshot),
        });
    }
    assert_eq!(page.status.phase, Phase::Stopped);
    assert_eq!(page.figures(), figures);
    // A new run; a report of the old one and a failure of the old one's worker are ignored.
    solve(&mut page, 2);
    let second = page.work().map(|w| w.run).expect("a run");
    assert_ne!(second, first.0);
    page.apply(Action::Heard {
        from: TaskId::Run(first.0),
        answer: Report::Failed(Failure::Unreachable("old".to_string())),
    });
    assert_eq!(page.status.phase, Phase::Running);
    page.apply(Action::Heard {
        from: TaskId::Run(second),
        answer: Report::Failed(Failure::Crashed("boom".to_string())),
    });
    assert_eq!(page.status.phase, Phase::Failed);
    assert!(
        page.status.message.contains("boom") && page.status.message.contains("entries are kept")
    );
    assert_eq!(page.board.sheet.entries, puzzle);
    assert!(
        page.work().is_none(),
        "nothing more is asked of a failed run"
    );
}

#[test]
fn solve_waits_for_the_referee_in_the_worker_and_stop_or_a_broken_worker_keeps_the_entries() {
    let puzzle = inkala();
    let mut page = open(&link::write(&puzzle, kind("exact")));
    page.apply(Action::Solve { seed: 1 });
    assert_eq!(page.status.phase, Phase::Checking);
    assert!(
        page.running(),
        "the board is locked while the referee looks"
    );
    assert!(page.work().is_none(), "no run before the verdict");
    let Some(TaskId::Judge(look)) = page.frame_loop() else {
        panic!("the referee's look is the worker's task");
    };
    page.apply(Action::Stop);
    assert_eq!(page.status.phase, Phase::Stopped);
    assert_eq!(page.frame_loop(), None);
    // The verdict arriving after Stop starts nothing.
    let proceed = Report::Judged(sudoku_engine::referee::Verdict::Proceed(Default::default()));
    page.apply(Action::Heard {
        from: TaskId::Judge(look),
        answer: proceed,
    });
    assert_eq!(page.status.phase, Phase::Stopped);
    assert!(page.work().is_none());
    // A worker that breaks while it judges: the run does not start, the entries stay.
    page.apply(Action::Solve { seed: 2 });
    let Some(from) = page.frame_loop() else {
        panic!("a new look");
    };
    assert_ne!(from, TaskId::Judge(look));
    let answer = Report::Failed(Failure::Crashed("boom".to_string()));
    page.apply(Action::Heard { from, answer });
    assert_eq!(page.status.phase, Phase::Failed);
    assert!(
        page.status.message.contains("boom"),
        "{}",
        page.status.message
    );
    assert_eq!(page.board.sheet.entries, puzzle);
    // Once the worker answers, Solve goes on to the run.
    solve(&mut page, 3);
    assert_eq!(page.status.phase, Phase::Running);
    assert!(matches!(page.frame_loop(), Some(TaskId::Run(_))));
}

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
    // A hot faithful annealer on Inkala's puzzle: the cells it shows clashing are marked.
    let mut page = open(&link::write(&inkala(), kind("ising-faithful")));
    page.apply(Action::Speed(Speed::Steady(50_000)));
    solve(&mut page, 1);
    frame(&mut page);
    frame(&mut page);
    let cells = page.cells();
    let geometry = Geometry::of(page.board.sheet.entries.shape());
    for (i, c) in cells.iter().enumerate() {
        let clash = c.digit.is_some_and(|d| {
            geometry
                .peers(i)
                .iter()
                .any(|&p| cells[usize::from(p)].digit == Some(d))
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
fn another_solver_chosen_after_a_run_takes_the_runs_status_and_figures_away() {
    let mut page = open(&link::write(&inkala(), kind("ising")));
    page.apply(Action::Speed(Speed::Fastest));
    solve(&mut page, 2);
    run_frames(&mut page, 20_000);
    assert!(
        page.status.message.starts_with("Solved in "),
        "{}",
        page.status.message
    );
    assert!(!page.figures().is_empty());
    page.apply(Action::Choose(kind("exact")));
    assert_eq!(
        (page.status.phase, page.solving.run.is_none()),
        (Phase::Idle, true)
    );
    assert!(page.figures().is_empty());
    assert!(
        !page.status.message.contains("Solved"),
        "{}",
        page.status.message
    );
    assert!(page.cells().iter().all(|c| c.source != Source::Solver));
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
fn a_read_picture_lands_as_givens_in_a_new_entry_with_its_unsure_cells_marked() {
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
        page.status
            .message
            .starts_with("Read from the picture: check the 3 marked cells (the rules changed 1)."),
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
    // Editing a marked cell clears its mark only; a change of the board clears them all.
    page.apply(Action::Edit(Edit::Typed {
        cell: 9,
        text: "4".into(),
    }));
    assert_eq!(page.findings.unsure, [0, 40]);
    page.apply(Action::Undo);
    assert!(page.findings.unsure.is_empty(), "Undo changes the board");
    page.apply(Action::Undo);
    assert_eq!(
        page.board.sheet.entries, before,
        "Undo returns to the puzzle before the picture"
    );
}

#[test]
fn a_picture_read_with_no_doubt_says_so_and_marks_nothing() {
    let mut page = open("");
    page.apply(Action::Scanned(Ok(reading(inkala(), vec![], vec![]))));
    assert!(page.findings.unsure.is_empty());
    assert!(
        page.status
            .message
            .starts_with("Read from the picture. Puzzle loaded: 21 givens."),
        "{}",
        page.status.message
    );
    let mut page = open("");
    page.apply(Action::Scanned(Ok(reading(inkala(), vec![3], vec![]))));
    assert!(
        page.status
            .message
            .starts_with("Read from the picture: check the 1 marked cell.")
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
            ScanError::Reader(ReadError::OtherSize { side: 16 }),
            "That grid has 16 cells a side; the reader reads 9×9 grids.",
        ),
        (
            ScanError::Reader(ReadError::NotAPicture),
            "That is not a picture",
        ),
        (ScanError::CameraRefused, "The camera was not allowed"),
        (
            ScanError::NoCamera,
            "No camera was found; open a photo instead.",
        ),
        (ScanError::NotAnImage, "That file is not an image"),
        (
            ScanError::Broke(Failure::Unreachable("it crashed".into())),
            "The picture could not be read: it crashed.",
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
        Action::scanned(Report::Failed(Failure::Unreachable("it crashed".into()))),
        Some(Action::Scanned(Err(ScanError::Broke(
            Failure::Unreachable("it crashed".into())
        ))))
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
            .starts_with("The givens' forced moves solved it in "),
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
