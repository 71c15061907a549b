//! The canvas over a large board that draws its spins, and a running solver's digits on it
//! (why a canvas: [`crate::dom::spin_drawing`]). The inputs under the canvas stay the cells.

use crate::dom::spin_drawing::{Drawn, Ink, draw};
use crate::hooks::use_relayout;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SpinCanvasProps {
    /// What each cell shows on the canvas, row-major.
    pub inks: Vec<Ink>,
    pub size: usize,
    pub box_cols: usize,
}

/// A canvas over the board, redrawn after each render in which what it shows changed.
#[component]
pub fn SpinCanvas(props: &SpinCanvasProps) -> Html {
    let canvas = use_node_ref();
    let drawn = use_mut_ref(Drawn::default);
    let relayout = use_relayout();
    {
        let canvas = canvas.clone();
        let key = (props.inks.clone(), props.size, props.box_cols, relayout);
        use_effect_with(key, move |(inks, size, box_cols, _)| {
            if let Some(canvas) = canvas.cast::<HtmlCanvasElement>() {
                draw(&canvas, &mut drawn.borrow_mut(), inks, *size, *box_cols);
            }
        });
    }
    html! { <canvas ref={canvas} class="spin-canvas" aria-hidden="true" /> }
}
