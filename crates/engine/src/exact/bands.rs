//! The search state for the classic 9×9 board: for each digit and each band of three rows, the
//! 27 cells where that digit may still go, in one 32-bit word (the layout of the fastest known
//! solvers, tdoku and the JCZSolve family).
//!
//! In a band a digit takes one cell in each of the three rows and in each of the three boxes: one
//! "mini-row" (a row's three cells inside one box) per row, all in different boxes, a choice
//! called a configuration (six per band). A table over the nine mini-rows keeps only those that
//! belong to some configuration left, which is locked candidates in both directions for the price
//! of a lookup. Hidden singles in rows and boxes fall out of the same word, and naked singles out
//! of counting, bit-sliced, the digits left in each cell.
//!
//! As in JCZSolve, nothing is placed one cell at a time: a single only narrows its digit's word,
//! and the word's update, due whenever the word differs from what its last update left, closes
//! the cells its digit is alone in and their columns. Once rows, boxes and cells have nothing
//! left to say, two rules that need a digit's three bands, or all nine digits, together: the
//! same table for stacks of boxes (which finds the hidden singles in columns), and triads, as in
//! tdoku (a mini-row or mini-column holds exactly three digits). Where those have nothing either,
//! the search guesses as tdoku's triad engine does: of the bands and stacks not yet fixed, the one
//! with the fewest configurations left, and in it a digit with two, each tried in turn. On the
//! hardest sets that tree has a quarter fewer branch points than guessing at two-candidate cells.

use super::lanes::{self, Words};
use super::{Board, bits, branch_in_bits, givens};
use crate::board::{Digit, DigitSet, Geometry, Grid};

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The first row of a band.
const ROW: u32 = 0x1FF;
/// The first cell of each row of a band.
const FIRST_OF_ROWS: u32 = 1 | 1 << 9 | 1 << 18;
/// The two other bands of each band.
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];
/// The first box of a band.
const BOX: u32 = 7 | 7 << 9 | 7 << 18;
/// The first of each group of three bits: in a band's cells, the first cell of each mini-row; in
/// the nine-bit sets of mini-rows or columns, three bands side by side, the first of each box's
/// or stack's three.
const FIRST_OF_THREES: u32 = 0o111_111_111;

/// The six permutation matrices of three by three, bit `3·i + j` for row `i`, column `j`: a
/// digit's configurations in a band (bit `3·box + row` of its mini-rows) or in a stack (bit
/// `3·band + column`).
const CONFIGURATIONS: [u32; 6] = [
    1 | 1 << 4 | 1 << 8,
    1 | 1 << 5 | 1 << 7,
    1 << 1 | 1 << 3 | 1 << 8,
    1 << 1 | 1 << 5 | 1 << 6,
    1 << 2 | 1 << 3 | 1 << 7,
    1 << 2 | 1 << 4 | 1 << 6,
];

/// The bit of a band's mini-row in a set of mini-rows: `3·row + box` where BMI2 gathers them
/// in the cells' order, else `3·box + row`, the order the shifts of [`mini_rows`] leave them in.
const fn mini_row(row: u32, column_of_boxes: u32) -> u32 {
    if cfg!(all(target_arch = "x86_64", target_feature = "bmi2")) {
        3 * row + column_of_boxes
    } else {
        3 * column_of_boxes + row
    }
}

/// Whether the cells an update places leave the other digits' words at the end of its batch,
/// all at once, in vectors (in wasm, where the nine words' read-modify-writes an update cost
/// three instructions each), or at once, nine words (natively, one instruction each). Updates
/// before the batch's end see the cells still there, which only delays what they find. The
/// unit tests take wasm's way, the integration tests the native one.
const SETTLE_BY_BATCH: bool = cfg!(any(target_arch = "wasm32", test));

/// Lookups over nine-bit patterns, computed at compile time.
struct Tables {
    /// Per set of non-empty mini-rows (bits by [`mini_row`]): the cells of those that lie in some
    /// choice of one mini-row per row, one per box (none when no choice is left).
    viable: [u32; 512],
    /// Per set of columns a digit can still take in a band: the columns that are the only one
    /// left to it in their box, and so are that digit's column in this band and no other.
    lone: [u16; 512],
    /// Per cell of a band: the other cells of its row and box.
    band_peers: [u32; 27],
    /// Per nine-bit pattern (bit `3·i + j`): how many configurations it holds.
    configurations: [u8; 512],
}

const fn tables() -> Tables {
    let mut t = Tables {
        viable: [0; 512],
        lone: [0; 512],
        band_peers: [0; 27],
        configurations: [0; 512],
    };
    // The six ways to give each of three rows a different box.
    let choices: [[u32; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut x = 0;
    while x < 512 {
        let pattern = x as u32;
        let mut c = 0;
        while c < 6 {
            t.configurations[x] += (pattern & CONFIGURATIONS[c] == CONFIGURATIONS[c]) as u8;
            c += 1;
        }
        let mut k = 0;
        while k < 3 {
            let three = pattern >> (3 * k) & 7;
            if three.count_ones() == 1 {
                t.lone[x] |= (three << (3 * k)) as u16;
            }
            k += 1;
        }
        let (mut c, mut viable) = (0, 0);
        while c < 6 {
            let [r0, r1, r2] = choices[c];
            let choice = 1 << mini_row(0, r0) | 1 << mini_row(1, r1) | 1 << mini_row(2, r2);
            if pattern & choice == choice {
                viable |= choice;
            }
            c += 1;
        }
        let mut m = 0;
        while m < 9 {
            if viable >> mini_row(m / 3, m % 3) & 1 == 1 {
                t.viable[x] |= 7 << (m / 3 * 9 + m % 3 * 3);
            }
            m += 1;
        }
        x += 1;
    }
    let mut i = 0;
    while i < 27 {
        t.band_peers[i] = (ROW << (i / 9 * 9) | BOX << (i % 9 / 3 * 3)) & !(1 << i);
        i += 1;
    }
    t
}

static TABLES: Tables = tables();

/// A band's columns, one bit per column, where `cells` has a cell.
fn columns(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & ROW
}

/// The mini-rows of a band where `cells` has a cell, bits by [`mini_row`].
#[inline(always)]
fn mini_rows(cells: u32) -> usize {
    // With BMI2 one bit extraction gathers each mini-row's cells folded onto its first; else
    // the shifts of `mini_rows_by_box`.
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        let folded = cells | cells >> 1 | cells >> 2;
        // SAFETY: the build enables BMI2.
        unsafe { core::arch::x86_64::_pext_u32(folded, FIRST_OF_THREES) as usize }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        mini_rows_by_box(cells) as usize
    }
}

/// Lanes of the per-digit sweeps: nine digits and room to fill whole vectors. Twelve in wasm,
/// three of its 128-bit vectors (sixteen, four vectors, ran slower in Chromium); natively sixteen.
const LANES: usize = if cfg!(target_arch = "wasm32") { 12 } else { 16 };

/// The mini-rows of a band where `cells` has a cell, bit `3·box + row`: each mini-row's cells
/// folded onto its first, then two shifts lay the rows' firsts side by side, a box's three in a
/// row ([`mini_rows`] without BMI2; vector code has no bit extraction).
#[inline(always)]
fn mini_rows_by_box(cells: u32) -> u32 {
    let firsts = (cells | cells >> 1 | cells >> 2) & FIRST_OF_THREES;
    (firsts | firsts >> 8 | firsts >> 16) & ROW
}

/// The cells of the mini-rows `set`, bit `3·box + row`.
#[inline(always)]
fn mini_row_by_box_cells(set: u32) -> u32 {
    // Each mini-row's first cell, then its three (the firsts lie three apart: no carries).
    let g = FIRST_OF_THREES & ROW;
    (set & g | (set >> 1 & g) << 9 | (set >> 2 & g) << 18) * 7
}

/// The bits of `set` alone in their group of three (the groups of [`FIRST_OF_THREES`]).
#[inline(always)]
fn alone_in_three(set: u32) -> u32 {
    let (a, b, c) = (
        set & FIRST_OF_THREES,
        set >> 1 & FIRST_OF_THREES,
        set >> 2 & FIRST_OF_THREES,
    );
    set & (((a ^ b ^ c) & !(a & b & c)) * 7)
}

/// Each bit of a group of three takes the next bit of its group (the first, after the last).
fn next_in_three(set: u32) -> u32 {
    (set >> 1 & 0o333_333_333) | (set << 2 & 0o444_444_444)
}

/// Each bit of a group of three takes the bit after next of its group.
fn after_next_in_three(set: u32) -> u32 {
    (set >> 2 & FIRST_OF_THREES) | (set << 1 & 0o666_666_666)
}

/// Per group of three bits, where at least three and at least four of the nine digits have a
/// bit, for each of four sets: the four side by side, so that each step is one vector
/// instruction.
fn three_and_four(sets: [&[u32; LANES]; 4]) -> ([u32; 4], [u32; 4]) {
    let (mut one, mut two, mut three, mut four) = ([0; 4], [0; 4], [0; 4], [0; 4]);
    for d in 0..9 {
        let set = sets.map(|s| s[d]);
        for i in 0..4 {
            four[i] |= three[i] & set[i];
            three[i] |= two[i] & set[i];
            two[i] |= one[i] & set[i];
            one[i] |= set[i];
        }
    }
    (three, four)
}

/// Where a digit guesses in a band or a stack of boxes, at a node where it has two
/// configurations left there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Split {
    /// The band (0–2) or, less three, the stack.
    unit: u8,
    digit: u8,
    /// The two configurations, bits as in [`CONFIGURATIONS`].
    configurations: [u16; 2],
}

/// Where the band state guesses: a digit at a cell, or a digit's configuration in a band or stack
/// (the choices 1 and 2 take the first or the second).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Guess {
    Cell(usize),
    Configuration(Split),
}

impl From<usize> for Guess {
    fn from(cell: usize) -> Guess {
        Guess::Cell(cell)
    }
}

/// The cells of a band in the given columns.
fn in_columns(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// Nine digits by three bands, plus the open cells.
#[derive(Clone)]
pub struct Bands {
    /// `cand[3·d + b]`: where digit `d` (0-based) may go in band `b`, its placed cells included;
    /// the last word is padding, always empty.
    cand: Words,
    /// Each word as its last update left it: a word that differs is due another.
    seen: Words,
    /// Open cells per band.
    open: [u32; 3],
    /// Open cells with exactly two candidates, per band, found by the last propagation.
    pairs: [u32; 3],
    /// The configurations to guess between, found by the last propagation, if any.
    split: Option<Split>,
}

impl Bands {
    /// Places digit `d` at cell `i` of band `b`: the cell leaves the other digits, the digit
    /// leaves the cell's row and box; the update of its word closes the cell and its column.
    /// The words changed (bit `3·d + b`), or `None` if the digit could not go there.
    #[inline(always)]
    fn assign(&mut self, b: usize, i: usize, d: usize) -> Option<u32> {
        let bit = 1u32 << i;
        let k = 3 * d + b;
        if self.cand[k] & bit == 0 {
            return None;
        }
        let mut due = 0;
        for e in 0..9 {
            due |= (self.cand[3 * e + b] >> i & 1) << (3 * e);
            self.cand[3 * e + b] &= !bit;
        }
        self.cand[k] = (self.cand[k] & !TABLES.band_peers[i]) | bit;
        Some(due << b)
    }

    /// Narrows digit `d` in band `b` to the mini-rows that can still hold it (locked
    /// candidates, and a digit alone in a box is alone in its row); closes the columns a box
    /// leaves it to in the other bands; and places it where it is alone in a row. Takes the
    /// word out of `due` and puts in the digit's other words it narrowed. The cells it placed
    /// (they leave the other digits' words here or at the batch's end, by
    /// [`SETTLE_BY_BATCH`]), or `None` on a contradiction.
    #[inline(always)]
    fn update(&mut self, d: usize, b: usize, due: &mut u32) -> Option<u32> {
        let k = 3 * d + b;
        let a = self.cand[k];
        let viable = TABLES.viable[mini_rows(a) & 511];
        if viable == 0 {
            return None;
        }
        let a = a & viable;
        self.cand[k] = a;
        self.seen[k] = a;
        let closed = in_columns(u32::from(TABLES.lone[columns(a) as usize]));
        let (b1, b2) = OTHER_BANDS[b];
        let (k1, k2) = (3 * d + b1, 3 * d + b2);
        let (w1, w2) = (self.cand[k1], self.cand[k2]);
        self.cand[k1] = w1 & !closed;
        self.cand[k2] = w2 & !closed;
        *due = (*due & !(1 << k))
            | u32::from(w1 & closed != 0) << k1
            | u32::from(w2 & closed != 0) << k2;
        // Every row has a place (the viable table says so), so one subtraction drops the lowest
        // place of all three rows at once: a row left empty had one place only.
        let rest = a & (a - FIRST_OF_ROWS);
        let alone = (0..3)
            .filter(|r| rest & ROW << (9 * r) == 0)
            .fold(0, |alone, r| alone | a & ROW << (9 * r));
        let placed = alone & self.open[b];
        self.open[b] &= !placed;
        if !SETTLE_BY_BATCH {
            // A test of `placed` would be guessed wrong often: every digit's word loses the
            // cells (none, often), then this digit's gets them back.
            for e in 0..9 {
                self.cand[3 * e + b] &= !placed;
            }
            self.cand[k] = a;
        }
        Some(placed)
    }

    /// Updates the words `due` (bit `3·d + b`): the words changed since, or `None` on a
    /// contradiction.
    #[inline(always)]
    fn update_all(&mut self, due: u32) -> Option<u32> {
        let (open, mut next) = (self.open, due);
        if SETTLE_BY_BATCH {
            // The updates' own account goes unused: in wasm, comparing all the words after
            // every batch measured faster than keeping it.
            let mut fresh = [0; 28];
            for k in bits(due) {
                fresh[k] = self.update(k / 3, k % 3, &mut next)?;
            }
            let placed = [0, 1, 2].map(|b| open[b] & !self.open[b]);
            lanes::settle(&mut self.cand, &fresh, placed);
            return Some(self.due());
        }
        for k in bits(due) {
            self.update(k / 3, k % 3, &mut next)?;
        }
        // A batch that placed nothing changed only the words the updates name; one that placed
        // took cells from words they did not name, found by comparing all of them (a scan that
        // waits for the batch's stores, so only when it must).
        if self.open == open {
            Some(next)
        } else {
            Some(self.due())
        }
    }

    /// The words that changed since their last update, bit `3·d + b`.
    #[inline(always)]
    fn due(&self) -> u32 {
        lanes::differ(&self.cand, &self.seen)
    }

    /// Two rules that need a digit's three bands, or all nine digits, together:
    /// - in a stack of boxes a digit's columns are held to one per band and one per column, as
    ///   its mini-rows are in a band (so a digit with one place left in a column takes it);
    /// - a mini-row or mini-column holds exactly three digits: where only three may go, each of
    ///   them must, and leaves the rest of its row (or its column's stack in that band); where
    ///   three must, no other may.
    ///
    /// The words narrowed, or `None` on a contradiction. When none narrows, also keeps the next
    /// guess in [`Bands::split`]. Called only where every word is as its last update left it.
    fn stacks_and_triads(&mut self) -> Option<u32> {
        // Per digit (lanes past the ninth empty, so that each step is a few vector
        // instructions), its three bands side by side (bit 9·band + …): the columns where it
        // may go, and the mini-rows (bit 3·box + row).
        let mut words = [[0; LANES]; 3];
        for (d, three) in self.cand.chunks_exact(3).enumerate() {
            for b in 0..3 {
                words[b][d] = three[b];
            }
        }
        let mut columns9 = [0; LANES];
        for d in 0..LANES {
            let [w0, w1, w2] = [words[0][d], words[1][d], words[2][d]];
            columns9[d] = columns(w0) | columns(w1) << 9 | columns(w2) << 18;
        }
        // Per digit, per band and column: whether a configuration of its stack gives that band
        // the column, the next band the next column and the band after the column after
        // (`[0]`), or the other way round (`[1]`). Each of a stack's configurations is one bit
        // of band 0 in one of the two.
        let mut kept = [[0; LANES]; 2];
        let mut dead = 0;
        for d in 0..LANES {
            let c = columns9[d];
            let next_band = (c >> 9 | c << 18) & BAND;
            let band_after = (c >> 18 | c << 9) & BAND;
            kept[0][d] = c & next_in_three(next_band) & after_next_in_three(band_after);
            kept[1][d] = c & after_next_in_three(next_band) & next_in_three(band_after);
            dead |= c & !(kept[0][d] | kept[1][d]);
        }
        if dead != 0 {
            // A box left empty is the next update's contradiction.
            let mut narrowed = 0;
            for d in 0..9 {
                let dead = columns9[d] & !(kept[0][d] | kept[1][d]);
                for b in (0..3).filter(|b| dead >> (9 * b) & ROW != 0) {
                    self.cand[3 * d + b] &= !in_columns(dead >> (9 * b) & ROW);
                    narrowed |= 1 << (3 * d + b);
                }
            }
            return Some(narrowed);
        }
        let mut rows9 = [0; LANES];
        for d in 0..LANES {
            let [w0, w1, w2] = [words[0][d], words[1][d], words[2][d]];
            rows9[d] =
                mini_rows_by_box(w0) | mini_rows_by_box(w1) << 9 | mini_rows_by_box(w2) << 18;
        }
        // Where a digit is alone in its box of a band, or of a column, it must go.
        let (mut rows_must, mut columns_must) = ([0; LANES], [0; LANES]);
        for d in 0..LANES {
            rows_must[d] = alone_in_three(rows9[d]);
            columns_must[d] = alone_in_three(columns9[d]);
        }
        let mut narrowed = 0;
        let (
            [
                rows_three,
                columns_three,
                rows_three_must,
                columns_three_must,
            ],
            [rows_four, columns_four, rows_four_must, columns_four_must],
        ) = three_and_four([&rows9, &columns9, &rows_must, &columns_must]);
        if rows_three & columns_three != BAND || rows_four_must | columns_four_must != 0 {
            return None;
        }
        let (rows_only, columns_only) = (rows_three & !rows_four, columns_three & !columns_four);
        let rows_act = rows_only ^ (rows_three_must & !rows_four_must);
        let columns_act = columns_only ^ (columns_three_must & !columns_four_must);
        if rows_act | columns_act == 0 {
            self.split = split(&rows9, &columns9, &kept);
            return Some(0);
        }
        for d in 0..9 {
            let rows = rows9[d] & rows_act & !rows_must[d];
            let columns = columns9[d] & columns_act & !columns_must[d];
            for b in (0..3).filter(|b| (rows | columns) >> (9 * b) & ROW != 0) {
                let field = |set: u32| set >> (9 * b) & ROW;
                let (rows, columns) = (field(rows), field(columns));
                let (only_rows, only_columns) = (field(rows_only), field(columns_only));
                // Where only three may go, this digit must: the rest of the mini-row's row, and
                // of the mini-column's stack in this band, go.
                let must = mini_row_by_box_cells(rows & only_rows);
                let rows_of_must = (0..3)
                    .filter(|r| must >> (9 * r) & ROW != 0)
                    .fold(0, |set, r| set | ROW << (9 * r));
                let must_columns = columns & only_columns;
                let stacks =
                    ((must_columns | must_columns >> 1 | must_columns >> 2) & FIRST_OF_THREES) * 7;
                // Where three others must, this one may not.
                let gone = mini_row_by_box_cells(rows & !only_rows)
                    | rows_of_must & !must
                    | in_columns(columns & !only_columns | stacks & !must_columns);
                if self.cand[3 * d + b] & gone != 0 {
                    self.cand[3 * d + b] &= !gone;
                    narrowed |= 1 << (3 * d + b);
                }
            }
        }
        Some(narrowed)
    }

    /// Takes configuration `choice` (0 or 1) of `split`; `false` on a contradiction.
    fn configure(&mut self, split: Split, choice: usize) -> bool {
        let (d, configuration) = (
            usize::from(split.digit),
            u32::from(split.configurations[choice & 1]),
        );
        let unit = usize::from(split.unit);
        if unit < 3 {
            self.cand[3 * d + unit] &= mini_row_by_box_cells(configuration);
            return self.propagate(1 << (3 * d + unit));
        }
        let stack = 3 * (unit - 3) as u32;
        for b in 0..3 {
            let column = (configuration >> (3 * b) & 7) << stack;
            self.cand[3 * d + b] &= !in_columns(7 << stack & !column);
        }
        self.propagate(7 << (3 * d))
    }

    /// Draws every consequence of the assignments so far, starting from the words `due` (bit
    /// `3·d + b`), which must hold every word changed since its last update; `false` on a
    /// contradiction. The words the singles narrow are said, not found by comparing all of them:
    /// a wide load behind the narrow stores just made waits for them.
    fn propagate(&mut self, mut due: u32) -> bool {
        loop {
            while due != 0 {
                match self.update_all(due) {
                    Some(next) => due = next,
                    None => return false,
                }
            }
            let [once, twice, thrice] = lanes::counts(&self.cand);
            for b in 0..3 {
                let open = self.open[b];
                if open & !once[b] != 0 {
                    return false;
                }
                self.pairs[b] = twice[b] & !thrice[b] & open;
                let singles = once[b] & !twice[b] & open;
                if singles == 0 {
                    continue;
                }
                // A naked single leaves its row and box to its digit; the update closes it.
                for d in 0..9 {
                    for i in bits(self.cand[3 * d + b] & singles) {
                        self.cand[3 * d + b] &= !TABLES.band_peers[i];
                        due |= 1 << (3 * d + b);
                    }
                }
            }
            if due == 0 {
                if self.open == [0; 3] {
                    return true;
                }
                match self.stacks_and_triads() {
                    None => return false,
                    Some(0) => return true,
                    Some(narrowed) => due = narrowed,
                }
            }
        }
    }

    /// A band-indexed set as a set of cells (cell `27·b + i` is bit `i` of band `b`).
    fn cells(words: [u32; 3]) -> u128 {
        u128::from(words[0]) | u128::from(words[1]) << 27 | u128::from(words[2]) << 54
    }
}

/// tdoku's guess: of the bands and stacks not yet fixed (nine configurations, one a digit), the
/// one with the fewest configurations left, and in it the first digit with two; `None` when that
/// one has none, and the search guesses at a cell. `rows9`, `columns9` and `kept` as in
/// [`Bands::stacks_and_triads`].
fn split(rows9: &[u32; LANES], columns9: &[u32; LANES], kept: &[[u32; LANES]; 2]) -> Option<Split> {
    let mut totals = [0u32; 6];
    for d in 0..9 {
        for b in 0..3 {
            totals[b] += u32::from(TABLES.configurations[(rows9[d] >> (9 * b) & ROW) as usize]);
            let stack = 7 << (3 * b);
            totals[3 + b] += (kept[0][d] & stack).count_ones() + (kept[1][d] & stack).count_ones();
        }
    }
    let (_, unit) = (totals.iter().zip(0..))
        .filter(|&(&total, _)| total > 9)
        .min()?;
    let pattern = |d: usize| match unit {
        b @ 0..3 => rows9[d] >> (9 * b) & ROW,
        stack => (0..3).fold(0, |p, b| {
            p | (columns9[d] >> (9 * b + 3 * (stack - 3)) & 7) << (3 * b)
        }),
    };
    let digit = (0..9).find(|&d| TABLES.configurations[pattern(d) as usize] == 2)?;
    let pattern = pattern(digit);
    let mut held = CONFIGURATIONS.into_iter().filter(|&c| pattern & c == c);
    let (first, second) = (held.next()?, held.next()?);
    Some(Split {
        unit: unit as u8,
        digit: digit as u8,
        configurations: [first as u16, second as u16],
    })
}

impl Board for Bands {
    fn start(_: &Geometry, puzzle: &Grid) -> Option<Bands> {
        let mut bands = Bands {
            cand: [BAND; 28],
            seen: [0; 28],
            open: [BAND; 3],
            pairs: [0; 3],
            split: None,
        };
        bands.cand[27] = 0;
        // Each given strikes its digit from its row and box at once, and the cells of all the
        // givens leave the other digits' words together afterwards, a band at a time.
        let mut own = [0u32; 28];
        for (cell, d) in givens(puzzle) {
            let (b, i) = (cell / 27, cell % 27);
            let (k, bit) = (3 * d.index() + b, 1u32 << i);
            if bands.cand[k] & bit == 0 {
                return None;
            }
            bands.cand[k] &= !TABLES.band_peers[i];
            own[k] |= bit;
            bands.open[b] &= !bit;
        }
        for (k, (cand, own)) in bands.cand.iter_mut().zip(own).enumerate().take(27) {
            *cand = *cand & bands.open[k % 3] | own;
        }
        bands.propagate(bands.due()).then_some(bands)
    }

    type Guess = Guess;

    fn guess(&mut self, _: &Geometry, at: Guess, choice: Digit) -> bool {
        match at {
            Guess::Cell(cell) => (self.assign(cell / 27, cell % 27, choice.index()))
                .is_some_and(|due| self.propagate(due)),
            Guess::Configuration(split) => self.configure(split, choice.index()),
        }
    }

    fn branch(&self, geometry: &Geometry) -> Option<(Guess, DigitSet)> {
        if self.open == [0; 3] {
            return None;
        }
        if let Some(split) = self.split {
            return Some((Guess::Configuration(split), DigitSet::all(2)));
        }
        let (open, pairs) = (Bands::cells(self.open), Bands::cells(self.pairs));
        let (cell, digits) = branch_in_bits(geometry, open, pairs, |cell| {
            let (b, bit) = (cell / 27, 1 << (cell % 27));
            (DigitSet::all(9).iter())
                .filter(|d| self.cand[3 * d.index() + b] & bit != 0)
                .collect()
        })?;
        Some((Guess::Cell(cell), digits))
    }

    fn write_digits(&self, _: &Geometry, digits: &mut [u8]) {
        // A band's digits go to 32 slots first, one per bit of its words, so that no store
        // needs a bounds check.
        let mut slots = [[0u8; 32]; 3];
        for d in 0..9 {
            for (b, band) in slots.iter_mut().enumerate() {
                for i in bits(self.cand[3 * d + b] & !self.open[b]) {
                    band[i & 31] = d as u8 + 1;
                }
            }
        }
        for (out, band) in digits.chunks_exact_mut(27).zip(&slots) {
            out.copy_from_slice(&band[..27]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{mini_row, mini_row_by_box_cells, mini_rows, mini_rows_by_box};
    use crate::rng::{Draws, Rng, SeedableRng};

    /// Each mini-row's bit is set exactly when one of its three cells is, whichever way the
    /// build finds them.
    #[test]
    fn mini_rows_are_the_mini_rows_with_a_cell() {
        let mut rng = Rng::seed_from_u64(9);
        for _ in 0..20_000 {
            let cells = rng.below(1 << 27) & rng.below(1 << 27) & rng.below(1 << 27);
            let expected = (0..9)
                .filter(|m| cells & 7 << (m / 3 * 9 + m % 3 * 3) != 0)
                .fold(0, |set, m| set | 1 << mini_row(m / 3, m % 3));
            assert_eq!(mini_rows(cells), expected, "{cells:027b}");
            let whole = (0..9)
                .filter(|m| cells & 7 << (m / 3 * 9 + m % 3 * 3) != 0)
                .fold(0, |set, m| set | 7 << (m / 3 * 9 + m % 3 * 3));
            let by_box = mini_rows_by_box(cells);
            assert_eq!(mini_row_by_box_cells(by_box), whole, "{cells:027b}");
            let expected = (0..9)
                .filter(|m| cells & 7 << (m / 3 * 9 + m % 3 * 3) != 0)
                .fold(0, |set, m| set | 1 << (m % 3 * 3 + m / 3));
            assert_eq!(by_box, expected, "{cells:027b}");
        }
    }
}
