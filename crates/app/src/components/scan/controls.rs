//! The Scan view's buttons: Capture and Open a photo while it looks for a puzzle; Solve on the
//! paper (Solve again once solved), Stop and Read again once one is read; Open a photo instead when the camera failed;
//! Cancel always, named Done once a puzzle is read (the board has it already, to keep). They
//! hold the keyboard focus on the button that acts next.

use crate::dom::photo::click_photo_input;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ScanControlsProps {
    /// The camera did not open: a photo instead.
    pub failed: bool,
    /// A puzzle was read: the paper's run can start.
    pub read: bool,
    /// The camera is live (the buttons that need a frame wait for it).
    pub live: bool,
    /// A frame is being read.
    pub reading: bool,
    /// The page's run is going.
    pub running: bool,
    /// The run solved the puzzle: Solve on the paper becomes Solve again, and Done acts next.
    pub solved: bool,
    /// The board takes the puzzle read (the referee has looked, and found it solvable).
    pub can_solve: bool,
    pub on_capture: Callback<MouseEvent>,
    pub on_solve: Callback<MouseEvent>,
    pub on_stop: Callback<MouseEvent>,
    pub on_again: Callback<MouseEvent>,
    pub on_cancel: Callback<MouseEvent>,
    /// Closes the view once the photo input is open.
    pub on_close: Callback<()>,
}

#[component]
pub fn ScanControls(props: &ScanControlsProps) -> Html {
    let p = props;
    let (solve, stop, done) = use_focus_on_the_run(p.read && p.can_solve, p.running, p.solved);
    html! {
        <div class="controls">
            if p.failed {
                <button type="button" class="solve" onclick={open_photo(p.on_close.clone())}>{ "Open a photo instead" }</button>
            } else if p.read {
                <button type="button" class="solve" ref={solve} onclick={p.on_solve.clone()} disabled={!p.live || p.running || !p.can_solve}>
                    { if p.solved { "Solve again" } else { "Solve on the paper" } }
                </button>
                <button type="button" class="stop" ref={stop} onclick={p.on_stop.clone()} disabled={!p.running}>{ "Stop" }</button>
                // A misread frame, or another puzzle: the board keeps this one until the next is read.
                <button type="button" onclick={p.on_again.clone()} disabled={!p.live || p.running}>{ "Read again" }</button>
            } else {
                <button type="button" class="solve" onclick={p.on_capture.clone()} disabled={!p.live || p.reading}>{ "Capture" }</button>
                // A photo already taken, or a screenshot, is read as well with a camera as without.
                <button type="button" onclick={open_photo(p.on_close.clone())}>{ "Open a photo" }</button>
            }
            // The dialog gives it the keyboard focus as it opens, so that the keyboard and screen
            // readers are in the view.
            <button type="button" ref={done} autofocus=true onclick={p.on_cancel.clone()}>{ if p.read { "Done" } else { "Cancel" } }</button>
        </div>
    }
}

/// Once a puzzle is read and the board takes it (`read`), the keyboard focus goes to the button
/// that acts next: Solve on the paper, Stop while it runs, Done once it has solved.
#[hook]
fn use_focus_on_the_run(read: bool, running: bool, solved: bool) -> (NodeRef, NodeRef, NodeRef) {
    let (solve, stop, done) = (use_node_ref(), use_node_ref(), use_node_ref());
    {
        let next = match (running, solved) {
            (true, _) => stop.clone(),
            (false, true) => done.clone(),
            (false, false) => solve.clone(),
        };
        use_effect_with((read, running, solved), move |&(read, ..)| {
            if let Some(button) = next.cast::<web_sys::HtmlElement>().filter(|_| read) {
                drop(button.focus());
            }
        });
    }
    (solve, stop, done)
}

/// Opens the page's photo input (the click is the person's, so the browser allows it) and
/// closes the view.
fn open_photo(on_close: Callback<()>) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| {
        click_photo_input();
        on_close.emit(());
    })
}
