//! What the spin models that fix the hints share: the digits each cell may take once the givens
//! have struck out what their peers hold (a given keeps its digit), and the cells with a choice
//! left. No logic beyond that.

use crate::board::{DigitSet, Geometry, Grid};
use crate::check;

/// Each cell's allowed digits (0-based), and the cells with two or more.
#[derive(Clone, Debug)]
pub struct Domains {
    /// Allowed digits of cell `c`: `allowed[offset[c]..offset[c + 1]]`; empty for a given.
    allowed: Vec<u8>,
    offset: Vec<usize>,
    /// The same digits as bits, per cell; a given's own digit.
    bits: Vec<u32>,
    /// The given digit (0-based) of each given cell.
    given: Vec<Option<u8>>,
    movable: Vec<u16>,
}

impl Domains {
    /// The digits the givens leave each blank cell: what their peers do not hold.
    pub fn new(geometry: &Geometry, puzzle: &Grid) -> Domains {
        let cells = puzzle.shape().cells();
        let sets: Vec<DigitSet> = (0..cells)
            .map(|cell| check::candidates(geometry, puzzle, cell))
            .collect();
        Domains::from_sets(puzzle, &sets)
    }

    /// Each blank cell's digits from `sets` (one per cell; a given keeps its own digit).
    pub fn from_sets(puzzle: &Grid, sets: &[DigitSet]) -> Domains {
        let cells = puzzle.shape().cells();
        let mut allowed = Vec::new();
        let mut offset = Vec::with_capacity(cells + 1);
        let mut movable = Vec::new();
        let mut given = vec![None; cells];
        for (cell, (given, set)) in given.iter_mut().zip(sets).enumerate() {
            offset.push(allowed.len());
            match puzzle.get(cell) {
                Some(d) => *given = Some(d - 1),
                None => {
                    allowed.extend(set.iter().map(|d| d.index() as u8));
                    if allowed.len() - offset[cell] > 1 {
                        movable.push(cell as u16);
                    }
                }
            }
        }
        offset.push(allowed.len());
        let bits = (0..cells)
            .map(|c| match given[c] {
                Some(d) => 1 << d,
                None => allowed[offset[c]..offset[c + 1]]
                    .iter()
                    .fold(0, |b, &d| b | 1 << d),
            })
            .collect();
        Domains {
            allowed,
            offset,
            bits,
            given,
            movable,
        }
    }

    /// The digits (0-based) a blank cell may take; empty for a given.
    #[inline]
    pub fn allowed(&self, cell: usize) -> &[u8] {
        &self.allowed[self.offset[cell]..self.offset[cell + 1]]
    }

    /// A cell's digits as bits (bit `d` for digit `d + 1`); a given's own digit.
    #[inline]
    pub fn bits(&self, cell: usize) -> u32 {
        self.bits[cell]
    }

    /// How many digits a cell with a choice keeps on average (0 when none has one).
    pub fn mean_choices(&self) -> f64 {
        let total: usize = (self.movable.iter())
            .map(|&c| self.allowed(usize::from(c)).len())
            .sum();
        total as f64 / self.movable.len().max(1) as f64
    }

    /// A given's digit (0-based).
    pub fn given(&self, cell: usize) -> Option<u8> {
        self.given[cell]
    }

    /// The cells with a choice of two or more digits: the only ones a move can change.
    pub fn movable(&self) -> &[u16] {
        &self.movable
    }

    /// For the spins view: per cell the digits it can take (a given: its own, clamped) and those
    /// free to change (none where only one is left).
    pub fn spin_layout(&self) -> (Vec<u32>, Vec<u32>) {
        (0..self.given.len())
            .map(|cell| {
                let bits = self.bits[cell];
                (bits, if bits.count_ones() > 1 { bits } else { 0 })
            })
            .unzip()
    }
}

/// A list of cells for each cell, packed in one vector: each cell's swap partners, or its peers
/// with a choice.
#[derive(Clone, Debug)]
pub struct CellLists {
    items: Vec<u16>,
    at: Vec<usize>,
}

impl CellLists {
    /// For each of `cells` cells, the cells `list` gives it.
    pub fn new<I: IntoIterator<Item = u16>>(
        cells: usize,
        mut list: impl FnMut(usize) -> I,
    ) -> CellLists {
        let (mut items, mut at) = (Vec::new(), Vec::with_capacity(cells + 1));
        for cell in 0..cells {
            at.push(items.len());
            items.extend(list(cell));
        }
        at.push(items.len());
        CellLists { items, at }
    }

    /// The cells listed for `cell`.
    #[inline]
    pub fn of(&self, cell: usize) -> &[u16] {
        &self.items[self.at[cell]..self.at[cell + 1]]
    }
}

/// The spins of a one-hot model: each cell's one up spin, its digit (0-based).
pub fn one_hot_spins(digit: &[u8], up: &mut [u32]) {
    for (bits, &d) in up.iter_mut().zip(digit) {
        *bits = 1 << d;
    }
}
