//! Open a photo: a file input (on a phone it offers the camera too), an image pasted onto the
//! page, or one dropped on it. The browser decodes the image, a canvas scales it down to at most
//! 2048 px a side, and a reader worker reads its pixels.

use super::hooks::{Reader, use_reader};
use super::pixels::{Easel, PHOTO_SIDE, fit};
use super::state::use_dispatch;
use gloo_events::{EventListener, EventListenerOptions};
use sudoku_engine::read::Picture;
use sudoku_engine::worker::Failure;
use sudoku_page::page::{Action, ScanError};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, ClipboardEvent, DataTransfer, DragEvent, FileList, HtmlInputElement, ImageBitmap,
};
use yew::prelude::*;

/// The picture in `blob`, decoded by the browser and scaled to the reader's size.
async fn picture_of(blob: Blob) -> Result<Picture, ScanError> {
    let window = web_sys::window().ok_or(ScanError::NotAnImage)?;
    let decoding =
        (window.create_image_bitmap_with_blob(&blob)).map_err(|_| ScanError::NotAnImage)?;
    let bitmap: ImageBitmap = (JsFuture::from(decoding).await)
        .ok()
        .and_then(|b| b.dyn_into().ok())
        .ok_or(ScanError::NotAnImage)?;
    let size = fit(bitmap.width(), bitmap.height(), PHOTO_SIDE);
    let picture = Easel::new().and_then(|easel| {
        easel.picture(size, |context| {
            let (w, h) = (f64::from(size.0), f64::from(size.1));
            context.draw_image_with_image_bitmap_and_dw_and_dh(&bitmap, 0.0, 0.0, w, h)
        })
    });
    bitmap.close();
    picture.map_err(|why| ScanError::Broke(Failure::Unreachable(why)))
}

/// Reads the first file of `files`, if there is one, with `reader`.
fn read_first(files: Option<FileList>, reader: &Reader, dispatch: &Callback<Action>) {
    let Some(file) = files.and_then(|f| f.get(0)) else {
        return;
    };
    let (reader, dispatch) = (reader.clone(), dispatch.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let asked = match picture_of(file.into()).await {
            Ok(picture) => reader
                .read(picture)
                .map_err(|why| ScanError::Broke(Failure::Unreachable(why))),
            Err(why) => Err(why),
        };
        if let Err(why) = asked {
            dispatch.emit(Action::Scanned(Err(why)));
        }
    });
}

/// The image files an event carries, if it carries any.
fn image_files(data: Option<DataTransfer>) -> Option<FileList> {
    let files = data?.files()?;
    let first = files.get(0)?;
    first.type_().starts_with("image/").then_some(files)
}

/// Pasting an image anywhere on the page, or dropping one on it, reads it; a pasted text
/// (a puzzle into a cell) is left to the cell.
#[hook]
fn use_paste_and_drop(reader: Reader, dispatch: Callback<Action>, disabled: bool) {
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

#[derive(Properties, PartialEq)]
pub struct PhotoInputProps {
    /// A solver runs: no picture is taken until it stops.
    pub disabled: bool,
}

/// The Open a photo input, with pasting and dropping an image onto the page.
#[component]
pub fn PhotoInput(props: &PhotoInputProps) -> Html {
    let dispatch = use_dispatch();
    let reader = use_reader();
    {
        let dispatch = dispatch.clone();
        reader.answer_to(Callback::from(move |answer| {
            if let Some(action) = Action::scanned(answer) {
                dispatch.emit(action);
            }
        }));
    }
    use_paste_and_drop(reader.clone(), dispatch.clone(), props.disabled);
    let onchange = Callback::from(move |e: Event| {
        let input = e.target_dyn_into::<HtmlInputElement>();
        read_first(
            input.as_ref().and_then(HtmlInputElement::files),
            &reader,
            &dispatch,
        );
        // The same file chosen again is read again.
        input.iter().for_each(|i| i.set_value(""));
    });
    html! {
        <label class={classes!("photo", "button", props.disabled.then_some("disabled"))}>
            { "Open a photo" }
            <input id="photo" type="file" accept="image/*" class="file" disabled={props.disabled} {onchange} />
        </label>
    }
}
