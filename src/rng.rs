//! A small seeded random number generator that gives the same stream on every target (native and
//! wasm32), so a seed names one run everywhere.

/// xoshiro256++ seeded through SplitMix64: fast, 256 bits of state, no platform-dependent widths.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// The generator for `seed`; every seed, zero included, gives a usable state.
    pub fn seed_from_u64(seed: u64) -> Rng {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// 32 random bits (the high half, the better half of xoshiro's output).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    /// A number in `0..n` by multiply-shift; its bias (below n / 2³²) is far under what annealing
    /// can notice. `n` must be at least 1.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        scale(self.next_u32(), n)
    }

    /// Two independent uniform draws from one step: a number in `0..n` (from the high half) and
    /// 32 random bits (the low half), for a proposal and its acceptance test.
    #[inline]
    pub fn below_and_bits(&mut self, n: u32) -> (u32, u32) {
        let r = self.next_u64();
        (scale((r >> 32) as u32, n), r as u32)
    }

    /// `true` or `false` with equal odds.
    #[inline]
    pub fn coin(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }
}

/// Maps 32 uniform bits onto `0..n` by multiply-shift.
#[inline]
pub fn scale(bits: u32, n: u32) -> u32 {
    ((u64::from(bits) * u64::from(n)) >> 32) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_different_seeds_differ() {
        let a: Vec<u64> = {
            let mut r = Rng::seed_from_u64(7);
            (0..8).map(|_| r.next_u64()).collect()
        };
        let mut r = Rng::seed_from_u64(7);
        assert!(a.iter().all(|&x| x == r.next_u64()));
        let mut other = Rng::seed_from_u64(8);
        assert_ne!(a[0], other.next_u64());
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = Rng::seed_from_u64(1);
        let mut hits = [0u32; 9];
        for _ in 0..9000 {
            hits[r.below(9) as usize] += 1;
        }
        assert!(hits.iter().all(|&h| (800..1200).contains(&h)), "{hits:?}");
    }
}
