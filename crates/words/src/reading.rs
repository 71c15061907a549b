//! The sentences about pictures: what a reading found, why a picture gave no puzzle, and what
//! the Scan view says while the camera looks.

use super::numbers::counted;
use sudoku_engine::read::ReadError;
use sudoku_engine::spec::Noun;

const MARKED_CELL: Noun = Noun {
    one: "marked cell",
    many: "marked cells",
};

/// The end of every sentence about a picture that gave no puzzle.
const KEPT: &str = "Your entries are kept.";

/// A puzzle was read from a picture: how many cells to check, and how many of them were read
/// as a less likely digit because the likeliest would have left the puzzle without exactly one
/// solution. Each digit can be typed over: the reader errs now and then, marked or not.
pub fn read_note(unsure: usize, corrected: usize) -> String {
    let marked = counted(MARKED_CELL, unsure as u64);
    let fix = "type over any digit read wrong";
    match (unsure, corrected) {
        (0, _) => format!("Read from the picture: {fix}."),
        (_, 0) => format!("Read from the picture: check the {marked}, and {fix}."),
        (_, c) => {
            let seen = match c {
                1 => "1 of them looked more like another digit, which".to_string(),
                _ => format!("{c} of them looked more like other digits, which"),
            };
            format!(
                "Read from the picture: check the {marked}, and {fix}. {seen} would have left the puzzle without a single solution."
            )
        }
    }
}

/// The puzzle on the board was read again from a picture: the person's corrections stay.
pub fn read_kept() -> String {
    "Read the same puzzle again: your corrections are kept.".into()
}

/// Why a picture gave no puzzle, in a sentence.
pub fn read_refused(e: &ReadError) -> String {
    match e {
        ReadError::NotAPicture => "That is not a picture this page can read.".into(),
        ReadError::NoGrid => {
            "No grid found: hold the puzzle flat, fill the frame with it, and light it evenly."
                .into()
        }
        ReadError::OtherSize { side } => {
            format!("That grid has {side} cells a side; the reader reads 9×9 and 16×16 grids.")
        }
        ReadError::RunsOff => "The grid runs off the photo's edge: fit all of it in.".into(),
        ReadError::Illegible => {
            "The grid is too small or unclear to read: move closer, or open a larger picture."
                .into()
        }
    }
}

/// Why the reader found no puzzle in a picture, and that the entries stay.
pub fn not_read(error: &ReadError) -> String {
    format!("{} {KEPT}", read_refused(error))
}

/// The camera was refused (`refused`) or there is none.
pub fn no_camera(refused: bool) -> String {
    match refused {
        true => format!(
            "The camera was not allowed, so nothing was scanned; open a photo instead. {KEPT}"
        ),
        false => format!("No camera was found; open a photo instead. {KEPT}"),
    }
}

/// A file that the browser could not decode as an image.
pub fn not_an_image() -> String {
    format!("That file is not an image the browser can open. {KEPT}")
}

/// The reader's worker failed for `reason`.
pub fn reader_failed(reason: &str) -> String {
    format!("The picture could not be read: {reason}. {KEPT}")
}

/// What the Scan view says once the camera's puzzle is read, before a run on the paper, agreeing
/// with the board: whether it was the board's puzzle again, whose corrections were `kept`; while
/// the referee looks (`checking`), why it `refused` the puzzle (a digit was misread), and how
/// many cells the reader was `unsure` of.
pub fn paper_ready(kept: bool, checking: bool, refused: Option<&str>, unsure: usize) -> String {
    let ready = ready_words(checking, refused, unsure);
    if kept {
        format!("The board's corrections are kept. {ready}")
    } else {
        ready
    }
}

/// [`paper_ready`] of a puzzle just read.
fn ready_words(checking: bool, refused: Option<&str>, unsure: usize) -> String {
    let marked = counted(MARKED_CELL, unsure as u64);
    let misread = "A digit was misread: press Done, and correct it on the board";
    match (checking, refused, unsure) {
        (true, ..) => "Puzzle read; checking it…".to_string(),
        (_, Some(why), 0) => format!("{why} {misread}."),
        (_, Some(why), _) => format!("{why} {misread} (the {marked} are the likeliest)."),
        (_, None, 0) => {
            "Puzzle read. Solve on the paper, or press Done to see it on the board.".into()
        }
        (_, None, _) => {
            format!(
                "Puzzle read: press Done to check the {marked} on the board, or Solve on the paper."
            )
        }
    }
}

/// What the Scan view says once a run on the paper was stopped before it solved the puzzle: the
/// digits drawn there are no solution.
pub fn paper_stopped() -> String {
    "Stopped unsolved: the blue digits on the paper are the run's last try, not a solution. Solve on the paper starts again.".into()
}

/// What the Scan view says while a run on the paper goes: what the page says of it, then how
/// far it has got (as under the board's status line).
pub fn paper_running(said: &str, progress: Option<&str>) -> String {
    match progress {
        Some(progress) => format!("{said} {progress}"),
        None => said.to_string(),
    }
}

/// What the Scan view says when Capture found no puzzle in the frame: why, and to try again.
pub fn capture_missed(error: &ReadError) -> String {
    format!("{} Then press Capture again.", read_refused(error))
}

/// What a live view's last frame showed of a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InSight {
    Nothing,
    /// A grid the frame's edge cuts: reading it would be refused.
    Cut,
    Whole,
}

/// What the Scan view says while it looks: what of a grid is in sight, or that the frame is
/// being read.
pub fn scan_status(in_sight: InSight, reading: bool) -> &'static str {
    match (in_sight, reading) {
        (_, true) => "Reading the puzzle…",
        (InSight::Whole, false) => "Grid found: hold still, or press Capture.",
        (InSight::Cut, false) => "Part of the grid is out of view: fit all of it in.",
        (InSight::Nothing, false) => "Point the camera at the puzzle's grid.",
    }
}
