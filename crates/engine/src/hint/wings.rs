//! Wings: small patterns of cells with two or three candidates whose ends cannot both lack a
//! digit, so the digit leaves every cell that sees both ends.
//!
//! XY-Wing: a pivot {x, y} sees pincers {x, z} and {y, z}: one pincer is z. XYZ-Wing: the
//! pivot is {x, y, z}, so the pivot may be z too. W-Wing: two cells {x, y} joined by a unit
//! where x has only two places, one seen by each: one of the two cells is y.

use super::{Finder, Marks, Step, Technique};
use crate::board::{Digit, DigitSet};

/// XY-Wing.
pub struct XyWing;

/// XYZ-Wing.
pub struct XyzWing;

/// W-Wing.
pub struct WWing;

/// The open cells with `count` candidates.
fn with_count(marks: &Marks, count: usize) -> Vec<usize> {
    marks
        .open()
        .filter(|&c| marks.candidates(c).len() == count)
        .collect()
}

/// The step striking `z` from every open cell (outside `ends`) that sees all of `ends`.
fn strike_seen(
    marks: &Marks,
    technique: Technique,
    ends: &[usize],
    z: Digit,
    pattern: Vec<usize>,
) -> Option<Step> {
    let gone = marks
        .open()
        .filter(|c| !ends.contains(c) && marks.has(*c, z))
        .filter(|&c| ends.iter().all(|&e| marks.sees(c, e)))
        .map(|c| (c, z))
        .collect();
    let digits = pattern
        .iter()
        .fold(DigitSet::EMPTY, |s, &c| s | marks.candidates(c));
    Step::new(technique, pattern, digits, Vec::new()).striking(gone)
}

/// The pincers of `pivot` among `pairs`: two cells {x, z} and {y, z} that see it, where the
/// pivot is {x, y} (XY-Wing) or {x, y, z} (XYZ-Wing); with that `z`.
fn wings(marks: &Marks, pivot: usize, pairs: &[usize]) -> Vec<(usize, usize, Digit)> {
    let own = marks.candidates(pivot);
    let near: Vec<usize> = (pairs.iter().copied())
        .filter(|&p| p != pivot && marks.sees(p, pivot))
        .collect();
    let mut found = Vec::new();
    for (i, &a) in near.iter().enumerate() {
        for &b in &near[i + 1..] {
            let (sa, sb) = (marks.candidates(a), marks.candidates(b));
            let Some(z) = (sa & sb).single() else {
                continue;
            };
            let fits = match own.len() {
                2 => !own.contains(z) && (sa | sb) - z.into() == own,
                _ => own.contains(z) && (sa | sb) == own,
            };
            if fits {
                found.push((a, b, z));
            }
        }
    }
    found
}

impl Finder for XyWing {
    fn technique(&self) -> Technique {
        Technique::XyWing
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let pairs = with_count(marks, 2);
        pairs.iter().find_map(|&pivot| {
            (wings(marks, pivot, &pairs).into_iter()).find_map(|(a, b, z)| {
                strike_seen(marks, Technique::XyWing, &[a, b], z, vec![pivot, a, b])
            })
        })
    }
}

impl Finder for XyzWing {
    fn technique(&self) -> Technique {
        Technique::XyzWing
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let pairs = with_count(marks, 2);
        with_count(marks, 3).into_iter().find_map(|pivot| {
            (wings(marks, pivot, &pairs).into_iter()).find_map(|(a, b, z)| {
                strike_seen(
                    marks,
                    Technique::XyzWing,
                    &[pivot, a, b],
                    z,
                    vec![pivot, a, b],
                )
            })
        })
    }
}

impl Finder for WWing {
    fn technique(&self) -> Technique {
        Technique::WWing
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let pairs = with_count(marks, 2);
        let geometry = marks.geometry();
        let units = geometry.units().count();
        pairs.iter().enumerate().find_map(|(i, &a)| {
            pairs[i + 1..].iter().find_map(|&b| {
                let set = marks.candidates(a);
                if marks.candidates(b) != set || marks.sees(a, b) {
                    return None;
                }
                set.into_iter().find_map(|x| {
                    let y = (set - x.into()).first()?;
                    (0..units).find_map(|u| {
                        let places: Vec<usize> = marks.places(u, x).collect();
                        let [p, q] = places[..] else { return None };
                        let joined = |p: usize, q: usize| {
                            p != a
                                && p != b
                                && q != a
                                && q != b
                                && marks.sees(a, p)
                                && marks.sees(b, q)
                        };
                        if !(joined(p, q) || joined(q, p)) {
                            return None;
                        }
                        let mut step =
                            strike_seen(marks, Technique::WWing, &[a, b], y, vec![a, b, p, q])?;
                        step.units = vec![u];
                        step.digits = set;
                        Some(step)
                    })
                })
            })
        })
    }
}
