//! Scrolling the page to what a person should see: the board when a run or a puzzle starts, the
//! benchmark's progress when it runs.

/// What a run shows under the board on a phone before its figures: its words and its plot's
/// canvas, in CSS pixels.
const RUN_UNDER_BOARD: f64 = 216.0;

/// Brings the toolbar and the board into view: a run or a new puzzle is there to be seen, even
/// when the page was scrolled down. On a phone, where the run shows under the board, nothing
/// moves unless the screen is too short for the run's words and plot under it: then the toolbar
/// comes to the top, the title scrolled away. Held sideways, the board kept at the top beside
/// it, the toolbar comes to the top and the run under it. On a screen too short for the toolbar
/// and the board, the board alone comes to the top.
pub fn show_board() {
    let Some((toolbar, board)) = find(".toolbar").zip(find("table.board")) else {
        return;
    };
    let (top, bottom) = (
        toolbar.get_bounding_client_rect(),
        board.get_bounding_client_rect(),
    );
    let Some(height) = height() else {
        return;
    };
    let fits = bottom.bottom() - top.top() <= height;
    let beside = top.left() >= bottom.right();
    if !(beside || fits) {
        return show("table.board", "table.board");
    }
    let unseen = top.top() < 0.0 || bottom.bottom() > height;
    let short = find(".watch").is_some_and(|watch| {
        watch.get_bounding_client_rect().top() >= bottom.bottom() - 1.0
            && bottom.bottom() + RUN_UNDER_BOARD > height
    });
    if (beside || unseen || short) && top.top().abs() >= 1.0 {
        toolbar.scroll_into_view();
    }
}

/// Brings the benchmark's buttons, and its progress under them, to the top of the screen: on a
/// phone its settings fill the screen and the progress would be below it, unseen. Buttons in
/// the screen's top quarter already leave the progress room.
pub fn show_bench_progress() {
    if let (Some(controls), Some(height)) = (find(".bench-view .controls"), height())
        && controls.get_bounding_client_rect().top() > height / 4.0
    {
        controls.scroll_into_view();
    }
}

fn find(selector: &str) -> Option<web_sys::Element> {
    web_sys::window()?
        .document()?
        .query_selector(selector)
        .ok()?
}

/// The window's inner height in CSS pixels.
fn height() -> Option<f64> {
    web_sys::window()?.inner_height().ok()?.as_f64()
}

/// Scrolls the element `top` names to the top of the screen unless the one `seen` names is
/// whole in view already.
fn show(top: &str, seen: &str) {
    if let (Some(top), Some(seen), Some(height)) = (find(top), find(seen), height()) {
        let rect = seen.get_bounding_client_rect();
        if rect.top() < 0.0 || rect.bottom() > height {
            top.scroll_into_view();
        }
    }
}
