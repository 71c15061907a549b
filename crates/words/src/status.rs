//! The sentences of the page's status line, its refusals of input, the race's notes and the
//! benchmark's status: each composed from the data the reducers hold, which decide only which
//! one to show.

use super::cages::{GIVEN, killer_holds};
use super::numbers::{counted, duration, fixed};
use super::verdicts::{refusal, remark_after, remark_before};
use sudoku_engine::board::{CellError, ParseError, Pos, Shape};
use sudoku_engine::generate::{Generated, Request};
use sudoku_engine::referee::{Remark, Verdict};
use sudoku_engine::spec::{Noun, SolverSpec};
use sudoku_engine::step::RunState;

/// What an empty board of `shape` says: how to enter a puzzle, then Solve.
pub fn welcome(shape: Shape) -> String {
    format!(
        "Type a puzzle (or paste {} characters into any cell), or press New puzzle; then Solve.",
        shape.cells()
    )
}

/// A board of another size took the place of one that held a puzzle: where it went.
pub fn board_resized(shape: Shape) -> String {
    let n = shape.size();
    format!("A new {n}×{n} board; Undo brings back the one before.")
}

/// `words` after `prefix` (what was wrong with a link), which may be empty.
pub fn prefixed(prefix: &str, words: &str) -> String {
    format!("{prefix} {words}").trim_start().to_string()
}

const DIGIT: Noun = Noun {
    one: "digit",
    many: "digits",
};

/// A puzzle was loaded, and how many givens it has (and cages, for a killer).
pub fn loaded(givens: usize, cages: usize) -> String {
    match cages {
        0 => format!("Puzzle loaded: {}.", counted(GIVEN, givens as u64)),
        _ => format!("Killer loaded: {}.", killer_holds(cages, givens)),
    }
}

/// Before [`entries_status`] while a digit on the board repeats one in its row, column, box or
/// other unit (the board marks it).
pub const REPEATED: &str = "A marked digit repeats one it must differ from.";

/// What the board holds after an edit on `shape`: `givens` (none while a puzzle is typed in by
/// hand) and `entries` digits in all, givens among them, a killer's `cages`, and what to do
/// next.
pub fn entries_status(shape: Shape, givens: usize, entries: usize, cages: usize) -> String {
    let open = shape.cells() - givens.min(shape.cells());
    let progress = entries.saturating_sub(givens);
    match (entries, givens) {
        _ if cages > 0 && progress == 0 => format!(
            "Killer: {}. Press Solve, or fill in the cells yourself (Check helps).",
            killer_holds(cages, givens)
        ),
        (0, _) => welcome(shape),
        // A killer's cages are its puzzle, so its digits are never a puzzle typed in.
        (_, 0) if cages == 0 => format!(
            "Puzzle typed in: {}. Press Solve, or Check or Hint to solve it yourself.",
            counted(DIGIT, entries as u64)
        ),
        _ if progress == 0 => format!(
            "Puzzle: {}. Press Solve, or fill in the open cells yourself (Check and Hint help).",
            counted(GIVEN, givens as u64)
        ),
        _ if progress >= open => {
            "Every cell is filled. Press Check to see whether your digits are right.".to_string()
        }
        _ => format!(
            "{progress} of {open} open cells filled. Check marks wrong digits; Hint gives the next step."
        ),
    }
}

/// A loaded puzzle of `givens` after `prefix`, once the referee's `verdict` is in: why it is
/// refused, or any remark and "Press Solve.".
pub fn described(prefix: &str, givens: usize, cages: usize, verdict: &Verdict) -> String {
    let tail = match verdict {
        Verdict::Refuse { reason, .. } => refusal(reason),
        Verdict::Proceed(remark) => prefixed(remark_before(*remark).unwrap_or(""), "Press Solve."),
    };
    prefixed(prefix, &prefixed(&loaded(givens, cages), &tail))
}

/// The referee is looking at the puzzle.
pub fn checking() -> String {
    "Checking the puzzle…".to_string()
}

/// The run's worker has been asked to start.
pub fn starting() -> String {
    "Starting…".to_string()
}

/// The referee's worker failed for `reason`, before a run (or a race, if `race`).
pub fn not_checked(reason: &str, race: bool) -> String {
    let words = format!("could not be checked: {reason}. Your entries are kept.");
    match race {
        true => format!("{NO_RACE}The puzzle {words}"),
        false => format!("The puzzle {words}"),
    }
}

/// What leads the status line when a race is refused; away from the race view the refusal is
/// said without it.
pub const NO_RACE: &str = "No race. ";

/// The referee refused a race's puzzle, in the words of `refusal`.
pub fn no_race(refusal: &str) -> String {
    format!("{NO_RACE}{refusal}")
}

/// The race has begun, with the referee's remark on its puzzle.
pub fn race_on(remark: Remark) -> String {
    match remark_before(remark) {
        Some(remark) => format!("The race is on. {remark}"),
        None => "The race is on.".to_string(),
    }
}

/// The run's worker failed for `reason`.
pub fn solver_failed(reason: &str) -> String {
    format!("The solver failed: {reason}. Your entries are kept.")
}

/// Stop pressed while a puzzle was being made (`making`) or checked.
pub fn stopped_early(making: bool) -> String {
    let before = match making {
        true => "Stopped making a puzzle.",
        false => "Stopped before the run began.",
    };
    format!("{before} Your entries are kept.")
}

/// What a solve took, after "Solved in 2 s": "after 3 restarts", or "with no restart" rather
/// than "after 0 restarts".
fn solved_with(kind: &SolverSpec, effort: u64) -> String {
    match effort {
        0 => format!("with no {}", kind.effort.one),
        n => format!("after {}", counted(kind.effort, n)),
    }
}

/// Where a run of `kind` stands (`state`, after `seconds`, `effort` and the solver's own
/// `closing` words; `forced` when the givens' forced moves alone solved it), with what the
/// referee's `remark` adds.
pub fn run_status(
    kind: &SolverSpec,
    state: RunState,
    seconds: f64,
    effort: u64,
    closing: Option<&str>,
    forced: bool,
    remark: Remark,
) -> String {
    let solved_with = solved_with(kind, effort);
    let effort = counted(kind.effort, effort);
    let message = match state {
        RunState::Running => kind.activity.to_string(),
        RunState::Solved if forced => forced_solve(kind, &duration(seconds * 1000.0)),
        RunState::Solved => format!("Solved in {} s {solved_with}.", fixed(seconds, 2)),
        RunState::Stopped => stopped(seconds, false),
        RunState::GaveUp => closing.map_or_else(
            || format!("Gave up after {effort} without a solution."),
            str::to_string,
        ),
        RunState::Unsolvable => {
            "This puzzle has no solution: the search tried every possibility.".to_string()
        }
    };
    // While it runs the line says what the solver does; the referee's remark waits for the end.
    let remark = match state {
        RunState::Solved => remark_after(remark),
        RunState::Unsolvable | RunState::Running => None,
        _ => remark_before(remark),
    };
    with_remark(message, remark)
}

/// A run that opening another view stopped after `seconds`, back on the board, with what the
/// referee's `remark` adds.
pub fn left_mid_run(seconds: f64, remark: Remark) -> String {
    with_remark(stopped(seconds, true), remark_before(remark))
}

/// A run stopped after `seconds`, by Stop or by the person leaving the board (`left`). Its
/// digits are the solver's, not entries: say where they go, not that entries were kept (a
/// killer stopped has none).
fn stopped(seconds: f64, left: bool) -> String {
    let when = when_left(left, "the board");
    format!(
        "Stopped after {} s{when}: the solver's digits stay on the board until an edit, Hint or Undo.",
        fixed(seconds, 1)
    )
}

/// After "Stopped", what stopped it when the person left `view` (a run, race or benchmark
/// stops as Stop stops it); nothing when Stop did.
fn when_left(left: bool, view: &str) -> String {
    match left {
        true => format!(" when you left {view}"),
        false => String::new(),
    }
}

fn with_remark(message: String, remark: Option<&str>) -> String {
    match remark {
        Some(remark) => format!("{message} {remark}"),
        None => message,
    }
}

/// New puzzle is making one for `request`.
pub fn making(request: &Request) -> String {
    let level = request.difficulty.map_or("", |d| d.name());
    let n = request.shape.size();
    let what = made_noun(request.killer);
    format!("Making a new {level} {n}×{n} {what}…").replace("  ", " ")
}

/// What New puzzle makes: a killer, or a puzzle.
fn made_noun(killer: bool) -> &'static str {
    match killer {
        true => "killer",
        false => "puzzle",
    }
}

/// New puzzle could make none, for `why`.
pub fn not_made(why: &str) -> String {
    format!("No puzzle can be made: {why}. Your entries are kept.")
}

const TRY: Noun = Noun {
    one: "try",
    many: "tries",
};

/// A new puzzle is on the board: its level, givens, and whether it is the level asked for and
/// minimal.
pub fn made(made: &Generated) -> String {
    let n = made.puzzle.shape().size();
    let (killer, givens) = (made.puzzle.is_killer(), made.puzzle.filled());
    let what = made_noun(killer);
    let holds = match killer {
        true => killer_holds(made.puzzle.cages().len(), givens),
        false => counted(GIVEN, givens as u64),
    };
    let mut message = if made.as_asked {
        format!("New {} {what}: {holds}", made.difficulty)
    } else {
        format!(
            "No {what} of that level turned up in {} on {n}×{n}; this one is {}: {holds}",
            counted(TRY, made.tries as u64),
            made.difficulty
        )
    };
    message.push_str(match (made.minimal, givens) {
        (true, 0) => ", exactly one solution.",
        (true, _) => ", exactly one solution, no given to spare.",
        (false, _) => ", exactly one solution. Not every given was proved necessary.",
    });
    message.push_str(" Press Solve.");
    message
}

/// A run of `kind` that forced moves (of the givens, or of a killer's cages) solved before any
/// move of its own, in `time`: an annealer found every spin clamped, the exact search needed no
/// guess.
fn forced_solve(kind: &SolverSpec, time: &str) -> String {
    let nothing = match kind.complete {
        true => "no guess was needed",
        false => "nothing was left to anneal",
    };
    format!("Forced moves solved it in {time}: {nothing}.")
}

/// Where a racer of `kind` stands (`state`, after `compute_ms` of work, `effort` and the solver's
/// own `closing` words; `forced` when the givens' forced moves alone solved it), on its card.
pub fn racer_status(
    kind: &SolverSpec,
    state: RunState,
    compute_ms: f64,
    effort: u64,
    closing: Option<&str>,
    forced: bool,
) -> String {
    let solved_with = solved_with(kind, effort);
    let effort = counted(kind.effort, effort);
    match state {
        RunState::Running => racer_running(kind),
        RunState::Solved if forced => forced_solve(kind, &duration(compute_ms)),
        RunState::Solved => format!("Solved in {} {solved_with}.", duration(compute_ms)),
        RunState::Stopped => racer_stopped(None),
        RunState::GaveUp => closing.map_or_else(
            || format!("Gave up after {effort}."),
            |words| format!("Gave up: {}", uncapitalised(words)),
        ),
        RunState::Unsolvable => "Proved that the puzzle has no solution.".to_string(),
    }
}

/// A racer before the race is started.
pub fn racer_waiting() -> String {
    "Waiting to start.".to_string()
}

/// A racer whose worker is still loading, the race asked for.
pub fn racer_loading() -> String {
    "Loading its worker…".to_string()
}

/// A racer of `kind` at work, and what it is doing.
pub fn racer_running(kind: &SolverSpec) -> String {
    format!("Running: {}", uncapitalised(kind.activity))
}

/// A racer that does not take the puzzle's board, rules or cages: the `boards` it takes.
pub fn racer_unsupported(boards: &str) -> String {
    format!("Unsupported here: it takes {boards}.")
}

/// A racer whose worker failed, for `why`.
pub fn racer_failed(why: &str) -> String {
    format!("Failed: {why}.")
}

/// A run of `kind` stopped at its limit of `limit_s` seconds, and the solver to try `instead`.
pub fn out_of_time(kind: &SolverSpec, limit_s: u32, instead: Option<&SolverSpec>) -> String {
    let stopped = format!("No solution within the {limit_s} s limit: stopped.");
    match instead {
        Some(other) => format!(
            "{stopped} {} struggles with this puzzle; {} solves any puzzle in moments. Pick it \
             beside Solve and press Solve again.",
            quoted(kind.title),
            quoted(other.title)
        ),
        None => stopped,
    }
}

/// A racer halted by Stop, or at the time limit of `limit_s` seconds.
pub fn racer_stopped(limit_s: Option<u32>) -> String {
    match limit_s {
        Some(limit) => format!("Stopped at the {limit} s limit."),
        None => "Race stopped.".to_string(),
    }
}

/// The race's status line before it starts: `racing` of the chosen solvers take the puzzle.
pub fn race_ready(racing: usize) -> String {
    match racing {
        0 => "None of the chosen solvers takes this puzzle.".to_string(),
        1 => "1 solver is ready. Press Start the race.".to_string(),
        n => format!("{n} solvers are ready. Press Start the race."),
    }
}

/// Where a race stands, for its status line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RaceTally<'a> {
    pub running: usize,
    pub solved: usize,
    /// The racers that take the puzzle.
    pub racing: usize,
    /// The winner's label and time, once there is one.
    pub winner: Option<(&'a str, f64)>,
    /// Stop was pressed before every racer had finished, or (`left`) the person left the view.
    pub stopped: bool,
    pub left: bool,
}

/// The race's status line, from its `tally`.
pub fn race_summary(tally: RaceTally) -> String {
    let RaceTally {
        running,
        solved,
        racing,
        winner,
        stopped,
        left,
    } = tally;
    let winner = winner.map(|(label, ms)| (quoted(label), ms));
    let when = when_left(left, "the race");
    match (running, winner) {
        (0, Some((label, ms))) if stopped => format!(
            "Race stopped{when}: {solved} of {racing} had solved it; {label} was first, in {}.",
            duration(ms)
        ),
        (0, None) if stopped => format!("Race stopped{when} before any racer solved it."),
        (0, Some((label, ms))) => format!(
            "Race over: {solved} of {racing} solved; {label} won in {}.",
            duration(ms)
        ),
        (0, None) if racing == 1 => "Race over: the racer did not solve it.".to_string(),
        (0, None) => format!("Race over: none of the {racing} racers solved it."),
        (_, Some((label, _))) => format!("{label} finished first; {running} still racing."),
        (_, None) => format!("{running} racing…"),
    }
}

/// The race's results table's column headers, in plain words: the steps each solver tried (its
/// flips, message rounds or search nodes) and its setbacks (restarts, backtracks).
pub const RACE_COLUMNS: [&str; 6] = [
    "Place",
    "Solver",
    "Result",
    "Time",
    "Steps tried",
    "Setbacks",
];

/// Under the race's results: why its times are rough.
pub fn race_times_vary() -> String {
    "Times are measured on this device while all the racers share it, so they vary from one \
     race to the next."
        .to_string()
}

/// Where a benchmark stands, for its status line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchTally {
    pub running: bool,
    /// Stop was pressed, or (`left`) the person left the view mid-run.
    pub stopped: bool,
    pub left: bool,
    /// No chosen solver takes the sample's board.
    pub nothing: bool,
    /// Runs (one solver on one puzzle) done, solved, and in all.
    pub done: usize,
    pub solved: usize,
    pub all: usize,
}

/// The benchmark's status line, from its `tally`: how many runs are done and how many of them
/// solved their puzzle.
pub fn bench_status(tally: BenchTally) -> String {
    let BenchTally {
        running,
        stopped,
        left,
        nothing,
        done,
        solved,
        all,
    } = tally;
    match (running, nothing) {
        (_, true) => "None of the chosen solvers takes this sample's board.".to_string(),
        (true, _) => format!("Running: {done} of {all} runs done, {solved} solved."),
        (false, _) if stopped && done < all => {
            let when = when_left(left, "the benchmark");
            format!("Stopped after {done} of {all} runs{when}: {solved} solved.")
        }
        (false, _) if done < all => format!(
            "Done: {solved} of {all} runs solved; {} not run, as a solver's worker failed.",
            all - done
        ),
        _ => format!("Done: {solved} of {all} runs solved."),
    }
}

/// The benchmark's results for people, by column: in plain words, not a statistician's.
pub const BENCH_COLUMNS: [&str; 6] = [
    "Solver",
    "Solved",
    "Typical time",
    "9 in 10 within",
    "Puzzles a second",
    "Work a second",
];

/// The benchmark's chart of times: what its marks and its scale are.
pub const BENCH_TIMES_CAPTION: &str = "Time per puzzle (each grid line ten times the last; filled dot: solved; bar: the typical time)";

/// One solver's median time per puzzle in the benchmark's chart, for its label: its title
/// quoted, since it may hold commas of its own.
pub fn bench_median(title: &str, seconds: f64) -> String {
    format!("{}: median {} s", quoted(title), fixed(seconds, 4))
}

/// What the benchmark's markdown table is, beside the table for people.
pub fn bench_markdown_note() -> String {
    "The same table as text to paste (as the command line's sudoku bench prints it): each \
     solver by its short name, its work a second in its own unit."
        .to_string()
}

/// What was typed into the cell at `pos` is not a digit of the board, for `e`.
pub fn typed_refused(pos: Pos, e: &CellError) -> String {
    format!("{}: {e}.", capitalised(&pos.to_string()))
}

/// A paste that is no puzzle, for `e`.
pub fn paste_refused(e: &ParseError) -> String {
    format!("That paste is not a puzzle: {e}.")
}

/// More than one character typed into a cell.
pub fn one_digit_a_cell() -> String {
    "A cell holds one digit.".to_string()
}

/// A digit-pad key with no cell selected.
pub fn tap_a_cell_first() -> String {
    "Tap a cell first, then a digit.".to_string()
}

/// Windoku asked for on a board whose boxes are not square.
pub fn windoku_needs_square_boxes() -> String {
    "Windoku needs square boxes: 4×4, 9×9, 16×16 or 25×25.".to_string()
}

/// A solver's title as a sentence names it: quoted, since titles such as "Annealing, as in the
/// 2019 demo" have commas of their own and would run into the sentence.
pub fn quoted(title: &str) -> String {
    format!("“{title}”")
}

/// "row 3, column 4" as "Row 3, column 4".
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| {
            std::iter::once(first.to_ascii_uppercase())
                .chain(chars)
                .collect()
        })
        .unwrap_or_default()
}

/// "Annealing…" as "annealing…", to follow a colon (the activities begin with a plain letter:
/// ASCII keeps Unicode's case tables out of the page).
fn uncapitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| {
            std::iter::once(first.to_ascii_lowercase())
                .chain(chars)
                .collect()
        })
        .unwrap_or_default()
}

/// A racer's plot with fewer than two points: nothing yet while `running`, else nothing at all,
/// the run having been `stopped` (by Stop or the time limit) or having finished.
pub fn nothing_to_plot(running: bool, stopped: bool) -> String {
    match (running, stopped) {
        (true, _) => "Its plot starts after its first reports.",
        (false, true) => "It was stopped before there was anything to plot.",
        (false, false) => "It finished within its first report, so there is no line to plot.",
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::board::Grid;
    use sudoku_engine::grade::Difficulty;

    #[test]
    fn a_made_puzzle_is_called_minimal_only_when_it_was_proved() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let puzzle = Grid::parse(line).unwrap_or_else(|e| panic!("{e:?}"));
        let mut generated = Generated {
            solution: puzzle.clone(),
            puzzle,
            difficulty: Difficulty::Easy,
            tries: 1,
            as_asked: true,
            minimal: true,
        };
        let proved = made(&generated);
        assert!(proved.contains("no given to spare"), "{proved}");
        assert!(!proved.contains("necessary"), "{proved}");
        generated.minimal = false;
        let unproved = made(&generated);
        assert!(
            unproved.contains("Not every given was proved necessary"),
            "{unproved}"
        );
        assert!(!unproved.contains("spare"), "{unproved}");
    }

    #[test]
    fn a_solve_with_no_restart_says_so_rather_than_after_0_restarts() {
        use sudoku_engine::registry::SolverKind;
        let ising = SolverKind::from_name("ising").expect("registered");
        let said = |effort| {
            run_status(
                &ising,
                RunState::Solved,
                9.012,
                effort,
                None,
                false,
                Remark::Nothing,
            )
        };
        assert_eq!(said(0), "Solved in 9.01 s with no restart.");
        assert_eq!(said(1), "Solved in 9.01 s after 1 restart.");
        assert_eq!(
            racer_status(&ising, RunState::Solved, 1234.0, 2, None, false),
            "Solved in 1.23 s after 2 restarts."
        );
    }
}
