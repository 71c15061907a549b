//! The grid's outline drawn over the camera's view, as the reader worker finds it.

use super::paper::{context_of, wipe};
use sudoku_engine::read::{Quad, Sighting};
use web_sys::HtmlCanvasElement;
use yew::NodeRef;

/// Draws the grid `seen` (in preview pixels, `scale` video pixels each) on `canvas`, or clears
/// it: green when whole, amber when the frame's edge cuts it.
pub fn draw_outline(canvas: &NodeRef, seen: Option<&Sighting>, scale: f32) {
    let Some(canvas) = canvas.cast::<HtmlCanvasElement>() else {
        return;
    };
    let Some(context) = context_of(&canvas) else {
        return;
    };
    wipe(&canvas, &context);
    let Some(Sighting {
        outline: Quad(corners),
        runs_off,
    }) = seen
    else {
        return;
    };
    context.begin_path();
    for (i, p) in corners.iter().enumerate() {
        let (x, y) = (f64::from(p.x * scale), f64::from(p.y * scale));
        match i {
            0 => context.move_to(x, y),
            _ => context.line_to(x, y),
        }
    }
    context.close_path();
    let longest = f64::from(canvas.width().max(canvas.height()));
    context.set_line_width((longest / 160.0).max(3.0));
    context.set_stroke_style_str(if *runs_off { "#f59e0b" } else { "#22c55e" });
    context.stroke();
}
