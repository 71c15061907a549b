//! Our tuned Ising annealer: the same Hamiltonian as the 2019 demo's peer coupling, with the
//! one-hot and given terms made infinitely strong instead of weighed against it.
//!
//! - A given's spins are clamped, and so is every spin its row, column or box forbids (an infinite
//!   field on digits already given in a peer). Above 9×9 the clamps also take in what naked and
//!   hidden singles and locked candidates force (no guessing).
//! - Every cell always has exactly one spin up: a move takes a cell's up spin to another allowed
//!   digit (a pair flip that never leaves the one-hot manifold).
//! - What remains is `H = Σ` over pairs of peer cells holding the same digit: the number of
//!   conflicts. `H = 0` is a solution, so a run stops the moment it gets there.
//! - The temperature falls geometrically to a floor where one extra conflict costs about 3T, holds
//!   there for a while, and the attempt restarts from random spins if it has not reached zero.
//! - Above 9×9 a move is aimed at a cell in conflict (the focused Metropolis search of Seitz,
//!   Alava and Orponen). Some moves exchange the cell's digit with one of a box mate's
//!   (Kawasaki dynamics, as Lewis's 2007 annealer moves). On 16×16 and below, these moves weigh
//!   every mate by its Boltzmann weight (heat bath). On 25×25 they take one mate at random by
//!   Metropolis. The other moves draw the cell's digit from all it allows, each by its
//!   Boltzmann weight (heat bath, Glauber dynamics).
//! - Above 9×9 each conflict also costs its two cells' weights on the digit they share, which
//!   grow while a cell stays in conflict on its digit and fade after ([`weights`]): the moves
//!   follow that weighted energy, the plot shows the conflicts, and both are zero at a solution
//!   only.
//! - On a killer, a fifth of the moves of a cell in a cage of several keep the cage's sum
//!   ([`cages::keeping_sum`]).

use super::cages::{self, CageSums};
use super::domains::{CellLists, Domains, one_hot_spins};
use super::focus::Conflicted;
use super::metropolis::Metropolis;
use super::weights::{self, Plan, Weights};
use super::{FLIPS_PER_STEP, ISING, SpinModel};
use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::grade;
use crate::rng::{Draws, Rng};
use crate::spec::{Family, Machine, SolverSpec, Words};
use crate::step::Schedule;

mod moves;

/// The tuned annealer's registry entry: the default solver.
pub static SPEC: SolverSpec = SolverSpec::new(
    Family {
        cages: true,
        ..ISING
    },
    "ising",
    "tuned",
    Words {
        title: "Annealing (tuned)",
        short: "Annealing (tuned)",
        plain: "Shakes the grid and lets it settle, like metal cooling: fast, and the app's \
                default.",
        about: "One spin per cell and digit (n² × n on an n × n board). Givens and the digits \
                they rule out are clamped, each move shifts a cell's one up spin to another \
                digit, and the temperature falls to a floor where a conflict costs about 3T, \
                restarting from random spins when it stalls. Above 9×9 the clamps include what \
                the givens force, moves go to cells in conflict, some swap the cell's digit \
                with a box mate's, the rest draw the cell's digit by its Boltzmann weight, and \
                a digit that keeps a cell in conflict weighs more there until the run moves on. \
                On 16×16 a swap weighs every mate by its Boltzmann weight (a fifth of the \
                moves); on 25×25 it tries one at random (half of them). On a killer, what the \
                sums force is clamped too, and a fifth of a caged cell's moves keep its cage's \
                sum: a cage mate moves the other way.",
    },
);

/// How to run it.
pub static MACHINE: Machine = Machine::new(&SPEC, |puzzle, config| {
    super::start(puzzle, TunedIsing::new(puzzle), config)
});

/// How the model moves on a board: what measured best on its size (docs/BENCHMARKS.md).
#[derive(Clone, Copy, Debug)]
struct Tactics {
    /// Clamp what singles and locked candidates force, not only what the givens rule out.
    forced: bool,
    /// Aim each move at a cell in conflict instead of any cell with a choice.
    focused: bool,
    /// Percentage of moves that swap two cells of a box.
    swaps: u32,
    /// Whether a swap weighs every mate by its Boltzmann weight (heat bath) rather than take
    /// one at random by Metropolis.
    swap_bath: bool,
    /// How conflicts are weighed, when they are (only with focus).
    weights: Option<Plan>,
    /// Percentage of a caged cell's moves that keep its cage's sum: a mate moves the other way.
    cage_pairs: u32,
    schedule: Schedule,
}

impl Tactics {
    /// On 9×9 and below, the plain model solves every set quickly and a newspaper puzzle still
    /// takes some cooling to watch; above, the forced clamps, focus and swaps take 25×25 expert
    /// puzzles from a few solved in a minute to most in seconds. The weights, one per spin and
    /// slow to fade, take the moves a 16×16 puzzle needs to two fifths and a 25×25 one's to
    /// under two thirds (geometric mean); 25×25, with 72 peers a cell and five digits to choose
    /// from, wants them gentler and rarer than 16×16. Up to 16×16, a fifth of the moves are
    /// heat-bath swaps. They take the hard lines' moves to under half and their time to about
    /// three quarters. On 25×25, weighing 24 mates costs more than it saves.
    fn for_side(n: usize) -> Tactics {
        let schedule = Schedule {
            start: 0.7,
            factor: 0.9,
            floor: 0.35,
            hold_steps: 400,
        };
        if n <= 9 {
            return Tactics {
                forced: false,
                focused: false,
                swaps: 0,
                swap_bath: false,
                weights: None,
                cage_pairs: 0,
                schedule,
            };
        }
        let (swaps, swap_bath, weights) = match n <= 16 {
            true => (
                20,
                true,
                Plan {
                    base: 8,
                    every: 200,
                    decay: 160,
                },
            ),
            false => (
                50,
                false,
                Plan {
                    base: 16,
                    every: 1_000,
                    decay: 160,
                },
            ),
        };
        Tactics {
            forced: true,
            focused: true,
            swaps,
            swap_bath,
            weights: Some(weights),
            cage_pairs: 0,
            schedule: Schedule {
                hold_steps: 100,
                ..schedule
            },
        }
    }

    /// Killers anneal by the plain model's single flips on every board (the focus and the swaps
    /// were tuned without sums) and by moves that keep a cage's sum, from what propagation
    /// forces ([`cages::domains`]), warmer and slower as far as cages cover the open cells
    /// ([`cages::schedule`]): the sums tie cells across units. A floor of 0.4 solved most
    /// (docs/BENCHMARKS.md, killers).
    fn killer(puzzle: &Grid) -> Tactics {
        let plain = Tactics::for_side(9);
        let killer = Schedule {
            start: 1.0,
            factor: 0.95,
            floor: 0.4,
            hold_steps: 400,
        };
        Tactics {
            schedule: cages::schedule(puzzle, plain.schedule, killer),
            cage_pairs: CAGE_PAIRS,
            ..plain
        }
    }

    /// Lowers the floor for cells with `choices` digits on average (above 9×9). A cell's odds
    /// of a wrong digit over its right one at the floor are about `(choices − 1)·e^(−1/T)` when
    /// a wrong digit costs one conflict: the floor keeps them at most 1 in 4.4, so boards with
    /// wide domains (Lewis's instances at 35 %) cool further than tight expert puzzles.
    fn fit_floor(mut self, choices: f64) -> Tactics {
        if self.forced && choices > 2.0 {
            let fitted = 1.0 / ((choices - 1.0).ln() + FLOOR_ODDS);
            self.schedule.floor = self.schedule.floor.min(fitted);
        }
        self
    }
}

/// Percentage of a killer's moves on a caged cell that keep the cage's sum: a fifth measured
/// as well as half (docs/BENCHMARKS.md, killers).
const CAGE_PAIRS: u32 = 20;

/// The cage-sum penalty `A` a unit squared: a cage one off its sum costs as much as a conflict.
const CAGE_WEIGHT: i32 = 1;

/// `−ln` of the odds of a wrong digit at the floor: 1.47 puts the floor at 0.35 for the five
/// choices a cell of a 25×25 expert puzzle keeps, where that floor measured best.
const FLOOR_ODDS: f64 = 1.47;

/// The clamped, one-hot spin system.
#[derive(Clone, Debug)]
pub struct TunedIsing {
    geometry: Geometry,
    n: usize,
    tactics: Tactics,
    /// Digit index `0..n` per cell (givens too).
    digit: Vec<u8>,
    domains: Domains,
    /// Where each cell's digit stands in its allowed list.
    slot: Vec<u8>,
    /// The cells of each cell's box it may swap with.
    mates: CellLists,
    /// The other cells with a choice of each cell's cage, when moves keep cage sums.
    cage_mates: CellLists,
    /// Each cell's peers with a choice: only their tallies are read after a start, so a move
    /// updates only theirs (on a hard 16×16 puzzle, about half of its peers).
    open_peers: CellLists,
    /// `tallies[c·n + d]`: the non-given peers of `c` holding digit `d`, counted and weighed
    /// ([`weights::tally`]); kept for the cells with a choice, set for all at each start.
    tallies: Vec<i32>,
    /// The unweighted energy: pairs of peers holding one digit.
    conflicts: i32,
    /// Killer cages' sums and their penalty (none on most puzzles).
    cage_sums: CageSums,
    weights: Weights,
    /// The cells with a choice that share their digit with a peer (kept when focused).
    conflicted: Conflicted,
    metropolis: Metropolis,
}

/// The digits each cell may take: the grader's forced candidates when the tactics ask for them,
/// else what the givens' peers and the cages' sums leave. A contradiction means no solution: the
/// givens' own clamps still make a model, and the checker turns down whatever it ends on.
fn clamped(tactics: &Tactics, geometry: &Geometry, puzzle: &Grid) -> Domains {
    let forced = (tactics.forced)
        .then(|| grade::forced_candidates(geometry, puzzle))
        .flatten();
    match forced {
        Some(sets) => Domains::from_sets(puzzle, &sets),
        None => cages::domains(geometry, puzzle),
    }
}

/// Each cell's swap mates (the other open cells of its box, when the tactics swap and the cell
/// has a choice) and its open peers.
fn neighbours(geometry: &Geometry, domains: &Domains, swaps: bool) -> (CellLists, CellLists) {
    let shape = geometry.shape();
    let cells = shape.cells();
    let open = |cell: usize| domains.allowed(cell).len() > 1;
    let mates = CellLists::new(cells, |cell| {
        let partners = match swaps && open(cell) {
            true => domains.movable(),
            false => &[],
        };
        (partners.iter().copied()).filter(move |&m| {
            let m = usize::from(m);
            m != cell && shape.box_of(m) == shape.box_of(cell)
        })
    });
    let open_peers = CellLists::new(cells, |cell| {
        (geometry.peers(cell).iter().copied()).filter(|&p| open(usize::from(p)))
    });
    (mates, open_peers)
}

impl TunedIsing {
    /// The model of `puzzle`; refuses puzzles that break a rule on their face, including a blank
    /// cell with no digit left.
    pub fn new(puzzle: &Grid) -> Result<TunedIsing, PuzzleError> {
        // A cage's cells are each other's peers: its no-repeat rule is conflicts like any other.
        let geometry = Geometry::caged(puzzle.shape(), puzzle.cages().clone());
        check::validate(&geometry, puzzle)?;
        let shape = puzzle.shape();
        let (n, cells) = (shape.size(), shape.cells());
        let tactics = match puzzle.is_killer() {
            true => Tactics::killer(puzzle),
            false => Tactics::for_side(n),
        };
        let domains = clamped(&tactics, &geometry, puzzle);
        let tactics = tactics.fit_floor(domains.mean_choices());
        let digit = (0..cells)
            .map(|cell| domains.given(cell).unwrap_or(0))
            .collect();
        let (mates, open_peers) = neighbours(&geometry, &domains, tactics.swaps > 0);
        let cage_mates = match tactics.cage_pairs > 0 {
            true => cages::mates(puzzle, &domains),
            false => CellLists::new(cells, |_| []),
        };
        // A swap moves two cells: up to twice a cell's peers in conflicts, each weighing up to
        // both cells' weights when weighed.
        let peers = geometry.max_peers();
        assert!(peers <= weights::MAX_HOLDERS, "a tally counts every peer");
        let cage_sums = CageSums::new(puzzle, CAGE_WEIGHT);
        let (plan, max_delta) = match tactics.weights {
            Some(plan) => (plan, 4 * peers as i32 * plan.max_weight()),
            None => (
                Plan::UNWEIGHED,
                2 * peers as i32 + cage_sums.largest_delta(n),
            ),
        };
        Ok(TunedIsing {
            geometry,
            n,
            tactics,
            digit,
            domains,
            slot: vec![0; cells],
            mates,
            cage_mates,
            open_peers,
            tallies: vec![0; cells * n],
            conflicts: 0,
            cage_sums,
            weights: Weights::new(plan, cells, n),
            conflicted: Conflicted::new(cells),
            metropolis: Metropolis::new(max_delta as u32),
        })
    }

    fn is_given(&self, cell: usize) -> bool {
        self.domains.given(cell).is_some()
    }

    /// Moves `cell` from its digit to `new` and updates its peers' counts. `WEIGHED` is false
    /// on the unfocused path, where no round ever lifts a weight off the base, so that the
    /// plain 9×9 loop reads no weight.
    #[inline(always)]
    fn put<const WEIGHED: bool>(&mut self, cell: usize, new: u8) {
        let n = self.n;
        let old = self.digit[cell];
        self.digit[cell] = new;
        let (left, taken) = match WEIGHED {
            true => (
                weights::tally(self.weights.of(cell, old)),
                weights::tally(self.weights.of(cell, new)),
            ),
            false => {
                let base = weights::tally(self.weights.base());
                (base, base)
            }
        };
        for &p in self.open_peers.of(cell) {
            let base = usize::from(p) * n;
            self.tallies[base + usize::from(old)] -= left;
            self.tallies[base + usize::from(new)] += taken;
        }
        if self.tactics.focused {
            self.refile(cell, old, new);
        }
    }

    /// How many peers of `cell` hold `d`.
    #[inline]
    fn clashes(&self, cell: usize, d: u8) -> i32 {
        weights::holders(self.tallies[cell * self.n + usize::from(d)])
    }

    /// What holding `d` costs `cell` in the weighted energy.
    #[inline]
    fn cost(&self, cell: usize, d: u8) -> i32 {
        weights::cost(
            self.weights.of(cell, d),
            self.tallies[cell * self.n + usize::from(d)],
        )
    }

    /// A round of the weights, carried into the tallies of each reweighed cell's peers.
    fn reweigh(&mut self) {
        let (n, open_peers, digit, tallies) =
            (self.n, &self.open_peers, &self.digit, &mut self.tallies);
        let (movable, conflicted) = (self.domains.movable(), self.conflicted.cells());
        self.weights.round(movable, conflicted, digit, |cell, by| {
            let d = usize::from(digit[cell]);
            for &p in open_peers.of(cell) {
                tallies[usize::from(p) * n + d] += weights::reweighed(by);
            }
        });
    }

    /// Files again `cell` and the peers whose clashes its move from `old` to `new` changed.
    fn refile(&mut self, cell: usize, old: u8, new: u8) {
        let (n, digit, tallies) = (self.n, &self.digit, &self.tallies);
        // Every listed peer has a choice, so each is filed by its clashes alone.
        for &p in self.open_peers.of(cell) {
            let (p, d) = (usize::from(p), digit[usize::from(p)]);
            if d == old || d == new {
                let clash = weights::holders(tallies[p * n + usize::from(d)]) > 0;
                self.conflicted.set(p, clash);
            }
        }
        self.file(cell);
    }

    /// Puts `cell` among the conflicted cells or takes it out, by its peers' digits now.
    #[inline]
    fn file(&mut self, cell: usize) {
        if self.domains.allowed(cell).len() > 1 {
            let clash = self.clashes(cell, self.digit[cell]) > 0;
            self.conflicted.set(cell, clash);
        }
    }
}

impl SpinModel for TunedIsing {
    const STEP: u64 = FLIPS_PER_STEP;

    fn schedule(&self) -> Schedule {
        self.tactics.schedule
    }

    fn randomize(&mut self, rng: &mut Rng) {
        let n = self.n;
        let cells = self.digit.len();
        for cell in 0..cells {
            let allowed = self.domains.allowed(cell);
            if !allowed.is_empty() {
                let slot = rng.below(allowed.len() as u32) as usize;
                self.slot[cell] = slot as u8;
                self.digit[cell] = allowed[slot];
            }
        }
        self.weights.reset();
        self.tallies.iter_mut().for_each(|c| *c = 0);
        for cell in 0..cells {
            if self.is_given(cell) {
                continue;
            }
            let (d, mark) = (
                usize::from(self.digit[cell]),
                weights::tally(self.weights.of(cell, self.digit[cell])),
            );
            for &p in self.geometry.peers(cell) {
                self.tallies[usize::from(p) * n + d] += mark;
            }
        }
        let twice: i32 = (0..cells)
            .filter(|&c| !self.is_given(c))
            .map(|c| self.clashes(c, self.digit[c]))
            .sum();
        self.conflicts = twice / 2;
        self.cage_sums.reset(&self.digit);
        self.conflicted.clear();
        if self.tactics.focused {
            (0..cells).for_each(|cell| self.file(cell));
        }
    }

    fn sweep(&mut self, moves: u64, t: f64, rng: &mut Rng) -> u64 {
        // A conflict between two cells at the base weighs twice the base: the schedule stays
        // in units of conflicts.
        let unit = self.tactics.weights.map_or(1, |plan| 2 * plan.base);
        self.metropolis.set_temperature(t * f64::from(unit));
        if self.domains.movable().is_empty() {
            return 0;
        }
        match self.tactics.focused {
            true => self.moves::<true>(moves, rng),
            false => self.moves::<false>(moves, rng),
        }
    }

    fn claims_solution(&self) -> bool {
        self.conflicts == 0 && self.cage_sums.energy() == 0
    }

    fn energy(&self) -> f64 {
        f64::from(self.conflicts + self.cage_sums.energy())
    }

    fn cage_energy(&self) -> Option<f64> {
        (self.cage_sums.any()).then(|| f64::from(self.cage_sums.energy()))
    }

    fn spins(&self, up: &mut [u32]) {
        one_hot_spins(&self.digit, up);
    }

    fn spin_layout(&self) -> (Vec<u32>, Vec<u32>) {
        self.domains.spin_layout()
    }

    fn hot(&self) -> Option<f64> {
        Some(HOT)
    }
}

/// A watched run's start: hot enough that a 9×9 grid is as disordered as random digits, so
/// that the fall to the floor shows the solution crystallising.
pub(super) const HOT: f64 = 4.0;

#[cfg(test)]
mod tests;
