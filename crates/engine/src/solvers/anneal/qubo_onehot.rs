//! The tutorial's QUBO with what the Digital Annealer's second generation offers for exactly this
//! structure: each cell's bits kept one-hot (a move takes a cell's one set bit to another digit,
//! so the cell penalty is always 0) and the bits the hints decide fixed (a given's own bit set,
//! the digits its peers' givens rule out never set). The energy is still the tutorial's
//! polynomial, evaluated through its local fields; each step tries every one-hot move at once,
//! takes one of the accepted at random and raises an escape offset while none is, as the first
//! generation does. On a killer the sums weigh `3A` and are kept as running sums beside the
//! fields, and the moves tried also include, for each caged cell and each of its digits, one
//! that keeps the cage's sum with a cage mate drawn for the step ([`cages::keeping_sum`]).

use super::SpinModel;
use super::cages::{self, CageSums};
use super::digital_annealer::ParallelTrial;
use super::domains::{Domains, one_hot_spins};
use super::ising_tuned;
use super::qubo_faithful::{QUBO, STEP};
use crate::board::{Geometry, Grid};
use crate::check::{self, PuzzleError};
use crate::qubo::{DEFAULT_WEIGHT, Fields, Qubo};
use crate::rng::{Draws, Rng};
use crate::spec::{Family, Machine, SolverSpec, Words, Work};
use crate::step::Schedule;

/// What the escape offset grows by after a step that accepts nothing, in units of `A`.
const OFFSET_STEP: i64 = 1;

/// Steps of a few hundred one-hot moves: 5,000 take a few milliseconds.
const STEPS: Work = Work {
    noun: STEP,
    speeds: &[100, 1_000, 5_000, 20_000, 50_000],
    default_speed: 5_000,
    // A step weighs every free spin: cells × digits.
    cost_growth: 3,
};

/// The cage-sum penalty's weight, `3A`: a cage one off its sum costs more than a conflict
/// (`2A`). At `A` the killer floor barely held the sums; `3A` measured best of `A` to `4A`
/// (docs/BENCHMARKS.md, killers).
const CAGE_WEIGHT: i32 = 3 * DEFAULT_WEIGHT as i32;

/// One broken row, column or box costs 2 here (twice the tuned Ising's conflict), so the same
/// schedule at twice the temperature.
const PLAIN: Schedule = Schedule {
    start: 1.4,
    factor: 0.9,
    floor: 0.7,
    hold_steps: 400,
};

/// Killers, as in the tuned Ising annealer, cool slower to a warmer floor: the sums tie cells
/// across units, and at the plain floor a grid freezes a cage or two off its sum.
const KILLER: Schedule = Schedule {
    start: 2.0,
    factor: 0.95,
    floor: 1.0,
    hold_steps: 400,
};

/// The one-hot QUBO annealer's registry entry.
pub static SPEC: SolverSpec = SolverSpec::new(
    Family {
        work: STEPS,
        cages: true,
        ..QUBO
    },
    "qubo",
    "one-hot",
    Words {
        title: "Digital Annealer, one digit per cell",
        short: "Digital Annealer",
        plain: "Cools the grid as Fujitsu's Digital Annealer chip does, weighing every change \
                at once at each step, with one digit in every cell.",
        about: "The same QUBO (energy 0 exactly at a solution), sampled with what the second-generation \
     Digital Annealer offers for it: every cell's bits kept one-hot, and the bits the hints \
     decide fixed. Each step tries every move of a cell's bit to another allowed digit at once, \
     takes one of the accepted at random, and raises an escape offset while none is. On a killer, \
     the sum penalties weigh 3A, what the sums force is fixed too, and moves that keep a cage's \
     sum (a cage mate moving the other way) are tried beside.",
    },
);

/// How to run it.
pub static MACHINE: Machine = Machine::new(&SPEC, |puzzle, config| {
    super::start(puzzle, OneHotQubo::new(puzzle), config)
});

/// The tutorial's QUBO, restricted to one-hot cells and the digits the hints allow.
#[derive(Clone, Debug)]
pub struct OneHotQubo {
    qubo: Qubo,
    n: usize,
    domains: Domains,
    /// Each cell's digit (0-based): its one set bit.
    digit: Vec<u8>,
    fields: Fields,
    /// The coefficient between two bits of one cell (`2A`), counted when one replaces the other.
    same_cell: i64,
    /// Warmer and slower as far as cages cover the open cells ([`cages::schedule`]).
    schedule: Schedule,
    /// A killer's sum penalties, kept as running sums beside `qubo`, which leaves them out: the
    /// same energy, without a caged bit's field tied to every bit of its cage.
    cage_sums: CageSums,
    /// Each caged cell's cage mates with a choice ([`cages::mates`]), each with what one digit
    /// in both costs (their shared units and rule pairs).
    mates: Vec<Vec<(u16, i64)>>,
    /// The mate each caged cell pairs with this step, and that cost.
    drawn: Vec<(u16, u16, i64)>,
    trial: ParallelTrial<Move>,
}

/// A one-hot move: a cell to another digit (0-based), and with it, on a killer, a cage mate to
/// the digit that keeps their cage's sum.
type Move = (u16, u8, Option<(u16, u8)>);

impl OneHotQubo {
    /// The model of `puzzle`; refuses puzzles that break a rule on their face, including a blank
    /// cell with no digit left.
    pub fn new(puzzle: &Grid) -> Result<OneHotQubo, PuzzleError> {
        let geometry = Geometry::caged(puzzle.shape(), puzzle.cages().clone());
        check::validate(&geometry, puzzle)?;
        let qubo = Qubo::weighed(puzzle, DEFAULT_WEIGHT, 0);
        let domains = cages::domains(&geometry, puzzle);
        let cage_sums = CageSums::new(puzzle, CAGE_WEIGHT);
        let n = puzzle.shape().size();
        let digit = (0..puzzle.shape().cells())
            .map(|cell| domains.given(cell).unwrap_or(0))
            .collect();
        let mates = cage_mates(&qubo, puzzle, &domains);
        // A move changes two bits of one cell, a pair four: at most that many largest fields.
        let bits = if puzzle.is_killer() { 4 } else { 2 };
        // A single move also changes its cage's sum; a pair keeps it.
        let sums = match cage_sums.any() {
            true => i64::from(cage_sums.largest_delta(n)),
            false => 0,
        };
        Ok(OneHotQubo {
            n,
            domains,
            digit,
            fields: Fields::cleared(&qubo),
            same_cell: 2 * DEFAULT_WEIGHT,
            schedule: cages::schedule(puzzle, PLAIN, KILLER),
            cage_sums,
            mates,
            drawn: Vec::new(),
            trial: ParallelTrial::new(bits * qubo.largest_field() + sums, OFFSET_STEP),
            qubo,
        })
    }
}

impl OneHotQubo {
    /// Makes `made`: each moved cell's bit cleared and its new one set.
    fn make(&mut self, (cell, to, mate): Move) {
        for (cell, to) in std::iter::once((cell, to)).chain(mate) {
            let cell = usize::from(cell);
            let old = cell * self.n + usize::from(self.digit[cell]);
            self.cage_sums.moved(cell, self.digit[cell], to);
            self.fields.set(&self.qubo, old, false);
            self.fields
                .set(&self.qubo, cell * self.n + usize::from(to), true);
            self.digit[cell] = to;
        }
    }
}

/// Each cell's cage mates with a choice, each with the coupling of one digit in both: `2A` a
/// shared unit, `A` a rule pair (the same for every digit; `qubo` leaves the sums out).
fn cage_mates(qubo: &Qubo, puzzle: &Grid, domains: &Domains) -> Vec<Vec<(u16, i64)>> {
    let n = puzzle.shape().size();
    let lists = cages::mates(puzzle, domains);
    let coupling = |a: usize, b: usize| {
        let found = qubo
            .neighbours(a * n)
            .iter()
            .find(|&&(j, _)| j as usize == b * n);
        found.map_or(0, |&(_, q)| q)
    };
    (0..puzzle.shape().cells())
        .map(|a| {
            let mates = lists.of(a).iter();
            mates.map(|&b| (b, coupling(a, usize::from(b)))).collect()
        })
        .collect()
}

/// What a step reads to weigh its moves.
struct View<'a> {
    n: usize,
    domains: &'a Domains,
    digit: &'a [u8],
    field: &'a [i64],
    same_cell: i64,
    cages: &'a CageSums,
}

impl View<'_> {
    /// What moving `cell` from its digit to `to` changes the energy by outside the sums: the
    /// field of the bit that comes less that of the bit that goes, less their coupling (counted
    /// in both fields).
    #[inline]
    fn unsummed(&self, cell: usize, to: u8) -> i64 {
        let old = self.digit[cell];
        self.field[cell * self.n + usize::from(to)]
            - self.field[cell * self.n + usize::from(old)]
            - self.same_cell
    }

    /// What moving `cell` from its digit to `to` changes the energy by, its cage's sum too.
    #[inline]
    fn single(&self, cell: usize, to: u8) -> i64 {
        let sum = self.cages.delta(cell, self.digit[cell], to);
        self.unsummed(cell, to) + i64::from(sum)
    }

    /// Offers every move of one cell to another digit it allows, with its energy change.
    /// Plain loops into `offer`: chained iterators passed each candidate through the stack
    /// (docs/BENCHMARKS.md, killers).
    #[inline]
    fn singles(&self, mut offer: impl FnMut(Move, i64)) {
        for &cell in self.domains.movable() {
            let old = self.digit[usize::from(cell)];
            for &d in self.domains.allowed(usize::from(cell)) {
                if d != old {
                    offer((cell, d, None), self.single(usize::from(cell), d));
                }
            }
        }
    }

    /// Every move of `a` to another digit that cage mate `b` can balance, with its energy
    /// change: both cells' own outside the sum (which they keep) and `same` for each pair of
    /// their four bits on one digit.
    #[inline]
    fn pairs(&self, a: u16, b: u16, same: i64, mut offer: impl FnMut(Move, i64)) {
        let (x, y) = (self.digit[usize::from(a)], self.digit[usize::from(b)]);
        let bits = self.domains.bits(usize::from(b));
        for &to in self.domains.allowed(usize::from(a)) {
            let Some(by) = cages::keeping_sum(x, to, y, bits).filter(|_| to != x) else {
                continue;
            };
            let meets = |p: u8, q: u8| i64::from(p == q);
            let shared = meets(by, to) - meets(by, x) - meets(y, to) + meets(y, x);
            let delta = self.unsummed(usize::from(a), to)
                + self.unsummed(usize::from(b), by)
                + same * shared;
            offer((a, to, Some((b, by))), delta);
        }
    }
}

impl SpinModel for OneHotQubo {
    const STEP: u64 = 5_000;

    fn schedule(&self) -> Schedule {
        self.schedule
    }

    fn randomize(&mut self, rng: &mut Rng) {
        self.fields.clear(&self.qubo);
        self.trial.offset = 0;
        for cell in 0..self.digit.len() {
            let allowed = self.domains.allowed(cell);
            if !allowed.is_empty() {
                self.digit[cell] = allowed[rng.below(allowed.len() as u32) as usize];
            }
            let bit = cell * self.n + usize::from(self.digit[cell]);
            self.fields.set(&self.qubo, bit, true);
        }
        self.cage_sums.reset(&self.digit);
    }

    fn sweep(&mut self, moves: u64, t: f64, rng: &mut Rng) -> u64 {
        self.trial.set_temperature(t);
        for done in 0..moves {
            if self.claims_solution() {
                return done;
            }
            self.drawn.clear();
            for (cell, mates) in self.mates.iter().enumerate() {
                if !mates.is_empty() {
                    let (mate, same) = mates[rng.below(mates.len() as u32) as usize];
                    self.drawn.push((cell as u16, mate, same));
                }
            }
            let view = View {
                n: self.n,
                domains: &self.domains,
                digit: &self.digit,
                field: &self.fields.h,
                same_cell: self.same_cell,
                cages: &self.cage_sums,
            };
            let trial = &mut self.trial;
            trial.begin();
            view.singles(|made, delta| trial.offer(made, delta, rng));
            for &(a, b, same) in &self.drawn {
                view.pairs(a, b, same, |made, delta| trial.offer(made, delta, rng));
            }
            if let Some(made) = trial.end(rng) {
                self.make(made);
            }
        }
        moves
    }

    fn claims_solution(&self) -> bool {
        self.fields.energy == 0 && self.cage_sums.energy() == 0
    }

    fn energy(&self) -> f64 {
        (self.fields.energy + i64::from(self.cage_sums.energy())) as f64
    }

    fn spins(&self, up: &mut [u32]) {
        one_hot_spins(&self.digit, up);
    }

    fn spin_layout(&self) -> (Vec<u32>, Vec<u32>) {
        self.domains.spin_layout()
    }

    fn escape_offset(&self) -> Option<i64> {
        Some(self.trial.offset)
    }

    fn cage_energy(&self) -> Option<f64> {
        (self.cage_sums.any()).then(|| f64::from(self.cage_sums.energy()))
    }

    fn hot(&self) -> Option<f64> {
        // Its own start is where easy puzzles already solve, so a watched run would show no
        // cooling; a conflict costs twice the tuned Ising's, so twice its hot start.
        Some(2.0 * ising_tuned::HOT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SeedableRng;

    #[test]
    fn the_incremental_energy_is_the_tutorials_polynomial_of_the_one_hot_state() {
        let puzzle = Grid::parse(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        )
        .expect("valid puzzle");
        let mut m = OneHotQubo::new(&puzzle).expect("valid");
        let mut rng = Rng::seed_from_u64(9);
        m.randomize(&mut rng);
        m.sweep(2_000, 1.0, &mut rng);
        let digits = m.digit.iter().map(|&d| d + 1).collect();
        let grid = Grid::from_digits(puzzle.shape(), digits).expect("fits");
        assert_eq!(m.fields.energy, m.qubo.energy(&Qubo::assignment(&grid)));
        for (cell, &d) in m.digit.iter().enumerate() {
            if let Some(given) = puzzle.get(cell) {
                assert_eq!(d + 1, given, "givens stay fixed");
            }
        }
    }

    #[test]
    fn every_move_tried_on_a_killer_changes_the_energy_by_what_it_was_weighed() {
        let killers = crate::generate::killer_many(crate::board::Shape::CLASSIC, 0, 46, 1);
        let puzzle = &killers.expect("a killer")[0].0;
        let mut m = OneHotQubo::new(puzzle).expect("valid");
        // The polynomial the running sums and the fields make together.
        let whole = Qubo::weighed(puzzle, DEFAULT_WEIGHT, i64::from(CAGE_WEIGHT));
        let mut rng = Rng::seed_from_u64(5);
        m.randomize(&mut rng);
        let (mut singles, mut pairs) = (0, 0);
        for _ in 0..20 {
            m.sweep(50, 3.0, &mut rng);
            let view = View {
                n: m.n,
                domains: &m.domains,
                digit: &m.digit,
                field: &m.fields.h,
                same_cell: m.same_cell,
                cages: &m.cage_sums,
            };
            let mut tried: Vec<(Move, i64)> = Vec::new();
            view.singles(|made, delta| tried.push((made, delta)));
            for (a, mates) in m.mates.iter().enumerate() {
                for &(b, same) in mates {
                    view.pairs(a as u16, b, same, |made, delta| tried.push((made, delta)));
                }
            }
            for (made, delta) in tried {
                let mut after = m.clone();
                after.make(made);
                assert_eq!(after.energy() - m.energy(), delta as f64, "{made:?}");
                let digits = after.digit.iter().map(|&d| d + 1).collect();
                let grid = Grid::from_digits(puzzle.shape(), digits).expect("fits");
                let x = Qubo::assignment(&grid);
                assert_eq!(after.energy(), whole.energy(&x) as f64);
                singles += usize::from(made.2.is_none());
                pairs += usize::from(made.2.is_some());
            }
        }
        assert!(
            singles > 1_000 && pairs > 1_000,
            "{singles} singles, {pairs} pairs"
        );
    }
}
