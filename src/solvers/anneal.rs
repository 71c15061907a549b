//! Simulated annealing with restarts, shared by every spin model: geometric cooling per tick, a
//! floor held for a while, the checker at the end of each attempt, and a fresh random start when
//! it fails.

use crate::board::{Geometry, Grid};
use crate::check;
use crate::rng::Rng;
use crate::solver::{Mark, RunConfig, RunState, Snapshot, Solver};

/// How the temperature falls within one attempt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Temperature at the start of every attempt.
    pub start: f64,
    /// Multiplier applied after each tick.
    pub factor: f64,
    /// Lowest temperature; reaching it begins the end of the attempt.
    pub floor: f64,
    /// Ticks spent at the floor before the attempt is checked (0: check as soon as it is reached).
    pub hold_ticks: u32,
}

impl Schedule {
    /// Ticks in one full attempt, from `start` until the check.
    pub fn ticks_per_attempt(&self) -> u64 {
        let mut t = self.start;
        let mut ticks = 0;
        while t >= self.floor {
            t *= self.factor;
            ticks += 1;
        }
        ticks + u64::from(self.hold_ticks)
    }
}

/// A system of spins that the annealer can cool.
pub trait SpinModel {
    /// The puzzle this model encodes.
    fn puzzle(&self) -> &Grid;
    fn geometry(&self) -> &Geometry;
    /// The cooling schedule this model is meant to be run with.
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
    /// What each cell shows now.
    fn marks(&self) -> Vec<Mark>;
}

/// Runs a [`SpinModel`] under its schedule, restarting from random spins when an attempt ends on a
/// grid the checker rejects.
pub struct Annealer<M> {
    model: M,
    schedule: Schedule,
    config: RunConfig,
    rng: Rng,
    temperature: f64,
    ticks_at_floor: u32,
    state: RunState,
    restarts: u32,
    moves: u64,
    ticks: u64,
    /// The temperature of the last tick, for the frame a finished run keeps showing.
    last_temperature: f64,
    /// A restart is due: fresh random spins before the next sweep. Until then the model still
    /// holds the frame last shown.
    fresh_spins: bool,
}

impl<M: SpinModel> Annealer<M> {
    pub fn new(mut model: M, config: RunConfig) -> Annealer<M> {
        let mut rng = Rng::seed_from_u64(config.seed);
        model.randomize(&mut rng);
        let schedule = config.schedule.unwrap_or_else(|| model.schedule());
        Annealer {
            model,
            schedule,
            config,
            rng,
            temperature: schedule.start,
            ticks_at_floor: 0,
            state: RunState::Running,
            restarts: 0,
            moves: 0,
            ticks: 0,
            last_temperature: schedule.start,
            fresh_spins: false,
        }
    }

    fn snapshot(&self, marks: Vec<Mark>, violations: u32, temperature: f64) -> Snapshot {
        Snapshot {
            cells: marks,
            state: self.state,
            temperature: Some(temperature),
            energy: self.model.energy(),
            violations,
            restarts: self.restarts,
            moves: self.moves,
            backtracks: 0,
            ticks: self.ticks,
        }
    }

    fn restart(&mut self) {
        if self
            .config
            .max_restarts
            .is_some_and(|max| self.restarts >= max)
        {
            self.state = RunState::GaveUp;
            return;
        }
        self.restarts += 1;
        self.fresh_spins = true;
        self.temperature = self.schedule.start;
        self.ticks_at_floor = 0;
    }
}

impl<M: SpinModel> Solver for Annealer<M> {
    fn tick(&mut self) -> Snapshot {
        if self.state != RunState::Running {
            let marks = self.model.marks();
            let violations = check::violations(self.model.geometry(), self.model.puzzle(), &marks);
            return self.snapshot(marks, violations, self.last_temperature);
        }
        if std::mem::take(&mut self.fresh_spins) {
            self.model.randomize(&mut self.rng);
        }
        let t = self.temperature;
        self.last_temperature = t;
        self.moves += self
            .model
            .sweep(self.config.moves_per_tick, t, &mut self.rng);
        self.ticks += 1;
        let marks = self.model.marks();
        let violations = check::violations(self.model.geometry(), self.model.puzzle(), &marks);
        if self.model.claims_solution() && violations == 0 {
            self.state = RunState::Solved;
        } else {
            self.temperature *= self.schedule.factor;
            if self.temperature < self.schedule.floor {
                self.temperature = self.schedule.floor;
                self.ticks_at_floor += 1;
            }
            if self.ticks_at_floor > self.schedule.hold_ticks {
                if violations == 0 {
                    self.state = RunState::Solved;
                } else {
                    self.restart();
                }
            }
        }
        self.snapshot(marks, violations, t)
    }

    fn set_moves_per_tick(&mut self, moves: u64) {
        self.config.moves_per_tick = moves.max(1);
    }

    fn stop(&mut self) {
        if self.state == RunState::Running {
            self.state = RunState::Stopped;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_2019_schedule_checks_after_48_ticks() {
        let faithful = Schedule {
            start: 100.0,
            factor: 0.9,
            floor: 0.7,
            hold_ticks: 0,
        };
        // 100·0.9^47 ≈ 0.71 is still above 0.7; the 48th tick takes it below and triggers the check.
        assert_eq!(faithful.ticks_per_attempt(), 48);
    }
}
