//! The solvers, one folder per family: the family's shared code in its `mod.rs`, one file per
//! preset beside it. The exact search is a family of one, its registry entry in one file: the
//! search itself is the engine's ([`crate::exact`]).

pub mod anneal;
pub mod belief;
pub mod exact;
pub mod hopfield;

use crate::step::Mark;

/// The index of the largest value (the first of equals): the digit a cell of analog neurons or
/// beliefs reads out.
pub fn strongest<T: PartialOrd>(values: &[T]) -> usize {
    let mut best = 0;
    for (i, v) in values.iter().enumerate() {
        if *v > values[best] {
            best = i;
        }
    }
    best
}

/// What a cell whose up spins (or active neurons) are `bits` shows: no digit, its one digit, or several.
pub fn mark_of(bits: u32) -> Mark {
    match bits.count_ones() {
        0 => Mark::Empty,
        1 => Mark::Digit(bits.trailing_zeros() as u8 + 1),
        _ => Mark::Several,
    }
}
