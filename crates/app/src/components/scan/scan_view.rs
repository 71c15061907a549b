//! The Scan view: the rear camera live, the grid's outline drawn over it as the reader worker
//! finds it, and the frame read in full once the outline has held still for a moment or on
//! Capture. A puzzle read goes to the board and the view stays, following the grid, to offer
//! Solve on the paper: the page's run drawn on the printed grid, or Read again. A frame with no
//! puzzle keeps the camera on, to try again; Cancel (Done once read) or Escape closes the view,
//! which stops the run shown there, the camera and the worker. It is a modal `<dialog>`: the
//! page under it is inert.

use super::controls::ScanControls;
use crate::dom::clock::{fresh_seed, now_ms};
use crate::dom::outline::draw_outline;
use crate::hooks::{Camera, Looking, Tracked, use_camera, use_paper, use_preview, use_reader};
use crate::state::use_dispatch;
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_engine::read::{Point, Quad};
use sudoku_engine::worker::Report;
use sudoku_page::page::{Action, ScanError};
use sudoku_words::{self as present, InSight};
use web_sys::HtmlDialogElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ScanViewProps {
    pub on_close: Callback<()>,
    /// The page's run, as the paper shows it.
    pub run: PaperRun,
}

/// The page's run as the paper shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PaperRun {
    /// The status element's `data-state`, and what it says.
    pub state: &'static str,
    pub said: String,
    pub running: bool,
    /// The run solved the puzzle: Done, which keeps it, acts next.
    pub solved: bool,
    /// The solver's digits, row by row, `.` where it has none (the givens are printed).
    pub digits: String,
    /// The referee has yet to judge the puzzle on the board.
    pub checking: bool,
    /// Why the referee refused the puzzle on the board, as the board says it.
    pub refused: Option<String>,
    /// Cells the reader was unsure of, which the board marks for checking.
    pub unsure: usize,
    /// The puzzle read was the board's again: the board kept the person's corrections.
    pub kept: bool,
}

/// Where the view's answers go: the outline canvas, the grid followed for the paper, and
/// what of a grid is in sight and whether a puzzle was read.
struct Seen {
    outline: NodeRef,
    tracked: Rc<RefCell<Tracked>>,
    in_sight: UseStateHandle<InSight>,
    read: UseStateHandle<bool>,
    /// Why the last frame read gave no puzzle, until a grid is in sight again.
    missed: UseStateHandle<Option<String>>,
    /// The run is drawn on the paper: the outline gives way to it.
    on_paper: bool,
}

/// What the view does with the reader's answers: an outline is drawn and followed; a reading goes
/// to the page, and the view follows its grid from then on; a frame with no puzzle is said here
/// and the camera looks on; the worker's failure goes to the page and closes the view.
fn answers(
    looking: Rc<RefCell<Looking>>,
    seen: Seen,
    dispatch: Callback<Action>,
    on_close: Callback<()>,
) -> Callback<Report> {
    Callback::from(move |answer: Report| match answer {
        Report::Outline(sighting) => {
            // A grid the frame cuts is drawn, but neither held still for a read nor followed.
            let outline = sighting.filter(|s| !s.runs_off).map(|s| s.outline);
            let mut looking = looking.borrow_mut();
            looking.outline(outline, now_ms());
            let scale = looking.scale;
            let drawn = sighting.filter(|_| !seen.on_paper);
            draw_outline(&seen.outline, drawn.as_ref(), scale);
            if looking.tracking() {
                let scaled = |q: Quad| {
                    Quad(q.0.map(|p| Point {
                        x: p.x * scale,
                        y: p.y * scale,
                    }))
                };
                seen.tracked.borrow_mut().saw(outline.map(scaled));
            }
            seen.in_sight.set(match sighting {
                None => InSight::Nothing,
                Some(s) if s.runs_off => InSight::Cut,
                Some(_) => InSight::Whole,
            });
            if outline.is_some() {
                seen.missed.set(None);
            }
        }
        // The person is holding the camera: they try again at once rather than start over.
        Report::Read(Err(why)) => {
            looking.borrow_mut().missed();
            seen.missed.set(Some(present::capture_missed(&why)));
        }
        answer => {
            let Some(action) = Action::scanned(answer) else {
                return;
            };
            let read = matches!(action, Action::Scanned(Ok(_)));
            dispatch.emit(action);
            match read {
                true => {
                    looking.borrow_mut().read();
                    seen.read.set(true);
                }
                false => on_close.emit(()),
            }
        }
    })
}

/// Cancel (Done once a puzzle is read), and the dialog closed by Escape: each closes the view,
/// and ends the run drawn on the paper if one is `running` (it was asked for here).
fn closing(
    on_close: &Callback<()>,
    dispatch: &Callback<Action>,
    running: bool,
) -> (Callback<MouseEvent>, Callback<Event>) {
    let (on_close, dispatch) = (on_close.clone(), dispatch.clone());
    let close = Callback::from(move |()| {
        if running {
            dispatch.emit(Action::Stop);
        }
        on_close.emit(());
    });
    (
        close.reform(|_: MouseEvent| ()),
        close.reform(|_: Event| ()),
    )
}

/// A modal dialog shown as the view appears: the browser keeps the keyboard in it (the page
/// under it is inert) and closes it on Escape wherever the focus is.
#[hook]
fn use_modal() -> NodeRef {
    let dialog = use_node_ref();
    {
        let dialog = dialog.clone();
        use_effect_with((), move |_| {
            if let Some(dialog) = dialog.cast::<HtmlDialogElement>() {
                drop(dialog.show_modal());
            }
        });
    }
    dialog
}

/// The camera's view of the puzzle, over the page.
#[component]
pub fn ScanView(props: &ScanViewProps) -> Html {
    let dispatch = use_dispatch();
    let (video, outline, paper) = (use_node_ref(), use_node_ref(), use_node_ref());
    let camera = use_camera(video.clone());
    let reader = use_reader();
    let looking = use_mut_ref(Looking::default);
    let tracked = use_mut_ref(Tracked::default);
    let in_sight = use_state_eq(|| InSight::Nothing);
    let reading = use_state_eq(|| false);
    let read = use_state_eq(|| false);
    let missed = use_state_eq(|| None);
    let on_paper = use_state_eq(|| false);
    let dialog = use_modal();
    let seen = Seen {
        outline: outline.clone(),
        tracked: tracked.clone(),
        in_sight: in_sight.clone(),
        read: read.clone(),
        missed: missed.clone(),
        on_paper: *on_paper,
    };
    reader.answer_to(answers(
        looking.clone(),
        seen,
        dispatch.clone(),
        props.on_close.clone(),
    ));
    use_failure_said(&camera, &dispatch);
    let live = camera == Camera::Live;
    use_preview(
        live,
        [video.clone(), outline.clone()],
        reader,
        looking.clone(),
        reading.clone(),
    );
    let run = &props.run;
    use_paper(
        live && *on_paper,
        [video.clone(), paper.clone()],
        tracked,
        &run.digits,
    );
    let on_capture = {
        let looking = looking.clone();
        Callback::from(move |_: MouseEvent| looking.borrow_mut().capture = true)
    };
    let on_solve = solve_on_paper(&dispatch, &on_paper, &outline);
    let on_stop = dispatch.reform(|_: MouseEvent| Action::Stop);
    let on_again = read_again(&looking, &read, &on_paper, &missed);
    let (on_cancel, on_closed) = closing(&props.on_close, &dispatch, run.running);
    let looked = Looked {
        in_sight: *in_sight,
        reading: *reading,
        missed: (*missed).as_deref(),
    };
    let words = said(&camera, looked, *read, *on_paper, run);
    let can_solve = run.refused.is_none() && !run.checking;
    let failed = matches!(camera, Camera::Failed(_));
    html! {
        <dialog ref={dialog} class={classes!("scan", (*on_paper).then_some("on-paper"), failed.then_some("failed"))} aria-labelledby="scan-title" onclose={on_closed}>
            <h2 id="scan-title">{ "Scan a puzzle" }</h2>
            <div class="viewfinder" hidden={failed}>
                <video ref={video} autoplay=true muted=true playsinline=true aria-label="The camera's view" />
                <canvas ref={outline} class="outline" aria-hidden="true" />
                if *read {
                    <canvas ref={paper} class="overlay" aria-hidden="true" data-state={run.state}
                        data-digits={run.digits.clone()} data-frames="0" />
                }
            </div>
            <p id="scan-status" class="scan-status" role="status">{ words }</p>
            <ScanControls {failed} read={*read} {live}
                reading={*reading} running={run.running} solved={run.solved} {on_capture} {on_solve} {on_stop} {on_again}
                {can_solve} {on_cancel} on_close={props.on_close.clone()} />
        </dialog>
    }
}

/// Solve on the paper: the outline gives way to the run, drawn on the paper from now on.
fn solve_on_paper(
    dispatch: &Callback<Action>,
    on_paper: &UseStateHandle<bool>,
    outline: &NodeRef,
) -> Callback<MouseEvent> {
    let (dispatch, on_paper, outline) = (dispatch.clone(), on_paper.clone(), outline.clone());
    Callback::from(move |_: MouseEvent| {
        draw_outline(&outline, None, 1.0);
        on_paper.set(true);
        dispatch.emit(Action::Solve { seed: fresh_seed() });
    })
}

/// Read again: back to looking, the camera on; the board keeps the puzzle until another is read.
fn read_again(
    looking: &Rc<RefCell<Looking>>,
    read: &UseStateHandle<bool>,
    on_paper: &UseStateHandle<bool>,
    missed: &UseStateHandle<Option<String>>,
) -> Callback<MouseEvent> {
    let (looking, read, on_paper, missed) = (
        looking.clone(),
        read.clone(),
        on_paper.clone(),
        missed.clone(),
    );
    Callback::from(move |_: MouseEvent| {
        looking.borrow_mut().look_again();
        read.set(false);
        on_paper.set(false);
        missed.set(None);
    })
}

/// What the camera's look has found: a grid in sight, a frame being read, and why the last frame
/// read gave no puzzle.
struct Looked<'a> {
    in_sight: InSight,
    reading: bool,
    missed: Option<&'a str>,
}

/// What the view's status line says: why the camera failed, how the search goes (and why the
/// last frame gave no puzzle), what the board says of the puzzle read, or, once the run is on
/// the paper, what the page says of it.
fn said(camera: &Camera, looked: Looked, read: bool, on_paper: bool, run: &PaperRun) -> String {
    match (camera, read && looked.in_sight == InSight::Whole, on_paper) {
        (Camera::Failed(why), ..) => present::no_camera(*why == ScanError::CameraRefused),
        (_, true, true) => run.said.clone(),
        (_, true, false) => {
            present::paper_ready(run.kept, run.checking, run.refused.as_deref(), run.unsure)
        }
        (_, false, _) => match looked.missed.filter(|_| !looked.reading) {
            Some(missed) => missed.to_string(),
            None => present::scan_status(looked.in_sight, looked.reading).to_string(),
        },
    }
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
