//! The run's figures, each a name and its value.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StatsProps {
    pub figures: Vec<(String, String)>,
}

#[component]
pub fn Stats(props: &StatsProps) -> Html {
    html! {
        <dl class="stats">
            { for props.figures.iter().map(|(name, value)| html! {
                <div><dt>{ name.clone() }</dt><dd>{ value.clone() }</dd></div>
            }) }
        </dl>
    }
}
