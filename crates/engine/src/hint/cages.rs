//! Killer cages on the ladder. Cage combinations: a cage's open cells keep only the digits of
//! some set of distinct digits that makes what is left of its sum. Cage pointing: a digit every
//! such set uses, whose places in the cage all see some outside cell, leaves that cell. Cage
//! claiming: a digit whose places in a unit all lie in one cage must be in the cage there, which
//! strikes it from the cage's other cells and the sets without it.

use super::sums::{self, Must};
use super::{Finder, Marks, Step, Technique};
use crate::board::{Cage, Digit, DigitSet};

/// Each cage's open cells against the sets of digits that make its sum.
pub struct CageCombination;

/// A digit every set of a cage uses, out of the cells that see all its places in the cage.
pub struct CagePointing;

/// A digit a unit can only place inside one cage, put in that cage's sets.
pub struct CageClaiming;

/// The open cells of `cage` and what is left of its sum.
fn open_cage(marks: &Marks, cage: &Cage) -> Option<(Vec<usize>, u32)> {
    sums::open_part(marks, cage.cells(), cage.sum())
}

impl Finder for CageCombination {
    fn technique(&self) -> Technique {
        Technique::CageCombination
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        marks.geometry().cages().iter().find_map(|cage| {
            let open = open_cage(marks, cage)?;
            let ways = sums::ways(marks, &open.0, open.1, None)?;
            sums::as_step(marks, self.technique(), open, Vec::new(), &ways)
        })
    }
}

impl Finder for CagePointing {
    fn technique(&self) -> Technique {
        Technique::CagePointing
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let geometry = marks.geometry();
        geometry.cages().iter().find_map(|cage| {
            let (open, left) = open_cage(marks, cage)?;
            let ways = sums::ways(marks, &open, left, None)?;
            ways.required.into_iter().find_map(|d| {
                let places: Vec<usize> =
                    open.iter().copied().filter(|&c| marks.has(c, d)).collect();
                let gone = seeing_all(marks, &places, d, &open);
                let shared = (places.iter()).fold(u128::MAX, |s, &c| s & geometry.units_of(c));
                let units = (0..geometry.units().count())
                    .filter(|&u| shared >> u & 1 == 1)
                    .collect();
                Step::new(self.technique(), open.clone(), d.into(), units)
                    .summing(left)
                    .striking(gone)
            })
        })
    }
}

/// The open cells outside `skip` that may take `d` and see every cell of `places` (none when
/// `places` is empty: nothing is known then).
fn seeing_all(marks: &Marks, places: &[usize], d: Digit, skip: &[usize]) -> Vec<(usize, Digit)> {
    if places.is_empty() {
        return Vec::new();
    }
    (marks.open())
        .filter(|c| !skip.contains(c) && marks.has(*c, d))
        .filter(|&c| places.iter().all(|&p| marks.sees(c, p)))
        .map(|c| (c, d))
        .collect()
}

impl Finder for CageClaiming {
    fn technique(&self) -> Technique {
        Technique::CageClaiming
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let geometry = marks.geometry();
        let cages = geometry.cages();
        if cages.is_empty() {
            return None;
        }
        let owners = cages.owners(geometry.shape());
        let n = marks.size();
        (0..geometry.units().count()).find_map(|u| {
            DigitSet::all(n).into_iter().find_map(|d| {
                let places: Vec<usize> = marks.places(u, d).collect();
                let first = owners[*places.first()?]?;
                if places.iter().any(|&c| owners[c] != Some(first)) {
                    return None;
                }
                let (open, left) = open_cage(marks, &cages[first])?;
                let must = Must {
                    digit: d,
                    at: &places,
                };
                let ways = sums::ways(marks, &open, left, Some(must))?;
                let gone = sums::strikes(marks, &open, &ways);
                Step::new(self.technique(), open, d.into(), vec![u])
                    .summing(left)
                    .striking(gone)
            })
        })
    }
}
