//! Why a worker did not carry out an order, in words: the reason the status lines put after
//! "The solver failed:", "could not be checked:" and the like.

use super::numbers::fixed;
use sudoku_engine::worker::Failure;

/// The reason `failure` gives, to follow a colon.
pub fn failure(failure: &Failure) -> String {
    match failure {
        Failure::NoRun => "no run has been started".to_string(),
        Failure::SliceOutOfRange(ms) => format!("a slice of {} ms is out of range", fixed(*ms, 1)),
        Failure::LimitOutOfRange(s) => {
            format!("a time limit of {} s is out of range", fixed(*s, 1))
        }
        Failure::NoSolver(name) => format!("no solver is named “{name}”"),
        Failure::NoSample { set, index } => {
            format!("no bundled sample “{set}” has a puzzle {}", index + 1)
        }
        Failure::Puzzle(error) => error.to_string(),
        Failure::NotMaking => "no puzzle is being made".to_string(),
        Failure::EntriesOffBoard => "the entries are not on the puzzle's board".to_string(),
        Failure::MarkOffBoard(cell) => format!("no cell {cell} on the board"),
        Failure::Unreadable(why) => format!("unreadable message: {why}"),
        Failure::Crashed(why) => format!("it crashed ({why})"),
        Failure::NotStarted(why) => format!("no worker could start ({why})"),
        Failure::Lost(why) if why.is_empty() => "its worker could not load".to_string(),
        Failure::Lost(why) => format!("its worker failed ({why})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_that_never_came_is_told_apart_from_one_that_failed() {
        let said = |f: Failure| failure(&f);
        assert_eq!(
            said(Failure::Lost(String::new())),
            "its worker could not load"
        );
        assert_eq!(
            said(Failure::Lost("oops".into())),
            "its worker failed (oops)"
        );
        assert_eq!(
            said(Failure::NotStarted("SecurityError".into())),
            "no worker could start (SecurityError)"
        );
        assert_eq!(
            said(Failure::NoSample {
                set: "famous".into(),
                index: 9
            }),
            "no bundled sample “famous” has a puzzle 10"
        );
    }
}
