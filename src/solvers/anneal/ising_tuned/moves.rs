//! The tuned model's moves: the loop that picks a cell and a kind of move, the plain
//! Metropolis flip (9×9), the heat bath and the box swap (above 9×9). The bookkeeping they share
//! (`put`, the tallies, the weights' rounds) is the model's, in the parent file.

use super::TunedIsing;
use crate::board::Digit;
use crate::rng::{self, Draws, Rng, RngCore};

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
            if self.conflicts == 0 {
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
            if swapping {
                self.swap(cell, r as u32, rng);
            } else if FOCUSED {
                self.bath(cell, rng);
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
        let allowed = self.domains.allowed(cell);
        let current = self.slot[cell];
        let mut pick = rng::scale(bits, (allowed.len() - 1) as u32) as u8;
        if pick >= current {
            pick += 1;
        }
        let new = allowed[usize::from(pick)];
        let delta = self.clashes(cell, new) - self.clashes(cell, self.digit[cell]);
        if self.metropolis.accepts(delta, rng.next_u32()) {
            self.slot[cell] = pick;
            self.conflicts += delta;
            self.put::<false>(cell, new);
        }
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
        let least = costs.iter().copied().min().unwrap_or(0);
        let weight = |c: i32| self.metropolis.weight(c - least);
        let total: u64 = costs.iter().map(|&c| weight(c)).sum();
        // A uniform draw below `total`, then the digit whose share of the total it falls in.
        let mut draw = ((u128::from(rng.next_u64()) * u128::from(total)) >> 64) as u64;
        let mut pick = 0;
        for (i, &c) in costs.iter().enumerate() {
            let w = weight(c);
            if draw < w {
                pick = i;
                break;
            }
            draw -= w;
        }
        let (old, new) = (self.digit[cell], allowed[pick]);
        if new != old {
            self.conflicts += self.clashes(cell, new) - self.clashes(cell, old);
            self.slot[cell] = pick as u8;
            self.put::<true>(cell, new);
        }
    }

    /// One Metropolis move, on the weighted energy, that exchanges the digits of `a` and a cell
    /// of its box (drawn from `bits`), when each digit is allowed in its new cell.
    fn swap(&mut self, a: usize, bits: u32, rng: &mut Rng) {
        let mates = self.mates.of(a);
        let b = usize::from(mates[rng::scale(bits, mates.len() as u32) as usize]);
        let (x, y) = (self.digit[a], self.digit[b]);
        if x == y || self.domains.bits(a) >> y & 1 == 0 || self.domains.bits(b) >> x & 1 == 0 {
            return;
        }
        // Each tally of the other's digit includes the other cell (they share a box): that pair
        // clashes only halfway through the swap.
        let delta =
            self.clashes(a, y) - self.clashes(a, x) + self.clashes(b, x) - self.clashes(b, y) - 2;
        let weighed = self.cost(a, y) - self.cost(a, x) + self.cost(b, x)
            - self.cost(b, y)
            - (self.weights.of(a, x) + self.weights.of(a, y))
            - (self.weights.of(b, x) + self.weights.of(b, y));
        if self.metropolis.accepts(weighed, rng.next_u32()) {
            self.conflicts += delta;
            self.put::<true>(a, y);
            self.put::<true>(b, x);
            for cell in [a, b] {
                let d = self.digit[cell];
                let allowed = self.domains.allowed(cell);
                self.slot[cell] = allowed.iter().position(|&a| a == d).unwrap_or(0) as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::recounted;
    use super::*;
    use crate::board::Grid;
    use crate::rng::SeedableRng;
    use crate::solvers::anneal::SpinModel;

    #[test]
    fn a_cold_heat_bath_puts_a_cell_on_the_digit_that_costs_it_least() {
        let hard_16 = include_str!("../../../../benches/data/generated_16_hard.txt");
        let line = hard_16.lines().next().expect("a puzzle");
        let mut model = TunedIsing::new(&Grid::parse_any(line).expect("valid")).expect("a model");
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
}
