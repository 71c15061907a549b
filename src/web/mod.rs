//! The browser app: Yew components that draw the snapshots the engine hands them. Nothing here
//! decides anything about Sudoku; it reads input, starts and stops runs, and paints frames.

mod address;
mod app;
mod board;
mod frames;
mod pad;
mod panel;

use crate::bench;
use crate::board::{Grid, parse_puzzle_list};
use crate::solver::SolverKind;
use crate::solvers::exact::{self, DIAGNOSIS_BUDGET, Diagnosis};
use wasm_bindgen::prelude::*;

/// Mounts the app on the page's body.
pub fn start() {
    yew::Renderer::<app::App>::new().render();
}

/// Milliseconds on the page's monotonic clock (0 where the page has none).
pub(crate) fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// For the headless-browser benchmark: solves every puzzle of `puzzles` (one per line, as in the
/// puzzle files) with `solver`, unanimated, and returns the same JSON report as
/// `sudoku bench --json`.
#[wasm_bindgen]
pub fn bench_set(
    solver: &str,
    set: &str,
    puzzles: &str,
    seed: u32,
    timeout_s: f64,
) -> Result<String, JsError> {
    let kind = SolverKind::from_name(solver)
        .ok_or_else(|| JsError::new(&format!("unknown solver {solver:?}")))?;
    let grids = parse_puzzle_list(puzzles)
        .into_iter()
        .collect::<Result<Vec<Grid>, _>>()
        .map_err(|(line, e)| JsError::new(&format!("line {line}: {e}")))?;
    let mut clock = || now_ms() / 1000.0;
    let report = bench::run_set(
        kind,
        set,
        &grids,
        u64::from(seed),
        timeout_s,
        None,
        &mut clock,
    );
    serde_json::to_string(&report).map_err(|e| JsError::new(&e.to_string()))
}

/// For the headless-browser benchmark: the referee's diagnosis of every puzzle of `puzzles`, timed
/// one by one as the page runs it. Returns `{"puzzles", "undecided", "median_ms", "max_ms"}`.
#[wasm_bindgen]
pub fn bench_diagnosis(puzzles: &str) -> Result<String, JsError> {
    let mut times = Vec::new();
    let mut undecided = 0;
    for entry in parse_puzzle_list(puzzles) {
        let grid = entry.map_err(|(line, e)| JsError::new(&format!("line {line}: {e}")))?;
        let start = now_ms();
        let diagnosis = exact::diagnose(&grid, DIAGNOSIS_BUDGET);
        times.push(now_ms() - start);
        undecided += usize::from(matches!(diagnosis, Ok(Diagnosis::Undecided)));
    }
    times.sort_by(f64::total_cmp);
    Ok(serde_json::json!({
        "puzzles": times.len(),
        "undecided": undecided,
        "median_ms": times.get(times.len() / 2).copied().unwrap_or(0.0),
        "max_ms": times.last().copied().unwrap_or(0.0),
    })
    .to_string())
}
