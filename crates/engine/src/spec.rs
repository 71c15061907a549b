//! How a solver describes itself to the registry, the page, the command line and the benchmarks,
//! and how it is run. Each solver file declares a [`SolverSpec`] (data the page reads) and a
//! [`Machine`] (its constructor, which only the worker, the command line and the benchmarks
//! call): kept apart, so that the page's WebAssembly, which only describes solvers, links none.
//! Nothing outside a solver's own file needs to know which solver it is.

use crate::board::{Grid, Shape};
use crate::check::PuzzleError;
use crate::exact::Count;
use crate::step::{RunConfig, Solver};

/// Starts a run of one solver on a puzzle, or says why the puzzle cannot be solved.
pub type StartFn = fn(&Grid, RunConfig) -> Result<Box<dyn Solver>, PuzzleError>;

/// Counts a puzzle's solutions up to a limit, asking the callback now and then whether to go on.
pub type CountFn = fn(&Grid, u64, &mut dyn FnMut() -> bool) -> Result<Count, PuzzleError>;

/// A run's time limit in the page until the user picks another, in seconds: at the default
/// speed the tuned annealer solves the hardest 9×9 puzzles well within it.
pub const RUN_LIMIT_S: u32 = 60;

/// The time limit of the models kept as their sources had them, which rarely solve a hard
/// puzzle: a run that will not solve does not hold the page for a minute.
pub const SHORT_LIMIT_S: u32 = 30;

/// A word in its singular and plural forms, for figures said in sentences
/// (`sudoku_words::counted`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noun {
    pub one: &'static str,
    pub many: &'static str,
}

/// Everything the rest of the program knows about one solver.
#[derive(Debug)]
pub struct SolverSpec {
    /// The name on the command line and in links.
    pub name: &'static str,
    /// The kind of machine it is ("Ising annealer").
    pub family: &'static str,
    /// Which of the family's settings it runs ("tuned"); empty for a family of one.
    pub preset: &'static str,
    /// Its name for people who are not physicists ("Annealing (tuned)").
    pub title: &'static str,
    /// Its name where a phone has room for few words (the solver menu beside Solve), short
    /// enough not to be cut there.
    pub short: &'static str,
    /// What it does in one plain line, under its name in the side panel.
    pub plain: &'static str,
    /// How it works, in the physics' own words: the detail under the plain line.
    pub about: &'static str,
    /// Its elementary move: what the speed control and the rate count.
    pub work: Noun,
    /// What the status line says while it runs ("Annealing…").
    pub activity: &'static str,
    /// What [`crate::step::Frame::effort`] counts, quoted when the run ends.
    pub effort: Noun,
    /// Work per tick the speed control offers.
    pub speeds: &'static [u64],
    /// The speed a run starts at.
    pub default_speed: u64,
    /// How a move's cost grows with the board's side `n`, as `n` to this power: on boards above
    /// 9×9 the work per tick is capped by `(9/n)^cost_growth` of the top speed, so that a tick
    /// costs about as much on every board and Stop is answered within a frame or two.
    pub cost_growth: i32,
    /// Restarts a run in the page may make before it gives up: tens of minutes of trying at
    /// the default speed (0 for solvers that never restart).
    pub max_restarts: u32,
    /// Always finds a solution when there is one, and proves it when there is none.
    pub complete: bool,
    /// Its variables are the bits of the puzzle's QUBO ([`crate::qubo`]): the page draws the
    /// QUBO's coupling matrix beside the grid with the bits that are set.
    pub qubo_bits: bool,
    /// The boards it handles, and those boards in words.
    pub supports: fn(Shape) -> bool,
    pub boards: &'static str,
    /// It takes killer cages (their sums in its energy or its search).
    pub cages: bool,
    /// A run's time limit in the page until the user picks another ([`RUN_LIMIT_S`], or
    /// [`SHORT_LIMIT_S`] for a model that rarely solves a hard puzzle).
    pub limit_s: u32,
}

/// How to run one solver: its constructor and, for a solver that can, its counter.
#[derive(Debug)]
pub struct Machine {
    /// What it is.
    pub spec: &'static SolverSpec,
    /// Makes a run: [`Machine::start`] checks the board first.
    pub make: StartFn,
    /// Counts solutions, for solvers that can.
    pub counter: Option<CountFn>,
}

impl Machine {
    /// A solver that runs and does not count.
    pub const fn new(spec: &'static SolverSpec, start: StartFn) -> Machine {
        Machine {
            spec,
            make: start,
            counter: None,
        }
    }

    /// A solver that also counts solutions.
    pub const fn counting(spec: &'static SolverSpec, start: StartFn, counter: CountFn) -> Machine {
        Machine {
            spec,
            make: start,
            counter: Some(counter),
        }
    }

    /// Whether this solver handles boards of `shape`, or the error that says which it does.
    pub fn takes(&self, shape: Shape) -> Result<(), PuzzleError> {
        self.spec.takes(shape)
    }

    /// Starts a run on `puzzle`, or says why it cannot: a board this solver does not handle, or
    /// a puzzle that breaks a rule on its face.
    pub fn start(&self, puzzle: &Grid, config: RunConfig) -> Result<Box<dyn Solver>, PuzzleError> {
        self.spec.takes_puzzle(puzzle)?;
        (self.make)(puzzle, config)
    }
}

impl SolverSpec {
    /// Whether this solver handles boards of `shape`, or the error that says which it does.
    pub fn takes(&self, shape: Shape) -> Result<(), PuzzleError> {
        if (self.supports)(shape) {
            return Ok(());
        }
        Err(PuzzleError::Unsupported {
            solver: self.family.to_string(),
            boards: self.boards.to_string(),
        })
    }

    /// Whether this solver takes `puzzle`: its board, and its cages if it has any.
    pub fn takes_puzzle(&self, puzzle: &Grid) -> Result<(), PuzzleError> {
        self.takes(puzzle.shape())?;
        if self.refuses_cages(puzzle.is_killer()) {
            let solver = match self.preset {
                "" => self.family.to_string(),
                preset => format!("{} ({preset})", self.family),
            };
            return Err(PuzzleError::Unsupported {
                solver,
                boards: "puzzles without cages".to_string(),
            });
        }
        Ok(())
    }

    /// Whether it cannot run a puzzle because the puzzle is a `killer` and it takes no cages:
    /// the one rule behind every list that offers it disabled or leaves it out.
    pub fn refuses_cages(&self, killer: bool) -> bool {
        killer && !self.cages
    }

    /// The settings of a run with `seed` at this solver's default speed, as the page starts it:
    /// the command line and the benchmarks run the same schedule as the page.
    pub fn run_config(&self, seed: u64) -> RunConfig {
        RunConfig {
            seed,
            moves_per_tick: self.default_speed,
            ..RunConfig::default()
        }
    }

    /// The speed control's largest step: the work per tick when running as fast as possible.
    pub fn fastest(&self) -> u64 {
        self.speeds.last().copied().unwrap_or(self.default_speed)
    }

    /// The most work per tick on a board of `shape`: the top speed, scaled down on boards where
    /// a move costs more than on 9×9.
    pub fn fastest_on(&self, shape: Shape) -> u64 {
        let scale = (9.0 / shape.size() as f64).powi(self.cost_growth).min(1.0);
        ((self.fastest() as f64 * scale) as u64).max(1)
    }
}

/// What a solver says of itself in words: its plain name, short and in full, its plain line,
/// and the physics' detail ([`SolverSpec::title`], [`SolverSpec::short`], [`SolverSpec::plain`],
/// [`SolverSpec::about`]), handed together to [`SolverSpec::new`].
#[derive(Clone, Copy, Debug)]
pub struct Words {
    pub title: &'static str,
    pub short: &'static str,
    pub plain: &'static str,
    pub about: &'static str,
}

/// A solver's unit of work and the speeds the page offers for it ([`SolverSpec::work`],
/// [`SolverSpec::speeds`], [`SolverSpec::default_speed`], [`SolverSpec::cost_growth`]).
#[derive(Clone, Copy, Debug)]
pub struct Work {
    pub noun: Noun,
    pub speeds: &'static [u64],
    pub default_speed: u64,
    pub cost_growth: i32,
}

/// The boards a solver handles, and those boards in words ([`SolverSpec::supports`],
/// [`SolverSpec::boards`]).
#[derive(Clone, Copy, Debug)]
pub struct Boards {
    pub supports: fn(Shape) -> bool,
    pub words: &'static str,
}

/// Any board from 1×1 boxes up to 25×25.
pub const ANY_BOARD: Boards = Boards {
    supports: any_board,
    words: "any board up to 25×25",
};

/// Any board up to 25×25 whose rules add only units ([`units_only`]).
pub const UNITS_ONLY: Boards = Boards {
    supports: units_only,
    words: "any board up to 25×25 without anti-king or anti-knight rules",
};

/// What the presets of a family share: everything in a [`SolverSpec`] but its name, preset and
/// words. A family declares one as a const, and a preset that differs in a field or two takes
/// the family's with those changed (`Family { work: …, ..FAMILY }`).
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// The kind of machine ([`SolverSpec::family`]).
    pub name: &'static str,
    /// What the status line says while it runs ([`SolverSpec::activity`]).
    pub activity: &'static str,
    pub work: Work,
    /// What [`crate::step::Frame::effort`] counts ([`SolverSpec::effort`]).
    pub effort: Noun,
    /// See [`SolverSpec::max_restarts`].
    pub max_restarts: u32,
    /// See [`SolverSpec::complete`].
    pub complete: bool,
    /// See [`SolverSpec::qubo_bits`].
    pub qubo_bits: bool,
    pub boards: Boards,
    /// See [`SolverSpec::cages`].
    pub cages: bool,
}

impl SolverSpec {
    /// The registry entry of the preset `preset` of `family`, named `name` on the command line
    /// and saying `words` of itself: every solver's spec is made here.
    pub const fn new(
        family: Family,
        name: &'static str,
        preset: &'static str,
        words: Words,
    ) -> SolverSpec {
        SolverSpec {
            name,
            family: family.name,
            preset,
            title: words.title,
            short: words.short,
            plain: words.plain,
            about: words.about,
            work: family.work.noun,
            activity: family.activity,
            effort: family.effort,
            speeds: family.work.speeds,
            default_speed: family.work.default_speed,
            cost_growth: family.work.cost_growth,
            max_restarts: family.max_restarts,
            complete: family.complete,
            qubo_bits: family.qubo_bits,
            supports: family.boards.supports,
            boards: family.boards.words,
            cages: family.cages,
            limit_s: RUN_LIMIT_S,
        }
    }

    /// The same spec for a model that rarely solves a hard puzzle: its runs in the page stop
    /// at [`SHORT_LIMIT_S`] unless the user picks longer.
    pub const fn rarely_solving(self) -> SolverSpec {
        SolverSpec {
            limit_s: SHORT_LIMIT_S,
            ..self
        }
    }
}

/// Any board from 1×1 boxes up to 25×25.
pub fn any_board(_: Shape) -> bool {
    true
}

/// For solvers built on units alone (each holding every digit once): any board up to 25×25 whose
/// rules add only units, not anti-king or anti-knight pairs.
pub fn units_only(shape: Shape) -> bool {
    !shape.rules().has_pairs()
}
