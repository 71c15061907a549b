//! What the browser tests and the headless-browser benchmarks call in the app's module, beside
//! the page: built only with the `diagnostics` feature, so a production build exports none of it.

// The counting allocator and its `heap_bytes_in_use` export.
use sudoku_heap as _;

use crate::dom::clock::now_ms;
use sudoku_engine::board::{Grid, Shape, parse_puzzle_line, puzzle_lines};
use sudoku_engine::generate::{self, Request};
use sudoku_engine::grade::Difficulty;
use sudoku_engine::harness;
use sudoku_engine::registry::SolverKind;
use wasm_bindgen::prelude::*;

/// For the browser tests and benchmark: the registered solvers' names, as a JSON array.
#[wasm_bindgen]
pub fn solver_names() -> String {
    serde_json::json!(SolverKind::names()).to_string()
}

/// For the headless-browser benchmark: solves every puzzle of `puzzles` (one per line, as in the
/// puzzle files) with `solver`, unanimated, for at most `timeout_s` seconds and (when above 0)
/// `ticks` ticks each, and returns the same JSON report as `sudoku bench --json`.
#[wasm_bindgen]
pub fn bench_set(
    solver: &str,
    set: &str,
    puzzles: &str,
    seed: u32,
    timeout_s: f64,
    ticks: u32,
) -> Result<String, JsError> {
    let kind = SolverKind::from_name(solver)
        .ok_or_else(|| JsError::new(&format!("unknown solver {solver:?}")))?;
    let grids = read_puzzles(puzzles)?;
    let mut clock = || now_ms() / 1000.0;
    let report = harness::run_set(
        kind.machine(),
        set,
        &grids,
        u64::from(seed),
        harness::Budget {
            seconds: timeout_s,
            ticks: (ticks > 0).then_some(u64::from(ticks)),
        },
        None,
        &mut clock,
    );
    serde_json::to_string(&report).map_err(|e| JsError::new(&e.to_string()))
}

/// For the headless-browser benchmark: the referee's diagnosis of every puzzle of `puzzles`, timed
/// as the page runs it (see [`harness::time_diagnoses`]).
#[wasm_bindgen]
pub fn bench_diagnosis(puzzles: &str) -> Result<String, JsError> {
    let grids = read_puzzles(puzzles)?;
    let report = harness::time_diagnoses(&grids, &mut now_ms);
    serde_json::to_string(&report).map_err(|e| JsError::new(&e.to_string()))
}

/// For the headless-browser benchmark: every puzzle of `puzzles` solved hint by hint, each
/// hint timed (see [`harness::time_hints`]).
#[wasm_bindgen]
pub fn bench_hints(puzzles: &str) -> Result<String, JsError> {
    let grids = read_puzzles(puzzles)?;
    let report = harness::time_hints(&grids, &mut now_ms);
    serde_json::to_string(&report).map_err(|e| JsError::new(&e.to_string()))
}

/// For the browser benchmark: the QUBO export of one puzzle, as `sudoku qubo` prints it.
#[wasm_bindgen]
pub fn qubo_json(puzzle: &str) -> Result<String, JsError> {
    let grid = Grid::parse(puzzle).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(sudoku_engine::qubo::Qubo::sudoku(&grid, sudoku_engine::qubo::DEFAULT_WEIGHT).to_json())
}

/// For the browser benchmark: the lines of `puzzles` that naked and hidden singles alone solve
/// (what `sudoku bench --singles` keeps), one per line.
#[wasm_bindgen]
pub fn solved_by_singles(puzzles: &str) -> Result<String, JsError> {
    let kept: Vec<String> = read_puzzles(puzzles)?
        .into_iter()
        .filter(|p| {
            sudoku_engine::grade::solve_by_singles(
                &sudoku_engine::board::Geometry::of(p.shape()),
                p,
            )
            .is_some()
        })
        .map(|p| p.to_line())
        .collect();
    Ok(kept.join("\n"))
}

/// The request `sudoku generate --size side [--difficulty level] [--symmetric]` makes.
fn request(side: usize, level: &str, symmetric: bool) -> Result<Request, JsError> {
    let shape = Shape::of_side(side).ok_or_else(|| JsError::new("no such board"))?;
    let difficulty = match level {
        "" | "any" => None,
        name => Some(
            Difficulty::from_name(name)
                .ok_or_else(|| JsError::new(&format!("unknown level {name:?}")))?,
        ),
    };
    Ok(Request {
        shape,
        difficulty,
        symmetric,
        killer: false,
    })
}

/// For the browser tests: the puzzles `sudoku generate --seed seed --count count` prints, one
/// per line (a seed gives the same puzzles here as natively).
#[wasm_bindgen]
pub fn generate_puzzles(
    side: usize,
    level: &str,
    symmetric: bool,
    seed: u32,
    count: usize,
) -> Result<String, JsError> {
    let request = request(side, level, symmetric)?;
    let made = generate::generate_many(request, u64::from(seed), count)
        .map_err(|why| JsError::new(&why.to_string()))?;
    Ok(made
        .iter()
        .map(|m| m.puzzle.to_line())
        .collect::<Vec<_>>()
        .join("\n"))
}

/// For the browser benchmark: `count` puzzles made and timed as `sudoku generate --report` does.
#[wasm_bindgen]
pub fn bench_generation(
    side: usize,
    level: &str,
    symmetric: bool,
    seed: u32,
    count: usize,
) -> Result<String, JsError> {
    let request = request(side, level, symmetric)?;
    let report = harness::time_generation(request, count, u64::from(seed), &mut now_ms)
        .map_err(|why| JsError::new(&why.to_string()))?;
    serde_json::to_string(&report).map_err(|e| JsError::new(&e.to_string()))
}

/// The puzzles of a puzzle-file text, or the first line that is not one.
fn read_puzzles(text: &str) -> Result<Vec<Grid>, JsError> {
    puzzle_lines(text)
        .map(|(line, text)| {
            parse_puzzle_line(text).map_err(|e| JsError::new(&format!("line {line}: {e}")))
        })
        .collect()
}

/// For the reader's browser benchmark: reads a grey picture in the page's own wasm (no worker,
/// no message) and returns the puzzle line, or the error, as the command line prints them.
#[wasm_bindgen]
pub fn read_picture(width: usize, height: usize, luma: Vec<u8>) -> String {
    match sudoku_engine::read::Picture::from_luma(width, height, luma)
        .and_then(|p| sudoku_engine::read::read(&p))
    {
        Ok(reading) => reading.puzzle.to_line(),
        Err(e) => sudoku_words::read_refused(&e),
    }
}
