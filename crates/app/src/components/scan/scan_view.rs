//! The Scan view: the rear camera live, the grid's outline drawn over it as the reader worker
//! finds it, and the frame read in full once the outline has held still for a moment or on
//! Capture. Cancel, or the reading, closes it; closing stops the camera and the worker.

use crate::dom::clock::now_ms;
use crate::dom::outline::draw_outline;
use crate::dom::photo::click_photo_input;
use crate::hooks::{Camera, Looking, use_camera, use_preview, use_reader};
use crate::state::use_dispatch;
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_engine::worker::Report;
use sudoku_page::page::{Action, ScanError};
use sudoku_words as present;
use yew::prelude::*;

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
            draw_outline(&overlay, outline.as_ref(), looking.scale);
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
        click_photo_input();
        on_close.emit(());
    })
}
