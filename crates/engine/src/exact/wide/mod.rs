//! The search state for plain 16×16 and 25×25 boards: the classic board's band layout widened.
//! For each digit and each band of `K` rows, the cells where that digit may still go, in one
//! word (64 bits for 16×16, 128 for 25×25), so that a row, a box and the mini-rows where they
//! meet are masks and shifts on one word, and a column is one bit of each of the digit's `K`
//! words.
//!
//! Propagation: naked singles counted bit-sliced over the digits; hidden singles in rows, boxes
//! and columns; locked candidates both ways between a box and a row (inside the band's word)
//! and between a box and a column (across the digit's words); naked and hidden pairs once those
//! settle (`pairs.rs`). It runs only on the words that changed since it last looked.
//! The branch counts each cell's digits bit-sliced too (`counts.rs`).

mod counts;
mod pairs;

use super::{Board, givens};
use crate::board::{Digit, DigitSet, Geometry, Grid, Shape};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXorAssign, Not, Shl, Shr, Sub};

/// A band's cells as bits (`u64` holds 4 rows of 16, `u128` 5 rows of 25), or a row's (`u32`).
pub trait Word:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXorAssign
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
    + Sub<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// The low bits of a mask computed in 128 bits.
    fn cut(wide: u128) -> Self;
    /// The low 32 bits: one row of at most 25 cells, once shifted down.
    fn low(self) -> u32;
    fn ones(self) -> u32;
    fn lowest(self) -> usize;
}

macro_rules! word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const ZERO: $t = 0;
            const ONE: $t = 1;
            #[inline(always)]
            fn cut(wide: u128) -> $t {
                wide as $t
            }
            #[inline(always)]
            fn low(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
        }
    )*};
}

word!(u32, u64, u128);

/// Whether `w` has exactly one bit set: without a population-count instruction in the
/// portable build, cheaper than counting.
#[inline(always)]
fn single<W: Word>(w: W) -> bool {
    w != W::ZERO && w & (w - W::ONE) == W::ZERO
}

/// Whether `w` has exactly two bits set.
#[inline(always)]
fn double<W: Word>(w: W) -> bool {
    w != W::ZERO && single(w & (w - W::ONE))
}

/// Removes the lowest set bit of `w` and says which it was.
#[inline(always)]
fn pop<W: Word>(w: &mut W) -> Option<usize> {
    (*w != W::ZERO).then(|| {
        let lowest = w.lowest();
        *w &= *w - W::ONE;
        lowest
    })
}

/// The first row of a band of `n` columns.
const fn row0(n: usize) -> u128 {
    (1 << n) - 1
}

/// The first column of a band of `k` rows.
const fn column0(k: usize, n: usize) -> u128 {
    let (mut mask, mut r) = (0, 0);
    while r < k {
        mask |= 1 << (r * n);
        r += 1;
    }
    mask
}

/// The first box of a band.
const fn box0(k: usize, n: usize) -> u128 {
    column0(k, n) * ((1 << k) - 1)
}

/// The first cell of every mini-row (a row's `k` cells inside one box).
const fn mini_rows(k: usize, n: usize) -> u128 {
    let (mut mask, mut b) = (0, 0);
    while b < k {
        mask |= column0(k, n) << (b * k);
        b += 1;
    }
    mask
}

/// Propagation met a cell without a digit or a digit without a place.
struct Dead;

/// What changed since propagation last looked: words (bit `d·K + b` for digit `d` in band `b`)
/// for the scans of rows, boxes and columns, and bands for naked singles.
struct Changed<W> {
    words: W,
    bands: u32,
}

impl<W: Word> Changed<W> {
    fn none() -> Changed<W> {
        Changed {
            words: W::ZERO,
            bands: 0,
        }
    }

    #[inline(always)]
    fn mark(&mut self, word: usize, band: usize) {
        self.words |= W::ONE << word;
        self.bands |= 1 << band;
    }
}

/// Where each digit may go, band by band (`sets[d][b]`, bit `r·N + c` for row `r` of band `b`
/// and column `c`), and the cells placed. `K` is the box's side and `N = K²` the board's.
#[derive(Clone)]
pub struct Wide<W: Word, const K: usize, const N: usize> {
    sets: [[W; K]; N],
    placed: [W; K],
}

/// The plain 16×16 board.
pub type Wide16 = Wide<u64, 4, 16>;
/// The plain 25×25 board.
pub type Wide25 = Wide<u128, 5, 25>;

/// Whether `shape` is the board of a `Wide<_, K, _>`: square boxes of side `K`, no extra rule.
pub fn fits(shape: Shape, k: usize) -> bool {
    shape.box_rows() == k && shape.box_cols() == k && shape.rules().is_empty()
}

impl<W: Word, const K: usize, const N: usize> Wide<W, K, N> {
    /// Cells in a band.
    const BITS: usize = K * N;
    const ALL: u128 = if K * N == 128 {
        u128::MAX
    } else {
        (1 << (K * N)) - 1
    };
    const ROW: u128 = row0(N);
    const COLUMN: u128 = column0(K, N);
    const BOX: u128 = box0(K, N);
    const MINI_ROWS: u128 = mini_rows(K, N);

    #[inline(always)]
    fn all() -> W {
        W::cut(Self::ALL)
    }

    #[inline(always)]
    fn row(r: usize) -> W {
        W::cut(Self::ROW) << (r * N)
    }

    #[inline(always)]
    fn column(c: usize) -> W {
        W::cut(Self::COLUMN) << c
    }

    #[inline(always)]
    fn boxed(j: usize) -> W {
        W::cut(Self::BOX) << (j * K)
    }

    /// Places digit `d` at bit `l` of band `b`: the cell leaves every other digit, the digit
    /// leaves the cell's row, box and column. Marks in `dirty` (bit `d·K + b`) the words changed.
    fn assign(&mut self, dirty: &mut Changed<W>, b: usize, l: usize, d: usize) -> Result<(), Dead> {
        let bit = W::ONE << l;
        if self.sets[d][b] & bit == W::ZERO {
            return Err(Dead);
        }
        if self.placed[b] & bit != W::ZERO {
            return Ok(());
        }
        self.placed[b] |= bit;
        for (e, sets) in self.sets.iter_mut().enumerate() {
            if e != d && sets[b] & bit != W::ZERO {
                sets[b] &= !bit;
                dirty.mark(e * K + b, b);
            }
        }
        let (r, c) = (l / N, l % N);
        let near = (Self::row(r) | Self::boxed(c / K)) & !bit;
        let column = Self::column(c);
        for (o, set) in self.sets[d].iter_mut().enumerate() {
            let gone = if o == b { near } else { column };
            if *set & gone != W::ZERO {
                *set &= !gone;
                dirty.mark(d * K + o, o);
            }
        }
        Ok(())
    }

    /// Naked singles, band by band; whether any was placed.
    fn naked_singles(&mut self, dirty: &mut Changed<W>) -> Result<bool, Dead> {
        let mut found = false;
        let mut bands = std::mem::take(&mut dirty.bands);
        while let Some(b) = pop(&mut bands) {
            let (mut once, mut twice) = (W::ZERO, W::ZERO);
            for sets in &self.sets {
                twice |= once & sets[b];
                once |= sets[b];
            }
            if Self::all() & !once != W::ZERO {
                return Err(Dead);
            }
            let mut singles = once & !twice & !self.placed[b];
            while let Some(l) = pop(&mut singles) {
                let bit = W::ONE << l;
                let d = (0..N).find(|&d| self.sets[d][b] & bit != W::ZERO);
                self.assign(dirty, b, l, d.ok_or(Dead)?)?;
                found = true;
            }
        }
        Ok(found)
    }

    /// Digit `d` in band `b`: locked candidates between its rows and boxes, then hidden singles
    /// in them.
    fn scan_band(&mut self, dirty: &mut Changed<W>, d: usize, b: usize) -> Result<(), Dead> {
        let w = self.sets[d][b];
        let mut spread = w;
        for s in 1..K {
            spread |= w >> s;
        }
        // One bit per mini-row that holds a place, at its first cell.
        let minis = spread & W::cut(Self::MINI_ROWS);
        let mut cut = W::ZERO;
        for i in 0..K {
            let (in_row, in_box) = (minis & Self::row(i), minis & Self::boxed(i));
            if in_row == W::ZERO || in_box == W::ZERO {
                return Err(Dead);
            }
            if single(in_row) {
                cut |= Self::boxed(in_row.lowest() % N / K) & !Self::row(i);
            }
            if single(in_box) {
                cut |= Self::row(in_box.lowest() / N) & !Self::boxed(i);
            }
        }
        if w & cut != W::ZERO {
            self.sets[d][b] = w & !cut;
            dirty.mark(d * K + b, b);
            return Ok(());
        }
        for i in 0..K {
            for unit in [Self::row(i), Self::boxed(i)] {
                let places = self.sets[d][b] & unit;
                if single(places) && places & self.placed[b] == W::ZERO {
                    self.assign(dirty, b, places.lowest(), d)?;
                }
            }
        }
        Ok(())
    }

    /// Digit `d` down the columns: hidden singles, and locked candidates between a column and
    /// the boxes it crosses.
    fn scan_columns(&mut self, dirty: &mut Changed<W>, d: usize) -> Result<(), Dead> {
        let (mut once, mut twice) = (0u32, 0u32);
        let (mut bands_once, mut bands_twice) = (0u32, 0u32);
        let mut in_bands = [0u32; K];
        for (b, in_band) in in_bands.iter_mut().enumerate() {
            let w = self.sets[d][b];
            for r in 0..K {
                let row = (w >> (r * N)).low() & Self::ROW as u32;
                twice |= once & row;
                once |= row;
                *in_band |= row;
            }
            bands_twice |= bands_once & *in_band;
            bands_once |= *in_band;
        }
        if once != Self::ROW as u32 {
            return Err(Dead);
        }
        let mut cut = [W::ZERO; K];
        for (b, &in_band) in in_bands.iter().enumerate() {
            // A column whose places are all in this band holds the digit of its box here.
            let mut lone = in_band & bands_once & !bands_twice;
            while let Some(c) = pop(&mut lone) {
                cut[b] |= Self::boxed(c / K) & !Self::column(c);
            }
            // A box whose places are all in one column holds the digit of that column.
            for j in 0..K {
                let columns = in_band & (((1 << K) - 1) << (j * K));
                if columns == 0 {
                    return Err(Dead);
                }
                if columns & (columns - 1) == 0 {
                    let column = Self::column(columns.trailing_zeros() as usize);
                    (0..K).filter(|&o| o != b).for_each(|o| cut[o] |= column);
                }
            }
        }
        for (b, cut) in cut.into_iter().enumerate() {
            if self.sets[d][b] & cut != W::ZERO {
                self.sets[d][b] &= !cut;
                dirty.mark(d * K + b, b);
            }
        }
        let mut singles = once & !twice;
        while let Some(c) = pop(&mut singles) {
            let column = Self::column(c);
            for b in 0..K {
                let place = self.sets[d][b] & column;
                if place != W::ZERO && place & self.placed[b] == W::ZERO {
                    self.assign(dirty, b, place.lowest(), d)?;
                }
            }
        }
        Ok(())
    }

    /// Singles and locked candidates until nothing changes.
    fn propagate(&mut self, mut dirty: Changed<W>) -> Result<(), Dead> {
        // Digits whose columns changed since they were last scanned: the scan waits until the
        // bands have settled, as most of what it would see is still moving.
        let mut digits = 0u32;
        // Bands changed since pairs were last looked for: only their units can hold new pairs.
        let mut touched = 0u32;
        loop {
            touched |= dirty.bands;
            if self.naked_singles(&mut dirty)? {
                continue;
            }
            if dirty.words != W::ZERO {
                let mut todo = std::mem::replace(&mut dirty.words, W::ZERO);
                while let Some(i) = pop(&mut todo) {
                    digits |= 1 << (i / K);
                    self.scan_band(&mut dirty, i / K, i % K)?;
                }
                continue;
            }
            if digits == 0 {
                if self.pairs(&mut dirty, std::mem::take(&mut touched)) {
                    continue;
                }
                return Ok(());
            }
            let mut todo = std::mem::take(&mut digits);
            while let Some(d) = pop(&mut todo) {
                self.scan_columns(&mut dirty, d)?;
            }
        }
    }

    /// The digits cell `l` of band `b` may still take.
    fn candidates(&self, b: usize, l: usize) -> DigitSet {
        let bit = W::ONE << l;
        let mask = (self.sets.iter().enumerate())
            .filter(|(_, sets)| sets[b] & bit != W::ZERO)
            .fold(0, |m, (d, _)| m | 1 << d);
        DigitSet::from_bits(mask)
    }
}

impl<W: Word, const K: usize, const N: usize> Board for Wide<W, K, N> {
    fn start(_: &Geometry, puzzle: &Grid) -> Option<Self> {
        let mut state = Wide {
            sets: [[Self::all(); K]; N],
            placed: [W::ZERO; K],
        };
        let mut dirty = Changed::none();
        for (cell, d) in givens(puzzle) {
            let (b, l) = (cell / Self::BITS, cell % Self::BITS);
            state.assign(&mut dirty, b, l, d.index()).ok()?;
        }
        let every = Changed {
            words: W::cut(u128::MAX >> (128 - K * N)),
            bands: (1 << K) - 1,
        };
        state.propagate(every).ok()?;
        Some(state)
    }

    type Guess = usize;

    fn guess(&mut self, _: &Geometry, cell: usize, digit: Digit) -> bool {
        let mut dirty = Changed::none();
        let (b, l) = (cell / Self::BITS, cell % Self::BITS);
        self.assign(&mut dirty, b, l, digit.index()).is_ok() && self.propagate(dirty).is_ok()
    }

    /// Of the open cells with two candidates, the one that sees the most open and two-candidate
    /// cells; failing those, one with the fewest candidates.
    fn branch(&self, _: &Geometry) -> Option<(usize, DigitSet)> {
        let (open, pairs) = self.open_and_two();
        if open.iter().all(|&o| o == W::ZERO) {
            return None;
        }
        let (mut best, mut best_reach) = (None, 0);
        for (b, &pairs_b) in pairs.iter().enumerate() {
            let mut cells = pairs_b;
            while let Some(l) = pop(&mut cells) {
                let (r, c) = (l / N, l % N);
                let near = Self::row(r) | Self::boxed(c / K);
                let reach = (0..K)
                    .map(|o| {
                        let sees = if o == b { near } else { Self::column(c) };
                        (open[o] & sees).ones() + (pairs[o] & sees).ones()
                    })
                    .sum::<u32>();
                // A cell with a twin only orients the pair: both branches leave the rest as hard.
                let better = best.is_none() || reach > best_reach;
                if better && self.twins(&pairs, b, l) == [W::ZERO; K] {
                    (best, best_reach) = (Some((b, l)), reach);
                }
            }
        }
        let (b, l) = best.or_else(|| self.fewest(&open))?;
        Some((b * Self::BITS + l, self.candidates(b, l)))
    }

    fn write_digits(&self, _: &Geometry, digits: &mut [u8]) {
        digits.fill(0);
        for (d, sets) in self.sets.iter().enumerate() {
            for (b, &set) in sets.iter().enumerate() {
                let mut cells = set & self.placed[b];
                while let Some(l) = pop(&mut cells) {
                    digits[b * Self::BITS + l] = d as u8 + 1;
                }
            }
        }
    }
}
