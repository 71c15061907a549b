//! The time-limit choice the single run, the race and the benchmark share.

use sudoku_words::seconds;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

pub struct LimitPickProps {
    /// The select's name, on screen and to assistive technology.
    pub label: AttrValue,
    /// The limits offered and the one chosen, in seconds.
    pub limits: &'static [u32],
    pub limit: u32,
    pub disabled: bool,
    pub onchange: Callback<u32>,
}

/// A `<select>` of the offered limits, in seconds.
/// A plain view, not a component, since each component costs the page's wasm some 2 kB.
pub fn limit_pick(props: &LimitPickProps) -> Html {
    let onchange = {
        let emit = props.onchange.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_dyn_into::<HtmlSelectElement>()
                .and_then(|s| s.value().parse().ok());
            if let Some(seconds) = value {
                emit.emit(seconds);
            }
        })
    };
    let limits = props.limits.iter().map(|&s| {
        html! { <option value={s.to_string()} selected={s == props.limit}>{ seconds(s) }</option> }
    });
    html! {
        <label class="speed">
            <span>{ props.label.clone() }</span>
            <select aria-label={props.label.clone()} {onchange} disabled={props.disabled}>{ for limits }</select>
        </label>
    }
}
