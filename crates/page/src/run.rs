//! One solver run carried out in a worker and followed from the page: the job it was given, what
//! its worker reported last, its plotted history and its timing. The page's single run and each
//! racer are one of these, so the job, the checking of a claimed solution and the merging of
//! reports are written once; [`crate::client`] carries its orders and reports.

use crate::plot::Trace;
use std::rc::Rc;
use sudoku_engine::board::Grid;
use sudoku_engine::registry::SolverKind;
use sudoku_engine::step::{Figures, Frame, RunState};
use sudoku_engine::worker::{self, Failure, Job, Pace, Snapshot};

/// Names one run, so that a report for an earlier run is never taken for a later one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RunId(pub u64);

impl From<u64> for RunId {
    fn from(n: u64) -> RunId {
        RunId(n)
    }
}

/// Names one look the referee takes at a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct JudgeId(pub u64);

impl From<u64> for JudgeId {
    fn from(n: u64) -> JudgeId {
        JudgeId(n)
    }
}

/// Names one puzzle being made by New puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MakingId(pub u64);

impl From<u64> for MakingId {
    fn from(n: u64) -> MakingId {
        MakingId(n)
    }
}

/// What the page's worker is busy with for the page: a run, the referee's look at a puzzle, or
/// a puzzle being made. A new identity starts a new frame loop; none ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TaskId {
    Run(RunId),
    Judge(JudgeId),
    Make(MakingId),
}

/// Issues identities (of runs, races, puzzles being made), each number once: a loop or a worker
/// keyed by an identity ends when a newer one replaces it.
#[derive(Clone, Debug, Default)]
pub struct Ids(u64);

impl Ids {
    /// A number never issued before, as the identity it names.
    pub fn issue<T: From<u64>>(&mut self) -> T {
        self.0 += 1;
        T::from(self.0)
    }
}

/// What a run's worker should be doing: run `run` (start it with `job` if it has not), and
/// advance it at `pace` with `moves_per_tick` each time it reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Work<'a> {
    pub run: RunId,
    pub job: &'a Job,
    pub pace: Pace,
    pub moves_per_tick: u64,
}

/// A run in a worker, as the page follows it.
#[derive(Clone, Debug)]
pub struct WorkerRun {
    pub id: RunId,
    pub kind: SolverKind,
    pub seed: u64,
    pub job: Job,
    /// How the worker is to be driven; it can change while the run goes.
    pub pace: Pace,
    pub moves_per_tick: u64,
    /// The worker's latest frame (none before its first report).
    pub frame: Option<Rc<Frame>>,
    pub trace: Rc<Trace>,
    /// Milliseconds the worker spent ticking so far.
    pub compute_ms: f64,
    /// Page-clock milliseconds from the start to the latest report (or to the halt).
    pub elapsed_ms: f64,
    started_ms: f64,
    /// Stopped from the page (Stop, a time limit): over whatever its last frame said.
    halted: bool,
    /// Its worker failed (refused the run or crashed), and why.
    pub broken: Option<Failure>,
}

impl WorkerRun {
    /// Run `id` of `kind` on `puzzle` from `seed`, begun at `now_ms`, driven at `pace`.
    pub fn new(
        id: RunId,
        kind: SolverKind,
        puzzle: &Grid,
        seed: u64,
        pace: Pace,
        moves_per_tick: u64,
        now_ms: f64,
    ) -> WorkerRun {
        WorkerRun {
            id,
            kind,
            seed,
            job: Job {
                solver: kind.name.to_string(),
                puzzle: puzzle.clone(),
                seed,
                max_restarts: Some(kind.max_restarts),
                watched: pace == Pace::Watch,
            },
            pace,
            moves_per_tick,
            frame: None,
            trace: Rc::default(),
            compute_ms: 0.0,
            elapsed_ms: 0.0,
            started_ms: now_ms,
            halted: false,
            broken: None,
        }
    }

    /// Where the run stands: its last frame's state, stopped once halted or broken.
    pub fn state(&self) -> RunState {
        match self.frame.as_ref().map_or(RunState::Running, |f| f.state) {
            RunState::Running if self.halted || self.broken.is_some() => RunState::Stopped,
            state => state,
        }
    }

    /// Whether it ended solved.
    pub fn solved(&self) -> bool {
        self.state() == RunState::Solved
    }

    /// Whether the worker still has work to do for it.
    pub fn running(&self) -> bool {
        self.state() == RunState::Running
    }

    /// What its worker should be doing: nothing once the run is over.
    pub fn work(&self) -> Option<Work<'_>> {
        self.running().then_some(Work {
            run: self.id,
            job: &self.job,
            pace: self.pace,
            moves_per_tick: self.moves_per_tick,
        })
    }

    /// The clock starts again at `now_ms` (a race's start, once every worker has loaded).
    pub fn restart_clock(&mut self, now_ms: f64) {
        self.started_ms = now_ms;
    }

    /// Milliseconds since the run began, at `now_ms`.
    pub fn age_ms(&self, now_ms: f64) -> f64 {
        now_ms - self.started_ms
    }

    /// A report from its worker on `puzzle`, at `now_ms`: a claimed solution is held to the
    /// checker, the history grows by the points since the last report. A report once the run
    /// is over is ignored; the answer says whether it was recorded.
    pub fn record(&mut self, puzzle: &Grid, snapshot: Snapshot, now_ms: f64) -> bool {
        if !self.running() {
            return false;
        }
        let Snapshot {
            mut frame,
            samples,
            compute_ms,
        } = snapshot;
        worker::verify(puzzle, &mut frame);
        let cage_energy = match frame.figures {
            Figures::Annealer(figures) => figures.cage_energy,
            _ => None,
        };
        Rc::make_mut(&mut self.trace).extend(&samples, cage_energy);
        self.frame = Some(Rc::new(frame));
        self.compute_ms = compute_ms;
        self.elapsed_ms = self.age_ms(now_ms);
        true
    }

    /// Stops the run from the page at `now_ms`, whatever its worker would say next.
    pub fn halt(&mut self, now_ms: f64) {
        if self.running() {
            self.halted = true;
            self.elapsed_ms = self.age_ms(now_ms);
        }
    }

    /// Its worker failed, for `reason`: the run is over.
    pub fn break_off(&mut self, reason: Failure) {
        if self.running() {
            self.broken = Some(reason);
        }
    }
}
