//! Digging: givens taken away one group at a time while the exact search proves the puzzle
//! still has one solution (or, guided, while it needs no stronger technique), then, for a
//! symmetric puzzle, the check that no single given could go either.

use super::{Generated, Generator, Phase};
use crate::board::{Grid, Shape};
use crate::exact::{self, Diagnosis};
use crate::grade::{self, Difficulty};
use crate::rng::Draws;

/// Minimal puzzles made and graded before the generator turns to guided digging for a level
/// easier than guessing. A 9×9 minimal puzzle is hard one time in thirteen, so 120 tries miss
/// that level about once in 15,000 asks; on 16×16 nearly every minimal puzzle needs guessing
/// (60 of 60 measured), so the search for another level is cut short there, and on 25×25, where
/// a minimal puzzle takes seconds to dig and none measured was easier than expert, skipped.
fn plain_tries(shape: Shape) -> u32 {
    match shape.cells() {
        0..=81 => 120,
        82..=256 => 2,
        _ => 0,
    }
}

/// Nodes a uniqueness proof may spend; past it the given stays (the puzzle is never left with
/// two solutions, at worst with a given more). Proofs on 16×16 stay under 50,000 nodes; on
/// 25×25 about 250 of the 625 run past any budget tried up to 1,000 nodes, and a budget of 100
/// leaves about as many givens as one of 1,000 at a small part of the time (see BENCHMARKS).
fn proof_budget(shape: Shape) -> u64 {
    if shape.cells() > 256 { 100 } else { 50_000 }
}

impl Generator {
    /// Tries taking away the group of givens at `next`, keeping them if the puzzle no longer
    /// stands without them; past the last group, verifies or finishes the puzzle.
    pub(super) fn dig(
        &mut self,
        solution: Grid,
        mut puzzle: Grid,
        order: Vec<Vec<usize>>,
        next: usize,
    ) -> Option<Generated> {
        let Some(group) = order.get(next) else {
            if self.request.symmetric && self.guided().is_none() {
                self.phase = Phase::Verify {
                    solution,
                    puzzle,
                    next: 0,
                };
                return None;
            }
            return self.before_referee(puzzle, solution);
        };
        let kept = puzzle.clone();
        for &cell in group {
            puzzle.set(cell, None);
        }
        let stands = match self.guided() {
            // Techniques short of guessing that complete a puzzle prove it unique.
            Some(wanted) => grade::within(&self.geometry, &puzzle, wanted),
            None => self.proves_unique(&puzzle, &solution, group),
        };
        if !stands {
            puzzle = kept;
        }
        self.phase = Phase::Dig {
            solution,
            puzzle,
            order,
            next: next + 1,
        };
        None
    }

    /// Checks whether the next given from `next` on could go alone; if one could, the puzzle is
    /// not minimal and the generator begins again.
    pub(super) fn verify(
        &mut self,
        solution: Grid,
        puzzle: Grid,
        next: usize,
    ) -> Option<Generated> {
        let Some(cell) = (next..puzzle.digits().len()).find(|&c| puzzle.get(c).is_some()) else {
            return self.before_referee(puzzle, solution);
        };
        let mut fewer = puzzle.clone();
        fewer.set(cell, None);
        if self.proves_unique(&fewer, &solution, &[cell]) {
            // One given could go alone: not minimal, so begin again.
            return self.rejected();
        }
        self.phase = Phase::Verify {
            solution,
            puzzle,
            next: cell + 1,
        };
        self.out_of_tries()
    }

    /// The level removals are held to, if any: once plain digging has failed to find the level
    /// asked for [`plain_tries`] times, for any level short of guessing.
    pub(super) fn guided(&self) -> Option<Difficulty> {
        (self.request.difficulty)
            .filter(|&d| d < Difficulty::Expert && self.tries >= plain_tries(self.request.shape))
    }

    /// Whether the exact search proves, within the board's budget, that `puzzle` (a puzzle with
    /// the one solution `solution`, the givens at `taken` taken away) still has one solution;
    /// a proof cut short is remembered (the puzzle may then keep a given it does not need).
    /// Past 9×9 the search looks only for a solution that differs at `taken`; on 9×9 counting
    /// to two is cheaper than setting that search up.
    pub(super) fn proves_unique(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        taken: &[usize],
    ) -> bool {
        let budget = proof_budget(puzzle.shape());
        let proof = if puzzle.shape().cells() > 81 {
            exact::differs_at(puzzle, solution, taken, budget)
        } else {
            exact::diagnose(puzzle, budget).map(|d| match d {
                Diagnosis::Unique => Some(false),
                Diagnosis::Undecided => None,
                _ => Some(true),
            })
        };
        match proof {
            Ok(Some(false)) => true,
            Ok(None) => {
                self.cut_short = true;
                false
            }
            _ => false,
        }
    }

    /// The cells to try removing, in a random order: one at a time, or each with its mirror
    /// under a half turn.
    pub(super) fn removal_order(&mut self) -> Vec<Vec<usize>> {
        let cells = self.request.shape.cells();
        let mut order: Vec<Vec<usize>> = if self.request.symmetric {
            (0..cells.div_ceil(2))
                .map(|c| {
                    let mirror = cells - 1 - c;
                    if mirror == c {
                        vec![c]
                    } else {
                        vec![c, mirror]
                    }
                })
                .collect()
        } else {
            (0..cells).map(|c| vec![c]).collect()
        };
        self.rng.shuffle(&mut order);
        order
    }
}
