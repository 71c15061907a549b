//! The browser beneath the components: the address bar and clipboard, the board's inputs found
//! by id, the clock, the device, scrolling, downloads, pictures off a canvas, the canvases the
//! plot, the spins and the QUBO are drawn on, and the solver worker's glue. Nothing here is a
//! component or a hook.

pub mod address;
pub mod cells;
pub mod clock;
pub mod device;
pub mod download;
pub mod outline;
pub mod paper;
pub mod photo;
pub mod pixels;
pub mod plot_drawing;
pub mod qubo_canvas;
pub mod scroll;
pub mod solver_worker;
pub mod spin_drawing;

use wasm_bindgen::JsValue;

/// What went wrong in the browser, in its own words.
pub fn browser_said(what: JsValue) -> String {
    what.as_string().unwrap_or_else(|| format!("{what:?}"))
}
