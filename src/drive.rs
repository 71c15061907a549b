//! Runs as the page's Web Workers carry them out, kept free of any web dependency so that the
//! same code runs (and is tested) natively. A worker is a [`Host`]: every message from the page
//! is one [`Order`], and every order gets one [`Report`] back. The worker never runs on its own
//! initiative, so the page decides the pace (a tick per display frame, or back-to-back slices when
//! running as fast as possible), and a Stop needs no message at all: the page simply asks for
//! nothing more and ignores a late report.

use crate::bench::{self, Benched, Budget};
use crate::board::{Geometry, Grid, Rules, Shape};
use crate::check;
use crate::registry::SolverKind;
use crate::step::{Frame, RunConfig, RunState, Sample, Solver};
use serde::{Deserialize, Serialize};

/// Milliseconds of work in one slice when running as fast as possible: about a display frame, so
/// that a fresh snapshot is there for nearly every frame while messages stay few.
pub const SLICE_MS: f64 = 15.0;

/// The longest slice a worker takes on (the page asks for 15 ms, the race for 50 ms): a
/// message can make a worker busy for this long and no longer.
pub const MAX_SLICE_MS: f64 = 1000.0;

/// The longest time limit a worker benchmarks a puzzle under (the page offers up to 30 s).
pub const MAX_BENCH_SECONDS: f64 = 60.0;

/// A puzzle as it travels to a worker: its board, its rules by their link names, its cells as
/// text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    pub box_rows: usize,
    pub box_cols: usize,
    pub rules: String,
    pub cells: String,
}

impl Puzzle {
    pub fn of(grid: &Grid) -> Puzzle {
        let shape = grid.shape();
        Puzzle {
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            rules: shape.rules().names(),
            cells: grid.to_line(),
        }
    }

    /// The grid again, or what is wrong with the message.
    pub fn grid(&self) -> Result<Grid, String> {
        let rules = Rules::parse(&self.rules)?;
        let shape = Shape::new(self.box_rows, self.box_cols)
            .and_then(|s| s.with_rules(rules))
            .ok_or_else(|| format!("no board of {}×{} boxes", self.box_rows, self.box_cols))?;
        Grid::parse_shaped(shape, &self.cells).map_err(|e| e.to_string())
    }
}

/// A run the page wants carried out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Job {
    /// The solver's registry name.
    pub solver: String,
    pub puzzle: Puzzle,
    pub seed: u64,
    pub max_restarts: Option<u32>,
}

/// How much work one [`Order::Advance`] asks for.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Pace {
    /// One tick: the animated speeds, a tick per display frame.
    Tick,
    /// Ticks for this many milliseconds: as fast as possible.
    For(f64),
}

/// What the page asks of a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Order {
    /// Begin a run, forgetting any other.
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
    /// The run was started.
    Ready,
    Snapshot(Box<Snapshot>),
    Benched(Benched),
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
    solver: Box<dyn Solver>,
    samples: Vec<Sample>,
    compute_ms: f64,
}

impl Driver {
    fn advance(&mut self, pace: Pace, clock: &mut dyn FnMut() -> f64) -> Snapshot {
        let before = clock();
        loop {
            let frame = self.solver.tick();
            self.samples.push(frame.sample);
            let more = match pace {
                Pace::Tick => false,
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

/// What a worker is: at most one run, and an answer to every order.
#[derive(Default)]
pub struct Host {
    driver: Option<Driver>,
}

impl Host {
    /// Carries out `order`, timed on `clock` (milliseconds).
    pub fn handle(&mut self, order: Order, clock: &mut dyn FnMut() -> f64) -> Report {
        match order {
            Order::Start(job) => {
                self.driver = None;
                match start(&job) {
                    Ok((kind, solver)) => {
                        self.driver = Some(Driver {
                            kind,
                            solver,
                            samples: Vec::new(),
                            compute_ms: 0.0,
                        });
                        Report::Ready
                    }
                    Err(why) => Report::Refused(why),
                }
            }
            Order::Advance {
                pace,
                moves_per_tick,
            } => match (&mut self.driver, pace) {
                (None, _) => Report::Refused("no run has been started".to_string()),
                (Some(_), Pace::For(ms)) if !(0.0..=MAX_SLICE_MS).contains(&ms) => {
                    Report::Refused(format!("a slice of {ms} ms is out of range"))
                }
                (Some(driver), _) => {
                    // No more work per tick than the speed control's largest step.
                    let moves = moves_per_tick.min(driver.kind.fastest());
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
        }
    }
}

fn kind_named(name: &str) -> Result<SolverKind, String> {
    SolverKind::from_name(name).ok_or_else(|| format!("no solver is named {name:?}"))
}

fn start(job: &Job) -> Result<(SolverKind, Box<dyn Solver>), String> {
    let kind = kind_named(&job.solver)?;
    let puzzle = job.puzzle.grid()?;
    let config = RunConfig {
        max_restarts: job.max_restarts,
        ..kind.run_config(job.seed)
    };
    let solver = kind.start(&puzzle, config).map_err(|e| e.to_string())?;
    Ok((kind, solver))
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
    let outcome = bench::solve(
        kind,
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
    let accepted = bench::grid_of(puzzle, &frame.cells)
        .is_some_and(|answer| check::is_solution(&geometry, puzzle, &answer));
    if !accepted {
        frame.state = RunState::GaveUp;
        frame.closing =
            Some("The solver reported a grid that the checker refuses; it does not count.".into());
    }
}
