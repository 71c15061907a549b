//! The Ising model exactly as the 2019 JavaScript demo set it up: one ±1 spin per (cell, digit),
//! a one-hot penalty inside each cell, an antiferromagnetic coupling between equal digits that see
//! each other, and givens that only bias the field.
//!
//! `H = Σᵢ hᵢ qᵢ + Σ_{i<j} Jᵢⱼ qᵢ qⱼ`, with `h = 3.5·L1` (for 9 digits; `(n−2)/2·L1` in general),
//! `J = 0.5·L1` between spins of one cell, `J = L2` between one digit in two peer cells,
//! `L1 = 110`, `L2 = 3`; a given shifts its digit's field by −50 and the cell's other fields by +50.
//! Flipping spin `i` changes the energy by `−2 qᵢ (hᵢ + Σⱼ Jᵢⱼ qⱼ)`; the bracket is kept up to date
//! per spin, so a proposal costs one lookup and only an accepted flip touches its 28 neighbours.

use super::metropolis::Metropolis;
use super::{FLIPS_PER_STEP, ISING, SpinModel, all_free};
use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::rng::{Draws, Rng};
use crate::spec::{Machine, SolverSpec, Words};
use crate::step::Schedule;

/// Weight of the one-digit-per-cell penalty.
pub const L1: i32 = 110;
/// Weight of the coupling between equal digits in peer cells.
pub const L2: i32 = 3;
/// How far a given pulls its cell's fields.
pub const GIVEN_BIAS: i32 = 50;

/// The faithful annealer's registry entry.
pub static SPEC: SolverSpec = SolverSpec::new(
    ISING,
    "ising-faithful",
    "faithful 2019",
    Words {
        title: "Annealing, as in the 2019 demo",
        short: "Annealing, 2019 demo",
        plain: "The same shaking and settling with the 2019 demo's settings as they were: \
                slower, and it often starts over.",
        about: "The 2019 demo's model as it was: free ±1 spins, a one-hot penalty L1 = 110 per cell, \
     coupling L2 = 3 between equal digits that see each other, givens as a ±50 field; T from \
     100, ×0.9 every 50,000 flips, a full check once T < 0.7 and a restart when it fails.",
    },
)
.rarely_solving();

/// How to run it.
pub static MACHINE: Machine = Machine::new(&SPEC, |puzzle, config| {
    super::start(puzzle, FaithfulIsing::new(puzzle), config)
});

/// The 2019 demo's spin system.
#[derive(Clone, Debug)]
pub struct FaithfulIsing {
    geometry: Geometry,
    n: usize,
    /// Spins `q[cell·n + digit]`, each −1 or +1.
    spins: Vec<i32>,
    /// External field `h` per spin.
    bias: Vec<i32>,
    /// Local field `h + Σ J q` per spin.
    field: Vec<i32>,
    metropolis: Metropolis,
}

impl FaithfulIsing {
    /// The model of `puzzle`; refuses puzzles that break a rule on their face.
    pub fn new(puzzle: &Grid) -> Result<FaithfulIsing, PuzzleError> {
        let geometry = Geometry::new(puzzle.shape());
        check::validate(&geometry, puzzle)?;
        let n = puzzle.shape().size();
        let base = (n as i32 - 2) * L1 / 2;
        let mut bias = vec![base; n * puzzle.shape().cells()];
        for cell in 0..puzzle.shape().cells() {
            if let Some(given) = puzzle.get(cell) {
                for d in 0..n {
                    let shift = if d + 1 == usize::from(given) {
                        -GIVEN_BIAS
                    } else {
                        GIVEN_BIAS
                    };
                    bias[cell * n + d] += shift;
                }
            }
        }
        let peers = geometry.max_peers() as i32;
        let max_bias = bias.iter().map(|b| b.abs()).max().unwrap_or(0);
        let max_delta = 2 * (max_bias + (L1 / 2) * (n as i32 - 1) + L2 * peers);
        Ok(FaithfulIsing {
            geometry,
            n,
            spins: vec![-1; bias.len()],
            field: bias.clone(),
            bias,
            metropolis: Metropolis::new(max_delta as u32),
        })
    }

    /// Sets every spin and recomputes every local field from scratch.
    fn set_spins(&mut self, spins: Vec<i32>) {
        self.spins = spins;
        let n = self.n;
        for s in 0..self.spins.len() {
            let (cell, d) = (s / n, s % n);
            let in_cell: i32 = (0..n)
                .filter(|&e| e != d)
                .map(|e| self.spins[cell * n + e])
                .sum();
            let in_peers: i32 = self
                .geometry
                .peers(cell)
                .iter()
                .map(|&p| self.spins[usize::from(p) * n + d])
                .sum();
            self.field[s] = self.bias[s] + L1 / 2 * in_cell + L2 * in_peers;
        }
    }

    /// Sets the spins to the one-hot encoding of a complete grid (cells left blank get no spin up).
    pub fn set_grid(&mut self, grid: &Grid) {
        let n = self.n;
        let spins = (0..self.spins.len())
            .map(|s| match grid.get(s / n) {
                Some(d) if usize::from(d) == s % n + 1 => 1,
                _ => -1,
            })
            .collect();
        self.set_spins(spins);
    }
}

impl SpinModel for FaithfulIsing {
    const STEP: u64 = FLIPS_PER_STEP;

    fn schedule(&self) -> Schedule {
        Schedule {
            start: 100.0,
            factor: 0.9,
            floor: 0.7,
            hold_steps: 0,
        }
    }

    fn randomize(&mut self, rng: &mut Rng) {
        let spins = (0..self.spins.len())
            .map(|_| if rng.coin() { 1 } else { -1 })
            .collect();
        self.set_spins(spins);
    }

    fn sweep(&mut self, moves: u64, t: f64, rng: &mut Rng) -> u64 {
        self.metropolis.set_temperature(t);
        let n = self.n;
        let count = self.spins.len() as u32;
        for _ in 0..moves {
            let (s, draw) = rng.below_and_bits(count);
            let s = s as usize;
            let q = self.spins[s];
            let delta = -2 * q * self.field[s];
            if !self.metropolis.accepts(delta, draw) {
                continue;
            }
            let flipped = -q;
            self.spins[s] = flipped;
            let (cell, d) = (s / n, s % n);
            // Every spin of the cell but `s` itself feels the flip through J = L1/2.
            let cell_shift = L1 * flipped;
            for field in &mut self.field[cell * n..cell * n + n] {
                *field += cell_shift;
            }
            self.field[s] -= cell_shift;
            let peer_shift = 2 * L2 * flipped;
            for &p in self.geometry.peers(cell) {
                self.field[usize::from(p) * n + d] += peer_shift;
            }
        }
        moves
    }

    fn claims_solution(&self) -> bool {
        false
    }

    fn energy(&self) -> f64 {
        // Σ q·field counts every pair twice and the bias once: H = (Σ q·h + Σ q·field) / 2.
        let total: i64 = self
            .spins
            .iter()
            .zip(self.bias.iter().zip(&self.field))
            .map(|(&q, (&h, &f))| i64::from(q) * i64::from(h + f))
            .sum();
        total as f64 / 2.0
    }

    fn spins(&self, up: &mut [u32]) {
        for (bits, cell) in up.iter_mut().zip(self.spins.chunks(self.n)) {
            *bits = (cell.iter().enumerate())
                .filter(|(_, q)| **q > 0)
                .fold(0, |b, (d, _)| b | 1 << d);
        }
    }

    /// Every spin exists and flips freely: the givens only bias their cell's fields.
    fn spin_layout(&self) -> (Vec<u32>, Vec<u32>) {
        all_free(self.n, self.spins.len() / self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SeedableRng;

    /// Energy by the definition: every field term and every coupled pair, counted once.
    fn energy_by_definition(m: &FaithfulIsing) -> i64 {
        let n = m.n;
        let mut e: i64 = 0;
        for s in 0..m.spins.len() {
            e += i64::from(m.bias[s] * m.spins[s]);
            for t in (s + 1)..m.spins.len() {
                let (cs, ds, ct, dt) = (s / n, s % n, t / n, t % n);
                let j = if cs == ct {
                    L1 / 2
                } else if ds == dt && m.geometry.peers(cs).contains(&(ct as u16)) {
                    L2
                } else {
                    0
                };
                e += i64::from(j * m.spins[s] * m.spins[t]);
            }
        }
        e
    }

    #[test]
    fn incremental_fields_match_the_definition_after_many_flips() {
        let puzzle = Grid::parse(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        )
        .expect("valid puzzle");
        let mut m = FaithfulIsing::new(&puzzle).expect("no duplicate givens");
        let mut rng = Rng::seed_from_u64(11);
        m.randomize(&mut rng);
        m.sweep(20_000, 50.0, &mut rng);
        assert_eq!(m.energy() as i64, energy_by_definition(&m));
        let fields = m.field.clone();
        m.set_spins(m.spins.clone());
        assert_eq!(
            fields, m.field,
            "incremental fields drifted from a full recomputation"
        );
    }
}
