//! A run as the page's Watch shows it: the annealers cool from hot in steps the eye can
//! follow and the solution crystallises as it freezes; as fast as possible keeps the
//! benchmarks' run; and a run with nothing to anneal or search says so.

use crate::common;

use common::{kind, puzzles};
use sudoku_engine::board::Grid;
use sudoku_engine::harness::{self, Budget};
use sudoku_engine::referee::Remark;
use sudoku_engine::solvers::anneal::{SHOWN_FACTOR, SHOWN_TICKS_PER_STEP};
use sudoku_engine::step::{Figures, Frame};
use sudoku_engine::worker::{Host, Job, Order, Pace, Report, SLICE_MS, Snapshot, watch};
use sudoku_engine::{RunState, SolverKind};
use sudoku_words as present;

const NEWSPAPER: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A 16×16 medium puzzle whose singles and locked candidates fill every open cell.
const MEDIUM_16: &str = "..E..B.2.....7..B.........8...F.....4CF1AD6.B9.8....6.A...F7D..G.57...B...1..3.A.2....G....5..DF...E.56..7.....BF8....E43.AC..G9.DF...8..C.G.B....8BDG.7.......C7.....9..F3...56.346....95....AE...1..48E..AG.62..3.9AD.......7.A..2.E7.D........6....1B........";

/// A clock that advances one millisecond per reading.
fn clock() -> impl FnMut() -> f64 {
    let mut now = 0.0;
    move || {
        now += 1.0;
        now
    }
}

fn grid(line: &str) -> Grid {
    Grid::parse_any(line).expect("a valid puzzle")
}

fn job(kind: SolverKind, puzzle: &Grid, seed: u64, watched: bool) -> Job {
    Job {
        solver: kind.name.to_string(),
        puzzle: puzzle.clone(),
        seed,
        max_restarts: Some(kind.max_restarts),
        watched,
    }
}

fn snapshot(report: Report) -> Snapshot {
    match report {
        Report::Snapshot(s) => *s,
        other => panic!("expected a snapshot, got {other:?}"),
    }
}

fn temperature(frame: &Frame) -> f64 {
    match frame.figures {
        Figures::Annealer(f) => f.temperature,
        other => panic!("an annealer's figures, not {other:?}"),
    }
}

/// Every frame of a run on `puzzle` driven at `pace`, as the page drives it: at the default
/// speed when watched, the largest as fast as possible.
fn frames(kind: SolverKind, puzzle: &Grid, seed: u64, watched: bool, pace: Pace) -> Vec<Frame> {
    let speed = match pace {
        Pace::For(_) => kind.fastest(),
        _ => kind.default_speed,
    };
    let (mut host, mut clock) = (Host::default(), clock());
    let start = host.handle(Order::Start(job(kind, puzzle, seed, watched)), &mut clock);
    let mut frames = vec![snapshot(start).frame];
    while frames.last().is_some_and(|f| f.state == RunState::Running) && frames.len() < 100_000 {
        let advance = Order::Advance {
            pace,
            moves_per_tick: speed,
        };
        frames.push(snapshot(host.handle(advance, &mut clock)).frame);
    }
    frames
}

#[test]
fn a_watched_annealer_cools_from_hot_through_twenty_temperatures_and_ends_solved() {
    let puzzle = grid(NEWSPAPER);
    // The tuned Ising annealer and the Digital Annealer, whose own schedules start where this
    // puzzle already solves.
    for name in ["ising", "qubo"] {
        for seed in 1..=8 {
            let mut clock = clock();
            let seen = watch::watch(kind(name), &puzzle, seed, 60 * 60, true, &mut clock)
                .expect("the run goes");
            assert!(seen.solved, "{name} seed {seed}: {seen:?}");
            assert!(seen.temperatures >= 20, "{name} seed {seed}: {seen:?}");
            assert!(
                seen.hottest >= 4.0 * seen.coldest,
                "{name} seed {seed}: {seen:?}"
            );
            let frames_s = seen.ticks as f64 / watch::FRAMES_PER_SECOND;
            assert!(
                (2.0..=12.0).contains(&frames_s),
                "{name} seed {seed}: {seen:?}"
            );
        }
    }
}

/// The tuned schedule's floor on 9×9, where the fall ends and the hold begins.
const FLOOR_9X9: f64 = 0.35;

#[test]
fn the_fall_is_a_geometric_staircase_of_fixed_work_then_the_hold_speeds_up() {
    let (puzzle, ising) = (grid(NEWSPAPER), kind("ising"));
    let frames = frames(ising, &puzzle, 4, true, Pace::Watch);
    let ticked = &frames[1..];
    let first = temperature(&ticked[0]);
    assert!(first >= 10.0 * FLOOR_9X9, "hot at first: {first}");
    assert!(
        ticked[0].sample.values[0] >= 20.0,
        "the grid starts disordered"
    );
    let falling: Vec<&Frame> = ticked
        .iter()
        .take_while(|f| temperature(f) > FLOOR_9X9)
        .collect();
    // Each temperature of the fall lasts the same few frames and is the last one cooled once.
    let steps = falling.chunks(SHOWN_TICKS_PER_STEP as usize);
    for (i, step) in steps.enumerate() {
        let t = temperature(step[0]);
        assert!(step.iter().all(|f| temperature(f) == t), "step {i}");
        let expected = (0..i).fold(first, |t, _| t * SHOWN_FACTOR);
        assert_eq!(t, expected, "step {i}");
    }
    assert!(falling.len() >= 20 * SHOWN_TICKS_PER_STEP as usize);
    // A fixed, modest number of moves a frame on the way down, a move a cell (the last frame
    // may end early, solved).
    let work: Vec<u64> = frames.windows(2).map(|w| w[1].moves - w[0].moves).collect();
    assert!(
        work[..falling.len() - 1].iter().all(|&m| m == 81),
        "{work:?}"
    );
    let end = frames.last().expect("frames");
    assert_eq!(end.state, RunState::Solved);
    assert!(ticked.iter().all(|f| f.sample.values[1] == temperature(f)));
}

#[test]
fn a_watched_run_held_at_the_floor_speeds_up_to_four_times_the_speed_and_restarts_hot() {
    // Inkala's puzzle with one given changed so that no solution is left: every attempt ends
    // in a restart.
    let mut cells: Vec<char> = puzzles("famous.txt")[0].to_line().chars().collect();
    cells[1] = '2';
    let puzzle = grid(&cells.iter().collect::<String>());
    let ising = kind("ising");
    let (mut host, mut clock) = (Host::default(), clock());
    host.handle(Order::Start(job(ising, &puzzle, 3, true)), &mut clock);
    let watch = Order::Advance {
        pace: Pace::Watch,
        moves_per_tick: ising.default_speed,
    };
    let frames: Vec<Frame> = (0..1_200)
        .map(|_| snapshot(host.handle(watch.clone(), &mut clock)).frame)
        .collect();
    let work: Vec<u64> = frames.windows(2).map(|w| w[1].moves - w[0].moves).collect();
    assert!(work.iter().all(|&m| m <= 4 * ising.default_speed));
    assert!(
        work.contains(&(4 * ising.default_speed)),
        "the hold speeds up"
    );
    let restarts: Vec<&Frame> = frames.iter().filter(|f| f.sample.restarted).collect();
    assert!(restarts.len() >= 2, "{}", restarts.len());
    // Every restart goes hot again.
    let hot = temperature(&frames[0]);
    assert!(restarts.iter().all(|f| temperature(f) == hot));
}

/// The moves of the seeded runs that `sudoku bench` times, before watched runs had a schedule
/// of their own: the sum over the famous puzzles from seed 7 in 60 ticks each.
const BENCH_MOVES_FAMOUS_SEED_7_60_TICKS: u64 = 18_288_863;

#[test]
fn the_benchmarks_and_as_fast_as_possible_make_the_same_moves_as_before() {
    let set = puzzles("famous.txt");
    let budget = Budget {
        seconds: 600.0,
        ticks: Some(60),
    };
    let mut clock = clock();
    let report = harness::run_set(
        kind("ising").machine(),
        "famous",
        &set,
        7,
        budget,
        None,
        &mut clock,
    );
    assert_eq!(report.moves, BENCH_MOVES_FAMOUS_SEED_7_60_TICKS);
    // As fast as possible from the page: the job is not watched, and the run is the bench's.
    for (i, puzzle) in set.iter().enumerate().take(3) {
        let (ising, seed) = (kind("ising"), 7 + i as u64);
        let fast = frames(ising, puzzle, seed, false, Pace::For(SLICE_MS));
        let end = fast.last().expect("frames");
        let config = ising.run_config(seed);
        let benched = harness::solve(
            ising.machine(),
            puzzle,
            config,
            Budget::seconds(600.0),
            &mut clock,
        )
        .expect("solves");
        assert_eq!((end.moves, end.state), (benched.moves, RunState::Solved));
    }
}

#[test]
fn a_run_whose_clamps_leave_no_free_spin_says_nothing_was_left_to_anneal() {
    let puzzle = grid(MEDIUM_16);
    let open = (puzzle.shape().cells() - puzzle.filled()) as u32;
    for watched in [true, false] {
        let frames = frames(kind("ising"), &puzzle, 1, watched, Pace::Watch);
        let start = &frames[0];
        assert_eq!(start.state, RunState::Solved, "solved before any tick");
        assert_eq!((start.moves, start.forced), (0, Some(open)));
    }
    let words = |name: &str| {
        present::run_status(
            &kind(name),
            RunState::Solved,
            0.02,
            0,
            None,
            true,
            Remark::Nothing,
        )
    };
    assert_eq!(
        words("ising"),
        "Forced moves solved it in 20.0 ms: nothing was left to anneal."
    );
    assert!(words("exact").ends_with("no guess was needed."));
    // An annealer that has spins to move is never said to have had nothing to do.
    let frames = frames(kind("ising"), &grid(NEWSPAPER), 1, true, Pace::Watch);
    assert!(frames.iter().all(|f| f.forced.is_none()));
}

#[test]
fn a_search_solved_by_propagation_lists_no_figure_that_reads_zero() {
    let puzzle = grid(NEWSPAPER);
    let frames = frames(kind("exact"), &puzzle, 1, true, Pace::Watch);
    let end = frames.last().expect("frames");
    assert_eq!((end.state, end.forced), (RunState::Solved, Some(51)));
    let rows = present::run_rows(end, kind("exact").work, 3.0, 0.0, 1);
    assert!(
        rows.iter().all(|(_, value)| !value.starts_with('0')),
        "{rows:?}"
    );
    assert!(rows.contains(&("Forced cells".to_string(), "51".to_string())));
    // A search that guessed keeps its own figures.
    let inkala = &puzzles("famous.txt")[0];
    let frames = frames_of_exact(inkala);
    let end = frames.last().expect("frames");
    assert_eq!(end.forced, None);
    let rows = present::run_rows(end, kind("exact").work, 3.0, 1.0, 1);
    assert!(rows.iter().any(|(name, _)| name == "Nodes"));
}

fn frames_of_exact(puzzle: &Grid) -> Vec<Frame> {
    frames(kind("exact"), puzzle, 1, false, Pace::For(SLICE_MS))
}
