//! What a solver worker does, natively: every order through bytes and back, as the worker and the
//! page exchange them.

use crate::common;

use common::{famous, kind, obeys_the_rules};
use sudoku_engine::board::{Digit, Grid, Rules, Shape};
use sudoku_engine::generate::{Generator, Request};
use sudoku_engine::hint::Hint;
use sudoku_engine::read::{Picture, Point, Quad, ReadError, Reading};
use sudoku_engine::referee::{self, Remark, Verdict};
use sudoku_engine::step::Figures;
use sudoku_engine::worker::{self, Failure, Host, Job, Order, Pace, Report, Snapshot};
use sudoku_engine::{RunConfig, RunState};

/// A clock that advances one millisecond per reading.
fn clock() -> impl FnMut() -> f64 {
    let mut now = 0.0;
    move || {
        now += 1.0;
        now
    }
}

/// Carries `order` to `host` as the worker gets it (bytes) and returns the report as the page
/// reads it (bytes again).
/// The reason of a refusal.
fn refused(report: Report) -> Failure {
    match report {
        Report::Failed(why) => why,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn send(host: &mut Host, order: Order, clock: &mut dyn FnMut() -> f64) -> Report {
    let order: Order = worker::decode(&worker::encode(&order)).expect("an order reads back");
    let report = host.handle(order, clock);
    worker::decode(&worker::encode(&report)).expect("a report reads back")
}

fn job(solver: &str, puzzle: &Grid, seed: u64) -> Job {
    Job {
        solver: solver.to_string(),
        puzzle: puzzle.clone(),
        seed,
        max_restarts: None,
        watched: false,
    }
}

fn snapshot(report: Report) -> Snapshot {
    match report {
        Report::Snapshot(s) => *s,
        other => panic!("expected a snapshot, got {other:?}"),
    }
}

#[test]
fn a_worker_run_is_the_same_run_as_in_process_tick_for_tick() {
    let (puzzle, _) = &famous()[0];
    for name in ["ising", "qubo", "hopfield", "bp", "exact"] {
        let mut host = Host::default();
        let mut clock = clock();
        let first = snapshot(send(
            &mut host,
            Order::Start(job(name, puzzle, 7)),
            &mut clock,
        ));
        let moves = kind(name).fastest();
        let config = RunConfig {
            moves_per_tick: moves,
            ..kind(name).run_config(7)
        };
        let mut local = kind(name).start(puzzle, config).expect("starts");
        assert_eq!(
            &first.frame,
            local.frame(),
            "{name}: the run before any tick"
        );
        assert!(first.samples.is_empty());
        for _ in 0..20 {
            let advance = Order::Advance {
                pace: Pace::Tick,
                moves_per_tick: moves,
            };
            let got = snapshot(send(&mut host, advance, &mut clock));
            let expected = local.tick();
            assert_eq!(&got.frame, expected, "{name}");
            assert_eq!(got.samples, vec![expected.sample], "one point per tick");
        }
    }
}

#[test]
fn a_watched_run_starts_slowly_and_speeds_up_to_its_speed() {
    let (puzzle, _) = &famous()[0];
    let mut host = Host::default();
    let mut clock = clock();
    send(&mut host, Order::Start(job("ising", puzzle, 5)), &mut clock);
    let watch = Order::Advance {
        pace: Pace::Watch,
        moves_per_tick: 50_000,
    };
    let mut moves = Vec::new();
    let mut before = 0;
    for _ in 0..700 {
        let got = snapshot(send(&mut host, watch.clone(), &mut clock));
        assert_eq!(got.samples.len(), 1, "one tick per order");
        if got.frame.state != RunState::Running {
            break;
        }
        moves.push(got.frame.moves - before);
        before = got.frame.moves;
    }
    assert_eq!(moves.first(), Some(&2), "a 25,000th of the speed at first");
    assert!(moves.iter().take(120).all(|&m| m == 2), "for two seconds");
    assert!(moves.windows(2).all(|w| w[0] <= w[1]), "{moves:?}");
    if moves.len() == 700 {
        assert_eq!(moves.last(), Some(&50_000), "the speed, once reached");
    }
}

/// A watched annealer's restart is seen cooling again: about two ticks a temperature step down
/// to the floor, not one tick from hot to the floor at the pace reached; then that pace again.
#[test]
fn a_watched_restart_cools_again_over_ticks_then_takes_back_its_pace() {
    // No solution, and none of the givens' forced moves shows it: every attempt fails.
    let puzzle = Grid::parse(
        "82.........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    )
    .expect("valid");
    let mut host = Host::default();
    let mut clock = clock();
    let watched = Job {
        max_restarts: Some(1),
        watched: true,
        ..job("ising", &puzzle, 5)
    };
    send(&mut host, Order::Start(watched), &mut clock);
    let watch = Order::Advance {
        pace: Pace::Watch,
        moves_per_tick: 50_000,
    };
    // Each tick: its temperature, its moves and whether the run had restarted by its end.
    let mut ticks: Vec<(f64, u64, bool)> = Vec::new();
    let mut before = 0;
    for _ in 0..5_000 {
        let got = snapshot(send(&mut host, watch.clone(), &mut clock));
        let Figures::Annealer(figures) = got.frame.figures else {
            panic!("an annealer's figures");
        };
        ticks.push((
            figures.temperature,
            got.frame.moves - before,
            got.frame.effort > 0,
        ));
        before = got.frame.moves;
        if got.frame.state != RunState::Running {
            break;
        }
    }
    let restart = ticks
        .iter()
        .position(|t| t.2)
        .expect("the first attempt fails")
        + 1;
    let (first, second) = ticks.split_at(restart);
    let floor = first.iter().map(|t| t.0).fold(f64::INFINITY, f64::min);
    let steps = |fall: &[(f64, u64, bool)]| {
        let mut temperatures: Vec<u64> = (fall.iter())
            .take_while(|t| t.0 > floor)
            .map(|t| t.0.to_bits())
            .collect();
        let ticks = temperatures.len();
        temperatures.dedup();
        (temperatures.len(), ticks)
    };
    let (steps_first, _) = steps(first);
    let (steps_again, ticks_again) = steps(second);
    assert!(
        steps_again >= 10,
        "{steps_again} steps of cooling seen again"
    );
    assert_eq!((steps_again, ticks_again), (steps_first, 2 * steps_first));
    let reached = first.iter().map(|t| t.1).max().unwrap_or_default();
    let at_floor = second.get(ticks_again).copied().unwrap_or_default();
    assert_eq!(at_floor.0, floor);
    assert!(
        at_floor.1 >= reached,
        "{} moves a tick at the floor again, not {reached}",
        at_floor.1
    );
}

#[test]
fn as_fast_as_possible_works_for_its_slice_and_hands_over_every_point() {
    let (puzzle, _) = &famous()[0];
    let mut host = Host::default();
    let mut clock = clock();
    send(
        &mut host,
        Order::Start(job("ising-faithful", puzzle, 3)),
        &mut clock,
    );
    let advance = Order::Advance {
        pace: Pace::For(10.0),
        moves_per_tick: 1_000,
    };
    let first = snapshot(send(&mut host, advance.clone(), &mut clock));
    // The clock moves a millisecond per reading: a 10 ms slice is a handful of ticks.
    assert!(
        (2..=10).contains(&first.samples.len()),
        "{}",
        first.samples.len()
    );
    let second = snapshot(send(&mut host, advance, &mut clock));
    let ticks: Vec<u64> = (first.samples.iter().chain(&second.samples))
        .map(|s| s.tick)
        .collect();
    assert_eq!(ticks, (1..=ticks.len() as u64).collect::<Vec<_>>());
    assert!(second.compute_ms > first.compute_ms);
}

#[test]
fn a_run_to_the_end_in_a_worker_is_solved_and_obeys_the_rules() {
    let (puzzle, solution) = &famous()[0];
    let mut host = Host::default();
    let mut clock = clock();
    send(&mut host, Order::Start(job("exact", puzzle, 1)), &mut clock);
    let last = loop {
        let advance = Order::Advance {
            pace: Pace::For(50.0),
            moves_per_tick: 1_000,
        };
        let s = snapshot(send(&mut host, advance, &mut clock));
        if s.frame.state != RunState::Running {
            break s;
        }
    };
    assert_eq!(last.frame.state, RunState::Solved);
    assert!(obeys_the_rules(puzzle, &last.frame.cells));
    assert_eq!(
        sudoku_engine::harness::grid_of(puzzle, &last.frame.cells).as_ref(),
        Some(solution)
    );
}

#[test]
fn orders_a_worker_cannot_carry_out_are_refused_with_the_reason() {
    let (puzzle, _) = &famous()[0];
    let mut host = Host::default();
    let mut clock = clock();
    let advance = Order::Advance {
        pace: Pace::Tick,
        moves_per_tick: 1,
    };
    let no_run = refused(send(&mut host, advance.clone(), &mut clock));
    assert_eq!(no_run, Failure::NoRun);
    assert_eq!(
        refused(send(
            &mut host,
            Order::Start(job("magic", puzzle, 1)),
            &mut clock
        )),
        Failure::NoSolver("magic".to_string())
    );
    // Belief propagation is built on units: the anti-king rule is refused by name.
    let anti_king = Grid::empty(
        Shape::CLASSIC
            .with_rules(Rules::ANTI_KING)
            .expect("a shape"),
    );
    assert!(matches!(
        refused(send(
            &mut host,
            Order::Start(job("bp", &anti_king, 1)),
            &mut clock
        )),
        Failure::Puzzle(_)
    ));
    // A refused start leaves no run behind.
    assert_eq!(
        refused(send(&mut host, advance, &mut clock)),
        Failure::NoRun
    );
    // Bytes that are no order at all.
    assert!(worker::decode::<Order>(&[0xFF; 7]).is_err());
    assert!(worker::decode::<Order>(&[]).is_err());
}

/// Found by fuzzing (`fuzz/regressions/worker/`): a benchmark order with a limit of 8.3e133 s
/// kept a worker busy for ever. Every order now asks for bounded work: limits, slices and work
/// per tick out of range are refused or cut to what the page can ask for.
#[test]
fn no_order_asks_a_worker_for_endless_work() {
    let mut host = Host::default();
    let mut clock = clock();
    for seconds in [
        8.298_045_860_564_775e133,
        f64::INFINITY,
        f64::NAN,
        0.0,
        -1.0,
    ] {
        let bench = Order::Bench {
            solver: "qubo".to_string(),
            set: "famous".to_string(),
            index: 0,
            seed: 1,
            seconds,
        };
        let report = send(&mut host, bench, &mut clock);
        assert!(
            matches!(&report, Report::Failed(Failure::LimitOutOfRange(_))),
            "{seconds}: {report:?}"
        );
    }
    let (puzzle, _) = &famous()[0];
    snapshot(send(
        &mut host,
        Order::Start(job("ising-faithful", puzzle, 1)),
        &mut clock,
    ));
    for ms in [f64::INFINITY, f64::NAN, 1e300, -1.0] {
        let slice = Order::Advance {
            pace: Pace::For(ms),
            moves_per_tick: 1,
        };
        let report = send(&mut host, slice, &mut clock);
        assert!(
            matches!(&report, Report::Failed(Failure::SliceOutOfRange(_))),
            "{ms}: {report:?}"
        );
    }
    let huge = Order::Advance {
        pace: Pace::Tick,
        moves_per_tick: u64::MAX,
    };
    let moves = snapshot(send(&mut host, huge, &mut clock)).frame.moves;
    assert_eq!(
        moves,
        kind("ising-faithful").fastest(),
        "one tick at the fastest speed offered"
    );
}

#[test]
fn a_puzzle_crosses_to_the_worker_with_its_board_and_rules() {
    let shape = Shape::of_side(16)
        .and_then(|s| s.with_rules(Rules::X.with(Rules::ANTI_KNIGHT)))
        .expect("a 16×16 X board");
    let mut grid = Grid::empty(shape);
    grid.set(0, Some(16));
    grid.set(255, Some(3));
    let back: Grid = worker::decode(&worker::encode(&grid)).expect("reads back");
    assert_eq!(back, grid);
    assert_eq!(back.shape().rules(), Rules::X.with(Rules::ANTI_KNIGHT));
    // Bytes that name no board, rules of no name, or a grid that does not fit its board are
    // refused on arrival.
    let classic = (3usize, 3usize, 0u8);
    for bytes in [
        worker::encode(&((0usize, 3usize, 0u8), vec![0u8; 0])),
        worker::encode(&((3usize, 3usize, 64u8), vec![0u8; 81])),
        worker::encode(&(classic, vec![0u8; 80])),
        worker::encode(&(classic, vec![10u8; 81])),
    ] {
        assert!(matches!(
            worker::decode::<Grid>(&bytes),
            Err(Failure::Unreadable(_))
        ));
    }
}

#[test]
fn a_benchmark_order_solves_one_puzzle_of_a_sample_as_sudoku_bench_does() {
    let mut host = Host::default();
    let mut clock = clock();
    for (solver, solved) in [("exact", true), ("ising-faithful", false)] {
        let order = Order::Bench {
            solver: solver.to_string(),
            set: "famous".to_string(),
            index: 0,
            seed: 1,
            seconds: 0.2,
        };
        match send(&mut host, order, &mut clock) {
            Report::Benched(b) => {
                assert_eq!(b.solved, solved, "{solver}");
                assert!(b.moves > 0 && b.seconds > 0.0);
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_benchmark_of_a_sample_or_place_there_is_not_is_refused_by_name() {
    let mut host = Host::default();
    let mut clock = clock();
    for (set, index) in [("famous", 9), ("famous", usize::MAX), ("magic", 0)] {
        let order = Order::Bench {
            solver: "exact".to_string(),
            set: set.to_string(),
            index,
            seed: 1,
            seconds: 1.0,
        };
        assert_eq!(
            refused(send(&mut host, order, &mut clock)),
            Failure::NoSample {
                set: set.to_string(),
                index
            }
        );
    }
}

#[test]
fn a_solved_claim_the_checker_refuses_does_not_count() {
    let (puzzle, solution) = &famous()[0];
    let mut solver = kind("exact")
        .start(puzzle, kind("exact").run_config(1))
        .expect("starts");
    while solver.tick().state == RunState::Running {}
    let mut frame = solver.frame().clone();
    worker::verify(puzzle, &mut frame);
    assert_eq!(frame.state, RunState::Solved, "a true solution stands");
    // Swap two digits of the solution in one row: every unit count stays, the grid is wrong.
    let mut forged = frame.clone();
    forged.cells.swap(0, 1);
    worker::verify(puzzle, &mut forged);
    assert_eq!(forged.state, RunState::GaveUp);
    assert!(forged.closing.is_some_and(|c| c.contains("checker")));
    // A claim over a grid with a cell overwriting a given.
    let mut overwritten = frame;
    let given = (0..81).find(|&c| puzzle.get(c).is_some()).expect("a given");
    let other = solution.get(given).map(|d| d % 9 + 1);
    overwritten.cells[given] = sudoku_engine::Mark::Digit(other.unwrap_or(1));
    worker::verify(puzzle, &mut overwritten);
    assert_eq!(overwritten.state, RunState::GaveUp);
}

#[test]
fn the_referee_and_new_puzzle_run_in_the_worker_and_bad_requests_are_refused() {
    let (puzzle, _) = &famous()[0];
    let mut host = Host::default();
    let mut clock = clock();
    assert_eq!(
        send(&mut host, Order::Judge(puzzle.clone()), &mut clock),
        Report::Judged(referee::verdict(puzzle))
    );
    // A judge order (the fourth kind of order) over a torn grid does not read as an order.
    let mut digits = puzzle.digits().to_vec();
    digits.pop();
    let torn = worker::encode(&(3u32, ((3usize, 3usize, 0u8), digits)));
    assert!(matches!(
        worker::decode::<Order>(&torn),
        Err(Failure::Unreadable(_))
    ));
    assert_eq!(
        send(&mut host, Order::KeepMaking, &mut clock),
        Report::Failed(Failure::NotMaking)
    );
    // A puzzle takes several slices; the one made is the one made in process.
    let request = Request {
        shape: Shape::CLASSIC,
        difficulty: None,
        symmetric: true,
        killer: false,
    };
    let make = Order::Make { request, seed: 4 };
    let mut report = send(&mut host, make, &mut clock);
    let mut slices = 1;
    while report == Report::Making {
        report = send(&mut host, Order::KeepMaking, &mut clock);
        slices += 1;
    }
    let Report::Made(Ok(made)) = report else {
        panic!("{report:?}");
    };
    assert!(slices > 1, "one slice is about a frame's work");
    let expected = Generator::new(request, 4).run().expect("a puzzle");
    assert_eq!(made, expected);
    // A request for a grade of no name, or on no board, does not read as a request.
    let classic = (3usize, 3usize, 0u8);
    for bytes in [
        worker::encode(&(classic, Some(99u32), true)),
        worker::encode(&((0usize, 3usize, 0u8), None::<u32>, true)),
    ] {
        assert!(matches!(
            worker::decode::<Request>(&bytes),
            Err(Failure::Unreadable(_))
        ));
    }
}

#[test]
fn a_worker_looks_for_a_grid_and_reads_a_picture_and_a_reading_crosses_back_whole() {
    let mut clock = clock();
    let mut host = Host::default();
    // A blank page: no grid to outline, none to read.
    let blank = || Picture::from_luma(64, 48, vec![255; 64 * 48]).expect("a picture");
    let report = send(&mut host, Order::FindGrid(blank()), &mut clock);
    assert_eq!(report, Report::Outline(None));
    let report = send(&mut host, Order::Read(blank()), &mut clock);
    assert_eq!(report, Report::Read(Err(ReadError::NoGrid)));
    // A reading travels and arrives as it left; one naming a cell off its board is refused.
    let corner = Point { x: 1.0, y: 2.0 };
    let reading = Reading {
        puzzle: famous()[0].0.clone(),
        confidence: vec![0.5; 81],
        unsure: vec![3, 80],
        corrected: vec![80],
        outline: Quad([corner; 4]),
    };
    let back: Reading = worker::decode(&worker::encode(&reading)).expect("bytes");
    assert_eq!(back, reading);
    let off_board = Reading {
        unsure: vec![81],
        ..reading
    };
    assert!(matches!(
        worker::decode::<Reading>(&worker::encode(&off_board)),
        Err(Failure::Unreadable(_))
    ));
}

#[test]
fn a_hint_that_finds_no_step_on_a_puzzle_with_several_solutions_says_so() {
    let mut host = Host::default();
    let puzzle = Grid::parse(&format!("53..7....{}", ".".repeat(72))).expect("a puzzle");
    let order = Order::Hint {
        puzzle: puzzle.clone(),
        entries: puzzle,
        marks: Vec::new(),
    };
    let report = send(&mut host, order, &mut clock());
    assert!(
        matches!(report, Report::Hint(Err(Verdict::Proceed(Remark::Several)))),
        "{report:?}"
    );
}

#[test]
fn a_hint_on_a_killer_reasons_with_the_puzzles_cages_though_the_entries_carry_none() {
    let made = sudoku_engine::generate::killer_many(Shape::CLASSIC, 0, 46, 1).expect("a killer");
    let (puzzle, solution) = &made[0];
    let entries = Grid::empty(Shape::CLASSIC);
    let mut host = Host::default();
    let order = Order::Hint {
        puzzle: puzzle.clone(),
        entries: entries.clone(),
        marks: Vec::new(),
    };
    let Report::Hint(Ok(Hint::Step(step))) = send(&mut host, order, &mut clock()) else {
        panic!("a step");
    };
    assert!(step.technique.needs_cages(), "{step:?}");
    assert!(worker::fits(&Hint::Step(step.clone()), puzzle.shape()));
    let want = |cell: usize| solution.get(cell).and_then(Digit::new);
    assert!(step.placements.iter().all(|&(c, d)| want(c) == Some(d)));
    assert!(step.eliminations.iter().all(|&(c, d)| want(c) != Some(d)));
    // Entries of another board are refused, cages or not.
    let small = Grid::empty(Shape::new(2, 2).expect("4x4"));
    let order = Order::Hint {
        puzzle: puzzle.clone(),
        entries: small,
        marks: Vec::new(),
    };
    let report = send(&mut host, order, &mut clock());
    assert_eq!(refused(report), Failure::EntriesOffBoard);
}
