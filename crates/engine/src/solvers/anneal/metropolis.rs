//! The Metropolis acceptance rule for integer energy changes, as a lookup table so that the hot
//! loop never calls `exp`.

/// Acceptance odds `exp(−ΔE/T)` for `ΔE = 0..=max_delta` at one temperature, stored as 32-bit
/// thresholds: a move is taken when a uniform 32-bit draw falls below its threshold.
#[derive(Clone, Debug)]
pub struct Metropolis {
    thresholds: Vec<u64>,
    /// How many leading thresholds are above zero.
    nonzero: usize,
    temperature: f64,
}

impl Metropolis {
    /// A table for energy changes up to `max_delta`, not yet set to any temperature.
    pub fn new(max_delta: u32) -> Metropolis {
        Metropolis {
            thresholds: vec![0; max_delta as usize + 1],
            nonzero: 0,
            temperature: f64::NAN,
        }
    }

    /// Fills the table for temperature `t` (a no-op when it already holds `t`).
    pub fn set_temperature(&mut self, t: f64) {
        if t == self.temperature {
            return;
        }
        self.temperature = t;
        let full = (1u64 << 32) as f64;
        let mut nonzero = 0;
        for (delta, slot) in self.thresholds.iter_mut().enumerate() {
            // Thresholds above 2³² − 1 always accept; rounding to zero never does.
            let odds = ((-(delta as f64) / t).exp() * full) as u64;
            // Past the first zero the rest are zero too: a large table costs only its live part.
            if odds == 0 && delta >= self.nonzero {
                break;
            }
            *slot = odds;
            if odds > 0 {
                nonzero = delta + 1;
            }
        }
        self.nonzero = nonzero;
    }

    /// Whether to take a move that changes the energy by `delta`, given a uniform 32-bit `draw`:
    /// always when the energy does not rise, otherwise with probability `exp(−delta/T)`.
    #[inline]
    pub fn accepts(&self, delta: i32, draw: u32) -> bool {
        delta <= 0 || u64::from(draw) < self.weight(delta)
    }

    /// `exp(−rise/T)` for an energy rise `rise ≥ 0`, in units of 2⁻³² (1 is 2³²): the weight a
    /// heat-bath move gives a choice that costs `rise` more than the cheapest.
    #[inline]
    pub fn weight(&self, rise: i32) -> u64 {
        self.thresholds.get(rise as usize).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Rng, RngCore, SeedableRng};

    #[test]
    fn acceptance_rate_follows_the_boltzmann_factor() {
        let mut m = Metropolis::new(10);
        m.set_temperature(2.0);
        let mut rng = Rng::seed_from_u64(3);
        let trials = 200_000;
        let taken = (0..trials).filter(|_| m.accepts(2, rng.next_u32())).count();
        let rate = taken as f64 / trials as f64;
        assert!((rate - (-1.0f64).exp()).abs() < 0.005, "rate {rate}");
        assert!(m.accepts(-5, u32::MAX));
        assert!(m.accepts(0, u32::MAX));
        assert!(!m.accepts(11, 0), "beyond the table never accepts");
        assert_eq!(m.weight(0), 1 << 32);
        assert_eq!(m.weight(2), ((-1.0f64).exp() * (1u64 << 32) as f64) as u64);
        assert_eq!(m.weight(11), 0);
        let mut fresh = Metropolis::new(10);
        fresh.set_temperature(0.1);
        m.set_temperature(0.1);
        assert_eq!(
            m.weight(4),
            0,
            "a colder table leaves nothing of the warmer one"
        );
        assert_eq!(m.thresholds, fresh.thresholds);
        m.set_temperature(2.0);
        assert_eq!(m.weight(2), ((-1.0f64).exp() * (1u64 << 32) as f64) as u64);
    }
}
