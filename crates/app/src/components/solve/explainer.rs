//! A fold that answers "What am I looking at?" for the plot or the spins, a line a point.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ExplainerProps {
    /// What it explains (`plot` or `spins`), for the browser tests.
    pub what: &'static str,
    /// The question the fold's summary asks.
    pub summary: &'static str,
    pub lines: Vec<AttrValue>,
}

#[component]
pub fn Explainer(props: &ExplainerProps) -> Html {
    html! {
        <details class="explain" data-explains={props.what}>
            <summary>{ props.summary }</summary>
            <ul>
                { for props.lines.iter().map(|line| html! { <li>{ line.clone() }</li> }) }
            </ul>
        </details>
    }
}
