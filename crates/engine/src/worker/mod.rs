//! Runs as the page's Web Workers carry them out, kept free of any web dependency so that the
//! same code runs (and is tested) natively. A worker is a [`Host`]: every message from the page
//! is one [`Order`], and every order gets one [`Report`] back. These two are the whole
//! vocabulary of the conversation, used by both sides: the page's client posts orders and hands
//! the reports on to the page. They carry the domain's own types (grids, requests, readings,
//! hints), which check themselves on arrival, and a worker that cannot carry out an order says
//! why as a [`Failure`]. Besides runs, a worker does the
//! page's other long jobs, the referee's look at a puzzle and New puzzle, so that the page's
//! thread only draws and dispatches. The worker never runs on its own
//! initiative, so the page decides the pace (a tick per display frame, or back-to-back slices when
//! running as fast as possible), and a Stop needs no message at all: the page simply asks for
//! nothing more and ignores a late report.

use crate::harness::{self, Benched, Budget};
mod hinted;
pub mod watch;

use crate::board::{DigitSet, Geometry, Grid, Shape};
use crate::check::{self, PuzzleError};
use crate::generate::{Generated, Generator, NoGrid, Request};
use crate::hint::Hint;
use crate::read::{self, Picture, ReadError, Reading, Sighting};
use crate::referee::{self, Verdict};
use crate::registry::SolverKind;
use crate::samples;
use crate::step::{Frame, RunConfig, RunState, Sample, Solver};
use serde::{Deserialize, Serialize};

pub use hinted::fits;

/// Milliseconds of work in one slice when running as fast as possible: about a display frame, so
/// that a fresh snapshot is there for nearly every frame while messages stay few.
pub const SLICE_MS: f64 = 15.0;

/// The longest slice a worker takes on (the page asks for 15 ms, the race for 50 ms): a
/// message can make a worker busy for this long and no longer.
pub const MAX_SLICE_MS: f64 = 1000.0;

/// The longest time limit a worker benchmarks a puzzle under (the page offers up to 30 s).
pub const MAX_BENCH_SECONDS: f64 = 60.0;

/// A run the page wants carried out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// The solver's registry name.
    pub solver: String,
    pub puzzle: Grid,
    pub seed: u64,
    pub max_restarts: Option<u32>,
    /// Watched from its start ([`Pace::Watch`]): an annealer that starts too cold to show
    /// anything cools from hot first, slowly. The run is fixed at its start; a later change
    /// of pace changes only how much of it each report shows.
    pub watched: bool,
}

/// How much work one [`Order::Advance`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Pace {
    /// One tick: the animated speeds, a tick per display frame.
    Tick,
    /// One tick, its work growing from a small start to `moves_per_tick`: a run's first
    /// seconds are shown closely, then it speeds up. A solver that paces itself
    /// ([`Solver::paces_itself`], an annealer of a [`Job::watched`] run) sets its own work,
    /// up to [`WATCH_HOLD_SPEEDUP`] times `moves_per_tick`.
    Watch,
    /// Ticks for this many milliseconds: as fast as possible.
    For(f64),
}

/// What the page asks of a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Order {
    /// Begin a run, forgetting any other; answered with its first snapshot, before any tick.
    Start(Job),
    /// Work on the run at `moves_per_tick` (the speed can change between orders) and report.
    Advance { pace: Pace, moves_per_tick: u64 },
    /// Solve puzzle `index` of the bundled sample `set` to the end, unanimated, exactly as
    /// `sudoku bench` does, with a time limit. The sample is named, not sent: only the worker
    /// links the samples' puzzles ([`crate::samples`]).
    Bench {
        solver: String,
        set: String,
        index: usize,
        seed: u64,
        seconds: f64,
    },
    /// What the referee says of this puzzle.
    Judge(Grid),
    /// `puzzle`'s one solution, for Check of `entries` (or why there is none: the entries'
    /// refusal when they leave no solution).
    Solution { puzzle: Grid, entries: Grid },
    /// The hint on `entries` over `puzzle`'s givens, with the user's own `marks` by cell.
    Hint {
        puzzle: Grid,
        entries: Grid,
        marks: Vec<(usize, DigitSet)>,
    },
    /// Begin making a puzzle from `seed`, forgetting any other, and work on it for a slice.
    Make { request: Request, seed: u64 },
    /// Work on the puzzle being made for another slice.
    KeepMaking,
    /// Where the grid is in this picture (a camera frame): cheap, for the live preview; near
    /// where the last frame had it, when it is still there.
    FindGrid(Picture),
    /// The puzzle in this picture.
    Read(Picture),
}

/// A run's state after an advance: its latest frame and every plotted point since the last one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub frame: Frame,
    pub samples: Vec<Sample>,
    /// Milliseconds spent ticking since the run began.
    pub compute_ms: f64,
}

/// What a worker answers; the page's client hands every report but [`Report::Listening`] and
/// [`Report::Making`] on to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Report {
    /// The worker has loaded and listens; orders sent before this are lost. Sent unasked, once.
    Listening,
    /// The newest state of the run, with every plotted point since the last.
    Snapshot(Box<Snapshot>),
    Benched(Benched),
    Judged(Verdict),
    /// The puzzle's one solution, or the verdict that says why there is none to compare with.
    Solution(Result<Grid, Verdict>),
    /// The hint asked for, or the verdict that says why the puzzle has none (no solution).
    Hint(Result<Hint, Verdict>),
    /// The puzzle is not made yet: ask again.
    Making,
    /// The puzzle made, or why none can be.
    Made(Result<Generated, NoGrid>),
    /// The grid in the picture of [`Order::FindGrid`], if there is one.
    Outline(Option<Sighting>),
    /// The puzzle read from the picture of [`Order::Read`], or why none was.
    Read(Result<Reading, ReadError>),
    /// The order could not be carried out, or the worker failed, and why.
    Failed(Failure),
}

/// Why a worker did not carry out an order (its words are `sudoku_words::failure`'s).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Failure {
    /// An advance came before any run was started.
    NoRun,
    /// A slice of this many milliseconds: beyond [`MAX_SLICE_MS`], or negative.
    SliceOutOfRange(f64),
    /// A benchmark's time limit of this many seconds: beyond [`MAX_BENCH_SECONDS`], or none.
    LimitOutOfRange(f64),
    /// No solver has this name.
    NoSolver(String),
    /// No bundled sample has this name, or it has no puzzle at this place.
    NoSample { set: String, index: usize },
    /// The solver cannot take the puzzle.
    Puzzle(PuzzleError),
    /// More work on a puzzle being made, when none is.
    NotMaking,
    /// A hint's entries on another board than its puzzle.
    EntriesOffBoard,
    /// A hint's mark in a cell beyond the board.
    MarkOffBoard(usize),
    /// Bytes that are no message, or a message that names nothing on its board.
    Unreadable(String),
    /// The worker panicked, with the panic's message; it takes no more orders. Sent unasked.
    Crashed(String),
    /// No worker could start; the browser's message says why. Sent by the page's side.
    NotStarted(String),
    /// The worker failed or never loaded (the browser's message; empty when it says none). Sent
    /// by the page's side.
    Lost(String),
}

/// Bytes for a message (orders and reports alike).
pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    // Serialising these plain types into memory cannot fail.
    postcard::to_allocvec(message).unwrap_or_default()
}

/// A message from bytes, checked on arrival, or why they are not one.
pub fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, Failure> {
    // Not postcard's own words: their table would cost the page's wasm 1 kB, and the cause is
    // either way a message of another build or a damaged one.
    postcard::from_bytes(bytes)
        .map_err(|_| Failure::Unreadable("not a message of this build".to_string()))
}

/// A run being driven: the solver, and the points plotted since the last report.
struct Driver {
    kind: SolverKind,
    shape: Shape,
    /// The work of the last watched tick.
    watched: u64,
    solver: Box<dyn Solver>,
    samples: Vec<Sample>,
    compute_ms: f64,
}

impl Pace {
    /// A tick per display frame (else as many as fit in a slice).
    pub fn per_frame(self) -> bool {
        !matches!(self, Pace::For(_))
    }
}

/// A watched run's first ticks each make this share of the speed's moves (2 of 50,000 flips)…
const WATCH_START: u64 = 25_000;

/// …for this many ticks, two seconds, so that even a lucky seed that solves in a few hundred
/// flips is seen settling for longer than that; then each tick makes 4 % more than the last,
/// reaching the speed about 230 ticks later. Integers, so that a run is the same native and in
/// wasm.
const WATCH_SLOW_TICKS: u64 = 120;

/// A solver that paces its own watched run (an annealer showing its fall to the floor) may go
/// up to this many times the speed once there is nothing new to see: a hard puzzle's hold at
/// the floor then takes seconds, not tens of them.
const WATCH_HOLD_SPEEDUP: u64 = 4;

/// The work of a watched run's tick `tick` (from 0), after `last` moves the tick before.
fn watched(tick: u64, last: u64, moves: u64) -> u64 {
    let slow = moves / WATCH_START;
    match tick {
        0..WATCH_SLOW_TICKS => slow,
        _ => (last + 1).max(last * 104 / 100),
    }
    .clamp(1, moves.max(1))
}

impl Driver {
    fn advance(&mut self, pace: Pace, clock: &mut dyn FnMut() -> f64) -> Snapshot {
        let before = clock();
        loop {
            let frame = self.solver.tick();
            self.samples.push(frame.sample);
            let more = match pace {
                Pace::Tick | Pace::Watch => false,
                Pace::For(ms) => frame.state == RunState::Running && clock() - before < ms,
            };
            if !more {
                break;
            }
        }
        self.compute_ms += clock() - before;
        Snapshot {
            frame: self.solver.frame().clone(),
            samples: std::mem::take(&mut self.samples),
            compute_ms: self.compute_ms,
        }
    }
}

/// What a worker is: at most one run, at most one puzzle being made, the grid a live view
/// last showed, and an answer to every order.
#[derive(Default)]
pub struct Host {
    driver: Option<Driver>,
    generator: Option<Generator>,
    tracker: read::Tracker,
}

impl Host {
    /// Carries out `order`, timed on `clock` (milliseconds).
    pub fn handle(&mut self, order: Order, clock: &mut dyn FnMut() -> f64) -> Report {
        let done = match order {
            Order::Start(job) => self.start(&job),
            Order::Advance {
                pace,
                moves_per_tick,
            } => self.advance(pace, moves_per_tick, clock),
            Order::Bench {
                solver,
                set,
                index,
                seed,
                seconds,
            } => samples::puzzle(&set, index)
                .ok_or(Failure::NoSample { set, index })
                .and_then(|puzzle| bench_one(&solver, &puzzle, seed, seconds, clock))
                .map(Report::Benched),
            Order::Judge(puzzle) => Ok(Report::Judged(referee::verdict(&puzzle))),
            Order::Solution { puzzle, entries } => {
                Ok(Report::Solution(referee::solution_for(&puzzle, &entries)))
            }
            Order::Hint {
                puzzle,
                entries,
                marks,
            } => hinted::hint_on(&puzzle, &entries, &marks).map(Report::Hint),
            Order::Make { request, seed } => {
                self.generator = Some(Generator::new(request, seed));
                self.make(clock)
            }
            Order::KeepMaking => self.make(clock),
            Order::FindGrid(picture) => Ok(Report::Outline(self.tracker.find(&picture))),
            // The page puts a reading on the board in place of the entries: noise must not.
            Order::Read(picture) => Ok(Report::Read(read::read_puzzle(&picture))),
        };
        done.unwrap_or_else(Report::Failed)
    }

    /// Works on the run at `moves_per_tick` and `pace`, and reports its state.
    fn advance(
        &mut self,
        pace: Pace,
        moves_per_tick: u64,
        clock: &mut dyn FnMut() -> f64,
    ) -> Result<Report, Failure> {
        let driver = self.driver.as_mut().ok_or(Failure::NoRun)?;
        if let Pace::For(ms) = pace
            && !(0.0..=MAX_SLICE_MS).contains(&ms)
        {
            return Err(Failure::SliceOutOfRange(ms));
        }
        // No more work per tick than the speed control's largest step allows here.
        let fastest = driver.kind.fastest_on(driver.shape);
        let mut moves = moves_per_tick.min(fastest);
        if pace == Pace::Watch && driver.solver.paces_itself() {
            moves = moves_per_tick
                .saturating_mul(WATCH_HOLD_SPEEDUP)
                .min(fastest);
        } else if pace == Pace::Watch {
            let tick = driver.solver.frame().ticks;
            driver.watched = watched(tick, driver.watched, moves);
            moves = driver.watched;
        }
        driver.solver.set_moves_per_tick(moves);
        Ok(Report::Snapshot(Box::new(driver.advance(pace, clock))))
    }

    /// Starts `job`'s run, forgetting any other, and answers with its frame before any tick.
    fn start(&mut self, job: &Job) -> Result<Report, Failure> {
        self.driver = None;
        let (kind, shape, solver) = start(job)?;
        let first = Snapshot {
            frame: solver.frame().clone(),
            samples: Vec::new(),
            compute_ms: 0.0,
        };
        self.driver = Some(Driver {
            kind,
            shape,
            watched: 0,
            solver,
            samples: Vec::new(),
            compute_ms: 0.0,
        });
        Ok(Report::Snapshot(Box::new(first)))
    }

    /// Works on the puzzle being made for a slice: it is made, or there is more to do.
    fn make(&mut self, clock: &mut dyn FnMut() -> f64) -> Result<Report, Failure> {
        let generator = self.generator.as_mut().ok_or(Failure::NotMaking)?;
        let before = clock();
        loop {
            if let Some(made) = generator.step() {
                self.generator = None;
                return Ok(Report::Made(made));
            }
            if clock() - before >= SLICE_MS {
                return Ok(Report::Making);
            }
        }
    }
}

fn kind_named(name: &str) -> Result<SolverKind, Failure> {
    SolverKind::from_name(name).ok_or_else(|| Failure::NoSolver(name.to_string()))
}

fn start(job: &Job) -> Result<(SolverKind, Shape, Box<dyn Solver>), Failure> {
    let kind = kind_named(&job.solver)?;
    let config = RunConfig {
        max_restarts: job.max_restarts,
        watched: job.watched,
        ..kind.run_config(job.seed)
    };
    let solver = kind.start(&job.puzzle, config).map_err(Failure::Puzzle)?;
    Ok((kind, job.puzzle.shape(), solver))
}

fn bench_one(
    solver: &str,
    puzzle: &Grid,
    seed: u64,
    seconds: f64,
    clock: &mut dyn FnMut() -> f64,
) -> Result<Benched, Failure> {
    if !(seconds > 0.0 && seconds <= MAX_BENCH_SECONDS) {
        return Err(Failure::LimitOutOfRange(seconds));
    }
    let kind = kind_named(solver)?;
    let mut clock_s = || clock() / 1000.0;
    let outcome = harness::solve(
        kind.machine(),
        puzzle,
        kind.run_config(seed),
        Budget::seconds(seconds),
        &mut clock_s,
    )
    .map_err(Failure::Puzzle)?;
    Ok(Benched {
        solved: outcome.solution.is_some(),
        seconds: outcome.seconds,
        moves: outcome.moves,
    })
}

/// Holds a frame that arrived from a worker to the checker: a run that says it solved `puzzle`
/// but whose grid breaks a rule or a given is marked as having given up, in words that say so.
/// The solvers check before they claim; this is the page's own check at the border.
pub fn verify(puzzle: &Grid, frame: &mut Frame) {
    if frame.state != RunState::Solved {
        return;
    }
    let geometry = Geometry::of(puzzle.shape());
    let accepted = harness::grid_of(puzzle, &frame.cells)
        .is_some_and(|answer| check::is_solution(&geometry, puzzle, &answer));
    if !accepted {
        frame.state = RunState::GaveUp;
        frame.closing =
            Some("The solver reported a grid that the checker refuses; it does not count.".into());
    }
}
