//! Open a photo: a file input (on a phone it offers the camera too), an image pasted onto the
//! page, or one dropped on it. The browser decodes the image, a canvas scales it down to at most
//! 2048 px a side, and a reader worker reads its pixels.

use crate::hooks::read_first;
use crate::hooks::{use_paste_and_drop, use_reader};
use crate::state::use_dispatch;
use sudoku_page::page::Action;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PhotoInputProps {
    /// A solver runs: no picture is taken until it stops.
    pub disabled: bool,
}

/// The Open a photo input, with pasting and dropping an image onto the page.
#[component]
pub fn PhotoInput(props: &PhotoInputProps) -> Html {
    let dispatch = use_dispatch();
    let reader = use_reader();
    {
        let dispatch = dispatch.clone();
        reader.answer_to(Callback::from(move |answer| {
            if let Some(action) = Action::scanned(answer) {
                dispatch.emit(action);
            }
        }));
    }
    use_paste_and_drop(reader.clone(), dispatch.clone(), props.disabled);
    let onchange = Callback::from(move |e: Event| {
        let input = e.target_dyn_into::<HtmlInputElement>();
        read_first(
            input.as_ref().and_then(HtmlInputElement::files),
            &reader,
            &dispatch,
        );
        // The same file chosen again is read again.
        input.iter().for_each(|i| i.set_value(""));
    });
    html! {
        <label class={classes!("photo", "button", props.disabled.then_some("disabled"))}>
            { "Open a photo" }
            <input id="photo" type="file" accept="image/*" class="file" disabled={props.disabled} {onchange} />
        </label>
    }
}
