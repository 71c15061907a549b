//! Check, Hint and Apply: the page asks its worker for the puzzle's one solution or the next
//! step on the entries and the user's own marks, and shows what comes back as findings.

use super::Page;
use super::state::{Phase, Purpose};
use super::view::Source;
use crate::run::JudgeId;
use sudoku_engine::board::{Geometry, Grid};
use sudoku_engine::check;
use sudoku_engine::hint::Hint;
use sudoku_engine::referee::Verdict;
use sudoku_words as present;

impl Page {
    /// Check: the entries typed on a board without givens become its givens; otherwise the
    /// worker finds the solution to compare the progress with. The run shown stays, with its
    /// figures and plot: a stopped run's digits are judged with the user's own ("your entries
    /// are kept" said so), a solved run's are entries already.
    pub(super) fn check(&mut self) {
        if self.running() || self.typed_clash() {
            return;
        }
        match self.fix_typed() {
            None => {
                self.judge(Purpose::Check);
                self.set_status(Phase::Idle, present::checking_entries(), Vec::new());
            }
            Some(0) => self.set_status(Phase::Idle, present::nothing_to_check(), Vec::new()),
            Some(typed) => self.set_status(Phase::Idle, present::givens_fixed(typed), Vec::new()),
        }
    }

    /// Hint: the entries typed on a board without givens become its givens, then the worker
    /// looks for the next step on the user's entries. A stopped run's digits leave the board
    /// first (its plot stays, as the last run's), as the status line said at Stop: the step is
    /// on the person's entries, and its marks would otherwise sit over the solver's digits.
    pub(super) fn ask_hint(&mut self) {
        if self.running() || self.typed_clash() {
            return;
        }
        if self.run_digits_shown() {
            self.end_run();
        }
        match self.fix_typed() {
            Some(0) => self.set_status(Phase::Idle, present::nothing_to_hint(), Vec::new()),
            _ => {
                self.judge(Purpose::Hint);
                self.set_status(Phase::Idle, present::finding_hint(), Vec::new());
            }
        }
    }

    /// Before Check or Hint on a board typed in by hand: digits that repeat in a unit would
    /// become the puzzle's givens, so nothing is made of them; the status line says so and
    /// names them. Whether they did.
    fn typed_clash(&mut self) -> bool {
        let sheet = &self.board.sheet;
        if !sheet.typed() {
            return false;
        }
        let geometry = Geometry::of_puzzle(&sheet.entries);
        let clashes = check::clashes(&geometry, |cell| sheet.entries.get(cell));
        let flagged: Vec<usize> = (clashes.iter().enumerate())
            .filter_map(|(cell, &clash)| clash.then_some(cell))
            .collect();
        if flagged.is_empty() {
            return false;
        }
        self.end_run();
        self.set_status(Phase::Invalid, present::typed_digits_clash(), flagged);
        true
    }

    /// Before Check or Hint: any refusal, hint and look are let go, and the digits typed on a
    /// board without givens become its givens (see [`Board::fix_typed`](super::Board)). The
    /// run shown stays, with its digits, figures and plot.
    fn fix_typed(&mut self) -> Option<usize> {
        let shown = self.solving.run.take();
        self.end_run();
        self.solving.run = shown;
        self.board.fix_typed()
    }

    /// The puzzle's `solution` (or why there is none to compare with), for Check `id`.
    pub(super) fn checked(&mut self, id: JudgeId, solution: Result<Grid, Verdict>) {
        if self.judging.take_if(|j| j.id == id).is_none() {
            return;
        }
        match solution {
            Ok(solution) => {
                // The digits on the board that are not the puzzle's: the user's, and the
                // solver's (a solved run's kept as entries, or a stopped run's still shown).
                let judged: Vec<(usize, u8, bool)> = (self.cells().iter().enumerate())
                    .filter_map(|(cell, view)| match (view.source, view.digit) {
                        (Source::Progress, Some(d)) => Some((cell, d, false)),
                        (Source::Solver, Some(d)) => Some((cell, d, true)),
                        _ => None,
                    })
                    .collect();
                let solver = judged.iter().filter(|&&(.., solver)| solver).count();
                (self.findings).checked(judged.iter().map(|&(c, d, _)| (c, d)), &solution);
                let wrong = self.findings.wrong.len();
                let message = present::checked(judged.len() - solver, solver, wrong);
                self.set_status(Phase::Idle, message, Vec::new());
            }
            Err(verdict) => self.no_solution(verdict),
        }
    }

    /// The worker's hint (or why the puzzle has none), for look `id`.
    pub(super) fn hinted(&mut self, id: JudgeId, found: Result<Hint, Verdict>) {
        if self.judging.take_if(|j| j.id == id).is_none() {
            return;
        }
        match found {
            Ok(hint) => {
                self.set_status(Phase::Idle, present::hint_status(&hint), Vec::new());
                // A phone folds its pad away for the step's sentence and Apply, until a cell
                // is tapped.
                if matches!(hint, Hint::Step(_)) {
                    self.board.deselect();
                }
                self.findings.show(hint);
            }
            // The worker says so only when no technique found a step between the solutions.
            Err(Verdict::Proceed(_)) => self.set_status(
                Phase::Idle,
                present::no_step_between_solutions(),
                Vec::new(),
            ),
            Err(verdict) => self.no_solution(verdict),
        }
    }

    /// Why the puzzle has no one solution to check against or to hint from: the person's
    /// entries may leave none.
    fn no_solution(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Refuse { reason, flagged } => {
                let said = if self.own_entries() {
                    present::entries_leave_none(&reason)
                } else {
                    present::refusal(&reason)
                };
                self.set_status(Phase::Invalid, said, flagged)
            }
            Verdict::Proceed(remark) => {
                self.set_status(Phase::Idle, present::not_one_solution(remark), Vec::new())
            }
        }
    }

    /// Apply: the step shown is made, as one Undo step.
    pub(super) fn apply_hint(&mut self) {
        let Some(Hint::Step(step)) = self.findings.hint.clone() else {
            return;
        };
        if self.running() {
            return;
        }
        self.board.make_step(&step);
        self.findings.hint = None;
        self.set_status(Phase::Idle, present::hint_applied(), Vec::new());
        self.write_address(false);
    }

    /// The hint's sentence, while one is shown.
    pub fn hint_sentence(&self) -> Option<String> {
        let hint = self.findings.hint.as_ref()?;
        let geometry = Geometry::of_puzzle(&self.board.sheet.entries);
        Some(present::hint_sentence(hint, &geometry))
    }

    /// Whether a step is shown, for Apply to make.
    pub fn can_apply(&self) -> bool {
        matches!(self.findings.hint, Some(Hint::Step(_))) && !self.running()
    }
}
