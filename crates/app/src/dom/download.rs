//! The puzzle's QUBO as a file download, in the Digital Annealer tutorial's JSON.

use sudoku_engine::board::Grid;
use sudoku_engine::qubo::Qubo;
use wasm_bindgen::{JsCast, JsValue};

/// Offers the puzzle's QUBO, in the tutorial's JSON, as a file download.
pub fn download_qubo(puzzle: &Grid) -> Result<(), JsValue> {
    let json = Qubo::sudoku(puzzle, sudoku_engine::qubo::DEFAULT_WEIGHT).to_json();
    let parts = js_sys::Array::of1(&JsValue::from_str(&json));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/json");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let link: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    link.set_href(&url);
    link.set_download(&Qubo::file_name(puzzle));
    link.click();
    web_sys::Url::revoke_object_url(&url)
}
