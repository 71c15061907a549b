//! The referee's verdicts in words: why a puzzle is refused, and what is worth telling about one
//! that is let through.

use sudoku_engine::board::CageError;
use sudoku_engine::check::PuzzleError;
use sudoku_engine::referee::{Reason, Remark};

/// Why the puzzle is refused: "This puzzle has no solution: …", or which boards a solver takes.
pub fn refusal(reason: &Reason) -> String {
    match reason {
        Reason::Puzzle(e @ PuzzleError::Unsupported { .. }) => {
            format!("The {e}; choose another solver.")
        }
        Reason::Puzzle(e) => format!("This puzzle cannot be solved: {e}."),
        Reason::NoSolution(Some(why)) => format!("This puzzle has no solution: {why}."),
        Reason::NoSolution(None) => "This puzzle has no solution.".to_string(),
    }
}

/// Why Solve is refused when the person's own entries are on the board: a dead end is theirs,
/// not the puzzle's, and Check says which entries are wrong.
pub fn refusal_of_entries(reason: &Reason) -> String {
    with_entries(reason, "Check shows which of them are wrong.")
}

/// Why Check or Hint has nothing to go by: the person's entries leave a puzzle of several
/// solutions none, and with no one solution to compare, no entry can be named wrong.
pub fn entries_leave_none(reason: &Reason) -> String {
    with_entries(reason, "Undo or clear the entries that cause it.")
}

/// The entries' dead end, then `advice`.
fn with_entries(reason: &Reason, advice: &str) -> String {
    match reason {
        Reason::NoSolution(Some(why)) => {
            format!("With your entries there is no solution: {why}. {advice}")
        }
        Reason::NoSolution(None) => format!("With your entries there is no solution. {advice}"),
        // A repeat or a cell left no digit is the entries' doing too, not the puzzle's.
        Reason::Puzzle(
            e @ (PuzzleError::DuplicateGivens(_) | PuzzleError::NoCandidates { .. }),
        ) => {
            format!("With your entries the board breaks the rules: {e}. {advice}")
        }
        other => refusal(other),
    }
}

/// Why cages given as text are refused: written wrong, or asking what no grid gives.
pub fn cage_refusal(e: &CageError) -> String {
    match e.is_impossible() {
        true => format!("these cages have no solution: {e}"),
        false => format!("bad cages: {e}"),
    }
}

/// The remark while nothing has been found yet: several solutions, or none decided.
pub fn remark_before(remark: Remark) -> Option<&'static str> {
    match remark {
        Remark::Nothing => None,
        Remark::Several => Some("It has more than one solution."),
        Remark::Undecided => Some("Could not decide quickly whether it has a solution."),
    }
}

/// The remark beside a solution: that it is one of several, or what was said before.
pub fn remark_after(remark: Remark) -> Option<&'static str> {
    match remark {
        Remark::Several => Some("The puzzle has more than one solution; this is one of them."),
        other => remark_before(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::board::{Grid, Pos, Shape};
    use sudoku_engine::exact::ForcedContradiction;
    use sudoku_engine::referee::{Verdict, verdict};

    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    fn refused(puzzle: &Grid) -> String {
        match verdict(puzzle) {
            Verdict::Refuse { reason, .. } => refusal(&reason),
            Verdict::Proceed(remark) => panic!("let through with {remark:?}"),
        }
    }

    #[test]
    fn each_kind_of_refusal_has_its_own_words() {
        let twice = Grid::parse(&INKALA.replacen('.', "8", 1)).expect("parses");
        assert_eq!(
            refused(&twice),
            "This puzzle cannot be solved: 8 appears twice in row 1: row 1, column 1 and row 1, column 2."
        );
        let stuck =
            Grid::parse(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))).expect("parses");
        assert_eq!(
            refused(&stuck),
            "This puzzle cannot be solved: no digit fits row 1, column 9: its row, column and box already hold them all."
        );
        let big = Shape::new(4, 4).expect("a board");
        let mut clash = Grid::empty(big);
        clash.set(0, Some(16));
        clash.set(big.size() - 1, Some(16));
        assert!(refused(&clash).contains("appears twice in row 1"));
        let unsupported = PuzzleError::Unsupported {
            solver: "Faithful Ising".to_string(),
            boards: "9×9".to_string(),
        };
        assert_eq!(
            refusal(&Reason::Puzzle(unsupported)),
            "The Faithful Ising handles 9×9 only; choose another solver."
        );
        assert_eq!(
            refusal(&Reason::NoSolution(None)),
            "This puzzle has no solution."
        );
    }

    #[test]
    fn a_repeat_among_the_persons_entries_is_theirs_not_the_puzzles() {
        let mut clash = Grid::empty(Shape::CLASSIC);
        clash.set(2, Some(9));
        clash.set(19, Some(9));
        let Verdict::Refuse { reason, .. } = verdict(&clash) else {
            panic!("two 9s in box 1 are refused");
        };
        let said = refusal_of_entries(&reason);
        assert!(
            said.starts_with(
                "With your entries the board breaks the rules: 9 appears twice in box 1"
            ),
            "{said}"
        );
        assert!(
            said.ends_with("Check shows which of them are wrong."),
            "{said}"
        );
    }

    #[test]
    fn a_dead_end_of_the_forced_moves_is_named() {
        let dead = ForcedContradiction::Cell {
            cell: 0,
            pos: Pos { row: 0, col: 0 },
        };
        assert_eq!(
            refusal(&Reason::NoSolution(Some(dead))),
            "This puzzle has no solution: after the forced moves no digit fits row 1, column 1."
        );
    }

    #[test]
    fn several_solutions_are_said_before_and_beside_a_solution() {
        assert_eq!(remark_before(Remark::Nothing), None);
        assert_eq!(
            remark_before(Remark::Several),
            Some("It has more than one solution.")
        );
        assert_eq!(
            remark_after(Remark::Several),
            Some("The puzzle has more than one solution; this is one of them.")
        );
        assert_eq!(
            remark_after(Remark::Undecided),
            remark_before(Remark::Undecided)
        );
    }
}
