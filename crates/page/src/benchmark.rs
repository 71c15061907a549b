//! The benchmark view's state: a bundled sample solved by chosen solvers in workers, exactly as
//! `sudoku bench` solves a file. Each solver is a lane with a worker of its own; at most as many
//! lanes run at once as the machine has cores, so that one solver's times are not another's.
//! Plain Rust like the page: the workers' reports come in as [`Report`]s, the clock as
//! milliseconds, and the web layer starts a worker for each lane [`Benchmark::live`] names.

use sudoku_engine::harness::{self, Benched, SetReport};
use sudoku_engine::registry::SolverKind;
use sudoku_engine::samples::SampleSet;
use sudoku_engine::worker::{Failure, Order, Report};
use sudoku_words as present;

/// One solver's progress through the sample.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchWorker {
    pub kind: SolverKind,
    pub results: Vec<Benched>,
    /// Page-clock milliseconds when its worker was started (none while it waits for a core).
    started_ms: Option<f64>,
    /// Why its worker failed, if it did.
    pub error: Option<Failure>,
}

impl BenchWorker {
    /// Every puzzle answered, or the worker failed.
    fn done(&self, total: usize) -> bool {
        self.error.is_some() || self.results.len() >= total
    }

    /// Its results as `sudoku bench` reports them, under the sample's name `set`. The rates are
    /// over the solver's own time, the sum of the times shown: the page's clock would add the
    /// worker's start and each answer's wait for a frame, most of a fast solver's time.
    pub fn report(&self, set: &str) -> SetReport {
        let seconds = self.results.iter().map(|r| r.seconds).sum();
        harness::tally(self.kind.name, set, &self.results, seconds)
    }
}

/// A benchmark in progress or done.
#[derive(Clone, Debug, PartialEq)]
pub struct Benchmark {
    /// The sample's name.
    pub set: &'static str,
    /// How many puzzles it holds (the worker has them).
    puzzles: usize,
    /// The time limit per puzzle.
    pub seconds: f64,
    pub lanes: Vec<BenchWorker>,
    /// How many lanes may run at once.
    cores: usize,
    stopped: bool,
    /// It was stopped by the person leaving its view mid-run.
    left: bool,
}

impl Benchmark {
    /// `sample` solved by each of `chosen` that takes its board (and a killer's cages, as the
    /// race asks), with `seconds` per puzzle and at most `cores` solvers at once, begun at
    /// `now_ms`.
    pub fn start(
        sample: &SampleSet,
        chosen: &[SolverKind],
        seconds: f64,
        cores: usize,
        now_ms: f64,
    ) -> Benchmark {
        let shape = sample.shape();
        let lanes = (chosen.iter())
            .filter(|k| shape.is_some_and(|s| (k.supports)(s)) && !k.refuses_cages(sample.killer))
            .map(|&kind| BenchWorker {
                kind,
                results: Vec::new(),
                started_ms: None,
                error: None,
            })
            .collect();
        let mut benchmark = Benchmark {
            set: sample.name,
            puzzles: sample.count,
            seconds,
            lanes,
            cores: cores.max(1),
            stopped: false,
            left: false,
        };
        benchmark.schedule(now_ms);
        benchmark
    }

    /// How many solves the benchmark holds in all.
    pub fn total(&self) -> usize {
        self.puzzles * self.lanes.len()
    }

    /// How many solves are done.
    pub fn done(&self) -> usize {
        self.lanes.iter().map(|l| l.results.len()).sum()
    }

    /// Starts lanes waiting for a core, in their order, while cores are free.
    fn schedule(&mut self, now_ms: f64) {
        let total = self.puzzles;
        let busy = (self.lanes.iter())
            .filter(|l| l.started_ms.is_some() && !l.done(total))
            .count();
        let waiting = self.lanes.iter_mut().filter(|l| l.started_ms.is_none());
        for lane in waiting.take(self.cores.saturating_sub(busy)) {
            lane.started_ms = Some(now_ms);
        }
    }

    /// Whether any lane still has puzzles to solve.
    pub fn running(&self) -> bool {
        let total = self.puzzles;
        !self.stopped && total > 0 && self.lanes.iter().any(|l| !l.done(total))
    }

    /// The lanes whose workers should be working now (by index): none once the benchmark is over.
    pub fn live(&self) -> Vec<usize> {
        let total = self.puzzles;
        (0..self.lanes.len())
            .filter(|&i| self.running() && self.lanes[i].started_ms.is_some())
            .filter(|&i| !self.lanes[i].done(total))
            .collect()
    }

    /// What lane `lane`'s worker is asked, all at once (it answers one by one, in order): each
    /// puzzle of the sample.
    pub fn orders(&self, lane: usize) -> Vec<Order> {
        let Some(lane) = self.lanes.get(lane) else {
            return Vec::new();
        };
        (0..self.puzzles)
            .map(|index| Order::Bench {
                solver: lane.kind.name.to_string(),
                set: self.set.to_string(),
                index,
                seed: 1 + index as u64,
                seconds: self.seconds,
            })
            .collect()
    }

    /// What the lanes' workers (by lane) reported since the last frame, at `now_ms`: finished
    /// lanes give their cores to waiting ones.
    pub fn receive(&mut self, reports: Vec<(usize, Report)>, now_ms: f64) {
        if !self.running() {
            return;
        }
        for (i, report) in reports {
            let Some(lane) = self.lanes.get_mut(i) else {
                continue;
            };
            match report {
                Report::Benched(result) => lane.results.push(result),
                Report::Failed(why) => lane.error = Some(why),
                // A lane's worker only benchmarks.
                _ => {}
            }
        }
        self.schedule(now_ms);
    }

    /// Stop was pressed: every worker ends, the results so far stay.
    pub fn stop(&mut self) {
        self.stopped = true;
    }

    /// The person left its view: stopped as Stop stops it, and said so on the way back.
    pub fn leave(&mut self) {
        self.left |= self.running();
        self.stop();
    }

    /// How many puzzles of the sample `lane`'s solver never ran: none while the benchmark runs,
    /// those left when it was stopped (or its worker failed).
    pub fn not_run(&self, lane: &BenchWorker) -> usize {
        match self.running() {
            true => 0,
            false => self.puzzles.saturating_sub(lane.results.len()),
        }
    }

    /// The results as the markdown table `sudoku bench` prints: a row for each solver that ran,
    /// its set named with how many of the sample it ran when it did not run them all.
    pub fn markdown(&self) -> String {
        let reports: Vec<SetReport> = (self.lanes.iter())
            .filter(|l| !l.results.is_empty())
            .map(|l| match self.not_run(l) {
                0 => l.report(self.set),
                _ => {
                    let ran = l.results.len();
                    l.report(&format!("{} ({ran} of {} run)", self.set, self.puzzles))
                }
            })
            .collect();
        harness::markdown(&reports)
    }

    /// What the status line says.
    pub fn status(&self) -> String {
        let solved = (self.lanes.iter())
            .flat_map(|l| &l.results)
            .filter(|r| r.solved)
            .count();
        present::bench_status(present::BenchTally {
            running: self.running(),
            stopped: self.stopped,
            left: self.left,
            nothing: self.lanes.is_empty(),
            done: self.done(),
            solved,
            all: self.total(),
        })
    }
}
