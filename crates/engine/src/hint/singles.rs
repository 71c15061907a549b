//! Singles: a cell with one candidate left (naked), or a digit with one place left in a unit
//! (hidden).

use super::{Finder, Marks, Step, Technique};
use crate::board::{Digit, DigitSet};

/// An open cell whose marks hold one digit.
pub struct NakedSingle;

impl Finder for NakedSingle {
    fn technique(&self) -> Technique {
        Technique::NakedSingle
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let geometry = marks.geometry();
        marks.open().find_map(|cell| {
            let d = marks.candidates(cell).single()?;
            let units = (0..geometry.units().count())
                .filter(|&u| geometry.units_of(cell) >> u & 1 == 1)
                .collect();
            let pattern = witnesses(marks, cell, d);
            Some(Step::new(Technique::NakedSingle, pattern, d.into(), units).placing(cell, d))
        })
    }
}

/// A digit with one place left in a unit; boxes are looked at first, as people do.
pub struct HiddenSingle;

impl Finder for HiddenSingle {
    fn technique(&self) -> Technique {
        Technique::HiddenSingle
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let geometry = marks.geometry();
        let n = marks.size();
        let count = geometry.units().count();
        let order = (2 * n..count).chain(0..2 * n);
        order.into_iter().find_map(|u| {
            let cells = geometry.unit_cells(u);
            let placed: DigitSet = cells.iter().filter_map(|&c| marks.value(c)).collect();
            (DigitSet::all(n) - placed).into_iter().find_map(|d| {
                let mut places = marks.places(u, d);
                let cell = places.next()?;
                if places.next().is_some() {
                    return None;
                }
                let others = cells.iter().copied().filter(|&c| c != cell);
                let pattern = holders_seen(marks, others.filter(|&c| marks.value(c).is_none()), d);
                Some(
                    Step::new(Technique::HiddenSingle, pattern, d.into(), vec![u]).placing(cell, d),
                )
            })
        })
    }
}

/// The cells whose digits leave `cell` only `d`: for each other digit, one cell it sees that
/// holds it (none for a digit only the user's marks struck). They are what the hint rings.
fn witnesses(marks: &Marks, cell: usize, d: Digit) -> Vec<usize> {
    let peers = marks.geometry().peers(cell);
    let mut found: Vec<usize> = (DigitSet::all(marks.size()) - d.into())
        .into_iter()
        .filter_map(|e| {
            (peers.iter())
                .map(|&p| usize::from(p))
                .find(|&p| marks.value(p) == Some(e))
        })
        .collect();
    crate::order::sort_by(&mut found, |a, b| a < b);
    found
}

/// The cells holding `d` that rule it out of each of `open`: few, each chosen to cover as many
/// of them as it can (none for a cell only the user's marks struck `d` from).
fn holders_seen(marks: &Marks, open: impl Iterator<Item = usize>, d: Digit) -> Vec<usize> {
    let open: Vec<usize> = open.collect();
    let mut found: Vec<usize> = Vec::new();
    for &cell in &open {
        if found.iter().any(|&h| marks.sees(cell, h)) {
            continue;
        }
        let covers = |h: usize| (open.iter()).filter(|&&c| marks.sees(c, h)).count();
        let holder = (marks.geometry().peers(cell).iter())
            .map(|&p| usize::from(p))
            .filter(|&p| marks.value(p) == Some(d))
            .max_by_key(|&p| (covers(p), std::cmp::Reverse(p)));
        found.extend(holder);
    }
    crate::order::sort_by(&mut found, |a, b| a < b);
    found
}
