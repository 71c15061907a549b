//! Running a solver to the end against a clock, one puzzle or a whole file: the harness behind
//! `sudoku solve`, `sudoku bench` and the in-browser benchmark, so all three measure the same way.

use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::solver::{Mark, RunConfig, RunState, SolverKind};
use crate::solvers::anneal::Schedule;
use crate::solvers::exact;
use serde::Serialize;

/// How one run ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The checked solution, when the run found one.
    pub solution: Option<Grid>,
    pub seconds: f64,
    pub moves: u64,
    pub restarts: u32,
}

/// Runs `kind` on `puzzle` unanimated until it finishes or `timeout_s` seconds pass on `clock`
/// (a function returning seconds). A solver that counts solutions also proves the one it returns
/// unique (it counts up to two).
pub fn solve(
    kind: SolverKind,
    puzzle: &Grid,
    config: RunConfig,
    timeout_s: f64,
    clock: &mut dyn FnMut() -> f64,
) -> Result<Outcome, PuzzleError> {
    let start = clock();
    if kind.capabilities().counts_solutions {
        // A complete solver is measured as the referee uses it: solve and prove uniqueness.
        let counted = exact::count(puzzle, 2)?;
        return Ok(Outcome {
            solution: counted.first,
            seconds: clock() - start,
            moves: counted.nodes,
            restarts: 0,
        });
    }
    let mut solver = kind.start(puzzle, config)?;
    loop {
        let snapshot = solver.tick();
        let seconds = clock() - start;
        let done = snapshot.state != RunState::Running;
        if done || seconds > timeout_s {
            let solution = (snapshot.state == RunState::Solved)
                .then(|| grid_of(puzzle, &snapshot.cells))
                .flatten();
            return Ok(Outcome {
                solution,
                seconds,
                moves: snapshot.moves,
                restarts: snapshot.restarts,
            });
        }
    }
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

/// Solves every puzzle of a set, puzzle `i` with seed `seed + i` (and `schedule`, when given, in place
/// of the solver's own); a puzzle that times out, is refused, or gets an answer that breaks a rule
/// counts as unsolved, with the time it took.
pub fn run_set(
    kind: SolverKind,
    set: &str,
    puzzles: &[Grid],
    seed: u64,
    timeout_s: f64,
    schedule: Option<Schedule>,
    clock: &mut dyn FnMut() -> f64,
) -> SetReport {
    let mut times = Vec::with_capacity(puzzles.len());
    let mut solutions = Vec::with_capacity(puzzles.len());
    let mut moves = 0u64;
    let set_start = clock();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let config = RunConfig {
            seed: seed.wrapping_add(i as u64),
            schedule,
            ..RunConfig::default()
        };
        let started = clock();
        match solve(kind, puzzle, config, timeout_s, clock) {
            Ok(outcome) => {
                solutions.push(outcome.solution);
                moves += outcome.moves;
                times.push(outcome.seconds);
            }
            Err(_) => {
                solutions.push(None);
                times.push(clock() - started);
            }
        }
    }
    // The whole set's time, not the sum of per-puzzle times: a coarse clock (as in browsers)
    // rounds each short solve but not the total.
    let total_s = clock() - set_start;
    // Every solution is checked against the rules and its givens, outside the timed loop.
    let solved = (puzzles.iter().zip(&solutions))
        .filter(|(puzzle, solution)| {
            let geometry = Geometry::of(puzzle.shape());
            (solution.as_ref()).is_some_and(|s| check::is_solution(&geometry, puzzle, s))
        })
        .count();
    let per_second = |x: f64| if total_s > 0.0 { x / total_s } else { 0.0 };
    times.sort_by(f64::total_cmp);
    SetReport {
        solver: kind.name().to_string(),
        set: set.to_string(),
        solved,
        total: puzzles.len(),
        median_s: percentile(&times, 50),
        p90_s: percentile(&times, 90),
        max_s: times.last().copied().unwrap_or(0.0),
        puzzles_per_second: per_second(puzzles.len() as f64),
        moves_per_second: per_second(moves as f64),
        moves,
    }
}

/// Nearest-rank percentile of sorted values (0 for none).
fn percentile(sorted: &[f64], pct: usize) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (pct * sorted.len()).div_ceil(100).max(1);
    sorted[rank - 1]
}

/// The reports as a markdown table.
pub fn markdown(reports: &[SetReport]) -> String {
    let mut out = String::from(
        "| solver | set | solved | median s | p90 s | max s | puzzles/s | moves/s |\n|---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in reports {
        out.push_str(&format!(
            "| {} | {} | {}/{} | {:.4} | {:.4} | {:.4} | {:.1} | {:.3e} |\n",
            r.solver,
            r.set,
            r.solved,
            r.total,
            r.median_s,
            r.p90_s,
            r.max_s,
            r.puzzles_per_second,
            r.moves_per_second
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::percentile;

    #[test]
    fn nearest_rank_percentiles() {
        let v: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(percentile(&v, 50), 5.0);
        assert_eq!(percentile(&v, 90), 9.0);
        assert_eq!(percentile(&[3.0], 90), 3.0);
        assert_eq!(percentile(&[], 50), 0.0);
    }
}
