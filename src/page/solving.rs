//! The run shown and the puzzle being made: Solve, the worker's reports, Stop, the speed, and
//! New puzzle's frames.

use super::state::{Making, Page, Phase, Then};
use crate::drive::{Pace, SLICE_MS, Snapshot};
use crate::generate::{Generated, Request};
use crate::present::counted;
use crate::referee::{self, Remark, Verdict};
use crate::registry::SolverKind;
use crate::run::{MakingId, RunId, Work, WorkerRun};
use crate::step::RunState;

impl Page {
    /// Solve: the referee looks at the entries first, then the run starts.
    pub(super) fn solve(&mut self, seed: u64) {
        if self.running() {
            return;
        }
        self.refusal = None;
        self.end_run();
        self.judge(Then::Solve { seed });
        self.set_status(Phase::Checking, "Checking the puzzle…", Vec::new());
    }

    /// The referee let the entries through, with `remark`: the run starts from `seed`.
    pub(super) fn start_run(&mut self, seed: u64, remark: Remark) {
        // The worker starts the solver; only a board it does not take is refused here (the
        // referee has judged the givens already).
        if let Err(unsupported) = self.kind.takes(self.entries.shape()) {
            if let Verdict::Refuse { message, flagged } = referee::refusal(&unsupported) {
                self.set_status(Phase::Invalid, message, flagged);
            }
            return;
        }
        let (pace, moves_per_tick) = pace_of(self.speed, self.kind);
        let (id, now) = (self.ids.issue(), (self.clock)());
        let run = WorkerRun::new(
            id,
            self.kind,
            &self.entries,
            seed,
            pace,
            moves_per_tick,
            now,
        );
        self.run = Some(run);
        self.remark = remark;
        self.set_status(Phase::Running, "Starting…", Vec::new());
    }

    /// What the worker should be doing now: nothing unless a run is going.
    pub fn work(&self) -> Option<Work<'_>> {
        self.run
            .as_ref()
            .filter(|_| self.phase == Phase::Running)?
            .work()
    }

    /// A report from run `id`'s worker; one from an earlier run, or after Stop, is ignored.
    pub(super) fn take(&mut self, id: RunId, snapshot: Snapshot) {
        let now = (self.clock)();
        let Some(run) = self.run.as_mut().filter(|r| r.id == id) else {
            return;
        };
        if self.phase == Phase::Running && run.take(&self.entries, snapshot, now) {
            self.describe_run();
        }
    }

    /// Run `run`'s worker failed, for `reason`: the run fails, the entries stay.
    pub(super) fn broke(&mut self, run: RunId, reason: String) {
        if let Some(r) = (self.run.as_mut()).filter(|r| r.id == run && r.running()) {
            r.break_off(reason.clone());
            self.set_status(
                Phase::Failed,
                format!("The solver failed: {reason}. Your entries are kept."),
                Vec::new(),
            );
        }
    }

    pub(super) fn stop(&mut self) {
        let now = (self.clock)();
        if let Some(race) = self.race.as_mut().filter(|r| r.running()) {
            race.stop(now);
        }
        let before = match self.phase {
            Phase::Generating => Some("Stopped making a puzzle."),
            Phase::Checking => Some("Stopped before the run began."),
            _ => None,
        };
        if let Some(before) = before {
            self.end_run();
            let message = format!("{before} Your entries are kept.");
            return self.set_status(Phase::Stopped, message, Vec::new());
        }
        if !self.running() {
            return;
        }
        if let Some(run) = &mut self.run {
            run.halt(now);
        }
        self.describe_run();
    }

    /// Moves per frame, or `None` for as many as fit in a frame; a run going changes pace.
    pub(super) fn set_speed(&mut self, speed: Option<u64>) {
        self.speed = speed;
        if let Some(run) = &mut self.run {
            (run.pace, run.moves_per_tick) = pace_of(speed, run.kind);
        }
    }

    /// The phase and message that the run's state calls for.
    pub(super) fn describe_run(&mut self) {
        let Some(run) = &self.run else { return };
        let state = run.state();
        let (effort, closing) = run
            .frame
            .as_ref()
            .map_or((0, None), |f| (f.effort, f.closing.clone()));
        let seconds = run.elapsed_ms / 1000.0;
        let effort = counted(run.kind.effort, effort);
        let (phase, message) = match state {
            RunState::Running => (Phase::Running, run.kind.activity.to_string()),
            RunState::Solved => (
                Phase::Solved,
                format!("Solved in {seconds:.2} s after {effort}."),
            ),
            RunState::Stopped => (
                Phase::Stopped,
                format!("Stopped after {seconds:.1} s. Your entries are kept."),
            ),
            RunState::GaveUp => (
                Phase::Failed,
                closing.unwrap_or_else(|| format!("Gave up after {effort} without a solution.")),
            ),
            RunState::Unsolvable => (
                Phase::Invalid,
                "This puzzle has no solution: the search tried every possibility.".to_string(),
            ),
        };
        let remark = match state {
            RunState::Solved => self.remark.after(),
            RunState::Unsolvable => None,
            _ => self.remark.before(),
        };
        let message = match remark {
            Some(remark) => format!("{message} {remark}"),
            None => message,
        };
        self.set_status(phase, message, Vec::new());
    }

    /// New puzzle: the page's worker makes one for `request` from `seed`.
    pub(super) fn generate(&mut self, request: Request, seed: u64) {
        if self.running() {
            return;
        }
        self.end_run();
        self.refusal = None;
        self.making = Some(Making {
            id: self.ids.issue(),
            request,
            seed,
        });
        let level = request.difficulty.map_or("", |d| d.name());
        let n = request.shape.size();
        let message = format!("Making a new {level} {n}×{n} puzzle…");
        self.set_status(Phase::Generating, message.replace("  ", " "), Vec::new());
    }

    /// The puzzle `id` the worker made, or why it made none.
    pub(super) fn made(&mut self, id: MakingId, made: Result<Generated, String>) {
        if self.phase != Phase::Generating || self.making.is_none_or(|m| m.id != id) {
            return;
        }
        self.making = None;
        match made {
            Ok(made) => self.show_made(made),
            Err(why) => self.set_status(
                Phase::Invalid,
                format!("No puzzle can be made: {why}. Your entries are kept."),
                Vec::new(),
            ),
        }
    }

    /// Puts a new puzzle on the board and says what it is.
    pub(super) fn show_made(&mut self, made: Generated) {
        let n = made.puzzle.shape().size();
        let givens = made.puzzle.filled();
        self.put_entries(made.puzzle);
        let mut message = if made.as_asked {
            format!("New {} puzzle: {givens} givens", made.difficulty)
        } else {
            format!(
                "No puzzle of that level turned up in {} tries on {n}×{n}; this one is {}: {givens} givens",
                made.tries, made.difficulty
            )
        };
        message.push_str(", exactly one solution.");
        if !made.minimal {
            message.push_str(" Not every given was proved necessary.");
        }
        message.push_str(" Press Solve.");
        self.set_status(Phase::Idle, message, Vec::new());
    }
}

/// How a run at `speed` is driven: a tick per frame at an animated speed, slices as fast as
/// possible otherwise.
fn pace_of(speed: Option<u64>, kind: SolverKind) -> (Pace, u64) {
    match speed {
        Some(moves) => (Pace::Tick, moves),
        None => (Pace::For(SLICE_MS), kind.fastest()),
    }
}
