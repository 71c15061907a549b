//! The position a step works on: each cell's digit, or the candidates left to an open cell.

use super::Step;
use crate::board::{Digit, DigitSet, Geometry, Grid};
use std::sync::Arc;

/// A board in pencil marks: each cell's placed digit, or the digits an open cell may still
/// take. Every technique reads it and every step changes it.
#[derive(Clone, Debug)]
pub struct Marks {
    geometry: Arc<Geometry>,
    values: Vec<Option<Digit>>,
    candidates: Vec<DigitSet>,
}

impl PartialEq for Marks {
    fn eq(&self, other: &Marks) -> bool {
        self.geometry.shape() == other.geometry.shape()
            && self.values == other.values
            && self.candidates == other.candidates
    }
}

impl Eq for Marks {}

impl Marks {
    /// The automatic pencil marks of `grid`: each open cell keeps every digit no peer holds (a
    /// killer's cage mates are peers too).
    pub fn of(grid: &Grid) -> Marks {
        Marks::with_marks(grid, &[])
    }

    /// `grid`'s entries with the user's own marks: `marks[c]` is open cell `c`'s marks; an
    /// empty set, or a cell past the end, means "not marked" and takes the automatic marks. A
    /// mark no rule allows (a peer holds the digit) is dropped, as the user would strike it.
    pub fn with_marks(grid: &Grid, marks: &[DigitSet]) -> Marks {
        let geometry = Geometry::of_puzzle(grid);
        let all = DigitSet::all(grid.shape().size());
        let values: Vec<Option<Digit>> = (0..grid.shape().cells())
            .map(|c| grid.get(c).and_then(Digit::new))
            .collect();
        let candidates = (0..values.len())
            .map(|cell| match values[cell] {
                Some(d) => d.into(),
                None => {
                    let seen = (geometry.peers(cell).iter())
                        .filter_map(|&p| values[usize::from(p)])
                        .collect::<DigitSet>();
                    let given = marks.get(cell).copied().filter(|m| !m.is_empty());
                    given.unwrap_or(all) & (all - seen)
                }
            })
            .collect();
        Marks {
            geometry,
            values,
            candidates,
        }
    }

    /// The geometry the marks live on.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// How many digits (and rows, columns, boxes) the board has.
    pub fn size(&self) -> usize {
        self.geometry.shape().size()
    }

    /// How many cells the board has.
    pub fn cells(&self) -> usize {
        self.values.len()
    }

    /// The digit placed at `cell`, if any.
    pub fn value(&self, cell: usize) -> Option<Digit> {
        self.values[cell]
    }

    /// The digits open cell `cell` may take (its own digit, once placed).
    pub fn candidates(&self, cell: usize) -> DigitSet {
        self.candidates[cell]
    }

    /// Whether `cell` is open and may take `d`.
    pub fn has(&self, cell: usize, d: Digit) -> bool {
        self.values[cell].is_none() && self.candidates[cell].contains(d)
    }

    /// Whether cells `a` and `b` (two different cells) may not hold the same digit.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.geometry.peer_words(a)[b / 64] >> (b % 64) & 1 == 1
    }

    /// The open cells of unit `u` that may take `d`.
    pub fn places(&self, u: usize, d: Digit) -> impl Iterator<Item = usize> + '_ {
        (self.geometry.unit_cells(u).iter())
            .copied()
            .filter(move |&c| self.has(c, d))
    }

    /// The open cells, in order.
    pub fn open(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.values.len()).filter(|&c| self.values[c].is_none())
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(Option::is_some)
    }

    /// The digits as a grid (blank where open).
    pub fn grid(&self) -> Grid {
        let digits = (self.values.iter())
            .map(|v| v.map_or(0, Digit::get))
            .collect();
        Grid::from_digits(self.geometry.shape(), digits)
            .unwrap_or_else(|| Grid::empty(self.geometry.shape()))
    }

    /// Whether the marks already contradict the rules: an open cell with no candidate, a unit
    /// with a digit that has nowhere to go, two peers holding the same digit, or a cage whose
    /// placed digits pass its sum (or, all placed, miss it).
    pub fn is_broken(&self) -> bool {
        let all = DigitSet::all(self.size());
        let empty_cell = self.open().any(|c| self.candidates[c].is_empty());
        let clash = (0..self.cells()).any(|c| {
            self.values[c].is_some_and(|d| {
                (self.geometry.peers(c).iter()).any(|&p| self.values[usize::from(p)] == Some(d))
            })
        });
        let starved = self.geometry.units().any(|(_, members)| {
            let covered = (members.iter()).fold(DigitSet::EMPTY, |s, &c| s | self.candidates[c]);
            covered != all
        });
        let overdrawn = self.geometry.cages().iter().any(|cage| {
            let placed = cage.cells().filter_map(|c| self.values[c]);
            let sum: u32 = placed.clone().map(|d| u32::from(d.get())).sum();
            sum > cage.sum() || (placed.count() == cage.len() && sum != cage.sum())
        });
        empty_cell || clash || starved || overdrawn
    }

    /// Places `d` at `cell`, striking it from the peers' marks.
    pub fn place(&mut self, cell: usize, d: Digit) {
        self.values[cell] = Some(d);
        self.candidates[cell] = d.into();
        for &p in self.geometry.peers(cell) {
            let p = usize::from(p);
            if self.values[p].is_none() {
                self.candidates[p] -= d.into();
            }
        }
    }

    /// Strikes `d` from open cell `cell`'s marks.
    pub fn strike(&mut self, cell: usize, d: Digit) {
        if self.values[cell].is_none() {
            self.candidates[cell] -= d.into();
        }
    }

    /// Makes `step`: its placements, then its eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, d) in &step.placements {
            self.place(cell, d);
        }
        for &(cell, d) in &step.eliminations {
            self.strike(cell, d);
        }
    }
}
