//! Scrolling the page to what a person should see: the board when a run or a puzzle starts.

/// Brings the toolbar and the board to the top of the screen unless they are in view already:
/// a run or a new puzzle is there to be seen, even when the page was scrolled down.
pub fn show_board() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let play = (window.document()).and_then(|d| d.query_selector(".play").ok().flatten());
    let height = window.inner_height().ok().and_then(|h| h.as_f64());
    if let (Some(play), Some(height)) = (play, height) {
        let board = play.get_bounding_client_rect();
        if board.top() < 0.0 || board.bottom() > height {
            play.scroll_into_view();
        }
    }
}
