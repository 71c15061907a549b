//! The board's inputs in the page, found by the id each cell's input carries.

use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;

/// The id of cell `cell`'s input.
pub fn cell_id(cell: usize) -> String {
    format!("cell-{cell}")
}

/// The input of cell `cell`, when the board is on the page.
pub fn cell_input(cell: usize) -> Option<HtmlInputElement> {
    web_sys::window()?
        .document()?
        .get_element_by_id(&cell_id(cell))?
        .dyn_into::<HtmlInputElement>()
        .ok()
}

/// Moves the keyboard focus to `cell`.
pub fn focus_cell(cell: usize) {
    if let Some(input) = cell_input(cell) {
        drop(input.focus());
    }
}

/// The cell under the point (`x`, `y`) of the viewport, if it is one of the board's.
pub fn cell_at(x: i32, y: i32) -> Option<usize> {
    let document = web_sys::window()?.document()?;
    let cell = document
        .element_from_point(x as f32, y as f32)?
        .closest("td")
        .ok()??;
    let input = cell.query_selector("input").ok()??;
    input.id().strip_prefix("cell-")?.parse().ok()
}
