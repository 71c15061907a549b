//! The rules help the eye: of the readings the classifier finds likely, the likeliest whose
//! puzzle has exactly one solution.

use super::digits::Odds;
use crate::board::{Geometry, Grid, Shape};
use crate::exact::{self, Diagnosis};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Departures from the likeliest reading considered: the cheapest this many, each at most
/// [`MAX_COST`] less likely than the cell's likeliest reading.
const CHANGES: usize = 24;
/// How much less likely (natural log of the ratio) an alternative may be: 1 in 1,000.
const MAX_COST: f32 = 6.9;
/// Readings tried before giving up on the rules' help.
const TRIES: usize = 300;
/// Guesses the exact search may make on each reading tried.
const BUDGET: u64 = 2_000;

/// The chosen puzzle and the cells where it departs from the likeliest reading; the likeliest
/// reading itself when no likely reading has exactly one solution.
pub fn choose(shape: Shape, odds: &[Odds]) -> (Grid, Vec<usize>) {
    let likeliest: Vec<usize> = odds.iter().map(argmax).collect();
    let grid_of = |reading: &[usize]| {
        let digits = reading.iter().map(|&k| k as u8).collect();
        Grid::from_digits(shape, digits).unwrap_or_else(|| Grid::empty(shape))
    };
    let fallback = grid_of(&likeliest);
    if unique(&fallback) {
        return (fallback, Vec::new());
    }
    let changes = alternatives(odds, &likeliest);
    let mut queue = BinaryHeap::from([Reverse(Candidate {
        cost: changes.first().map_or(f32::INFINITY, |c| c.cost),
        picked: vec![0],
    })]);
    for _ in 0..TRIES {
        let Some(Reverse(candidate)) = queue.pop() else {
            break;
        };
        let Some(&last) = candidate.picked.last() else {
            break;
        };
        if last >= changes.len() {
            continue;
        }
        if let Some(next) = changes.get(last + 1) {
            let mut grown = candidate.picked.clone();
            grown.push(last + 1);
            queue.push(Reverse(Candidate {
                cost: candidate.cost + next.cost,
                picked: grown,
            }));
            let mut moved = candidate.picked.clone();
            moved.pop();
            moved.push(last + 1);
            queue.push(Reverse(Candidate {
                cost: candidate.cost - changes[last].cost + next.cost,
                picked: moved,
            }));
        }
        let mut reading = likeliest.clone();
        let mut cells: Vec<usize> = candidate.picked.iter().map(|&i| changes[i].cell).collect();
        crate::order::sort_by(&mut cells, |a, b| a < b);
        if cells.windows(2).any(|w| w[0] == w[1]) {
            continue;
        }
        for &i in &candidate.picked {
            reading[changes[i].cell] = changes[i].class;
        }
        let grid = grid_of(&reading);
        if unique(&grid) {
            return (grid, cells);
        }
    }
    (fallback, Vec::new())
}

/// How many cells of the likeliest reading hold a digit that a cell of their row, column or box
/// holds too.
pub fn clashes(shape: Shape, odds: &[Odds]) -> usize {
    let likeliest: Vec<usize> = odds.iter().map(argmax).collect();
    let digit = |cell: usize| u8::try_from(likeliest[cell]).ok().filter(|&d| d > 0);
    (crate::check::clashes(&Geometry::of(shape), digit).into_iter())
        .filter(|&clash| clash)
        .count()
}

/// One departure from the likeliest reading: `cell` read as `class`, `cost` less likely.
struct Change {
    cell: usize,
    class: usize,
    cost: f32,
}

/// The cheapest departures, cheapest first.
fn alternatives(odds: &[Odds], likeliest: &[usize]) -> Vec<Change> {
    let changes = odds
        .iter()
        .zip(likeliest)
        .enumerate()
        .flat_map(|(cell, (o, &best))| {
            (0..o.len())
                .filter(move |&k| k != best)
                .map(move |class| Change {
                    cell,
                    class,
                    cost: (o[best].max(1e-12) / o[class].max(1e-12)).ln(),
                })
        })
        .filter(|c| c.cost <= MAX_COST);
    crate::order::first_by(changes, CHANGES, |a, b| a.cost.total_cmp(&b.cost).is_lt())
}

/// A set of departures (indices into the sorted changes, increasing) and their total cost.
#[derive(PartialEq)]
struct Candidate {
    cost: f32,
    picked: Vec<usize>,
}

impl Eq for Candidate {}

impl PartialOrd for Candidate {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Candidate {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.cost.total_cmp(&other.cost)
    }
}

fn argmax(odds: &Odds) -> usize {
    (0..odds.len())
        .max_by(|&a, &b| odds[a].total_cmp(&odds[b]))
        .unwrap_or(0)
}

fn unique(grid: &Grid) -> bool {
    matches!(exact::diagnose(grid, BUDGET), Ok(Diagnosis::Unique))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle with one solution (the first of the 17-clue collection's kind).
    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// Odds that read `puzzle` with certainty but for `cell`, whose likeliest reading is
    /// `misread` and whose true digit comes second.
    fn odds(puzzle: &Grid, cell: usize, misread: usize) -> Vec<Odds> {
        (0..81)
            .map(|c| {
                let mut o: Odds = [0.0; 17];
                o[..10].fill(0.001);
                let truth = usize::from(puzzle.digits()[c]);
                if c == cell {
                    o[misread] = 0.6;
                    o[truth] = 0.39;
                } else {
                    o[truth] = 0.99;
                }
                o
            })
            .collect()
    }

    #[test]
    fn a_likely_reading_with_one_solution_stands() {
        let puzzle = Grid::parse(PUZZLE).expect("a puzzle");
        let sure = odds(&puzzle, 0, 5);
        assert_eq!(choose(puzzle.shape(), &sure), (puzzle, Vec::new()));
    }

    #[test]
    fn clashes_count_the_cells_whose_likeliest_digit_a_peer_has_too() {
        let puzzle = Grid::parse(PUZZLE).expect("a puzzle");
        assert_eq!(clashes(puzzle.shape(), &odds(&puzzle, 0, 5)), 0);
        // The 5 in the corner read as a 3: it and the 3 beside it clash.
        assert_eq!(clashes(puzzle.shape(), &odds(&puzzle, 0, 3)), 2);
    }

    #[test]
    fn a_misread_digit_that_breaks_a_rule_is_overruled() {
        let puzzle = Grid::parse(PUZZLE).expect("a puzzle");
        // The 5 in the corner read as a 3, which the row already has.
        let (chosen, changed) = choose(puzzle.shape(), &odds(&puzzle, 0, 3));
        assert_eq!(chosen, puzzle);
        assert_eq!(changed, [0]);
    }

    #[test]
    fn a_given_read_as_blank_is_brought_back_when_the_puzzle_needs_it() {
        // 17 givens, none to spare: without any one of them the puzzle has several solutions.
        let puzzle = Grid::parse(
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
        )
        .expect("a puzzle");
        let given = (0..81)
            .rev()
            .find(|&c| puzzle.get(c).is_some())
            .expect("a given");
        let (chosen, changed) = choose(puzzle.shape(), &odds(&puzzle, given, 0));
        assert_eq!((chosen, changed), (puzzle, vec![given]));
    }
}
