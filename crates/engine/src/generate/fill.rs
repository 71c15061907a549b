//! The first phases: a search for any grid at all (some rule sets have none), then random
//! solution grids, relabelling the first grid found when the rules leave few to stumble on.

use super::{CHECK_BUDGET, Generator, NoGrid, Phase};
use crate::board::{Digit, Grid};
use crate::exact::Search;
use crate::rng::Draws;

/// Nodes a search may spend filling a grid from its random seed givens before those are
/// redrawn.
const FILL_BUDGET: u64 = 2_000;

/// Failed attempts at a random grid in a row before the generator relabels the digits of the
/// grid its first search found instead (tight rule sets leave few grids to stumble on).
const MAX_FAILED_FILLS: u32 = 20;

impl Generator {
    /// Runs only as far as a random solution grid: the check that the rules allow one, then
    /// attempts until one is found.
    pub(super) fn solution(mut self) -> Result<Grid, NoGrid> {
        loop {
            match std::mem::replace(&mut self.phase, Phase::Fill) {
                Phase::Impossible(why) => return Err(why),
                Phase::Check(search) => self.check(search),
                _ => {
                    if let Some(grid) = self.fill() {
                        return Ok(grid);
                    }
                }
            }
        }
    }

    /// One slice of the search for any grid: keeps the first one found as the base, or gives
    /// up once the search is exhausted or over its budget.
    pub(super) fn check(&mut self, mut search: Box<Search>) {
        let over = search.run(FILL_BUDGET);
        self.base = search.take_first_solution();
        self.phase = match (self.base.is_some(), over) {
            (true, _) => Phase::Fill,
            (false, true) => Phase::Impossible(NoGrid::Proved),
            (false, false) if search.nodes >= CHECK_BUDGET => Phase::Impossible(NoGrid::NotFound),
            (false, false) => Phase::Check(search),
        };
    }

    /// One attempt at a random solution grid: one random digit in each of a few random cells
    /// (where it still fits), then the exact search, on a budget.
    pub(super) fn fill(&mut self) -> Option<Grid> {
        let shape = self.request.shape;
        let mut seeds = Grid::empty(shape);
        let mut cells: Vec<usize> = (0..shape.cells()).collect();
        self.rng.shuffle(&mut cells);
        for &cell in cells.iter().take(shape.size() + shape.size() / 4 + 1) {
            let fits = crate::check::candidates(&self.geometry, &seeds, cell);
            let choices: Vec<u8> = fits.iter().map(Digit::get).collect();
            if !choices.is_empty() {
                let pick = choices[self.rng.below(choices.len() as u32) as usize];
                seeds.set(cell, Some(pick));
            }
        }
        let found = Search::new(&seeds, 1).ok().and_then(|mut search| {
            search.run(FILL_BUDGET);
            search.take_first_solution()
        });
        if found.is_some() {
            self.failed_fills = 0;
            return found;
        }
        self.failed_fills += 1;
        if self.failed_fills < MAX_FAILED_FILLS {
            return None;
        }
        // The rules leave few grids: the first one found, its digits shuffled (every rule
        // holds under a relabelling of the digits).
        let base = self.base.as_ref()?;
        let mut labels: Vec<u8> = (1..=shape.size() as u8).collect();
        self.rng.shuffle(&mut labels);
        let digits = (base.digits().iter())
            .map(|&d| labels[usize::from(d) - 1])
            .collect();
        Grid::from_digits(shape, digits)
    }
}
