//! The browser app: Yew components that draw what the page's state says. Nothing here decides
//! anything about Sudoku or about the page's behaviour; it reads input, dispatches actions,
//! carries out the side effects the state asks for, and paints frames.
#![cfg(target_arch = "wasm32")]

mod components;
// Test and benchmark code only: the counting allocator and the exports the browser tests and
// benchmarks call. A production build leaves them out.
#[cfg(feature = "diagnostics")]
mod diagnostics;
mod dom;
mod hooks;
mod state;

/// Mounts the app on the page's body.
pub fn start() {
    yew::Renderer::<components::app::App>::new().render();
}
