//! The `sudoku` command line: solve one puzzle, count through a file, print what happened.

use ising_sudoku::bench::{self, SetReport};
use ising_sudoku::board::{Geometry, Grid, parse_puzzle_list};
use ising_sudoku::check::{self, PuzzleError};
use ising_sudoku::referee::{self, Verdict};
use ising_sudoku::registry::SolverKind;
use ising_sudoku::rng::Rng;
use ising_sudoku::solvers::exact;
use ising_sudoku::step::{RunConfig, Schedule};
use std::time::Instant;

const USAGE: &str = "\
usage:
  sudoku solve [--solver NAME] [--seed N] [--timeout SECS] [--schedule T0,FACTOR,FLOOR,HOLD] [--json] PUZZLE
  sudoku count [--limit N] [--timeout SECS] PUZZLE
  sudoku bench --solver NAME [--solver NAME ...] --set FILE [--limit N | --sample N] [--seed N]
               [--timeout SECS] [--schedule T0,FACTOR,FLOOR,HOLD] [--json]

PUZZLE is 81 characters (1-9, . or 0 for blanks), or - to read it from standard input.
count prints how many solutions PUZZLE has, counting up to N (default 2).
Exit status: 0 done, 1 not finished in time, 2 bad usage or input, 3 the puzzle has no solution.
FILE holds one puzzle per line; # lines are skipped and anything after the puzzle is ignored.
Solvers: ";

/// Exit statuses.
const DONE: i32 = 0;
const OUT_OF_TIME: i32 = 1;
const BAD_INPUT: i32 = 2;
const NO_SOLUTION: i32 = 3;

/// Runs one command and returns its exit status.
pub fn run(args: Vec<String>) -> i32 {
    let result = match args.first().map(String::as_str) {
        Some("solve") => solve(&args[1..]),
        Some("bench") => bench_sets(&args[1..]),
        Some("count") => count(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{}", usage());
            Ok(DONE)
        }
        _ => Err(usage()),
    };
    result.unwrap_or_else(|message| {
        eprintln!("sudoku: {message}");
        BAD_INPUT
    })
}

fn usage() -> String {
    format!("{USAGE}{}", SolverKind::names().join(", "))
}

/// Flags shared by the commands, and the positional arguments left over.
#[derive(Default)]
struct Options {
    solvers: Vec<SolverKind>,
    seed: u64,
    timeout_s: Option<f64>,
    json: bool,
    set: Option<String>,
    limit: Option<usize>,
    sample: Option<usize>,
    schedule: Option<Schedule>,
    positional: Vec<String>,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        seed: 1,
        ..Options::default()
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |flag: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match arg.as_str() {
            "--solver" => {
                let name = value("--solver")?;
                let kind = SolverKind::from_name(&name)
                    .ok_or_else(|| format!("unknown solver {name:?}\n{}", usage()))?;
                o.solvers.push(kind);
            }
            "--seed" => o.seed = number(&value("--seed")?, "--seed")?,
            "--timeout" => o.timeout_s = Some(seconds(&value("--timeout")?)?),
            "--limit" => o.limit = Some(number(&value("--limit")?, "--limit")?),
            "--sample" => o.sample = Some(number(&value("--sample")?, "--sample")?),
            "--set" => o.set = Some(value("--set")?),
            "--schedule" => o.schedule = Some(schedule(&value("--schedule")?)?),
            "--json" => o.json = true,
            flag if flag.starts_with("--") => {
                return Err(format!("unknown option {flag}\n{}", usage()));
            }
            _ => o.positional.push(arg.clone()),
        }
    }
    Ok(o)
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag} takes a number, not {text:?}"))
}

/// A time limit: a finite number of seconds above zero.
fn seconds(text: &str) -> Result<f64, String> {
    let s: f64 = number(text, "--timeout")?;
    (s.is_finite() && s > 0.0)
        .then_some(s)
        .ok_or_else(|| format!("--timeout takes a finite number of seconds above 0, not {text:?}"))
}

fn schedule(text: &str) -> Result<Schedule, String> {
    let parts: Vec<&str> = text.split(',').collect();
    let [start, factor, floor, hold] = parts.as_slice() else {
        return Err(format!(
            "--schedule takes T0,FACTOR,FLOOR,HOLD, not {text:?}"
        ));
    };
    let s = Schedule {
        start: number(start, "--schedule T0")?,
        factor: number(factor, "--schedule FACTOR")?,
        floor: number(floor, "--schedule FLOOR")?,
        hold_ticks: number(hold, "--schedule HOLD")?,
    };
    let sane = s.floor > 0.0 && s.start >= s.floor && s.factor > 0.0 && s.factor < 1.0;
    sane.then_some(s)
        .ok_or_else(|| "--schedule needs 0 < FLOOR <= T0 and 0 < FACTOR < 1".to_string())
}

fn seconds_since(start: Instant) -> impl FnMut() -> f64 {
    move || start.elapsed().as_secs_f64()
}

/// The one puzzle a command takes: an argument, or standard input for `-`.
fn puzzle_argument(o: &Options, command: &str) -> Result<Grid, String> {
    let [text] = o.positional.as_slice() else {
        return Err(format!("{command} takes one puzzle\n{}", usage()));
    };
    let text = if text == "-" {
        std::io::read_to_string(std::io::stdin())
            .map_err(|e| format!("reading standard input: {e}"))?
    } else {
        text.clone()
    };
    Grid::parse(&text).map_err(|e| format!("bad puzzle: {e}"))
}

fn count(args: &[String]) -> Result<i32, String> {
    let o = parse_options(args)?;
    let puzzle = puzzle_argument(&o, "count")?;
    let timeout = o.timeout_s.unwrap_or(60.0);
    let mut clock = seconds_since(Instant::now());
    let limit = o.limit.map_or(2, |l| l as u64);
    let counted = exact::count_while(&puzzle, limit, &mut || clock() <= timeout)
        .map_err(|e| format!("the puzzle cannot be solved: {e}"))?;
    println!("{}", counted.solutions);
    if counted.complete {
        return Ok(DONE);
    }
    eprintln!(
        "sudoku: stopped after {timeout} s with at least {} solutions; try a longer --timeout",
        counted.solutions
    );
    Ok(OUT_OF_TIME)
}

fn solve(args: &[String]) -> Result<i32, String> {
    let o = parse_options(args)?;
    let puzzle = puzzle_argument(&o, "solve")?;
    let kind = o.solvers.first().copied().unwrap_or_default();
    // Givens that repeat a digit are bad input; then the referee, as on the page: no solver is
    // started on a puzzle without a solution.
    let geometry = Geometry::of(puzzle.shape());
    if let Err(e @ PuzzleError::DuplicateGivens(_)) = check::validate(&geometry, &puzzle) {
        return Err(format!("the puzzle cannot be solved: {e}"));
    }
    let remark = match referee::judge(&puzzle) {
        Verdict::Refuse { message, .. } => {
            eprintln!("sudoku: {message}");
            return Ok(NO_SOLUTION);
        }
        Verdict::Proceed(remark) => remark,
    };
    let config = RunConfig {
        seed: o.seed,
        schedule: o.schedule,
        ..RunConfig::default()
    };
    let timeout = o.timeout_s.unwrap_or(60.0);
    let outcome = bench::solve(
        kind,
        &puzzle,
        config,
        timeout,
        &mut seconds_since(Instant::now()),
    )
    .map_err(|e| format!("the puzzle cannot be solved: {e}"))?;
    let solution = outcome.solution.as_ref().map(Grid::to_line);
    if o.json {
        let report = serde_json::json!({
            "solver": kind.name,
            "puzzle": puzzle.to_line(),
            "solved": solution.is_some(),
            "solution": solution,
            "seconds": outcome.seconds,
            "moves": outcome.moves,
            (kind.effort.many): outcome.effort,
        });
        println!("{report}");
    } else if let Some(line) = &solution {
        println!("{line}");
        if let Some(remark) = remark.after() {
            eprintln!("sudoku: {remark}");
        }
    }
    if solution.is_none() {
        if !o.json {
            eprintln!(
                "sudoku: no solution found in {:.1} s ({}); try a longer --timeout",
                outcome.seconds,
                kind.effort.count(outcome.effort)
            );
        }
        return Ok(OUT_OF_TIME);
    }
    Ok(DONE)
}

fn bench_sets(args: &[String]) -> Result<i32, String> {
    let o = parse_options(args)?;
    let path = o
        .set
        .clone()
        .ok_or_else(|| format!("bench needs --set FILE\n{}", usage()))?;
    if o.solvers.is_empty() {
        return Err(format!("bench needs --solver NAME\n{}", usage()));
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("reading {path}: {e}"))?;
    let mut puzzles = Vec::new();
    for entry in parse_puzzle_list(&text) {
        let puzzle = entry.map_err(|(line, e)| format!("{path}, line {line}: {e}"))?;
        puzzles.push(puzzle);
    }
    if let Some(n) = o.sample {
        let mut rng = Rng::seed_from_u64(o.seed);
        for i in (1..puzzles.len()).rev() {
            puzzles.swap(i, rng.below(i as u32 + 1) as usize);
        }
        puzzles.truncate(n);
    }
    if let Some(n) = o.limit {
        puzzles.truncate(n);
    }
    let set = std::path::Path::new(&path)
        .file_name()
        .map_or(path.clone(), |f| f.to_string_lossy().into_owned());
    let timeout = o.timeout_s.unwrap_or(10.0);
    let reports: Vec<SetReport> = o
        .solvers
        .iter()
        .map(|&kind| {
            let mut clock = seconds_since(Instant::now());
            bench::run_set(
                kind, &set, &puzzles, o.seed, timeout, o.schedule, &mut clock,
            )
        })
        .collect();
    if o.json {
        let text = match reports.as_slice() {
            [one] => serde_json::to_string(one),
            many => serde_json::to_string(many),
        };
        println!("{}", text.map_err(|e| e.to_string())?);
    } else {
        print!("{}", bench::markdown(&reports));
    }
    Ok(DONE)
}
