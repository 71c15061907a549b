//! The report's pipeline (seed 004): sum-product belief propagation with hard decisions, then the
//! Flower Pollination Algorithm on the cells it left open.
//!
//! Belief propagation: messages until the beliefs stop moving, no damping; every cell whose belief
//! is certain becomes a given, the pencil marks are struck again, and the messages start over;
//! the phase ends when a settling fixes nothing new. Pollination (Yang 2012, as the report applies
//! it): a population of boards, each open cell holding a value from its pencil marks; per
//! generation every board makes a new candidate, cell by cell, by global pollination with
//! probability 0.8 (`x + L·(x − best)`, `L` a Lévy step) or else local pollination
//! (`x + U·(x_j − x_k)`, `U` uniform on [0, 1], `j`, `k` two random boards), rounded to the
//! closest pencil mark; the candidate replaces the board when its penalty `Σ |unit sum − 45|` is
//! lower. A board of penalty 0 is handed to the checker: the penalty also vanishes on some grids
//! that repeat digits, as the report says, and such a run ends there.
//!
//! `bp-alone` is the first phase by itself: what plain sum-product message passing decides. A
//! round of work is one round of messages, or one generation of pollination.

use super::{
    BELIEF, BeliefFrame, CERTAIN, CONVERGED, MAX_ROUNDS, Propagation, penalty, pencil_marks,
};
use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::rng::{Draws, Rng, RngCore, SeedableRng};
use crate::spec::{Family, Machine, Noun, SolverSpec, Words, Work};
use crate::step::{BeliefSearch, Frame, RunConfig, RunState, Solver, solver_plumbing};
use std::sync::Arc;

/// Boards in the population (the report does not say; Yang's examples use 20 to 25).
pub const FLOWERS: usize = 20;
/// The switch probability between global and local pollination.
pub const SWITCH: f64 = 0.8;
/// Generations after which a run gives up.
pub const MAX_GENERATIONS: u64 = 1_000_000;

/// The report's pipeline and its first phase alone: the family's, in rounds of messages or
/// generations of pollination, which it counts as its effort; it gives up rather than proves.
const REPORT: Family = Family {
    activity: "Passing messages, then pollinating…",
    work: Work {
        noun: Noun {
            one: "round",
            many: "rounds",
        },
        default_speed: 20,
        ..BELIEF.work
    },
    effort: Noun {
        one: "generation",
        many: "generations",
    },
    complete: false,
    ..BELIEF
};

/// The report's pipeline.
pub static SPEC: SolverSpec = SolverSpec::new(
    REPORT,
    "bp-faithful",
    "faithful, with pollination",
    Words {
        title: "Likelihoods, then a swarm",
        short: "Likelihoods, swarm",
        plain: "Passes likelihoods as a student report did, then lets a swarm of boards hunt \
                for the rest: it often fails on hard puzzles.",
        about: "The report's pipeline: sum-product messages between the rows, columns and boxes \
                and the cells, certain cells fixed as they converge; then a population of 20 \
                boards improved by flower pollination (Lévy flights towards the best board with \
                probability 0.8, else a random difference of two boards), values rounded to the \
                pencil marks, minimising how far each unit's sum is from the sum of its digits.",
    },
)
.rarely_solving();

/// How to run it.
pub static MACHINE: Machine = Machine::new(&SPEC, |puzzle, config| {
    Faithful::start(puzzle, false, config)
});

/// Belief propagation alone. It never pollinates, so its setbacks are not generations: like
/// the backtracking search's it counts backtracks, of which it makes none.
pub static SPEC_ALONE: SolverSpec = SolverSpec::new(
    Family {
        effort: BELIEF.effort,
        ..REPORT
    },
    "bp-alone",
    "messages alone",
    Words {
        title: "Likelihoods alone",
        short: "Likelihoods alone",
        plain: "Only passes likelihoods between the cells and their rows, columns and boxes: it \
                fills what becomes certain and stops there.",
        about: "Sum-product messages between the units and the cells, certain cells fixed as \
                they converge, and nothing else: it stops where the messages stop deciding.",
    },
);

/// How to run it.
pub static MACHINE_ALONE: Machine = Machine::new(&SPEC_ALONE, |puzzle, config| {
    Faithful::start(puzzle, true, config)
});

/// The report's pipeline on one puzzle.
pub struct Faithful {
    alone: bool,
    puzzle: Grid,
    prop: Propagation,
    /// The messages have decided all they will (and, alone, nothing follows).
    stalled: bool,
    /// Set once the messages have decided all they will.
    pollination: Option<PollinationPhase>,
    /// The pollination phase's best board as beliefs, for the frame.
    one_hot: Vec<f64>,
    config: RunConfig,
    rng: Rng,
    shown: BeliefFrame,
}

/// The pollination phase.
struct PollinationPhase {
    /// The open cells and their candidates (1-based digits, ascending).
    open: Vec<(usize, Vec<u8>)>,
    boards: Vec<Vec<u8>>,
    penalties: Vec<u32>,
    best: usize,
    generations: u64,
    geometry: Arc<Geometry>,
    /// The best board as the generation began, and the board being made: reused every
    /// generation.
    best_board: Vec<u8>,
    candidate: Vec<u8>,
}

impl Faithful {
    fn start(
        puzzle: &Grid,
        alone: bool,
        config: RunConfig,
    ) -> Result<Box<dyn Solver>, PuzzleError> {
        Ok(Box::new(Faithful::new(puzzle, alone, config)?))
    }

    pub fn new(puzzle: &Grid, alone: bool, config: RunConfig) -> Result<Faithful, PuzzleError> {
        let shown = BeliefFrame::new(puzzle, BeliefSearch::Pollination { generations: 0 });
        check::validate(shown.geometry(), puzzle)?;
        let mut run = Faithful {
            alone,
            puzzle: puzzle.clone(),
            prop: Propagation::new(shown.geometry(), puzzle),
            stalled: false,
            pollination: None,
            one_hot: vec![0.0; puzzle.shape().cells() * puzzle.shape().size()],
            config,
            rng: Rng::seed_from_u64(config.seed),
            shown,
        };
        run.refresh();
        Ok(run)
    }

    fn refresh(&mut self) {
        match &self.pollination {
            Some(pollination) => {
                // The best board, shown as beliefs that are certain of its digits.
                let n = self.one_hot.len() / self.prop.allowed.len();
                self.one_hot.fill(0.0);
                for (c, &d) in pollination.boards[pollination.best].iter().enumerate() {
                    if d > 0 {
                        self.one_hot[c * n + usize::from(d) - 1] = 1.0;
                    }
                }
                self.shown.set_entropy(0.0);
                let search = BeliefSearch::Pollination {
                    generations: pollination.generations,
                };
                self.shown
                    .show(&self.one_hot, &self.prop.allowed, self.prop.rounds, search);
                self.shown.frame.effort = pollination.generations;
            }
            None => (self.prop).show(
                &mut self.shown,
                BeliefSearch::Pollination { generations: 0 },
            ),
        }
    }

    /// The messages have settled: makes the hard decisions. Returns whether any was made.
    fn harden(&mut self) -> bool {
        let open: Vec<usize> = (0..self.prop.allowed.len())
            .filter(|&c| self.prop.allowed[c].count_ones() > 1)
            .collect();
        let mut grid = self.puzzle.clone();
        for c in 0..self.prop.allowed.len() {
            if self.prop.allowed[c].count_ones() == 1 {
                grid.set(c, Some(self.prop.allowed[c].trailing_zeros() as u8 + 1));
            }
        }
        let mut any = false;
        for c in open {
            let (d, belief) = self.prop.messages.best(c);
            if belief >= CERTAIN {
                grid.set(c, Some(d as u8 + 1));
                any = true;
            }
        }
        if any {
            // The decided cells become givens, and the pencil marks are struck again.
            let marks = pencil_marks(self.shown.geometry(), &grid);
            self.prop.allowed = marks;
            self.prop.messages.reset(&self.prop.allowed);
        }
        self.prop.settling = 0;
        any
    }

    fn plant(&mut self) {
        let geometry = self.shown.geometry().clone();
        let open: Vec<(usize, Vec<u8>)> = (0..self.prop.allowed.len())
            .filter(|&c| self.prop.allowed[c].count_ones() != 1)
            .map(|c| {
                let digits = (0..32u8)
                    .filter(|d| self.prop.allowed[c] >> d & 1 == 1)
                    .map(|d| d + 1)
                    .collect();
                (c, digits)
            })
            .collect();
        let base: Vec<u8> = (0..self.prop.allowed.len())
            .map(|c| match self.prop.allowed[c].count_ones() {
                1 => self.prop.allowed[c].trailing_zeros() as u8 + 1,
                _ => 0,
            })
            .collect();
        let mut boards = Vec::with_capacity(FLOWERS);
        for _ in 0..FLOWERS {
            let mut board = base.clone();
            for (c, digits) in &open {
                if !digits.is_empty() {
                    board[*c] = digits[self.rng.below(digits.len() as u32) as usize];
                }
            }
            boards.push(board);
        }
        let penalties: Vec<u32> = boards.iter().map(|b| penalty(&geometry, b)).collect();
        let best = argmin(&penalties);
        self.pollination = Some(PollinationPhase {
            open,
            boards,
            penalties,
            best,
            generations: 0,
            geometry,
            best_board: base.clone(),
            candidate: base,
        });
    }

    /// One generation of pollination; returns whether a board of penalty 0 exists.
    fn pollinate(&mut self) -> bool {
        let Some(pollination) = &mut self.pollination else {
            return false;
        };
        pollination.generations += 1;
        pollination
            .best_board
            .copy_from_slice(&pollination.boards[pollination.best]);
        let (best, candidate) = (&pollination.best_board, &mut pollination.candidate);
        for i in 0..FLOWERS {
            candidate.copy_from_slice(&pollination.boards[i]);
            for (c, digits) in &pollination.open {
                if digits.is_empty() {
                    continue;
                }
                let x = f64::from(candidate[*c]);
                let moved = if unit(&mut self.rng) < SWITCH {
                    x + levy(&mut self.rng) * (x - f64::from(best[*c]))
                } else {
                    let j = self.rng.below(FLOWERS as u32) as usize;
                    let k = self.rng.below(FLOWERS as u32) as usize;
                    x + unit(&mut self.rng)
                        * (f64::from(pollination.boards[j][*c])
                            - f64::from(pollination.boards[k][*c]))
                };
                candidate[*c] = closest(digits, moved);
            }
            let p = penalty(&pollination.geometry, candidate);
            if p < pollination.penalties[i] {
                pollination.boards[i].copy_from_slice(candidate);
                pollination.penalties[i] = p;
            }
        }
        pollination.best = argmin(&pollination.penalties);
        pollination.penalties[pollination.best] == 0
    }

    /// After a tick: ends the run when the grid is solved, when pollination reached penalty 0 on
    /// a wrong grid or used its generations, or when the messages stalled, saying why.
    fn conclude(&mut self) {
        let pollination_over = self
            .pollination
            .as_ref()
            .map(|g| (g.penalties[g.best] == 0, g.generations >= MAX_GENERATIONS));
        if self.shown.frame.violations == 0 {
            self.shown.frame.state = RunState::Solved;
        } else if let Some((zero, spent)) = pollination_over {
            if zero {
                self.shown.frame.state = RunState::GaveUp;
                self.shown.frame.closing = Some(
                    "Pollination reached penalty 0 on a grid that repeats digits: every unit \
                     sums to the right total, yet the rules are broken."
                        .to_string(),
                );
            } else if spent {
                self.shown.frame.state = RunState::GaveUp;
            }
        } else if self.stalled {
            let open = self
                .prop
                .allowed
                .iter()
                .filter(|a| a.count_ones() != 1)
                .count();
            self.shown.frame.state = RunState::GaveUp;
            self.shown.frame.closing = Some(if open == 0 {
                "The messages decided every cell, but some decisions were wrong: belief \
                 propagation was certain of digits that break the rules."
                    .to_string()
            } else {
                format!(
                    "The messages settled with {open} cells still open: belief propagation \
                     alone decides no more."
                )
            });
        }
    }
}

/// The index of the smallest value (the first of equals).
fn argmin(values: &[u32]) -> usize {
    (0..values.len()).min_by_key(|&i| values[i]).unwrap_or(0)
}

/// A uniform draw in [0, 1).
fn unit(rng: &mut Rng) -> f64 {
    f64::from(rng.next_u32()) / 4_294_967_296.0
}

/// A step from the Lévy distribution of scale 1, `1 / z²` for a standard normal `z`. The normal
/// is the sum of twelve uniforms less six, so the draw uses only portable arithmetic; its tails
/// stop at ±6, which bounds the step below by 1/36 and leaves its heavy upper tail intact.
fn levy(rng: &mut Rng) -> f64 {
    let z: f64 = (0..12).map(|_| unit(rng)).sum::<f64>() - 6.0;
    1.0 / (z * z).max(1e-12)
}

/// The candidate digit nearest to `x` (the smaller of two equally near).
fn closest(digits: &[u8], x: f64) -> u8 {
    let mut best = digits[0];
    for &d in digits {
        if (f64::from(d) - x).abs() < (f64::from(best) - x).abs() {
            best = d;
        }
    }
    best
}

impl Solver for Faithful {
    fn tick(&mut self) -> &Frame {
        if self.shown.frame.state != RunState::Running {
            return &self.shown.frame;
        }
        for _ in 0..self.config.moves_per_tick {
            self.shown.frame.moves += 1;
            if self.pollination.is_some() {
                if self.pollinate() {
                    break;
                }
                continue;
            }
            if self.prop.all_decided() {
                // Every cell decided: a solution, or hard decisions that were wrong.
                self.stalled = true;
                break;
            }
            self.prop.rounds += 1;
            self.prop.settling += 1;
            // Hard decisions only where the beliefs converged; messages that keep moving (or
            // that contradict each other) decide nothing.
            let (settled, converged) = match self.prop.messages.iterate() {
                Err(_) => (true, false),
                Ok(change) => (
                    change < CONVERGED || self.prop.settling >= MAX_ROUNDS,
                    change < CONVERGED,
                ),
            };
            if settled && !(converged && self.harden()) {
                if self.alone {
                    self.stalled = true;
                    break;
                }
                self.plant();
            }
        }
        self.shown.frame.ticks += 1;
        self.refresh();
        self.conclude();
        &self.shown.frame
    }

    solver_plumbing!(shown.frame, config.moves_per_tick);
}
