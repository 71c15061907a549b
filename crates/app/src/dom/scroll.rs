//! Scrolling the page to what a person should see: the board when a run or a puzzle starts, the
//! benchmark's progress when it runs.

/// Brings the toolbar and the board to the top of the screen unless they are in view already:
/// a run or a new puzzle is there to be seen, even when the page was scrolled down.
pub fn show_board() {
    show(".play", ".play");
}

/// Brings the benchmark's buttons, and its progress under them, to the top of the screen: on a
/// phone its settings fill the screen and the progress would be below it, unseen.
pub fn show_bench_progress() {
    show(".bench-view .controls", "#bench-status");
}

/// Scrolls the element `top` names to the top of the screen unless the one `seen` names is
/// whole in view already.
fn show(top: &str, seen: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let find = |selector| (window.document()).and_then(|d| d.query_selector(selector).ok()?);
    let height = window.inner_height().ok().and_then(|h| h.as_f64());
    if let (Some(top), Some(seen), Some(height)) = (find(top), find(seen), height) {
        let rect = seen.get_bounding_client_rect();
        if rect.top() < 0.0 || rect.bottom() > height {
            top.scroll_into_view();
        }
    }
}
