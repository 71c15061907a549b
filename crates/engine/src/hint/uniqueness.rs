//! Uniqueness: steps that hold only because the puzzle has one solution, and only on plain
//! rows, columns and boxes, where swapping two digits in a rectangle keeps every rule.
//!
//! Unique rectangle type 1: four cells on two rows, two columns and two boxes, three of them
//! holding only {a, b}: the fourth must take another digit, or a and b could swap. BUG+1:
//! every open cell but one holds two candidates and every digit has two places in each unit
//! but one: that cell takes the digit that has three, or the puzzle would have two solutions
//! or none.

use super::{Finder, Marks, Step, Technique, plain_rules};
use crate::board::{Digit, DigitSet, Geometry};

/// Unique rectangle, type 1.
pub struct UniqueRectangle;

/// Bivalue universal grave plus one.
pub struct BugPlusOne;

impl Finder for UniqueRectangle {
    fn technique(&self) -> Technique {
        Technique::UniqueRectangle
    }

    fn runs_with(&self, geometry: &Geometry, unique: bool) -> bool {
        unique && plain_rules(geometry)
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let n = marks.size();
        let shape = marks.geometry().shape();
        let pair = |c: usize| marks.value(c).is_none() && marks.candidates(c).len() == 2;
        for a in (0..marks.cells()).filter(|&c| pair(c)) {
            let set = marks.candidates(a);
            let (r1, c1) = (a / n, a % n);
            for c2 in
                (c1 + 1..n).filter(|&c2| marks.candidates(r1 * n + c2) == set && pair(r1 * n + c2))
            {
                for r2 in (0..n).filter(|&r2| r2 != r1) {
                    let corners = [a, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    let mut boxes: Vec<usize> = corners.iter().map(|&c| shape.box_of(c)).collect();
                    crate::order::sort_by(&mut boxes, |a, b| a < b);
                    boxes.dedup();
                    if boxes.len() != 2 || corners.iter().any(|&c| marks.value(c).is_some()) {
                        continue;
                    }
                    let (c, d) = (corners[2], corners[3]);
                    let roof = |floor: usize, other: usize| {
                        marks.candidates(floor) == set
                            && marks.candidates(other) - set != DigitSet::EMPTY
                            && marks.candidates(other) & set == set
                    };
                    let target = if roof(c, d) {
                        d
                    } else if roof(d, c) {
                        c
                    } else {
                        continue;
                    };
                    let gone = set.into_iter().map(|x| (target, x)).collect();
                    return Step::new(
                        Technique::UniqueRectangle,
                        corners.to_vec(),
                        set,
                        Vec::new(),
                    )
                    .striking(gone);
                }
            }
        }
        None
    }
}

impl Finder for BugPlusOne {
    fn technique(&self) -> Technique {
        Technique::BugPlusOne
    }

    fn runs_with(&self, geometry: &Geometry, unique: bool) -> bool {
        unique && plain_rules(geometry)
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let open: Vec<usize> = marks.open().collect();
        let mut extra = open
            .iter()
            .copied()
            .filter(|&c| marks.candidates(c).len() != 2);
        let cell = extra.next()?;
        if extra.next().is_some() || marks.candidates(cell).len() != 3 {
            return None;
        }
        let geometry = marks.geometry();
        let units: Vec<usize> = (0..geometry.units().count())
            .filter(|&u| geometry.units_of(cell) >> u & 1 == 1)
            .collect();
        let d: Digit = marks
            .candidates(cell)
            .into_iter()
            .find(|&d| units.iter().all(|&u| marks.places(u, d).count() == 3))?;
        // Without d in the extra cell, every digit must have zero or two places in every unit.
        let bug = (0..geometry.units().count()).all(|u| {
            DigitSet::all(marks.size()).into_iter().all(|e| {
                let count = marks.places(u, e).filter(|&c| c != cell || e != d).count();
                count == 0 || count == 2
            })
        });
        bug.then(|| Step::new(Technique::BugPlusOne, open, d.into(), units).placing(cell, d))
    }
}
