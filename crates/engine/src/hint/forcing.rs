//! Forcing chains, the last resort: a candidate that, placed, sets off singles (naked and
//! hidden) until some cell has no digit left or some unit has no place for a digit, is false.
//! Cells with the fewest candidates are tried first, as a person would.

use super::{Finder, Marks, Step, Technique};
use crate::board::{Digit, DigitSet, once_and_any};

/// Contradiction by singles.
pub struct ForcingChain;

impl Finder for ForcingChain {
    fn technique(&self) -> Technique {
        Technique::ForcingChain
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let mut open: Vec<usize> = marks.open().collect();
        let key = |c: &usize| marks.candidates(*c).len();
        crate::order::sort_by(&mut open, |a, b| key(a) < key(b));
        open.into_iter().find_map(|cell| {
            marks.candidates(cell).into_iter().find_map(|d| {
                let mut trial = marks.clone();
                let placed = singles_from(&mut trial, cell, d).err()?;
                Step::new(Technique::ForcingChain, placed, d.into(), Vec::new())
                    .striking(vec![(cell, d)])
            })
        })
    }
}

/// Places `d` at `cell` in `marks` and every single that follows. `Err` with the cells placed,
/// in order, when they reach a contradiction.
fn singles_from(marks: &mut Marks, cell: usize, d: Digit) -> Result<(), Vec<usize>> {
    let mut queue = vec![(cell, d)];
    let mut placed = Vec::new();
    let all = DigitSet::all(marks.size());
    loop {
        while let Some((c, d)) = queue.pop() {
            if marks.value(c) == Some(d) {
                continue;
            }
            if !marks.has(c, d) {
                return Err(placed);
            }
            marks.place(c, d);
            placed.push(c);
            for &p in marks.geometry().peers(c) {
                let p = usize::from(p);
                if marks.value(p).is_none() {
                    match marks.candidates(p).len() {
                        0 => return Err(placed),
                        1 => queue.extend(marks.candidates(p).first().map(|e| (p, e))),
                        _ => {}
                    }
                }
            }
        }
        for (_, members) in marks.geometry().units() {
            let done: DigitSet = members.iter().filter_map(|&c| marks.value(c)).collect();
            let open = members.iter().filter(|&&c| marks.value(c).is_none());
            let (once, any) = once_and_any(open.clone().map(|&c| marks.candidates(c)));
            if any | done != all {
                return Err(placed);
            }
            for d in once - done {
                queue.extend(open.clone().find(|&&c| marks.has(c, d)).map(|&c| (c, d)));
            }
        }
        if queue.is_empty() {
            return Ok(());
        }
    }
}
