//! The search state for every board, up to 25×25 and whatever units and peers its rules add: each
//! cell's candidates as a bit set of digits.
//!
//! Placing a digit strikes it from the cell's peers (forward checking); a peer left with one
//! candidate is queued as a naked single, and the units whose candidates changed are scanned for
//! hidden singles; when singles run out, locked candidates (or, for the plain search that
//! measures guessing, nothing more). Slower per node than the digit-sliced states, which need a
//! board in 128 bits, but it has no limit of its own.

use super::cages::{self, CageCell};
use super::{Board, Contradiction, givens};
use crate::board::{CELL_WORDS, Digit, DigitSet, Geometry, Grid, Meet};

/// Set in a cell's word once its digit is placed; digits use bits `0..25`.
const PLACED: u32 = 1 << 31;

/// Every cell's candidates (bit `d` for digit `d + 1`), with [`PLACED`] on placed cells; with
/// locked candidates when `LOCKED`, singles only otherwise.
#[derive(Clone)]
pub struct Cells<const LOCKED: bool> {
    words: Vec<u32>,
    /// Placements waiting to be made, as (cell, 0-based digit); empty between calls, kept for its
    /// allocation.
    queue: Vec<(usize, u32)>,
}

impl<const LOCKED: bool> Cells<LOCKED> {
    /// The givens placed and propagated, or the contradiction they lead to.
    pub fn start_or_explain(
        geometry: &Geometry,
        puzzle: &Grid,
    ) -> Result<Cells<LOCKED>, Contradiction> {
        let all = (1u32 << geometry.shape().size()) - 1;
        let mut cells = Cells {
            words: vec![all; geometry.shape().cells()],
            queue: givens(puzzle).map(|(c, d)| (c, d.index() as u32)).collect(),
        };
        let every_unit = u128::MAX >> (128 - geometry.units().count());
        let result = cells.propagate(geometry, every_unit);
        cells.queue.clear();
        result.map(|()| cells)
    }

    /// Each cell's candidates, its digit once placed.
    pub fn candidates(&self) -> Vec<DigitSet> {
        (self.words.iter())
            .map(|&w| DigitSet::from_bits(w & !PLACED))
            .collect()
    }

    /// Makes the queued placements and every single they force. `dirty` holds the units to scan
    /// for hidden singles once the queue is empty.
    fn propagate(&mut self, geometry: &Geometry, mut dirty: u128) -> Result<(), Contradiction> {
        let all = (1u32 << geometry.shape().size()) - 1;
        // The units changed since locked candidates last looked: the meets of the others are
        // where it left them.
        let mut touched = dirty;
        loop {
            while let Some((cell, d)) = self.queue.pop() {
                dirty |= self.place_one(geometry, cell, d)?;
            }
            touched |= dirty;
            if dirty == 0 {
                dirty = self.cage_sums(geometry)?;
                if dirty == 0 && self.queue.is_empty() {
                    return Ok(());
                }
                continue;
            }
            for u in super::bits(std::mem::take(&mut dirty)) {
                self.scan_unit(geometry, u, all)?;
            }
            if self.queue.is_empty() {
                if LOCKED {
                    dirty = self.locked_candidates(geometry, std::mem::take(&mut touched))?;
                }
                if dirty == 0 {
                    dirty = self.cage_sums(geometry)?;
                }
                if dirty == 0 && self.queue.is_empty() {
                    return Ok(());
                }
            }
        }
    }

    /// Cage-sum pruning: strikes from each cage's open cells the digits no completion of the
    /// cage uses. Returns the units whose candidates changed.
    fn cage_sums(&mut self, geometry: &Geometry) -> Result<u128, Contradiction> {
        let mut dirty = 0;
        for (i, cage) in geometry.sums().enumerate() {
            let words = &self.words;
            let cell = |c: usize| match words[c] {
                w if w & PLACED != 0 => CageCell::Placed((w & !PLACED).trailing_zeros()),
                w => CageCell::Open(w),
            };
            let allowed =
                cages::allowed(cage, cell).ok_or_else(|| cages::broken(geometry, i, cage))?;
            for (c, allowed) in allowed.open(cage) {
                dirty |= self.strike(geometry, c, !allowed & !PLACED)?;
            }
        }
        Ok(dirty)
    }

    /// Places digit `d` in `cell` and strikes it from the peers; returns the units whose
    /// candidates changed.
    fn place_one(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        d: u32,
    ) -> Result<u128, Contradiction> {
        let bit = 1u32 << d;
        let word = self.words[cell];
        if word & PLACED != 0 {
            return if word & bit != 0 {
                Ok(0)
            } else {
                Err(Contradiction::EmptyCell(cell))
            };
        }
        if word & bit == 0 {
            return Err(Contradiction::EmptyCell(cell));
        }
        self.words[cell] = bit | PLACED;
        let mut dirty = geometry.units_of(cell);
        for &p in geometry.peers(cell) {
            dirty |= self.strike(geometry, usize::from(p), bit)?;
        }
        Ok(dirty)
    }

    /// Strikes the digits `gone` from `cell`, queueing it if one candidate is left; returns the
    /// units whose candidates changed.
    fn strike(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        gone: u32,
    ) -> Result<u128, Contradiction> {
        let word = self.words[cell];
        if word & gone == 0 {
            return Ok(0);
        }
        let left = word & !gone;
        if left & !PLACED == 0 {
            return Err(Contradiction::EmptyCell(cell));
        }
        self.words[cell] = left;
        if left & (left - 1) == 0 {
            self.queue.push((cell, left.trailing_zeros()));
        }
        Ok(geometry.units_of(cell))
    }

    /// Queues the hidden singles of unit `u`; a digit with no place left there is a
    /// contradiction.
    fn scan_unit(&mut self, geometry: &Geometry, u: usize, all: u32) -> Result<(), Contradiction> {
        let members = geometry.unit_cells(u);
        let (mut once, mut any, mut done) = (0u32, 0u32, 0u32);
        for &c in members {
            let word = self.words[c];
            if word & PLACED != 0 {
                done |= word;
            } else {
                once = (once & !word) | (word & !any);
                any |= word;
            }
        }
        let missing = all & !(any | done);
        if let Some(digit) = DigitSet::from_bits(missing).first() {
            return Err(Contradiction::NoPlace { digit, unit: u });
        }
        for d in super::bits(once & !done) {
            if let Some(&c) = members
                .iter()
                .find(|&&c| self.words[c] & (PLACED | 1 << d) == 1 << d)
            {
                self.queue.push((c, d as u32));
            }
        }
        Ok(())
    }
}

impl<const LOCKED: bool> Cells<LOCKED> {
    /// Locked candidates: a digit whose open places in a box all lie on one line leaves the rest
    /// of the line, and one whose open places on a line all lie in one box leaves the rest of
    /// the box. Returns the units whose candidates changed.
    fn locked_candidates(
        &mut self,
        geometry: &Geometry,
        touched: u128,
    ) -> Result<u128, Contradiction> {
        let open = |words: &[u32], cells: &[usize]| {
            (cells.iter())
                .map(|&c| words[c])
                .filter(|w| w & PLACED == 0)
                .fold(0, |m, w| m | w)
        };
        let mut dirty = 0;
        let changed = |meet: &&Meet| (touched >> meet.line | touched >> meet.boxed) & 1 == 1;
        for meet in geometry.meets().iter().filter(changed) {
            let shared = open(&self.words, &meet.shared);
            if shared == 0 {
                continue;
            }
            let (line, boxed) = (
                open(&self.words, &meet.line_only),
                open(&self.words, &meet.box_only),
            );
            for (gone, rest) in [
                (shared & line & !boxed, &meet.line_only),
                (shared & boxed & !line, &meet.box_only),
            ] {
                if gone == 0 {
                    continue;
                }
                for &c in rest {
                    dirty |= self.strike(geometry, c, gone)?;
                }
            }
        }
        Ok(dirty)
    }
}

impl<const LOCKED: bool> Board for Cells<LOCKED> {
    fn start(geometry: &Geometry, puzzle: &Grid) -> Option<Cells<LOCKED>> {
        Cells::start_or_explain(geometry, puzzle).ok()
    }

    type Guess = usize;

    fn guess(&mut self, geometry: &Geometry, cell: usize, digit: Digit) -> bool {
        self.queue.push((cell, digit.index() as u32));
        let ok = self.propagate(geometry, 0).is_ok();
        self.queue.clear();
        ok
    }

    /// The open cell with the fewest candidates; among cells with two, the one that sees the
    /// most open and two-candidate cells (its guess settles the most).
    fn branch(&self, geometry: &Geometry) -> Option<(usize, DigitSet)> {
        // The open cells and those with two candidates, as bit sets of cells.
        let (mut open, mut pairs) = ([0u64; CELL_WORDS], [0u64; CELL_WORDS]);
        let mut fewest: Option<(usize, u32)> = None;
        for (cell, &word) in self.words.iter().enumerate() {
            if word & PLACED != 0 {
                continue;
            }
            open[cell / 64] |= 1 << (cell % 64);
            let count = word.count_ones();
            if count == 2 {
                pairs[cell / 64] |= 1 << (cell % 64);
            }
            if fewest.is_none_or(|(_, b)| count < b.count_ones()) {
                fewest = Some((cell, word));
            }
        }
        if fewest.is_none_or(|(_, w)| w.count_ones() != 2) {
            return fewest.map(|(cell, word)| (cell, DigitSet::from_bits(word)));
        }
        let reach = |cell: usize| {
            let peers = geometry.peer_words(cell);
            (0..CELL_WORDS)
                .map(|i| (peers[i] & open[i]).count_ones() + (peers[i] & pairs[i]).count_ones())
                .sum::<u32>()
        };
        let mut best = (0, 0);
        for (i, &set) in pairs.iter().enumerate() {
            let mut set = set;
            while set != 0 {
                let cell = 64 * i + set.trailing_zeros() as usize;
                set &= set - 1;
                let r = reach(cell);
                if r > best.1 || best.1 == 0 {
                    best = (cell, r);
                }
            }
        }
        Some((best.0, DigitSet::from_bits(self.words[best.0])))
    }

    fn write_digits(&self, _: &Geometry, digits: &mut [u8]) {
        for (digit, &word) in digits.iter_mut().zip(&self.words) {
            *digit = if word & PLACED != 0 {
                (word & !PLACED).trailing_zeros() as u8 + 1
            } else {
                0
            };
        }
    }
}
