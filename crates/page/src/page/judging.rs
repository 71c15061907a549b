//! The referee's verdicts on the entries: asked for when a puzzle is loaded, when Solve is
//! pressed and when a race begins, and answered by the page's worker.

use super::state::{Judging, Page, Phase, Then};
use crate::client::Answer;
use crate::run::{JudgeId, TaskId};
use sudoku_engine::referee::Verdict;
use sudoku_words as present;

impl Page {
    /// What the page's worker said about task `from`; answers of a task the page has let go of
    /// changes nothing.
    pub(super) fn heard(&mut self, from: TaskId, answer: Answer) {
        match (from, answer) {
            (TaskId::Run(run), Answer::Snapshot(snapshot)) => self.take(run, *snapshot),
            (TaskId::Run(run), Answer::Broke(reason)) => self.broke(run, reason),
            (TaskId::Judge(id), Answer::Judged(verdict)) => self.judged(id, verdict),
            (TaskId::Judge(id), Answer::Solution(solution)) => self.checked(id, solution),
            (TaskId::Judge(id), Answer::Hint(found)) => self.hinted(id, found),
            (TaskId::Judge(id), Answer::Broke(reason)) => self.not_judged(id, &reason),
            (TaskId::Make(id), Answer::Made(made)) => self.made(id, made),
            (TaskId::Make(id), Answer::Broke(reason)) => self.made(id, Err(reason)),
            _ => {}
        }
    }

    /// Asks the referee about the entries, for `then`.
    pub(super) fn judge(&mut self, then: Then) {
        self.judging = Some(Judging {
            id: self.ids.issue(),
            then,
        });
    }

    /// The referee's `verdict` on the entries, for look `id`.
    fn judged(&mut self, id: JudgeId, verdict: Verdict) {
        let Some(judging) = self.judging.take_if(|j| j.id == id) else {
            return;
        };
        match (judging.then, verdict) {
            (Then::Describe { givens, prefix }, verdict) => self.describe(givens, &prefix, verdict),
            (Then::Solve { seed }, Verdict::Proceed(remark)) => self.start_run(seed, remark),
            (Then::Solve { .. }, Verdict::Refuse { reason, flagged }) => {
                self.set_status(Phase::Invalid, present::refusal(&reason), flagged)
            }
            (Then::Race { seed }, Verdict::Proceed(remark)) => self.race_on(seed, remark),
            (Then::Race { .. }, Verdict::Refuse { reason, flagged }) => {
                let message = present::no_race(&present::refusal(&reason));
                self.set_status(Phase::Invalid, message, flagged)
            }
            // Check and Hint ask for more than a verdict, answered as such.
            (Then::Check | Then::Hint, _) => {}
        }
    }

    /// The worker could not judge (it failed, for `reason`): what waited for the verdict does
    /// not happen, and the entries stay.
    fn not_judged(&mut self, id: JudgeId, reason: &str) {
        let Some(judging) = self.judging.take_if(|j| j.id == id) else {
            return;
        };
        let race = match judging.then {
            Then::Describe { .. } => return,
            Then::Solve { .. } | Then::Check | Then::Hint => false,
            Then::Race { .. } => true,
        };
        let message = present::not_checked(reason, race);
        self.set_status(Phase::Failed, message, Vec::new());
    }

    /// What a loaded puzzle of `givens` is, after `prefix`, once the referee has looked.
    fn describe(&mut self, givens: usize, prefix: &str, verdict: Verdict) {
        let message = present::described(prefix, givens, &verdict);
        match verdict {
            Verdict::Refuse { flagged, .. } => self.set_status(Phase::Invalid, message, flagged),
            Verdict::Proceed(_) => self.set_status(Phase::Idle, message, Vec::new()),
        }
    }
}
