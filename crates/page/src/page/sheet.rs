//! The sheet: the puzzle's givens, every digit on the board and the user's pencil marks. It is
//! what Undo keeps and brings back, and the one place the page holds them.

use sudoku_engine::board::{Cage, CageError, Cages, Digit, DigitSet, Geometry, Grid, Shape};
use sudoku_engine::exact;

/// The board as the user fills it in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The puzzle's givens (from New puzzle, a link, a paste of a whole puzzle, or fixed by
    /// Check): they cannot be edited. Empty while a puzzle is typed in by hand or read from a
    /// photo, when every entry is the puzzle.
    pub givens: Grid,
    /// Every digit on the board: the givens and the user's progress; what Solve takes.
    pub entries: Grid,
    /// The user's own pencil marks, by cell: `None` where they made none (the cell then shows
    /// its candidates, when marks are shown).
    pub marks: Vec<Option<DigitSet>>,
    /// The entries a solved run put on the board, by cell: still drawn as the solver's until
    /// the user types over them.
    pub solver: Vec<bool>,
    /// The puzzle a picture was read as, on a sheet made from that reading and only edited
    /// since (Undo brings it back with the sheet): the same puzzle read again keeps the edits.
    read: Option<Grid>,
}

/// How many cells two readings of one printed puzzle may disagree in: a live camera reads a
/// faint digit one way in one frame and another way in the next.
const READING_NOISE: usize = 3;

impl Sheet {
    /// An empty board of `shape`.
    pub fn empty(shape: Shape) -> Sheet {
        Sheet::new(Grid::empty(shape), None)
    }

    /// `givens` with `progress` over its open cells, without marks.
    pub fn new(givens: Grid, progress: Option<&Grid>) -> Sheet {
        let mut entries = givens.clone();
        for cell in (0..givens.shape().cells()).filter(|&c| givens.get(c).is_none()) {
            entries.set(cell, progress.and_then(|p| p.get(cell)));
        }
        let cells = givens.shape().cells();
        Sheet {
            givens,
            entries,
            marks: vec![None; cells],
            solver: vec![false; cells],
            read: None,
        }
    }

    /// The `puzzle` read from a picture, its digits as if typed in: open to correction.
    pub fn read(puzzle: Grid) -> Sheet {
        Sheet {
            read: Some(puzzle.clone()),
            ..Sheet::new(Grid::empty(puzzle.shape()), Some(&puzzle))
        }
    }

    /// Whether `puzzle`, just read from a picture, is the puzzle this sheet was read as.
    pub fn read_as(&self, puzzle: &Grid) -> bool {
        self.read.as_ref().is_some_and(|read| {
            let cells = 0..read.shape().cells();
            let differ = cells.filter(|&c| read.get(c) != puzzle.get(c)).count();
            read.shape() == puzzle.shape() && differ <= READING_NOISE
        })
    }

    pub fn shape(&self) -> Shape {
        self.entries.shape()
    }

    /// The puzzle: its givens, or while it is typed in by hand (no givens), every entry.
    pub fn puzzle(&self) -> &Grid {
        match self.typed() {
            true => &self.entries,
            false => &self.givens,
        }
    }

    /// Whether nothing is on the board: no digit, no pencil mark, no cage.
    pub fn is_blank(&self) -> bool {
        self.entries.filled() == 0
            && self.marks.iter().all(Option::is_none)
            && !self.puzzle().is_killer()
    }

    /// Whether the puzzle is being typed in by hand: there are no givens and no cages (a
    /// killer's puzzle may be its cages alone).
    pub fn typed(&self) -> bool {
        self.givens.filled() == 0 && !self.givens.is_killer()
    }

    /// The killer cages, which the givens and the entries both carry.
    pub fn cages(&self) -> &Cages {
        self.givens.cages()
    }

    /// The same sheet with `cages` for its cages, or why the board does not take them. Digits
    /// typed on a board without givens become its givens, since the cages make it a killer.
    pub fn with_cages(&self, cages: Vec<Cage>) -> Result<Sheet, CageError> {
        let givens = match self.typed() {
            true => self.entries.clone(),
            false => self.givens.clone(),
        };
        let givens = givens.with_cages(cages)?;
        let mut entries = givens.clone();
        for cell in 0..self.shape().cells() {
            entries.set(cell, self.entries.get(cell));
        }
        Ok(Sheet {
            givens,
            entries,
            ..self.clone()
        })
    }

    /// A solved run's `digits` fill the open cells, as the solver's entries; on a puzzle typed in
    /// by hand the digits typed become its givens first, since they were the puzzle solved.
    pub fn take_solution(&mut self, digits: impl Iterator<Item = Option<u8>>) {
        if self.typed() {
            self.givens = self.entries.clone();
        }
        for ((cell, digit), solver) in digits.enumerate().zip(&mut self.solver) {
            if self.entries.get(cell).is_none() && digit.is_some() {
                self.entries.set(cell, digit);
                *solver = true;
            }
        }
    }

    /// The last run's digits leave the board: a new run or race solves the puzzle, not the
    /// answer it was given.
    pub fn forget_solver(&mut self) {
        for (cell, solver) in self.solver.iter_mut().enumerate() {
            if std::mem::take(solver) {
                self.entries.set(cell, None);
            }
        }
    }

    /// The user's progress: the entries that are neither givens nor a solver's, if there are
    /// givens and any such entry. A link carries this, so a solved board is not shared solved.
    pub fn user_entries(&self) -> Option<Grid> {
        if self.typed() {
            return None;
        }
        let mut progress = self.entries.clone();
        for cell in (0..progress.shape().cells()).filter(|&c| self.given(c) || self.solver[c]) {
            progress.set(cell, None);
        }
        (progress.filled() > 0).then_some(progress)
    }

    /// Whether `cell` holds a given (which cannot be edited).
    pub fn given(&self, cell: usize) -> bool {
        self.givens.get(cell).is_some()
    }

    /// The marks each open cell shows: the user's where they made some, else its candidates
    /// when `show` is on; empty where the cell holds a digit.
    pub fn shown_marks(&self, show: bool) -> Vec<DigitSet> {
        let automatic = match show {
            // A killer's marks keep to its cages: no repeat within one, and only digits that can
            // still make its sum.
            true => exact::candidates(&Geometry::of_puzzle(&self.entries), &self.entries),
            false => vec![DigitSet::EMPTY; self.shape().cells()],
        };
        (automatic.into_iter().zip(&self.marks).enumerate())
            .map(|(cell, (candidates, own))| match self.entries.get(cell) {
                Some(_) => DigitSet::EMPTY,
                None => own.unwrap_or(candidates),
            })
            .collect()
    }

    /// The user's own marks, for the cells where they made some: what a hint works from.
    pub fn own_marks(&self) -> Vec<(usize, DigitSet)> {
        (self.marks.iter().enumerate())
            .filter_map(|(cell, marks)| Some((cell, (*marks)?)))
            .collect()
    }

    /// The user's marks a link carries: those in the puzzle's open cells (marks under a digit
    /// of the user's stay, to show again when it is erased).
    pub fn marks_to_share(&self) -> Vec<(usize, DigitSet)> {
        let puzzle = self.puzzle();
        let mut marks = self.own_marks();
        marks.retain(|&(cell, _)| puzzle.get(cell).is_none());
        marks
    }

    /// The user's `marks` (from a link) put on their cells.
    pub fn put_marks(&mut self, marks: &[(usize, DigitSet)]) {
        for &(cell, marks) in marks {
            if let Some(slot) = self.marks.get_mut(cell) {
                *slot = Some(marks);
            }
        }
    }

    /// The marks in `cell` with `digit` toggled, starting from those it shows.
    pub fn toggled(&self, cell: usize, digit: Digit, show: bool) -> DigitSet {
        let mut marks = self.shown_marks(show)[cell];
        match marks.contains(digit) {
            true => marks -= DigitSet::from(digit),
            false => marks.insert(digit),
        }
        marks
    }

    /// The same sheet under other `rules`, if its grids fit them.
    pub fn with_rules(&self, rules: sudoku_engine::board::Rules) -> Option<(Grid, Grid)> {
        let givens = self.givens.clone().with_rules(rules)?;
        Some((givens, self.entries.clone().with_rules(rules)?))
    }

    /// The first empty cell after `cell`, in reading order, wrapping around.
    pub fn next_empty(&self, cell: usize) -> Option<usize> {
        let cells = self.shape().cells();
        (1..cells)
            .map(|k| (cell + k) % cells)
            .find(|&c| self.entries.get(c).is_none())
    }
}
