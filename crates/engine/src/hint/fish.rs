//! Fish: k rows in which a digit's places all lie in the same k columns (X-Wing for 2,
//! Swordfish for 3, Jellyfish for 4): the digit fills those columns from those rows, so it
//! leaves the columns' other cells. The same with rows and columns swapped.

use super::subsets::subsets_of;
use super::{Finder, Marks, Step, Technique};
use crate::board::{Digit, DigitSet};

/// Fish of this many lines.
pub struct Fish(pub usize);

/// The technique of a fish of `k` lines, finned or not.
pub(super) fn fish_technique(k: usize, finned: bool) -> Technique {
    match (k, finned) {
        (2, false) => Technique::XWing,
        (3, false) => Technique::Swordfish,
        (_, false) => Technique::Jellyfish,
        (2, true) => Technique::FinnedXWing,
        (3, true) => Technique::FinnedSwordfish,
        (_, true) => Technique::FinnedJellyfish,
    }
}

/// A digit's places line by line: each base line's places as bits over the cross lines.
pub(super) struct Lines {
    pub n: usize,
    pub by_columns: bool,
    pub places: Vec<u32>,
}

impl Lines {
    /// `d`'s places in every row (every column, when `by_columns`).
    pub fn new(marks: &Marks, d: Digit, by_columns: bool) -> Lines {
        let n = marks.size();
        let mut lines = Lines {
            n,
            by_columns,
            places: Vec::new(),
        };
        lines.places = (0..n)
            .map(|line| {
                (0..n)
                    .filter(|&across| marks.has(lines.cell(line, across), d))
                    .fold(0, |m, across| m | 1 << across)
            })
            .collect();
        lines
    }

    /// The cell where base line `line` meets cross line `across`.
    pub fn cell(&self, line: usize, across: usize) -> usize {
        if self.by_columns {
            across * self.n + line
        } else {
            line * self.n + across
        }
    }

    /// The step of a fish of `base` lines over `cover` lines (bits) on `d`: the cells of the
    /// cover lines outside the base that `strikes` accepts lose `d`.
    pub fn step(
        &self,
        marks: &Marks,
        (d, technique): (Digit, Technique),
        base: &[usize],
        cover: u32,
        strikes: impl Fn(usize) -> bool,
    ) -> Option<Step> {
        let covers: Vec<usize> = (0..self.n).filter(|&a| cover >> a & 1 == 1).collect();
        let gone = (0..self.n)
            .filter(|l| !base.contains(l))
            .flat_map(|l| covers.iter().map(move |&a| self.cell(l, a)))
            .filter(|&c| marks.has(c, d) && strikes(c))
            .map(|c| (c, d))
            .collect();
        let pattern = (base.iter())
            .flat_map(|&l| (0..self.n).map(move |a| self.cell(l, a)))
            .filter(|&c| marks.has(c, d))
            .collect();
        let offset = if self.by_columns { self.n } else { 0 };
        let units = (base.iter().map(|&l| l + offset))
            .chain(covers.iter().map(|&a| a + self.n - offset))
            .collect();
        Step::new(technique, pattern, d.into(), units).striking(gone)
    }
}

impl Finder for Fish {
    fn technique(&self) -> Technique {
        fish_technique(self.0, false)
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let n = marks.size();
        DigitSet::all(n).into_iter().find_map(|d| {
            [false, true].into_iter().find_map(|by_columns| {
                let lines = Lines::new(marks, d, by_columns);
                let usable: Vec<usize> = (0..n)
                    .filter(|&l| lines.places[l].count_ones() >= 2)
                    .collect();
                let masks: Vec<u32> = usable.iter().map(|&l| lines.places[l]).collect();
                (subsets_of(&masks, self.0).into_iter()).find_map(|(chosen, cover)| {
                    let base: Vec<usize> = (usable.iter().enumerate())
                        .filter(|(i, _)| chosen >> i & 1 == 1)
                        .map(|(_, &l)| l)
                        .collect();
                    let what = (d, self.technique());
                    lines.step(marks, what, &base, cover, |_| true)
                })
            })
        })
    }
}
