//! The run shown and the puzzle being made: Solve, the worker's reports, Stop, the speed, and
//! New puzzle's frames.

use super::state::{Making, Page, Phase, Speed, Then};
use crate::run::{MakingId, RunId, Work, WorkerRun};
use sudoku_engine::generate::{Generated, Request};
use sudoku_engine::referee::{self, Remark, Verdict};
use sudoku_engine::registry::SolverKind;
use sudoku_engine::step::RunState;
use sudoku_engine::worker::{Pace, SLICE_MS, Snapshot};
use sudoku_words as present;

impl Page {
    /// Solve: the referee looks at the entries first, then the run starts.
    pub(super) fn solve(&mut self, seed: u64) {
        if self.running() {
            return;
        }
        self.refusal = None;
        self.end_run();
        self.judge(Then::Solve { seed });
        self.set_status(Phase::Checking, present::checking(), Vec::new());
    }

    /// The referee let the entries through, with `remark`: the run starts from `seed`.
    pub(super) fn start_run(&mut self, seed: u64, remark: Remark) {
        // The worker starts the solver; only a board it does not take is refused here (the
        // referee has judged the givens already).
        if let Err(unsupported) = self.kind.takes(self.entries.shape()) {
            if let Verdict::Refuse { reason, flagged } = referee::refusal(&unsupported) {
                self.set_status(Phase::Invalid, present::refusal(&reason), flagged);
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
        // No cell is selected until one is tapped again: a phone keeps its pad folded away, and
        // the finished run and its plot in view, until then.
        self.selected = None;
        self.remark = remark;
        self.set_status(Phase::Running, present::starting(), Vec::new());
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
            let late = run.running() && run.age_ms(now) >= f64::from(self.limit_s) * 1000.0;
            if late {
                run.halt(now);
            }
            self.describe_run();
            if late {
                let instead = Some(SolverKind::exact()).filter(|&k| k != self.kind);
                let message = present::out_of_time(&self.kind, self.limit_s, instead.as_deref());
                self.set_status(Phase::Stopped, message, Vec::new());
            }
        }
    }

    /// Run `run`'s worker failed, for `reason`: the run fails, the entries stay.
    pub(super) fn broke(&mut self, run: RunId, reason: String) {
        if let Some(r) = (self.run.as_mut()).filter(|r| r.id == run && r.running()) {
            r.break_off(reason.clone());
            self.set_status(Phase::Failed, present::solver_failed(&reason), Vec::new());
        }
    }

    pub(super) fn stop(&mut self) {
        let now = (self.clock)();
        if let Some(race) = self.race.as_mut().filter(|r| r.running()) {
            race.stop(now);
        }
        if let Phase::Generating | Phase::Checking = self.phase {
            self.end_run();
            let message = present::stopped_early(self.phase == Phase::Generating);
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

    /// A run going changes pace.
    pub(super) fn set_speed(&mut self, speed: Speed) {
        self.speed = speed;
        if let Some(run) = &mut self.run {
            (run.pace, run.moves_per_tick) = pace_of(speed, run.kind);
        }
    }

    /// The phase and message that the run's state calls for.
    pub(super) fn describe_run(&mut self) {
        let Some(run) = &self.run else { return };
        let state = run.state();
        let (effort, closing, forced) = (run.frame.as_ref()).map_or((0, None, false), |f| {
            (f.effort, f.closing.as_deref(), f.forced.is_some())
        });
        let seconds = run.elapsed_ms / 1000.0;
        let message = present::run_status(
            &run.kind,
            state,
            seconds,
            effort,
            closing,
            forced,
            self.remark,
        );
        let phase = match state {
            RunState::Running => Phase::Running,
            RunState::Solved => Phase::Solved,
            RunState::Stopped => Phase::Stopped,
            RunState::GaveUp => Phase::Failed,
            RunState::Unsolvable => Phase::Invalid,
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
        self.set_status(Phase::Generating, present::making(&request), Vec::new());
    }

    /// The puzzle `id` the worker made, or why it made none.
    pub(super) fn made(&mut self, id: MakingId, made: Result<Generated, String>) {
        if self.phase != Phase::Generating || self.making.is_none_or(|m| m.id != id) {
            return;
        }
        self.making = None;
        match made {
            Ok(made) => self.show_made(made),
            Err(why) => self.set_status(Phase::Invalid, present::not_made(&why), Vec::new()),
        }
    }

    /// Puts a new puzzle on the board and says what it is.
    pub(super) fn show_made(&mut self, made: Generated) {
        let message = present::made(&made);
        self.put_entries(made.puzzle);
        self.set_status(Phase::Idle, message, Vec::new());
    }
}

/// How a run at `speed` is driven: a tick per frame at an animated speed, slices as fast as
/// possible otherwise.
fn pace_of(speed: Speed, kind: SolverKind) -> (Pace, u64) {
    match speed {
        Speed::Watch => (Pace::Watch, kind.default_speed),
        Speed::Steady(moves) => (Pace::Tick, moves),
        Speed::Fastest => (Pace::For(SLICE_MS), kind.fastest()),
    }
}
