//! Why a command stops short, one variant a kind of refusal: each knows its sentence and its
//! exit status, so that no command builds a message by hand or picks a status twice.

use std::fmt;
use std::path::PathBuf;
use sudoku_engine::board::{CageError, ParseError};
use sudoku_engine::check::PuzzleError;
use sudoku_engine::generate::NoGrid;
use sudoku_engine::read::ReadError;
use sudoku_engine::worker::Failure;
use sudoku_words as present;

use super::{BAD_INPUT, NO_SOLUTION};

/// A command's refusal, worded by [`fmt::Display`].
#[derive(Debug)]
pub enum CliError {
    /// Standard input could not be read.
    Stdin(std::io::Error),
    /// A file could not be read.
    File(PathBuf, std::io::Error),
    /// The puzzle's text is not a puzzle.
    Puzzle(ParseError),
    /// A line of a file of puzzles is not a puzzle.
    PuzzleLine(String, usize, ParseError),
    /// `--rules windoku` on a board without square boxes.
    NoWindoku(usize),
    /// `--size` names a board the engine does not know.
    NoSuchBoard,
    /// The cages are written wrong, overlap, or sum to what no grid gives.
    Cages(CageError),
    /// The cages on a line of a file of puzzles, as [`CliError::Cages`].
    CagesLine(String, usize, CageError),
    /// The puzzle breaks its own rules before any solver starts.
    Unsolvable(PuzzleError),
    /// The chosen solver does not take this puzzle.
    Unsupported(PuzzleError),
    /// The generator found no grid to make a puzzle from.
    NoPuzzle(NoGrid),
    /// A photo that does not decode, or holds no pixels.
    Photo(PathBuf, Option<image::ImageError>),
    /// A photo whose puzzle the reader cannot read.
    Unread(PathBuf, ReadError),
    /// A dataset's `.dat` file without its 81 digits.
    NotDigits(PathBuf),
    /// A watched run the worker refused.
    Watch(Failure),
    /// JSON that could not be written.
    Json(serde_json::Error),
}

impl CliError {
    /// The exit status: a puzzle or cages with no solution exit 3, every other refusal 2.
    pub fn status(&self) -> i32 {
        match self {
            CliError::Cages(e) | CliError::CagesLine(_, _, e) if e.is_impossible() => NO_SOLUTION,
            CliError::NoPuzzle(_) => NO_SOLUTION,
            _ => BAD_INPUT,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Stdin(e) => write!(f, "reading standard input: {e}"),
            CliError::File(path, e) => write!(f, "{}: {e}", path.display()),
            CliError::Puzzle(e) => write!(f, "bad puzzle: {e}"),
            CliError::PuzzleLine(path, line, e) => write!(f, "{path}, line {line}: {e}"),
            CliError::NoWindoku(side) => write!(
                f,
                "windoku needs square boxes of at least 2x2; a {side}x{side} board has none"
            ),
            CliError::NoSuchBoard => f.write_str("no such board"),
            CliError::Cages(e) => f.write_str(&present::cage_refusal(e)),
            CliError::CagesLine(path, line, e) => {
                write!(f, "{path}, line {line}: {}", present::cage_refusal(e))
            }
            CliError::Unsolvable(e) => write!(f, "the puzzle cannot be solved: {e}"),
            CliError::Unsupported(e) => write!(f, "{e}; choose another --solver"),
            CliError::NoPuzzle(why) => write!(f, "no puzzle can be made: {why}"),
            CliError::Photo(path, Some(e)) => write!(f, "{}: {e}", path.display()),
            CliError::Photo(path, None) => write!(f, "{}: an empty picture", path.display()),
            CliError::Unread(path, e) => {
                write!(f, "{}: {}", path.display(), present::read_refused(e))
            }
            CliError::NotDigits(path) => write!(f, "{}: not 81 digits", path.display()),
            CliError::Watch(why) => f.write_str(&present::failure(why)),
            CliError::Json(e) => write!(f, "writing JSON: {e}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> CliError {
        CliError::Json(e)
    }
}

/// Why a value of an option is refused, for clap to print after the option's name.
#[derive(Clone, Debug, PartialEq)]
pub enum BadValue {
    /// Not a number at all.
    NotANumber,
    /// Not a whole number.
    NotWhole,
    /// A time limit that is not a finite number of seconds above 0.
    NotSeconds,
    /// A board side the engine does not know.
    NoSide,
    /// `--schedule` without its four values.
    ScheduleParts,
    /// One of `--schedule`'s values (named) is not a number (quoted).
    SchedulePart(&'static str, String),
    /// `--schedule`'s HOLD (quoted) is not a whole number.
    ScheduleHold(String),
    /// `--schedule`'s values out of order.
    ScheduleOrder,
}

impl fmt::Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadValue::NotANumber => f.write_str("not a number"),
            BadValue::NotWhole => f.write_str("not a whole number"),
            BadValue::NotSeconds => f.write_str("takes a finite number of seconds above 0"),
            BadValue::NoSide => {
                f.write_str("takes 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24 or 25")
            }
            BadValue::ScheduleParts => f.write_str("takes four values: T0,FACTOR,FLOOR,HOLD"),
            BadValue::SchedulePart(name, part) => write!(f, "{name} is not a number: “{part}”"),
            BadValue::ScheduleHold(part) => write!(f, "HOLD is not a whole number: “{part}”"),
            BadValue::ScheduleOrder => f.write_str("needs 0 < FLOOR <= T0 and 0 < FACTOR < 1"),
        }
    }
}

impl std::error::Error for BadValue {}
