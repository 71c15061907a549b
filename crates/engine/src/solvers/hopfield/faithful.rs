//! The Hopfield network exactly as the notebook of seed 003 builds it: binary neurons `V(i,j,k)`,
//! weight `−α` between two neurons of one cell and between one digit's neurons in a row, a
//! column or a box, no self-weight, no bias, the givens clamped on. A neuron is set on when its
//! input `Σ w V` is at least zero (no active neuron inhibits it) and off otherwise.
//!
//! Two update rules, as in the notebook: `step` visits every neuron in index order (cell by cell,
//! digit by digit), using the new values at once, and clamps the givens after the pass;
//! `randomStep` updates one neuron picked at random, skipping the givens. The notebook's
//! `randomStep` multiplies by the chosen neuron's own state where the neighbour's is meant
//! (`neurones[i]·w[i][j]`), which makes every update a toggle; the rule here is the one its text
//! describes, the same threshold as `step`.
//!
//! Either rule ends at a fixed point: every neuron on has no active rival, every neuron off has
//! one. Such a state meets no rule twice but may leave cells empty, and from then on nothing
//! changes; the notebook's 9×9 easy puzzle stops at 308 of 324 constraints that way.

use super::{HOPFIELD, NetworkFrame, Reading, UPDATE};
use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::rng::{Draws, Rng, SeedableRng};
use crate::spec::{ANY_BOARD, Family, Machine, Noun, SolverSpec, Words, Work};
use crate::step::NetworkFigures;
use crate::step::{Frame, RunConfig, RunState, Solver, solver_plumbing};

/// The weight between rival neurons in the notebook's 9×9 runs. The dynamics do not depend on
/// it (a neuron turns on exactly when no rival is on); it scales the reported energy.
pub const ALPHA: f64 = 2.0;

/// The order in which neurons are updated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The notebook's `step`: every neuron in index order, the givens clamped after each pass.
    Sweep,
    /// The notebook's `randomStep`: one neuron chosen at random per update.
    Random,
}

/// The notebook's network under either of its rules: the family's, run a few updates a frame
/// to a fixed point (effort counted in sweeps, no restart), on any board.
const NOTEBOOK: Family = Family {
    activity: "Updating neurons…",
    work: Work {
        noun: UPDATE,
        speeds: &[9, 27, 81, 729, 7_290],
        default_speed: 27,
        cost_growth: 0,
    },
    effort: Noun {
        one: "sweep",
        many: "sweeps",
    },
    max_restarts: 0,
    boards: ANY_BOARD,
    ..HOPFIELD
};

/// The notebook's network with its `step` rule.
pub static SPEC: SolverSpec = SolverSpec::new(
    NOTEBOOK,
    "hopfield-faithful",
    "faithful, sweeps",
    Words {
        title: "Neural network, as in the notebook",
        short: "Neural net, notebook",
        plain: "A simple on/off network from a teaching notebook: it fills what it can, and \
                often stops with empty cells.",
        about: "The notebook's network: one on/off neuron per cell and digit, weight −α between \
     neurons of one cell and between one digit's neurons in a row, column or box, the givens \
     clamped. Neurons are visited in order; one turns on when no rival is on. It stops where \
     nothing changes, often with empty cells.",
    },
);

/// How to run it.
pub static MACHINE: Machine = Machine::new(&SPEC, |puzzle, config| {
    FaithfulHopfield::start(puzzle, Rule::Sweep, config)
});

/// The notebook's network with its `randomStep` rule.
pub static SPEC_RANDOM: SolverSpec = SolverSpec::new(
    NOTEBOOK,
    "hopfield-faithful-random",
    "faithful, random order",
    Words {
        title: "Neural network, notebook, random order",
        short: "Neural net, random",
        plain: "The same network with its switches tried in random order: it too often stops \
                with empty cells.",
        about: "The notebook's network updated one neuron at a time, picked at random (its \
                randomStep): a neuron turns on when no rival is on and off when one is. It \
                stops where nothing changes, often with empty cells.",
    },
);

/// How to run it.
pub static MACHINE_RANDOM: Machine = Machine::new(&SPEC_RANDOM, |puzzle, config| {
    FaithfulHopfield::start(puzzle, Rule::Random, config)
});

/// The notebook's network on one puzzle.
pub struct FaithfulHopfield {
    n: usize,
    rule: Rule,
    /// Neuron `cell·n + d` on or off.
    on: Vec<bool>,
    /// The givens' neurons, clamped on.
    clamped: Vec<bool>,
    /// How many of each neuron's rivals are on: its input is `−α` times this.
    rivals_on: Vec<u32>,
    /// The rivals of neuron `x` (the other digits of its cell, its digit in the cell's peers).
    rivals: Vec<u32>,
    rival_count: usize,
    /// The next neuron a sweep updates.
    cursor: usize,
    /// A neuron changed since the current sweep began.
    changed: bool,
    /// A whole sweep went by without a change.
    quiet_sweep: bool,
    sweeps: u64,
    config: RunConfig,
    rng: Rng,
    shown: NetworkFrame,
}

impl FaithfulHopfield {
    pub fn new(
        puzzle: &Grid,
        rule: Rule,
        config: RunConfig,
    ) -> Result<FaithfulHopfield, PuzzleError> {
        let geometry = Geometry::of(puzzle.shape());
        check::validate(&geometry, puzzle)?;
        let n = puzzle.shape().size();
        let cells = puzzle.shape().cells();
        let mut rivals = Vec::new();
        for x in 0..cells * n {
            let (cell, d) = (x / n, x % n);
            rivals.extend((0..n).filter(|&e| e != d).map(|e| (cell * n + e) as u32));
            rivals.extend(
                geometry
                    .peers(cell)
                    .iter()
                    .map(|&p| (usize::from(p) * n + d) as u32),
            );
        }
        let rival_count = rivals.len() / (cells * n);
        let shown = NetworkFrame::new(puzzle, false);
        let mut net = FaithfulHopfield {
            n,
            rule,
            on: vec![false; cells * n],
            clamped: vec![false; cells * n],
            rivals_on: vec![0; cells * n],
            rivals,
            rival_count,
            cursor: 0,
            changed: false,
            quiet_sweep: false,
            sweeps: 0,
            config,
            rng: Rng::seed_from_u64(config.seed),
            shown,
        };
        for c in 0..cells {
            if let Some(d) = puzzle.get(c) {
                let x = c * n + usize::from(d) - 1;
                net.clamped[x] = true;
                net.set(x, true);
            }
        }
        net.refresh();
        Ok(net)
    }

    /// A run of the network under `rule`, as the registry starts it.
    fn start(puzzle: &Grid, rule: Rule, config: RunConfig) -> Result<Box<dyn Solver>, PuzzleError> {
        Ok(Box::new(FaithfulHopfield::new(puzzle, rule, config)?))
    }

    /// Sets neuron `x` and tells its rivals; returns whether it changed.
    fn set(&mut self, x: usize, on: bool) -> bool {
        if self.on[x] == on {
            return false;
        }
        self.on[x] = on;
        for &r in &self.rivals[x * self.rival_count..(x + 1) * self.rival_count] {
            if on {
                self.rivals_on[r as usize] += 1;
            } else {
                self.rivals_on[r as usize] -= 1;
            }
        }
        true
    }

    /// The threshold rule: on exactly when the input `−α · rivals on` is not negative.
    fn update(&mut self, x: usize) -> bool {
        let on = self.rivals_on[x] == 0;
        self.set(x, on)
    }

    /// No neuron would change under the rule: the network has reached a fixed point.
    fn settled(&self) -> bool {
        (0..self.on.len()).all(|x| self.clamped[x] || self.on[x] == (self.rivals_on[x] == 0))
    }

    /// The notebook's energy `E = −Σ V + α Σ_{rival pairs} V V`: the dynamics never raise it.
    fn energy(&self) -> f64 {
        let active = self.on.iter().filter(|&&on| on).count() as f64;
        let pairs: u32 = (self.on.iter().zip(&self.rivals_on))
            .filter(|(on, _)| **on)
            .map(|(_, &r)| r)
            .sum();
        -active + ALPHA * f64::from(pairs) / 2.0
    }

    fn refresh(&mut self) {
        let n = self.n;
        let energy = self.energy();
        let sweeps = match self.rule {
            Rule::Sweep => self.sweeps,
            Rule::Random => self.shown.frame.moves / self.on.len() as u64,
        };
        let (up, _) = self.shown.neurons();
        for (bits, cell) in up.iter_mut().zip(self.on.chunks(n)) {
            *bits = (cell.iter().enumerate())
                .filter(|(_, on)| **on)
                .fold(0, |b, (d, _)| b | 1 << d);
        }
        self.shown.read_out();
        self.shown.show(Reading {
            energy,
            sweeps,
            effort: sweeps,
            ..Reading::default()
        });
    }

    /// Ends the run at a fixed point that is no solution, with the notebook's score in the
    /// closing words.
    fn give_up(&mut self) {
        let NetworkFigures {
            optimal, actual, ..
        } = self.shown.figures();
        let frame = &mut self.shown.frame;
        frame.state = RunState::GaveUp;
        frame.closing = Some(format!(
            "The network settled with {actual} of {optimal} constraints met and will not \
             change again: a plain Hopfield network gets stuck."
        ));
    }
}

impl Solver for FaithfulHopfield {
    fn tick(&mut self) -> &Frame {
        if self.shown.frame.state != RunState::Running {
            return &self.shown.frame;
        }
        let total = self.on.len();
        for _ in 0..self.config.moves_per_tick {
            match self.rule {
                Rule::Sweep => {
                    let x = self.cursor;
                    self.changed |= self.update(x);
                    self.cursor += 1;
                    if self.cursor == total {
                        for x in 0..total {
                            if self.clamped[x] {
                                self.changed |= self.set(x, true);
                            }
                        }
                        self.cursor = 0;
                        self.sweeps += 1;
                        if !std::mem::take(&mut self.changed) {
                            self.quiet_sweep = true;
                            break;
                        }
                    }
                }
                Rule::Random => {
                    let x = self.rng.below(total as u32) as usize;
                    if !self.clamped[x] {
                        self.update(x);
                    }
                }
            }
            self.shown.frame.moves += 1;
        }
        self.shown.frame.ticks += 1;
        self.refresh();
        if self.shown.frame.violations == 0 {
            // A solution is a fixed point too: every rival of an active neuron is off.
            self.shown.frame.state = RunState::Solved;
        } else if match self.rule {
            Rule::Sweep => self.quiet_sweep,
            Rule::Random => self.settled(),
        } {
            self.give_up();
        }
        &self.shown.frame
    }

    solver_plumbing!(shown.frame, config.moves_per_tick);
}
