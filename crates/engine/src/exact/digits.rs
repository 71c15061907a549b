//! The search state for any board of at most 128 cells: one bit set of cells per digit.
//!
//! Assigning a digit clears the cell from the other digits and the digit from the cell's peers
//! (forward checking); counting, bit-sliced over the digits, which cells have zero, one, two or
//! more candidates gives contradictions, naked singles and the pairs to branch on at once. Hidden
//! singles are looked for only in the units whose places changed. This engine also explains a
//! contradiction among the givens in terms of a cell or a unit.

use super::cages::{self, CageCell};
use super::{Board, Contradiction, bits, branch_in_bits, givens};
use crate::board::{Digit, DigitSet, Geometry, Grid, Shape};

/// Boards fit in 128 bits, so at most 11 digits.
const MAX_DIGITS: usize = 11;

/// Each digit's possible cells, then (at index `n`) the assigned cells.
#[derive(Clone)]
pub struct Digits {
    sets: [u128; MAX_DIGITS + 1],
    /// Open cells with exactly two candidates, found by the last propagation.
    pairs: u128,
}

impl Digits {
    /// Whether a board of `shape` fits this state.
    pub fn fits(shape: Shape) -> bool {
        shape.cells() <= 128 && shape.size() <= MAX_DIGITS
    }

    /// The givens placed and propagated, with locked candidates too (worth their cost once), or
    /// the contradiction they lead to.
    pub fn start_or_explain(geometry: &Geometry, puzzle: &Grid) -> Result<Digits, Contradiction> {
        let n = geometry.shape().size();
        let all = u128::MAX >> (128 - geometry.shape().cells());
        let mut sets = [0; MAX_DIGITS + 1];
        sets[..n].fill(all);
        let mut work = Work {
            sets,
            dirty: [u64::MAX >> (64 - geometry.units().count()); MAX_DIGITS],
            geometry,
            n,
            all,
            pairs: 0,
            locked: true,
        };
        givens(puzzle)
            .try_for_each(|(cell, d)| work.assign(cell, d.index()))
            .and_then(|()| work.propagate())?;
        Ok(Digits {
            sets: work.sets,
            pairs: work.pairs,
        })
    }
}

impl Board for Digits {
    fn start(geometry: &Geometry, puzzle: &Grid) -> Option<Digits> {
        Digits::start_or_explain(geometry, puzzle).ok()
    }

    type Guess = usize;

    fn guess(&mut self, geometry: &Geometry, cell: usize, digit: Digit) -> bool {
        let n = geometry.shape().size();
        let mut work = Work {
            sets: self.sets,
            dirty: [0; MAX_DIGITS],
            geometry,
            n,
            all: u128::MAX >> (128 - geometry.shape().cells()),
            pairs: 0,
            locked: false,
        };
        let result = work
            .assign(cell, digit.index())
            .and_then(|()| work.propagate());
        self.sets = work.sets;
        self.pairs = work.pairs;
        result.is_ok()
    }

    fn branch(&self, geometry: &Geometry) -> Option<(usize, DigitSet)> {
        let (n, cells) = (geometry.shape().size(), geometry.shape().cells());
        let open = (u128::MAX >> (128 - cells)) & !self.sets[n];
        branch_in_bits(geometry, open, self.pairs, |cell| {
            (DigitSet::all(n).iter())
                .filter(|d| self.sets[d.index()] >> cell & 1 == 1)
                .collect()
        })
    }

    fn write_digits(&self, geometry: &Geometry, digits: &mut [u8]) {
        let n = geometry.shape().size();
        let assigned = self.sets[n];
        digits.fill(0);
        for (d, &set) in self.sets[..n].iter().enumerate() {
            for cell in bits(set & assigned) {
                digits[cell] = d as u8 + 1;
            }
        }
    }
}

/// One state being propagated, held in fixed arrays so the hot loops index nothing on the heap.
struct Work<'a> {
    sets: [u128; MAX_DIGITS + 1],
    /// Per digit, the units where that digit's places changed since the last hidden-single scan.
    dirty: [u64; MAX_DIGITS],
    geometry: &'a Geometry,
    n: usize,
    all: u128,
    /// Cells with exactly two candidates, found by the last naked-single pass.
    pairs: u128,
    /// Also apply locked candidates when singles run out.
    locked: bool,
}

impl Work<'_> {
    /// Assigns digit `d` (0-based) to `cell`: the cell leaves every other digit's set and the
    /// digit leaves every peer.
    #[inline(always)]
    fn assign(&mut self, cell: usize, d: usize) -> Result<(), Contradiction> {
        let n = self.n;
        let bit = 1u128 << cell;
        if self.sets[d] & bit == 0 {
            return Err(Contradiction::EmptyCell(cell));
        }
        // At most 33 units on boards that fit 128 cells, with every rule: unit sets fit 64 bits.
        let own = self.geometry.units_of(cell) as u64;
        for (set, dirty) in self.sets[..n].iter_mut().zip(&mut self.dirty[..n]) {
            // All ones when the cell was a candidate for this digit, else zero.
            let had = 0u64.wrapping_sub(u64::from(*set & bit != 0));
            *dirty |= own & had;
            *set &= !bit;
        }
        let peers = self.geometry.peer_bits(cell).unwrap_or(0);
        let lost = self.sets[d] & peers;
        self.sets[d] = (self.sets[d] & !peers) | bit;
        self.sets[n] |= bit;
        for p in bits(lost) {
            self.dirty[d] |= self.geometry.units_of(p) as u64;
        }
        Ok(())
    }

    /// Applies naked and hidden singles until neither finds anything.
    fn propagate(&mut self) -> Result<(), Contradiction> {
        let n = self.n;
        loop {
            let assigned = self.sets[n];
            let (mut once, mut twice, mut thrice) = (0u128, 0u128, 0u128);
            for &set in &self.sets[..n] {
                thrice |= twice & set;
                twice |= once & set;
                once |= set;
            }
            let empty = self.all & !once;
            if empty != 0 {
                return Err(Contradiction::EmptyCell(empty.trailing_zeros() as usize));
            }
            let singles = once & !twice & !assigned;
            if singles != 0 {
                for cell in bits(singles) {
                    let bit = 1u128 << cell;
                    let d = self.sets[..n].iter().position(|&set| set & bit != 0);
                    self.assign(cell, d.ok_or(Contradiction::EmptyCell(cell))?)?;
                }
                continue;
            }
            self.pairs = twice & !thrice & !assigned;
            // Hidden singles: a digit with one place left in a unit where it is not yet placed,
            // assigned at once so that the rest of the scan sees its consequences.
            let mut found = 0;
            for digit in DigitSet::all(n) {
                let d = digit.index();
                let mut changed = std::mem::take(&mut self.dirty[d]);
                while changed != 0 {
                    let u = changed.trailing_zeros() as usize;
                    changed &= changed - 1;
                    let (set, assigned) = (self.sets[d], self.sets[n]);
                    let places = set & self.geometry.unit_bits()[u];
                    if places & assigned != 0 {
                        continue;
                    }
                    if places == 0 {
                        return Err(Contradiction::NoPlace { digit, unit: u });
                    }
                    if places & (places - 1) == 0 {
                        self.assign(places.trailing_zeros() as usize, d)?;
                        found += 1;
                    }
                }
            }
            if found == 0 {
                if self.cage_sums()? || (self.locked && self.locked_candidates()) {
                    continue;
                }
                return Ok(());
            }
        }
    }

    /// Cage-sum pruning: strikes from each cage's open cells the digits no completion of the
    /// cage uses. Returns whether anything was struck.
    fn cage_sums(&mut self) -> Result<bool, Contradiction> {
        let n = self.n;
        let assigned = self.sets[n];
        let mut struck = false;
        for (i, cage) in self.geometry.sums().enumerate() {
            let sets = &self.sets;
            let cell = |c: usize| {
                let candidates = (0..n)
                    .filter(|&d| sets[d] >> c & 1 == 1)
                    .fold(0u32, |m, d| m | 1 << d);
                match assigned >> c & 1 {
                    1 => CageCell::Placed(candidates.trailing_zeros()),
                    _ => CageCell::Open(candidates),
                }
            };
            let allowed =
                cages::allowed(cage, cell).ok_or_else(|| cages::broken(self.geometry, i, cage))?;
            for (c, allowed) in allowed.open(cage) {
                for d in (0..n).filter(|&d| allowed >> d & 1 == 0) {
                    if self.sets[d] >> c & 1 == 1 {
                        self.sets[d] &= !(1u128 << c);
                        self.dirty[d] |= self.geometry.units_of(c) as u64;
                        struck = true;
                    }
                }
            }
        }
        Ok(struck)
    }

    /// Locked candidates: when a digit's open places in a box all lie on one line, the digit
    /// leaves the rest of that line; when its open places on a line all lie in one box, it leaves
    /// the rest of that box. Returns whether anything was removed.
    fn locked_candidates(&mut self) -> bool {
        let n = self.n;
        let assigned = self.sets[n];
        let mut removed = false;
        for d in 0..n {
            let mut set = self.sets[d];
            for &(line, boxed) in self.geometry.crossings() {
                let open = set & !assigned;
                let (in_line, in_box, meet) = (open & line, open & boxed, line & boxed);
                let mut cut = 0;
                if in_box != 0 && in_box & !meet == 0 {
                    cut |= line & !boxed;
                }
                if in_line != 0 && in_line & !meet == 0 {
                    cut |= boxed & !line;
                }
                cut &= open;
                if cut != 0 {
                    set &= !cut;
                    removed = true;
                    for cell in bits(cut) {
                        self.dirty[d] |= self.geometry.units_of(cell) as u64;
                    }
                }
            }
            self.sets[d] = set;
        }
        removed
    }
}
