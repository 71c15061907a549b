//! The default Hopfield preset: a network of continuous neurons cooled by mean-field annealing.
//!
//! Each cell's neurons are a winner-take-all group whose activations sum to one (a softmax of
//! their inputs at temperature `T`); a neuron's input is minus the activation of the same digit
//! elsewhere in its row, column and box. Cells are updated one at a time, which never raises the
//! network's free energy, and `T` falls after every sweep: while it is high every digit stays
//! possible everywhere; as it falls each cell settles on one digit. The digits are read off by
//! the strongest neuron of each cell and handed to the checker; an attempt that settles on a
//! wrong grid starts again from fresh random activations.

use super::{HOPFIELD, NetworkFrame, Reading};
use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::rng::{Draws, Rng, RngCore, SeedableRng};
use crate::solvers::strongest;
use crate::spec::{Machine, SolverSpec, Words};
use crate::step::{
    Cooling, Frame, RunConfig, RunState, Schedule, Solver, level, pack_levels, solver_plumbing,
};

/// The default preset's registry entry.
pub static SPEC: SolverSpec = SolverSpec::new(
    HOPFIELD,
    "hopfield",
    "mean field",
    Words {
        title: "Neural network, cooling",
        short: "Neural net, cooling",
        plain: "Soft on/off switches compete for each cell and settle on digits as the network \
                cools; it starts over when it settles wrong.",
        about: "One analog neuron per cell and digit; each cell's neurons share one unit of \
                activation, and a neuron is held down by the same digit's activation in its \
                row, column and box. The temperature of that competition falls after every \
                sweep until each cell settles on one digit; a network that settles on a wrong \
                grid starts again from random activations.",
    },
);

/// How to run it.
pub static MACHINE: Machine = Machine::new(&SPEC, |puzzle, config| {
    Ok(Box::new(MeanField::new(puzzle, config)?))
});

/// The mean-field network's own schedule: per sweep, not per tick, so that the speed control
/// changes only how fast a run is shown.
/// `hold_steps` counts sweeps here. The start matters most: from 0.8 the network solves 55 of
/// 100 easy puzzles within a second, from 0.6 all of them (docs/BENCHMARKS.md).
pub const SCHEDULE: Schedule = Schedule {
    start: 0.6,
    factor: 0.95,
    floor: 0.3,
    hold_steps: 2,
};

/// `exp(x)` for `x ≤ 0` from additions and multiplications only, so that a seeded run takes the
/// same path natively and in WebAssembly (the platforms' `exp` differ in the last bits). Worked
/// in double precision, so the result is within a rounding of the true value.
pub fn exp_nonpositive(x: f32) -> f32 {
    if x < -87.0 {
        return 0.0;
    }
    // e^x = 2^k · 2^f with k whole and f in [−½, ½].
    let y = f64::from(x) * std::f64::consts::LOG2_E;
    let k = (y + 0.5).floor();
    let t = (y - k) * std::f64::consts::LN_2;
    // e^t by its Taylor series (|t| ≤ 0.35) to the 9th power, in Horner's form.
    const INVERSE_FACTORIALS: [f64; 10] = [
        1.0,
        1.0,
        1.0 / 2.0,
        1.0 / 6.0,
        1.0 / 24.0,
        1.0 / 120.0,
        1.0 / 720.0,
        1.0 / 5_040.0,
        1.0 / 40_320.0,
        1.0 / 362_880.0,
    ];
    let sum = INVERSE_FACTORIALS
        .iter()
        .rev()
        .fold(0.0, |acc, &c| acc * t + c);
    (sum * f64::from_bits(((k as i64 + 1023) as u64) << 52)) as f32
}

/// The default preset: continuous neurons, one winner-take-all group per cell, cooled by
/// mean-field annealing and restarted from random activations when they settle wrong.
pub struct MeanField {
    n: usize,
    /// Activation of neuron `cell·n + d`; a given's neurons are clamped one-hot.
    v: Vec<f32>,
    /// `sums[u·n + d]`: digit `d`'s total activation over unit `u`.
    sums: Vec<f32>,
    /// The units of cell `c`: `cell_units[unit_start[c]..unit_start[c + 1]]` (three, and more
    /// on a rule's diagonal or extra box).
    cell_units: Vec<u16>,
    unit_start: Vec<usize>,
    /// The blank cells, in the order of the current sweep.
    order: Vec<u16>,
    /// Where the current sweep stands in `order`.
    cursor: usize,
    schedule: Schedule,
    temperature: f32,
    sweeps_at_floor: u32,
    sweeps: u64,
    restarts: u32,
    config: RunConfig,
    rng: Rng,
    shown: NetworkFrame,
}

impl MeanField {
    pub fn new(puzzle: &Grid, config: RunConfig) -> Result<MeanField, PuzzleError> {
        let geometry = Geometry::of(puzzle.shape());
        check::validate(&geometry, puzzle)?;
        let n = puzzle.shape().size();
        let cells = puzzle.shape().cells();
        let cell_units = (0..cells)
            .flat_map(|c| {
                let set = geometry.units_of(c);
                (0..128u16).filter(move |&u| set >> u & 1 == 1)
            })
            .collect();
        let unit_start = std::iter::once(0)
            .chain((0..cells).scan(0, |end, c| {
                *end += geometry.units_of(c).count_ones() as usize;
                Some(*end)
            }))
            .collect();
        let order: Vec<u16> = (0..cells)
            .filter(|&c| puzzle.get(c).is_none())
            .map(|c| c as u16)
            .collect();
        let schedule = config.schedule.unwrap_or(SCHEDULE);
        let mut v = vec![0.0; cells * n];
        for c in 0..cells {
            if let Some(d) = puzzle.get(c) {
                v[c * n + usize::from(d) - 1] = 1.0;
            }
        }
        let mut net = MeanField {
            n,
            v,
            sums: vec![0.0; geometry.units().count() * n],
            cell_units,
            unit_start,
            order,
            cursor: 0,
            schedule,
            temperature: schedule.start as f32,
            sweeps_at_floor: 0,
            sweeps: 0,
            restarts: 0,
            config,
            rng: Rng::seed_from_u64(config.seed),
            shown: NetworkFrame::new(puzzle, true),
        };
        net.randomize();
        net.refresh(false);
        Ok(net)
    }

    /// Fresh activations near the uniform point for every blank cell, a new sweep order, and
    /// the temperature back at the start.
    fn randomize(&mut self) {
        let n = self.n;
        for &c in &self.order {
            let cell = &mut self.v[usize::from(c) * n..][..n];
            for a in cell.iter_mut() {
                *a = 1.0 + (self.rng.next_u32() >> 8) as f32 / (1u32 << 24) as f32;
            }
            let total: f32 = cell.iter().sum();
            for a in cell.iter_mut() {
                *a /= total;
            }
        }
        self.sums.fill(0.0);
        for c in 0..self.v.len() / n {
            for &u in &self.cell_units[self.unit_start[c]..self.unit_start[c + 1]] {
                for d in 0..n {
                    self.sums[usize::from(u) * n + d] += self.v[c * n + d];
                }
            }
        }
        self.cursor = 0;
        self.temperature = self.schedule.start as f32;
        self.sweeps_at_floor = 0;
    }

    /// Sets cell `c`'s neurons to the softmax of their inputs at the current temperature.
    fn update(&mut self, c: usize) {
        let n = self.n;
        let units = &self.cell_units[self.unit_start[c]..self.unit_start[c + 1]];
        let mut input = [0f32; 32];
        let mut best = f32::NEG_INFINITY;
        for (d, slot) in input.iter_mut().enumerate().take(n) {
            let own = self.v[c * n + d];
            let others: f32 = units
                .iter()
                .map(|&u| self.sums[usize::from(u) * n + d] - own)
                .sum();
            *slot = -others;
            best = best.max(*slot);
        }
        let scale = 1.0 / self.temperature;
        let mut total = 0.0;
        for slot in input.iter_mut().take(n) {
            *slot = exp_nonpositive((*slot - best) * scale);
            total += *slot;
        }
        for (d, &e) in input.iter().enumerate().take(n) {
            let new = e / total;
            let delta = new - self.v[c * n + d];
            self.v[c * n + d] = new;
            for &u in units {
                self.sums[usize::from(u) * n + d] += delta;
            }
        }
    }

    /// The energy the constraints define: `½ Σ (unit's total of a digit − 1)²`, zero exactly
    /// at a solution.
    fn energy(&self) -> f64 {
        self.sums
            .iter()
            .map(|&s| f64::from(s - 1.0).powi(2))
            .sum::<f64>()
            / 2.0
    }

    /// The digits the network reads out, each cell's strongest neuron, judged by the checker.
    fn read_out(&mut self) {
        let (up, _) = self.shown.neurons();
        for (bits, cell) in up.iter_mut().zip(self.v.chunks(self.n)) {
            *bits = 1 << strongest(cell);
        }
        self.shown.read_out();
    }

    fn refresh(&mut self, restarted: bool) {
        self.read_out();
        let (_, levels) = self.shown.neurons();
        for (packed, cell) in levels.iter_mut().zip(self.v.chunks(self.n)) {
            *packed = pack_levels(cell.iter().map(|&a| level(a)));
        }
        let energy = self.energy();
        self.shown.show(Reading {
            energy,
            sweeps: self.sweeps,
            cooling: Some(Cooling {
                restarts: self.restarts,
                temperature: f64::from(self.temperature),
            }),
            effort: u64::from(self.restarts),
            restarted,
        });
    }

    /// Ends a sweep: cools, and at the end of an attempt restarts.
    fn end_sweep(&mut self) -> bool {
        self.sweeps += 1;
        self.cursor = 0;
        // A new order per sweep, so no cell always moves first.
        self.rng.shuffle(&mut self.order);
        self.temperature *= self.schedule.factor as f32;
        if self.temperature < self.schedule.floor as f32 {
            self.temperature = self.schedule.floor as f32;
            self.sweeps_at_floor += 1;
        }
        self.sweeps_at_floor > self.schedule.hold_steps
    }
}

impl Solver for MeanField {
    fn tick(&mut self) -> &Frame {
        if self.shown.frame.state != RunState::Running {
            return &self.shown.frame;
        }
        let n = self.n as u64;
        let mut budget = self.config.moves_per_tick.max(n);
        let mut restarted = false;
        while budget >= n && !self.order.is_empty() {
            self.update(usize::from(self.order[self.cursor]));
            self.shown.frame.moves += n;
            budget -= n;
            self.cursor += 1;
            if self.cursor < self.order.len() || !self.end_sweep() {
                continue;
            }
            // The attempt is over: read the digits out, and start again if they are wrong.
            self.read_out();
            if self.shown.frame.violations == 0 {
                break;
            }
            if (self.config.max_restarts).is_some_and(|max| self.restarts >= max) {
                self.shown.frame.state = RunState::GaveUp;
                break;
            }
            self.restarts += 1;
            self.randomize();
            restarted = true;
        }
        self.shown.frame.ticks += 1;
        self.refresh(restarted);
        if self.shown.frame.violations == 0 {
            self.shown.frame.state = RunState::Solved;
        }
        &self.shown.frame
    }

    solver_plumbing!(shown.frame, config.moves_per_tick);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_portable_exp_matches_the_platform_one() {
        for i in 0..2000 {
            let x = -(i as f32) * 0.04;
            let (ours, std) = (exp_nonpositive(x), x.exp());
            assert!((ours - std).abs() <= 2.5e-7 * std, "{x}: {ours} vs {std}");
        }
        assert_eq!(exp_nonpositive(-100.0), 0.0);
    }
}
