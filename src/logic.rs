//! The simplest techniques a person solves with, as a yardstick for puzzles: naked singles (a
//! cell with one candidate left) and hidden singles (a digit with one place left in a unit).
//! Puzzles these alone complete are the "easy" ones that a solver must never miss.

use crate::board::{Geometry, Grid};

/// The solution that naked and hidden singles alone reach from `puzzle`, if they complete it
/// without a contradiction.
pub fn solve_by_singles(geometry: &Geometry, puzzle: &Grid) -> Option<Grid> {
    let n = puzzle.shape().size();
    let all = (1u32 << n) - 1;
    let cells = puzzle.shape().cells();
    let mut grid = puzzle.clone();
    let mut candidates = vec![all; cells];
    let mut placed = vec![false; cells];
    let mut queue: Vec<(usize, u8)> = (0..cells)
        .filter_map(|c| puzzle.get(c).map(|d| (c, d)))
        .collect();
    loop {
        while let Some((cell, digit)) = queue.pop() {
            let bit = 1u32 << (digit - 1);
            if placed[cell] {
                if grid.get(cell) != Some(digit) {
                    return None;
                }
                continue;
            }
            if candidates[cell] & bit == 0 {
                return None;
            }
            placed[cell] = true;
            grid.set(cell, Some(digit));
            candidates[cell] = bit;
            for &p in geometry.peers(cell) {
                let p = usize::from(p);
                candidates[p] &= !bit;
                match candidates[p].count_ones() {
                    0 => return None,
                    1 if !placed[p] => {
                        queue.push((p, candidates[p].trailing_zeros() as u8 + 1));
                    }
                    _ => {}
                }
            }
        }
        // Hidden singles: a digit with one open place in a unit.
        for (_, members) in geometry.units() {
            let done = (members.iter())
                .filter(|&&c| placed[c])
                .fold(0, |d, &c| d | candidates[c]);
            let (once, seen) = once_and_any(
                (members.iter())
                    .filter(|&&c| !placed[c])
                    .map(|&c| candidates[c]),
            );
            if (seen | done) != all {
                return None;
            }
            let mut singles = once & !done;
            while singles != 0 {
                let d = singles.trailing_zeros();
                singles &= singles - 1;
                if let Some(&c) = members
                    .iter()
                    .find(|&&c| !placed[c] && candidates[c] >> d & 1 == 1)
                {
                    queue.push((c, d as u8 + 1));
                }
            }
        }
        if queue.is_empty() {
            return (grid.filled() == cells).then_some(grid);
        }
    }
}

/// Over a unit's digit sets (bit `d` for digit `d + 1`): the digits that occur in exactly one of
/// them, and the digits that occur in any.
pub fn once_and_any(sets: impl Iterator<Item = u32>) -> (u32, u32) {
    sets.fold((0, 0), |(once, any), bits| {
        ((once & !bits) | (bits & !any), any | bits)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check;

    fn solve(text: &str) -> Option<Grid> {
        let puzzle = Grid::parse(text).expect("valid puzzle");
        let geometry = Geometry::of(puzzle.shape());
        solve_by_singles(&geometry, &puzzle)
    }

    #[test]
    fn the_notebooks_easy_puzzle_falls_to_singles_and_the_checker_agrees() {
        let text =
            "....79.3.5.2.61478376.859.2.175..8..2.983........2..4.....5.2.1.23....541..7.....";
        let puzzle = Grid::parse(text).expect("valid puzzle");
        let geometry = Geometry::of(puzzle.shape());
        let solution = solve_by_singles(&geometry, &puzzle).expect("singles solve it");
        assert!(check::is_solution(&geometry, &puzzle, &solution));
    }

    #[test]
    fn the_hardest_puzzles_need_more_than_singles() {
        // Arto Inkala's 2012 puzzle.
        assert_eq!(
            solve(
                "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
            ),
            None
        );
    }

    #[test]
    fn a_contradiction_is_no_solution() {
        // Two 1s forced into the first row's last cells' column.
        let mut text = String::from("12345678.");
        text.push_str(&".".repeat(8));
        text.push('9');
        text.push_str(&".".repeat(63));
        assert_eq!(solve(&text), None);
    }
}
