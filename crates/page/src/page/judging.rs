//! The referee's verdicts on the entries: asked for when a puzzle is loaded, when Solve is
//! pressed and when a race begins, and answered by the page's worker.

use super::Page;
use super::state::{Judging, Phase, Purpose};
use crate::run::{JudgeId, TaskId};
use sudoku_engine::referee::Verdict;
use sudoku_engine::worker::{Failure, Report};
use sudoku_words as present;

impl Page {
    /// What the page's worker said about task `from`; answers of a task the page has let go of
    /// changes nothing.
    pub(super) fn heard(&mut self, from: TaskId, answer: Report) {
        match (from, answer) {
            (TaskId::Run(run), Report::Snapshot(snapshot)) => self.run_reported(run, *snapshot),
            (TaskId::Run(run), Report::Failed(why)) => self.broke(run, why),
            (TaskId::Judge(id), Report::Judged(verdict)) => self.judged(id, verdict),
            (TaskId::Judge(id), Report::Solution(solution)) => self.checked(id, solution),
            (TaskId::Judge(id), Report::Hint(found)) => self.hinted(id, found),
            (TaskId::Judge(id), Report::Failed(why)) => self.not_judged(id, &why),
            (TaskId::Make(id), Report::Made(made)) => self.made(id, Ok(made)),
            (TaskId::Make(id), Report::Failed(why)) => self.made(id, Err(why)),
            _ => {}
        }
    }

    /// Whether the referee has yet to say what a puzzle just loaded is.
    pub fn describing(&self) -> bool {
        (self.judging.as_ref()).is_some_and(|j| matches!(j.purpose, Purpose::Describe { .. }))
    }

    /// Asks the referee about the entries, for `purpose`.
    pub(super) fn judge(&mut self, purpose: Purpose) {
        self.judging = Some(Judging {
            id: self.ids.issue(),
            purpose,
        });
    }

    /// The referee's `verdict` on the entries, for look `id`.
    fn judged(&mut self, id: JudgeId, verdict: Verdict) {
        let Some(judging) = self.judging.take_if(|j| j.id == id) else {
            return;
        };
        match (judging.purpose, verdict) {
            (Purpose::Describe { givens, prefix }, verdict) => {
                self.describe(givens, &prefix, verdict)
            }
            (Purpose::Drawn, Verdict::Proceed(remark)) => {
                if let Some(remark) = present::remark_before(remark) {
                    // After what the status line says (a solver given up, the cages).
                    let message = present::prefixed(&self.status.message, remark);
                    self.set_status(Phase::Idle, message, Vec::new());
                }
            }
            (Purpose::Drawn, Verdict::Refuse { reason, flagged }) => {
                self.set_status(Phase::Invalid, present::refusal(&reason), flagged)
            }
            (Purpose::Solve { seed }, Verdict::Proceed(remark)) => self.start_run(seed, remark),
            (Purpose::Solve { .. }, Verdict::Refuse { reason, flagged }) => {
                let (said, flagged) = if self.own_entries() {
                    (
                        present::refusal_of_entries(&reason),
                        self.entries_first(flagged),
                    )
                } else {
                    (present::refusal(&reason), flagged)
                };
                self.set_status(Phase::Invalid, said, flagged)
            }
            (Purpose::Race { seed }, Verdict::Proceed(remark)) => self.race_on(seed, remark),
            (Purpose::Race { .. }, Verdict::Refuse { reason, flagged }) => {
                let message = present::no_race(&present::refusal(&reason));
                self.set_status(Phase::Invalid, message, flagged)
            }
            // Check and Hint ask for more than a verdict, answered as such.
            (Purpose::Check | Purpose::Hint, _) => {}
        }
    }

    /// Whether the board holds the person's own entries over a puzzle's givens: a dead end is
    /// then theirs, and said so.
    pub(super) fn own_entries(&self) -> bool {
        let sheet = &self.board.sheet;
        !sheet.typed() && sheet.entries.filled() > sheet.givens.filled()
    }

    /// Of the cells a refusal names, the person's entries: a given they clash with is the
    /// puzzle's and stays unmarked (all of them when only givens are named).
    fn entries_first(&self, flagged: Vec<usize>) -> Vec<usize> {
        let sheet = &self.board.sheet;
        let mut theirs: Vec<usize> = (flagged.iter().copied())
            .filter(|&cell| !sheet.given(cell))
            .collect();
        // A repeat in a row and a box names its cells once for each.
        sudoku_engine::order::sort_by(&mut theirs, |a, b| a < b);
        theirs.dedup();
        if theirs.is_empty() { flagged } else { theirs }
    }

    /// The worker could not judge (it failed, for `reason`): what waited for the verdict does
    /// not happen, and the entries stay.
    fn not_judged(&mut self, id: JudgeId, reason: &Failure) {
        let Some(judging) = self.judging.take_if(|j| j.id == id) else {
            return;
        };
        let race = match judging.purpose {
            Purpose::Describe { .. } | Purpose::Drawn => return,
            Purpose::Solve { .. } | Purpose::Check | Purpose::Hint => false,
            Purpose::Race { .. } => true,
        };
        let message = present::not_checked(&present::failure(reason), race);
        self.set_status(Phase::Failed, message, Vec::new());
    }

    /// What a loaded puzzle of `givens` is, after `prefix`, once the referee has looked.
    fn describe(&mut self, givens: usize, prefix: &str, verdict: Verdict) {
        let cages = self.board.sheet.cages().len();
        let message = present::described(prefix, givens, cages, &verdict);
        match verdict {
            Verdict::Refuse { reason, flagged } => {
                self.findings.refusal = Some(present::refusal(&reason));
                self.set_status(Phase::Invalid, message, flagged);
                // Racers waiting on a puzzle that cannot be solved give way to the refusal.
                if self.race_waiting() {
                    self.show_race();
                }
            }
            Verdict::Proceed(_) => self.set_status(Phase::Idle, message, Vec::new()),
        }
    }
}
