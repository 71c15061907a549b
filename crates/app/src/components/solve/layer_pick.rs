//! The choice between the digits and the spins on the board, and the pencil marks.

use crate::state::use_dispatch;
use sudoku_page::page::{Action, Layer};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LayerPickProps {
    /// The layer shown.
    pub layer: Layer,
    /// Whether open cells show pencil marks.
    pub marks: bool,
}

#[component]
pub fn LayerPick(props: &LayerPickProps) -> Html {
    let dispatch = use_dispatch();
    let choice = |layer: Layer, name: &'static str| {
        let dispatch = dispatch.clone();
        let onchange = Callback::from(move |_: Event| dispatch.emit(Action::Show(layer)));
        html! {
            <label class="toggle">
                <input type="radio" name="layer" value={name} checked={props.layer == layer} {onchange} />
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
                <input type="checkbox" checked={props.marks} onchange={on_marks} />
                <span>{ "Pencil marks" }</span>
            </label>
        </fieldset>
    }
}
