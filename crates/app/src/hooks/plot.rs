//! The plot hook: a canvas drawn again whenever what it shows changed.

use std::rc::Rc;
use sudoku_engine::step::Series;
use sudoku_page::plot::Trace;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

/// Draws `series` over `trace` on `canvas` after each render in which `key` changed.
#[hook]
pub fn use_plot<K>(canvas: NodeRef, key: K, plotted: Option<([Series; 2], Rc<Trace>)>)
where
    K: PartialEq + 'static,
{
    use_effect_with(key, move |_| {
        if let (Some(canvas), Some((series, trace))) = (canvas.cast::<HtmlCanvasElement>(), plotted)
        {
            crate::dom::plot_drawing::draw(&canvas, &series, &trace);
        }
    });
}
