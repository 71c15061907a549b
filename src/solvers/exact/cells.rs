//! The search state for every board, up to 25×25 and whatever units and peers its rules add: each
//! cell's candidates as a bit set of digits.
//!
//! Placing a digit strikes it from the cell's peers (forward checking); a peer left with one
//! candidate is queued as a naked single, and the units whose candidates changed are scanned for
//! hidden singles; when singles run out, locked candidates (or, for the plain search that
//! measures guessing, nothing more). Slower per node than the digit-sliced states, which need a
//! board in 128 bits, but it has no limit of its own.

use super::{Board, Contradiction, givens};
use crate::board::{CELL_WORDS, Digit, DigitSet, Geometry, Grid, Meet};

/// Every cell's candidates (a placed cell's: its digit), and which cells are placed; with
/// locked candidates when `LOCKED`, singles only otherwise.
#[derive(Clone)]
pub struct Cells<const LOCKED: bool> {
    candidates: Vec<DigitSet>,
    /// The placed cells, as a bit set of cells.
    placed: [u64; CELL_WORDS],
    /// Placements waiting to be made; empty between calls, kept for its allocation.
    queue: Vec<(usize, Digit)>,
}

impl<const LOCKED: bool> Cells<LOCKED> {
    /// The givens placed and propagated, or the contradiction they lead to.
    pub fn start_or_explain(
        geometry: &Geometry,
        puzzle: &Grid,
    ) -> Result<Cells<LOCKED>, Contradiction> {
        let mut cells = Cells {
            candidates: vec![DigitSet::all(geometry.shape().size()); geometry.shape().cells()],
            placed: [0; CELL_WORDS],
            queue: givens(puzzle).collect(),
        };
        let every_unit = u128::MAX >> (128 - geometry.units().count());
        let result = cells.propagate(geometry, every_unit);
        cells.queue.clear();
        result.map(|()| cells)
    }

    /// Makes the queued placements and every single they force. `dirty` holds the units to scan
    /// for hidden singles once the queue is empty.
    fn propagate(&mut self, geometry: &Geometry, mut dirty: u128) -> Result<(), Contradiction> {
        let all = DigitSet::all(geometry.shape().size());
        // The units changed since locked candidates last looked: the meets of the others are
        // where it left them.
        let mut touched = dirty;
        loop {
            while let Some((cell, d)) = self.queue.pop() {
                dirty |= self.place_one(geometry, cell, d)?;
            }
            touched |= dirty;
            if dirty == 0 {
                return Ok(());
            }
            for u in super::bits(std::mem::take(&mut dirty)) {
                self.scan_unit(geometry, u, all)?;
            }
            if self.queue.is_empty() {
                if LOCKED {
                    dirty = self.locked_candidates(geometry, std::mem::take(&mut touched))?;
                }
                if dirty == 0 {
                    return Ok(());
                }
            }
        }
    }

    /// Whether `cell` holds its digit.
    #[inline]
    fn is_placed(&self, cell: usize) -> bool {
        self.placed[cell / 64] >> (cell % 64) & 1 == 1
    }

    /// Places digit `d` in `cell` and strikes it from the peers; returns the units whose
    /// candidates changed.
    fn place_one(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        d: Digit,
    ) -> Result<u128, Contradiction> {
        if !self.candidates[cell].contains(d) {
            return Err(Contradiction::EmptyCell(cell));
        }
        if self.is_placed(cell) {
            return Ok(0);
        }
        let digit = DigitSet::from(d);
        self.candidates[cell] = digit;
        self.placed[cell / 64] |= 1 << (cell % 64);
        let mut dirty = geometry.units_of(cell);
        for &p in geometry.peers(cell) {
            dirty |= self.strike(geometry, usize::from(p), digit)?;
        }
        Ok(dirty)
    }

    /// Strikes the digits `gone` from `cell`, queueing it if one candidate is left; returns the
    /// units whose candidates changed.
    fn strike(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        gone: DigitSet,
    ) -> Result<u128, Contradiction> {
        let before = self.candidates[cell];
        if (before & gone).is_empty() {
            return Ok(0);
        }
        // A placed cell holds its digit alone, so it comes here only to be emptied.
        let left = before - gone;
        if left.is_empty() {
            return Err(Contradiction::EmptyCell(cell));
        }
        self.candidates[cell] = left;
        if let Some(d) = left.single() {
            self.queue.push((cell, d));
        }
        Ok(geometry.units_of(cell))
    }

    /// Queues the hidden singles of unit `u`; a digit with no place left there is a
    /// contradiction.
    fn scan_unit(
        &mut self,
        geometry: &Geometry,
        u: usize,
        all: DigitSet,
    ) -> Result<(), Contradiction> {
        let members = geometry.unit_cells(u);
        let mut done = DigitSet::EMPTY;
        let (once, any) = crate::logic::once_and_any(members.iter().filter_map(|&c| {
            if self.is_placed(c) {
                done |= self.candidates[c];
                None
            } else {
                Some(self.candidates[c])
            }
        }));
        if let Some(digit) = (all - (any | done)).first() {
            return Err(Contradiction::NoPlace { digit, unit: u });
        }
        for d in once - done {
            if let Some(&c) =
                (members.iter()).find(|&&c| !self.is_placed(c) && self.candidates[c].contains(d))
            {
                self.queue.push((c, d));
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
        let open = |cells: &Cells<LOCKED>, members: &[usize]| {
            (members.iter())
                .filter(|&&c| !cells.is_placed(c))
                .fold(DigitSet::EMPTY, |m, &c| m | cells.candidates[c])
        };
        let mut dirty = 0;
        let changed = |meet: &&Meet| (touched >> meet.line | touched >> meet.boxed) & 1 == 1;
        for meet in geometry.meets().iter().filter(changed) {
            let shared = open(self, &meet.shared);
            if shared.is_empty() {
                continue;
            }
            let (line, boxed) = (open(self, &meet.line_only), open(self, &meet.box_only));
            for (gone, rest) in [
                ((shared & line) - boxed, &meet.line_only),
                ((shared & boxed) - line, &meet.box_only),
            ] {
                if gone.is_empty() {
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

    fn place(&mut self, geometry: &Geometry, cell: usize, digit: Digit) -> bool {
        self.queue.push((cell, digit));
        let ok = self.propagate(geometry, 0).is_ok();
        self.queue.clear();
        ok
    }

    /// The open cell with the fewest candidates; among cells with two, the one that sees the
    /// most open and two-candidate cells (its guess settles the most).
    fn branch(&self, geometry: &Geometry) -> Option<(usize, DigitSet)> {
        // The open cells and those with two candidates, as bit sets of cells.
        let (mut open, mut pairs) = ([0u64; CELL_WORDS], [0u64; CELL_WORDS]);
        let mut fewest: Option<(usize, DigitSet)> = None;
        for (cell, &set) in self.candidates.iter().enumerate() {
            if self.is_placed(cell) {
                continue;
            }
            open[cell / 64] |= 1 << (cell % 64);
            let count = set.len();
            if count == 2 {
                pairs[cell / 64] |= 1 << (cell % 64);
            }
            if fewest.is_none_or(|(_, b)| count < b.len()) {
                fewest = Some((cell, set));
            }
        }
        if fewest.is_none_or(|(_, s)| s.len() != 2) {
            return fewest;
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
        Some((best.0, self.candidates[best.0]))
    }

    fn write_digits(&self, _: &Geometry, digits: &mut [u8]) {
        for (cell, digit) in digits.iter_mut().enumerate() {
            *digit = match self.candidates[cell].first() {
                Some(d) if self.is_placed(cell) => d.get(),
                _ => 0,
            };
        }
    }
}
