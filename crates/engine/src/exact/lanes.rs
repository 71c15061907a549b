//! The band state's three sweeps over all its words, four words at a time: SSE2 natively on
//! x86-64 (every such processor has it), `simd128` in the browser, plain words elsewhere. The
//! plain versions are the reference the tests hold the vector ones to.

/// The band state's words, `3·digit + band`, and one word of padding so that a digit's three
/// bands and the last four words load as one vector.
pub type Words = [u32; 28];

/// Bit `k` set where `a[k]` and `b[k]` differ.
#[inline(always)]
pub fn differ(a: &Words, b: &Words) -> u32 {
    // SAFETY: SSE2 is part of x86-64 itself: every processor this build runs on has it.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        x86::differ(a, b)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::{i32x4_bitmask, u32x4_eq};
        (0..7).fold(0, |due, q| {
            let same = u32x4_eq(wasm(a, 4 * q), wasm(b, 4 * q));
            due | (u32::from(i32x4_bitmask(same)) ^ 0xF) << (4 * q)
        })
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        differ_plain(a, b)
    }
}

/// [`differ`] a word at a time.
#[cfg(any(
    test,
    not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ))
))]
fn differ_plain(a: &Words, b: &Words) -> u32 {
    (0..28).fold(0, |due, k| due | u32::from(a[k] != b[k]) << k)
}

/// Per band, the cells where at least one, two and three digits may go: `[once, twice,
/// thrice]`, each `[band 0, band 1, band 2]`.
#[inline(always)]
pub fn counts(words: &Words) -> [[u32; 3]; 3] {
    // SAFETY: as in `differ`.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        x86::counts(words)
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::{u32x4_extract_lane, u32x4_splat, v128, v128_and, v128_or};
        let (mut once, mut twice, mut thrice) = (u32x4_splat(0), u32x4_splat(0), u32x4_splat(0));
        for d in 0..9 {
            let a = wasm(words, 3 * d);
            thrice = v128_or(thrice, v128_and(twice, a));
            twice = v128_or(twice, v128_and(once, a));
            once = v128_or(once, a);
        }
        let lanes = |v: v128| {
            [
                u32x4_extract_lane::<0>(v),
                u32x4_extract_lane::<1>(v),
                u32x4_extract_lane::<2>(v),
            ]
        };
        [lanes(once), lanes(twice), lanes(thrice)]
    }
    #[cfg(not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )))]
    {
        counts_plain(words)
    }
}

/// [`counts`] a word at a time.
#[cfg(any(
    test,
    not(any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    ))
))]
fn counts_plain(words: &Words) -> [[u32; 3]; 3] {
    let mut c = [[0; 3]; 3];
    for b in 0..3 {
        for d in 0..9 {
            let a = words[3 * d + b];
            c[2][b] |= c[1][b] & a;
            c[1][b] |= c[0][b] & a;
            c[0][b] |= a;
        }
    }
    c
}

/// Takes the cells placed in each band, `placed[b]`, from every word of that band but the one
/// that placed them (`fresh`, the cells each word placed). Only wasm and the engine's unit tests
/// call it (`SETTLE_BY_BATCH`), so only wasm has it in vectors.
#[inline(always)]
pub fn settle(words: &mut Words, fresh: &Words, placed: [u32; 3]) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::{u32x4, v128_andnot, v128_store};
        let [p0, p1, p2] = placed;
        // Word `4·q + lane` is in band `(q + lane) % 3`: three patterns, in turn.
        let bands = [
            u32x4(p0, p1, p2, p0),
            u32x4(p1, p2, p0, p1),
            u32x4(p2, p0, p1, p2),
        ];
        for q in 0..7 {
            let taken = v128_andnot(bands[q % 3], wasm(fresh, 4 * q));
            let kept = v128_andnot(wasm(words, 4 * q), taken);
            if let Some((four, _)) = words[4 * q..].split_first_chunk_mut::<4>() {
                // SAFETY: `four` is 16 bytes to write, and the store needs no alignment.
                unsafe { v128_store(four.as_mut_ptr().cast(), kept) }
            }
        }
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        settle_plain(words, fresh, placed)
    }
}

/// [`settle`] a word at a time.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn settle_plain(words: &mut Words, fresh: &Words, placed: [u32; 3]) {
    for (k, word) in words.iter_mut().enumerate() {
        *word &= !(placed[k % 3] & !fresh[k]);
    }
}

/// The sweeps in SSE2.
#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::Words;
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_cvtsi128_si32,
        _mm_loadu_si128, _mm_movemask_ps, _mm_or_si128, _mm_setzero_si128, _mm_shuffle_epi32,
    };

    /// Words `at..at + 4` as one vector.
    #[target_feature(enable = "sse2")]
    fn load(words: &Words, at: usize) -> __m128i {
        let four: &[u32; 4] = super::four(words, at);
        // SAFETY: `four` is 16 bytes to read, and the load needs no alignment.
        unsafe { _mm_loadu_si128(four.as_ptr().cast()) }
    }

    /// Lanes 0 to 2 of `v`: the three bands.
    #[target_feature(enable = "sse2")]
    fn bands(v: __m128i) -> [u32; 3] {
        [
            _mm_cvtsi128_si32(v) as u32,
            _mm_cvtsi128_si32(_mm_shuffle_epi32::<1>(v)) as u32,
            _mm_cvtsi128_si32(_mm_shuffle_epi32::<2>(v)) as u32,
        ]
    }

    #[target_feature(enable = "sse2")]
    pub(super) fn differ(a: &Words, b: &Words) -> u32 {
        let mut due = 0;
        for q in 0..7 {
            let same = _mm_cmpeq_epi32(load(a, 4 * q), load(b, 4 * q));
            due |= ((_mm_movemask_ps(_mm_castsi128_ps(same)) as u32) ^ 0xF) << (4 * q);
        }
        due
    }

    #[target_feature(enable = "sse2")]
    pub(super) fn counts(words: &Words) -> [[u32; 3]; 3] {
        let (mut once, mut twice, mut thrice) = (
            _mm_setzero_si128(),
            _mm_setzero_si128(),
            _mm_setzero_si128(),
        );
        for d in 0..9 {
            let a = load(words, 3 * d);
            thrice = _mm_or_si128(thrice, _mm_and_si128(twice, a));
            twice = _mm_or_si128(twice, _mm_and_si128(once, a));
            once = _mm_or_si128(once, a);
        }
        [bands(once), bands(twice), bands(thrice)]
    }
}

/// Words `at..at + 4` as one vector.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn wasm(words: &Words, at: usize) -> core::arch::wasm32::v128 {
    // SAFETY: `four` is 16 bytes to read, and the load needs no alignment.
    unsafe { core::arch::wasm32::v128_load(four(words, at).as_ptr().cast()) }
}

/// Words `at..at + 4`; the callers' offsets stay within the padded words.
#[cfg(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
))]
#[inline(always)]
fn four(words: &Words, at: usize) -> &[u32; 4] {
    let (four, _) = words[at..]
        .split_first_chunk::<4>()
        .unwrap_or((&[0; 4], &[]));
    four
}

#[cfg(test)]
mod tests {
    use super::{Words, counts, counts_plain, differ, differ_plain};
    use crate::rng::{Draws, Rng, SeedableRng};

    /// Random words, sparse and dense, the padding word included.
    fn words(rng: &mut Rng) -> Words {
        let mut w = [0; 28];
        for x in &mut w {
            *x = rng.below(1 << 27) & rng.below(1 << 27);
        }
        w
    }

    /// The vector sweeps find what the plain ones do, on the target the tests are built for.
    #[test]
    fn the_vector_sweeps_agree_with_the_plain_ones() {
        let mut rng = Rng::seed_from_u64(27);
        for _ in 0..2000 {
            let a = words(&mut rng);
            let mut b = a;
            for _ in 0..rng.below(4) {
                b[rng.below(28) as usize] ^= 1 << rng.below(27);
            }
            assert_eq!(differ(&a, &b), differ_plain(&a, &b));
            assert_eq!(differ(&a, &a), 0);
            assert_eq!(counts(&a), counts_plain(&a));
        }
    }
}
