//! Runs as the page's Web Workers carry them out, kept free of any web dependency so that the
//! same code runs (and is tested) natively. A worker is a [`Host`]: every message from the page
//! is one [`Order`], and every order gets one [`Report`] back. Besides runs, a worker does the
//! page's other long jobs, the referee's look at a puzzle and New puzzle, so that the page's
//! thread only draws and dispatches. The worker never runs on its own
//! initiative, so the page decides the pace (a tick per display frame, or back-to-back slices when
//! running as fast as possible), and a Stop needs no message at all: the page simply asks for
//! nothing more and ignores a late report.

use crate::harness::{self, Benched, Budget};
mod hinted;
pub mod watch;
mod wire;

use crate::board::{Geometry, Grid, Shape};
use crate::check;
use crate::generate::Generator;
use crate::read::{self, Picture, Quad, ReadError};
use crate::referee::{self, Verdict};
use crate::registry::SolverKind;
use crate::step::{Frame, RunConfig, RunState, Sample, Solver};
use serde::{Deserialize, Serialize};

pub use hinted::{Hinted, marks_bits};
pub use wire::{Made, Puzzle, Scanned, Wish};

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
    pub puzzle: Puzzle,
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
    /// Solve one puzzle to the end, unanimated, exactly as `sudoku bench` does, with a time limit.
    Bench {
        solver: String,
        puzzle: Puzzle,
        seed: u64,
        seconds: f64,
    },
    /// What the referee says of this puzzle.
    Judge(Puzzle),
    /// This puzzle's one solution, for Check.
    Solution(Puzzle),
    /// The hint on `entries` over `puzzle`'s givens, with the user's `marks` (bits by cell).
    Hint {
        puzzle: Puzzle,
        entries: Puzzle,
        marks: Vec<(usize, u32)>,
    },
    /// Begin making a puzzle from `seed`, forgetting any other, and work on it for a slice.
    Make { wish: Wish, seed: u64 },
    /// Work on the puzzle being made for another slice.
    KeepMaking,
    /// Where the grid is in this picture (a camera frame): cheap, for the live preview.
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

/// What a worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Report {
    /// The worker has loaded and listens; orders sent before this are lost. Sent unasked, once.
    Listening,
    Snapshot(Box<Snapshot>),
    Benched(Benched),
    Judged(Verdict),
    /// The puzzle's one solution, or the verdict that says why there is none to compare with.
    Solution(Result<Puzzle, Verdict>),
    /// The hint asked for, or the verdict that says why the puzzle has none (no solution).
    Hint(Result<Hinted, Verdict>),
    /// The puzzle is not made yet: ask again.
    Making,
    /// The puzzle made, or why none can be.
    Made(Result<Made, String>),
    /// The grid's outline in the picture of [`Order::FindGrid`], if there is one.
    Outline(Option<Quad>),
    /// The puzzle read from the picture of [`Order::Read`], or why none was.
    Read(Result<Scanned, ReadError>),
    /// The order could not be carried out, and why.
    Refused(String),
    /// The worker panicked, with the panic's message; it takes no more orders. Sent unasked.
    Crashed(String),
}

/// Bytes for a message (orders and reports alike).
pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    // Serialising these plain types into memory cannot fail.
    postcard::to_allocvec(message).unwrap_or_default()
}

/// A message from bytes, or why they are not one.
pub fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, String> {
    postcard::from_bytes(bytes).map_err(|e| format!("unreadable message: {e}"))
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

/// What a worker is: at most one run, at most one puzzle being made, and an answer to every
/// order.
#[derive(Default)]
pub struct Host {
    driver: Option<Driver>,
    generator: Option<Generator>,
}

impl Host {
    /// Carries out `order`, timed on `clock` (milliseconds).
    pub fn handle(&mut self, order: Order, clock: &mut dyn FnMut() -> f64) -> Report {
        match order {
            Order::Start(job) => self.start(&job),
            Order::Advance {
                pace,
                moves_per_tick,
            } => match (&mut self.driver, pace) {
                (None, _) => Report::Refused("no run has been started".to_string()),
                (Some(_), Pace::For(ms)) if !(0.0..=MAX_SLICE_MS).contains(&ms) => {
                    Report::Refused(format!("a slice of {ms} ms is out of range"))
                }
                (Some(driver), _) => {
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
                    Report::Snapshot(Box::new(driver.advance(pace, clock)))
                }
            },
            Order::Bench { seconds, .. } if !(seconds > 0.0 && seconds <= MAX_BENCH_SECONDS) => {
                Report::Refused(format!("a time limit of {seconds} s is out of range"))
            }
            Order::Bench {
                solver,
                puzzle,
                seed,
                seconds,
            } => match bench_one(&solver, &puzzle, seed, seconds, clock) {
                Ok(benched) => Report::Benched(benched),
                Err(why) => Report::Refused(why),
            },
            Order::Judge(puzzle) => match puzzle.grid() {
                Ok(grid) => Report::Judged(referee::verdict(&grid)),
                Err(why) => Report::Refused(why),
            },
            Order::Solution(puzzle) => match puzzle.grid() {
                Ok(grid) => Report::Solution(referee::solution(&grid).map(|s| Puzzle::of(&s))),
                Err(why) => Report::Refused(why),
            },
            Order::Hint {
                puzzle,
                entries,
                marks,
            } => match hinted::hint_on(&puzzle, &entries, &marks) {
                Ok(hint) => Report::Hint(hint),
                Err(why) => Report::Refused(why),
            },
            Order::Make { wish, seed } => match wish.request() {
                Ok(request) => {
                    self.generator = Some(Generator::new(request, seed));
                    self.make(clock)
                }
                Err(why) => {
                    self.generator = None;
                    Report::Refused(why)
                }
            },
            Order::KeepMaking => self.make(clock),
            Order::FindGrid(picture) => Report::Outline(read::find_grid(&picture)),
            Order::Read(picture) => Report::Read(read::read(&picture).map(|r| Scanned::of(&r))),
        }
    }

    /// Starts `job`'s run, forgetting any other, and answers with its frame before any tick.
    fn start(&mut self, job: &Job) -> Report {
        self.driver = None;
        match start(job) {
            Ok((kind, shape, solver)) => {
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
                Report::Snapshot(Box::new(first))
            }
            Err(why) => Report::Refused(why),
        }
    }

    /// Works on the puzzle being made for a slice: it is made, or there is more to do.
    fn make(&mut self, clock: &mut dyn FnMut() -> f64) -> Report {
        let Some(generator) = self.generator.as_mut() else {
            return Report::Refused("no puzzle is being made".to_string());
        };
        let before = clock();
        loop {
            if let Some(made) = generator.step() {
                self.generator = None;
                return Report::Made(made.map(|m| Made::of(&m)).map_err(|e| e.to_string()));
            }
            if clock() - before >= SLICE_MS {
                return Report::Making;
            }
        }
    }
}

fn kind_named(name: &str) -> Result<SolverKind, String> {
    SolverKind::from_name(name).ok_or_else(|| format!("no solver is named {name:?}"))
}

fn start(job: &Job) -> Result<(SolverKind, Shape, Box<dyn Solver>), String> {
    let kind = kind_named(&job.solver)?;
    let puzzle = job.puzzle.grid()?;
    let config = RunConfig {
        max_restarts: job.max_restarts,
        watched: job.watched,
        ..kind.run_config(job.seed)
    };
    let solver = kind.start(&puzzle, config).map_err(|e| e.to_string())?;
    Ok((kind, puzzle.shape(), solver))
}

fn bench_one(
    solver: &str,
    puzzle: &Puzzle,
    seed: u64,
    seconds: f64,
    clock: &mut dyn FnMut() -> f64,
) -> Result<Benched, String> {
    let kind = kind_named(solver)?;
    let grid = puzzle.grid()?;
    let mut clock_s = || clock() / 1000.0;
    let outcome = harness::solve(
        kind.machine(),
        &grid,
        kind.run_config(seed),
        Budget::seconds(seconds),
        &mut clock_s,
    )
    .map_err(|e| e.to_string())?;
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
