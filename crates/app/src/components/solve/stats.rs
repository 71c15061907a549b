//! The run's figures, each a name and its value: a plain view, not a component, since each
//! component costs the page's wasm some 2 kB of Yew's code.

use yew::prelude::*;

pub fn stats(figures: &[(String, String)]) -> Html {
    html! {
        <dl class="stats">
            { for figures.iter().map(|(name, value)| html! {
                <div><dt>{ name.clone() }</dt><dd>{ value.clone() }</dd></div>
            }) }
        </dl>
    }
}
