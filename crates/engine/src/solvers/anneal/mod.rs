//! Simulated annealing with restarts, shared by every spin model: geometric cooling per step of a
//! fixed number of moves, a floor held for a while, the checker at the end of each attempt, and a
//! fresh random start when it fails. The speed only says how many moves a frame shows. The
//! moves the models share ([`metropolis`], [`digital_annealer`], [`weights`]) and the one-hot
//! bookkeeping of [`domains`] sit beside it; each preset is one model in its own file.

pub mod cages;
pub mod digital_annealer;
pub mod domains;
pub mod focus;
pub mod ising_faithful;
pub mod ising_tuned;
pub mod metropolis;
pub mod qubo_faithful;
pub mod qubo_onehot;
pub mod weights;

use super::mark_of;
use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::rng::{Rng, SeedableRng};
use crate::spec::{ANY_BOARD, Family, Noun, Work};
use crate::step::{
    AnnealerFigures, Detail, Figures, Frame, RunConfig, RunState, Schedule, Series, Solver,
    solver_plumbing,
};
use std::sync::Arc;

/// A system of spins that the annealer can cool.
pub trait SpinModel {
    /// Moves made at each temperature of the schedule, whatever the speed: the run is the same
    /// at every speed, watched or as fast as possible.
    const STEP: u64;
    /// The cooling schedule this model is meant to be run with, in steps of [`SpinModel::STEP`]
    /// moves.
    fn schedule(&self) -> Schedule;
    /// Sets every free spin at random.
    fn randomize(&mut self, rng: &mut Rng);
    /// Makes up to `moves` Metropolis moves at temperature `t` and returns how many it made; it
    /// may stop early at a state that [`SpinModel::claims_solution`].
    fn sweep(&mut self, moves: u64, t: f64, rng: &mut Rng) -> u64;
    /// Whether the model sees its own ground state, which it knows to encode a solution. The
    /// checker still has the last word.
    fn claims_solution(&self) -> bool;
    /// The Hamiltonian's value now.
    fn energy(&self) -> f64;
    /// Writes each cell's up spins (bit `d` for digit `d + 1`); what a cell shows follows from
    /// them ([`mark_of`]).
    fn spins(&self, up: &mut [u32]);
    /// Per cell, the digits whose spins exist for it and those of them that can flip (bit sets
    /// as in [`SpinModel::spins`]); fixed for the model's life.
    fn spin_layout(&self) -> (Vec<u32>, Vec<u32>);
    /// The Digital Annealer's escape offset now, for models that step that way.
    fn escape_offset(&self) -> Option<i64> {
        None
    }
    /// A killer's cage-sum penalty now, the part of [`SpinModel::energy`] its cages add, for
    /// models that keep it apart.
    fn cage_energy(&self) -> Option<f64> {
        None
    }
    /// A temperature at which the grid is plainly disordered, for a watched run to start from
    /// ([`Shown`]); `None` for a model whose own schedule starts hot enough to be seen cooling.
    fn hot(&self) -> Option<f64> {
        None
    }
}

/// The spin layout of a model whose every spin exists and flips freely, on `cells` cells of `n`
/// digits.
pub fn all_free(n: usize, cells: usize) -> (Vec<u32>, Vec<u32>) {
    let all = (1u32 << n) - 1;
    (vec![all; cells], vec![all; cells])
}

/// The Ising annealers' step: 50,000 flips at each temperature, as the 2019 demo made per frame.
pub const FLIPS_PER_STEP: u64 = 50_000;

/// The Ising annealers' moves: flips, shown a few hundred per frame by default so that the
/// cooling can be watched.
pub const FLIPS: Work = Work {
    noun: Noun {
        one: "flip",
        many: "flips",
    },
    speeds: &[5_000, 20_000, 50_000, 200_000, 1_000_000],
    default_speed: 50_000,
    cost_growth: 0,
};

/// What every Ising annealer shares: restarts as the effort, any board, incomplete; the QUBO
/// annealers take it with their own name, work and bits ([`qubo_faithful::QUBO`]).
pub const ISING: Family = Family {
    name: "Ising annealer",
    activity: "Annealing…",
    work: FLIPS,
    effort: Noun {
        one: "restart",
        many: "restarts",
    },
    // At least 48 steps an attempt: over 13 minutes at a step per frame.
    max_restarts: 1_000,
    complete: false,
    qubo_bits: false,
    boards: ANY_BOARD,
    cages: false,
};

/// What an annealer plots: its energy, and the temperature on a log scale (geometric cooling
/// is a straight line).
pub const SERIES: [Series; 2] = [Series::linear("Energy"), Series::log("Temperature")];

/// A watched run's cooling from [`SpinModel::hot`] to the model's own floor: this many ticks at
/// each temperature, so that the eye follows each step and the whole fall takes seconds…
pub const SHOWN_TICKS_PER_STEP: u64 = 8;

/// …falling by this factor each step (a straight line on the plot's log axis)…
pub const SHOWN_FACTOR: f64 = 0.925;

/// …with this many moves a tick for each cell of the board: a few sweeps of the open cells per
/// temperature, near equilibrium all the way down, so that the grid orders as it freezes.
pub const SHOWN_MOVES_PER_CELL: u64 = 1;

/// At the floor a watched tick makes this many hundredths of the last one's moves, up to the
/// speed: the hold, where hard puzzles spend their time, passes in seconds. Integers, so that a
/// run is the same native and in wasm.
pub const SHOWN_GROWTH: u64 = 104;

/// A restart's fall from hot again takes this many ticks a step: the grid was seen ordering
/// once, so about a second, yet a cooling on the plot rather than a spike in one tick.
pub const SHOWN_RESTART_TICKS_PER_STEP: u64 = 2;

/// How a watched run shows the annealing of a model whose own schedule starts too cold to see:
/// hot, cooling by [`SHOWN_FACTOR`] every [`SHOWN_TICKS_PER_STEP`] ticks of a fixed number of
/// moves down to the model's floor, then the model's own steps and hold at the floor while the
/// work per tick grows to the speed. A restart falls again at [`SHOWN_RESTART_TICKS_PER_STEP`],
/// then takes back the pace it had reached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shown {
    /// Moves in a step of the fall (the floor keeps the model's own [`SpinModel::STEP`]).
    step: u64,
    /// Moves the next tick makes.
    moves: u64,
    /// The pace reached before a restart, taken back at the floor.
    reached: Option<u64>,
}

impl Shown {
    fn new(cells: usize) -> Shown {
        let moves = (cells as u64 * SHOWN_MOVES_PER_CELL).max(1);
        Shown {
            step: moves * SHOWN_TICKS_PER_STEP,
            moves,
            reached: None,
        }
    }

    /// A restart: the fall again, at its own pace, keeping the pace reached for the floor.
    fn restart(&mut self) {
        self.reached = Some(self.moves);
        self.moves = (self.step / SHOWN_RESTART_TICKS_PER_STEP).max(1);
    }
}

/// Runs a [`SpinModel`] under its schedule, restarting from random spins when an attempt ends on a
/// grid the checker rejects.
pub struct Annealer<M> {
    model: M,
    /// The puzzle the model encodes, and its geometry, for the checker.
    puzzle: Grid,
    geometry: Arc<Geometry>,
    schedule: Schedule,
    /// How a watched run is shown, when the model's own schedule starts too cold to see.
    shown: Option<Shown>,
    config: RunConfig,
    rng: Rng,
    temperature: f64,
    /// Moves left at this temperature.
    step_left: u64,
    steps_at_floor: u32,
    restarts: u32,
    figures: AnnealerFigures,
    /// A restart is due: fresh random spins before the next sweep. Until then the model still
    /// holds the frame last shown.
    fresh_spins: bool,
    frame: Frame,
}

/// Starts an annealing run of `model`, made from `puzzle` (or why it could not be): how every
/// annealer preset's [`Machine`](crate::spec::Machine) starts.
pub fn start<M: SpinModel + 'static>(
    puzzle: &Grid,
    model: Result<M, PuzzleError>,
    config: RunConfig,
) -> Result<Box<dyn Solver>, PuzzleError> {
    Ok(Box::new(Annealer::new(puzzle, model?, config)))
}

impl<M: SpinModel> Annealer<M> {
    /// Anneals `model`, which encodes `puzzle`.
    pub fn new(puzzle: &Grid, mut model: M, config: RunConfig) -> Annealer<M> {
        let mut rng = Rng::seed_from_u64(config.seed);
        model.randomize(&mut rng);
        let cells = puzzle.shape().cells();
        let own = config.schedule.unwrap_or_else(|| model.schedule());
        // An explicit schedule is an experiment's and is run as given.
        let hot = (model.hot())
            .filter(|&hot| config.watched && config.schedule.is_none() && hot > own.start);
        let (schedule, presentation) = match hot {
            Some(start) => (
                Schedule {
                    start,
                    factor: SHOWN_FACTOR,
                    ..own
                },
                Some(Shown::new(cells)),
            ),
            None => (own, None),
        };
        let (shown, free) = model.spin_layout();
        let nothing_free = free.iter().all(|&bits| bits == 0);
        let figures = AnnealerFigures {
            escape_offset: model.escape_offset(),
            ..AnnealerFigures::default()
        };
        let detail = Detail::Spins {
            up: vec![0; cells],
            shown,
            free,
            levels: Vec::new(),
        };
        let mut annealer = Annealer {
            model,
            puzzle: puzzle.clone(),
            geometry: Geometry::of(puzzle.shape()),
            schedule,
            shown: presentation,
            config,
            rng,
            temperature: schedule.start,
            step_left: 0,
            steps_at_floor: 0,
            restarts: 0,
            figures,
            fresh_spins: false,
            frame: Frame::new(cells, Figures::Annealer(figures), SERIES, detail),
        };
        annealer.step_left = annealer.step_moves();
        annealer.refresh(schedule.start, false);
        // The clamps alone fill the grid: there is nothing to anneal, and the run says so.
        if nothing_free && annealer.frame.violations == 0 && annealer.model.claims_solution() {
            annealer.frame.state = RunState::Solved;
            let open = cells.saturating_sub(puzzle.filled());
            annealer.frame.forced = Some(u32::try_from(open).unwrap_or(u32::MAX));
        }
        annealer
    }

    /// Moves in a step at the temperature now: short steps on a watched run's fall, the
    /// model's own otherwise.
    fn step_moves(&self) -> u64 {
        match self.shown {
            Some(shown) if self.temperature > self.schedule.floor => shown.step,
            _ => M::STEP,
        }
    }

    /// Moves the coming tick makes: the speed's, or on a watched run what [`Shown`] allows.
    fn tick_moves(&mut self) -> u64 {
        let speed = self.config.moves_per_tick;
        let at_floor = self.temperature <= self.schedule.floor;
        match self.shown.as_mut() {
            None => speed,
            Some(shown) => {
                if at_floor && let Some(reached) = shown.reached.take() {
                    shown.moves = reached;
                }
                let moves = shown.moves.min(speed);
                if at_floor {
                    let grown = (moves + 1).max(moves.saturating_mul(SHOWN_GROWTH) / 100);
                    shown.moves = grown.min(speed);
                }
                moves
            }
        }
    }

    /// Brings the frame up to date with the model after a tick at temperature `t`.
    fn refresh(&mut self, t: f64, restarted: bool) {
        let frame = &mut self.frame;
        if let Detail::Spins { up, .. } = &mut frame.detail {
            self.model.spins(up);
            for (mark, &bits) in frame.cells.iter_mut().zip(up.iter()) {
                *mark = mark_of(bits);
            }
        }
        frame.violations = check::violations(&self.geometry, &self.puzzle, &frame.cells);
        let energy = self.model.energy();
        frame.effort = u64::from(self.restarts);
        self.figures = AnnealerFigures {
            temperature: t,
            energy,
            restarts: self.restarts,
            broken_rules: frame.violations,
            escape_offset: self.model.escape_offset(),
            cage_energy: self.model.cage_energy(),
        };
        frame.figures = Figures::Annealer(self.figures);
        frame.sample.tick = frame.ticks;
        frame.sample.values = [energy, t];
        frame.sample.restarted = restarted;
    }

    fn restart(&mut self) {
        if self
            .config
            .max_restarts
            .is_some_and(|max| self.restarts >= max)
        {
            self.frame.state = RunState::GaveUp;
            return;
        }
        self.restarts += 1;
        self.frame.effort = u64::from(self.restarts);
        self.figures.restarts = self.restarts;
        self.frame.figures = Figures::Annealer(self.figures);
        self.fresh_spins = true;
        if let Some(shown) = self.shown.as_mut() {
            shown.restart();
        }
        self.temperature = self.schedule.start;
        self.step_left = self.step_moves();
        self.steps_at_floor = 0;
    }

    /// Ends a step at the schedule's next temperature; at the end of the hold, checks the grid
    /// and restarts if it is wrong.
    fn cool(&mut self, t: f64, restarted: bool) {
        self.temperature *= self.schedule.factor;
        if self.temperature < self.schedule.floor {
            self.temperature = self.schedule.floor;
            self.steps_at_floor += 1;
        }
        self.step_left = self.step_moves();
        if self.steps_at_floor > self.schedule.hold_steps {
            self.refresh(t, restarted);
            if self.frame.violations == 0 {
                self.frame.state = RunState::Solved;
            } else {
                self.restart();
            }
        }
    }
}

impl<M: SpinModel> Solver for Annealer<M> {
    fn tick(&mut self) -> &Frame {
        if self.frame.state != RunState::Running {
            return &self.frame;
        }
        let restarted = std::mem::take(&mut self.fresh_spins);
        if restarted {
            self.model.randomize(&mut self.rng);
        }
        let t = self.temperature;
        let mut left = self.tick_moves();
        while left > 0 && self.frame.state == RunState::Running && !self.fresh_spins {
            let chunk = left.min(self.step_left);
            let made = self.model.sweep(chunk, self.temperature, &mut self.rng);
            self.frame.moves += made;
            if self.model.claims_solution() {
                self.refresh(t, restarted);
                if self.frame.violations == 0 {
                    self.frame.state = RunState::Solved;
                    break;
                }
            }
            left -= chunk;
            self.step_left -= chunk;
            if self.step_left == 0 {
                self.cool(t, restarted);
            }
        }
        self.frame.ticks += 1;
        self.refresh(t, restarted);
        &self.frame
    }

    solver_plumbing!(frame, config.moves_per_tick);

    fn paces_itself(&self) -> bool {
        self.shown.is_some()
    }
}
