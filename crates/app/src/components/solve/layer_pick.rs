//! The choice between the digits and the spins on the board, and the pencil marks.

use sudoku_page::page::{Action, Layer};
use yew::prelude::*;

/// The choice of `layer` shown, and whether open cells show pencil `marks`. A function, not a
/// component: it holds no state, and each component costs the page's wasm about 0.6 kB gzipped.
pub fn layer_pick(layer: Layer, marks: bool, dispatch: &Callback<Action>) -> Html {
    let shown = layer;
    let choice = |layer: Layer, name: &'static str| {
        let dispatch = dispatch.clone();
        let onchange = Callback::from(move |_: Event| dispatch.emit(Action::Show(layer)));
        html! {
            <label class="toggle">
                <input type="radio" name="layer" value={name} checked={layer == shown} {onchange} />
                <span>{ name }</span>
            </label>
        }
    };
    let on_marks = dispatch.reform(|e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        Action::ShowMarks(input.checked())
    });
    html! {
        <fieldset class="layers">
            <legend>{ "Show" }</legend>
            { choice(Layer::Digits, "Digits") }
            { choice(Layer::Spins, "Spins") }
            <label class="toggle">
                <input type="checkbox" checked={marks} onchange={on_marks} />
                <span>{ "Pencil marks" }</span>
            </label>
        </fieldset>
    }
}
