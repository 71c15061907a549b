//! What was found in the board's cells: the entries Check found wrong, the hint shown (the next
//! step a person would take on the entries and the user's own marks, found by the page's
//! worker, shown until the next edit, made by Apply as one Undo step), and the cells the reader
//! of a picture was unsure of. Hint, Apply and Check themselves, which ask the worker, are the
//! page's ([`super::checking`]).

use sudoku_engine::board::{DigitSet, Grid};
use sudoku_engine::hint::{Hint, Mistake};

/// A cell's part in the hint shown: the names are its `data-hint` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintRole {
    /// One of the cells that make the pattern.
    Pattern,
    /// A cell the step changes (or the wrong entry).
    Target,
}

impl HintRole {
    /// The `data-hint` value the browser tests read.
    pub fn name(self) -> &'static str {
        match self {
            HintRole::Pattern => "pattern",
            HintRole::Target => "target",
        }
    }
}

/// What one cell shows of the hint.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HintCell {
    pub role: Option<HintRole>,
    /// The candidates the step strikes here.
    pub struck: DigitSet,
    /// The digit the step places here.
    pub placed: Option<u8>,
}

/// What was found in the board's cells, each until the cell (or the board) changes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Findings {
    /// The digits Check found to disagree with the solution (the user's or the solver's), until
    /// they are edited or leave the board.
    pub wrong: Vec<usize>,
    /// The hint shown, until the next edit.
    pub hint: Option<Hint>,
    /// Cells the reader of a picture was unsure of, until the person edits them or the board
    /// changes.
    pub unsure: Vec<usize>,
    /// Why the referee refused the puzzle loaded, in words, until the board changes.
    pub refusal: Option<String>,
    /// The last picture read was the board's puzzle again: the board, with the person's
    /// corrections, was kept.
    pub kept: bool,
}

impl Findings {
    /// `cell` was edited: what was found there goes.
    pub fn edited(&mut self, cell: usize) {
        self.unsure.retain(|&c| c != cell);
        self.wrong.retain(|&c| c != cell);
        self.refusal = None;
    }

    /// The board was replaced: nothing found on the old one holds.
    pub fn clear(&mut self) {
        *self = Findings::default();
    }

    /// The hint found: shown, and a wrong entry it names marked as such.
    pub fn show(&mut self, hint: Hint) {
        if let Hint::Wrong(Mistake::Entry { cell, .. }) = hint
            && !self.wrong.contains(&cell)
        {
            self.wrong.push(cell);
        }
        self.hint = Some(hint);
    }

    /// Check's verdict: the cells of the `judged` digits (cell, digit) that disagree with
    /// `solution`.
    pub fn checked(&mut self, judged: impl Iterator<Item = (usize, u8)>, solution: &Grid) {
        self.wrong = judged
            .filter(|&(cell, digit)| solution.get(cell) != Some(digit))
            .map(|(cell, _)| cell)
            .collect();
    }

    /// What each of `cells` cells shows of the hint.
    pub fn hint_cells(&self, cells: usize) -> Vec<HintCell> {
        let mut shown = vec![HintCell::default(); cells];
        match &self.hint {
            Some(Hint::Step(step)) => {
                for &cell in &step.pattern {
                    shown[cell].role = Some(HintRole::Pattern);
                }
                for &(cell, digit) in &step.eliminations {
                    shown[cell].struck.insert(digit);
                }
                for &(cell, digit) in &step.placements {
                    shown[cell].placed = Some(digit.get());
                }
                for cell in step.targets() {
                    shown[cell].role = Some(HintRole::Target);
                }
            }
            Some(Hint::Wrong(Mistake::Entry { cell, .. } | Mistake::Mark { cell, .. })) => {
                shown[*cell].role = Some(HintRole::Target);
            }
            _ => {}
        }
        shown
    }
}
