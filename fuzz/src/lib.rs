//! What the fuzz targets share: puzzles built from the fuzzer's bytes, and the rules checked
//! from first principles (the native tests' `common.rs`, so a grid is judged by code that is
//! not the engine's checker).

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use sudoku_engine::board::{Cage, Grid, Shape, sum_range};
use sudoku_engine::exact;

#[path = "../../crates/engine/tests/engine/common.rs"]
pub mod common;

/// Any board the engine knows (boxes of 1 to 5 rows and columns, where it takes them) under any
/// rules it takes; 9×9 when the bytes name none.
pub fn shape(u: &mut Unstructured) -> Result<Shape> {
    let rows = u.int_in_range(1..=5)?;
    let cols = u.int_in_range(1..=5)?;
    let rules = common::rules_of(u.arbitrary()?);
    Ok(Shape::new(rows, cols)
        .and_then(|s| s.with_rules(rules))
        .unwrap_or(Shape::CLASSIC))
}

/// A puzzle on `shape`: either givens at random (mostly breaking a rule, some without a
/// solution) or a solution under the rules, its digits relabelled, with cells blanked at random.
pub fn puzzle(u: &mut Unstructured, shape: Shape) -> Result<Grid> {
    let n = shape.size() as u8;
    let mut grid = match u.arbitrary::<bool>()? {
        true => relabelled(u, shape)?.unwrap_or_else(|| Grid::empty(shape)),
        false => Grid::empty(shape),
    };
    let from_solution = grid.filled() > 0;
    for cell in 0..shape.cells() {
        // Bytes that run out leave the rest as it is (blank, or the solution's digits).
        if u.is_empty() {
            break;
        }
        let byte: u8 = u.arbitrary()?;
        if from_solution {
            if byte & 1 == 0 {
                grid.set(cell, None);
            }
        } else if byte.is_multiple_of(4) {
            grid.set(cell, Some(1 + (byte / 4) % n));
        }
    }
    Ok(grid)
}

/// `grid`, or now and then `grid` with killer cages drawn from the bytes: up to eight cages, each
/// a walk of side-by-side cells no other cage holds, summing to what as many distinct digits
/// can make. A set the board refuses (the rule of 45 within a unit) leaves the grid as it was.
pub fn caged(u: &mut Unstructured, grid: Grid) -> Result<Grid> {
    if !u.arbitrary::<bool>()? {
        return Ok(grid);
    }
    let shape = grid.shape();
    let (n, last) = (shape.size(), shape.cells() - 1);
    let mut taken = vec![false; shape.cells()];
    let mut cages = Vec::new();
    for _ in 0..u.int_in_range(1..=8)? {
        let mut cell = u.int_in_range(0..=last)?;
        let mut cells = Vec::new();
        for _ in 0..u.int_in_range(1..=5)? {
            if !std::mem::replace(&mut taken[cell], true) {
                cells.push(cell);
            }
            cell = match u.int_in_range(0..=3u8)? {
                0 if cell >= n => cell - n,
                1 if cell + n <= last => cell + n,
                2 if cell % n > 0 => cell - 1,
                _ if cell % n + 1 < n => cell + 1,
                _ => cell,
            };
        }
        let (low, high) = sum_range(cells.len(), n);
        if !cells.is_empty() {
            cages.push(Cage::new(u.int_in_range(low..=high)?, cells));
        }
    }
    Ok(grid.clone().with_cages(cages).unwrap_or(grid))
}

/// A solution of the empty board under `shape`'s rules, its digits permuted by the bytes; none
/// where the rules leave the board no solution.
fn relabelled(u: &mut Unstructured, shape: Shape) -> Result<Option<Grid>> {
    let Some(solution) = first_solution(shape) else {
        return Ok(None);
    };
    let mut digits: Vec<u8> = (1..=shape.size() as u8).collect();
    for i in (1..digits.len()).rev() {
        let j = u.int_in_range(0..=i)?;
        digits.swap(i, j);
    }
    let mut grid = solution;
    for cell in 0..shape.cells() {
        grid.set(cell, grid.get(cell).map(|d| digits[usize::from(d) - 1]));
    }
    Ok(Some(grid))
}

/// First solutions found, by board and rule names.
type Found = HashMap<(usize, usize, String), Option<Grid>>;

/// The exact search's first solution of the empty board within about 20,000 guesses (boards
/// whose rules leave no solution can take the search much longer than that to prove it: 200,000
/// guesses on a 25×25 board under all four rules ran past the 10 s timeout), kept per board and
/// rules.
fn first_solution(shape: Shape) -> Option<Grid> {
    static FOUND: OnceLock<Mutex<Found>> = OnceLock::new();
    let key = (shape.box_rows(), shape.box_cols(), shape.rules().names());
    let mut found = FOUND.get_or_init(Default::default).lock().ok()?;
    found
        .entry(key)
        .or_insert_with(|| {
            let mut chunks = 0;
            exact::count_while(&Grid::empty(shape), 1, &mut || {
                chunks += 1;
                chunks < 5
            })
            .ok()
            .and_then(|c| c.first)
        })
        .clone()
}
