//! Our tuned Ising annealer: the same Hamiltonian as the 2019 demo's peer coupling, with the
//! one-hot and given terms made infinitely strong instead of weighed against it.
//!
//! - A given's spins are clamped, and so is every spin its row, column or box forbids (an infinite
//!   field on digits already given in a peer; no logic beyond that).
//! - Every cell always has exactly one spin up: a move takes a cell's up spin to another allowed
//!   digit (a pair flip that never leaves the one-hot manifold).
//! - What remains is `H = Σ` over pairs of peer cells holding the same digit: the number of
//!   conflicts. `H = 0` is a solution, so a run stops the moment it gets there.
//! - The temperature falls geometrically to a floor where one extra conflict costs about 3T, holds
//!   there for a while, and the attempt restarts from random spins if it has not reached zero.

use super::domains::{Domains, one_hot_spins};
use super::metropolis::Metropolis;
use super::{Annealer, FLIPS, FLIPS_PER_STEP, SpinModel, annealer_spec};
use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::rng::{self, Draws, Rng, RngCore};
use crate::spec::{SolverSpec, Words};
use crate::step::Schedule;

/// The tuned annealer's registry entry: the default solver.
pub static SPEC: SolverSpec = annealer_spec(
    "ising",
    "Ising annealer",
    "tuned",
    Words {
        title: "Annealing (tuned)",
        plain: "Shakes the grid and lets it settle, like metal cooling: fast, and the app's \
                default.",
        about: "One spin per cell and digit (n² × n on an n × n board). Givens and the digits \
                they rule out are clamped, each move shifts a cell's one up spin to another \
                digit, and the temperature falls to a floor where a conflict costs about 3T, \
                restarting from random spins when it stalls.",
    },
    FLIPS,
    false,
    |puzzle, config| {
        Ok(Box::new(Annealer::new(
            puzzle,
            TunedIsing::new(puzzle)?,
            config,
        )))
    },
);

/// The clamped, one-hot spin system.
#[derive(Clone, Debug)]
pub struct TunedIsing {
    geometry: Geometry,
    n: usize,
    /// Digit index `0..n` per cell (givens too).
    digit: Vec<u8>,
    domains: Domains,
    /// Where each cell's digit stands in its allowed list.
    slot: Vec<u8>,
    /// `peers_with[c·n + d]`: how many non-given peers of `c` hold digit `d`.
    peers_with: Vec<i32>,
    conflicts: i32,
    metropolis: Metropolis,
}

impl TunedIsing {
    /// The model of `puzzle`; refuses puzzles that break a rule on their face, including a blank
    /// cell with no digit left.
    pub fn new(puzzle: &Grid) -> Result<TunedIsing, PuzzleError> {
        let geometry = Geometry::new(puzzle.shape());
        check::validate(&geometry, puzzle)?;
        let n = puzzle.shape().size();
        let cells = puzzle.shape().cells();
        let domains = Domains::new(&geometry, puzzle);
        let digit = (0..cells)
            .map(|cell| domains.given(cell).unwrap_or(0))
            .collect();
        let peers = geometry.max_peers() as u32;
        Ok(TunedIsing {
            geometry,
            n,
            digit,
            domains,
            slot: vec![0; cells],
            peers_with: vec![0; cells * n],
            conflicts: 0,
            metropolis: Metropolis::new(peers),
        })
    }

    fn is_given(&self, cell: usize) -> bool {
        self.domains.given(cell).is_some()
    }

    /// Moves `cell` from its digit to `new` and updates its peers' counts.
    fn put(&mut self, cell: usize, new: u8) {
        let n = self.n;
        let old = usize::from(self.digit[cell]);
        self.digit[cell] = new;
        for &p in self.geometry.peers(cell) {
            let base = usize::from(p) * n;
            self.peers_with[base + old] -= 1;
            self.peers_with[base + usize::from(new)] += 1;
        }
    }
}

impl SpinModel for TunedIsing {
    const STEP: u64 = FLIPS_PER_STEP;

    /// Tuned on 9×9; boards above it (more peers per cell, more cells per step's flips) do
    /// better colder and longer at the floor: on generated 16×16 hard puzzles a floor of 0.3
    /// held 1,500 steps solved 5 of 6 within 20 s (median 2.0 s) where 0.35 held 400 solved 2
    /// of 6 within 60 s (docs/BENCHMARKS.md).
    fn schedule(&self) -> Schedule {
        let large = self.n > 9;
        Schedule {
            start: 0.7,
            factor: 0.9,
            floor: if large { 0.3 } else { 0.35 },
            hold_steps: if large { 1_500 } else { 400 },
        }
    }

    fn randomize(&mut self, rng: &mut Rng) {
        let n = self.n;
        let cells = self.digit.len();
        for cell in 0..cells {
            let allowed = self.domains.allowed(cell);
            if !allowed.is_empty() {
                let slot = rng.below(allowed.len() as u32) as usize;
                self.slot[cell] = slot as u8;
                self.digit[cell] = allowed[slot];
            }
        }
        self.peers_with.iter_mut().for_each(|c| *c = 0);
        for cell in 0..cells {
            if self.is_given(cell) {
                continue;
            }
            let d = usize::from(self.digit[cell]);
            for &p in self.geometry.peers(cell) {
                self.peers_with[usize::from(p) * n + d] += 1;
            }
        }
        let twice: i32 = (0..cells)
            .filter(|&c| !self.is_given(c))
            .map(|c| self.peers_with[c * n + usize::from(self.digit[c])])
            .sum();
        self.conflicts = twice / 2;
    }

    fn sweep(&mut self, moves: u64, t: f64, rng: &mut Rng) -> u64 {
        self.metropolis.set_temperature(t);
        if self.domains.movable().is_empty() {
            return 0;
        }
        let n = self.n;
        let count = self.domains.movable().len() as u32;
        for done in 0..moves {
            if self.conflicts == 0 {
                return done;
            }
            let (which, pick_bits) = rng.below_and_bits(count);
            let cell = usize::from(self.domains.movable()[which as usize]);
            let allowed = self.domains.allowed(cell);
            let current = self.slot[cell];
            let mut pick = rng::scale(pick_bits, (allowed.len() - 1) as u32) as u8;
            if pick >= current {
                pick += 1;
            }
            let new = allowed[usize::from(pick)];
            let base = cell * n;
            let delta = self.peers_with[base + usize::from(new)]
                - self.peers_with[base + usize::from(self.digit[cell])];
            if self.metropolis.accepts(delta, rng.next_u32()) {
                self.slot[cell] = pick;
                self.conflicts += delta;
                self.put(cell, new);
            }
        }
        moves
    }

    fn claims_solution(&self) -> bool {
        self.conflicts == 0
    }

    fn energy(&self) -> f64 {
        f64::from(self.conflicts)
    }

    fn spins(&self, up: &mut [u32]) {
        one_hot_spins(&self.digit, up);
    }

    fn spin_layout(&self) -> (Vec<u32>, Vec<u32>) {
        self.domains.spin_layout()
    }
}
