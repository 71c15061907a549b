//! The last phases: a finished puzzle past 9×9 through the referee's count, then graded and kept,
//! or remembered as the nearest grade so far and another begun.

use super::{Generated, Generator, MAX_TRIES, Phase};
use crate::board::{Geometry, Grid};
use crate::exact::{DIAGNOSIS_BUDGET, Search};
use crate::grade::{self, Difficulty};

/// Keeps `made` as `nearest` when its grade is nearer `wanted` than the one kept so far.
pub(super) fn keep_nearer(nearest: &mut Option<Generated>, made: Generated, wanted: Difficulty) {
    let distance = |d: Difficulty| (d as i32 - wanted as i32).abs();
    if (nearest.as_ref()).is_none_or(|n| distance(made.difficulty) < distance(n.difficulty)) {
        *nearest = Some(made);
    }
}

/// Nodes of the referee's count on a finished puzzle per step, so that a step stays short.
const REFEREE_SLICE: u64 = 2_000;

impl Generator {
    /// Hands a finished puzzle past 9×9 to the referee's count; on 9×9 the digging's proofs
    /// were that count.
    pub(super) fn before_referee(&mut self, puzzle: Grid, solution: Grid) -> Option<Generated> {
        if puzzle.shape().cells() <= 81 {
            return self.finish(puzzle, solution);
        }
        match Search::new(&puzzle, 2) {
            Ok(search) => {
                self.phase = Phase::Referee {
                    solution,
                    puzzle,
                    search: Box::new(search),
                };
                None
            }
            Err(_) => self.rejected(),
        }
    }

    /// A slice of the referee's count on a finished puzzle: one the page's referee could not
    /// decide within its budget ("could not decide quickly") is dropped and another begun.
    pub(super) fn referee(
        &mut self,
        solution: Grid,
        puzzle: Grid,
        mut search: Box<Search>,
    ) -> Option<Generated> {
        let left = DIAGNOSIS_BUDGET.saturating_sub(search.nodes);
        let over = search.run(left.min(REFEREE_SLICE));
        match (over, search.solutions()) {
            (true, 1) => self.finish(puzzle, solution),
            (false, _) if search.nodes < DIAGNOSIS_BUDGET => {
                self.phase = Phase::Referee {
                    solution,
                    puzzle,
                    search,
                };
                None
            }
            _ => self.rejected(),
        }
    }

    /// A puzzle dropped before grading (not minimal, or undecided by the referee) counts as a
    /// try.
    pub(super) fn rejected(&mut self) -> Option<Generated> {
        self.tries += 1;
        self.out_of_tries()
    }

    /// Grades a finished puzzle: kept if its grade is the one asked for, else remembered if it
    /// is the nearest yet, and a new one begun.
    pub(super) fn finish(&mut self, puzzle: Grid, solution: Grid) -> Option<Generated> {
        // Whether this puzzle was dug guided, before the count of tries moves on.
        let guided = !self.request.killer && self.guided().is_some();
        self.tries += 1;
        // A killer's grade reasons with its cages.
        let difficulty = grade::grade(&Geometry::of_puzzle(&puzzle), &puzzle)?;
        let wanted = self.request.difficulty.unwrap_or(difficulty);
        let generated = Generated {
            puzzle,
            solution,
            difficulty,
            tries: self.tries,
            as_asked: difficulty == wanted,
            minimal: !self.cut_short && !guided,
        };
        if generated.as_asked {
            return Some(generated);
        }
        keep_nearer(&mut self.nearest, generated, wanted);
        self.out_of_tries()
    }

    /// The nearest puzzle so far once [`MAX_TRIES`] have been made.
    pub(super) fn out_of_tries(&mut self) -> Option<Generated> {
        if self.tries < MAX_TRIES {
            return None;
        }
        self.nearest.take().map(|n| Generated {
            tries: self.tries,
            ..n
        })
    }
}
