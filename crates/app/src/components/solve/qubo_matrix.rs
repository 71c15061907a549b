//! A picture of the puzzle's QUBO: its coupling matrix, with the bits the run has set marked on
//! a second canvas above it.

use crate::dom::qubo_canvas::{draw_bits, draw_matrix};
use sudoku_engine::board::Grid;
use sudoku_engine::qubo::Qubo;
use sudoku_words as present;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

/// The coupling matrix and the bits set now, with what their colours mean.

#[derive(Properties, PartialEq, Clone)]
pub struct QuboProps {
    pub puzzle: Grid,
    /// Each cell's set bits (bit `d` for digit `d + 1`), while or after a run on the QUBO.
    pub bits: Option<Vec<u32>>,
}

#[component]
pub fn QuboMatrix(props: &QuboProps) -> Html {
    let (base, overlay) = (use_node_ref(), use_node_ref());
    let n = props.puzzle.shape().size();
    let terms = use_memo(props.puzzle.clone(), |puzzle| {
        Qubo::sudoku(puzzle, sudoku_engine::qubo::DEFAULT_WEIGHT)
    });
    {
        let (base, terms) = (base.clone(), terms.clone());
        use_effect_with(props.puzzle.clone(), move |_| {
            if let Some(canvas) = base.cast::<HtmlCanvasElement>() {
                let _ = draw_matrix(&canvas, &terms, n);
            }
        });
    }
    {
        let overlay = overlay.clone();
        use_effect_with(props.bits.clone(), move |bits| {
            if let Some(canvas) = overlay.cast::<HtmlCanvasElement>() {
                let _ = draw_bits(&canvas, bits.as_deref().unwrap_or(&[]), n);
            }
        });
    }
    let set = props
        .bits
        .as_ref()
        .map_or(0, |b| b.iter().map(|x| x.count_ones()).sum::<u32>());
    let label = present::qubo_label(terms.variables(), terms.terms(), set);
    html! {
        <figure class="qubo">
            <div class="qubo-stack" role="img" aria-label={label}>
                <canvas ref={base} />
                <canvas ref={overlay} />
            </div>
            <figcaption>
                { present::qubo_caption(terms.terms()) }
            </figcaption>
        </figure>
    }
}
