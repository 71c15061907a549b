//! A `<select>` that shows the page's choice whatever happened to it. Once a person has picked
//! an option, the browser ignores later changes to the options' `selected` attributes, so a
//! choice the page makes itself (Back bringing an older link's solver) would not show.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The `ref` for a `<select>` whose value is set to `value` after each render that changes it.
#[hook]
pub fn use_shown_choice(value: &'static str) -> NodeRef {
    let select = use_node_ref();
    {
        let select = select.clone();
        use_effect_with(value, move |&value| {
            if let Some(select) = select.cast::<HtmlSelectElement>() {
                select.set_value(value);
            }
        });
    }
    select
}
