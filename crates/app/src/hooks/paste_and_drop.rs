//! Pasting an image anywhere on the page, or dropping one on it: the document's listeners,
//! removed when the hook's component goes away or the input is disabled.

use super::reader::{Reader, read_first};
use crate::dom::photo::image_files;
use gloo_events::{EventListener, EventListenerOptions};
use sudoku_page::page::{Action, ScanError};
use wasm_bindgen::JsCast;
use web_sys::{ClipboardEvent, DragEvent};
use yew::prelude::*;

/// Pasting an image anywhere on the page, or dropping one on it, reads it; a pasted text
/// (a puzzle into a cell) is left to the cell.
#[hook]
pub fn use_paste_and_drop(reader: Reader, dispatch: Callback<Action>, disabled: bool) {
    use_effect_with(disabled, move |&disabled| {
        let document = web_sys::window().and_then(|w| w.document());
        let listeners = document.filter(|_| !disabled).map(|document| {
            let (r, d) = (reader.clone(), dispatch.clone());
            // Dropping a file on a page opens it in place of the page unless the page takes it,
            // and a pasted image would land in the cell: these listeners take them.
            let active = EventListenerOptions::enable_prevent_default();
            let paste = EventListener::new_with_options(&document, "paste", active, move |e| {
                let data = e
                    .dyn_ref::<ClipboardEvent>()
                    .and_then(|e| e.clipboard_data());
                if let Some(files) = image_files(data) {
                    e.prevent_default();
                    read_first(Some(files), &r, &d);
                }
            });
            let over = EventListener::new_with_options(&document, "dragover", active, |e| {
                e.prevent_default()
            });
            let drop = EventListener::new_with_options(&document, "drop", active, move |e| {
                e.prevent_default();
                let data = e.dyn_ref::<DragEvent>().and_then(|e| e.data_transfer());
                match (image_files(data.clone()), data.and_then(|d| d.files())) {
                    (Some(files), _) => read_first(Some(files), &reader, &dispatch),
                    (None, Some(files)) if files.length() > 0 => {
                        dispatch.emit(Action::Scanned(Err(ScanError::NotAnImage)))
                    }
                    _ => {}
                }
            });
            [paste, over, drop]
        });
        move || drop(listeners)
    });
}
