//! Running a solver to the end against a clock, one puzzle or a whole file: the harness behind
//! `sudoku solve`, `sudoku bench` and the in-browser benchmarks, so all of them measure the same
//! way and take their medians the same way.

use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::decimal::{fixed, scientific};
use crate::exact::{self, DIAGNOSIS_BUDGET, Diagnosis};
use crate::generate::{Generator, NoGrid, Request};
use crate::hint::{self, Marks, Options, Step};
use crate::spec::Machine;
use crate::step::{Mark, RunConfig, RunState, Schedule};
use serde::{Deserialize, Serialize};

/// How one run ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The solution, when the run found one and the checker accepted it.
    pub solution: Option<Grid>,
    pub seconds: f64,
    pub moves: u64,
    /// Work thrown away (restarts, backtracks), in the solver's own [`crate::spec::Noun`].
    pub effort: u64,
    /// How the solver said the run ended, when it gave up in its own words.
    pub closing: Option<String>,
}

/// How long a run may go on: a time limit, and optionally a number of ticks (a fixed amount of
/// work, the same on every machine).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub seconds: f64,
    pub ticks: Option<u64>,
}

impl Budget {
    /// A time limit alone.
    pub fn seconds(seconds: f64) -> Budget {
        Budget {
            seconds,
            ticks: None,
        }
    }
}

/// Runs `machine` on `puzzle` unanimated until it finishes or its budget is spent, timed on `clock`
/// (a function returning seconds). A solver that counts solutions also proves the one it returns
/// unique (it counts up to two). Whatever the solver returns, only a grid the checker accepts is
/// reported as a solution.
pub fn solve(
    machine: &Machine,
    puzzle: &Grid,
    config: RunConfig,
    budget: Budget,
    clock: &mut dyn FnMut() -> f64,
) -> Result<Outcome, PuzzleError> {
    let start = clock();
    solve_from(machine, puzzle, config, budget, clock, start).0
}

/// [`solve`] from `start`, a reading of `clock` already taken; also returns the reading at the
/// end, so that a set of puzzles reads the clock once a puzzle (in a browser, a call out of wasm
/// that costs a seventh of an easy puzzle's solve).
fn solve_from(
    machine: &Machine,
    puzzle: &Grid,
    config: RunConfig,
    budget: Budget,
    clock: &mut dyn FnMut() -> f64,
    start: f64,
) -> (Result<Outcome, PuzzleError>, f64) {
    let mut run = || {
        let (found, moves, effort, closing) = match machine.counter {
            // A complete solver is measured as the referee uses it: solve and prove uniqueness.
            Some(counter) => {
                let counted = counter(puzzle, 2, &mut || clock() - start <= budget.seconds)?;
                (counted.first, counted.nodes, counted.backtracks, None)
            }
            None => {
                let mut solver = machine.start(puzzle, config)?;
                loop {
                    let frame = solver.tick();
                    let spent = budget.ticks.is_some_and(|t| frame.ticks >= t)
                        || clock() - start > budget.seconds;
                    if frame.state != RunState::Running || spent {
                        let found = (frame.state == RunState::Solved)
                            .then(|| grid_of(puzzle, &frame.cells))
                            .flatten();
                        break (found, frame.moves, frame.effort, frame.closing.clone());
                    }
                }
            }
        };
        let geometry = Geometry::of(puzzle.shape());
        Ok(Outcome {
            solution: found.filter(|s| check::is_solution(&geometry, puzzle, s)),
            seconds: 0.0,
            moves,
            effort,
            closing,
        })
    };
    let outcome = run();
    let end = clock();
    let timed = outcome.map(|outcome| Outcome {
        seconds: end - start,
        ..outcome
    });
    (timed, end)
}

/// The grid a solver's marks spell, if every cell holds one digit.
pub fn grid_of(puzzle: &Grid, marks: &[Mark]) -> Option<Grid> {
    let digits = marks
        .iter()
        .map(|m| match m {
            Mark::Digit(d) => Some(*d),
            _ => None,
        })
        .collect::<Option<Vec<u8>>>()?;
    Grid::from_digits(puzzle.shape(), digits)
}

/// One solver's results on one puzzle file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SetReport {
    pub solver: String,
    pub set: String,
    pub solved: usize,
    pub total: usize,
    pub median_s: f64,
    pub p90_s: f64,
    pub max_s: f64,
    pub puzzles_per_second: f64,
    pub moves_per_second: f64,
    /// Moves over the whole set: equal on two machines only when the runs were the same.
    pub moves: u64,
}

/// One puzzle's result in a benchmark.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Benched {
    /// A solution the checker accepted was found.
    pub solved: bool,
    pub seconds: f64,
    pub moves: u64,
}

/// The report of `results` for `solver` on `set`, which took `total_s` seconds in all: the
/// rates are over it (`run_set` passes the whole set's time, which a coarse clock rounds less
/// than each short solve).
pub fn tally(solver: &str, set: &str, results: &[Benched], total_s: f64) -> SetReport {
    let times = ascending(results.iter().map(|r| r.seconds).collect());
    let moves: u64 = results.iter().map(|r| r.moves).sum();
    let per_second = |x: f64| if total_s > 0.0 { x / total_s } else { 0.0 };
    SetReport {
        solver: solver.to_string(),
        set: set.to_string(),
        solved: results.iter().filter(|r| r.solved).count(),
        total: results.len(),
        median_s: percentile(&times, 50),
        p90_s: percentile(&times, 90),
        max_s: times.last().copied().unwrap_or(0.0),
        puzzles_per_second: per_second(results.len() as f64),
        moves_per_second: per_second(moves as f64),
        moves,
    }
}

/// Solves every puzzle of a set, puzzle `i` with seed `seed + i` (and `schedule`, when given, in place
/// of the solver's own); a puzzle that times out, is refused, or gets an answer that breaks a rule
/// counts as unsolved, with the time it took.
pub fn run_set(
    machine: &Machine,
    set: &str,
    puzzles: &[Grid],
    seed: u64,
    budget: Budget,
    schedule: Option<Schedule>,
    clock: &mut dyn FnMut() -> f64,
) -> SetReport {
    let mut results = Vec::with_capacity(puzzles.len());
    let set_start = clock();
    // Each puzzle starts when the one before it ended.
    let mut started = set_start;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let config = RunConfig {
            schedule,
            ..machine.spec.run_config(seed.wrapping_add(i as u64))
        };
        let (outcome, ended) = solve_from(machine, puzzle, config, budget, clock, started);
        results.push(match outcome {
            Ok(outcome) => Benched {
                solved: outcome.solution.is_some(),
                seconds: outcome.seconds,
                moves: outcome.moves,
            },
            Err(_) => Benched {
                solved: false,
                seconds: ended - started,
                moves: 0,
            },
        });
        started = ended;
    }
    tally(machine.spec.name, set, &results, started - set_start)
}

/// Nearest-rank percentile of sorted values (0 for none): the one definition every harness uses.
pub fn percentile(sorted: &[f64], pct: usize) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (pct * sorted.len()).div_ceil(100).max(1);
    sorted[rank.min(sorted.len()) - 1]
}

/// The median of unsorted values, as [`percentile`] takes it (the lower middle of an even count).
pub fn median(values: &[f64]) -> f64 {
    percentile(&ascending(values.to_vec()), 50)
}

/// `values` in ascending order by [`f64::total_cmp`], by heapsort: the page takes its
/// benchmark's medians with [`tally`] and [`median`], and the standard sort would add two
/// kilobytes to its wasm for them.
pub fn ascending(mut values: Vec<f64>) -> Vec<f64> {
    fn sift(v: &mut [f64], mut root: usize) {
        loop {
            let mut child = 2 * root + 1;
            if child >= v.len() {
                return;
            }
            if child + 1 < v.len() && v[child].total_cmp(&v[child + 1]).is_lt() {
                child += 1;
            }
            if v[root].total_cmp(&v[child]).is_ge() {
                return;
            }
            v.swap(root, child);
            root = child;
        }
    }
    let n = values.len();
    for root in (0..n / 2).rev() {
        sift(&mut values, root);
    }
    for end in (1..n).rev() {
        values.swap(0, end);
        sift(&mut values[..end], 0);
    }
    values
}

/// A puzzle solved step by step with the hint ladder, each hint timed: what Hint costs a person.
pub struct HintWalk {
    pub steps: Vec<Step>,
    /// Milliseconds each hint took, the last one (finding nothing, if the ladder stalled) too.
    pub hint_ms: Vec<f64>,
    pub whole_ms: f64,
    pub solved: bool,
}

/// Walks `puzzle` with [`hint::next_step`] until it is solved or the ladder stalls, timing each
/// step on `clock_ms` (milliseconds).
pub fn walk_hints(puzzle: &Grid, options: Options, clock_ms: &mut dyn FnMut() -> f64) -> HintWalk {
    let mut marks = Marks::of(puzzle);
    let (mut steps, mut hint_ms) = (Vec::new(), Vec::new());
    let start = clock_ms();
    while !marks.is_solved() && !marks.is_broken() {
        let at = clock_ms();
        let step = hint::next_step(&marks, options);
        hint_ms.push(clock_ms() - at);
        let Some(step) = step else { break };
        marks.apply(&step);
        steps.push(step);
    }
    HintWalk {
        steps,
        hint_ms,
        whole_ms: clock_ms() - start,
        solved: marks.is_solved(),
    }
}

/// The hint ladder timed over a set of puzzles: the goals are per hint and per whole solution.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintReport {
    pub puzzles: usize,
    pub solved: usize,
    pub hints: usize,
    pub hint_median_ms: f64,
    pub hint_p99_ms: f64,
    pub hint_max_ms: f64,
    pub whole_median_ms: f64,
}

/// Times [`walk_hints`] over `grids` (the uniqueness techniques on: the page uses them on a puzzle
/// with one solution).
pub fn time_hints(grids: &[Grid], clock_ms: &mut dyn FnMut() -> f64) -> HintReport {
    let options = Options {
        unique: true,
        ..Options::ANY
    };
    let walks: Vec<HintWalk> = grids
        .iter()
        .map(|g| walk_hints(g, options, clock_ms))
        .collect();
    let hints = ascending(walks.iter().flat_map(|w| w.hint_ms.clone()).collect());
    let wholes: Vec<f64> = walks.iter().map(|w| w.whole_ms).collect();
    HintReport {
        puzzles: walks.len(),
        solved: walks.iter().filter(|w| w.solved).count(),
        hints: hints.len(),
        hint_median_ms: percentile(&hints, 50),
        hint_p99_ms: percentile(&hints, 99),
        hint_max_ms: hints.last().copied().unwrap_or(0.0),
        whole_median_ms: median(&wholes),
    }
}

/// The referee's diagnosis timed over a set of puzzles, as the page runs it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiagnosisReport {
    pub puzzles: usize,
    pub undecided: usize,
    pub median_ms: f64,
    /// The worst puzzle's median over repeated timings.
    pub max_ms: f64,
    /// The slowest single timing of the first pass (catches every pause of a busy machine).
    pub max_single_pass_ms: f64,
}

/// Slowest puzzles of the first pass that are timed again, and how often.
const WORST_RETIMED: usize = 20;
const RETIMINGS: usize = 5;

/// Times the referee's diagnosis of every puzzle once on `clock_ms` (milliseconds); a single pass
/// catches every pause of a busy machine, so the slowest puzzles are timed again and the worst of
/// their medians is the worst case.
pub fn time_diagnoses(grids: &[Grid], clock_ms: &mut dyn FnMut() -> f64) -> DiagnosisReport {
    let mut time = |grid: &Grid| {
        let start = clock_ms();
        let undecided = matches!(
            exact::diagnose(grid, DIAGNOSIS_BUDGET),
            Ok(Diagnosis::Undecided)
        );
        (clock_ms() - start, undecided)
    };
    let mut times: Vec<(f64, usize)> = Vec::with_capacity(grids.len());
    let mut undecided = 0;
    for (i, grid) in grids.iter().enumerate() {
        let (ms, open) = time(grid);
        times.push((ms, i));
        undecided += usize::from(open);
    }
    times.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let worst = (times.iter().rev().take(WORST_RETIMED))
        .map(|&(_, i)| {
            let again: Vec<f64> = (0..RETIMINGS).map(|_| time(&grids[i]).0).collect();
            median(&again)
        })
        .fold(0.0, f64::max);
    let sorted: Vec<f64> = times.iter().map(|t| t.0).collect();
    DiagnosisReport {
        puzzles: times.len(),
        undecided,
        median_ms: percentile(&sorted, 50),
        max_ms: worst,
        max_single_pass_ms: sorted.last().copied().unwrap_or(0.0),
    }
}

/// Puzzles generated for one request, timed one by one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GenerationReport {
    pub size: usize,
    /// The level asked for ("any" for none).
    pub level: String,
    pub puzzles: usize,
    /// Puzzles whose grade is the one asked for.
    pub as_asked: usize,
    /// Puzzles proved minimal.
    pub minimal: usize,
    pub median_ms: f64,
    pub p90_ms: f64,
    pub max_ms: f64,
    pub mean_givens: f64,
    /// Mean guesses of the plain search ([`exact::guesses`]) over the puzzles; `None` when it
    /// ran past [`GUESS_BUDGET`] on one of them.
    pub mean_guesses: Option<f64>,
}

/// The most guesses the plain search makes on a generated puzzle for the report: enough for
/// every 9×9 and 16×16 one, a second or so on 25×25, where some need millions.
pub const GUESS_BUDGET: u64 = 200_000;

/// Generates `count` puzzles for `request`, puzzle `i` from seed `seed + i`, timing each on
/// `clock_ms` (milliseconds); or says why the board has none.
pub fn time_generation(
    request: Request,
    count: usize,
    seed: u64,
    clock_ms: &mut dyn FnMut() -> f64,
) -> Result<GenerationReport, NoGrid> {
    let mut times = Vec::with_capacity(count);
    let (mut as_asked, mut minimal, mut givens, mut guesses) = (0, 0, 0, Some(0));
    for i in 0..count as u64 {
        let start = clock_ms();
        let made = Generator::new(request, seed.wrapping_add(i)).run()?;
        times.push(clock_ms() - start);
        as_asked += usize::from(made.as_asked);
        minimal += usize::from(made.minimal);
        givens += made.puzzle.filled();
        if let Some(total) = guesses.as_mut() {
            guesses = exact::guesses(&made.puzzle, GUESS_BUDGET)
                .ok()
                .flatten()
                .map(|g| *total + g);
        }
    }
    let times = ascending(times);
    let mean = |total: f64| total / count.max(1) as f64;
    Ok(GenerationReport {
        size: request.shape.size(),
        level: request.difficulty.map_or("any", |d| d.name()).to_string(),
        puzzles: count,
        as_asked,
        minimal,
        median_ms: percentile(&times, 50),
        p90_ms: percentile(&times, 90),
        max_ms: times.last().copied().unwrap_or(0.0),
        mean_givens: mean(givens as f64),
        mean_guesses: guesses.map(|g| mean(g as f64)),
    })
}

/// Generation reports as a markdown table.
pub fn generation_markdown(reports: &[GenerationReport]) -> String {
    let mut out = String::from(
        "| size | level | puzzles | as asked | minimal | median ms | p90 ms | max ms | givens | guesses |\n|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in reports {
        out.push_str(&format!(
            "| {n}×{n} | {} | {} | {} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {} |\n",
            r.level,
            r.puzzles,
            r.as_asked,
            r.minimal,
            r.median_ms,
            r.p90_ms,
            r.max_ms,
            r.mean_givens,
            r.mean_guesses
                .map_or(format!("over {GUESS_BUDGET} on one"), |g| format!("{g:.1}")),
            n = r.size,
        ));
    }
    out
}

/// The reports as a markdown table (the page's Copy too: [`crate::decimal`] says why its
/// numbers are written so).
pub fn markdown(reports: &[SetReport]) -> String {
    let mut out = String::from(
        "| solver | set | solved | median s | p90 s | max s | puzzles/s | moves/s |\n|---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in reports {
        out.push_str(&format!(
            "| {} | {} | {}/{} | {} | {} | {} | {} | {} |\n",
            r.solver,
            r.set,
            r.solved,
            r.total,
            fixed(r.median_s, 4),
            fixed(r.p90_s, 4),
            fixed(r.max_s, 4),
            fixed(r.puzzles_per_second, 1),
            scientific(r.moves_per_second, 3)
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles_and_the_lower_median() {
        let v: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(percentile(&v, 50), 5.0);
        assert_eq!(percentile(&v, 90), 9.0);
        assert_eq!(percentile(&[3.0], 90), 3.0);
        assert_eq!(percentile(&[], 50), 0.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.0);
        assert_eq!(median(&[5.0, 1.0, 3.0]), 3.0);
    }

    #[test]
    fn the_diagnosis_timing_takes_medians_the_one_way() {
        // A clock under which the first pass's diagnoses take 4, 1, 3 and 2 ms: the median is
        // the lower middle, 2 ms, as everywhere else.
        let durations = [4.0, 1.0, 3.0, 2.0];
        let (mut now, mut readings) = (0.0, 0usize);
        let mut clock = || {
            if readings % 2 == 1 {
                now += durations[(readings / 2) % durations.len()];
            }
            readings += 1;
            now
        };
        let grids = vec![Grid::empty(crate::board::Shape::CLASSIC); 4];
        let report = time_diagnoses(&grids, &mut clock);
        assert_eq!((report.puzzles, report.undecided), (4, 0));
        assert_eq!(report.median_ms, 2.0);
        assert_eq!(report.max_single_pass_ms, 4.0);
        assert!(report.max_ms <= 4.0);
    }

    #[test]
    fn ascending_order_is_the_standard_sorts() {
        let mut x = 0.37_f64;
        let values: Vec<f64> = (0..1000)
            .map(|i| {
                x = (x * 3.9 * (1.0 - x)).abs();
                if i % 97 == 0 {
                    f64::NAN
                } else {
                    x * 1e3 - 200.0
                }
            })
            .collect();
        let mut expected = values.clone();
        expected.sort_unstable_by(f64::total_cmp);
        let ours = ascending(values);
        assert!(
            ours.iter()
                .zip(&expected)
                .all(|(a, b)| a.total_cmp(b).is_eq())
        );
        assert_eq!(ascending(vec![]), Vec::<f64>::new());
    }
}
