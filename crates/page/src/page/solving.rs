//! The solver and the run shown: the solver's own settings ([`Solving`]), and the page's Solve,
//! the worker's reports, Stop, and New puzzle's frames.

use super::Page;
use super::board::Edited;
use super::sheet::Sheet;
use super::state::{Action, CageEdit, Layer, Making, Phase, Purpose, Speed, Status};
use crate::run::{MakingId, RunId, Work, WorkerRun};
use sudoku_engine::board::Grid;
use sudoku_engine::generate::{Generated, NoGrid, Request};
use sudoku_engine::referee::{self, Remark, Verdict};
use sudoku_engine::registry::SolverKind;
use sudoku_engine::step::{Mark, RunState};
use sudoku_engine::worker::{Failure, Pace, SLICE_MS, Snapshot};
use sudoku_words as present;

/// The solver chosen, how it runs, and the run shown.
#[derive(Clone, Debug)]
pub struct Solving {
    pub kind: SolverKind,
    pub speed: Speed,
    /// A run still going after this many seconds is stopped.
    pub limit_s: u32,
    pub layer: Layer,
    /// The run shown: in progress, or the last one until the next edit.
    pub run: Option<WorkerRun>,
    /// The last run, once an edit took it off the board: its plot stays, marked as the last
    /// run's, until the next run or another puzzle.
    pub past: Option<WorkerRun>,
    /// What the referee said of the puzzle of the run shown.
    pub(super) remark: Remark,
    /// The run shown was stopped by the person leaving the board for another view.
    pub(super) left: bool,
    /// A stopped run Undo took off the board, for Redo: while the board and the past run are
    /// still the ones it left, Redo shows the run again, with what its status line said.
    pub(super) undone: Option<UndoneRun>,
}

/// A stopped run taken off the board by Undo.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct UndoneRun {
    id: RunId,
    sheet: Sheet,
    status: Status,
}

/// What a change of the solver's settings did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Steered {
    Nothing,
    /// Another solver was chosen; the last run shown stays, with its status and plot, until
    /// the next run or edit.
    Chose,
}

impl Solving {
    pub fn new(kind: SolverKind) -> Solving {
        Solving {
            kind,
            speed: Speed::Watch,
            limit_s: kind.limit_s,
            layer: Layer::Digits,
            run: None,
            past: None,
            remark: Remark::default(),
            left: false,
            undone: None,
        }
    }

    /// The solver's own actions (the solver, its speed, time limit and layer); `locked` while
    /// a solver runs.
    pub fn update(&mut self, action: Action, locked: bool) -> Steered {
        match action {
            Action::Choose(kind) if !locked && kind != self.kind => {
                self.choose(kind);
                return Steered::Chose;
            }
            Action::Choose(_) => {}
            Action::Speed(speed) => {
                self.speed = speed;
                if let Some(run) = &mut self.run {
                    (run.pace, run.moves_per_tick) = pace_of(speed, run.kind);
                }
            }
            Action::Limit(seconds) => self.limit_s = seconds,
            Action::Show(layer) => self.layer = layer,
            _ => {}
        }
        Steered::Nothing
    }

    /// The run whose plot is shown, and whether it is the past one (the board changed since):
    /// a run has a plot from its second point on, unless the givens' forced moves solved it.
    /// Until a new run has one, the last run's stays, so that the plot's place does not empty
    /// and fill again under the board when Solve is pressed.
    pub fn plotted(&self) -> Option<(&WorkerRun, bool)> {
        let drawn = |run: &&WorkerRun| {
            let forced = run.frame.as_ref().is_some_and(|f| f.forced.is_some());
            !forced && run.frame.is_some() && run.trace.samples.len() >= 2
        };
        (self.run.as_ref().filter(drawn).map(|run| (run, false))).or(self
            .past
            .as_ref()
            .filter(drawn)
            .map(|run| (run, true)))
    }

    /// `kind`, with its own speed and time limit.
    pub fn choose(&mut self, kind: SolverKind) {
        self.kind = kind;
        self.speed = Speed::Watch;
        self.limit_s = kind.limit_s;
    }

    /// Switches to the default solver if the chosen one does not take `puzzle`: its board, or
    /// a killer's cages. The solver given up, if any, for the status line to name.
    pub fn fit(&mut self, puzzle: &Grid) -> Option<SolverKind> {
        let from = self.kind;
        self.kind.takes_puzzle(puzzle).is_err().then(|| {
            self.choose(SolverKind::default());
            from
        })
    }
}

impl Page {
    /// Solve: the referee looks at the entries first, then the run starts.
    pub(super) fn solve(&mut self, seed: u64) {
        if self.running() {
            return;
        }
        self.board.refusal = None;
        // A run leaves cage mode as Done does (the board is the run's until it ends); a cage
        // drawn that cannot be added keeps cage mode and its reason, and nothing runs.
        if self.board.caging.is_some() {
            let edited = self.board.update(Action::Cage(CageEdit::Stop), false);
            self.edited(edited);
            if self.board.caging.is_some() {
                return;
            }
        }
        self.board.sheet.forget_solver();
        self.end_run();
        self.judge(Purpose::Solve { seed });
        self.set_status(Phase::Checking, present::checking(), Vec::new());
    }

    /// The referee let the entries through, with `remark`: the run starts from `seed`.
    pub(super) fn start_run(&mut self, seed: u64, remark: Remark) {
        // The worker starts the solver; only a board (or cages) it does not take is refused
        // here (the referee has judged the givens already).
        let entries = &self.board.sheet.entries;
        if let Err(unsupported) = self.solving.kind.takes_puzzle(entries) {
            if let Verdict::Refuse { reason, flagged } = referee::refusal(&unsupported) {
                self.set_status(Phase::Invalid, present::refusal(&reason), flagged);
            }
            return;
        }
        let kind = self.solving.kind;
        let (pace, moves) = pace_of(self.solving.speed, kind);
        let (id, now) = (self.ids.issue(), (self.clock)());
        let run = WorkerRun::new(id, kind, entries, seed, pace, moves, now);
        self.solving.run = Some(run);
        // A new run is a new step: Redo no longer brings back what was undone before it.
        self.board.forget_redo();
        self.solving.undone = None;
        // No cell is selected until one is tapped again: a phone keeps its pad folded away, and
        // the finished run and its plot in view, until then.
        self.board.deselect();
        self.solving.remark = remark;
        self.solving.left = false;
        self.set_status(Phase::Running, present::starting(), Vec::new());
    }

    /// Undo of a run that did not solve: its digits (no entries) leave the board, as before
    /// Solve, and Redo can show it again.
    pub(super) fn undo_run(&mut self) {
        let Some(id) = self.solving.run.as_ref().map(|r| r.id) else {
            return;
        };
        let (sheet, status) = (self.board.sheet.clone(), self.status.clone());
        self.edited(Edited::Restored);
        self.solving.undone = Some(UndoneRun { id, sheet, status });
    }

    /// Whether Redo would show a stopped run Undo took off: the board is as it left it, and
    /// that run is still the past one.
    pub(super) fn can_redo_run(&self) -> bool {
        (self.solving.undone.as_ref()).is_some_and(|u| {
            u.sheet == self.board.sheet && self.solving.past.as_ref().is_some_and(|p| p.id == u.id)
        })
    }

    /// Redo of a stopped run Undo took off: it is shown again, with its status line.
    pub(super) fn redo_run(&mut self) {
        if let Some(undone) = self.solving.undone.take() {
            self.solving.run = self.solving.past.take();
            self.status = undone.status;
        }
    }

    /// What the worker should be doing now: nothing unless a run is going.
    pub fn work(&self) -> Option<Work<'_>> {
        (self.solving.run.as_ref())
            .filter(|_| self.status.phase == Phase::Running)?
            .work()
    }

    /// A report from run `id`'s worker; one from an earlier run, or after Stop, is ignored.
    pub(super) fn run_reported(&mut self, id: RunId, snapshot: Snapshot) {
        let now = (self.clock)();
        let (kind, limit_s) = (self.solving.kind, self.solving.limit_s);
        let Some(run) = self.solving.run.as_mut().filter(|r| r.id == id) else {
            return;
        };
        let entries = &self.board.sheet.entries;
        if self.status.phase == Phase::Running && run.record(entries, snapshot, now) {
            let late = run.running() && run.age_ms(now) >= f64::from(limit_s) * 1000.0;
            if late {
                run.halt(now);
            }
            self.describe_run();
            if self.status.phase == Phase::Solved {
                self.keep_solution();
            }
            if late {
                let instead = Some(SolverKind::exact()).filter(|&k| k != kind);
                let message = present::out_of_time(&kind, limit_s, instead.as_deref());
                self.set_status(Phase::Stopped, message, Vec::new());
            }
        }
    }

    /// A run that ended solved: its digits become the board's entries, still the solver's to
    /// see, as one Undo step; Check then judges them and typing changes one cell.
    fn keep_solution(&mut self) {
        let Some(frame) = self.solving.run.as_ref().and_then(|r| r.frame.clone()) else {
            return;
        };
        let digits = frame.cells.iter().map(|mark| match mark {
            Mark::Digit(d) => Some(*d),
            _ => None,
        });
        self.board.take_solution(digits);
        self.write_address(false);
    }

    /// Run `run`'s worker failed, for `reason`: the run fails, the entries stay.
    pub(super) fn broke(&mut self, run: RunId, reason: Failure) {
        if let Some(r) = (self.solving.run.as_mut()).filter(|r| r.id == run && r.running()) {
            let message = present::solver_failed(&present::failure(&reason));
            r.break_off(reason);
            self.set_status(Phase::Failed, message, Vec::new());
        }
    }

    pub(super) fn stop(&mut self) {
        let now = (self.clock)();
        if let Some(race) = self.racing.race.as_mut().filter(|r| r.running()) {
            race.stop(now);
        }
        if let Phase::Generating | Phase::Checking = self.status.phase {
            self.end_run();
            let message = present::stopped_early(self.status.phase == Phase::Generating);
            return self.set_status(Phase::Stopped, message, Vec::new());
        }
        if !self.running() {
            return;
        }
        if let Some(run) = &mut self.solving.run {
            run.halt(now);
        }
        self.describe_run();
    }

    /// The phase and message that the run's state calls for.
    pub(super) fn describe_run(&mut self) {
        let Some(run) = &self.solving.run else { return };
        let state = run.state();
        let (effort, closing, forced) = (run.frame.as_ref()).map_or((0, None, false), |f| {
            (f.effort, f.closing.as_deref(), f.forced.is_some())
        });
        let seconds = run.elapsed_ms / 1000.0;
        let message = match state {
            RunState::Stopped if self.solving.left => {
                present::left_mid_run(seconds, self.solving.remark)
            }
            _ => present::run_status(
                &run.kind,
                state,
                seconds,
                effort,
                closing,
                forced,
                self.solving.remark,
            ),
        };
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
        self.board.refusal = None;
        self.making = Some(Making {
            id: self.ids.issue(),
            request,
            seed,
        });
        self.set_status(Phase::Generating, present::making(&request), Vec::new());
    }

    /// The puzzle `id` the worker made, or why none can be made, or why the worker failed.
    pub(super) fn made(&mut self, id: MakingId, made: Result<Result<Generated, NoGrid>, Failure>) {
        if self.status.phase != Phase::Generating || self.making.is_none_or(|m| m.id != id) {
            return;
        }
        self.making = None;
        let why = match made {
            Ok(Ok(made)) => return self.show_made(made),
            Ok(Err(none)) => none.to_string(),
            Err(failure) => present::failure(&failure),
        };
        self.set_status(Phase::Invalid, present::not_made(&why), Vec::new());
    }

    /// Puts a new puzzle on the board and says what it is.
    pub(super) fn show_made(&mut self, made: Generated) {
        let made_words = present::made(&made);
        let message =
            present::prefixed(&self.put_sheet(Sheet::new(made.puzzle, None)), &made_words);
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
