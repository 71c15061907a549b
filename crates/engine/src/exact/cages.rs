//! Cage-sum pruning, shared by the states that take killer cages (`digits`, `cells`): the digits
//! a cage's open cells can still hold are those of some set of distinct digits, none placed in
//! the cage yet and each a candidate of an open cell, that makes the sum the cage has left.

use super::bits;
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
        let Some(digits) = allowed(cage, cell) else {
            continue;
        };
        for c in cage.cells().filter(|&c| puzzle.get(c).is_none()) {
            sets[c] = DigitSet::from_bits(sets[c].bits() & digits);
        }
    }
    sets
}

/// A cage's cell as a state sees it: its placed digit (0-based), or its candidates (bit `d` for
/// digit `d + 1`).
#[derive(Clone, Copy)]
pub(crate) enum CageCell {
    Placed(u32),
    Open(u32),
}

/// Combinations tried per cage and look before pruning gives up and allows every candidate: a
/// cage of many cells with a middling sum has too many to list, and allowing more is sound.
const BUDGET: u32 = 20_000;

/// The digits `cage`'s open cells may still hold (bits as in [`CageCell::Open`]), or `None`
/// when no digits complete it: a repeat among its placed digits, or a sum out of reach.
pub(crate) fn allowed(cage: &Cage, cell: impl Fn(usize) -> CageCell) -> Option<u32> {
    let (mut placed, mut sum, mut open, mut union) = (0u32, 0u32, 0usize, 0u32);
    for c in cage.cells() {
        match cell(c) {
            CageCell::Placed(d) if placed >> d & 1 == 1 => return None,
            CageCell::Placed(d) => {
                placed |= 1 << d;
                sum += d + 1;
            }
            CageCell::Open(candidates) => {
                open += 1;
                union |= candidates;
            }
        }
    }
    let left = cage.sum().checked_sub(sum)?;
    let mut budget = BUDGET;
    let (found, digits) = combinations(union & !placed, open, left, &mut budget);
    found.then_some(digits)
}

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

    #[test]
    fn a_cage_allows_the_digits_of_its_combinations() {
        let open = |_| CageCell::Open(0b1_1111_1111);
        // Two cells summing to 3 hold 1 and 2; to 17, 8 and 9; three to 23: 6, 8, 9.
        assert_eq!(allowed(&Cage::new(3, [0, 1]), open), Some(0b11));
        assert_eq!(allowed(&Cage::new(17, [0, 1]), open), Some(0b1_1000_0000));
        assert_eq!(
            allowed(&Cage::new(23, [0, 1, 2]), open),
            Some(0b1_1010_0000)
        );
        // 10 in two cells: 1+9, 2+8, 3+7, 4+6; not 5.
        assert_eq!(allowed(&Cage::new(10, [0, 1]), open), Some(0b1_1110_1111));
        // A placed 4 leaves 6 for the other cell; a placed 5, nothing.
        let with = |d| move |c| if c == 0 { CageCell::Placed(d) } else { open(c) };
        assert_eq!(allowed(&Cage::new(10, [0, 1]), with(3)), Some(1 << 5));
        assert_eq!(allowed(&Cage::new(10, [0, 1]), with(4)), None);
        // A whole cage: right or wrong.
        assert_eq!(allowed(&Cage::new(3, [0]), with(2)), Some(0));
        assert_eq!(allowed(&Cage::new(4, [0]), with(2)), None);
    }
}
