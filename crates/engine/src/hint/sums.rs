//! The ways open cells can make a known sum: a killer cage's, or what the rule of 45 leaves its
//! innies or outies. Each way gives every cell one of its candidates, never one digit to two
//! cells that see each other; a cell keeps only the digits some way gives it. Counting stops at a
//! budget, and a set of cells whose ways run past it concludes nothing, which is always sound.

use super::{Marks, Step, Technique};
use crate::board::{Digit, DigitSet};

/// What the ways to make a sum allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Ways {
    /// Each cell's digits that some way gives it, in the cells' order.
    pub cells: Vec<DigitSet>,
    /// The digits every way uses.
    pub required: DigitSet,
    /// The digits some way uses.
    pub union: DigitSet,
}

/// Combinations (or, for cells that do not all see each other, partial assignments) tried
/// before giving up: a cage of five open cells with a middling sum needs a few hundred.
const BUDGET: u32 = 50_000;

/// A digit the ways must use, and the only cells that may take it.
pub(super) struct Must<'a> {
    pub digit: Digit,
    pub at: &'a [usize],
}

/// The ways the open `cells` make `total` (using `must`'s digit in its cells, if given); `None`
/// when there are too many to list, or none at all: the entries then contradict each other,
/// which no step may hide by striking every digit of the cells (Hint names the dead end).
pub(super) fn ways(marks: &Marks, cells: &[usize], total: u32, must: Option<Must>) -> Option<Ways> {
    let barred = |c: usize| match &must {
        Some(m) if !m.at.contains(&c) => DigitSet::from(m.digit),
        _ => DigitSet::EMPTY,
    };
    let candidates: Vec<u32> = (cells.iter())
        .map(|&c| (marks.candidates(c) - barred(c)).bits())
        .collect();
    let must = must.map_or(0, |m| DigitSet::from(m.digit).bits());
    let mut found = Found {
        cells: vec![0; cells.len()],
        required: u32::MAX,
        union: 0,
        budget: BUDGET,
    };
    let clique =
        (cells.iter().enumerate()).all(|(i, &a)| cells[i + 1..].iter().all(|&b| marks.sees(a, b)));
    if clique {
        let available = candidates.iter().fold(0, |s, c| s | c);
        let mut pick = Pick {
            candidates: &candidates,
            must,
            found: &mut found,
        };
        pick.combinations(available, cells.len(), total, 0)?;
    } else {
        let mut fill = Fill {
            marks,
            cells,
            candidates: &candidates,
            must,
            chosen: vec![0; cells.len()],
            found: &mut found,
        };
        fill.assign(0, total)?;
    }
    let ways = found.into_ways();
    (!ways.union.is_empty()).then_some(ways)
}

/// What the ways found so far allow, as bits (bit `d` for digit `d + 1`).
struct Found {
    cells: Vec<u32>,
    required: u32,
    union: u32,
    budget: u32,
}

impl Found {
    /// Spends one unit of the budget; `None` once it is gone.
    fn spend(&mut self) -> Option<()> {
        self.budget = self.budget.checked_sub(1)?;
        Some(())
    }

    /// Records a way whose digits are `used`.
    fn record(&mut self, used: u32) {
        self.required &= used;
        self.union |= used;
    }

    fn into_ways(self) -> Ways {
        let set = DigitSet::from_bits;
        Ways {
            cells: self.cells.into_iter().map(set).collect(),
            required: set(self.required & self.union),
            union: set(self.union),
        }
    }
}

/// Cells that all see each other: sets of distinct digits with the sum, then which cell can
/// take which digit of a set.
struct Pick<'a> {
    candidates: &'a [u32],
    must: u32,
    found: &'a mut Found,
}

impl Pick<'_> {
    /// Every set of `k` digits of `available` summing to `left`, added to `chosen`.
    fn combinations(&mut self, available: u32, k: usize, left: u32, chosen: u32) -> Option<()> {
        self.found.spend()?;
        if k == 0 {
            if left == 0 && chosen & self.must == self.must {
                self.combination(chosen);
            }
            return Some(());
        }
        let (low, high) = extremes(available, k);
        if available.count_ones() < k as u32 || !(low..=high).contains(&left) {
            return Some(());
        }
        let top = 31 - available.leading_zeros();
        let rest = available & !(1 << top);
        if let Some(after) = left.checked_sub(top + 1) {
            self.combinations(rest, k - 1, after, chosen | 1 << top)?;
        }
        self.combinations(rest, k, left, chosen)
    }

    /// The cells' digits from the combination `digits`: a cell keeps a digit when the others
    /// can still take the rest, one each.
    fn combination(&mut self, digits: u32) {
        let allowed: Vec<u32> = self.candidates.iter().map(|c| c & digits).collect();
        if !perfect(&allowed) {
            return;
        }
        self.found.record(digits);
        for (i, &own) in allowed.iter().enumerate() {
            for d in bits(own) {
                let fixed: Vec<u32> = (allowed.iter().enumerate())
                    .map(|(j, &a)| if i == j { 1 << d } else { a & !(1 << d) })
                    .collect();
                if perfect(&fixed) {
                    self.found.cells[i] |= 1 << d;
                }
            }
        }
    }
}

/// The smallest and largest sums of `k` digits of `available` (bits; digit `d + 1` for bit `d`).
fn extremes(available: u32, k: usize) -> (u32, u32) {
    let low = bits(available).take(k).map(|d| d + 1).sum();
    let high = (0..32u32)
        .rev()
        .filter(|d| available >> d & 1 == 1)
        .take(k)
        .map(|d| d + 1)
        .sum();
    (low, high)
}

/// The set bits of `set`, lowest first.
fn bits(set: u32) -> impl Iterator<Item = u32> {
    (0..32).filter(move |d| set >> d & 1 == 1)
}

/// Whether every cell can take its own digit of `allowed`, no digit twice (a perfect matching,
/// grown one augmenting path at a time).
fn perfect(allowed: &[u32]) -> bool {
    let mut holder = [usize::MAX; 32];
    (0..allowed.len()).all(|cell| augment(allowed, cell, &mut holder, &mut 0))
}

/// Finds `cell` a digit, moving the cells that hold digits along the way; `tried` marks the
/// digits already looked at in this search.
fn augment(allowed: &[u32], cell: usize, holder: &mut [usize; 32], tried: &mut u32) -> bool {
    for d in bits(allowed[cell] & !*tried) {
        *tried |= 1 << d;
        let slot = d as usize;
        if holder[slot] == usize::MAX || augment(allowed, holder[slot], holder, tried) {
            holder[slot] = cell;
            return true;
        }
    }
    false
}

/// Cells that need not all see each other (a digit may repeat between two that do not): every
/// assignment, cell by cell.
struct Fill<'a> {
    marks: &'a Marks,
    cells: &'a [usize],
    candidates: &'a [u32],
    must: u32,
    chosen: Vec<u32>,
    found: &'a mut Found,
}

impl Fill<'_> {
    /// Every assignment of cells `i..` that makes `left`, after the digits chosen before `i`.
    fn assign(&mut self, i: usize, left: u32) -> Option<()> {
        self.found.spend()?;
        if i == self.cells.len() {
            let used = self.chosen.iter().fold(0, |s, d| s | 1 << d);
            if left == 0 && used & self.must == self.must {
                self.found.record(used);
                for (slot, &d) in self.found.cells.iter_mut().zip(&self.chosen) {
                    *slot |= 1 << d;
                }
            }
            return Some(());
        }
        let rest = &self.candidates[i + 1..];
        let low: u32 = rest.iter().map(|c| c.trailing_zeros() + 1).sum();
        let high: u32 = rest.iter().map(|c| 32 - c.leading_zeros()).sum();
        for d in bits(self.candidates[i]) {
            let clash = (0..i)
                .any(|j| self.chosen[j] == d && self.marks.sees(self.cells[i], self.cells[j]));
            let after = left.checked_sub(d + 1).filter(|a| (low..=high).contains(a));
            let Some(after) = after.filter(|_| !clash) else {
                continue;
            };
            self.chosen[i] = d;
            self.assign(i + 1, after)?;
        }
        Some(())
    }
}

/// The strikes that `ways` make among `cells`: each candidate no way gives its cell.
pub(super) fn strikes(marks: &Marks, cells: &[usize], ways: &Ways) -> Vec<(usize, Digit)> {
    (cells.iter().zip(&ways.cells))
        .flat_map(|(&c, &keep)| {
            (marks.candidates(c) - keep)
                .into_iter()
                .map(move |d| (c, d))
        })
        .collect()
}

/// The step of `technique` that the `ways` of the open `cells` to make `total` (in `units`)
/// give: a lone cell's one digit placed, else every candidate no way gives struck.
pub(super) fn as_step(
    marks: &Marks,
    technique: Technique,
    (cells, total): (Vec<usize>, u32),
    units: Vec<usize>,
    ways: &Ways,
) -> Option<Step> {
    let only = ways.cells.first().and_then(|s| s.single());
    let gone = strikes(marks, &cells, ways);
    let step = Step::new(technique, cells, ways.union, units).summing(total);
    match (step.pattern.as_slice(), only) {
        (&[cell], Some(d)) => Some(step.placing(cell, d)),
        _ => step.striking(gone),
    }
}

/// The open cells among `cells` and the sum they must make: `total` less the digits placed in
/// the others; `None` when none is open or the placed digits pass the total.
pub(super) fn open_part(
    marks: &Marks,
    cells: impl Iterator<Item = usize>,
    total: u32,
) -> Option<(Vec<usize>, u32)> {
    let mut open = Vec::new();
    let mut placed = 0;
    for c in cells {
        match marks.value(c) {
            Some(d) => placed += u32::from(d.get()),
            None => open.push(c),
        }
    }
    let left = total.checked_sub(placed)?;
    (!open.is_empty()).then_some((open, left))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Grid, Shape};

    fn set(digits: &[u8]) -> DigitSet {
        digits.iter().filter_map(|&d| Digit::new(d)).collect()
    }

    /// The ways of `cells` on an empty 9×9 board with the user's `own` marks.
    fn ways_on(own: &[(usize, &[u8])], cells: &[usize], total: u32) -> Option<Ways> {
        let grid = Grid::empty(Shape::CLASSIC);
        let mut marks = vec![DigitSet::EMPTY; 81];
        own.iter().for_each(|&(c, ds)| marks[c] = set(ds));
        ways(&Marks::with_marks(&grid, &marks), cells, total, None)
    }

    #[test]
    fn cells_that_see_each_other_keep_the_digits_of_the_sets_that_make_the_sum() {
        let three = ways_on(&[], &[0, 1], 3).expect("few ways");
        assert_eq!(three.cells, vec![set(&[1, 2]); 2]);
        assert_eq!((three.required, three.union), (set(&[1, 2]), set(&[1, 2])));
        let high = ways_on(&[], &[0, 1, 2], 24).expect("few ways");
        assert_eq!(high.cells, vec![set(&[7, 8, 9]); 3]);
        // 10 as 1 + 9 or 2 + 8 once the marks allow no other: no digit is in every way.
        let marked = ways_on(&[(0, &[1, 2, 5]), (1, &[8, 9, 5])], &[0, 1], 10).expect("few");
        assert_eq!(marked.cells, vec![set(&[1, 2]), set(&[8, 9])]);
        assert_eq!(marked.required, DigitSet::EMPTY);
        // 1 + 2 + 3 cannot go in cells whose marks leave only 1 and 2: no ways, no step.
        let starved = ways_on(&[(0, &[1, 2]), (1, &[1, 2]), (2, &[1, 2])], &[0, 1, 2], 6);
        assert_eq!(starved, None);
        // Two cells apart cannot make 1 at all.
        assert_eq!(ways_on(&[], &[0, 40], 1), None);
    }

    #[test]
    fn cells_apart_may_repeat_a_digit_and_a_digit_that_must_be_used_is_placed() {
        // Row 1, column 1 and row 5, column 5 share no unit: 2 is 1 + 1.
        let apart = ways_on(&[], &[0, 40], 2).expect("few ways");
        assert_eq!(apart.cells, vec![set(&[1]), set(&[1])]);
        let grid = Grid::empty(Shape::CLASSIC);
        let marks = Marks::of(&grid);
        let three = Digit::new(3).expect("a digit");
        let must = Must {
            digit: three,
            at: &[1],
        };
        let placed = ways(&marks, &[0, 1], 10, Some(must)).expect("few ways");
        assert_eq!(placed.cells, vec![set(&[7]), set(&[3])]);
    }

    #[test]
    fn too_many_ways_conclude_nothing() {
        // Twelve cells of a 25×25 row summing to 156: millions of sets.
        let grid = Grid::empty(Shape::new(5, 5).expect("25x25"));
        let cells: Vec<usize> = (0..12).collect();
        assert_eq!(ways(&Marks::of(&grid), &cells, 156, None), None);
    }
}
