//! A run drawn on the paper: each digit the solver holds is drawn in its cell of the printed grid
//! the camera sees, in that cell's own perspective, over the live video.

use sudoku_engine::read::{Perspective, Point, Quad};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// The digits' colour: the page's sky blue for a solver's digits, bright enough on paper.
const SKY: &str = "#0ea5e9";

/// The units a cell is drawn in: its side is `UNIT` wide, so the font is sized in whole pixels
/// and the cell's transform scales it.
const UNIT: f64 = 100.0;

/// The digits' face, 0.72 of a cell high.
const FONT: &str = "600 72px system-ui, sans-serif";

/// The 2D context of `canvas`.
pub fn context_of(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    (canvas.get_context("2d").ok().flatten()).and_then(|c| c.dyn_into().ok())
}

/// Draws `digits` (row by row, `.` for none, a `side`×`side` grid) on the grid outlined by
/// `outline` (in `canvas` pixels); clears the canvas first. False, with nothing drawn, for an
/// outline with no perspective (degenerate corners).
pub fn draw_on_paper(
    canvas: &HtmlCanvasElement,
    outline: &Quad,
    digits: &str,
    side: usize,
) -> bool {
    let Some(context) = context_of(canvas) else {
        return false;
    };
    context.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0).ok();
    wipe(canvas, &context);
    let Some(map) = Perspective::onto(outline) else {
        return false;
    };
    let n = side as f64;
    let at = |u: f64, v: f64| {
        let Point { x, y } = map.map(u / n, v / n);
        (f64::from(x), f64::from(y))
    };
    context.set_font(FONT);
    context.set_text_align("center");
    context.set_text_baseline("middle");
    context.set_line_join("round");
    context.set_line_width(UNIT * 0.14);
    context.set_stroke_style_str("rgba(255, 255, 255, 0.9)");
    context.set_fill_style_str(SKY);
    for (cell, digit) in digits.chars().enumerate().filter(|(_, d)| *d != '.') {
        let (row, col) = ((cell / side) as f64, (cell % side) as f64);
        // The cell's centre, and the perspective there as the two sides of the cell through it.
        let centre = at(col + 0.5, row + 0.5);
        let (left, right) = (at(col, row + 0.5), at(col + 1.0, row + 0.5));
        let (top, bottom) = (at(col + 0.5, row), at(col + 0.5, row + 1.0));
        let across = ((right.0 - left.0) / UNIT, (right.1 - left.1) / UNIT);
        let down = ((bottom.0 - top.0) / UNIT, (bottom.1 - top.1) / UNIT);
        let placed = context.set_transform(across.0, across.1, down.0, down.1, centre.0, centre.1);
        let text = digit.encode_utf8(&mut [0; 4]).to_string();
        // A thin light rim keeps the digit legible over the page's lines and print.
        if placed.is_ok() {
            drop(context.stroke_text(&text, 0.0, UNIT * 0.04));
            drop(context.fill_text(&text, 0.0, UNIT * 0.04));
        }
    }
    context.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0).ok();
    true
}

/// Clears `canvas`.
pub fn clear(canvas: &HtmlCanvasElement) {
    if let Some(context) = context_of(canvas) {
        wipe(canvas, &context);
    }
}

/// Clears the whole of `canvas` through its `context` (untransformed).
pub fn wipe(canvas: &HtmlCanvasElement, context: &CanvasRenderingContext2d) {
    let (w, h) = (f64::from(canvas.width()), f64::from(canvas.height()));
    context.clear_rect(0.0, 0.0, w, h);
}
