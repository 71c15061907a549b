//! What killer cages add to the one-hot spin models: the spins a cage's sum rules out clamped
//! (no set of distinct digits that makes the sum uses them), the sum penalty
//! `A·(Σ_cells Σ_k k·x_{c,k} − S)²` kept per cage as the cage's running sum, the schedule a
//! puzzle with cages cools by, and the moves that keep a cage's sum: a caged cell takes another
//! digit and a cage mate moves the other way by as much. Single flips must break a cage's sum
//! to change its digits, and at the floor seldom do.

use super::domains::{CellLists, Domains};
use crate::board::{Geometry, Grid};
use crate::exact;
use crate::step::Schedule;

/// The schedule of `puzzle`: `plain` moved toward `killer` by the share of its open cells that
/// lie in cages. A fully caged killer keeps `killer` exactly; a few cages drawn on an empty
/// board stay near `plain`, whose colder floor the cells outside them need to freeze.
pub fn schedule(puzzle: &Grid, plain: Schedule, killer: Schedule) -> Schedule {
    let owners = puzzle.cages().owners(puzzle.shape());
    let open = (0..owners.len()).filter(|&c| puzzle.get(c).is_none());
    let (caged, open) = open.fold((0u32, 0u32), |(caged, open), cell| {
        (caged + u32::from(owners[cell].is_some()), open + 1)
    });
    let share = f64::from(caged) / f64::from(open.max(1));
    // Weighed this way, a share of 1 (or 0) gives the one schedule exactly.
    let mix = |plain: f64, killer: f64| plain * (1.0 - share) + killer * share;
    Schedule {
        start: mix(plain.start, killer.start),
        factor: mix(plain.factor, killer.factor),
        floor: mix(plain.floor, killer.floor),
        hold_steps: mix(f64::from(plain.hold_steps), f64::from(killer.hold_steps)).round() as u32,
    }
}

/// The digits the givens' peers leave each blank cell, less those its cage's sum rules out; on
/// a killer, what the exact search's propagation forces (the sums, the rule of 45 and the
/// singles they lead to), unless it meets a contradiction (then no grid solves it anyway) or
/// fills every cell: an easy killer is then annealed over its cages' sums alone, so that a run
/// still has something to cool.
pub fn domains(geometry: &Geometry, puzzle: &Grid) -> Domains {
    let settled = (puzzle.is_killer())
        .then(|| exact::settled_candidates(puzzle))
        .flatten()
        .filter(|sets| sets.iter().any(|s| s.len() > 1));
    let sets = settled.unwrap_or_else(|| exact::candidates(geometry, puzzle));
    Domains::from_sets(puzzle, &sets)
}

/// Each cell's cage mates with a choice, when it has a choice itself: the cells a move that keeps
/// the cage's sum pairs it with.
pub fn mates(puzzle: &Grid, domains: &Domains) -> CellLists {
    let owners = puzzle.cages().owners(puzzle.shape());
    let open = |cell: usize| domains.allowed(cell).len() > 1;
    CellLists::new(owners.len(), |cell| {
        let cage = owners[cell].filter(|_| open(cell));
        let cells = cage.map(|i| puzzle.cages()[i].cells());
        (cells.into_iter().flatten())
            .filter(move |&m| m != cell && open(m))
            .map(|m| m as u16)
    })
}

/// The digit (0-based) a cage mate holding `y`, allowed the digits `allowed` (as bits), moves to
/// when its mate goes from `x` to `to`, so that the cage keeps its sum; `None` when it cannot.
#[inline]
pub fn keeping_sum(x: u8, to: u8, y: u8, allowed: u32) -> Option<u8> {
    (y + x)
        .checked_sub(to)
        .filter(|&d| d < 32 && allowed >> d & 1 == 1)
}

/// Each cage's running sum and its penalty, `weight·(sum − S)²` a cage.
#[derive(Clone, Debug)]
pub struct CageSums {
    /// The cage of each cell, [`NONE`] for a cell in none.
    of_cell: Vec<u32>,
    target: Vec<i32>,
    sum: Vec<i32>,
    weight: i32,
    energy: i32,
}

/// No cage.
const NONE: u32 = u32::MAX;

impl CageSums {
    /// The sums of `puzzle`'s cages, at weight `weight` a unit squared.
    pub fn new(puzzle: &Grid, weight: i32) -> CageSums {
        let mut of_cell = vec![NONE; puzzle.shape().cells()];
        for (i, cage) in puzzle.cages().iter().enumerate() {
            cage.cells().for_each(|c| of_cell[c] = i as u32);
        }
        let target: Vec<i32> = puzzle.cages().iter().map(|c| c.sum() as i32).collect();
        CageSums {
            of_cell,
            sum: vec![0; target.len()],
            target,
            weight,
            energy: 0,
        }
    }

    /// Counts the sums of `digit` (0-based, one a cell) afresh.
    pub fn reset(&mut self, digit: &[u8]) {
        self.sum.iter_mut().for_each(|s| *s = 0);
        for (cell, &d) in digit.iter().enumerate() {
            if let Some(&cage) = self.of_cell.get(cell).filter(|&&c| c != NONE) {
                self.sum[cage as usize] += i32::from(d) + 1;
            }
        }
        let (sum, target) = (&self.sum, &self.target);
        self.energy = (sum.iter().zip(target))
            .map(|(s, t)| (s - t) * (s - t))
            .sum::<i32>()
            * self.weight;
    }

    /// What moving `cell` from digit `old` to `new` (0-based) changes the penalty by.
    #[inline]
    pub fn delta(&self, cell: usize, old: u8, new: u8) -> i32 {
        match self.of_cell[cell] {
            NONE => 0,
            cage => {
                let off = self.sum[cage as usize] - self.target[cage as usize];
                let by = i32::from(new) - i32::from(old);
                self.weight * (by * (2 * off + by))
            }
        }
    }

    /// Moves `cell` from `old` to `new`.
    #[inline]
    pub fn moved(&mut self, cell: usize, old: u8, new: u8) {
        if self.of_cell[cell] != NONE {
            self.energy += self.delta(cell, old, new);
            self.sum[self.of_cell[cell] as usize] += i32::from(new) - i32::from(old);
        }
    }

    /// Whether there are cages at all.
    pub fn any(&self) -> bool {
        !self.target.is_empty()
    }

    /// The penalty now: zero when every cage makes its sum.
    pub fn energy(&self) -> i32 {
        self.energy
    }

    /// The largest change one move can make: a digit across the whole range in the cage
    /// furthest off its sum it can be.
    pub fn largest_delta(&self, n: usize) -> i32 {
        let n = n as i32;
        let widest = self.target.iter().map(|&t| t.max(n * n)).max().unwrap_or(0);
        self.weight * (n - 1) * (2 * widest + n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Cages, Shape};

    #[test]
    fn a_killer_keeps_its_schedule_and_a_few_cages_stay_near_the_plain_one() {
        let plain = Schedule {
            start: 0.7,
            factor: 0.9,
            floor: 0.35,
            hold_steps: 400,
        };
        let killer = Schedule {
            start: 1.0,
            factor: 0.95,
            floor: 0.5,
            hold_steps: 2_000,
        };
        let six = Shape::new(2, 3).expect("6x6");
        let (full, _) = crate::generate::killer_many(six, 0, 46, 1).expect("a killer")[0].clone();
        assert_eq!(schedule(&full, plain, killer), killer);
        let cages = Cages::parse(Shape::CLASSIC, "11:r1c1+r1c2,15:r2c1+r2c2+r2c3").expect("cages");
        let few = (Grid::empty(Shape::CLASSIC).with_cages(cages.to_vec())).expect("caged");
        let mixed = schedule(&few, plain, killer);
        // 5 of 81 open cells in cages.
        assert!(
            (mixed.floor - (0.35 + 0.15 * 5.0 / 81.0)).abs() < 1e-12,
            "{mixed:?}"
        );
        assert_eq!(mixed.hold_steps, 499);
        assert_eq!(schedule(&Grid::empty(Shape::CLASSIC), plain, killer), plain);
    }
}
