//! Singles: a cell with one candidate left (naked), or a digit with one place left in a unit
//! (hidden).

use super::{Finder, Marks, Step, Technique};
use crate::board::DigitSet;

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
            Some(Step::new(Technique::NakedSingle, vec![cell], d.into(), units).placing(cell, d))
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
                let pattern = cells.iter().copied().filter(|&c| c != cell).collect();
                Some(
                    Step::new(Technique::HiddenSingle, pattern, d.into(), vec![u]).placing(cell, d),
                )
            })
        })
    }
}
