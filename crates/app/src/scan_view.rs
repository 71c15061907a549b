//! The Scan view: the rear camera live, the grid's outline drawn over it as the reader worker
//! finds it, and the frame read in full once the outline has held still for a moment or on
//! Capture. Cancel, or the reading, closes it; closing stops the camera and the worker.

use super::clock::now_ms;
use super::hooks::{Camera, Reader, use_camera, use_frame_loop, use_reader};
use super::pixels::{Easel, PREVIEW_SIDE, fit};
use super::state::use_dispatch;
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_engine::read::{Quad, Steadiness};
use sudoku_engine::worker::Report;
use sudoku_page::page::{Action, ScanError};
use sudoku_words as present;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlVideoElement};
use yew::prelude::*;

/// The live look for a grid: whether a frame is with the worker, and since when the outline has
/// held still.
#[derive(Default)]
struct Looking {
    busy: bool,
    steadiness: Steadiness,
    /// Video pixels per preview pixel.
    scale: f32,
    capture: bool,
    reading: bool,
}

impl Looking {
    fn outline(&mut self, outline: Option<Quad>, now: f64) {
        self.busy = false;
        self.steadiness.saw(outline, now);
    }

    fn ready_to_read(&self, now: f64) -> bool {
        self.capture || self.steadiness.is_steady(now)
    }
}

/// Draws `outline` (in preview pixels, `scale` video pixels each) on `canvas`, or clears it.
fn draw(canvas: &NodeRef, outline: Option<&Quad>, scale: f32) {
    let Some(canvas) = canvas.cast::<HtmlCanvasElement>() else {
        return;
    };
    let Some(context) = (canvas.get_context("2d").ok().flatten())
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let (w, h) = (f64::from(canvas.width()), f64::from(canvas.height()));
    context.clear_rect(0.0, 0.0, w, h);
    let Some(Quad(corners)) = outline else { return };
    context.begin_path();
    for (i, p) in corners.iter().enumerate() {
        let (x, y) = (f64::from(p.x * scale), f64::from(p.y * scale));
        match i {
            0 => context.move_to(x, y),
            _ => context.line_to(x, y),
        }
    }
    context.close_path();
    context.set_line_width((w.max(h) / 160.0).max(3.0));
    context.set_stroke_style_str("#22c55e");
    context.stroke();
}

/// At a display frame: the next video frame to the worker, once it has answered the last.
fn look(video: &NodeRef, overlay: &NodeRef, easel: &Easel, reader: &Reader, looking: &mut Looking) {
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
    let size = fit(width, height, if whole { u32::MAX } else { PREVIEW_SIDE });
    looking.scale = width as f32 / size.0 as f32;
    let picture = easel.picture(size, |context| {
        let (w, h) = (f64::from(size.0), f64::from(size.1));
        context.draw_image_with_html_video_element_and_dw_and_dh(&video, 0.0, 0.0, w, h)
    });
    let asked = picture.and_then(|p| match whole {
        true => reader.read(p),
        false => reader.find_grid(p),
    });
    looking.busy = asked.is_ok();
    looking.reading = whole && asked.is_ok();
}

#[derive(Properties, PartialEq)]
pub struct ScanViewProps {
    pub on_close: Callback<()>,
}

/// What the view does with the reader's answers: an outline is drawn and followed, a reading
/// (or a failure) goes to the page and closes the view.
fn answers(
    looking: Rc<RefCell<Looking>>,
    overlay: NodeRef,
    found: UseStateHandle<bool>,
    dispatch: Callback<Action>,
    on_close: Callback<()>,
) -> Callback<Report> {
    Callback::from(move |answer: Report| match answer {
        Report::Outline(outline) => {
            let mut looking = looking.borrow_mut();
            looking.outline(outline, now_ms());
            draw(&overlay, outline.as_ref(), looking.scale);
            found.set(outline.is_some());
        }
        answer => {
            if let Some(action) = Action::scanned(answer) {
                dispatch.emit(action);
                on_close.emit(());
            }
        }
    })
}

/// The camera's view of the puzzle, over the page.
#[component]
pub fn ScanView(props: &ScanViewProps) -> Html {
    let dispatch = use_dispatch();
    let (video, overlay) = (use_node_ref(), use_node_ref());
    let camera = use_camera(video.clone());
    let reader = use_reader();
    let looking = use_mut_ref(Looking::default);
    let found = use_state_eq(|| false);
    let reading = use_state_eq(|| false);
    reader.answer_to(answers(
        looking.clone(),
        overlay.clone(),
        found.clone(),
        dispatch.clone(),
        props.on_close.clone(),
    ));
    use_failure_said(&camera, &dispatch);
    let live = camera == Camera::Live;
    use_preview(
        live,
        [video.clone(), overlay.clone()],
        reader,
        looking.clone(),
        reading.clone(),
    );
    let on_capture = Callback::from(move |_: MouseEvent| looking.borrow_mut().capture = true);
    let on_close = props.on_close.clone();
    let on_cancel = {
        let on_close = on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    let on_key = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Escape" {
            on_close.emit(());
        }
    });
    let cancel = use_focus_on_open();
    let words = match &camera {
        Camera::Failed(why) => failure_words(why),
        _ => present::scan_status(*found, *reading).to_string(),
    };
    html! {
        <div class="scan" role="dialog" aria-modal="true" aria-labelledby="scan-title" onkeydown={on_key}>
            <h2 id="scan-title">{ "Scan a puzzle" }</h2>
            <div class="viewfinder" hidden={matches!(camera, Camera::Failed(_))}>
                <video ref={video} autoplay=true muted=true playsinline=true aria-label="The camera's view" />
                <canvas ref={overlay} class="outline" aria-hidden="true" />
            </div>
            <p id="scan-status" class="scan-status" role="status">{ words }</p>
            <div class="controls">
                if let Camera::Failed(_) = camera {
                    <button type="button" class="solve" onclick={open_photo(props.on_close.clone())}>{ "Open a photo instead" }</button>
                } else {
                    <button type="button" class="solve" onclick={on_capture} disabled={!live || *reading}>{ "Capture" }</button>
                }
                <button type="button" ref={cancel} onclick={on_cancel}>{ "Cancel" }</button>
            </div>
        </div>
    }
}

/// While the camera is `live`, a frame loop that hands the video's frames to `reader` and
/// says whether the frame is being read.
#[hook]
fn use_preview(
    live: bool,
    views: [NodeRef; 2],
    reader: Reader,
    looking: Rc<RefCell<Looking>>,
    reading: UseStateHandle<bool>,
) {
    let [video, overlay] = views;
    use_frame_loop(live.then_some(()), move |()| {
        let easel = Easel::new().ok();
        Box::new(move |_| {
            let Some(easel) = easel.as_ref() else { return };
            let mut looking = looking.borrow_mut();
            look(&video, &overlay, easel, &reader, &mut looking);
            reading.set(looking.reading);
        })
    });
}

/// A button that takes the keyboard focus as the view opens, so that the keyboard and screen
/// readers are in the dialog.
#[hook]
fn use_focus_on_open() -> NodeRef {
    let button = use_node_ref();
    {
        let button = button.clone();
        use_effect_with((), move |_| {
            if let Some(button) = button.cast::<web_sys::HtmlElement>() {
                drop(button.focus());
            }
        });
    }
    button
}

/// What the view says when the camera did not open.
fn failure_words(why: &ScanError) -> String {
    present::no_camera(*why == ScanError::CameraRefused)
}

/// The camera's failure goes to the page's status line too, once.
#[hook]
fn use_failure_said(camera: &Camera, dispatch: &Callback<Action>) {
    let dispatch = dispatch.clone();
    use_effect_with(camera.clone(), move |camera| {
        if let Camera::Failed(why) = camera {
            dispatch.emit(Action::Scanned(Err(why.clone())));
        }
    });
}

/// Opens the page's photo input (the click is the person's, so the browser allows it) and
/// closes the view.
fn open_photo(on_close: Callback<()>) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| {
        let input = (web_sys::window().and_then(|w| w.document()))
            .and_then(|d| d.get_element_by_id("photo"))
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        input.iter().for_each(web_sys::HtmlElement::click);
        on_close.emit(());
    })
}
