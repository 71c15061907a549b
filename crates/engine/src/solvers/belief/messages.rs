//! The messages of sum-product belief propagation and the exact sum behind each one, apart from
//! the propagation that runs them because this is where the arithmetic is.
//!
//! A unit's message to one of its cells, `R(x)`, sums over every way of filling the unit's other
//! cells with distinct digits other than `x` the product of their incoming messages: a permanent.
//! It is computed exactly, for all cells of the unit at once, by dynamic programming over subsets
//! of digits: `F[S]` sums the ways the first `|S|` cells use exactly the digits `S`, `B[S]` the
//! ways the last `|S|` cells do, and `R_k(x) = Σ F[S] · B[rest]` over the sets `S` of size `k`
//! without `x`, `rest` being the digits neither in `S` nor `x`. That is `n·2ⁿ` steps per unit
//! (4,608 on a 9×9 board) instead of `8!` orderings per cell and digit.

use super::{MAX_DIGITS, strongest};
use crate::board::Geometry;

/// The least weight a message or an incoming belief gives a digit that some filling allows, so
/// that products over a whole unit never round to zero (16 factors of it stay above 10⁻²⁴⁰).
const FLOOR: f64 = 1e-15;

/// The messages and beliefs of one puzzle.
#[derive(Clone, Debug)]
pub struct Messages {
    n: usize,
    /// Each unit's cells.
    units: Vec<Vec<usize>>,
    /// Each cell's units, and its place in each.
    cell_units: Vec<Vec<(usize, usize)>>,
    /// What a cell may hold before any message, as digits (bit `d`) and as weights.
    allowed: Vec<u32>,
    prior: Vec<f64>,
    /// `support[u·n + k]`: the digits unit `u` allows its `k`-th cell, exactly (a filling of the
    /// unit exists). Zeros are kept apart from the weights so that no rounding can fake one.
    support: Vec<u32>,
    /// `r[(u·n + k)·n + d]`: unit `u`'s message to its `k`-th cell about digit `d`.
    r: Vec<f64>,
    /// Each cell's belief: its prior times every message it receives, normalised.
    belief: Vec<f64>,
    /// Scratch for the subset recursion.
    forward: Vec<f64>,
    backward: Vec<f64>,
    incoming: Vec<f64>,
    possible: Vec<f64>,
}

/// Belief propagation found a unit or a cell that nothing can satisfy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

impl Messages {
    /// Uniform messages over `allowed` (bit `d` for digit `d + 1`, one set per cell).
    pub fn new(geometry: &Geometry, allowed: &[u32]) -> Messages {
        let n = geometry.shape().size();
        let units: Vec<Vec<usize>> = geometry.units().map(|(_, c)| c.to_vec()).collect();
        let mut cell_units = vec![Vec::new(); allowed.len()];
        for (u, members) in units.iter().enumerate() {
            for (k, &c) in members.iter().enumerate() {
                cell_units[c].push((u, k));
            }
        }
        let mut messages = Messages {
            n,
            allowed: allowed.to_vec(),
            support: vec![0; units.len() * n],
            r: vec![1.0; units.len() * n * n],
            units,
            cell_units,
            prior: vec![0.0; allowed.len() * n],
            belief: vec![0.0; allowed.len() * n],
            forward: vec![0.0; 1 << n],
            backward: vec![0.0; 1 << n],
            incoming: vec![0.0; n * n],
            possible: vec![0.0; n * n],
        };
        messages.reset(allowed);
        messages
    }

    /// Starts afresh from `allowed`: uniform messages, beliefs equal to the priors.
    pub fn reset(&mut self, allowed: &[u32]) {
        let n = self.n;
        self.allowed.copy_from_slice(allowed);
        for (c, &bits) in allowed.iter().enumerate() {
            for d in 0..n {
                self.prior[c * n + d] = f64::from(bits >> d & 1);
            }
        }
        self.support.fill((1u32 << n) - 1);
        self.r.fill(1.0);
        self.update_beliefs();
    }

    /// Narrows one cell's prior to `allowed` (a decision, or a digit ruled out), keeping the
    /// messages as they are.
    pub fn restrict(&mut self, cell: usize, allowed: u32) {
        let n = self.n;
        self.allowed[cell] &= allowed;
        for d in 0..n {
            self.prior[cell * n + d] *= f64::from(allowed >> d & 1);
        }
    }

    /// Each cell's belief, `n` values per cell summing to 1 (all zero for a cell with none left).
    pub fn beliefs(&self) -> &[f64] {
        &self.belief
    }

    /// One round: every unit's messages recomputed from the latest others (units in order, so a
    /// unit already sees this round's messages of the units before it). Returns the largest
    /// change of any belief. (Damping was measured and left out: keeping 0.3 of the old message
    /// made decimation slower, and messages alone decide far less; docs/BENCHMARKS.md.)
    pub fn iterate(&mut self) -> Result<f64, Contradiction> {
        let n = self.n;
        for u in 0..self.units.len() {
            // The messages into the unit: each cell's prior times what its other units say, and
            // which digits those allow at all.
            for k in 0..n {
                let c = self.units[u][k];
                let mut possible = self.allowed[c];
                for &(v, j) in &self.cell_units[c] {
                    if v != u {
                        possible &= self.support[v * n + j];
                    }
                }
                if possible == 0 {
                    return Err(Contradiction);
                }
                let mut total = 0.0;
                for d in 0..n {
                    let mut q = 0.0;
                    if possible >> d & 1 == 1 {
                        q = 1.0;
                        for &(v, j) in &self.cell_units[c] {
                            if v != u {
                                q *= self.r[(v * n + j) * n + d];
                            }
                        }
                    }
                    self.incoming[k * n + d] = q;
                    self.possible[k * n + d] = f64::from(possible >> d & 1);
                    total += q;
                }
                for d in 0..n {
                    if possible >> d & 1 == 1 {
                        self.incoming[k * n + d] = (self.incoming[k * n + d] / total).max(FLOOR);
                    }
                }
            }
            self.unit_messages(u)?;
        }
        Ok(self.update_beliefs())
    }

    /// Unit `u`'s messages to each of its cells: which digits some filling of the unit allows
    /// (counted exactly, in whole numbers), and how likely each is.
    fn unit_messages(&mut self, u: usize) -> Result<(), Contradiction> {
        let n = self.n;
        let mut counts = [0.0f64; MAX_DIGITS * MAX_DIGITS];
        if !permanents(
            n,
            &self.possible,
            &mut self.forward,
            &mut self.backward,
            &mut counts,
        ) {
            return Err(Contradiction);
        }
        let mut fresh = [0.0f64; MAX_DIGITS * MAX_DIGITS];
        permanents(
            n,
            &self.incoming,
            &mut self.forward,
            &mut self.backward,
            &mut fresh,
        );
        for k in 0..n {
            let support = (0..n)
                .filter(|&d| counts[k * n + d] > 0.0)
                .fold(0u32, |bits, d| bits | 1 << d);
            self.support[u * n + k] = support;
            let total: f64 = (0..n)
                .filter(|&d| support >> d & 1 == 1)
                .map(|d| fresh[k * n + d])
                .sum();
            for d in 0..n {
                let slot = &mut self.r[(u * n + k) * n + d];
                *slot = if support >> d & 1 == 0 {
                    // A digit no filling allows: exactly zero, at once.
                    0.0
                } else {
                    let new = if total > 0.0 {
                        fresh[k * n + d] / total
                    } else {
                        1.0 / f64::from(support.count_ones())
                    };
                    new.max(FLOOR)
                };
            }
        }
        Ok(())
    }

    /// Recomputes every belief; returns the largest change.
    fn update_beliefs(&mut self) -> f64 {
        let n = self.n;
        let mut largest: f64 = 0.0;
        for c in 0..self.cell_units.len() {
            let mut row = [0.0f64; MAX_DIGITS];
            let mut total = 0.0;
            for (d, slot) in row.iter_mut().enumerate().take(n) {
                let mut b = self.prior[c * n + d];
                for &(u, k) in &self.cell_units[c] {
                    b *= self.r[(u * n + k) * n + d];
                }
                *slot = b;
                total += b;
            }
            for (d, &b) in row.iter().enumerate().take(n) {
                let new = if total > 0.0 { b / total } else { 0.0 };
                largest = largest.max((new - self.belief[c * n + d]).abs());
                self.belief[c * n + d] = new;
            }
        }
        largest
    }

    /// Cell `c`'s most likely digit (0-based) and its belief.
    pub fn best(&self, c: usize) -> (usize, f64) {
        let cell = &self.belief[c * self.n..(c + 1) * self.n];
        let best = strongest(cell);
        (best, cell[best])
    }

    /// The mean entropy of the beliefs of the open cells (more than one digit in `allowed`), in
    /// bits: 0 when every one is certain.
    pub fn mean_entropy(&self, allowed: &[u32]) -> f64 {
        let (mut total, mut open) = (0.0, 0);
        for (cell, bits) in self.belief.chunks(self.n).zip(allowed) {
            if bits.count_ones() > 1 {
                open += 1;
                total += (cell.iter())
                    .filter(|&&p| p > 0.0)
                    .map(|&p| -p * p.log2())
                    .sum::<f64>();
            }
        }
        if open == 0 {
            0.0
        } else {
            total / f64::from(open)
        }
    }
}

/// For each of the `n` cells of a unit and each digit, the sum over every filling of the other
/// cells with the other digits of the product of their weights `q` (`n` per cell): written to
/// `out`, unnormalised. Returns false when no filling of the whole unit has any weight.
fn permanents(
    n: usize,
    q: &[f64],
    forward: &mut [f64],
    backward: &mut [f64],
    out: &mut [f64],
) -> bool {
    let full = (1usize << n) - 1;
    forward.fill(0.0);
    backward.fill(0.0);
    forward[0] = 1.0;
    backward[0] = 1.0;
    // Increasing order visits every set before its supersets.
    for set in 0..full {
        let k = set.count_ones() as usize;
        let (f, b) = (forward[set], backward[set]);
        if f == 0.0 && b == 0.0 {
            continue;
        }
        for d in 0..n {
            let bit = 1 << d;
            if set & bit == 0 {
                forward[set | bit] += f * q[k * n + d];
                backward[set | bit] += b * q[(n - 1 - k) * n + d];
            }
        }
    }
    if forward[full] <= 0.0 {
        return false;
    }
    out[..n * n].fill(0.0);
    for set in 0..full {
        let f = forward[set];
        if f == 0.0 {
            continue;
        }
        let k = set.count_ones() as usize;
        for d in 0..n {
            let bit = 1 << d;
            if set & bit == 0 {
                out[k * n + d] += f * backward[full ^ set ^ bit];
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    /// The unit message by its definition: every assignment of the other cells, enumerated.
    fn by_enumeration(q: &[Vec<f64>], k: usize, x: usize) -> f64 {
        fn go(q: &[Vec<f64>], k: usize, i: usize, used: u32, acc: f64) -> f64 {
            if i == q.len() {
                return acc;
            }
            if i == k {
                return go(q, k, i + 1, used, acc);
            }
            (0..q.len())
                .filter(|d| used >> d & 1 == 0)
                .map(|d| go(q, k, i + 1, used | 1 << d, acc * q[i][d]))
                .sum()
        }
        go(q, k, 0, 1 << x, 1.0)
    }

    #[test]
    fn the_subset_recursion_matches_the_sum_over_all_assignments() {
        // A 4×4 board: one unit of four cells with uneven incoming messages.
        let geometry = Geometry::new(Shape::new(2, 2).expect("4x4"));
        let mut m = Messages::new(&geometry, &[0b1111; 16]);
        let q = [
            vec![0.1, 0.2, 0.3, 0.4],
            vec![0.5, 0.0, 0.25, 0.25],
            vec![0.7, 0.1, 0.1, 0.1],
            vec![0.25, 0.25, 0.25, 0.25],
        ];
        for (k, row) in q.iter().enumerate() {
            m.incoming[k * 4..k * 4 + 4].copy_from_slice(row);
            for (d, &w) in row.iter().enumerate() {
                m.possible[k * 4 + d] = f64::from(u8::from(w > 0.0));
            }
        }
        m.unit_messages(0).expect("satisfiable");
        for k in 0..4 {
            let exact: Vec<f64> = (0..4).map(|x| by_enumeration(&q, k, x)).collect();
            let total: f64 = exact.iter().sum();
            for (x, &e) in exact.iter().enumerate() {
                let ours = m.r[k * 4 + x];
                assert!((ours - e / total).abs() < 1e-12, "cell {k} digit {x}");
            }
        }
    }
}
