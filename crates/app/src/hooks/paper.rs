//! Solving on the paper: while a run is shown on the camera's view, a frame loop draws its digits
//! on the grid the reader worker keeps finding, whenever the outline or the digits are new. No
//! outline (the grid left the view) clears the drawing until the grid is back.

use super::frame_loop::use_frame_loop;
use crate::dom::paper::{clear, draw_on_paper};
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_engine::read::Quad;
use web_sys::{HtmlCanvasElement, HtmlVideoElement};
use yew::prelude::*;

/// The grid's newest outline in video pixels (`None`: out of view), and whether it came since the
/// last frame drawn.
#[derive(Default)]
pub struct Tracked {
    pub outline: Option<Quad>,
    pub fresh: bool,
}

impl Tracked {
    pub fn saw(&mut self, outline: Option<Quad>) {
        self.outline = outline;
        self.fresh = true;
    }
}

/// What the loop last drew: the digits, and how many frames (the canvas's `data-frames`).
#[derive(Default)]
struct Drawn {
    digits: String,
    frames: u64,
}

/// One display frame: the canvas follows the video's size, and the digits are drawn again when
/// the outline or the digits are new.
fn frame(
    video: &NodeRef,
    canvas: &NodeRef,
    tracked: &mut Tracked,
    digits: &str,
    drawn: &mut Drawn,
) {
    let (Some(video), Some(canvas)) = (
        video.cast::<HtmlVideoElement>(),
        canvas.cast::<HtmlCanvasElement>(),
    ) else {
        return;
    };
    let size = (video.video_width(), video.video_height());
    if size != (canvas.width(), canvas.height()) {
        canvas.set_width(size.0);
        canvas.set_height(size.1);
    }
    if !tracked.fresh && digits == drawn.digits {
        return;
    }
    tracked.fresh = false;
    drawn.digits.replace_range(.., digits);
    let side = digits.len().isqrt();
    match tracked.outline {
        Some(outline) if draw_on_paper(&canvas, &outline, digits, side) => {
            drawn.frames += 1;
            drop(canvas.set_attribute("data-frames", &drawn.frames.to_string()));
        }
        _ => clear(&canvas),
    }
}

/// While `on`, draws `digits` (row by row, `.` for none) on the grid `tracked` holds, in `canvas`
/// over `video`.
#[hook]
pub fn use_paper(on: bool, views: [NodeRef; 2], tracked: Rc<RefCell<Tracked>>, digits: &str) {
    let latest = use_mut_ref(String::new);
    latest.borrow_mut().replace_range(.., digits);
    let [video, canvas] = views;
    use_frame_loop(on.then_some(()), move |()| {
        let mut drawn = Drawn::default();
        Box::new(move |_| {
            frame(
                &video,
                &canvas,
                &mut tracked.borrow_mut(),
                &latest.borrow(),
                &mut drawn,
            );
        })
    });
}
