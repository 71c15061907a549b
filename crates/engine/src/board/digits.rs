//! Digits and sets of digits as types, so that a 1-based digit, a 0-based index and a bit mask
//! can no longer be mixed up: `1 << d` written against the wrong one of them was an off-by-one
//! waiting to happen in every solver.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::num::NonZeroU8;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub, SubAssign};

/// A digit of a board, `1..=25`: never zero, so `Option<Digit>` is one byte and an empty cell
/// cannot be taken for a digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The largest digit of any board (25×25).
    pub const MAX: u8 = 25;

    /// The digit `d`, if it is one (`1..=25`).
    #[inline]
    pub fn new(d: u8) -> Option<Digit> {
        NonZeroU8::new(d)
            .filter(|d| d.get() <= Digit::MAX)
            .map(Digit)
    }

    /// The digit as a number, `1..=25`.
    #[inline]
    pub fn get(self) -> u8 {
        self.0.get()
    }

    /// The digit 0-based, for indexing arrays and bit-sliced states.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0.get() - 1)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// Bits of the 25 digits.
const DIGIT_BITS: u32 = (1 << Digit::MAX) - 1;

/// A set of digits, one bit per digit (bit `i` for the digit of index `i`): a cell's
/// candidates, a unit's digits, a guess's untried digits. As cheap as the `u32` it wraps.
///
/// In messages, its bits; bits beyond the 25 digits are refused on arrival.
#[repr(transparent)]
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct DigitSet(u32);

impl TryFrom<u32> for DigitSet {
    type Error = super::shape::NotABoard;

    fn try_from(bits: u32) -> Result<DigitSet, Self::Error> {
        match bits & !DIGIT_BITS {
            0 => Ok(DigitSet(bits)),
            _ => Err(super::shape::NotABoard),
        }
    }
}

impl From<DigitSet> for u32 {
    fn from(set: DigitSet) -> u32 {
        set.0
    }
}

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// Every digit of a board of `size` digits, `1..=size`.
    #[inline]
    pub fn all(size: usize) -> DigitSet {
        DigitSet(DIGIT_BITS >> (Digit::MAX as usize).saturating_sub(size))
    }

    /// The set with bit `i` for the digit of index `i`, for states kept as raw words (bits past
    /// the 25 digits are dropped).
    #[inline]
    pub fn from_bits(bits: u32) -> DigitSet {
        DigitSet(bits & DIGIT_BITS)
    }

    /// The set as a word, bit `i` for the digit of index `i`.
    #[inline]
    pub fn bits(self) -> u32 {
        self.0
    }

    /// Adds `d`.
    #[inline]
    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1 << d.index();
    }

    /// Whether `d` is in the set.
    #[inline]
    pub fn contains(self, d: Digit) -> bool {
        self.0 >> d.index() & 1 == 1
    }

    /// How many digits the set holds.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether no digit is left (a contradiction, for a cell's candidates).
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit of the set.
    #[inline]
    pub fn first(self) -> Option<Digit> {
        // Every bit of the set is a digit, so the index is below 25.
        (self.0 != 0).then(|| Digit(NonZeroU8::MIN.saturating_add(self.0.trailing_zeros() as u8)))
    }

    /// Takes the smallest digit out of the set.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Digit> {
        let first = self.first()?;
        self.0 &= self.0 - 1;
        Some(first)
    }

    /// The one digit of a set of one (a naked single); `None` for any other size.
    #[inline]
    pub fn single(self) -> Option<Digit> {
        if self.0 & self.0.wrapping_sub(1) == 0 {
            self.first()
        } else {
            None
        }
    }

    /// The digits, smallest first.
    #[inline]
    pub fn iter(self) -> DigitIter {
        DigitIter(self)
    }
}

/// Over a unit's digit sets (the candidates of its cells, the digits a network holds there): the digits that occur in exactly one of them (hidden singles), and
/// the digits that occur in any.
pub fn once_and_any(sets: impl Iterator<Item = DigitSet>) -> (DigitSet, DigitSet) {
    sets.fold((DigitSet::EMPTY, DigitSet::EMPTY), |(once, any), set| {
        ((once - set) | (set - any), any | set)
    })
}

impl From<Digit> for DigitSet {
    #[inline]
    fn from(d: Digit) -> DigitSet {
        DigitSet(1 << d.index())
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Digit::get)).finish()
    }
}

/// The digits of a [`DigitSet`], smallest first.
#[derive(Clone, Debug)]
pub struct DigitIter(DigitSet);

impl Iterator for DigitIter {
    type Item = Digit;

    #[inline]
    fn next(&mut self) -> Option<Digit> {
        self.0.pop_first()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.0.len(), Some(self.0.len()))
    }
}

impl ExactSizeIterator for DigitIter {}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = DigitIter;

    #[inline]
    fn into_iter(self) -> DigitIter {
        self.iter()
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(digits: I) -> DigitSet {
        digits
            .into_iter()
            .fold(DigitSet::EMPTY, |set, d| set | d.into())
    }
}

/// Implements a set operator and its assigning form over the words.
macro_rules! set_operator {
    ($op:ident, $method:ident, $assign:ident, $assign_method:ident, |$a:ident, $b:ident| $e:expr) => {
        impl $op for DigitSet {
            type Output = DigitSet;

            #[inline]
            fn $method(self, other: DigitSet) -> DigitSet {
                let ($a, $b) = (self.0, other.0);
                DigitSet($e)
            }
        }

        impl $assign for DigitSet {
            #[inline]
            fn $assign_method(&mut self, other: DigitSet) {
                *self = $op::$method(*self, other);
            }
        }
    };
}

set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
set_operator!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

#[cfg(test)]
mod tests {
    use super::*;

    fn digit(d: u8) -> Digit {
        Digit::new(d).expect("a digit")
    }

    fn set(digits: &[u8]) -> DigitSet {
        digits.iter().map(|&d| digit(d)).collect()
    }

    #[test]
    fn digits_are_one_to_twenty_five_and_index_from_zero() {
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(26), None);
        assert_eq!(digit(25).get(), 25);
        assert_eq!((digit(1).index(), digit(9).index()), (0, 8));
        assert_eq!(size_of::<Option<Digit>>(), 1);
        assert_eq!(digit(7).to_string(), "7");
    }

    #[test]
    fn a_set_iterates_its_digits_smallest_first() {
        let s = set(&[25, 3, 1, 9]);
        assert_eq!(s.iter().map(Digit::get).collect::<Vec<_>>(), [1, 3, 9, 25]);
        assert_eq!((s.len(), s.iter().len()), (4, 4));
        assert_eq!(s.bits(), 1 | 1 << 2 | 1 << 8 | 1 << 24);
        assert_eq!(format!("{s:?}"), "{1, 3, 9, 25}");
        assert_eq!(DigitSet::EMPTY.iter().next(), None);
    }

    #[test]
    fn single_is_only_for_a_set_of_one() {
        assert_eq!(DigitSet::EMPTY.single(), None);
        assert_eq!(set(&[4]).single(), Some(digit(4)));
        assert_eq!(set(&[25]).single(), Some(digit(25)));
        assert_eq!(set(&[4, 5]).single(), None);
        assert_eq!(set(&[1, 25]).single(), None);
    }

    #[test]
    fn all_holds_the_boards_digits_and_no_more() {
        assert_eq!(DigitSet::all(9), set(&[1, 2, 3, 4, 5, 6, 7, 8, 9]));
        assert_eq!(DigitSet::all(25).len(), 25);
        assert!(DigitSet::all(4).contains(digit(4)) && !DigitSet::all(4).contains(digit(5)));
        assert_eq!(DigitSet::all(0), DigitSet::EMPTY);
        assert_eq!(DigitSet::from_bits(u32::MAX), DigitSet::all(25));
    }

    #[test]
    fn the_operators_are_union_intersection_and_difference() {
        let (a, b) = (set(&[1, 2, 3]), set(&[3, 4]));
        assert_eq!(a | b, set(&[1, 2, 3, 4]));
        assert_eq!(a & b, set(&[3]));
        assert_eq!(a - b, set(&[1, 2]));
        let mut c = a;
        c -= b;
        c |= set(&[7]);
        c &= set(&[2, 7, 8]);
        assert_eq!(c, set(&[2, 7]));
        c.insert(digit(5));
        c.insert(digit(7));
        assert_eq!(c, set(&[2, 5, 7]));
        assert_eq!(c.pop_first(), Some(digit(2)));
        assert_eq!(c, set(&[5, 7]));
        assert!(!c.is_empty() && (c - c).is_empty());
    }
}
