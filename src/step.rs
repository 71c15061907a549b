//! The step API every solver shares: a solver is driven one bounded tick at a time and keeps a
//! [`Frame`] of what it wants shown, refreshed in place so that a tick allocates nothing.
//!
//! This module is a leaf: the solvers depend on it, the registry sits above the solvers, and the
//! page, the command line and the benchmarks only ever see these types.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A name or unit the page shows: fixed text in the solver, owned once it has crossed from a
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
    /// Multiplier applied after each tick.
    pub factor: f64,
    /// Lowest temperature; reaching it begins the end of the attempt.
    pub floor: f64,
    /// Ticks spent at the floor before the attempt is checked (0: check as soon as it is reached).
    pub hold_ticks: u32,
}

impl Schedule {
    /// Ticks in one full attempt, from `start` until the check.
    pub fn ticks_per_attempt(&self) -> u64 {
        let mut t = self.start;
        let mut ticks = 0;
        while t >= self.floor {
            t *= self.factor;
            ticks += 1;
        }
        ticks + u64::from(self.hold_ticks)
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
}

impl Default for RunConfig {
    fn default() -> RunConfig {
        RunConfig {
            seed: 1,
            moves_per_tick: 50_000,
            max_restarts: None,
            schedule: None,
        }
    }
}

/// One labelled number about a run, listed by the page without knowing the solver.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    pub name: Label,
    pub value: f64,
    /// Shown after the value ("" for a plain count).
    pub unit: Label,
    /// Digits after the decimal point; 0 shows the value as a whole number with thousands
    /// separators.
    pub decimals: u8,
}

impl Figure {
    pub const fn new(name: &'static str, unit: &'static str, decimals: u8) -> Figure {
        Figure {
            name: Cow::Borrowed(name),
            value: 0.0,
            unit: Cow::Borrowed(unit),
            decimals,
        }
    }

    /// The value as the page prints it: `0.350`, `12,345`, `3.1 M`.
    pub fn text(&self) -> String {
        let number = if self.decimals == 0 {
            group_thousands(self.value.round() as i64)
        } else {
            format!("{:.*}", usize::from(self.decimals), self.value)
        };
        match &*self.unit {
            "" => number,
            unit => format!("{number} {unit}"),
        }
    }
}

/// `50000` as `50,000`.
pub fn group_thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::from(if n < 0 { "-" } else { "" });
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
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

/// A cell's levels as text, as the page's `data-levels` attribute carries them: one decimal
/// character per digit.
pub fn level_text(packed: u128, size: usize) -> String {
    (0..size)
        .map(|d| char::from(b'0' + level_of(packed, d)))
        .collect()
}

/// A cell's spins as text, as the page's `data-spins` attribute carries them: one character per
/// digit of a board of `size` digits, `1` for a spin up and `0` for down.
pub fn spin_text(up: u32, size: usize) -> String {
    (0..size)
        .map(|d| if up >> d & 1 == 1 { '1' } else { '0' })
        .collect()
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
    /// The solver's own figures, in the order the page lists them.
    pub figures: Vec<Figure>,
    /// What the plot draws, and this tick's point of each.
    pub series: [Series; 2],
    pub sample: Sample,
    pub detail: Detail,
    /// How the run ended, in the solver's own words, when the page's generic sentence would
    /// say less ("the network settled with 308 of 324 constraints met").
    pub closing: Option<String>,
}

impl Frame {
    /// A frame before the first tick, for a board of `cells` cells.
    pub fn new(cells: usize, figures: Vec<Figure>, series: [Series; 2], detail: Detail) -> Frame {
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
        }
    }

    /// Marks a running frame stopped (a finished run keeps its state): what every solver's
    /// [`Solver::stop`] does.
    pub fn halt(&mut self) {
        if self.state == RunState::Running {
            self.state = RunState::Stopped;
        }
    }

    /// Sets the figure at `index` (figures keep the order they were made in).
    pub fn set_figure(&mut self, index: usize, value: f64) {
        if let Some(figure) = self.figures.get_mut(index) {
            figure.value = value;
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

        fn stop(&mut self) {
            self.$($frame).+.halt();
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

    /// Halts the run; its state becomes [`RunState::Stopped`] (a finished run keeps its state).
    fn stop(&mut self);
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
            hold_ticks: 0,
        };
        // 100·0.9^47 ≈ 0.71 is still above 0.7; the 48th tick takes it below and triggers the check.
        assert_eq!(faithful.ticks_per_attempt(), 48);
    }

    #[test]
    fn figures_print_with_their_precision_and_unit() {
        let mut t = Figure::new("Temperature", "", 3);
        t.value = 0.35;
        assert_eq!(t.text(), "0.350");
        let mut n = Figure::new("Nodes", "", 0);
        n.value = 1_234_567.0;
        assert_eq!(n.text(), "1,234,567");
        let mut e = Figure::new("Energy", "", 0);
        e.value = -29_874.0;
        assert_eq!(e.text(), "-29,874");
        let mut r = Figure::new("Flips/s", "M", 1);
        r.value = 118.84;
        assert_eq!(r.text(), "118.8 M");
    }

    #[test]
    fn levels_pack_four_bits_per_digit_and_round_to_the_nearest_shade() {
        let packed = pack_levels(
            [0.0, 0.04, 0.06, 0.5, 1.0, 2.0, -1.0]
                .map(level)
                .into_iter(),
        );
        assert_eq!(level_text(packed, 7), "0015990");
        let full = pack_levels(std::iter::repeat_n(LEVEL_MAX, 25));
        assert_eq!(level_of(full, 24), LEVEL_MAX);
        assert_eq!(level_of(full, 25), 0);
    }

    #[test]
    fn spin_text_has_one_character_per_digit() {
        assert_eq!(spin_text(0b1_0000_0101, 9), "101000001");
        assert_eq!(spin_text(1 << 15, 16), "0000000000000001");
    }
}
