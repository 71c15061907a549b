//! The browser app: Yew components that draw what the page's state says. Nothing here decides
//! anything about Sudoku or about the page's behaviour; it reads input, dispatches actions,
//! carries out the side effects the state asks for, and paints frames.

mod address;
mod app;
mod bench_view;
mod board;
// Test and benchmark code only: the counting allocator and the exports the browser tests and
// benchmarks call. A production build leaves them out.
#[cfg(feature = "diagnostics")]
mod diagnostics;
#[cfg(feature = "diagnostics")]
mod memory;
mod pad;
mod panel;
mod plot;
mod qubo_view;
mod race;
mod runner;

use std::cell::RefCell;
use std::rc::Rc;

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

/// The pending animation frame of a loop; dropping it cancels the frame, and so the loop.
pub(crate) type FrameSlot = Rc<RefCell<Option<gloo_render::AnimationFrame>>>;

/// Calls `each` at every animation frame (with the frame's time) until the handle in `slot` is
/// dropped: the one frame loop behind runs, races, benchmarks and new puzzles.
pub(crate) fn every_frame(slot: FrameSlot, mut each: Box<dyn FnMut(f64)>) {
    let again = slot.clone();
    let frame = gloo_render::request_animation_frame(move |time| {
        each(time);
        every_frame(again, each);
    });
    *slot.borrow_mut() = Some(frame);
}

/// Milliseconds on the page's monotonic clock (0 where the page has none).
pub(crate) fn now_ms() -> f64 {
    PERFORMANCE.with(|p| p.as_ref().map_or(0.0, |p| p.now()))
}
