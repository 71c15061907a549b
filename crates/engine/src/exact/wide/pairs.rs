//! Naked and hidden pairs for the widened state: on 16×16 they settle most of what the search
//! would otherwise guess at, for less than the guesses cost; on 25×25 they decide the hard
//! puzzles (those needing hidden triples and quads) in a fraction of a second instead of many.

use super::{Changed, Wide, Word, double, pop};

impl<W: Word, const K: usize, const N: usize> Wide<W, K, N> {
    /// Hidden pairs in the rows and boxes of the bands in `touched`, and naked pairs with a cell
    /// in one of them; whether any place went.
    pub(super) fn pairs(&mut self, dirty: &mut Changed<W>, touched: u32) -> bool {
        let mut struck = false;
        let mut bands = touched;
        while let Some(b) = pop(&mut bands) {
            for i in 0..2 * K {
                let unit = if i < K {
                    Self::row(i)
                } else {
                    Self::boxed(i - K)
                };
                // Two open cells or fewer: a pair there has nothing left to strike.
                let mut open = unit & !self.placed[b];
                if pop(&mut open).and(pop(&mut open)).is_some() && open != W::ZERO {
                    struck |= self.hidden_pairs(dirty, b, unit);
                }
            }
        }
        let (_, two) = self.open_and_two();
        let mut bands = touched;
        while let Some(b) = pop(&mut bands) {
            let mut cells = two[b];
            while let Some(l) = pop(&mut cells) {
                struck |= self.naked_pairs(dirty, &two, b, l);
            }
        }
        struck
    }

    /// Two digits whose only places in `unit` of band `b` are the same two cells take them.
    fn hidden_pairs(&mut self, dirty: &mut Changed<W>, b: usize, unit: W) -> bool {
        let mut struck = false;
        let mut twos = [W::ZERO; N];
        for (d, two) in twos.iter_mut().enumerate() {
            let places = self.sets[d][b] & unit;
            if double(places) {
                *two = places;
            }
        }
        for d in 0..N {
            let places = twos[d];
            if places == W::ZERO {
                continue;
            }
            if let Some(e) = (d + 1..N).find(|&e| twos[e] == places) {
                for f in (0..N).filter(|&f| f != d && f != e) {
                    if self.sets[f][b] & places != W::ZERO {
                        self.sets[f][b] &= !places;
                        dirty.mark(f * K + b, b);
                        struck = true;
                    }
                }
            }
        }
        struck
    }

    /// Cell `l` of band `b`, left with two digits, and another cell of one of its units left
    /// with the same two: the rest of that unit loses them.
    fn naked_pairs(&mut self, dirty: &mut Changed<W>, two: &[W; K], b: usize, l: usize) -> bool {
        let mut struck = false;
        let digits = self.candidates(b, l).bits();
        for (p, gone) in self.twinned(two, b, l).into_iter().enumerate() {
            let mut each = digits;
            while let Some(d) = pop(&mut each) {
                if self.sets[d][p] & gone != W::ZERO {
                    self.sets[d][p] &= !gone;
                    dirty.mark(d * K + p, p);
                    struck = true;
                }
            }
        }
        struck
    }

    /// The cells, band by band, left with the same two digits as cell `l` of band `b` (one of
    /// the cells in `two`) and seeing it: its twins.
    pub(super) fn twins(&self, two: &[W; K], b: usize, l: usize) -> [W; K] {
        let mut digits = self.candidates(b, l).bits();
        let (d, e) = (pop(&mut digits).unwrap_or(0), pop(&mut digits).unwrap_or(0));
        let c = l % N;
        let near = Self::row(l / N) | Self::boxed(c / K);
        std::array::from_fn(|o| {
            let sees = if o == b {
                near & !(W::ONE << l)
            } else {
                Self::column(c)
            };
            two[o] & sees & self.sets[d][o] & self.sets[e][o]
        })
    }

    /// The cells, band by band, of the units where cell `l` of band `b` (one of the cells in
    /// `two`) has a twin, but for the two of them: where those digits cannot go. Nothing when
    /// it has no twin.
    fn twinned(&self, two: &[W; K], b: usize, l: usize) -> [W; K] {
        let (r, c) = (l / N, l % N);
        let mut strike = [W::ZERO; K];
        for (o, mut partners) in self.twins(two, b, l).into_iter().enumerate() {
            while let Some(k) = pop(&mut partners) {
                let mut unit = [W::ZERO; K];
                if o == b && k / N == r {
                    unit[b] |= Self::row(r);
                }
                if o == b && k % N / K == c / K {
                    unit[b] |= Self::boxed(c / K);
                }
                if k % N == c {
                    unit.iter_mut().for_each(|s| *s |= Self::column(c));
                }
                unit[o] &= !(W::ONE << k);
                for (s, u) in strike.iter_mut().zip(unit) {
                    *s |= u;
                }
            }
        }
        strike[b] &= !(W::ONE << l);
        strike
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Board, Changed, Wide16};
    use crate::board::{Digit, Geometry, parse_puzzle_list};
    use crate::exact::{Search, fills_without_guessing};

    /// Pairs never strike a digit of the solution, leave none to find once propagation is
    /// done, and fill puzzles that singles and locked candidates alone leave open.
    #[test]
    fn pairs_keep_the_solution_and_settle_what_locked_candidates_cannot() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../benches/data/generated_16_hard.txt"
        );
        let text = std::fs::read_to_string(path).expect("the 16×16 sample");
        let mut filled_by_pairs = 0;
        for puzzle in parse_puzzle_list(&text).into_iter().take(40) {
            let puzzle = puzzle.expect("sample puzzles parse");
            let geometry = Geometry::new(puzzle.shape());
            let mut search = Search::new(&puzzle, 1).expect("valid givens");
            assert!(search.run(u64::MAX));
            let solution = search.take_first_solution().expect("one solution");
            let mut state = Wide16::start(&geometry, &puzzle).expect("no contradiction");
            for cell in 0..256 {
                let digit = solution
                    .get(cell)
                    .and_then(Digit::new)
                    .expect("a solved cell");
                assert!(
                    state.candidates(cell / 64, cell % 64).contains(digit),
                    "{puzzle}"
                );
            }
            assert!(!state.pairs(&mut Changed::none(), 0b1111), "{puzzle}");
            if state.branch(&geometry).is_none() && !fills_without_guessing(&puzzle, true) {
                filled_by_pairs += 1;
            }
        }
        assert!(filled_by_pairs > 0);
    }
}
