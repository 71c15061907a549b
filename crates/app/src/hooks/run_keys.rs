//! The keyboard around a run, a race or a benchmark: Escape stops it wherever the focus is (a dialog open
//! keeps its own Escape), and the focus moves between the button that starts it and Stop as each
//! is disabled under it, so that a keyboard user is not dropped at the top of the page.

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The start button's and Stop's, for a run (race, benchmark) `running` now; Escape calls
/// `stop` while it runs.
#[hook]
pub fn use_run_keys(running: bool, stop_it: Callback<()>) -> (NodeRef, NodeRef) {
    let (solve, stop) = (use_node_ref(), use_node_ref());
    {
        let (from, to) = match running {
            true => (solve.clone(), stop.clone()),
            false => (stop.clone(), solve.clone()),
        };
        // Not as the page opens: only a change of the run moves the focus.
        let was = use_mut_ref(|| running);
        use_effect_with(running, move |&running| {
            if was.replace(running) == running {
                return;
            }
            let document = web_sys::window().and_then(|w| w.document());
            let active = document.and_then(|d| d.active_element());
            // Only the focus the disabled button lost (left on the body) moves: never a cell's.
            let lost = active.is_none_or(|a| {
                from.get()
                    .is_some_and(|f| f == *a.unchecked_ref::<web_sys::Node>())
                    || a.tag_name().eq_ignore_ascii_case("body")
            });
            if lost && let Some(button) = to.cast::<web_sys::HtmlElement>() {
                // Where it is: Solve brought the board into view, which the focus must not undo.
                let options = web_sys::FocusOptions::new();
                options.set_prevent_scroll(true);
                drop(button.focus_with_options(&options));
            }
        });
    }
    {
        use_effect_with(running, move |&running| {
            let document = web_sys::window().and_then(|w| w.document());
            let listener = document.filter(|_| running).map(|document| {
                EventListener::new(&document.clone(), "keydown", move |event| {
                    let Some(key) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    let in_dialog = document.query_selector("dialog[open]").ok().flatten();
                    if key.key() == "Escape" && !key.default_prevented() && in_dialog.is_none() {
                        stop_it.emit(());
                    }
                })
            });
            move || drop(listener)
        });
    }
    (solve, stop)
}
