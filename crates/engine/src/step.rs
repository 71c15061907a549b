//! The step API every solver shares: a solver is driven one bounded tick at a time and keeps a
//! [`Frame`] of what it wants shown, refreshed in place so that a tick allocates nothing.
//!
//! This module is a leaf: the solvers depend on it, the registry sits above the solvers, and the
//! page, the command line and the benchmarks only ever see these types.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A name the plot shows: fixed text in the solver, owned once it has crossed from a
/// worker to the page.
pub type Label = Cow<'static, str>;

/// What a cell shows at one moment of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mark {
    /// No digit is selected (for spins: every spin of the cell is down).
    Empty,
    /// Exactly one digit.
    Digit(u8),
    /// More than one digit at once (several spins up).
    Several,
}

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RunState {
    Running,
    /// Finished with a grid the checker accepted.
    Solved,
    /// Halted from outside.
    Stopped,
    /// Used up its budget without a solution.
    GaveUp,
    /// Proved that the puzzle has no solution.
    Unsolvable,
}

/// How the temperature falls within one annealing attempt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Temperature at the start of every attempt.
    pub start: f64,
    /// Multiplier applied after each step (an annealer's step is its model's fixed number of
    /// moves, the mean-field network's a sweep).
    pub factor: f64,
    /// Lowest temperature; reaching it begins the end of the attempt.
    pub floor: f64,
    /// Steps spent at the floor before the attempt is checked (0: check as soon as it is reached).
    pub hold_steps: u32,
}

impl Schedule {
    /// Ticks in one full attempt, from `start` until the check.
    pub fn steps_per_attempt(&self) -> u64 {
        let mut t = self.start;
        let mut ticks = 0;
        while t >= self.floor {
            t *= self.factor;
            ticks += 1;
        }
        ticks + u64::from(self.hold_steps)
    }
}

/// Settings a run starts with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunConfig {
    pub seed: u64,
    /// Work per tick; the 2019 demo did 50,000 flips per timer tick.
    pub moves_per_tick: u64,
    /// Give up after this many restarts.
    pub max_restarts: Option<u32>,
    /// An annealing schedule to use instead of the solver's own (for tuning and experiments).
    pub schedule: Option<Schedule>,
    /// Someone watches the run from its start: an annealer whose own schedule starts too cold
    /// to show anything cools from hot first, slowly ([`crate::solvers::anneal::Shown`]).
    pub watched: bool,
}

impl Default for RunConfig {
    fn default() -> RunConfig {
        RunConfig {
            seed: 1,
            moves_per_tick: 50_000,
            max_restarts: None,
            schedule: None,
            watched: false,
        }
    }
}

/// The figures a run lists, one set per family of solvers, so that a solver can only set the
/// figures its family has; `sudoku_words::figure_rows` lists them without knowing the solver.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Figures {
    Annealer(AnnealerFigures),
    Network(NetworkFigures),
    Belief(BeliefFigures),
    Search(SearchFigures),
}

/// What an annealer of spins lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AnnealerFigures {
    pub temperature: f64,
    pub energy: f64,
    pub restarts: u32,
    pub broken_rules: u32,
    /// The Digital Annealer's escape offset, for the models that step that way.
    pub escape_offset: Option<i64>,
    /// A killer's cage-sum penalty, the part of the energy its cages add, for the models that
    /// keep it apart.
    pub cage_energy: Option<f64>,
}

/// What a Hopfield network lists: the notebook's score ("Optimal 324 | Actual N"), the energy
/// its dynamics descend and the sweeps made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NetworkFigures {
    pub optimal: u32,
    pub actual: u32,
    pub energy: f64,
    pub sweeps: u64,
    /// The restarts and temperature of a network that is annealed; a plain one has neither.
    pub cooling: Option<Cooling>,
}

/// Where the annealing of an annealed network stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Cooling {
    pub restarts: u32,
    pub temperature: f64,
}

/// What a message-passing run lists: the beliefs' mean entropy (bits), the read-out's penalty,
/// the cells decided and the rounds of messages, then its preset's own search.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct BeliefFigures {
    pub mean_entropy: f64,
    pub penalty: u32,
    pub decided: u64,
    pub rounds: u64,
    pub search: BeliefSearch,
}

/// How a message-passing preset goes on when the messages alone do not solve the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum BeliefSearch {
    /// Fixing a likely digit and backtracking on a contradiction.
    Decimation { fixes: u64, backtracks: u64 },
    /// The flower pollination algorithm's generations.
    Pollination { generations: u64 },
}

/// What the exact search lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchFigures {
    pub nodes: u64,
    pub backtracks: u64,
    pub open_cells: u64,
}

/// How a plotted series is scaled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scale {
    Linear,
    /// For quantities that fall geometrically, such as an annealing temperature.
    Log,
}

/// One line of the live plot: the figure of merit (first) and what drives it (second).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Series {
    pub name: Label,
    pub scale: Scale,
}

impl Series {
    pub const fn linear(name: &'static str) -> Series {
        Series {
            name: Cow::Borrowed(name),
            scale: Scale::Linear,
        }
    }

    pub const fn log(name: &'static str) -> Series {
        Series {
            name: Cow::Borrowed(name),
            scale: Scale::Log,
        }
    }
}

/// The plotted values after one tick.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub tick: u64,
    /// One value per series of the frame.
    pub values: [f64; 2],
    /// The run started afresh in this tick (an annealer's restart), marked on the plot.
    pub restarted: bool,
}

/// What a solver's own variables look like, cell by cell, beyond the digit a cell shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Detail {
    /// Nothing beyond the digits.
    None,
    /// One spin per (cell, digit), as bit sets per cell (bit `d` for digit `d + 1`): which spins
    /// are up, which a cell can take at all (the others are drawn absent), and which of those
    /// can flip (the rest are clamped). Continuous variables (analog neurons, beliefs) add
    /// their level per cell, packed as by [`pack_levels`]; binary spins leave `levels` empty.
    Spins {
        up: Vec<u32>,
        shown: Vec<u32>,
        free: Vec<u32>,
        levels: Vec<u128>,
    },
}

/// The brightest shade of a continuous variable: levels run from 0 (off) to this (fully on).
pub const LEVEL_MAX: u8 = 9;

/// The shade of an activation or probability `x` in `0..=1`.
pub fn level(x: f32) -> u8 {
    (x.clamp(0.0, 1.0) * f32::from(LEVEL_MAX) + 0.5) as u8
}

/// A cell's levels, one per digit, packed four bits each (digit `d` in bits `4d..4d + 4`).
pub fn pack_levels(levels: impl Iterator<Item = u8>) -> u128 {
    levels.take(32).enumerate().fold(0, |packed, (d, l)| {
        packed | u128::from(l.min(LEVEL_MAX)) << (4 * d)
    })
}

/// Digit `d`'s level in a cell's packed levels.
pub fn level_of(packed: u128, d: usize) -> u8 {
    (packed >> (4 * d) & 0xF) as u8
}

/// Everything a run wants shown after a tick. A solver keeps one and refreshes it in place.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    /// One mark per cell, row-major.
    pub cells: Vec<Mark>,
    pub state: RunState,
    /// Constraints the current grid breaks (see [`crate::check::violations`]).
    pub violations: u32,
    /// Elementary moves (spin flips, proposals, search nodes) since the run began.
    pub moves: u64,
    /// Ticks since the run began.
    pub ticks: u64,
    /// Work thrown away so far (restarts of an annealer, backtracks of a search): what the
    /// closing message quotes.
    pub effort: u64,
    /// The solver's own figures.
    pub figures: Figures,
    /// What the plot draws, and this tick's point of each.
    pub series: [Series; 2],
    pub sample: Sample,
    pub detail: Detail,
    /// How the run ended, in the solver's own words, when the page's generic sentence would
    /// say less ("the network settled with 308 of 324 constraints met").
    pub closing: Option<String>,
    /// Solved before any move, by what the givens force alone (the exact search's propagation,
    /// an annealer's clamps): the open cells they filled. Nothing was left to search.
    pub forced: Option<u32>,
}

impl Frame {
    /// A frame before the first tick, for a board of `cells` cells.
    pub fn new(cells: usize, figures: Figures, series: [Series; 2], detail: Detail) -> Frame {
        Frame {
            cells: vec![Mark::Empty; cells],
            state: RunState::Running,
            violations: 0,
            moves: 0,
            ticks: 0,
            effort: 0,
            figures,
            series,
            sample: Sample {
                tick: 0,
                values: [0.0; 2],
                restarted: false,
            },
            detail,
            closing: None,
            forced: None,
        }
    }
}

/// The `Solver` methods every solver writes alike, given the paths (from `self`) to its frame
/// and to its work per tick: `solver_plumbing!(frame, config.moves_per_tick);` inside the
/// `impl Solver` block.
macro_rules! solver_plumbing {
    ($($frame:ident).+, $($moves:ident).+) => {
        fn frame(&self) -> &$crate::step::Frame {
            &self.$($frame).+
        }

        fn set_moves_per_tick(&mut self, moves: u64) {
            self.$($moves).+ = moves.max(1);
        }
    };
}
pub(crate) use solver_plumbing;

/// A solver driven one bounded tick at a time.
pub trait Solver {
    /// Does one tick of work and returns the frame after it. A finished run does no more work and
    /// keeps its final frame.
    fn tick(&mut self) -> &Frame;

    /// The frame as of the last tick.
    fn frame(&self) -> &Frame;

    /// Changes the work done per tick (flips, proposals, nodes) from the next tick on.
    fn set_moves_per_tick(&mut self, moves: u64);

    /// Whether a watched run sets its own work per tick below the speed (an annealer showing
    /// its cooling), so that the page's pace gives it the speed as it is.
    fn paces_itself(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_2019_schedule_checks_after_48_ticks() {
        let faithful = Schedule {
            start: 100.0,
            factor: 0.9,
            floor: 0.7,
            hold_steps: 0,
        };
        // 100·0.9^47 ≈ 0.71 is still above 0.7; the 48th tick takes it below and triggers the check.
        assert_eq!(faithful.steps_per_attempt(), 48);
    }

    #[test]
    fn levels_pack_four_bits_per_digit_and_round_to_the_nearest_shade() {
        let packed = pack_levels(
            [0.0, 0.04, 0.06, 0.5, 1.0, 2.0, -1.0]
                .map(level)
                .into_iter(),
        );
        let levels: Vec<u8> = (0..7).map(|d| level_of(packed, d)).collect();
        assert_eq!(levels, [0, 0, 1, 5, 9, 9, 0]);
        let full = pack_levels(std::iter::repeat_n(LEVEL_MAX, 25));
        assert_eq!(level_of(full, 24), LEVEL_MAX);
        assert_eq!(level_of(full, 25), 0);
    }
}
