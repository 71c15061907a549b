//! A fold that answers "What am I looking at?" for the plot or the spins, a line a point: a
//! plain view, not a component, since each component costs the page's wasm some 2 kB.

use yew::prelude::*;

/// The fold for `what` (`plot` or `spins`, for the browser tests), asking `summary`.
pub fn explainer(what: &'static str, summary: &'static str, lines: Vec<AttrValue>) -> Html {
    html! {
        <details class="explain" data-explains={what}>
            <summary>{ summary }</summary>
            <ul>
                { for lines.into_iter().map(|line| html! { <li>{ line }</li> }) }
            </ul>
        </details>
    }
}
