//! What the referee (the exact search, on a budget) says about a puzzle before any solver runs,
//! as data: [`sudoku_words as present`] puts it in the words the page and the command line both use.

use crate::board::Grid;
use crate::check::PuzzleError;
use crate::exact::{self, DIAGNOSIS_BUDGET, Diagnosis, ForcedContradiction};
use serde::{Deserialize, Serialize};

/// The referee's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// The puzzle cannot be solved, for `reason`: outline these cells.
    Refuse { reason: Reason, flagged: Vec<usize> },
    /// Go ahead, telling the user what there is to know.
    Proceed(Remark),
}

/// Why the referee refuses a puzzle, kept as data so that each reader words it its own way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reason {
    /// The givens break a rule on their face, or the solver does not take the board.
    Puzzle(PuzzleError),
    /// The search found no solution; with the dead end when the forced moves already reach one.
    NoSolution(Option<ForcedContradiction>),
}

/// Something worth telling about a solvable (or undecided) puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Remark {
    #[default]
    Nothing,
    Several,
    Undecided,
}

/// The refusal of a puzzle a solver refused, outlining the cells `e` is about.
pub fn refusal(e: &PuzzleError) -> Verdict {
    Verdict::Refuse {
        reason: Reason::Puzzle(e.clone()),
        flagged: e.cells(),
    }
}

/// The puzzle's one solution, for Check; otherwise the verdict that says why there is none to
/// compare with (no solution, several, or none found within the budget).
pub fn solution(puzzle: &Grid) -> Result<Grid, Verdict> {
    match verdict(puzzle) {
        // Proved unique within the budget: the first solution comes in fewer guesses still.
        Verdict::Proceed(Remark::Nothing) => (exact::count(puzzle, 1).ok())
            .and_then(|count| count.first)
            .ok_or(Verdict::Proceed(Remark::Undecided)),
        other => Err(other),
    }
}

/// The puzzle's one solution to judge `entries` by, for Check and Hint; otherwise why there is
/// none. A puzzle of several solutions cannot say which entry is wrong, but its entries can
/// still leave none at all: that refusal (with its dead end) comes before the remark.
pub fn solution_for(puzzle: &Grid, entries: &Grid) -> Result<Grid, Verdict> {
    match solution(puzzle) {
        Err(Verdict::Proceed(remark)) => match verdict(entries) {
            refused @ Verdict::Refuse { .. } => Err(refused),
            Verdict::Proceed(_) => Err(Verdict::Proceed(remark)),
        },
        other => other,
    }
}

/// Looks at `puzzle` within [`DIAGNOSIS_BUDGET`] guesses.
pub fn verdict(puzzle: &Grid) -> Verdict {
    match exact::diagnose(puzzle, DIAGNOSIS_BUDGET) {
        Err(e) => refusal(&e),
        Ok(Diagnosis::NoSolution(dead)) => Verdict::Refuse {
            flagged: dead.as_ref().and_then(|d| d.cell()).into_iter().collect(),
            reason: Reason::NoSolution(dead),
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
    fn unique_several_none_and_broken_givens_get_their_own_verdicts() {
        let inkala = Grid::parse(INKALA).expect("valid");
        assert_eq!(verdict(&inkala), Verdict::Proceed(Remark::Nothing));
        let empty = Grid::empty(inkala.shape());
        assert_eq!(verdict(&empty), Verdict::Proceed(Remark::Several));
        let twice = Grid::parse(&INKALA.replacen('.', "8", 1)).expect("parses");
        let Verdict::Refuse { reason, flagged } = verdict(&twice) else {
            panic!("repeated givens must be refused");
        };
        assert!(
            matches!(&reason, Reason::Puzzle(PuzzleError::DuplicateGivens(d)) if d[0].cells == [0, 1]),
            "{reason:?}"
        );
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
            let Verdict::Refuse { reason, .. } = verdict(&clash) else {
                panic!("repeated givens must be refused");
            };
            assert!(
                matches!(&reason, Reason::Puzzle(PuzzleError::DuplicateGivens(d)) if d[0].positions[0].row == 0),
                "{reason:?}"
            );
        }
    }

    #[test]
    fn killers_are_diagnosed_by_their_cages() {
        let mut rng = <crate::rng::Rng as crate::rng::SeedableRng>::seed_from_u64(7);
        let shape = crate::board::Shape::CLASSIC;
        let (killer, answer) =
            crate::generate::killer_with_rng(shape, 0, &mut rng).expect("a killer");
        assert_eq!(killer.filled(), 0);
        assert_eq!(verdict(&killer), Verdict::Proceed(Remark::Nothing));
        assert_eq!(solution(&killer), Ok(answer));
        // The same cages with one sum moved by one between two cages of two cells or more.
        let mut cages = killer.cages().to_vec();
        let wide: Vec<usize> = (0..cages.len()).filter(|&i| cages[i].len() > 1).collect();
        let (a, b) = (wide[0], wide[1]);
        cages[a] = crate::board::Cage::new(cages[a].sum() + 1, cages[a].cells());
        cages[b] = crate::board::Cage::new(cages[b].sum() - 1, cages[b].cells());
        let Ok(wrong) = Grid::empty(shape).with_cages(cages) else {
            return;
        };
        assert!(matches!(
            verdict(&wrong),
            Verdict::Refuse { .. } | Verdict::Proceed(Remark::Several)
        ));
    }
}
