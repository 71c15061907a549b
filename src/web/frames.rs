//! One callback per animation frame, with nothing to cancel: each request's closure frees itself
//! after it runs, so a loop ends simply by not asking for another frame.

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

/// Runs `frame` at the browser's next animation frame; `false` when the page cannot schedule one.
pub fn next_frame(frame: impl FnOnce() + 'static) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let callback = Closure::once_into_js(move |_time: f64| frame());
    window
        .request_animation_frame(callback.unchecked_ref())
        .is_ok()
}
