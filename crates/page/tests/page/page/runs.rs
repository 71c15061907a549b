//! Runs and the worker: refusals before a run, New puzzle, board sizes, reports that come late
//! or from a broken worker, and the referee.

use super::*;

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
fn a_dead_end_of_the_persons_own_entries_is_called_theirs_not_the_puzzles() {
    let (puzzle, solution) = &famous()[0];
    let mut page = open(&link::write(puzzle, kind("ising")));
    // A digit no given rules out, but not the solution's: the entries lead nowhere.
    let geometry = Geometry::of(puzzle.shape());
    let (cell, wrong) = (0..81)
        .filter(|&c| puzzle.get(c).is_none())
        .find_map(|c| {
            let right = solution.get(c)?;
            let wrong = (check::candidates(&geometry, puzzle, c).iter())
                .map(|d| d.get())
                .find(|&d| d != right)?;
            Some((c, wrong))
        })
        .expect("a blank cell with a wrong candidate");
    page.apply(Action::Select(cell));
    page.apply(Action::Pad(Some(wrong)));
    solve(&mut page, 1);
    assert_eq!(page.status.phase, Phase::Invalid);
    assert!(
        page.status.message.starts_with("With your entries"),
        "{}",
        page.status.message
    );
    assert_eq!(page.board.sheet.entries.get(cell), Some(wrong), "kept");
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
        killer: false,
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
fn new_puzzle_makes_a_killer_when_the_settings_ask_for_one() {
    let mut page = open("?s=ising");
    let wanted = Wanted {
        killer: true,
        symmetric: true,
        ..Wanted::default()
    };
    let request = wanted.request(Shape::CLASSIC);
    assert!(
        request.killer && !request.symmetric,
        "a killer has no givens to mirror"
    );
    page.apply(Action::Generate { request, seed: 3 });
    assert_eq!(page.status.message, "Making a new medium 9×9 killer…");
    run_frames(&mut page, 10_000);
    assert_eq!(page.status.phase, Phase::Idle, "{}", page.status.message);
    let puzzle = page.board.sheet.puzzle().clone();
    assert!(puzzle.is_killer() && puzzle.filled() == 0, "{puzzle}");
    let said = &page.status.message;
    assert!(said.starts_with("New medium killer: "), "{said}");
    assert!(
        said.contains(" cages, no given, exactly one solution."),
        "{said}"
    );
    assert_eq!(exact::count(&puzzle, 2).map(|c| c.solutions), Ok(1));
    assert!(page.address.query.contains("k="), "{}", page.address.query);
    // Past 9×9 New puzzle makes a plain puzzle, symmetric as asked.
    let wide = wanted.request(Shape::new(4, 4).expect("16x16"));
    assert!(!wide.killer && wide.symmetric);
}

#[test]
fn stop_while_making_a_puzzle_keeps_the_entries() {
    let mut page = open(&link::write(&inkala(), kind("ising")));
    let request = Request {
        shape: Shape::new(5, 5).expect("25x25"),
        difficulty: None,
        symmetric: false,
        killer: false,
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
}

#[test]
fn a_25x25_board_takes_letters_and_a_pasted_4x4_puzzle_opens_a_4x4_board() {
    let mut page = open("?s=bp");
    page.apply(Action::Resize(Shape::new(5, 5).expect("25x25")));
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
        killer: false,
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
        answer: Report::Failed(Failure::Lost("old".to_string())),
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
fn a_puzzle_of_several_solutions_says_so_at_the_end_of_its_run_not_during_it() {
    let several =
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
    let mut page = open(&format!("?p={several}"));
    assert!(
        page.status.message.contains("more than one solution"),
        "{}",
        page.status.message
    );
    solve(&mut page, 1);
    frame(&mut page);
    assert_eq!(page.status.phase, Phase::Running, "{}", page.status.message);
    assert!(
        !page.status.message.contains("more than one"),
        "a running solver's line says what it does: {}",
        page.status.message
    );
    page.apply(Action::Speed(Speed::Fastest));
    run_frames(&mut page, 100_000);
    assert_eq!(page.status.phase, Phase::Solved, "{}", page.status.message);
    assert!(
        page.status.message.contains("this is one of them"),
        "{}",
        page.status.message
    );
}

#[test]
fn a_rule_the_solver_cannot_take_says_which_solver_gave_way() {
    use sudoku_engine::board::Rules;
    use sudoku_engine::registry::SolverKind;
    let knights = Shape::CLASSIC
        .with_rules(Rules::ANTI_KNIGHT)
        .expect("anti-knight 9×9");
    let chosen = SolverKind::all()
        .find(|k| !(k.supports)(knights))
        .expect("a solver that takes no anti-knight rule");
    let mut page = open(&format!("?p={}", inkala().to_line()));
    page.apply(Action::Choose(chosen));
    page.apply(Action::Rules(Rules::ANTI_KNIGHT));
    assert_eq!(page.solving.kind, SolverKind::default());
    let said = &page.status.message;
    let gave_way = format!(
        "“{}” does not take this board: Solve now uses",
        chosen.title
    );
    assert!(said.starts_with(&gave_way), "{said}");
}
