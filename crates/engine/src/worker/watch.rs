//! A run at the page's Watch speed as someone watching it sees it, played natively through the
//! worker's [`Host`] exactly as the page drives it (`sudoku bench --watch`): how long it lasts
//! and how many temperatures it shows.

use super::{Failure, Host, Job, Order, Pace, Report, Snapshot};
use crate::board::Grid;
use crate::harness::percentile;
use crate::registry::SolverKind;
use crate::step::{Figures, RunState};
use serde::Serialize;

/// The display frames a second the page is measured at: a watched run gets one tick a frame.
pub const FRAMES_PER_SECOND: f64 = 60.0;

/// A run at the page's Watch speed as someone watching it sees it, played natively through the
/// worker's [`Host`] exactly as the page drives it: one tick a display frame.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Watched {
    pub solved: bool,
    pub ticks: u64,
    /// How long it lasts on the page: a frame a tick, plus the worker's compute time.
    pub seconds: f64,
    /// The distinct values the Temperature figure shows (as listed, to three decimals), tick by
    /// tick; none for a solver without a temperature.
    pub temperatures: usize,
    pub hottest: f64,
    pub coldest: f64,
    pub moves: u64,
}

/// The snapshot a start or an advance answers with, or why there is none. A host answers those
/// orders with nothing else: any other report means no run.
fn snapshot_of(report: Report) -> Result<Box<Snapshot>, Failure> {
    match report {
        Report::Snapshot(snapshot) => Ok(snapshot),
        Report::Failed(why) => Err(why),
        _ => Err(Failure::NoRun),
    }
}

/// Watches `kind` solve `puzzle` from `seed` for at most `max_ticks` ticks, timing the worker on
/// `clock_ms` (milliseconds); `presented` as the page asks (the job marked watched), else as
/// it did before presentation schedules, to compare.
pub fn watch(
    kind: SolverKind,
    puzzle: &Grid,
    seed: u64,
    max_ticks: u64,
    presented: bool,
    clock_ms: &mut dyn FnMut() -> f64,
) -> Result<Watched, Failure> {
    let mut host = Host::default();
    let job = Job {
        solver: kind.name.to_string(),
        puzzle: puzzle.clone(),
        seed,
        max_restarts: Some(kind.max_restarts),
        watched: presented,
    };
    let mut snapshot = snapshot_of(host.handle(Order::Start(job), clock_ms))?;
    let mut shown: Vec<String> = Vec::new();
    let (mut hottest, mut coldest) = (f64::NAN, f64::NAN);
    while snapshot.frame.state == RunState::Running && snapshot.frame.ticks < max_ticks {
        let advance = Order::Advance {
            pace: Pace::Watch,
            moves_per_tick: kind.default_speed,
        };
        snapshot = snapshot_of(host.handle(advance, clock_ms))?;
        if let Figures::Annealer(f) = snapshot.frame.figures {
            shown.push(format!("{:.3}", f.temperature));
            hottest = hottest.max(f.temperature);
            coldest = coldest.min(f.temperature);
        }
    }
    shown.sort();
    shown.dedup();
    let frame = &snapshot.frame;
    Ok(Watched {
        solved: frame.state == RunState::Solved,
        ticks: frame.ticks,
        seconds: frame.ticks as f64 / FRAMES_PER_SECOND + snapshot.compute_ms / 1000.0,
        temperatures: shown.len(),
        hottest,
        coldest,
        moves: frame.moves,
    })
}

/// Watched runs of one puzzle over several seeds: the spread of what a watcher sees.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WatchReport {
    pub solver: String,
    /// The puzzle's line.
    pub puzzle: String,
    pub runs: usize,
    pub solved: usize,
    /// Seconds on the page: min, median, max.
    pub seconds: [f64; 3],
    /// Distinct temperatures shown: min, median, max.
    pub temperatures: [usize; 3],
    /// The smallest ratio of the hottest temperature shown to the coldest, over the runs.
    pub least_range: f64,
}

/// Watches `kind` on each of `puzzles` with seeds `seed`, `seed + 1`, … (`seeds` of them), as
/// [`watch`] does.
pub fn watch_set(
    kind: SolverKind,
    puzzles: &[Grid],
    seeds: u64,
    seed: u64,
    max_ticks: u64,
    presented: bool,
    clock_ms: &mut dyn FnMut() -> f64,
) -> Result<Vec<WatchReport>, Failure> {
    (puzzles.iter())
        .map(|puzzle| {
            let runs = (0..seeds)
                .map(|i| {
                    let seed = seed.wrapping_add(i);
                    watch(kind, puzzle, seed, max_ticks, presented, clock_ms)
                })
                .collect::<Result<Vec<_>, _>>()?;
            let mut seconds: Vec<f64> = runs.iter().map(|r| r.seconds).collect();
            seconds.sort_by(f64::total_cmp);
            let mut temperatures: Vec<usize> = runs.iter().map(|r| r.temperatures).collect();
            temperatures.sort_unstable();
            let spread = |v: &[usize]| {
                let mid = v.len().saturating_sub(1) / 2;
                [v.first(), v.get(mid), v.last()].map(|x| x.copied().unwrap_or(0))
            };
            Ok(WatchReport {
                solver: kind.name.to_string(),
                puzzle: puzzle.to_string(),
                runs: runs.len(),
                solved: runs.iter().filter(|r| r.solved).count(),
                seconds: [
                    seconds.first().copied().unwrap_or(0.0),
                    percentile(&seconds, 50),
                    seconds.last().copied().unwrap_or(0.0),
                ],
                temperatures: spread(&temperatures),
                least_range: (runs.iter())
                    .map(|r| r.hottest / r.coldest)
                    .fold(f64::INFINITY, f64::min),
            })
        })
        .collect()
}

/// Watch reports as a markdown table.
pub fn watch_markdown(reports: &[WatchReport]) -> String {
    let mut out = String::from(
        "| solver | puzzle | solved | s min / median / max | temperatures min / median / max | hottest ÷ coldest, least |\n|---|---|---:|---|---|---:|\n",
    );
    for r in reports {
        let [s0, s1, s2] = r.seconds;
        let [t0, t1, t2] = r.temperatures;
        out.push_str(&format!(
            "| {} | `{}` | {}/{} | {s0:.2} / {s1:.2} / {s2:.2} | {t0} / {t1} / {t2} | {:.1} |\n",
            r.solver, r.puzzle, r.solved, r.runs, r.least_range
        ));
    }
    out
}
