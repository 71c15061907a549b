//! The browser app: Yew components that draw what the page's state says. Nothing here decides
//! anything about Sudoku or about the page's behaviour; it reads input, dispatches actions,
//! carries out the side effects the state asks for, and paints frames.
#![cfg(target_arch = "wasm32")]

mod address;
mod app;
mod bench_view;
mod cell_input;
mod clock;
// Test and benchmark code only: the counting allocator and the exports the browser tests and
// benchmarks call. A production build leaves them out.
#[cfg(feature = "diagnostics")]
mod diagnostics;
mod grid_view;
mod hooks;
mod limit_pick;
#[cfg(feature = "diagnostics")]
mod memory;
mod pad;
mod panel;
mod photo;
mod pixels;
mod plot;
mod qubo_view;
mod race_view;
mod results;
mod scan_view;
mod scroll;
mod settings;
mod solve_view;
mod solver_checks;
mod solver_worker;
mod spin_canvas;
mod state;
mod toolbar;

/// Mounts the app on the page's body.
pub fn start() {
    yew::Renderer::<app::App>::new().render();
}
