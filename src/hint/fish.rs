//! Fish: k rows in which a digit's places all lie in the same k columns (X-Wing for 2,
//! Swordfish for 3, Jellyfish for 4): the digit fills those columns from those rows, so it
//! leaves the columns' other cells. The same with rows and columns swapped.

use super::subsets::subsets_of;
use super::{Finder, Marks, Step, Technique};
use crate::board::{Digit, DigitSet};

/// Fish of this many lines.
pub struct Fish(pub usize);

impl Finder for Fish {
    fn technique(&self) -> Technique {
        match self.0 {
            2 => Technique::XWing,
            3 => Technique::Swordfish,
            _ => Technique::Jellyfish,
        }
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let n = marks.size();
        DigitSet::all(n).into_iter().find_map(|d| {
            [false, true]
                .into_iter()
                .find_map(|by_columns| self.fish(marks, d, by_columns))
        })
    }
}

impl Fish {
    /// A fish on `d` with rows as its base (columns, when `by_columns`).
    fn fish(&self, marks: &Marks, d: Digit, by_columns: bool) -> Option<Step> {
        let n = marks.size();
        let cell = |line: usize, across: usize| {
            if by_columns {
                across * n + line
            } else {
                line * n + across
            }
        };
        // Each base line's places, as bits over the cross lines.
        let lines: Vec<u32> = (0..n)
            .map(|line| {
                (0..n)
                    .filter(|&across| marks.has(cell(line, across), d))
                    .fold(0, |m, across| m | 1 << across)
            })
            .collect();
        let usable: Vec<usize> = (0..n).filter(|&l| lines[l].count_ones() >= 2).collect();
        let masks: Vec<u32> = usable.iter().map(|&l| lines[l]).collect();
        subsets_of(&masks, self.0)
            .into_iter()
            .find_map(|(chosen, cover)| {
                let base: Vec<usize> = (usable.iter().enumerate())
                    .filter(|(i, _)| chosen >> i & 1 == 1)
                    .map(|(_, &l)| l)
                    .collect();
                let covers: Vec<usize> = (0..n).filter(|&a| cover >> a & 1 == 1).collect();
                let gone = (0..n)
                    .filter(|l| !base.contains(l))
                    .flat_map(|l| covers.iter().map(move |&a| cell(l, a)))
                    .filter(|&c| marks.has(c, d))
                    .map(|c| (c, d))
                    .collect();
                let pattern = (base.iter())
                    .flat_map(|&l| covers.iter().map(move |&a| cell(l, a)))
                    .filter(|&c| marks.has(c, d))
                    .collect();
                let offset = if by_columns { n } else { 0 };
                let units = (base.iter().map(|&l| l + offset))
                    .chain(covers.iter().map(|&a| a + n - offset))
                    .collect();
                Step::new(self.technique(), pattern, d.into(), units).striking(gone)
            })
    }
}
