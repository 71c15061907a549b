//! The race: one puzzle handed at once to several solvers, each in its own worker, with a
//! finishing order and a table of results. Plain Rust like the page it belongs to: each racer is
//! a [`WorkerRun`], the workers' reports come in as [`Report`]s, the clock as milliseconds.

use crate::run::{Ids, WorkerRun};
use std::rc::Rc;
use sudoku_engine::board::Grid;
use sudoku_engine::check::PuzzleError;
use sudoku_engine::registry::SolverKind;
use sudoku_engine::step::{Frame, RunState};
use sudoku_engine::worker::{Job, Pace, Report};
use sudoku_words::{self as present, counted, duration};

/// Names one race, so that answers from an earlier race is never taken for this one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RaceId(pub u64);

impl From<u64> for RaceId {
    fn from(n: u64) -> RaceId {
        RaceId(n)
    }
}

/// The time limits offered, in seconds.
pub const LIMITS: [u32; 6] = [5, 10, 30, 60, 120, 300];

/// How often, at most, a running racer's card is drawn again (milliseconds): twenty times a
/// second; it is also how long a racer's worker works between reports. Six live grids and plots
/// redrawn every display frame kept the page's thread busy for most of a core, which the
/// workers then lacked (docs/BENCHMARKS.md); a racer's end is reported and drawn at once.
pub const REDRAW_MS: f64 = 50.0;

/// The time limit when a link names none.
pub const DEFAULT_LIMIT: u32 = 30;

/// What a race is run with; all of it travels in the page's link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The solvers asked to race, in the registry's order.
    pub racers: Vec<SolverKind>,
    pub limit_s: u32,
    /// The first racer's seed (the others get the next ones), when a link fixes it.
    pub seed: Option<u64>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            racers: SolverKind::all().collect(),
            limit_s: DEFAULT_LIMIT,
            seed: None,
        }
    }
}

/// The moves a racer makes per tick: its fastest, but on a killer the main view's default. The
/// sums settle so much that the annealers solve a killer in a handful of their largest ticks,
/// too few points to plot the cooling. The time is the worker's own, so smaller ticks cost
/// a racer only their reports.
pub fn race_speed(kind: SolverKind, puzzle: &Grid) -> u64 {
    if puzzle.is_killer() {
        kind.default_speed
    } else {
        kind.fastest()
    }
}

/// Where a racer stands after its run's latest report, and the words for it.
fn ending(run: &WorkerRun) -> (Standing, String) {
    let (state, effort, closing, forced) = (run.frame.as_ref())
        .map_or((RunState::Running, 0, None, false), |f| {
            (f.state, f.effort, f.closing.as_deref(), f.forced.is_some())
        });
    let standing = match state {
        RunState::Running => Standing::Running,
        RunState::Solved => Standing::Solved,
        RunState::Stopped => Standing::Stopped,
        RunState::GaveUp | RunState::Unsolvable => Standing::Failed,
    };
    let note = present::racer_status(&run.kind, state, run.compute_ms, effort, closing, forced);
    (standing, note)
}

/// Where a racer stands; the names are its element's `data-state` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// The race has not been started.
    Waiting,
    Running,
    Solved,
    /// Finished without a solution (gave up, settled, or proved there is none).
    Failed,
    /// Halted by Stop or by the time limit.
    Stopped,
    /// Does not take this board or these rules.
    Unsupported,
}

impl Standing {
    pub fn name(self) -> &'static str {
        match self {
            Standing::Waiting => "waiting",
            Standing::Running => "running",
            Standing::Solved => "solved",
            Standing::Failed => "failed",
            Standing::Stopped => "stopped",
            Standing::Unsupported => "unsupported",
        }
    }

    /// The word for it in the results table.
    pub fn word(self) -> &'static str {
        match self {
            Standing::Failed => "not solved",
            other => other.name(),
        }
    }
}

/// One solver in the race.
#[derive(Clone, Debug)]
pub struct Racer {
    pub kind: SolverKind,
    pub standing: Standing,
    /// Its run (none for an unsupported racer).
    pub run: Option<WorkerRun>,
    /// Milliseconds from the start until now while it runs; at its finish, the time its worker
    /// spent on the race (exact to the tick, where the page notices a finish only at a frame).
    pub time_ms: f64,
    /// 1 for the first to solve, and so on.
    pub place: Option<usize>,
    /// How it ended, in words.
    pub note: String,
    /// Counts the times its card should be drawn anew (see [`REDRAW_MS`]).
    pub drawn: u64,
    drawn_ms: f64,
}

impl Racer {
    /// What its worker is asked to run (none for an unsupported racer).
    pub fn job(&self) -> Option<&Job> {
        self.run.as_ref().map(|r| &r.job)
    }

    /// Its latest frame, once its worker has reported.
    pub fn frame(&self) -> Option<&Rc<Frame>> {
        self.run.as_ref()?.frame.as_ref()
    }

    /// Milliseconds its worker spent ticking.
    pub fn compute_ms(&self) -> f64 {
        self.run.as_ref().map_or(0.0, |r| r.compute_ms)
    }
}

/// A race in progress or finished.
#[derive(Clone, Debug)]
pub struct Race {
    pub id: RaceId,
    pub puzzle: Rc<Grid>,
    pub racers: Vec<Racer>,
    pub seed: u64,
    pub limit_s: u32,
    started_ms: f64,
    begun: bool,
    /// Stop was pressed while racers still ran.
    stopped: bool,
    /// It was stopped by the person leaving the race view.
    left: bool,
}

/// A row of the results table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub place: String,
    pub solver: String,
    /// The racer's [`Standing::name`], for its row's `data-state`.
    pub state: &'static str,
    /// The [`Standing::word`] shown.
    pub result: &'static str,
    pub time: String,
    pub moves: String,
    pub thrown_away: String,
}

impl Race {
    /// The race `settings` ask for on `puzzle`, shown before it is started: every racer that
    /// takes the puzzle waits, the others are marked unsupported.
    pub fn waiting(ids: &mut Ids, puzzle: &Grid, settings: &Settings) -> Race {
        let racers = (settings.racers.iter())
            .map(|&kind| {
                // A board or cages it does not take: what it takes instead.
                let (standing, note) = match kind.takes_puzzle(puzzle) {
                    Err(PuzzleError::Unsupported { boards, .. }) => {
                        (Standing::Unsupported, present::racer_unsupported(&boards))
                    }
                    _ => (Standing::Waiting, present::racer_waiting()),
                };
                Racer {
                    kind,
                    standing,
                    run: None,
                    time_ms: 0.0,
                    place: None,
                    drawn: 0,
                    drawn_ms: 0.0,
                    note,
                }
            })
            .collect();
        Race {
            id: ids.issue(),
            puzzle: Rc::new(puzzle.clone()),
            racers,
            seed: settings.seed.unwrap_or_default(),
            limit_s: settings.limit_s,
            started_ms: 0.0,
            begun: false,
            stopped: false,
            left: false,
        }
    }

    /// A race on `puzzle` as `settings` ask, begun at `now_ms`: every supported racer running,
    /// its run named by `ids`.
    pub fn start(
        ids: &mut Ids,
        puzzle: &Grid,
        settings: &Settings,
        seed: u64,
        now_ms: f64,
    ) -> Race {
        let mut race = Race::waiting(ids, puzzle, settings);
        (race.seed, race.started_ms, race.begun) = (seed, now_ms, true);
        for (i, racer) in race.racers.iter_mut().enumerate() {
            if racer.standing == Standing::Waiting {
                let seed = seed.wrapping_add(i as u64);
                let (kind, pace, id) = (racer.kind, Pace::For(REDRAW_MS), ids.issue());
                let speed = race_speed(kind, puzzle);
                let run = WorkerRun::new(id, kind, puzzle, seed, pace, speed, now_ms);
                racer.run = Some(run);
                racer.standing = Standing::Running;
                racer.note = present::racer_loading();
                racer.drawn_ms = now_ms;
            }
        }
        race
    }

    /// Whether the race has been started (a waiting race has not).
    pub fn begun(&self) -> bool {
        self.begun
    }

    /// The start: every racer's worker has loaded (or failed to), the clock starts now. Loading
    /// takes the page a while and the workers load side by side, so racers are timed from here.
    pub fn start_clock(&mut self, now_ms: f64) {
        self.started_ms = now_ms;
        for racer in &mut self.racers {
            if let Some(run) = racer.run.as_mut() {
                run.restart_clock(now_ms);
            }
            if racer.standing == Standing::Running {
                racer.note = present::racer_running(&racer.kind);
                racer.drawn += 1;
            }
        }
    }

    /// Whether any racer still runs.
    pub fn running(&self) -> bool {
        self.racers.iter().any(|r| r.standing == Standing::Running)
    }

    /// One display frame's reports from the racers' workers (by racer), at `now_ms`: each
    /// racer is given its own, then places and the time limit are settled once.
    pub fn receive(&mut self, reports: Vec<(usize, Report)>, now_ms: f64) {
        for (racer, report) in reports {
            self.receive_one(racer, report, now_ms);
        }
        self.rank();
        self.clock(now_ms);
    }

    /// A report from racer `index`'s worker, at `now_ms`.
    fn receive_one(&mut self, index: usize, report: Report, now_ms: f64) {
        let elapsed = now_ms - self.started_ms;
        let Some(racer) = self.racers.get_mut(index) else {
            return;
        };
        if racer.standing != Standing::Running {
            return;
        }
        racer.time_ms = elapsed;
        let Some(run) = racer.run.as_mut() else {
            return;
        };
        match report {
            Report::Snapshot(snapshot) => {
                run.record(&self.puzzle, *snapshot, now_ms);
                if run.state() != RunState::Running {
                    racer.time_ms = run.compute_ms;
                }
                (racer.standing, racer.note) = ending(run);
            }
            Report::Failed(why) => {
                racer.standing = Standing::Failed;
                racer.note = present::racer_failed(&present::failure(&why));
                run.break_off(why);
            }
            // A racer's worker only runs.
            _ => {}
        }
        if racer.standing != Standing::Running || now_ms - racer.drawn_ms >= REDRAW_MS {
            racer.drawn += 1;
            racer.drawn_ms = now_ms;
        }
    }

    /// Places the solved in the order of their times: the page notices a finish only at a frame,
    /// and a worker starved for a while reports late, so the order of arrival is not the order
    /// of finishing.
    fn rank(&mut self) {
        let solved: Vec<usize> = (0..self.racers.len())
            .filter(|&i| self.racers[i].standing == Standing::Solved)
            .collect();
        // A racer's place is one more than the number that finished before it; equal times keep
        // the racers' order. Counted, not sorted: a handful of racers, and no sort in the wasm.
        let time = |i: usize| self.racers[i].time_ms;
        let places: Vec<(usize, usize)> = (solved.iter())
            .map(|&i| {
                let before = (solved.iter())
                    .filter(|&&j| time(j).total_cmp(&time(i)).then(j.cmp(&i)).is_lt())
                    .count();
                (i, before + 1)
            })
            .collect();
        for (i, place) in places {
            let racer = &mut self.racers[i];
            if racer.place != Some(place) {
                racer.place = Some(place);
                racer.drawn += 1;
            }
        }
    }

    /// The time limit at `now_ms`: racers still running when it has passed are stopped.
    fn clock(&mut self, now_ms: f64) {
        if now_ms - self.started_ms >= f64::from(self.limit_s) * 1000.0 {
            self.halt(now_ms, &present::racer_stopped(Some(self.limit_s)));
        }
    }

    /// The person left the race view: stopped as Stop stops it, and said so on the way back.
    pub fn leave(&mut self, now_ms: f64) {
        self.left |= self.running();
        self.stop(now_ms);
    }

    /// Stops every racer still running.
    pub fn stop(&mut self, now_ms: f64) {
        self.stopped |= self.running();
        self.halt(now_ms, &present::racer_stopped(None));
    }

    fn halt(&mut self, now_ms: f64, note: &str) {
        let elapsed = now_ms - self.started_ms;
        for racer in &mut self.racers {
            if racer.standing == Standing::Running {
                if let Some(run) = racer.run.as_mut() {
                    run.halt(now_ms);
                }
                racer.standing = Standing::Stopped;
                racer.time_ms = elapsed;
                racer.note = note.to_string();
                racer.drawn += 1;
            }
        }
    }

    /// The results table: the solved in their finishing order, then the rest in the order they
    /// were listed.
    pub fn results(&self) -> Vec<Row> {
        let placed = (1..=self.racers.len())
            .filter_map(|place| self.racers.iter().find(|r| r.place == Some(place)));
        let unplaced = self.racers.iter().filter(|r| r.place.is_none());
        placed
            .chain(unplaced)
            .map(|r| {
                let frame = r.frame().map(Rc::as_ref);
                Row {
                    place: r.place.map(|p| p.to_string()).unwrap_or_default(),
                    solver: r.kind.title.to_string(),
                    state: r.standing.name(),
                    result: r.standing.word(),
                    time: match r.standing {
                        Standing::Unsupported | Standing::Waiting => String::new(),
                        _ => duration(r.time_ms),
                    },
                    moves: frame
                        .map(|f| counted(r.kind.work, f.moves))
                        .unwrap_or_default(),
                    thrown_away: frame
                        .map(|f| counted(r.kind.effort, f.effort))
                        .unwrap_or_default(),
                }
            })
            .collect()
    }

    /// What the race's status line says.
    pub fn summary(&self) -> String {
        let count = |s: Standing| self.racers.iter().filter(|r| r.standing == s).count();
        let racing = self.racers.len() - count(Standing::Unsupported);
        if !self.begun {
            return present::race_ready(racing);
        }
        let winner = self.racers.iter().find(|r| r.place == Some(1));
        let label = winner.map(|w| w.kind.title.to_string());
        present::race_summary(present::RaceTally {
            running: count(Standing::Running),
            solved: count(Standing::Solved),
            racing,
            winner: label.as_deref().zip(winner.map(|w| w.time_ms)),
            stopped: self.stopped,
            left: self.left,
        })
    }
}
