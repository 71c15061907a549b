//! The Scan dialog's live preview: while the camera is live, a frame loop hands the video's
//! frames to the reader worker, one at a time, and the whole frame once the grid's outline has
//! held still (or on Capture). Once a puzzle is read, the loop only follows its grid, in smaller
//! frames, for the run drawn on the paper. The loop ends with the camera or the dialog.

use super::frame_loop::use_frame_loop;
use super::reader::Reader;
use crate::dom::clock::now_ms;
use crate::dom::pixels::{PREVIEW_SIDE, ScratchCanvas, TRACK_SIDE, fit};
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_engine::read::{Quad, Steadiness};
use sudoku_page::page::ScanError;
use web_sys::{HtmlCanvasElement, HtmlVideoElement};
use yew::prelude::*;

/// The live look for a grid: whether a frame is with the worker, and since when the outline has
/// held still.
#[derive(Default)]
pub struct Looking {
    busy: bool,
    steadiness: Steadiness,
    /// Video pixels per preview pixel.
    pub scale: f32,
    pub capture: bool,
    reading: bool,
    /// A puzzle was read: the grid is only followed now.
    tracking: bool,
}

impl Looking {
    pub fn outline(&mut self, outline: Option<Quad>, now: f64) {
        self.busy = false;
        self.steadiness.saw(outline, now);
    }

    /// The frame was read: from now on the grid is only followed.
    pub fn read(&mut self) {
        (self.busy, self.reading, self.tracking) = (false, false, true);
    }

    /// The frame read gave no puzzle: the look starts again, and the grid must hold still anew
    /// (or Capture be pressed) before the next whole frame is read.
    pub fn missed(&mut self) {
        (self.busy, self.reading, self.capture) = (false, false, false);
        self.steadiness = Steadiness::default();
    }

    /// Read again: the look starts over, as after a frame with no puzzle, and reads anew.
    pub fn look_again(&mut self) {
        self.missed();
        self.tracking = false;
    }

    pub fn tracking(&self) -> bool {
        self.tracking
    }

    fn ready_to_read(&self, now: f64) -> bool {
        !self.tracking && (self.capture || self.steadiness.is_steady(now))
    }
}

/// At a display frame: the next video frame to the worker, once it has answered the last.
fn look(
    video: &NodeRef,
    overlay: &NodeRef,
    scratch: &ScratchCanvas,
    reader: &Reader,
    looking: &mut Looking,
) {
    let Some(video) = video.cast::<HtmlVideoElement>() else {
        return;
    };
    let (width, height) = (video.video_width(), video.video_height());
    if looking.busy || looking.reading || width == 0 || height == 0 {
        return;
    }
    if let Some(canvas) = overlay.cast::<HtmlCanvasElement>()
        && (canvas.width(), canvas.height()) != (width, height)
    {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    let whole = looking.ready_to_read(now_ms());
    let longest = match (whole, looking.tracking) {
        (true, _) => u32::MAX,
        (false, true) => TRACK_SIDE,
        (false, false) => PREVIEW_SIDE,
    };
    let size = fit(width, height, longest);
    looking.scale = width as f32 / size.0 as f32;
    let picture = scratch.picture(size, |context| {
        let (w, h) = (f64::from(size.0), f64::from(size.1));
        context.draw_image_with_html_video_element_and_dw_and_dh(&video, 0.0, 0.0, w, h)
    });
    let asked = picture.and_then(|p| match whole {
        true => reader.read(p).map_err(ScanError::Broke),
        false => reader.find_grid(p).map_err(ScanError::Broke),
    });
    looking.busy = asked.is_ok();
    looking.reading = whole && asked.is_ok();
}

/// While the camera is `live`, a frame loop that hands the video's frames to `reader` and
/// says whether the frame is being read.
#[hook]
pub fn use_preview(
    live: bool,
    views: [NodeRef; 2],
    reader: Reader,
    looking: Rc<RefCell<Looking>>,
    reading: UseStateHandle<bool>,
) {
    let [video, overlay] = views;
    use_frame_loop(live.then_some(()), move |()| {
        let scratch = ScratchCanvas::new().ok();
        Box::new(move |_| {
            let Some(scratch) = scratch.as_ref() else {
                return;
            };
            let mut looking = looking.borrow_mut();
            look(&video, &overlay, scratch, &reader, &mut looking);
            reading.set(looking.reading);
        })
    });
}
