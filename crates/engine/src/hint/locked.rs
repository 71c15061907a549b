//! Locked candidates: when a digit's places in one unit all lie in another unit too, the digit
//! leaves the rest of the other. Pointing starts from a box (or an extra box), claiming from a
//! row, column or diagonal.

use super::{Finder, Marks, Step, Technique};
use crate::board::{DigitSet, UnitKind};

/// Locked candidates starting from units of some kinds.
pub struct Locked {
    technique: Technique,
    /// Whether the unit the digit is confined in is a box or an extra box.
    from_box: bool,
}

/// From a box into a line.
pub static POINTING: Locked = Locked {
    technique: Technique::Pointing,
    from_box: true,
};

/// From a line into a box.
pub static CLAIMING: Locked = Locked {
    technique: Technique::Claiming,
    from_box: false,
};

impl Finder for Locked {
    fn technique(&self) -> Technique {
        self.technique
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let geometry = marks.geometry();
        let n = marks.size();
        let count = geometry.units().count();
        let boxy = |u: usize| matches!(geometry.unit(u).kind, UnitKind::Box | UnitKind::Window);
        (0..count)
            .filter(|&u| boxy(u) == self.from_box)
            .find_map(|u| {
                DigitSet::all(n).into_iter().find_map(|d| {
                    let places: Vec<usize> = marks.places(u, d).collect();
                    let inside = (places.iter()).fold(u128::MAX, |s, &c| s & geometry.units_of(c));
                    if places.len() < 2 {
                        return None;
                    }
                    (0..count)
                        .filter(|&v| v != u && inside >> v & 1 == 1)
                        .find_map(|v| {
                            let gone = (marks.places(v, d))
                                .filter(|c| !places.contains(c))
                                .map(|c| (c, d))
                                .collect();
                            Step::new(self.technique, places.clone(), d.into(), vec![u, v])
                                .striking(gone)
                        })
                })
            })
    }
}
