//! Conflict weights: a cell that stays in conflict on a digit weighs more on it, so the
//! near-solutions a run keeps falling back into rise in energy until it moves on. These are the
//! Lagrange multipliers of the breakout method (Morris 1993), and the error variables that
//! Leleu et al. (2019) add to analog Ising machines for the same reason. The weights forget:
//! what lifts them fades, so they shape the last tens of thousands of moves, not the whole run.
//!
//! A model keeps, per cell and digit, a [`tally`] of the peers that hold the digit: how many
//! and their weights, packed in one integer so a move updates both at once.

/// How the weights move; a model picks the plan that measured best on its board size.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Every cell's weight at the start of an attempt.
    pub base: i32,
    /// Moves between rounds: each round adds 1 to every cell in conflict.
    pub every: u64,
    /// Rounds between decays: each decay halves every weight's excess over the base.
    pub decay: u32,
}

impl Plan {
    /// Weights that never move, for moves that read only the counts.
    pub const UNWEIGHED: Plan = Plan {
        base: 1,
        every: u64::MAX,
        decay: 0,
    };

    /// The largest weight a cell can reach: the excess gains at most `decay` between halvings.
    pub fn max_weight(&self) -> i32 {
        self.base + 2 * self.decay as i32
    }
}

/// Each spin's weight (a cell holding a digit), and the moves and rounds counted towards the
/// next round and decay. The weight stays with the digit: a cell that leaves the digit that kept
/// it in conflict is not pushed out of the one it moves to, and pays again if it goes back.
#[derive(Clone, Debug)]
pub struct Weights {
    plan: Plan,
    digits: usize,
    of: Vec<i32>,
    moves: u64,
    rounds: u32,
}

impl Weights {
    /// Every spin of `cells` cells of `digits` digits at the plan's base.
    pub fn new(plan: Plan, cells: usize, digits: usize) -> Weights {
        Weights {
            plan,
            digits,
            of: vec![plan.base; cells * digits],
            moves: 0,
            rounds: 0,
        }
    }

    /// Back to the base for a fresh attempt.
    pub fn reset(&mut self) {
        let base = self.plan.base;
        self.of.iter_mut().for_each(|w| *w = base);
        self.moves = 0;
        self.rounds = 0;
    }

    /// The weight every spin starts from.
    #[inline]
    pub fn base(&self) -> i32 {
        self.plan.base
    }

    /// The weight of `cell` holding digit index `d`.
    #[inline]
    pub fn of(&self, cell: usize, d: u8) -> i32 {
        self.of[cell * self.digits + usize::from(d)]
    }

    /// Counts one move; true when a round is due.
    #[inline]
    pub fn count_move(&mut self) -> bool {
        self.moves += 1;
        let due = self.moves >= self.plan.every;
        if due {
            self.moves = 0;
        }
        due
    }

    /// One round: first, when due, halve every excess over the base among the spins of
    /// `movable`; then add 1 to the spin each of `conflicted` holds (`digit[cell]`). Each change
    /// to a held spin goes to `apply(cell, by)` as well, for the model's tallies; the others
    /// touch no tally.
    pub fn round(
        &mut self,
        movable: &[u16],
        conflicted: &[u16],
        digit: &[u8],
        mut apply: impl FnMut(usize, i32),
    ) {
        let n = self.digits;
        self.rounds += 1;
        if self.rounds >= self.plan.decay {
            self.rounds = 0;
            for &cell in movable {
                let cell = usize::from(cell);
                for d in 0..n {
                    let excess = self.of[cell * n + d] - self.plan.base;
                    if excess > 0 {
                        let by = -(excess + 1) / 2;
                        self.of[cell * n + d] += by;
                        if usize::from(digit[cell]) == d {
                            apply(cell, by);
                        }
                    }
                }
            }
        }
        for &cell in conflicted {
            let cell = usize::from(cell);
            self.of[cell * n + usize::from(digit[cell])] += 1;
            apply(cell, 1);
        }
    }
}

/// Bits of a tally that count the peers; the rest sum their weights.
const COUNT_BITS: u32 = 8;

/// What a peer of weight `weight` adds to a tally of the digit it holds.
#[inline]
pub fn tally(weight: i32) -> i32 {
    1 + (weight << COUNT_BITS)
}

/// What a change of `by` in a peer's weight adds to the tally of the digit it holds.
#[inline]
pub fn reweighed(by: i32) -> i32 {
    by << COUNT_BITS
}

/// How many peers a tally counts.
#[inline]
pub fn holders(tally: i32) -> i32 {
    tally & ((1 << COUNT_BITS) - 1)
}

/// What holding a digit costs a cell of weight `weight` whose peers' tally of it is `tally`:
/// each clash costs both cells' weights.
#[inline]
pub fn cost(weight: i32, tally: i32) -> i32 {
    weight * holders(tally) + (tally >> COUNT_BITS)
}

/// The most peers a tally can count.
pub const MAX_HOLDERS: usize = (1 << COUNT_BITS) - 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_adds_up_counts_and_weights_apart() {
        let t = tally(8) + tally(11) + tally(8) - tally(11) + reweighed(3);
        assert_eq!(holders(t), 2);
        assert_eq!(cost(5, t), 5 * 2 + 8 + 8 + 3);
        assert_eq!(cost(5, 0), 0);
    }

    #[test]
    fn conflicts_raise_the_held_spins_weights_and_decays_bring_them_back_within_the_bound() {
        let plan = Plan {
            base: 4,
            every: 3,
            decay: 5,
        };
        let mut weights = Weights::new(plan, 4, 3);
        let mut applied = [0; 4];
        let movable = [0, 1, 2, 3];
        let mut digit = [0, 2, 1, 0];
        let due: Vec<bool> = (0..6).map(|_| weights.count_move()).collect();
        assert_eq!(due, [false, false, true, false, false, true]);
        for round in 1..=60 {
            weights.round(&movable, &[1, 2], &digit, |c, by| applied[c] += by);
            if round < plan.decay as i32 {
                assert_eq!(weights.of(1, 2), 4 + round);
            }
            assert!(weights.of(1, 2) <= plan.max_weight());
            assert_eq!(weights.of(0, 0), 4);
            assert_eq!(weights.of(1, 0), 4, "a digit the cell does not hold");
        }
        weights.round(&movable, &[], &digit, |c, by| applied[c] += by);
        for (cell, by) in applied.iter().enumerate() {
            assert_eq!(weights.of(cell, digit[cell]), 4 + by);
        }
        assert!(
            weights.of(1, 2) > 4,
            "spins long in conflict keep some excess"
        );
        // Cell 1 moves to digit 0: its weight there is the base, its old digit's fades unseen.
        digit[1] = 0;
        let kept = weights.of(1, 2);
        for _ in 0..plan.decay {
            weights.round(&movable, &[], &digit, |c, by| applied[c] += by);
        }
        assert_eq!(weights.of(1, 0), 4);
        assert!(weights.of(1, 2) < kept);
        assert_eq!(
            applied[1],
            kept - 4,
            "the fading of an unheld spin touches no tally"
        );
        weights.reset();
        assert_eq!(weights.of(1, 2), 4);
    }
}
