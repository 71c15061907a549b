//! How many digits each open cell has left, counted bit-sliced over the digits' words: what the
//! branch chooses by, without asking each cell in turn.

use super::{Wide, Word};

impl<W: Word, const K: usize, const N: usize> Wide<W, K, N> {
    /// The open cells of each band, and those left with two digits.
    pub(super) fn open_and_two(&self) -> ([W; K], [W; K]) {
        let (mut open, mut two) = ([W::ZERO; K], [W::ZERO; K]);
        for b in 0..K {
            let (mut once, mut twice, mut thrice) = (W::ZERO, W::ZERO, W::ZERO);
            for sets in &self.sets {
                thrice |= twice & sets[b];
                twice |= once & sets[b];
                once |= sets[b];
            }
            open[b] = Self::all() & !self.placed[b];
            two[b] = twice & !thrice & open[b];
        }
        (open, two)
    }

    /// The first open cell, in band then bit order, of those with the fewest digits left.
    pub(super) fn fewest(&self, open: &[W; K]) -> Option<(usize, usize)> {
        // Five bits count to 31, past the 25 digits of the largest board.
        let mut count = [[W::ZERO; 5]; K];
        for sets in &self.sets {
            for (bits, &set) in count.iter_mut().zip(sets) {
                let mut carry = set;
                for bit in bits.iter_mut() {
                    let next = *bit & carry;
                    *bit ^= carry;
                    carry = next;
                }
            }
        }
        // From the highest bit down, keep the cells with a 0 there whenever some cell has one.
        let mut least = *open;
        for i in (0..5).rev() {
            let zeros: [W; K] = std::array::from_fn(|b| least[b] & !count[b][i]);
            if zeros.iter().any(|&z| z != W::ZERO) {
                least = zeros;
            }
        }
        let b = least.iter().position(|&cells| cells != W::ZERO)?;
        Some((b, least[b].lowest()))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Board, Wide, Word};
    use crate::board::{Geometry, Grid, parse_puzzle_list};

    /// The cell each open cell's own count picks, first of the least in band then bit order.
    fn asked_one_by_one<W: Word, const K: usize, const N: usize>(
        state: &Wide<W, K, N>,
    ) -> Option<(usize, usize)> {
        let (open, _) = state.open_and_two();
        (0..K)
            .flat_map(|b| (0..K * N).map(move |l| (b, l)))
            .filter(|&(b, l)| open[b] & (W::ONE << l) != W::ZERO)
            .min_by_key(|&(b, l)| state.candidates(b, l).len())
    }

    fn agrees<W: Word, const K: usize, const N: usize>(file: &str, every: usize) {
        let text = std::fs::read_to_string(format!(
            "{}/../../benches/data/{file}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("a sample file");
        for puzzle in parse_puzzle_list(&text).into_iter().take(30) {
            let puzzle = puzzle.expect("sample puzzles parse");
            let geometry = Geometry::new(puzzle.shape());
            // The puzzle itself, and a few of its givens alone: cells with every digit left.
            let few = (0..puzzle.shape().cells()).filter(|c| c % every == 0).fold(
                Grid::empty(puzzle.shape()),
                |mut grid, c| {
                    grid.set(c, puzzle.get(c));
                    grid
                },
            );
            for grid in [&puzzle, &few] {
                let state = Wide::<W, K, N>::start(&geometry, grid).expect("no contradiction");
                let (open, _) = state.open_and_two();
                assert_eq!(state.fewest(&open), asked_one_by_one(&state), "{grid}");
            }
        }
    }

    #[test]
    fn the_bit_sliced_count_picks_the_cell_each_cell_s_own_count_picks() {
        agrees::<u64, 4, 16>("generated_16_hard.txt", 37);
        agrees::<u128, 5, 25>("generated_25_expert.txt", 61);
    }
}
