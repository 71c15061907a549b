//! What the referee (the exact search, on a budget) says about a puzzle before any solver runs,
//! in the words the page and the command line both use.

use crate::board::Grid;
use crate::check::PuzzleError;
use crate::solvers::exact::{self, DIAGNOSIS_BUDGET, Diagnosis};
use serde::{Deserialize, Serialize};

/// The referee's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// The puzzle cannot be solved: say why, and outline these cells.
    Refuse {
        message: String,
        flagged: Vec<usize>,
    },
    /// Go ahead, telling the user what there is to know.
    Proceed(Remark),
}

/// Something worth telling about a solvable (or undecided) puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Remark {
    #[default]
    Nothing,
    Several,
    Undecided,
}

impl Remark {
    /// The remark while nothing has been found yet.
    pub fn before(self) -> Option<&'static str> {
        match self {
            Remark::Nothing => None,
            Remark::Several => Some("It has more than one solution."),
            Remark::Undecided => Some("Could not decide quickly whether it has a solution."),
        }
    }

    /// The remark beside a solution.
    pub fn after(self) -> Option<&'static str> {
        match self {
            Remark::Several => Some("The puzzle has more than one solution; this is one of them."),
            other => other.before(),
        }
    }
}

/// What to say, and which cells to outline, about a puzzle a solver refused.
pub fn refusal(e: &PuzzleError) -> Verdict {
    let message = match e {
        PuzzleError::Unsupported { .. } => format!("The {e}; choose another solver."),
        e => format!("This puzzle cannot be solved: {e}."),
    };
    Verdict::Refuse {
        message,
        flagged: e.cells(),
    }
}

/// Looks at `puzzle` within [`DIAGNOSIS_BUDGET`] guesses.
pub fn verdict(puzzle: &Grid) -> Verdict {
    match exact::diagnose(puzzle, DIAGNOSIS_BUDGET) {
        Err(e) => refusal(&e),
        Ok(Diagnosis::NoSolution(dead)) => Verdict::Refuse {
            message: match &dead {
                Some(why) => format!("This puzzle has no solution: {why}."),
                None => "This puzzle has no solution.".to_string(),
            },
            flagged: dead.and_then(|d| d.cell()).into_iter().collect(),
        },
        Ok(Diagnosis::Unique) => Verdict::Proceed(Remark::Nothing),
        Ok(Diagnosis::Several) => Verdict::Proceed(Remark::Several),
        Ok(Diagnosis::Undecided) => Verdict::Proceed(Remark::Undecided),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

    #[test]
    fn unique_several_none_and_broken_givens_get_their_own_words() {
        let inkala = Grid::parse(INKALA).expect("valid");
        assert_eq!(verdict(&inkala), Verdict::Proceed(Remark::Nothing));
        let empty = Grid::empty(inkala.shape());
        assert_eq!(verdict(&empty), Verdict::Proceed(Remark::Several));
        let twice = Grid::parse(&INKALA.replacen('.', "8", 1)).expect("parses");
        let Verdict::Refuse { message, flagged } = verdict(&twice) else {
            panic!("repeated givens must be refused");
        };
        assert!(message.contains("8 appears twice in row 1"), "{message}");
        assert!(flagged.contains(&0) && flagged.contains(&1), "{flagged:?}");
        // Row 1 holds 1-8 and column 9 a 9: the last cell of row 1 has no digit left.
        let stuck =
            Grid::parse(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))).expect("parses");
        let Verdict::Refuse { flagged, .. } = verdict(&stuck) else {
            panic!("a cell with no digit must be refused");
        };
        assert_eq!(flagged, vec![8]);
        // Boards past 128 cells too: the empty 16×16 and 25×25 have many solutions.
        for (rows, cols) in [(4, 4), (5, 5)] {
            let big = crate::board::Shape::new(rows, cols).expect("a board");
            assert_eq!(
                verdict(&Grid::empty(big)),
                Verdict::Proceed(Remark::Several)
            );
            let mut clash = Grid::empty(big);
            clash.set(0, Some(16));
            clash.set(big.size() - 1, Some(16));
            let Verdict::Refuse { message, .. } = verdict(&clash) else {
                panic!("repeated givens must be refused");
            };
            assert!(message.contains("appears twice in row 1"), "{message}");
        }
        assert_eq!(
            Remark::Several.after(),
            Some("The puzzle has more than one solution; this is one of them.")
        );
    }
}
