//! The tuned model's moves: the loop that picks a cell and a kind of move, the plain
//! Metropolis flip (9×9), the heat bath and the box swap (above 9×9). The bookkeeping they share
//! (`put`, the tallies, the weights' rounds) is the model's, in the parent file.

use super::TunedIsing;
use crate::board::Digit;
use crate::rng::{self, Draws, Rng, RngCore};
use crate::solvers::anneal::cages;

impl TunedIsing {
    /// The cell a move starts from, drawn from the high half of `r`: one in conflict when
    /// `FOCUSED`, otherwise any with a choice.
    #[inline]
    fn pick_cell<const FOCUSED: bool>(&self, r: u64) -> usize {
        let high = (r >> 32) as u32;
        let focus = self.conflicted.cells();
        if FOCUSED && !focus.is_empty() {
            return usize::from(focus[rng::scale(high, focus.len() as u32) as usize]);
        }
        let movable = self.domains.movable();
        usize::from(movable[rng::scale(high, movable.len() as u32) as usize])
    }

    /// Up to `moves` moves, as [`SpinModel::sweep`](super::SpinModel::sweep); monomorphised so
    /// that the plain model's loop pays nothing for focus.
    pub(super) fn moves<const FOCUSED: bool>(&mut self, moves: u64, rng: &mut Rng) -> u64 {
        for done in 0..moves {
            if self.conflicts == 0 && self.cage_sums.energy() == 0 {
                return done;
            }
            if FOCUSED && self.weights.count_move() {
                self.reweigh();
            }
            let r = rng.next_u64();
            let cell = self.pick_cell::<FOCUSED>(r);
            let swapping = FOCUSED
                && self.tactics.swaps > 0
                && !self.mates.of(cell).is_empty()
                && rng.below(100) < self.tactics.swaps;
            if swapping && self.tactics.swap_bath {
                self.swap_bath(cell, rng);
            } else if swapping {
                self.swap(cell, r as u32, rng);
            } else if FOCUSED {
                self.bath(cell, rng);
            } else if self.tactics.cage_pairs > 0
                && !self.cage_mates.of(cell).is_empty()
                && rng.below(100) < self.tactics.cage_pairs
            {
                self.pair(cell, r as u32, rng);
            } else {
                self.flip(cell, r as u32, rng);
            }
        }
        moves
    }

    /// One Metropolis move that gives `cell` another of its digits, the other from `bits`.
    /// Inlined by force, as `put`: left to itself the compiler costs the plain loop a tenth.
    #[inline(always)]
    fn flip(&mut self, cell: usize, bits: u32, rng: &mut Rng) {
        let pick = self.other_slot(cell, bits);
        let (old, new) = (
            self.digit[cell],
            self.domains.allowed(cell)[usize::from(pick)],
        );
        let delta = self.clashes(cell, new) - self.clashes(cell, old);
        let summed = self.cage_sums.delta(cell, old, new);
        if self.metropolis.accepts(delta + summed, rng.next_u32()) {
            self.slot[cell] = pick;
            self.conflicts += delta;
            self.cage_sums.moved(cell, old, new);
            self.put::<false>(cell, new);
        }
    }

    /// Where another of `cell`'s allowed digits stands, drawn from `bits`: never its own.
    #[inline(always)]
    fn other_slot(&self, cell: usize, bits: u32) -> u8 {
        let choices = self.domains.allowed(cell).len() as u32;
        let pick = rng::scale(bits, choices - 1) as u8;
        pick + u8::from(pick >= self.slot[cell])
    }

    /// One heat-bath (Glauber) move of `cell`: its next digit drawn from all it allows, each
    /// weighed by its Boltzmann factor in the weighted energy, so that a cell in conflict lands
    /// on a digit its peers leave free far more often than a blind proposal would try one.
    fn bath(&mut self, cell: usize, rng: &mut Rng) {
        let allowed = self.domains.allowed(cell);
        // Each digit's cost, once: the draw reads the weights twice, from the Metropolis table.
        let mut costs = [0; Digit::MAX as usize];
        let costs = &mut costs[..allowed.len()];
        for (c, &d) in costs.iter_mut().zip(allowed) {
            *c = self.cost(cell, d);
        }
        let pick = self.boltzmann(costs, rng);
        let (old, new) = (self.digit[cell], allowed[pick]);
        if new != old {
            self.conflicts += self.clashes(cell, new) - self.clashes(cell, old);
            self.slot[cell] = pick as u8;
            self.put::<true>(cell, new);
        }
    }

    /// One Metropolis move that keeps `a`'s cage sum: `a` takes another of its digits (drawn from
    /// `bits`), and a cage mate moves the other way by as much, when it can.
    fn pair(&mut self, a: usize, bits: u32, rng: &mut Rng) {
        let mates = self.cage_mates.of(a);
        let b = usize::from(mates[rng.below(mates.len() as u32) as usize]);
        let pick = self.other_slot(a, bits);
        let (x, to, y) = (
            self.digit[a],
            self.domains.allowed(a)[usize::from(pick)],
            self.digit[b],
        );
        let Some(by) = cages::keeping_sum(x, to, y, self.domains.bits(b)) else {
            return;
        };
        // `b` is a peer of `a` (a cage is a unit): its tallies see `a` move first.
        let moved = |d: u8| i32::from(to == d) - i32::from(x == d);
        let delta = self.clashes(a, to) - self.clashes(a, x) + self.clashes(b, by) + moved(by)
            - self.clashes(b, y)
            - moved(y);
        if self.metropolis.accepts(delta, rng.next_u32()) {
            self.conflicts += delta;
            self.put::<false>(a, to);
            self.put::<false>(b, by);
            self.slot[a] = pick;
            self.reslot(b);
        }
    }

    /// An index of `costs` drawn by its Boltzmann weight at the table's temperature.
    fn boltzmann(&self, costs: &[i32], rng: &mut Rng) -> usize {
        let least = costs.iter().copied().min().unwrap_or(0);
        let weight = |c: i32| self.metropolis.weight(c - least);
        let total: u64 = costs.iter().map(|&c| weight(c)).sum();
        // A uniform draw below `total`, then the choice whose share of the total it falls in.
        let mut draw = ((u128::from(rng.next_u64()) * u128::from(total)) >> 64) as u64;
        for (i, &c) in costs.iter().enumerate() {
            let w = weight(c);
            if draw < w {
                return i;
            }
            draw -= w;
        }
        0
    }

    /// Whether `a` and `b` (of one box) may exchange their digits: each allowed in its new cell,
    /// and different.
    #[inline(always)]
    fn fits(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.digit[a], self.digit[b]);
        (x != y) & (self.domains.bits(a) >> y & 1 == 1) & (self.domains.bits(b) >> x & 1 == 1)
    }

    /// What exchanging the digits of `a` and `b`, which fit, changes: the weighted energy and
    /// the conflicts.
    #[inline(always)]
    fn swap_change(&self, a: usize, b: usize) -> (i32, i32) {
        let (x, y) = (self.digit[a], self.digit[b]);
        // Each tally of the other's digit counts the other cell (they share a box): that pair
        // clashes only halfway through the swap, hence the 2 and the weights taken off.
        let delta =
            self.clashes(a, y) - self.clashes(a, x) + self.clashes(b, x) - self.clashes(b, y) - 2;
        let weighed = self.cost(a, y) - self.cost(a, x) + self.cost(b, x)
            - self.cost(b, y)
            - (self.weights.of(a, x) + self.weights.of(a, y))
            - (self.weights.of(b, x) + self.weights.of(b, y));
        (weighed, delta)
    }

    /// One Metropolis move, on the weighted energy, that exchanges the digits of `a` and a cell
    /// of its box (drawn from `bits`), when the two fit.
    fn swap(&mut self, a: usize, bits: u32, rng: &mut Rng) {
        let mates = self.mates.of(a);
        let b = usize::from(mates[rng::scale(bits, mates.len() as u32) as usize]);
        if !self.fits(a, b) {
            return;
        }
        let (weighed, delta) = self.swap_change(a, b);
        if self.metropolis.accepts(weighed, rng.next_u32()) {
            self.exchange(a, b, delta);
        }
    }

    /// One heat-bath exchange (Kawasaki dynamics by Glauber's rule): `a` keeps its digit or
    /// swaps it with a box mate that fits, each choice drawn by its Boltzmann weight in the
    /// weighted energy. Weighing every mate finds the swap that mends a conflict, where a
    /// blind proposal is mostly turned down.
    fn swap_bath(&mut self, a: usize, rng: &mut Rng) {
        // The mates that fit, gathered without a branch per mate: most fail the domains, and a
        // branch on each would be mispredicted about half the time.
        let mut fitting = [0u16; MAX_CHOICES];
        let mut found = 0;
        for &b in self.mates.of(a) {
            fitting[found] = b;
            found += usize::from(self.fits(a, usize::from(b)));
        }
        // Choice 0 keeps the digits; choice i > 0 swaps with `fitting[i - 1]`.
        let mut costs = [0; MAX_CHOICES + 1];
        let mut deltas = [0; MAX_CHOICES + 1];
        for (i, &b) in fitting[..found].iter().enumerate() {
            (costs[i + 1], deltas[i + 1]) = self.swap_change(a, usize::from(b));
        }
        let pick = self.boltzmann(&costs[..=found], rng);
        if pick > 0 {
            self.exchange(a, usize::from(fitting[pick - 1]), deltas[pick]);
        }
    }

    /// Exchanges the digits of `a` and `b`, which changes the conflicts by `delta`.
    fn exchange(&mut self, a: usize, b: usize, delta: i32) {
        let (x, y) = (self.digit[a], self.digit[b]);
        self.conflicts += delta;
        self.put::<true>(a, y);
        self.put::<true>(b, x);
        self.reslot(a);
        self.reslot(b);
    }

    /// Finds again where `cell`'s digit stands in its allowed list.
    fn reslot(&mut self, cell: usize) {
        let d = self.digit[cell];
        let allowed = self.domains.allowed(cell);
        self.slot[cell] = allowed.iter().position(|&a| a == d).unwrap_or(0) as u8;
    }
}

/// The most mates a cell can swap with: the other cells of a box of at most 25.
const MAX_CHOICES: usize = Digit::MAX as usize;

#[cfg(test)]
mod tests {
    use super::super::tests::{hard_16, recounted};
    use super::*;
    use crate::board::{Geometry, Shape};
    use crate::rng::SeedableRng;
    use crate::solvers::anneal::SpinModel;

    #[test]
    fn a_cold_heat_bath_puts_a_cell_on_the_digit_that_costs_it_least() {
        let (_, mut model) = hard_16();
        let mut rng = Rng::seed_from_u64(7);
        model.randomize(&mut rng);
        // Cold enough that one more clash weighs nothing: the draw is among the best digits.
        model.metropolis.set_temperature(0.01);
        for _ in 0..200 {
            let cell = model.pick_cell::<true>(rng.next_u64());
            let least = (model.domains.allowed(cell).iter())
                .map(|&d| model.cost(cell, d))
                .min();
            model.bath(cell, &mut rng);
            assert_eq!(Some(model.cost(cell, model.digit[cell])), least);
            assert_eq!(model.conflicts, recounted(&model));
        }
    }

    /// The weighted energy counted from scratch: each pair of non-given peers holding one digit
    /// costs both cells' weights on it.
    fn weighed_energy(model: &TunedIsing, geometry: &Geometry) -> i32 {
        let mut twice = 0;
        for c in (0..model.digit.len()).filter(|&c| !model.is_given(c)) {
            let d = model.digit[c];
            for p in geometry.peers(c).iter().map(|&p| usize::from(p)) {
                if !model.is_given(p) && model.digit[p] == d {
                    twice += model.weights.of(c, d) + model.weights.of(p, d);
                }
            }
        }
        twice / 2
    }

    #[test]
    fn a_cage_pair_keeps_the_cage_sums_and_counts_its_conflicts() {
        let killers = crate::generate::killer_many(Shape::CLASSIC, 0, 46, 1).expect("a killer");
        let puzzle = &killers[0].0;
        let mut model = TunedIsing::new(puzzle).expect("a model");
        assert!(model.tactics.cage_pairs > 0);
        let mut rng = Rng::seed_from_u64(3);
        model.randomize(&mut rng);
        let (mut moved, mut sums) = (0, model.cage_sums.clone());
        for t in [5.0, 1.0, 0.3] {
            model.metropolis.set_temperature(t);
            for _ in 0..2_000 {
                let (r, before) = (rng.next_u64(), model.digit.clone());
                let cell = model.pick_cell::<false>(r);
                if model.cage_mates.of(cell).is_empty() {
                    continue;
                }
                model.pair(cell, r as u32, &mut rng);
                assert_eq!(model.conflicts, recounted(&model));
                sums.reset(&model.digit);
                assert_eq!(sums.energy(), model.cage_sums.energy(), "sums kept");
                moved += usize::from(model.digit != before);
                for (c, &d) in model.digit.iter().enumerate() {
                    assert_eq!(model.domains.allowed(c)[usize::from(model.slot[c])], d);
                }
            }
        }
        assert!(moved > 100, "{moved} pairs moved");
    }

    #[test]
    fn a_cold_swap_bath_takes_the_exchange_that_costs_least() {
        let (puzzle, mut model) = hard_16();
        assert!(model.tactics.swap_bath);
        let geometry = Geometry::of(puzzle.shape());
        let mut rng = Rng::seed_from_u64(11);
        model.randomize(&mut rng);
        // Warm moves first, so that the weights are no longer all at the base.
        model.sweep(20_000, 0.5, &mut rng);
        let mut lowered = 0;
        for _ in 0..300 {
            // A hot move to stir the grid, then a cold swap.
            model.metropolis.set_temperature(100.0);
            let stirred = model.pick_cell::<false>(rng.next_u64());
            model.bath(stirred, &mut rng);
            model.metropolis.set_temperature(0.01);
            let a = model.pick_cell::<true>(rng.next_u64());
            let least = (model.mates.of(a).iter().map(|&b| usize::from(b)))
                .filter(|&b| model.fits(a, b))
                .map(|b| model.swap_change(a, b).0)
                .fold(0, i32::min);
            let before = weighed_energy(&model, &geometry);
            model.swap_bath(a, &mut rng);
            assert_eq!(weighed_energy(&model, &geometry) - before, least);
            assert_eq!(model.conflicts, recounted(&model));
            lowered += usize::from(least < 0);
        }
        assert!(lowered > 0, "no swap lowered the energy");
    }
}
