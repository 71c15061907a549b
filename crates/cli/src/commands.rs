//! What each command of `sudoku` does once its arguments are read: the command line's parsing
//! and help are in the parent module.

use super::{
    BenchArgs, CliError, CountArgs, DONE, GenerateArgs, GradeArgs, NO_SOLUTION, OUT_OF_TIME,
    SolveArgs, read_puzzle, ruled, seconds_since,
};
use rand::seq::SliceRandom;
use std::time::Instant;
use sudoku_engine::board::{
    Geometry, Grid, LineError, Shape, parse_puzzle_line, puzzle_lines, split_cages,
};
use sudoku_engine::check::{self, PuzzleError};
use sudoku_engine::exact;
use sudoku_engine::generate::{self, Generated, Request};
use sudoku_engine::grade::{self, Difficulty};
use sudoku_engine::harness::{self, Budget, Outcome, SetReport};
use sudoku_engine::hint;
use sudoku_engine::referee::{self, Remark, Verdict};
use sudoku_engine::registry::SolverKind;
use sudoku_engine::rng::{Rng, SeedableRng};
use sudoku_engine::step::RunConfig;
use sudoku_words::{self as present, remark_after, remark_before};

pub(super) fn generate(args: GenerateArgs) -> Result<i32, CliError> {
    let shape = Shape::of_side(args.size).ok_or(CliError::NoSuchBoard)?;
    let shape = ruled(Grid::empty(shape), args.rules.rules)?.shape();
    let request = Request {
        shape,
        difficulty: args.difficulty,
        symmetric: args.symmetric,
        killer: false,
    };
    if let Some(percent) = args.fixed {
        return general(shape, percent, &args);
    }
    if args.killer {
        return killers(shape, &args);
    }
    if args.report {
        let levels = match args.difficulty {
            Some(level) => vec![level],
            None => Difficulty::ALL.to_vec(),
        };
        let start = Instant::now();
        let mut clock = || start.elapsed().as_secs_f64() * 1e3;
        let reports: Vec<_> = (levels.into_iter())
            .map(|level| {
                let request = Request {
                    difficulty: Some(level),
                    ..request
                };
                harness::time_generation(request, args.count as usize, args.seed, &mut clock)
            })
            .collect::<Result<_, _>>()
            .map_err(CliError::NoPuzzle)?;
        if args.json {
            let json = serde_json::to_string(&reports)?;
            outln!("{json}");
        } else {
            out!("{}", harness::generation_markdown(&reports));
        }
        return Ok(DONE);
    }
    let made = generate::generate_many(request, args.seed, args.count as usize)
        .map_err(CliError::NoPuzzle)?;
    for made in made {
        outln!("{}", made.puzzle);
        not_as_asked(&made, &args);
    }
    Ok(DONE)
}

/// Says so when `made` is not of the level asked for.
fn not_as_asked(made: &Generated, args: &GenerateArgs) {
    if let (false, Some(wanted)) = (made.as_asked, args.difficulty) {
        eprintln!(
            "sudoku: no {wanted} puzzle of {n}x{n} within {} tries; this one is {}",
            made.tries,
            made.difficulty,
            n = args.size
        );
    }
}

/// `generate --killer`: killer puzzles, each a line of its givens and its cages.
fn killers(shape: Shape, args: &GenerateArgs) -> Result<i32, CliError> {
    let givens = args.givens.min(shape.cells());
    let (level, seed, count) = (args.difficulty, args.seed, args.count as usize);
    let made = generate::killer_graded_many(shape, givens, level, seed, count)
        .map_err(CliError::NoPuzzle)?;
    for made in made {
        let puzzle = &made.puzzle;
        outln!("{puzzle} {}", puzzle.cages().to_text(shape, false));
        not_as_asked(&made, args);
    }
    Ok(DONE)
}

/// `generate --fixed`: Lewis's general instances, one per line.
fn general(shape: Shape, percent: u8, args: &GenerateArgs) -> Result<i32, CliError> {
    let made = generate::general_many(shape, percent, args.seed, args.count as usize)
        .map_err(CliError::NoPuzzle)?;
    made.iter().for_each(|puzzle| outln!("{puzzle}"));
    Ok(DONE)
}

pub(super) fn grade(args: GradeArgs) -> Result<i32, CliError> {
    let mut texts = Vec::new();
    for arg in &args.puzzles {
        if arg == "-" {
            let input = std::io::read_to_string(std::io::stdin()).map_err(CliError::Stdin)?;
            texts.extend(
                input
                    .lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(str::to_string),
            );
        } else {
            texts.push(arg.clone());
        }
    }
    let mut status = DONE;
    for text in texts {
        let (text, cages) = split_cages(&text, args.cages.as_deref());
        let puzzle = Grid::parse_any(text).map_err(CliError::Puzzle)?;
        let puzzle = ruled(puzzle, args.rules.rules)?;
        let puzzle = match cages.map(|cages| puzzle.clone().with_cage_text(cages)) {
            None => puzzle,
            Some(Ok(caged)) => caged,
            Some(Err(e)) if !e.is_impossible() => return Err(CliError::Cages(e)),
            Some(Err(e)) => {
                eprintln!("sudoku: {}", CliError::Cages(e));
                outln!("no solution");
                status = NO_SOLUTION;
                continue;
            }
        };
        let remark = match referee::verdict(&puzzle) {
            Verdict::Refuse { reason, .. } => {
                eprintln!("sudoku: {}", present::refusal(&reason));
                outln!("no solution");
                status = NO_SOLUTION;
                continue;
            }
            Verdict::Proceed(remark) => remark,
        };
        let path = super::hints::solution_path(&puzzle);
        if args.steps {
            super::hints::print_steps(&path, args.json);
        }
        let level = grade::grade(&Geometry::of_puzzle(&puzzle), &puzzle);
        let hardest = present::hardest_needed(
            path.steps.iter().map(|s| s.technique).max(),
            path.end == hint::End::Stalled,
        );
        match (level, remark_before(remark)) {
            _ if args.json => {}
            (Some(level), None) => outln!("{level} ({hardest})"),
            (Some(level), Some(remark)) => outln!("{level} ({hardest}; {remark})"),
            (None, _) => {
                outln!("no solution");
                status = NO_SOLUTION;
            }
        }
    }
    Ok(status)
}

pub(super) fn count(args: CountArgs) -> Result<i32, CliError> {
    let puzzle = read_puzzle(&args.puzzle)?;
    let mut clock = seconds_since(Instant::now());
    let counted = exact::count_while(&puzzle, args.limit, &mut || clock() <= args.timeout)
        .map_err(CliError::Unsolvable)?;
    outln!("{}", counted.solutions);
    if counted.complete {
        return Ok(DONE);
    }
    eprintln!(
        "sudoku: stopped after {} s with at least {} solutions; try a longer --timeout",
        args.timeout, counted.solutions
    );
    Ok(OUT_OF_TIME)
}

pub(super) fn solve(args: SolveArgs) -> Result<i32, CliError> {
    let puzzle = read_puzzle(&args.puzzle)?;
    let kind = args.solver;
    // Givens that repeat a digit are bad input; then the referee, as on the page: no solver is
    // started on a puzzle without a solution.
    let geometry = Geometry::of_puzzle(&puzzle);
    if let Err(e @ PuzzleError::DuplicateGivens(_)) = check::validate(&geometry, &puzzle) {
        return Err(CliError::Unsolvable(e));
    }
    let remark = match referee::verdict(&puzzle) {
        Verdict::Refuse { reason, .. } => {
            eprintln!("sudoku: {}", present::refusal(&reason));
            return Ok(NO_SOLUTION);
        }
        Verdict::Proceed(remark) => remark,
    };
    let config = RunConfig {
        schedule: args.schedule,
        ..kind.run_config(args.seed)
    };
    let outcome = harness::solve(
        kind.machine(),
        &puzzle,
        config,
        Budget::seconds(args.timeout),
        &mut seconds_since(Instant::now()),
    )
    .map_err(|e| match e {
        PuzzleError::Unsupported { .. } => CliError::Unsupported(e),
        e => CliError::Unsolvable(e),
    })?;
    Ok(report(kind, &puzzle, &outcome, args.json, remark))
}

/// Prints a run's outcome, as a line of JSON or as the solution with any remark, and returns
/// the exit code: done, or out of time without a solution.
fn report(kind: SolverKind, puzzle: &Grid, outcome: &Outcome, json: bool, remark: Remark) -> i32 {
    let solution = outcome.solution.as_ref().map(Grid::to_line);
    if json {
        let report = serde_json::json!({
            "solver": kind.name,
            "puzzle": puzzle.to_line(),
            "solved": solution.is_some(),
            "solution": solution,
            "seconds": outcome.seconds,
            "moves": outcome.moves,
            (kind.effort.many): outcome.effort,
        });
        outln!("{report}");
    } else if let Some(line) = &solution {
        outln!("{line}");
        if let Some(remark) = remark_after(remark) {
            eprintln!("sudoku: {remark}");
        }
    }
    if solution.is_none() {
        match (&outcome.closing, json) {
            (_, true) => {}
            (Some(closing), false) => eprintln!("sudoku: {closing}"),
            (None, false) => eprintln!(
                "sudoku: no solution found in {:.1} s ({}); try a longer --timeout",
                outcome.seconds,
                present::counted(kind.effort, outcome.effort)
            ),
        }
        return OUT_OF_TIME;
    }
    DONE
}

pub(super) fn bench_sets(args: BenchArgs) -> Result<i32, CliError> {
    let path = &args.set;
    let mut puzzles = read_set(path)?;
    if args.singles {
        puzzles.retain(|p| grade::solve_by_singles(&Geometry::of(p.shape()), p).is_some());
    }
    if let Some(n) = args.sample {
        puzzles.shuffle(&mut Rng::seed_from_u64(args.seed));
        puzzles.truncate(n);
    }
    if let Some(n) = args.limit {
        puzzles.truncate(n);
    }
    if let Some(seeds) = args.watch {
        return watch_sets(&args, &puzzles, seeds);
    }
    let set = std::path::Path::new(path)
        .file_name()
        .map_or(path.clone(), |f| f.to_string_lossy().into_owned());
    let reports: Vec<SetReport> = (args.solver.iter())
        .map(|&kind| {
            let mut clock = seconds_since(Instant::now());
            harness::run_set(
                kind.machine(),
                &set,
                &puzzles,
                args.seed,
                Budget {
                    seconds: args.timeout,
                    ticks: args.ticks,
                },
                args.schedule,
                &mut clock,
            )
        })
        .collect();
    if args.json {
        let text = match reports.as_slice() {
            [one] => serde_json::to_string(one),
            many => serde_json::to_string(many),
        };
        outln!("{}", text?);
    } else {
        out!("{}", harness::markdown(&reports));
    }
    Ok(DONE)
}

/// The puzzles of a benchmark's file: one a line, anything after the puzzle ignored but a
/// killer's cages, as `sudoku generate --killer` prints them.
fn read_set(path: &str) -> Result<Vec<Grid>, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::File(path.into(), e))?;
    let line_error = |number, e| match e {
        LineError::Puzzle(e) => CliError::PuzzleLine(path.into(), number, e),
        LineError::Cages(e) => CliError::CagesLine(path.into(), number, e),
    };
    puzzle_lines(&text)
        .map(|(number, line)| parse_puzzle_line(line).map_err(|e| line_error(number, e)))
        .collect()
}

/// `sudoku bench --watch`: each solver watched on each puzzle as the page's Watch shows it.
fn watch_sets(args: &BenchArgs, puzzles: &[Grid], seeds: u64) -> Result<i32, CliError> {
    let max_ticks =
        (args.timeout.max(0.0) * sudoku_engine::worker::watch::FRAMES_PER_SECOND) as u64;
    let start = Instant::now();
    let mut clock = || start.elapsed().as_secs_f64() * 1e3;
    let mut reports = Vec::new();
    for &kind in &args.solver {
        let presented = !args.unpresented;
        let watched = sudoku_engine::worker::watch::watch_set(
            kind, puzzles, seeds, args.seed, max_ticks, presented, &mut clock,
        );
        reports.extend(watched.map_err(CliError::Watch)?);
    }
    if args.json {
        outln!("{}", serde_json::to_string(&reports)?);
    } else {
        out!("{}", sudoku_engine::worker::watch::watch_markdown(&reports));
    }
    Ok(DONE)
}
