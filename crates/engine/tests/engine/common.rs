//! Test data shared by the native tests: files of the repository (the puzzles of `tests/data`),
//! running a solver to its end, and the rules checked from first principles. The page's tests
//! include this file too, and use only some of it.

#![allow(dead_code)]

use std::path::PathBuf;
use sudoku_engine::board::{Grid, Rules, Shape, parse_puzzle_list};
use sudoku_engine::{Frame, Mark, RunState, Solver, SolverKind};

/// A file by its path from the repository's root.
pub fn read(path: &str) -> String {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every puzzle of a file of `tests/data` (see its README for where each comes from).
pub fn puzzles(name: &str) -> Vec<Grid> {
    parse_puzzle_list(&read(&format!("tests/data/{name}")))
        .into_iter()
        .map(|p| p.expect("test puzzles parse"))
        .collect()
}

/// The famous puzzles with their published solutions.
pub fn famous() -> Vec<(Grid, Grid)> {
    read("tests/data/famous.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split('\t');
            let puzzle = Grid::parse(f.next().unwrap_or_default()).expect("puzzle parses");
            let solution = Grid::parse(f.next().unwrap_or_default()).expect("solution parses");
            (puzzle, solution)
        })
        .collect()
}

/// Cases per property test: `default` unless `PROPTEST_CASES=N` asks for more (or fewer).
pub fn proptest_cases(default: u32) -> u32 {
    let cases = std::env::var("PROPTEST_CASES").ok();
    cases.and_then(|n| n.parse().ok()).unwrap_or(default)
}

/// Ticks `solver` until its run ends, and returns the last frame.
pub fn run_to_end(solver: &mut dyn Solver) -> Frame {
    while solver.tick().state == RunState::Running {}
    solver.frame().clone()
}

/// The registered solver of this name.
pub fn kind(name: &str) -> SolverKind {
    SolverKind::from_name(name).unwrap_or_else(|| panic!("no solver named {name}"))
}

/// The digit each cell shows (0 where it shows none).
pub fn digits(cells: &[Mark]) -> Vec<u8> {
    (cells.iter())
        .map(|m| match m {
            Mark::Digit(d) => *d,
            _ => 0,
        })
        .collect()
}

/// The rules, checked here independently of the engine's checker: `cells` fill the puzzle's
/// board by every rule of it (rows, columns, boxes, its extra rules and its killer cages) and
/// keep every given.
pub fn obeys_the_rules(puzzle: &Grid, cells: &[Mark]) -> bool {
    let shape = puzzle.shape();
    let digits = digits(cells);
    cells.len() == shape.cells()
        && obeys(shape, shape.rules(), puzzle, &digits)
        && keeps_the_cages(puzzle, &digits)
}

/// Whether `digits` keep every cage of `puzzle`: each sums to its total, no digit twice.
fn keeps_the_cages(puzzle: &Grid, digits: &[u8]) -> bool {
    puzzle.cages().iter().all(|cage| {
        let mut seen: Vec<u8> = cage.cells().map(|c| digits[c]).collect();
        let sum: u32 = seen.iter().map(|&d| u32::from(d)).sum();
        seen.sort_unstable();
        seen.dedup();
        sum == cage.sum() && seen.len() == cage.len() && !seen.contains(&0)
    })
}

/// The rules whose bits are set in the low four bits, in the order of [`Rules::ALL`].
pub fn rules_of(bits: u8) -> Rules {
    (Rules::ALL.iter().enumerate())
        .filter(|(i, _)| bits >> i & 1 == 1)
        .fold(Rules::NONE, |r, (_, (rule, ..))| r.with(*rule))
}

/// Every combination of the four rules.
pub fn rule_sets() -> Vec<Rules> {
    (0..16).map(rules_of).collect()
}

/// Whether two distinct cells may not hold the same digit under `rules`, from first principles.
pub fn clash(shape: Shape, rules: Rules, a: usize, b: usize) -> bool {
    let n = shape.size() as isize;
    let (br, bc) = (shape.box_rows() as isize, shape.box_cols() as isize);
    let (ra, ca) = (a as isize / n, a as isize % n);
    let (rb, cb) = (b as isize / n, b as isize % n);
    let (dr, dc) = ((ra - rb).abs(), (ca - cb).abs());
    let window = |r: isize, c: isize| {
        // Windows start one cell in and every box side + 1 after.
        let (wr, wc) = ((r - 1).rem_euclid(br + 1), (c - 1).rem_euclid(br + 1));
        (r >= 1
            && c >= 1
            && wr < br
            && wc < br
            && (r - 1) / (br + 1) < br - 1
            && (c - 1) / (br + 1) < br - 1)
            .then_some(((r - 1) / (br + 1), (c - 1) / (br + 1)))
    };
    ra == rb
        || ca == cb
        || (ra / br == rb / br && ca / bc == cb / bc)
        || (rules.contains(Rules::X)
            && ((ra == ca && rb == cb) || (ra + ca == n - 1 && rb + cb == n - 1)))
        || (rules.contains(Rules::WINDOKU)
            && window(ra, ca).is_some()
            && window(ra, ca) == window(rb, cb))
        || (rules.contains(Rules::ANTI_KING) && dr <= 1 && dc <= 1)
        || (rules.contains(Rules::ANTI_KNIGHT) && dr * dc == 2)
}

/// Whether `digits` (1-based, all filled) obey `rules` on `shape` and keep `puzzle`'s givens.
pub fn obeys(shape: Shape, rules: Rules, puzzle: &Grid, digits: &[u8]) -> bool {
    let cells = shape.cells();
    let kept = (0..cells).all(|c| puzzle.get(c).is_none_or(|g| g == digits[c]));
    let filled = digits
        .iter()
        .all(|&d| (1..=shape.size() as u8).contains(&d));
    let apart = (0..cells)
        .all(|a| (a + 1..cells).all(|b| digits[a] != digits[b] || !clash(shape, rules, a, b)));
    kept && filled && apart
}

/// Counts the solutions of `puzzle` on `shape` under `rules`, up to `limit`, by plain backtracking
/// cell by cell: slow and simple, the reference the engine's search is held to.
pub fn brute_count(shape: Shape, rules: Rules, puzzle: &Grid, limit: u64) -> u64 {
    struct Search {
        shape: Shape,
        rules: Rules,
        given: Vec<bool>,
        digits: Vec<u8>,
    }
    impl Search {
        /// Whether `d` in `cell` clashes with no earlier cell and no given.
        fn fits(&self, cell: usize, d: u8) -> bool {
            (0..self.shape.cells())
                .filter(|&c| c != cell && (c < cell || self.given[c]))
                .all(|c| self.digits[c] != d || !clash(self.shape, self.rules, c, cell))
        }

        fn fill(&mut self, cell: usize, limit: u64) -> u64 {
            if cell == self.shape.cells() {
                return 1;
            }
            if self.given[cell] {
                let d = self.digits[cell];
                return if self.fits(cell, d) {
                    self.fill(cell + 1, limit)
                } else {
                    0
                };
            }
            let mut total = 0;
            for d in 1..=self.shape.size() as u8 {
                if total < limit && self.fits(cell, d) {
                    self.digits[cell] = d;
                    total += self.fill(cell + 1, limit - total);
                }
            }
            self.digits[cell] = 0;
            total
        }
    }
    let mut search = Search {
        shape,
        rules,
        given: (0..shape.cells())
            .map(|c| puzzle.get(c).is_some())
            .collect(),
        digits: (0..shape.cells())
            .map(|c| puzzle.get(c).unwrap_or(0))
            .collect(),
    };
    search.fill(0, limit)
}
