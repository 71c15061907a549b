//! The `sudoku` command line: solve one puzzle, count its solutions, or benchmark solvers over a
//! file of puzzles. Parsing, help, `--version` and usage errors are clap's; the solver names come
//! from the registry.

/// `println!` that a closed pipe cannot crash: see [`emit`].
macro_rules! outln {
    ($($arg:tt)*) => { $crate::emit(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `print!` that a closed pipe cannot crash: see [`emit`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::emit(format_args!($($arg)*)) };
}

mod commands;
mod error;
mod hints;
pub mod photo;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, CommandFactory, Parser, Subcommand};
use clap_complete::Shell;
use commands::{bench_sets, count, generate, grade, solve};
pub use error::{BadValue, CliError};
use std::ffi::OsString;
use std::time::Instant;
use sudoku_engine::board::{Grid, Rules, Shape, UnknownRule};
use sudoku_engine::grade::Difficulty;
use sudoku_engine::qubo::{self, Qubo};
use sudoku_engine::registry::SolverKind;
use sudoku_engine::step::Schedule;

/// Exit statuses.
const DONE: i32 = 0;
const OUT_OF_TIME: i32 = 1;
const BAD_INPUT: i32 = 2;
const NO_SOLUTION: i32 = 3;

const EXIT_STATUS: &str = "\
Exit status: 0 done, 1 not finished in time, 2 bad usage or input, 3 the puzzle has no solution.";

/// Writes to standard output. When the reader has gone (`sudoku read --json PHOTO | head`) the
/// program ends quietly with success, as Unix tools do; `print!` would panic there.
fn emit(text: std::fmt::Arguments) {
    use std::io::{ErrorKind, Write};
    let mut stdout = std::io::stdout().lock();
    match stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == ErrorKind::BrokenPipe => std::process::exit(DONE),
        Err(e) => {
            eprintln!("sudoku: cannot write the output: {e}");
            std::process::exit(BAD_INPUT)
        }
    }
}

/// A command line, read and checked: what `sudoku` was asked to do, before it does it.
#[derive(Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Sudoku solved the way annealing hardware does it",
    after_help = EXIT_STATUS
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve one puzzle and print its solution (after the referee has checked it has one).
    #[command(after_help = EXIT_STATUS)]
    Solve(SolveArgs),
    /// Count a puzzle's solutions, up to a limit.
    #[command(after_help = EXIT_STATUS)]
    Count(CountArgs),
    /// Solve every puzzle of a file with one or more solvers and print a table of the results.
    Bench(BenchArgs),
    /// Make new puzzles, each with one solution and no given to spare (or, with --fixed, the
    /// benchmark's general instances), one per line.
    Generate(GenerateArgs),
    /// Print each puzzle's level: the strongest technique it needs.
    #[command(after_help = GRADE_HELP)]
    Grade(GradeArgs),
    /// Print the next step a person would take on the puzzle, with the technique's name and
    /// one sentence.
    #[command(after_help = EXIT_STATUS)]
    Hint(HintArgs),
    /// Print the puzzle of each photo, read from its grid, as one line.
    #[command(after_help = EXIT_STATUS)]
    Read(ReadArgs),
    /// Print the puzzle's QUBO in the Digital Annealer tutorial's JSON format.
    Qubo(QuboArgs),
    /// Print a shell completion script for `sudoku`.
    Completions {
        /// The shell to complete for.
        shell: Shell,
    },
}

/// The puzzle argument, as every command that takes one reads it.
#[derive(Args)]
struct PuzzleArg {
    /// 81 characters row by row: 1-9 for givens, . or 0 for blanks (white space is ignored);
    /// other lengths name other boards (16: 4×4, 256: 16×16 with A-G, …); - reads it from
    /// standard input.
    puzzle: String,
    #[command(flatten)]
    rules: RulesArg,
    /// Killer cages: SUM:CELL+CELL+…, cages separated by commas, each CELL written rRcC (row
    /// and column from 1), e.g. 15:r1c1+r1c2,9:r2c1+r2c2+r2c3. Overlapping or malformed cages
    /// exit with 2, cages no grid can keep with 3.
    #[arg(long, value_name = "CAGES")]
    cages: Option<String>,
}

/// Extra rules, for every command that reads or makes puzzles.
#[derive(Args, Clone, Copy)]
struct RulesArg {
    /// Extra rules, comma-separated: x (both diagonals), windoku (extra boxes), anti-king,
    /// anti-knight.
    #[arg(long = "rules", value_name = "R", value_parser = rules, default_value = "none")]
    rules: Rules,
}

/// `--rules`: rule names.
fn rules(text: &str) -> Result<Rules, UnknownRule> {
    Rules::parse(text)
}

/// `grid` under `rules`, or why not.
fn ruled(grid: Grid, rules: Rules) -> Result<Grid, CliError> {
    let side = grid.shape().size();
    grid.with_rules(rules).ok_or(CliError::NoWindoku(side))
}

#[derive(Args)]
struct ReadArgs {
    /// JPEG or PNG photos of 9×9 puzzles.
    #[arg(required = true, value_name = "PHOTO")]
    photos: Vec<std::path::PathBuf>,
    /// Print one JSON object a photo: each cell's digit and confidence, the cells to check,
    /// and the grid's corners.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct SolveArgs {
    /// Which solver runs.
    #[arg(long, value_parser = solver_parser(), default_value_t = SolverKind::default())]
    solver: SolverKind,
    /// The run's seed: one seed, one run, on every machine.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Give up after this many seconds.
    #[arg(long, value_name = "SECS", value_parser = seconds, default_value = "60", allow_negative_numbers = true)]
    timeout: f64,
    /// An annealing schedule to use instead of the solver's own.
    #[arg(long, value_name = "T0,FACTOR,FLOOR,HOLD", value_parser = schedule)]
    schedule: Option<Schedule>,
    /// Print one JSON object instead of the solution line.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    puzzle: PuzzleArg,
}

#[derive(Args)]
struct CountArgs {
    /// Count up to this many solutions.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// Stop after this many seconds and say the count is a lower bound.
    #[arg(long, value_name = "SECS", value_parser = seconds, default_value = "60", allow_negative_numbers = true)]
    timeout: f64,
    #[command(flatten)]
    puzzle: PuzzleArg,
}

const GRADE_HELP: &str = "\
Levels: easy (naked and hidden singles solve it), medium (it also needs locked candidates),
hard (it also needs naked or hidden pairs, triples or quads), expert (those stall: it needs
fish, wings, chains or guessing). On killers, cage combinations count as easy, cage pointing
and claiming and innies and outies (the rule of 45) as medium.
Exit status: 0 done, 2 bad input, 3 a puzzle has no solution.";

#[derive(Args)]
struct GenerateArgs {
    /// The level wanted (see `sudoku grade --help`); any level if left out.
    #[arg(long, conflicts_with = "fixed", value_parser = PossibleValuesParser::new(Difficulty::ALL.map(Difficulty::name)).map(|n| Difficulty::from_name(&n).unwrap_or(Difficulty::Easy)))]
    difficulty: Option<Difficulty>,
    /// The side of the board: 4, 6, 9, 12, 16, 20 or 25 (boxes as square as the side allows).
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = side)]
    size: usize,
    /// Givens in pairs symmetric under a half turn.
    #[arg(long, conflicts_with = "fixed")]
    symmetric: bool,
    /// Instead of unique puzzles, "general" instances as Lewis's benchmark generator makes
    /// them: a random solution grid with P % of its cells kept (rounded up), chosen at random,
    /// the rest blank; they have a solution, not necessarily one only.
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u8).range(0..=100), allow_negative_numbers = true)]
    fixed: Option<u8>,
    #[command(flatten)]
    rules: RulesArg,
    /// The seed: one seed, the same puzzles on every machine.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// How many puzzles.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    count: u64,
    /// Instead of the puzzles, print a markdown table: for each level (or the one asked for),
    /// K puzzles from seeds S, S+1, …, timed, with their givens and the guesses a plain search
    /// makes on them (up to 200,000 each).
    #[arg(long, conflicts_with = "fixed")]
    report: bool,
    /// With --report: JSON (one object per level) instead of the table.
    #[arg(long, requires = "report")]
    json: bool,
    /// Killer puzzles: cages cut from a random grid until exactly one solution is left, no
    /// givens unless --givens asks; each printed as the puzzle, a space and its cages, which
    /// `sudoku solve --cages CAGES PUZZLE` reads back.
    /// With --difficulty, killers are made until one has that grade.
    #[arg(long, conflicts_with_all = ["fixed", "report", "symmetric"])]
    killer: bool,
    /// With --killer: this many cells of the solution given as well.
    #[arg(long, value_name = "G", default_value_t = 0, requires = "killer")]
    givens: usize,
}

#[derive(Args)]
struct GradeArgs {
    /// Puzzles in the one-line format (their length names the board); - reads one per line
    /// from standard input. A killer's cages may follow its puzzle after a space, as
    /// `sudoku generate --killer` prints them.
    #[arg(required = true)]
    puzzles: Vec<String>,
    #[command(flatten)]
    rules: RulesArg,
    /// Killer cages for every puzzle that brings none, written as for `sudoku solve --cages`.
    #[arg(long, value_name = "CAGES")]
    cages: Option<String>,
    /// Also print every step of the logical solution, one a line, before the level.
    #[arg(long)]
    steps: bool,
    /// With --steps: print the steps only, as one JSON object a line, like `sudoku hint --json`.
    #[arg(long, requires = "steps")]
    json: bool,
}

#[derive(Args)]
struct HintArgs {
    /// Print the step as one JSON object: {"technique", "placements", "eliminations"}, with
    /// [row, column, digit] counted from 1.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    puzzle: PuzzleArg,
}

#[derive(Args)]
struct QuboArgs {
    /// The penalty weight A of every constraint (the hints weigh 2A).
    #[arg(long, value_name = "A", default_value_t = qubo::DEFAULT_WEIGHT, value_parser = clap::value_parser!(i64).range(1..=1_000_000))]
    weight: i64,
    #[command(flatten)]
    puzzle: PuzzleArg,
}

#[derive(Args)]
struct BenchArgs {
    /// A solver to measure; repeat for several.
    #[arg(long, value_parser = solver_parser(), required = true)]
    solver: Vec<SolverKind>,
    /// The puzzle file: one puzzle per line, # lines skipped, anything after the puzzle ignored
    /// but a killer's cages, last on the line as `sudoku generate --killer` prints them.
    #[arg(long, value_name = "FILE")]
    set: String,
    /// Only the first N puzzles.
    #[arg(long, value_name = "N", conflicts_with = "sample")]
    limit: Option<usize>,
    /// N puzzles picked at random (by the seed).
    #[arg(long, value_name = "N")]
    sample: Option<usize>,
    /// Puzzle i runs with seed N + i.
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Only the puzzles that naked and hidden singles alone solve (taken before --limit and
    /// --sample).
    #[arg(long)]
    singles: bool,
    /// Stop each run after this many ticks: a fixed amount of work, the same on every machine.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    ticks: Option<u64>,
    /// Give up on a puzzle after this many seconds.
    #[arg(long, value_name = "SECS", value_parser = seconds, default_value = "10", allow_negative_numbers = true)]
    timeout: f64,
    /// An annealing schedule to use instead of the solver's own.
    #[arg(long, value_name = "T0,FACTOR,FLOOR,HOLD", value_parser = schedule)]
    schedule: Option<Schedule>,
    /// Instead of solving each puzzle to the end, watch it as the page's Watch speed shows it
    /// (a tick a display frame at 60 a second), N seeds a puzzle from --seed on, each for up to
    /// --timeout seconds of frames, and report the seconds and the temperatures shown.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..), conflicts_with_all = ["ticks", "schedule"])]
    watch: Option<u64>,
    /// With --watch: the run as the page's Watch showed it before presentation schedules (the
    /// job not marked watched, so the solver's own schedule, only slowed at first), to compare.
    #[arg(long, requires = "watch")]
    unpresented: bool,
    /// Print JSON (one object per solver) instead of a markdown table.
    #[arg(long)]
    json: bool,
}

/// Reads a command line (the program's name first) without acting on it: usage errors, help
/// and `--version` come back as clap's error.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(args)
}

/// Runs one command and returns its exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match parse(args) {
        Ok(cli) => cli,
        Err(e) => {
            // Help and --version go to standard output with status 0, usage errors to standard
            // error with status 2.
            let _ = e.print();
            return e.exit_code();
        }
    };
    let result = match cli.command {
        Command::Solve(args) => solve(args),
        Command::Count(args) => count(args),
        Command::Bench(args) => bench_sets(args),
        Command::Generate(args) => generate(args),
        Command::Grade(args) => grade(args),
        Command::Hint(args) => hints::hint(args),
        Command::Read(args) => photo::read_photos(&args.photos, args.json),
        Command::Qubo(args) => read_puzzle(&args.puzzle).map(|puzzle| {
            outln!("{}", Qubo::sudoku(&puzzle, args.weight).to_json());
            DONE
        }),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "sudoku", &mut std::io::stdout());
            Ok(DONE)
        }
    };
    result.unwrap_or_else(|refusal| {
        eprintln!("sudoku: {refusal}");
        refusal.status()
    })
}

/// `--solver`: one of the registered names, listed in the help.
fn solver_parser() -> impl TypedValueParser<Value = SolverKind> {
    PossibleValuesParser::new(SolverKind::names())
        .map(|name| SolverKind::from_name(&name).unwrap_or_default())
}

/// A time limit: a finite number of seconds above zero.
fn seconds(text: &str) -> Result<f64, BadValue> {
    let s: f64 = text.parse().map_err(|_| BadValue::NotANumber)?;
    (s.is_finite() && s > 0.0)
        .then_some(s)
        .ok_or(BadValue::NotSeconds)
}

/// `--size`: the side of a board the engine knows.
fn side(text: &str) -> Result<usize, BadValue> {
    let n: usize = text.parse().map_err(|_| BadValue::NotWhole)?;
    Shape::of_side(n).map(|_| n).ok_or(BadValue::NoSide)
}

fn schedule(text: &str) -> Result<Schedule, BadValue> {
    let number = |part: &str, name| {
        part.parse::<f64>()
            .map_err(|_| BadValue::SchedulePart(name, part.to_string()))
    };
    let parts: Vec<&str> = text.split(',').collect();
    let [start, factor, floor, hold] = parts.as_slice() else {
        return Err(BadValue::ScheduleParts);
    };
    let s = Schedule {
        start: number(start, "T0")?,
        factor: number(factor, "FACTOR")?,
        floor: number(floor, "FLOOR")?,
        hold_steps: (hold.parse()).map_err(|_| BadValue::ScheduleHold(hold.to_string()))?,
    };
    let sane = s.floor > 0.0 && s.start >= s.floor && s.factor > 0.0 && s.factor < 1.0;
    sane.then_some(s).ok_or(BadValue::ScheduleOrder)
}

fn seconds_since(start: Instant) -> impl FnMut() -> f64 {
    move || start.elapsed().as_secs_f64()
}

/// The puzzle a command takes: the argument, or standard input for `-`.
fn read_puzzle(arg: &PuzzleArg) -> Result<Grid, CliError> {
    let text = if arg.puzzle == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(CliError::Stdin)?
    } else {
        arg.puzzle.clone()
    };
    let grid = Grid::parse_any(&text).map_err(CliError::Puzzle)?;
    let grid = ruled(grid, arg.rules.rules)?;
    let Some(text) = &arg.cages else {
        return Ok(grid);
    };
    grid.with_cage_text(text).map_err(CliError::Cages)
}
