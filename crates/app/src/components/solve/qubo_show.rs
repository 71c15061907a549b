//! The puzzle's QUBO beside a QUBO solver's run: a picture of its coupling matrix (729×729
//! on 9×9), or on larger boards a line that says why it is not drawn.

use super::qubo_matrix::{QuboMatrix, QuboProps};
use sudoku_words as present;
use yew::prelude::*;

/// The largest board whose QUBO matrix is drawn, one pixel per pair of variables (729² on 9×9;
/// 4,096² on 16×16 would be a 64 MB picture).
const MATRIX_MAX_SIDE: usize = 9;

/// The matrix beside a QUBO solver's run, or on larger boards a line that says why it is not
/// drawn: a plain view, not a component, since each component costs the page's wasm 2 kB.
pub fn qubo_show(props: &QuboProps) -> Html {
    let shape = props.puzzle.shape();
    if shape.size() <= MATRIX_MAX_SIDE {
        html! { <QuboMatrix puzzle={props.puzzle.clone()} bits={props.bits.clone()} /> }
    } else {
        html! {
            <p class="about">
                { present::qubo_not_drawn(MATRIX_MAX_SIDE, shape.cells() * shape.size()) }
            </p>
        }
    }
}
