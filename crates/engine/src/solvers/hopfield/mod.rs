//! Hopfield networks for Sudoku, after the notebook of seed 003: one neuron per (cell, digit),
//! inhibition between neurons that cannot both be on, the givens clamped. This module holds what
//! every preset shares (the notebook's score, the frame a network shows); each preset has its own
//! file: [`mean_field`] (the default) and [`faithful`] (the notebook's binary network).

pub mod faithful;
pub mod mean_field;

use super::mark_of;
use crate::board::{DigitSet, Geometry, Grid, once_and_any};
use crate::check;
use crate::spec::{Family, Noun, UNITS_ONLY, Work};
use crate::step::{Cooling, Detail, Figures, Frame, NetworkFigures, Series};
use std::sync::Arc;

/// A neuron update: what the speed control and the rate count.
pub const UPDATE: Noun = Noun {
    one: "neuron update",
    many: "neuron updates",
};

/// What the Hopfield presets share, as the default preset (mean field) runs it: neuron updates
/// as the work, incomplete, no QUBO. The notebook's network changes its pace, effort and boards
/// ([`faithful`]).
pub const HOPFIELD: Family = Family {
    name: "Hopfield network",
    activity: "Settling…",
    work: Work {
        noun: UPDATE,
        speeds: &[729, 7_290, 72_900, 364_500],
        default_speed: 364_500,
        cost_growth: 0,
    },
    effort: Noun {
        one: "restart",
        many: "restarts",
    },
    // An attempt takes about 0.1 ms: a million is minutes of trying.
    max_restarts: 1_000_000,
    complete: false,
    qubo_bits: false,
    boards: UNITS_ONLY,
    cages: false,
};

/// How many of the notebook's constraints a network state meets: each cell holds exactly one
/// active neuron, and each digit is active exactly once in each row, column and box ("Optimal
/// 324 | Actual N" on a 9×9 board).
pub fn score(geometry: &Geometry, up: &[u32]) -> u32 {
    let n = geometry.shape().size();
    let cells = up.iter().filter(|bits| bits.count_ones() == 1).count();
    let mut units = 0;
    for (_, members) in geometry.units() {
        let (once, _) = once_and_any(
            (members.iter()).map(|&c| DigitSet::from_bits(up.get(c).copied().unwrap_or(0))),
        );
        units += (once & DigitSet::all(n)).len() as u32;
    }
    (cells + units as usize) as u32
}

/// The score of a solved board: every constraint met.
pub fn optimal_score(geometry: &Geometry) -> u32 {
    let shape = geometry.shape();
    (shape.cells() + geometry.units().count() * shape.size()) as u32
}

/// What a network plots: the notebook's score, and the energy the dynamics descend.
pub const SERIES: [Series; 2] = [Series::linear("Actual score"), Series::linear("Energy")];

/// What a network reports after a tick, besides its neurons.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reading {
    pub energy: f64,
    pub sweeps: u64,
    /// The restarts and temperature of an annealed network; a plain one has none.
    pub cooling: Option<Cooling>,
    /// The work thrown away so far, in the solver's effort noun.
    pub effort: u64,
    /// The network started afresh in this tick.
    pub restarted: bool,
}

/// The frame of a network: its neurons as the spins layer, the score, the energy; an analog
/// network's restarts and temperature too.
pub struct NetworkFrame {
    pub frame: Frame,
    figures: NetworkFigures,
    geometry: Arc<Geometry>,
    puzzle: Grid,
}

impl NetworkFrame {
    /// The frame of a network on `puzzle` whose clamped cells are the givens; `analog` networks
    /// have shades and a temperature.
    pub fn new(puzzle: &Grid, analog: bool) -> NetworkFrame {
        let geometry = Geometry::of(puzzle.shape());
        let cells = puzzle.shape().cells();
        let figures = NetworkFigures {
            optimal: optimal_score(&geometry),
            cooling: analog.then_some(Cooling::default()),
            ..NetworkFigures::default()
        };
        let all = (1u32 << puzzle.shape().size()) - 1;
        let free = (0..cells)
            .map(|c| if puzzle.get(c).is_some() { 0 } else { all })
            .collect();
        let detail = Detail::Spins {
            up: vec![0; cells],
            shown: vec![all; cells],
            free,
            levels: if analog { vec![0; cells] } else { Vec::new() },
        };
        NetworkFrame {
            frame: Frame::new(cells, Figures::Network(figures), SERIES, detail),
            figures,
            geometry,
            puzzle: puzzle.clone(),
        }
    }

    /// Each cell's active neurons (bit `d` for digit `d + 1`) and, for an analog network, its
    /// packed shades: the network writes them, then calls [`NetworkFrame::show`].
    pub fn neurons(&mut self) -> (&mut [u32], &mut [u128]) {
        match &mut self.frame.detail {
            Detail::Spins { up, levels, .. } => (up, levels),
            Detail::None => (&mut [], &mut []),
        }
    }

    /// The digits the neurons just written read out, and the checker's count of what they break
    /// (zero: solved).
    pub fn read_out(&mut self) {
        let frame = &mut self.frame;
        if let Detail::Spins { up, .. } = &frame.detail {
            for (mark, &bits) in frame.cells.iter_mut().zip(up.iter()) {
                *mark = mark_of(bits);
            }
        }
        frame.violations = check::violations(&self.geometry, &self.puzzle, &frame.cells);
    }

    /// The figures as of the last [`NetworkFrame::show`].
    pub fn figures(&self) -> NetworkFigures {
        self.figures
    }

    /// Brings the rest of the frame up to date with the neurons just written and read out.
    pub fn show(&mut self, reading: Reading) {
        let frame = &mut self.frame;
        let actual = match &frame.detail {
            Detail::Spins { up, .. } => score(&self.geometry, up),
            Detail::None => 0,
        };
        frame.effort = reading.effort;
        self.figures = NetworkFigures {
            actual,
            energy: reading.energy,
            sweeps: reading.sweeps,
            cooling: reading.cooling,
            ..self.figures
        };
        frame.figures = Figures::Network(self.figures);
        frame.sample.tick = frame.ticks;
        frame.sample.values = [f64::from(actual), reading.energy];
        frame.sample.restarted = reading.restarted;
    }
}
