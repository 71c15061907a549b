//! A photo to a puzzle: the image files an event carries, the browser's decoding of one scaled
//! to the reader's size, and the reading asked of a reader worker. The photo input on the page
//! (`#photo`) is clicked here for the Scan dialog's "Open a photo instead".

use crate::dom::pixels::{PHOTO_SIDE, ScratchCanvas, fit};
use sudoku_engine::read::Picture;
use sudoku_page::page::ScanError;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, DataTransfer, FileList, ImageBitmap};

/// The picture in `blob`, decoded by the browser and scaled to the reader's size.
pub async fn picture_of(blob: Blob) -> Result<Picture, ScanError> {
    let window = web_sys::window().ok_or(ScanError::NotAnImage)?;
    let decoding =
        (window.create_image_bitmap_with_blob(&blob)).map_err(|_| ScanError::NotAnImage)?;
    let bitmap: ImageBitmap = (JsFuture::from(decoding).await)
        .ok()
        .and_then(|b| b.dyn_into().ok())
        .ok_or(ScanError::NotAnImage)?;
    let size = fit(bitmap.width(), bitmap.height(), PHOTO_SIDE);
    let picture = ScratchCanvas::new().and_then(|scratch| {
        scratch.picture(size, |context| {
            let (w, h) = (f64::from(size.0), f64::from(size.1));
            context.draw_image_with_image_bitmap_and_dw_and_dh(&bitmap, 0.0, 0.0, w, h)
        })
    });
    bitmap.close();
    picture
}

/// The image files an event carries, if it carries any.
pub fn image_files(data: Option<DataTransfer>) -> Option<FileList> {
    let files = data?.files()?;
    let first = files.get(0)?;
    first.type_().starts_with("image/").then_some(files)
}

/// Opens the page's photo input, as if it were clicked (the click must be the person's, so
/// that the browser allows it).
pub fn click_photo_input() {
    let input = (web_sys::window().and_then(|w| w.document()))
        .and_then(|d| d.get_element_by_id("photo"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    input.iter().for_each(web_sys::HtmlElement::click);
}
