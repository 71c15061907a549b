//! Cage-sum pruning, shared by the states that take killer cages (`digits`, `cells`): a digit
//! stays in a cage's open cell only if the cage can be completed with it there, every open cell
//! taking one of its candidates, no digit twice, and the sum made. On boards of up to
//! [`MEMO_DIGITS`] digits each cell is pruned on its own (a cell's candidates, not the cage's
//! union, limit what it can give); on larger boards by the union of the digits of the sets of
//! distinct digits that make the sum left.

use super::{Contradiction, bits};
use crate::board::{Cage, DigitSet, Geometry, Grid};
use crate::check;

/// The digits each blank cell of `puzzle` may hold: those its peers leave (a cage's cells are
/// peers in a caged `geometry`), less those its cage's sum rules out. A cage its placed digits
/// already break keeps its cells' digits: the checker refuses the end. Empty where a digit is.
pub fn candidates(geometry: &Geometry, puzzle: &Grid) -> Vec<DigitSet> {
    let cells = puzzle.shape().cells();
    let mut sets: Vec<DigitSet> = (0..cells)
        .map(|cell| match puzzle.get(cell) {
            Some(_) => DigitSet::EMPTY,
            None => check::candidates(geometry, puzzle, cell),
        })
        .collect();
    for cage in puzzle.cages().iter() {
        let cell = |c: usize| match puzzle.get(c) {
            Some(d) => CageCell::Placed(u32::from(d) - 1),
            None => CageCell::Open(sets[c].bits()),
        };
        let Some(allowed) = allowed(cage, cell) else {
            continue;
        };
        for (c, digits) in allowed.open(cage) {
            sets[c] = DigitSet::from_bits(digits);
        }
    }
    sets
}

/// The contradiction of a sum no digits make: the `i`-th of [`Geometry::sums`], a cage or,
/// past them, a sum the rule of 45 implies, said as its first cell left without a digit.
pub(crate) fn broken(geometry: &Geometry, i: usize, sum: &Cage) -> Contradiction {
    match i < geometry.cages().len() {
        true => Contradiction::Cage(i),
        false => Contradiction::EmptyCell(sum.first()),
    }
}

/// A cage's cell as a state sees it: its placed digit (0-based), or its candidates (bit `d` for
/// digit `d + 1`).
#[derive(Clone, Copy)]
pub(crate) enum CageCell {
    Placed(u32),
    Open(u32),
}

/// The most cells a cage holds: one per digit of the largest board.
const MAX_CELLS: usize = crate::board::Digit::MAX as usize;

/// What a cage's open cells may still hold, in the cage's order of cells.
pub(crate) struct Allowed {
    digits: [u32; MAX_CELLS],
    /// Which of the cage's cells are open (bit `i` for its `i`-th cell).
    open: u32,
}

impl Allowed {
    /// Each open cell of `cage` with the digits it may hold (bits as in [`CageCell::Open`]).
    pub(crate) fn open<'a>(&'a self, cage: &'a Cage) -> impl Iterator<Item = (usize, u32)> + 'a {
        let open = cage
            .cells()
            .enumerate()
            .filter(|(i, _)| self.open >> i & 1 == 1);
        open.zip(self.digits).map(|((_, c), d)| (c, d))
    }
}

/// The digits `cage`'s open cells may still hold, or `None` when no digits complete it: a
/// repeat among its placed digits, or a sum out of reach.
pub(crate) fn allowed(cage: &Cage, cell: impl Fn(usize) -> CageCell) -> Option<Allowed> {
    let (mut placed, mut sum) = (0u32, 0u32);
    let mut found = Allowed {
        digits: [0; MAX_CELLS],
        open: 0,
    };
    let mut candidates = [0u32; MAX_CELLS];
    let mut k = 0;
    for (i, c) in cage.cells().enumerate() {
        match cell(c) {
            CageCell::Placed(d) if placed >> d & 1 == 1 => return None,
            CageCell::Placed(d) => {
                placed |= 1 << d;
                sum += d + 1;
            }
            CageCell::Open(digits) => {
                candidates[k] = digits;
                found.open |= 1 << i;
                k += 1;
            }
        }
    }
    // A digit placed after an open cell was read is struck from it here.
    let candidates = &mut candidates[..k];
    candidates.iter_mut().for_each(|c| *c &= !placed);
    let left = cage.sum().checked_sub(sum)?;
    let union = candidates.iter().fold(0, |u, &c| u | c);
    if union < 1 << MEMO_DIGITS {
        let mut fill = Fill {
            candidates,
            left,
            seen: [0; 1 << MEMO_DIGITS],
            digits: &mut found.digits,
        };
        return fill.completes(0, 0).then_some(found);
    }
    let mut budget = BUDGET;
    let (some, digits) = combinations(union, k, left, &mut budget);
    for (d, c) in found.digits.iter_mut().zip(candidates.iter()) {
        *d = c & digits;
    }
    some.then_some(found)
}

/// Boards of up to this many digits prune each cage cell by cell, remembering which sets of
/// digits the cells before can complete (`2^9` sets at most).
const MEMO_DIGITS: usize = 9;

/// The cell-by-cell completion of a cage's open cells: which digits each takes in some
/// completion.
struct Fill<'a> {
    candidates: &'a [u32],
    left: u32,
    /// For each set of digits taken by the first cells: 1 once it is known to complete, 2 once
    /// known not to.
    seen: [u8; 1 << MEMO_DIGITS],
    digits: &'a mut [u32; MAX_CELLS],
}

impl Fill<'_> {
    /// Whether the cells after those that took `used` (summing to `sum`) can complete the cage;
    /// each digit that does is noted for its cell.
    fn completes(&mut self, used: u32, sum: u32) -> bool {
        let i = used.count_ones() as usize;
        if i == self.candidates.len() {
            return sum == self.left;
        }
        match self.seen[used as usize] {
            1 => return true,
            2 => return false,
            _ => {}
        }
        let mut any = false;
        for d in bits(self.candidates[i] & !used) {
            let with = sum + d as u32 + 1;
            if with > self.left {
                break;
            }
            if self.completes(used | 1 << d, with) {
                self.digits[i] |= 1 << d;
                any = true;
            }
        }
        self.seen[used as usize] = if any { 1 } else { 2 };
        any
    }
}

/// Combinations tried per cage and look before pruning by the union gives up and allows every
/// candidate: a cage of many cells with a middling sum has too many to list, and allowing more
/// is sound.
const BUDGET: u32 = 20_000;

/// Whether some `k` distinct digits of `available` sum to `left`, and the union of all such
/// sets (all of `available` once `budget` runs out).
fn combinations(available: u32, k: usize, left: u32, budget: &mut u32) -> (bool, u32) {
    if k == 0 {
        return (left == 0, 0);
    }
    if available.count_ones() < k as u32 {
        return (false, 0);
    }
    if *budget == 0 {
        return (true, available);
    }
    *budget -= 1;
    let lowest: u32 = bits(available).take(k).map(|d| d as u32 + 1).sum();
    let highest: u32 = bits_high(available).take(k).map(|d| d + 1).sum();
    if !(lowest..=highest).contains(&left) {
        return (false, 0);
    }
    let top = 31 - available.leading_zeros();
    let rest = available & !(1 << top);
    let (with, with_digits) = match left.checked_sub(top + 1) {
        Some(after) => combinations(rest, k - 1, after, budget),
        None => (false, 0),
    };
    let (without, without_digits) = combinations(rest, k, left, budget);
    let mut digits = 0;
    if with {
        digits |= with_digits | 1 << top;
    }
    if without {
        digits |= without_digits;
    }
    (with || without, digits)
}

/// The set bits of `set`, highest first.
fn bits_high(set: u32) -> impl Iterator<Item = u32> {
    (0..32).rev().filter(move |d| set >> d & 1 == 1)
}

/// Whether `cage` of `puzzle` can still be completed: digits its cells' peers leave, none twice,
/// that make its sum. The page refuses a cage drawn that cannot be.
pub fn completable(puzzle: &Grid, cage: &Cage) -> bool {
    let geometry = Geometry::of_puzzle(puzzle);
    let cell = |c: usize| match puzzle.get(c) {
        Some(d) => CageCell::Placed(u32::from(d) - 1),
        None => CageCell::Open(check::candidates(&geometry, puzzle, c).bits()),
    };
    allowed(cage, cell).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits `allowed` leaves each open cell of `cage`, or `None`.
    fn pruned(cage: &Cage, cell: impl Fn(usize) -> CageCell) -> Option<Vec<u32>> {
        let allowed = allowed(cage, cell)?;
        Some(allowed.open(cage).map(|(_, d)| d).collect())
    }

    #[test]
    fn a_cage_allows_the_digits_of_its_combinations() {
        let open = |_| CageCell::Open(0b1_1111_1111);
        // Two cells summing to 3 hold 1 and 2; to 17, 8 and 9; three to 23: 6, 8, 9.
        assert_eq!(pruned(&Cage::new(3, [0, 1]), open), Some(vec![0b11; 2]));
        assert_eq!(
            pruned(&Cage::new(17, [0, 1]), open),
            Some(vec![0b1_1000_0000; 2])
        );
        assert_eq!(
            pruned(&Cage::new(23, [0, 1, 2]), open),
            Some(vec![0b1_1010_0000; 3])
        );
        // 10 in two cells: 1+9, 2+8, 3+7, 4+6; not 5.
        assert_eq!(
            pruned(&Cage::new(10, [0, 1]), open),
            Some(vec![0b1_1110_1111; 2])
        );
        // A placed 4 leaves 6 for the other cell; a placed 5, nothing.
        let with = |d| move |c| if c == 0 { CageCell::Placed(d) } else { open(c) };
        assert_eq!(pruned(&Cage::new(10, [0, 1]), with(3)), Some(vec![1 << 5]));
        assert_eq!(pruned(&Cage::new(10, [0, 1]), with(4)), None);
        // A whole cage: right or wrong.
        assert_eq!(pruned(&Cage::new(3, [0]), with(2)), Some(vec![]));
        assert_eq!(pruned(&Cage::new(4, [0]), with(2)), None);
    }

    #[test]
    fn each_cell_keeps_only_the_digits_it_can_complete_the_cage_with() {
        // 10 in two cells, the first holding 1 or 2: the second 9 or 8, not 3, 4, 6 or 7.
        let first = |c| match c {
            0 => CageCell::Open(0b11),
            _ => CageCell::Open(0b1_1111_1111),
        };
        assert_eq!(
            pruned(&Cage::new(10, [0, 1]), first),
            Some(vec![0b11, 0b1_1000_0000])
        );
        // 6 in three cells is 1+2+3; with two cells on 1 or 2, the third takes 3 alone.
        let pair = |c| match c {
            0 | 1 => CageCell::Open(0b11),
            _ => CageCell::Open(0b111),
        };
        assert_eq!(
            pruned(&Cage::new(6, [0, 1, 2]), pair),
            Some(vec![0b11, 0b11, 0b100])
        );
        // Three cells on 1 or 2 cannot take three digits.
        let three = |_| CageCell::Open(0b11);
        assert_eq!(pruned(&Cage::new(6, [0, 1, 2]), three), None);
    }

    #[test]
    fn boards_past_nine_digits_prune_by_the_union_of_the_combinations() {
        // 16×16: 31 in two cells is 15+16; the first cell without 16 still keeps 15 alone.
        let wide = |c| match c {
            0 => CageCell::Open(0x7fff),
            _ => CageCell::Open(0xffff),
        };
        assert_eq!(
            pruned(&Cage::new(31, [0, 1]), wide),
            Some(vec![1 << 14, 0b11 << 14])
        );
    }
}
