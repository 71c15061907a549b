//! Sum-product belief propagation on Sudoku's factor graph, as in the report of seed 004 after
//! Moon and Gunther: one variable per cell (its digit), one factor per unit (all different).
//!
//! This module holds what both presets share: the messages ([`Messages`], in a file of their own
//! because the subset recursion behind them is the family's arithmetic), the propagation they
//! run and the frame they show. The presets are [`bp`] (decimation, the default) and
//! [`bp_faithful`] (the report's pipeline, and its first phase alone).

pub mod bp;
pub mod bp_faithful;
mod frame;
mod messages;

pub use frame::{BeliefFrame, SERIES, penalty};
pub use messages::{Contradiction, Messages};

use super::strongest;
use crate::board::{Geometry, Grid};
use crate::check;
use crate::spec::{Boards, Family, Noun, Work, units_only};
use crate::step::BeliefSearch;

/// Boards whose units the subset recursion handles quickly: `2ⁿ` states per unit.
pub const MAX_DIGITS: usize = 16;

/// A round of messages: every unit sends to every one of its cells once.
pub const ROUND: Noun = Noun {
    one: "message round",
    many: "message rounds",
};

/// What the belief-propagation presets share, as the default preset (decimation) runs it:
/// rounds of messages as the work, boards of at most [`MAX_DIGITS`] digits and only units.
pub const BELIEF: Family = Family {
    name: "Belief propagation",
    activity: "Passing messages…",
    work: Work {
        noun: ROUND,
        speeds: &[1, 4, 20, 100],
        default_speed: 4,
        // A round sends a message per cell, digit and unit, each summed over the unit.
        cost_growth: 4,
    },
    effort: Noun {
        one: "backtrack",
        many: "backtracks",
    },
    max_restarts: 0,
    complete: true,
    qubo_bits: false,
    boards: Boards {
        supports: |shape| shape.size() <= MAX_DIGITS && units_only(shape),
        words: "boards of up to 16 digits, without anti-king or anti-knight rules",
    },
    cages: false,
};

/// A belief above this counts as certain: the cell is decided.
pub const CERTAIN: f64 = 0.999;

/// The digits each cell may hold once the givens have struck out what their peers hold (a given
/// keeps its own): the report's "simple elimination".
pub fn pencil_marks(geometry: &Geometry, grid: &Grid) -> Vec<u32> {
    (0..grid.shape().cells())
        .map(|c| match grid.get(c) {
            Some(d) => 1 << (d - 1),
            None => check::candidates(geometry, grid, c).bits(),
        })
        .collect()
}

/// Beliefs that move less than this in a round have converged.
pub const CONVERGED: f64 = 1e-4;

/// Rounds after which the beliefs count as settled even if they still move.
pub const MAX_ROUNDS: u32 = 100;

/// The message-passing state both presets run: messages over the digits each cell may still take.
pub struct Propagation {
    pub messages: Messages,
    /// The digits each cell may still take (one for a given or a decided cell).
    pub allowed: Vec<u32>,
    pub rounds: u64,
    /// Rounds since the messages last started over or a cell was fixed.
    pub settling: u32,
}

impl Propagation {
    /// Uniform messages over the pencil marks of `puzzle`.
    pub fn new(geometry: &Geometry, puzzle: &Grid) -> Propagation {
        let allowed = pencil_marks(geometry, puzzle);
        Propagation {
            messages: Messages::new(geometry, &allowed),
            allowed,
            rounds: 0,
            settling: 0,
        }
    }

    /// Every cell holds a single digit.
    pub fn all_decided(&self) -> bool {
        self.allowed.iter().all(|a| a.count_ones() == 1)
    }

    /// Shows the beliefs, with the mean entropy of the open cells and the preset's own search.
    pub fn show(&self, shown: &mut BeliefFrame, search: BeliefSearch) {
        shown.set_entropy(self.messages.mean_entropy(&self.allowed));
        shown.show(self.messages.beliefs(), &self.allowed, self.rounds, search);
    }
}
