//! Test data shared by the native test files: files of the repository and of the shared puzzle
//! collection beside it, and running a solver to its end.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use ising_sudoku::board::{Grid, parse_puzzle_list};
use ising_sudoku::{Frame, Mark, RunState, Solver, SolverKind};
use std::path::PathBuf;

/// A file by its path from the repository's root (`../shared/…` for the puzzle collection).
pub fn read(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every puzzle of a file of `../shared/puzzles`.
pub fn puzzles(name: &str) -> Vec<Grid> {
    parse_puzzle_list(&read(&format!("../shared/puzzles/{name}")))
        .into_iter()
        .map(|p| p.expect("shared puzzles parse"))
        .collect()
}

/// The famous puzzles with their published solutions.
pub fn famous() -> Vec<(Grid, Grid)> {
    read("../shared/puzzles/famous.txt")
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

/// Ticks `solver` until its run ends, and returns the last frame.
pub fn run_to_end(solver: &mut dyn Solver) -> Frame {
    while solver.tick().state == RunState::Running {}
    solver.frame().clone()
}

/// The registered solver of this name.
pub fn kind(name: &str) -> SolverKind {
    SolverKind::from_name(name).unwrap_or_else(|| panic!("no solver named {name}"))
}

/// The rules, checked here independently of the engine's checker: every row, column and box
/// holds 1..=9 once, and every given is kept.
pub fn obeys_the_rules(puzzle: &Grid, cells: &[Mark]) -> bool {
    let digit = |c: usize| match cells[c] {
        Mark::Digit(d) => d,
        _ => 0,
    };
    let unit_ok = |cells: [usize; 9]| {
        let mut seen = [false; 10];
        cells.iter().all(|&c| {
            let d = usize::from(digit(c));
            d != 0 && !std::mem::replace(&mut seen[d], true)
        })
    };
    (0..9).all(|i| {
        unit_ok(std::array::from_fn(|j| i * 9 + j))
            && unit_ok(std::array::from_fn(|j| j * 9 + i))
            && unit_ok(std::array::from_fn(|j| {
                (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3
            }))
    }) && (0..81).all(|c| puzzle.get(c).is_none_or(|g| g == digit(c)))
}
