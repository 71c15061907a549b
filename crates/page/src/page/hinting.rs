//! Hint and Apply: the next step a person would take on the entries and the user's own marks,
//! found by the page's worker, shown on the grid until the next edit, and made by Apply as one
//! Undo step.

use super::state::{Page, Phase, Then};
use crate::run::JudgeId;
use sudoku_engine::board::{DigitSet, Geometry};
use sudoku_engine::hint::{Hint, Marks, Mistake};
use sudoku_engine::referee::Verdict;
use sudoku_words as present;

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

impl Page {
    /// Hint: the entries typed on a board without givens become its givens, then the worker
    /// looks for the next step.
    pub(super) fn ask_hint(&mut self) {
        if self.running() {
            return;
        }
        match self.fix_typed() {
            Some(0) => self.set_status(Phase::Idle, present::nothing_to_hint(), Vec::new()),
            _ => {
                self.judge(Then::Hint);
                self.set_status(Phase::Idle, present::finding_hint(), Vec::new());
            }
        }
    }

    /// The position a hint works on: the entries with the user's own marks.
    pub fn position(&self) -> Marks {
        let mut own = vec![DigitSet::EMPTY; self.entries.shape().cells()];
        for (cell, marks) in self.own_marks() {
            own[cell] = marks;
        }
        Marks::with_marks(&self.entries, &own)
    }

    /// The worker's hint (or why the puzzle has none), for look `id`.
    pub(super) fn hinted(&mut self, id: JudgeId, found: Result<Hint, Verdict>) {
        if self.judging.take_if(|j| j.id == id).is_none() {
            return;
        }
        match found {
            Ok(hint) => {
                if let Hint::Wrong(Mistake::Entry { cell, .. }) = hint
                    && !self.wrong.contains(&cell)
                {
                    self.wrong.push(cell);
                }
                self.set_status(Phase::Idle, present::hint_status(&hint), Vec::new());
                self.shown_hint = Some(hint);
            }
            Err(Verdict::Refuse { reason, flagged }) => {
                self.set_status(Phase::Invalid, present::refusal(&reason), flagged)
            }
            Err(Verdict::Proceed(remark)) => {
                self.set_status(Phase::Idle, present::not_one_solution(remark), Vec::new())
            }
        }
    }

    /// Apply: the step shown is made, as one Undo step; placements become progress and the
    /// struck candidates leave the cell's marks (the user's own from then on).
    pub(super) fn apply_hint(&mut self) {
        let Some(Hint::Step(step)) = self.shown_hint.clone() else {
            return;
        };
        if self.running() {
            return;
        }
        let before = self.position();
        self.remember();
        for &(cell, digit) in &step.eliminations {
            self.marks[cell] = Some(before.candidates(cell) - DigitSet::from(digit));
        }
        for &(cell, digit) in &step.placements {
            self.entries.set(cell, Some(digit.get()));
        }
        self.refusal = None;
        self.set_status(Phase::Idle, present::hint_applied(), Vec::new());
        self.write_address(false);
    }

    /// The hint's sentence, while one is shown.
    pub fn hint_sentence(&self) -> Option<String> {
        let hint = self.shown_hint.as_ref()?;
        let geometry = Geometry::of(self.entries.shape());
        Some(present::hint_sentence(hint, &geometry))
    }

    /// Whether a step is shown, for Apply to make.
    pub fn can_apply(&self) -> bool {
        matches!(self.shown_hint, Some(Hint::Step(_))) && !self.running()
    }

    /// What each cell shows of the hint.
    pub(super) fn hint_cells(&self) -> Vec<HintCell> {
        let mut cells = vec![HintCell::default(); self.entries.shape().cells()];
        match &self.shown_hint {
            Some(Hint::Step(step)) => {
                for &cell in &step.pattern {
                    cells[cell].role = Some(HintRole::Pattern);
                }
                for &(cell, digit) in &step.eliminations {
                    cells[cell].struck.insert(digit);
                }
                for &(cell, digit) in &step.placements {
                    cells[cell].placed = Some(digit.get());
                }
                for cell in step.targets() {
                    cells[cell].role = Some(HintRole::Target);
                }
            }
            Some(Hint::Wrong(Mistake::Entry { cell, .. } | Mistake::Mark { cell, .. })) => {
                cells[*cell].role = Some(HintRole::Target);
            }
            _ => {}
        }
        cells
    }
}
