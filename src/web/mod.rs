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

thread_local! {
    /// The page's clock, looked up once: the frame loop and the benchmarks read it per tick and
    /// per puzzle, and each lookup is a call into the page.
    static PERFORMANCE: Option<web_sys::Performance> =
        web_sys::window().and_then(|w| w.performance());
}

/// Milliseconds on the page's monotonic clock (0 where the page has none).
pub(crate) fn now_ms() -> f64 {
    PERFORMANCE.with(|p| p.as_ref().map_or(0.0, |p| p.now()))
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
    let grids = read_puzzles(puzzles)?;
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
/// one by one as the page runs it. A single pass catches every pause of a busy machine, so the 20
/// slowest puzzles are timed 5 times more and the worst of their medians is the worst case.
/// Returns `{"puzzles", "undecided", "median_ms", "max_ms", "max_single_pass_ms"}`.
#[wasm_bindgen]
pub fn bench_diagnosis(puzzles: &str) -> Result<String, JsError> {
    let grids = read_puzzles(puzzles)?;
    let time = |grid: &Grid| {
        let start = now_ms();
        let undecided = matches!(
            exact::diagnose(grid, DIAGNOSIS_BUDGET),
            Ok(Diagnosis::Undecided)
        );
        (now_ms() - start, undecided)
    };
    let mut times: Vec<(f64, usize)> = Vec::with_capacity(grids.len());
    let mut undecided = 0;
    for (i, grid) in grids.iter().enumerate() {
        let (ms, open) = time(grid);
        times.push((ms, i));
        undecided += usize::from(open);
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let worst = times
        .iter()
        .rev()
        .take(20)
        .map(|&(_, i)| {
            let mut again: Vec<f64> = (0..5).map(|_| time(&grids[i]).0).collect();
            again.sort_by(f64::total_cmp);
            again[2]
        })
        .fold(0.0, f64::max);
    Ok(serde_json::json!({
        "puzzles": times.len(),
        "undecided": undecided,
        "median_ms": times.get(times.len() / 2).map_or(0.0, |t| t.0),
        "max_ms": worst,
        "max_single_pass_ms": times.last().map_or(0.0, |t| t.0),
    })
    .to_string())
}

/// The puzzles of a puzzle-file text, or the first line that is not one.
fn read_puzzles(text: &str) -> Result<Vec<Grid>, JsError> {
    parse_puzzle_list(text)
        .into_iter()
        .collect::<Result<Vec<Grid>, _>>()
        .map_err(|(line, e)| JsError::new(&format!("line {line}: {e}")))
}
