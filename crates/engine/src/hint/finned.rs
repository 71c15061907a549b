//! Finned fish: a fish whose base lines have a few extra places, the fins, all in one box.
//! Either the fish holds (the digit leaves the cover lines outside the base) or a fin holds
//! the digit: so a cell of the cover lines outside the base that sees every fin loses it.

use super::fish::{Lines, fish_technique};
use super::{Finder, Marks, Step, Technique};
use crate::board::DigitSet;

/// Finned fish of this many lines.
pub struct FinnedFish(pub usize);

/// The most cross lines a finned fish's base may touch beyond its size.
const SPARE: u32 = 2;

impl Finder for FinnedFish {
    fn technique(&self) -> Technique {
        fish_technique(self.0, true)
    }

    fn find(&self, marks: &Marks) -> Option<Step> {
        let (n, k) = (marks.size(), self.0);
        let shape = marks.geometry().shape();
        DigitSet::all(n).into_iter().find_map(|d| {
            [false, true].into_iter().find_map(|by_columns| {
                let lines = Lines::new(marks, d, by_columns);
                let usable: Vec<usize> = (0..n)
                    .filter(|&l| (1..=k as u32 + SPARE).contains(&lines.places[l].count_ones()))
                    .collect();
                choose(usable.len(), k).into_iter().find_map(|chosen| {
                    let base: Vec<usize> = (0..usable.len())
                        .filter(|i| chosen >> i & 1 == 1)
                        .map(|i| usable[i])
                        .collect();
                    let union = base.iter().fold(0, |m, &l| m | lines.places[l]);
                    if union.count_ones() <= k as u32 || union.count_ones() > k as u32 + SPARE {
                        return None;
                    }
                    let crosses: Vec<usize> = (0..n).filter(|&a| union >> a & 1 == 1).collect();
                    choose(crosses.len(), k).into_iter().find_map(|pick| {
                        let cover = (0..crosses.len())
                            .filter(|i| pick >> i & 1 == 1)
                            .fold(0u32, |m, i| m | 1 << crosses[i]);
                        let fins: Vec<usize> = (base.iter())
                            .flat_map(|&l| (0..n).map(move |a| (l, a)))
                            .filter(|&(l, a)| lines.places[l] >> a & 1 == 1 && cover >> a & 1 == 0)
                            .map(|(l, a)| lines.cell(l, a))
                            .collect();
                        let one_box = fins
                            .iter()
                            .all(|&f| shape.box_of(f) == shape.box_of(fins[0]));
                        if !one_box {
                            return None;
                        }
                        let sees_fins = |c: usize| fins.iter().all(|&f| marks.sees(c, f));
                        let mut step =
                            lines.step(marks, (d, self.technique()), &base, cover, sees_fins)?;
                        step.pattern.retain(|c| !fins.contains(c));
                        step.pattern.extend(&fins);
                        Some(step)
                    })
                })
            })
        })
    }
}

/// Every choice of `k` of `count` items, as bits.
fn choose(count: usize, k: usize) -> Vec<u32> {
    fn pick(from: usize, count: usize, left: usize, chosen: u32, out: &mut Vec<u32>) {
        if left == 0 {
            out.push(chosen);
            return;
        }
        for i in from..=count.saturating_sub(left) {
            pick(i + 1, count, left - 1, chosen | 1 << i, out);
        }
    }
    let mut out = Vec::new();
    if k <= count {
        pick(0, count, k, 0, &mut out);
    }
    out
}
