//! The puzzle's givens and the user's progress, pencil marks, and Check: what a person solving by
//! hand keeps on the board besides the digits.

use super::state::{Page, Phase, Sheet, Then};
use crate::run::JudgeId;
use sudoku_engine::board::{Digit, DigitSet, Geometry, Grid};
use sudoku_engine::referee::Verdict;
use sudoku_words as present;

impl Page {
    /// The puzzle: its givens, or while it is typed in by hand (no givens), every entry.
    pub fn puzzle(&self) -> &Grid {
        match self.givens.filled() {
            0 => &self.entries,
            _ => &self.givens,
        }
    }

    /// The user's progress: the entries that are not givens, if there are givens and any such
    /// entry.
    pub fn user_entries(&self) -> Option<Grid> {
        if self.givens.filled() == 0 || self.entries == self.givens {
            return None;
        }
        let mut progress = self.entries.clone();
        for cell in (0..progress.shape().cells()).filter(|&c| self.given(c)) {
            progress.set(cell, None);
        }
        Some(progress)
    }

    /// Whether `cell` holds a given (which cannot be edited).
    pub fn given(&self, cell: usize) -> bool {
        self.givens.get(cell).is_some()
    }

    /// The marks each open cell shows: the user's where they made some, else its candidates;
    /// empty where the cell holds a digit, or everywhere while marks are hidden and the user
    /// has made none.
    pub fn shown_marks(&self) -> Vec<DigitSet> {
        let automatic = match self.show_marks {
            true => Geometry::of(self.entries.shape()).candidates(&self.entries),
            false => vec![DigitSet::EMPTY; self.entries.shape().cells()],
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
    pub(super) fn marks_to_share(&self) -> Vec<(usize, DigitSet)> {
        let puzzle = self.puzzle();
        let mut marks = self.own_marks();
        marks.retain(|&(cell, _)| puzzle.get(cell).is_none());
        marks
    }

    /// Toggles the mark `digit` in the open `cell`, starting from the marks it shows.
    pub(super) fn toggle_mark(&mut self, cell: usize, digit: u8) {
        let Some(d) = Digit::new(digit) else { return };
        if self.entries.get(cell).is_some() {
            let pos = self.entries.shape().pos(cell);
            return self.refuse(Some(cell), present::marks_need_an_open_cell(pos));
        }
        let mut marks = self.shown_marks()[cell];
        match marks.contains(d) {
            true => marks -= DigitSet::from(d),
            false => marks.insert(d),
        }
        self.remember();
        self.marks[cell] = Some(marks);
        self.refusal = None;
        self.write_address(false);
    }

    /// Erase in pencil mode: the user's marks in `cell` go, and the cell shows its candidates
    /// again. Whether there were any.
    pub(super) fn erase_marks(&mut self, cell: usize) -> bool {
        if self.entries.get(cell).is_some() || self.marks[cell].is_none() {
            return false;
        }
        self.remember();
        self.marks[cell] = None;
        self.write_address(false);
        true
    }

    /// The board as `givens` with `progress` over its open cells, without marks or wrong
    /// entries.
    pub(super) fn set_sheet(&mut self, givens: Grid, progress: Option<&Grid>) {
        let mut entries = givens.clone();
        for cell in (0..givens.shape().cells()).filter(|&c| givens.get(c).is_none()) {
            entries.set(cell, progress.and_then(|p| p.get(cell)));
        }
        self.marks = vec![None; givens.shape().cells()];
        self.wrong.clear();
        self.shown_hint = None;
        (self.givens, self.entries) = (givens, entries);
    }

    /// The board as Undo keeps it.
    pub(super) fn sheet(&self) -> Sheet {
        Sheet {
            givens: self.givens.clone(),
            entries: self.entries.clone(),
            marks: self.marks.clone(),
        }
    }

    /// Check: the entries typed on a board without givens become its givens; otherwise the
    /// worker finds the solution to compare the progress with.
    pub(super) fn check(&mut self) {
        if self.running() {
            return;
        }
        match self.fix_typed() {
            None => {
                self.judge(Then::Check);
                self.set_status(Phase::Idle, present::checking_entries(), Vec::new());
            }
            Some(0) => self.set_status(Phase::Idle, present::nothing_to_check(), Vec::new()),
            Some(typed) => self.set_status(Phase::Idle, present::givens_fixed(typed), Vec::new()),
        }
    }

    /// Before Check or Hint: any refusal and finished run are let go, and the digits typed on a
    /// board without givens become its givens, so that the solution is theirs. How many there
    /// were (`None` when the puzzle had givens).
    pub(super) fn fix_typed(&mut self) -> Option<usize> {
        self.refusal = None;
        self.end_run();
        if self.givens.filled() > 0 {
            return None;
        }
        let typed = self.entries.filled();
        if typed > 0 {
            self.remember();
            self.givens = self.entries.clone();
        }
        Some(typed)
    }

    /// The puzzle's `solution` (or why there is none to compare with), for Check `id`.
    pub(super) fn checked(&mut self, id: JudgeId, solution: Result<Grid, Verdict>) {
        if self.judging.take_if(|j| j.id == id).is_none() {
            return;
        }
        match solution {
            Ok(solution) => {
                let progress = self.user_entries();
                let entered = progress.as_ref().map_or(0, Grid::filled);
                self.wrong = (0..self.entries.shape().cells())
                    .filter(|&c| progress.as_ref().and_then(|p| p.get(c)).is_some())
                    .filter(|&c| self.entries.get(c) != solution.get(c))
                    .collect();
                let message = present::checked(entered, self.wrong.len());
                self.set_status(Phase::Idle, message, Vec::new());
            }
            Err(Verdict::Refuse { reason, flagged }) => {
                self.set_status(Phase::Invalid, present::refusal(&reason), flagged)
            }
            Err(Verdict::Proceed(remark)) => {
                self.set_status(Phase::Idle, present::not_one_solution(remark), Vec::new())
            }
        }
    }
}
