//! Subsets: k open cells of a unit that hold only k digits between them (naked: those digits
//! leave every cell that sees all k), or k digits whose places in a unit are k cells (hidden:
//! those cells keep only those digits), for k from 2 to 4.

use super::{Finder, Marks, Step, Technique};
use crate::board::{Digit, DigitSet};
use std::ops::BitOr;

/// Naked subsets of this many cells.
pub struct NakedSubset(pub usize);

/// Hidden subsets of this many digits.
pub struct HiddenSubset(pub usize);

/// The technique of a subset of `k`, naked or hidden.
fn subset_technique(k: usize, naked: bool) -> Technique {
    match (k, naked) {
        (2, true) => Technique::NakedPair,
        (2, false) => Technique::HiddenPair,
        (3, true) => Technique::NakedTriple,
        (3, false) => Technique::HiddenTriple,
        (_, true) => Technique::NakedQuad,
        (_, false) => Technique::HiddenQuad,
    }
}

/// The first step `look` finds in a unit (given with its open cells) of more than `k` open
/// cells: a subset of `k` needs a cell outside it to act on.
fn in_units(
    marks: &Marks,
    k: usize,
    mut look: impl FnMut(usize, &[usize]) -> Option<Step>,
) -> Option<Step> {
    let geometry = marks.geometry();
    (0..geometry.units().count()).find_map(|u| {
        let open: Vec<usize> = (geometry.unit_cells(u).iter().copied())
            .filter(|&c| marks.value(c).is_none())
            .collect();
        (open.len() > k).then(|| look(u, &open)).flatten()
    })
}

impl Finder for NakedSubset {
    fn technique(&self) -> Technique {
        subset_technique(self.0, true)
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let k = self.0;
        in_units(marks, k, |u, open| {
            let sets: Vec<DigitSet> = open.iter().map(|&c| marks.candidates(c)).collect();
            subsets_of(&sets, k)
                .into_iter()
                .find_map(|(chosen, union)| {
                    let cells: Vec<usize> = (open.iter().enumerate())
                        .filter(|(i, _)| chosen >> i & 1 == 1)
                        .map(|(_, &c)| c)
                        .collect();
                    let gone = (0..marks.cells())
                        .filter(|&c| marks.value(c).is_none() && !cells.contains(&c))
                        .filter(|&c| cells.iter().all(|&p| marks.sees(c, p)))
                        .flat_map(|c| {
                            (marks.candidates(c) & union)
                                .into_iter()
                                .map(move |d| (c, d))
                        })
                        .collect();
                    Step::new(self.technique(), cells, union, vec![u]).striking(gone)
                })
        })
    }
}

impl Finder for HiddenSubset {
    fn technique(&self) -> Technique {
        subset_technique(self.0, false)
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let k = self.0;
        let n = marks.size();
        in_units(marks, k, |u, open| {
            let digits: Vec<Digit> = (DigitSet::all(n).into_iter())
                .filter(|&d| open.iter().any(|&c| marks.has(c, d)))
                .collect();
            let places: Vec<u32> = (digits.iter())
                .map(|&d| {
                    (open.iter().enumerate())
                        .filter(|(_, c)| marks.has(**c, d))
                        .fold(0, |m, (i, _)| m | 1 << i)
                })
                .collect();
            subsets_of(&places, k).into_iter().find_map(|(chosen, at)| {
                let keep: DigitSet = (digits.iter().enumerate())
                    .filter(|(i, _)| chosen >> i & 1 == 1)
                    .map(|(_, &d)| d)
                    .collect();
                let cells: Vec<usize> = (open.iter().enumerate())
                    .filter(|(i, _)| at >> i & 1 == 1)
                    .map(|(_, &c)| c)
                    .collect();
                let gone = (cells.iter())
                    .flat_map(|&c| {
                        (marks.candidates(c) - keep)
                            .into_iter()
                            .map(move |d| (c, d))
                    })
                    .collect();
                Step::new(self.technique(), cells, keep, vec![u]).striking(gone)
            })
        })
    }
}

/// A set [`subsets_of`] can take: digits (of cells, for naked subsets) or cells (of digits, as
/// bits over a unit's open cells, for hidden subsets).
pub(super) trait Members: Copy + Default + BitOr<Output = Self> {
    /// How many members the set has.
    fn members(self) -> usize;
}

impl Members for DigitSet {
    fn members(self) -> usize {
        self.len()
    }
}

impl Members for u32 {
    fn members(self) -> usize {
        self.count_ones() as usize
    }
}

/// Every choice of `k` of `sets` (as bits over their indices) whose union has exactly `k`
/// members, with that union. Sets with more than `k` members are never chosen.
pub(super) fn subsets_of<S: Members>(sets: &[S], k: usize) -> Vec<(u32, S)> {
    fn pick<S: Members>(
        sets: &[S],
        k: usize,
        from: usize,
        chosen: u32,
        union: S,
        found: &mut Vec<(u32, S)>,
    ) {
        if union.members() > k {
            return;
        }
        if chosen.count_ones() as usize == k {
            found.push((chosen, union));
            return;
        }
        for i in from..sets.len() {
            if sets[i].members() <= k {
                pick(sets, k, i + 1, chosen | 1 << i, union | sets[i], found);
            }
        }
    }
    let mut found = Vec::new();
    pick(sets, k, 0, 0, S::default(), &mut found);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_are_found_only_where_the_union_is_small_enough() {
        let sets = [0b0011u32, 0b0110, 0b0011, 0b1111];
        assert_eq!(subsets_of(&sets, 2), vec![(0b101, 0b0011)]);
        assert_eq!(subsets_of(&sets, 3), vec![(0b111, 0b0111)]);
        assert_eq!(subsets_of(&[0b011u32, 0b110, 0b101], 2), vec![]);
        let digits = |ds: &[u8]| {
            ds.iter()
                .filter_map(|&d| Digit::new(d))
                .collect::<DigitSet>()
        };
        let pair = [digits(&[2, 7]), digits(&[1, 2, 7]), digits(&[7, 2])];
        assert_eq!(subsets_of(&pair, 2), vec![(0b101, digits(&[2, 7]))]);
    }
}
