//! The Digital Annealer tutorial's QUBO as published, sampled as the Digital Annealer of Aramon et
//! al. (2019) does: 729 free bits, hints only as the penalty `2A·(1 − x)`, and at every step all
//! 729 single-bit flips tried in parallel, one of the accepted ones taken at random, an escape
//! offset raised while none is, geometric cooling every 2,000 steps and a restart when an attempt ends on
//! a grid the checker rejects. The weight is the tutorial's `A = 1`.

use super::digital_annealer::ParallelTrial;
use super::{ISING, SpinModel, all_free};
use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::qubo::{DEFAULT_WEIGHT, Fields, Qubo};
use crate::rng::{Draws, Rng};
use crate::spec::{Family, Machine, Noun, SolverSpec, Words, Work};
use crate::step::Schedule;

/// A digital annealer's step: every candidate move tried at once.
pub const STEP: Noun = Noun {
    one: "step",
    many: "steps",
};

/// Steps of all 729 bit flips: 2,000 take a few milliseconds, well within a frame.
const STEPS: Work = Work {
    noun: STEP,
    speeds: &[100, 500, 2_000, 5_000, 20_000],
    default_speed: 2_000,
    // A step weighs every free spin: cells × digits.
    cost_growth: 3,
};

/// What the escape offset grows by after a step that accepts nothing, in units of `A`.
const OFFSET_STEP: i64 = 1;

/// What the QUBO annealers share: the Ising annealers' restarts and boards, steps of every
/// candidate move as their work, and the QUBO's bits drawn beside the grid.
pub const QUBO: Family = Family {
    name: "QUBO digital annealer",
    work: STEPS,
    qubo_bits: true,
    ..ISING
};

/// The faithful QUBO annealer's registry entry.
pub static SPEC: SolverSpec = SolverSpec::new(
    QUBO,
    "qubo-faithful",
    "faithful",
    Words {
        title: "Digital Annealer, as in its tutorial",
        short: "Annealer tutorial",
        plain: "The Digital Annealer tutorial's way, as written: every change weighed at once; \
                slow, and it often starts over.",
        about: "The Digital Annealer tutorial's QUBO: one bit x(row, column, digit) per cell and \
     digit, a penalty A·(Σx − 1)² \
     for every cell and for every digit of every row, column and box, and 2A·(1 − x) per hint \
     (A = 1), so a solution has energy 0. Sampled as the Digital Annealer does: every step tries \
     all the bit flips at once, takes one of the accepted at random, and raises an escape offset \
     while none is; T from 0.6, ×0.95 every 2,000 steps to 0.02, restarting when an attempt ends \
     unsolved.",
    },
)
.rarely_solving();

/// How to run it.
pub static MACHINE: Machine = Machine::new(&SPEC, |puzzle, config| {
    super::start(puzzle, FaithfulQubo::new(puzzle), config)
});

/// The tutorial's QUBO and the state of its bits.
#[derive(Clone, Debug)]
pub struct FaithfulQubo {
    qubo: Qubo,
    n: usize,
    x: Vec<bool>,
    fields: Fields,
    trial: ParallelTrial<u32>,
}

impl FaithfulQubo {
    /// The model of `puzzle`; refuses puzzles that break a rule on their face.
    pub fn new(puzzle: &Grid) -> Result<FaithfulQubo, PuzzleError> {
        let geometry = Geometry::new(puzzle.shape());
        check::validate(&geometry, puzzle)?;
        let qubo = Qubo::sudoku(puzzle, DEFAULT_WEIGHT);
        let vars = qubo.variables();
        Ok(FaithfulQubo {
            n: puzzle.shape().size(),
            x: vec![false; vars],
            fields: Fields::cleared(&qubo),
            trial: ParallelTrial::new(qubo.largest_field(), OFFSET_STEP),
            qubo,
        })
    }

    fn flip(&mut self, i: usize) {
        self.x[i] = !self.x[i];
        self.fields.set(&self.qubo, i, self.x[i]);
    }
}

impl SpinModel for FaithfulQubo {
    const STEP: u64 = 2_000;

    fn schedule(&self) -> Schedule {
        Schedule {
            start: 0.6,
            factor: 0.95,
            floor: 0.02,
            hold_steps: 0,
        }
    }

    fn randomize(&mut self, rng: &mut Rng) {
        self.x.iter_mut().for_each(|x| *x = false);
        self.fields.clear(&self.qubo);
        self.trial.offset = 0;
        for i in 0..self.x.len() {
            if rng.coin() {
                self.flip(i);
            }
        }
    }

    fn sweep(&mut self, moves: u64, t: f64, rng: &mut Rng) -> u64 {
        self.trial.set_temperature(t);
        for done in 0..moves {
            if self.fields.energy == 0 {
                return done;
            }
            let (x, field) = (&self.x, &self.fields.h);
            let candidates =
                (0..x.len()).map(|i| (i as u32, if x[i] { -field[i] } else { field[i] }));
            if let Some(i) = self.trial.step(candidates, rng) {
                self.flip(i as usize);
            }
        }
        moves
    }

    fn claims_solution(&self) -> bool {
        self.fields.energy == 0
    }

    fn energy(&self) -> f64 {
        self.fields.energy as f64
    }

    fn spins(&self, up: &mut [u32]) {
        for (bits, cell) in up.iter_mut().zip(self.x.chunks(self.n)) {
            *bits = (cell.iter().enumerate())
                .filter(|(_, x)| **x)
                .fold(0, |b, (d, _)| b | 1 << d);
        }
    }

    /// Every bit exists and flips freely: the hints are only a penalty.
    fn spin_layout(&self) -> (Vec<u32>, Vec<u32>) {
        all_free(self.n, self.x.len() / self.n)
    }

    fn escape_offset(&self) -> Option<i64> {
        Some(self.trial.offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SeedableRng;

    #[test]
    fn incremental_energy_and_fields_match_the_polynomial_after_many_steps() {
        let puzzle = Grid::parse(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        )
        .expect("valid puzzle");
        let mut m = FaithfulQubo::new(&puzzle).expect("valid");
        let mut rng = Rng::seed_from_u64(5);
        m.randomize(&mut rng);
        m.sweep(3_000, 0.5, &mut rng);
        assert_eq!(m.fields.energy, m.qubo.energy(&m.x));
        for i in 0..m.x.len() {
            let mut flipped = m.x.clone();
            flipped[i] = !flipped[i];
            let delta = m.qubo.energy(&flipped) - m.fields.energy;
            let h = m.fields.h[i];
            assert_eq!(delta, if m.x[i] { -h } else { h }, "bit {i}");
        }
    }
}
