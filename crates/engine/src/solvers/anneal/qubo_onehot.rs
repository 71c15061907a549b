//! The tutorial's QUBO with what the Digital Annealer's second generation offers for exactly this
//! structure: each cell's bits kept one-hot (a move takes a cell's one set bit to another digit,
//! so the cell penalty is always 0) and the bits the hints decide fixed (a given's own bit set,
//! the digits its peers' givens rule out never set). The energy is still the tutorial's
//! polynomial, evaluated through its local fields; each step tries every one-hot move at once,
//! takes one of the accepted at random and raises an escape offset while none is, as the first
//! generation does.

use super::SpinModel;
use super::cages::{self, CageSums};
use super::digital_annealer::ParallelTrial;
use super::domains::{Domains, one_hot_spins};
use super::qubo_faithful::{QUBO, STEP};
use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::qubo::{DEFAULT_WEIGHT, Fields, Qubo};
use crate::rng::{Draws, Rng};
use crate::spec::{Family, Machine, SolverSpec, Words, Work};
use crate::step::Schedule;

/// What the escape offset grows by after a step that accepts nothing, in units of `A`.
const OFFSET_STEP: i64 = 1;

/// Steps of a few hundred one-hot moves: 5,000 take a few milliseconds.
const STEPS: Work = Work {
    noun: STEP,
    speeds: &[100, 1_000, 5_000, 20_000, 50_000],
    default_speed: 5_000,
    // A step weighs every free spin: cells × digits.
    cost_growth: 3,
};

/// One broken row, column or box costs 2 here (twice the tuned Ising's conflict), so the same
/// schedule at twice the temperature.
const PLAIN: Schedule = Schedule {
    start: 1.4,
    factor: 0.9,
    floor: 0.7,
    hold_steps: 400,
};

/// Killers, as in the tuned Ising annealer, cool slower to a warmer floor: the sums tie cells
/// across units, and at the plain floor a grid freezes a cage or two off its sum.
const KILLER: Schedule = Schedule {
    start: 2.0,
    factor: 0.95,
    floor: 1.0,
    hold_steps: 400,
};

/// The one-hot QUBO annealer's registry entry.
pub static SPEC: SolverSpec = SolverSpec::new(
    Family {
        work: STEPS,
        cages: true,
        ..QUBO
    },
    "qubo",
    "one-hot",
    Words {
        title: "Digital Annealer, one digit per cell",
        plain: "Cools the grid as Fujitsu's Digital Annealer chip does, weighing every change \
                at once at each step, with one digit in every cell.",
        about: "The same QUBO (energy 0 exactly at a solution), sampled with what the second-generation \
     Digital Annealer offers for it: every cell's bits kept one-hot, and the bits the hints \
     decide fixed. Each step tries every move of a cell's bit to another allowed digit at once, \
     takes one of the accepted at random, and raises an escape offset while none is.",
    },
);

/// How to run it.
pub static MACHINE: Machine = Machine::new(&SPEC, |puzzle, config| {
    super::start(puzzle, OneHotQubo::new(puzzle), config)
});

/// The tutorial's QUBO, restricted to one-hot cells and the digits the hints allow.
#[derive(Clone, Debug)]
pub struct OneHotQubo {
    qubo: Qubo,
    n: usize,
    domains: Domains,
    /// Each cell's digit (0-based): its one set bit.
    digit: Vec<u8>,
    fields: Fields,
    /// The coefficient between two bits of one cell (`2A`), counted when one replaces the other.
    same_cell: i64,
    /// Warmer and slower as far as cages cover the open cells ([`cages::schedule`]).
    schedule: Schedule,
    /// Each cell's cage-sum weight `A` (0 outside every cage): bits `k` and `k'` of a caged cell
    /// are also coupled by `2A·k·k'`.
    caged: Vec<i64>,
    /// A killer's cages, to tell the sum penalty's part of the energy (counted when shown).
    cage_sums: Option<CageSums>,
    trial: ParallelTrial<(u16, u8)>,
}

impl OneHotQubo {
    /// The model of `puzzle`; refuses puzzles that break a rule on their face, including a blank
    /// cell with no digit left.
    pub fn new(puzzle: &Grid) -> Result<OneHotQubo, PuzzleError> {
        let geometry = Geometry::caged(puzzle.shape(), puzzle.cages().clone());
        check::validate(&geometry, puzzle)?;
        let qubo = Qubo::sudoku(puzzle, DEFAULT_WEIGHT);
        let domains = cages::domains(&geometry, puzzle);
        let mut caged = vec![0; puzzle.shape().cells()];
        for cell in puzzle.cages().iter().flat_map(|cage| cage.cells()) {
            caged[cell] = DEFAULT_WEIGHT;
        }
        let n = puzzle.shape().size();
        let digit = (0..puzzle.shape().cells())
            .map(|cell| domains.given(cell).unwrap_or(0))
            .collect();
        Ok(OneHotQubo {
            n,
            domains,
            digit,
            fields: Fields::cleared(&qubo),
            same_cell: 2 * DEFAULT_WEIGHT,
            schedule: cages::schedule(puzzle, PLAIN, KILLER),
            caged,
            cage_sums: (puzzle.is_killer()).then(|| CageSums::new(puzzle, DEFAULT_WEIGHT as i32)),
            // A move changes two bits of one cell: at most twice the largest field.
            trial: ParallelTrial::new(2 * qubo.largest_field(), OFFSET_STEP),
            qubo,
        })
    }
}

impl SpinModel for OneHotQubo {
    const STEP: u64 = 5_000;

    fn schedule(&self) -> Schedule {
        self.schedule
    }

    fn randomize(&mut self, rng: &mut Rng) {
        self.fields.clear(&self.qubo);
        self.trial.offset = 0;
        for cell in 0..self.digit.len() {
            let allowed = self.domains.allowed(cell);
            if !allowed.is_empty() {
                self.digit[cell] = allowed[rng.below(allowed.len() as u32) as usize];
            }
            let bit = cell * self.n + usize::from(self.digit[cell]);
            self.fields.set(&self.qubo, bit, true);
        }
    }

    fn sweep(&mut self, moves: u64, t: f64, rng: &mut Rng) -> u64 {
        self.trial.set_temperature(t);
        let n = self.n;
        for done in 0..moves {
            if self.fields.energy == 0 {
                return done;
            }
            let (domains, digit, field) = (&self.domains, &self.digit, &self.fields.h);
            let (same_cell, caged) = (self.same_cell, &self.caged);
            let candidates = domains.movable().iter().flat_map(|&cell| {
                let cell = usize::from(cell);
                let old = digit[cell];
                let from = field[cell * n + usize::from(old)];
                // The coupling between the bit that goes and the bit that comes.
                let between = move |d: u8| {
                    same_cell + 2 * caged[cell] * (i64::from(d) + 1) * (i64::from(old) + 1)
                };
                (domains.allowed(cell).iter())
                    .filter(move |&&d| d != old)
                    .map(move |&d| {
                        (
                            (cell as u16, d),
                            field[cell * n + usize::from(d)] - from - between(d),
                        )
                    })
            });
            if let Some((cell, d)) = self.trial.step(candidates, rng) {
                let cell = usize::from(cell);
                self.fields
                    .set(&self.qubo, cell * n + usize::from(self.digit[cell]), false);
                self.fields.set(&self.qubo, cell * n + usize::from(d), true);
                self.digit[cell] = d;
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
        one_hot_spins(&self.digit, up);
    }

    fn spin_layout(&self) -> (Vec<u32>, Vec<u32>) {
        self.domains.spin_layout()
    }

    fn escape_offset(&self) -> Option<i64> {
        Some(self.trial.offset)
    }

    fn cage_energy(&self) -> Option<f64> {
        let mut sums = self.cage_sums.clone()?;
        sums.reset(&self.digit);
        Some(f64::from(sums.energy()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SeedableRng;

    #[test]
    fn the_incremental_energy_is_the_tutorials_polynomial_of_the_one_hot_state() {
        let puzzle = Grid::parse(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        )
        .expect("valid puzzle");
        let mut m = OneHotQubo::new(&puzzle).expect("valid");
        let mut rng = Rng::seed_from_u64(9);
        m.randomize(&mut rng);
        m.sweep(2_000, 1.0, &mut rng);
        let digits = m.digit.iter().map(|&d| d + 1).collect();
        let grid = Grid::from_digits(puzzle.shape(), digits).expect("fits");
        assert_eq!(m.fields.energy, m.qubo.energy(&Qubo::assignment(&grid)));
        for (cell, &d) in m.digit.iter().enumerate() {
            if let Some(given) = puzzle.get(cell) {
                assert_eq!(d + 1, given, "givens stay fixed");
            }
        }
    }
}
