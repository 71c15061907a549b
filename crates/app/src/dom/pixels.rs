//! Pictures for the reader from what the browser shows or decodes: a video frame or an image
//! is drawn on a canvas off the page, at most a given size, and its pixels read back as grey.

use super::browser_said;
use sudoku_engine::read::Picture;
use sudoku_page::page::ScanError;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// The longest side a photo is read at: a 50-megapixel photo is scaled down before its pixels
/// are read, so that neither the page nor the worker handles 200 MB.
pub const PHOTO_SIDE: u32 = 2048;

/// The longest side of a camera frame the live preview looks for a grid in.
pub const PREVIEW_SIDE: u32 = 640;

/// The longest side of a camera frame the grid is followed in while a run is drawn on it: a
/// quarter of the preview's pixels, so that the outline keeps up with the video beside a run
/// (a 9×9 grid that fills half the frame still has cells of 15 pixels).
pub const TRACK_SIDE: u32 = 320;

/// The size to draw `width`×`height` at so that its longer side is at most `longest`.
pub fn fit(width: u32, height: u32, longest: u32) -> (u32, u32) {
    let long = width.max(height);
    if long <= longest {
        return (width, height);
    }
    let scale = |side: u32| ((u64::from(side) * u64::from(longest)) / u64::from(long)).max(1);
    (scale(width) as u32, scale(height) as u32)
}

/// A canvas off the page that pictures are drawn on and read back from.
pub struct ScratchCanvas {
    canvas: HtmlCanvasElement,
    context: CanvasRenderingContext2d,
}

/// The browser's refusal, as a picture not taken.
fn said(what: JsValue) -> ScanError {
    ScanError::NoPicture(browser_said(what))
}

impl ScratchCanvas {
    pub fn new() -> Result<ScratchCanvas, ScanError> {
        let none = |what: &str| ScanError::NoPicture(format!("no {what}"));
        let document = (web_sys::window().and_then(|w| w.document())).ok_or(none("document"))?;
        let canvas: HtmlCanvasElement = document
            .create_element("canvas")
            .map_err(said)?
            .dyn_into()
            .map_err(|_| none("canvas"))?;
        // Read back at every preview frame: a canvas kept in memory reads faster.
        let options = js_sys::JSON::parse(r#"{"willReadFrequently":true}"#).map_err(said)?;
        let context = canvas
            .get_context_with_context_options("2d", &options)
            .map_err(said)?
            .ok_or(none("2d canvas"))?
            .dyn_into()
            .map_err(|_| none("2d canvas"))?;
        Ok(ScratchCanvas { canvas, context })
    }

    /// The picture `draw` paints on a `width`×`height` canvas, as grey pixels.
    pub fn picture(
        &self,
        (width, height): (u32, u32),
        draw: impl FnOnce(&CanvasRenderingContext2d) -> Result<(), JsValue>,
    ) -> Result<Picture, ScanError> {
        if (self.canvas.width(), self.canvas.height()) != (width, height) {
            self.canvas.set_width(width);
            self.canvas.set_height(height);
        }
        draw(&self.context).map_err(said)?;
        let (w, h) = (f64::from(width), f64::from(height));
        let data = self.context.get_image_data(0.0, 0.0, w, h).map_err(said)?;
        Picture::from_rgba(width as usize, height as usize, &data.data())
            .map_err(|_| ScanError::NoPicture("no pixels".to_string()))
    }
}
