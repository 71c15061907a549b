//! The Digital Annealer's step (Aramon et al. 2019, "Physics-inspired optimization for quadratic
//! unconstrained problems using a digital annealer"): every candidate move is tried at once, each
//! accepted with the Metropolis odds of its energy change less an escape offset; one of the
//! accepted moves is taken at random; when none is accepted the offset grows, lowering every
//! barrier, until one is, and it drops back to zero once a move is made.

use crate::rng::{Draws, RngCore};

/// Tries a set of candidate moves in parallel at one temperature.
#[derive(Clone, Debug)]
pub struct ParallelTrial<T> {
    /// For energy rises `d = 0..`, the draws below which a rise is accepted: `⌈exp(−d/T)·2³²⌉`,
    /// or 0 where that is under one draw in 2³² (never drawn for), at the temperature set.
    /// Integers, so that a candidate costs one comparison; the same moves as comparing floats.
    odds: Vec<u64>,
    temperature: f64,
    /// The escape offset now, and what it grows by after a step that accepts nothing.
    pub offset: i64,
    increment: i64,
    accepted: Vec<T>,
}

impl<T: Copy> ParallelTrial<T> {
    /// A trial for energy rises up to `max_rise`, whose offset grows by `increment` per empty step.
    pub fn new(max_rise: i64, increment: i64) -> ParallelTrial<T> {
        ParallelTrial {
            odds: vec![0; max_rise.max(0) as usize + 1],
            temperature: f64::NAN,
            offset: 0,
            increment,
            accepted: Vec::new(),
        }
    }

    /// Sets the temperature (a no-op when it is already set).
    pub fn set_temperature(&mut self, t: f64) {
        if t == self.temperature {
            return;
        }
        self.temperature = t;
        let full = (1u64 << 32) as f64;
        for (d, odds) in self.odds.iter_mut().enumerate() {
            let threshold = (-(d as f64) / t).exp() * full;
            // A draw r is accepted when r < threshold, that is when r < ⌈threshold⌉.
            *odds = if threshold >= 1.0 {
                threshold.ceil() as u64
            } else {
                0
            };
        }
    }

    /// One step over `candidates` (each a move and its energy change): the move taken, if any.
    /// The offset is reset when a move is taken and raised when none is.
    pub fn step(
        &mut self,
        candidates: impl Iterator<Item = (T, i64)>,
        rng: &mut impl RngCore,
    ) -> Option<T> {
        self.begin();
        for (moved, delta) in candidates {
            self.offer(moved, delta, rng);
        }
        self.end(rng)
    }

    /// Starts a step whose candidates come one by one through [`ParallelTrial::offer`]: for
    /// models whose moves are cheaper listed in plain loops than through iterators.
    #[inline]
    pub fn begin(&mut self) {
        self.accepted.clear();
    }

    /// Tries one candidate of the step: `moved`, which changes the energy by `delta`.
    #[inline]
    pub fn offer(&mut self, moved: T, delta: i64, rng: &mut impl RngCore) {
        // Accepted with odds exp(−(ΔE − offset)/T); a rise beyond the table never is.
        let rise = delta - self.offset;
        let take = rise <= 0
            || self
                .odds
                .get(rise as usize)
                .is_some_and(|&threshold| threshold != 0 && u64::from(rng.next_u32()) < threshold);
        if take {
            self.accepted.push(moved);
        }
    }

    /// Ends the step: one of the accepted moves at random, the offset reset, or none and the
    /// offset raised.
    pub fn end(&mut self, rng: &mut impl RngCore) -> Option<T> {
        if self.accepted.is_empty() {
            self.offset += self.increment;
            return None;
        }
        self.offset = 0;
        let pick = rng.below(self.accepted.len() as u32) as usize;
        Some(self.accepted[pick])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Rng, SeedableRng};

    #[test]
    fn downhill_moves_are_always_accepted_and_the_offset_lets_uphill_ones_through() {
        let mut trial = ParallelTrial::<usize>::new(100, 5);
        trial.set_temperature(0.01);
        let mut rng = Rng::seed_from_u64(1);
        // Only the downhill move can be taken.
        for _ in 0..50 {
            let taken = trial.step([(0, 30), (1, -2), (2, 12)].into_iter(), &mut rng);
            assert_eq!(taken, Some(1));
        }
        // All uphill: nothing is taken until the offset reaches the smallest rise.
        let mut steps = 0;
        while trial
            .step([(0, 30), (2, 12)].into_iter(), &mut rng)
            .is_none()
        {
            steps += 1;
            assert!(steps < 10, "the offset never grew enough");
        }
        assert_eq!(
            steps, 3,
            "offsets 0, 5 and 10 fail; 15 lets the rise of 12 through"
        );
        assert_eq!(trial.offset, 0, "the offset drops once a move is made");
    }

    #[test]
    fn the_move_taken_is_uniform_among_the_accepted() {
        let mut trial = ParallelTrial::<usize>::new(10, 1);
        trial.set_temperature(1.0);
        let mut rng = Rng::seed_from_u64(7);
        let mut hits = [0u32; 3];
        for _ in 0..30_000 {
            if let Some(m) = trial.step([(0, -1), (1, 0), (2, -5)].into_iter(), &mut rng) {
                hits[m] += 1;
            }
        }
        assert!(
            hits.iter().all(|&h| (9_500..10_500).contains(&h)),
            "{hits:?}"
        );
    }
}
