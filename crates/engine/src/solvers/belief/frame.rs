//! What a message-passing run shows: its beliefs as shaded candidates, the read-out, and the
//! penalty and mean entropy it plots.

use super::strongest;
use crate::board::{Geometry, Grid};
use crate::check;
use crate::step::{
    BeliefFigures, BeliefSearch, Detail, Figures, Frame, Mark, Series, level, pack_levels,
};
use std::sync::Arc;

/// What a message-passing run plots: the read-out's penalty and the mean entropy.
pub const SERIES: [Series; 2] = [Series::linear("Penalty"), Series::linear("Mean entropy")];

/// The report's objective: how far each row, column and box sum is from `1 + 2 + … + n`
/// (`Σ |sum − 45|` on a 9×9 board), over a grid's digits (0 for blank).
pub fn penalty(geometry: &Geometry, digits: &[u8]) -> u32 {
    let n = geometry.shape().size() as i64;
    let target = n * (n + 1) / 2;
    geometry
        .units()
        .map(|(_, cells)| {
            let sum: i64 = cells
                .iter()
                .map(|&c| i64::from(digits.get(c).copied().unwrap_or(0)))
                .sum();
            (sum - target).unsigned_abs() as u32
        })
        .sum()
}

/// The frame of a message-passing run: beliefs as shaded candidates, the read-out, the penalty
/// and the mean entropy.
pub struct BeliefFrame {
    pub frame: Frame,
    figures: BeliefFigures,
    geometry: Arc<Geometry>,
    puzzle: Grid,
    digits: Vec<u8>,
}

impl BeliefFrame {
    /// The frame on `puzzle`, with the preset's own search after the shared figures.
    pub fn new(puzzle: &Grid, search: BeliefSearch) -> BeliefFrame {
        let geometry = Geometry::of(puzzle.shape());
        let cells = puzzle.shape().cells();
        let figures = BeliefFigures {
            mean_entropy: 0.0,
            penalty: 0,
            decided: 0,
            rounds: 0,
            search,
        };
        let detail = Detail::Spins {
            up: vec![0; cells],
            shown: vec![0; cells],
            free: vec![0; cells],
            levels: vec![0; cells],
        };
        BeliefFrame {
            frame: Frame::new(cells, Figures::Belief(figures), SERIES, detail),
            figures,
            geometry,
            puzzle: puzzle.clone(),
            digits: vec![0; cells],
        }
    }

    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Shows `beliefs` (`n` per cell) over the candidates `allowed`; a cell with one candidate
    /// left is decided, and drawn clamped. Each cell reads out its likeliest digit.
    pub fn show(&mut self, beliefs: &[f64], allowed: &[u32], rounds: u64, search: BeliefSearch) {
        let n = self.puzzle.shape().size();
        let frame = &mut self.frame;
        if let Detail::Spins {
            up,
            shown,
            free,
            levels,
        } = &mut frame.detail
        {
            for c in 0..up.len() {
                let cell = &beliefs[c * n..(c + 1) * n];
                let best = strongest(cell);
                let some = cell[best] > 0.0;
                up[c] = if some { 1 << best } else { 0 };
                shown[c] = allowed[c];
                free[c] = if allowed[c].count_ones() == 1 {
                    0
                } else {
                    allowed[c]
                };
                levels[c] = pack_levels(cell.iter().map(|&b| level(b as f32)));
                self.digits[c] = if some { best as u8 + 1 } else { 0 };
                frame.cells[c] = if some {
                    Mark::Digit(best as u8 + 1)
                } else {
                    Mark::Empty
                };
            }
        }
        let frame = &mut self.frame;
        frame.violations = check::violations(&self.geometry, &self.puzzle, &frame.cells);
        let penalty = penalty(&self.geometry, &self.digits);
        self.figures = BeliefFigures {
            penalty,
            decided: allowed.iter().filter(|a| a.count_ones() == 1).count() as u64,
            rounds,
            search,
            ..self.figures
        };
        frame.figures = Figures::Belief(self.figures);
        frame.sample.tick = frame.ticks;
        frame.sample.values = [f64::from(penalty), self.figures.mean_entropy];
    }

    /// Records the mean entropy of the beliefs of the open cells.
    pub fn set_entropy(&mut self, entropy: f64) {
        self.figures.mean_entropy = entropy;
        self.frame.figures = Figures::Belief(self.figures);
    }
}
