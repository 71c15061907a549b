//! How much work each animation frame does, in the solver's own moves.

use sudoku_engine::registry::SolverKind;
use sudoku_page::page::{Action, Speed};
use sudoku_words::per_frame;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The speed menu for `kind` at `speed`. A function, not a component: it holds no state, and
/// each component costs the page's wasm about 0.6 kB gzipped.
pub fn speed_pick(kind: SolverKind, speed: Speed, dispatch: &Callback<Action>) -> Html {
    let dispatch = dispatch.clone();
    let onchange = Callback::from(move |e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        let speed = match select.value().as_str() {
            "watch" => Speed::Watch,
            "max" => Speed::Fastest,
            moves => moves.parse().map_or(Speed::Watch, Speed::Steady),
        };
        dispatch.emit(Action::Speed(speed));
    });
    let speeds = kind.speeds.iter().map(|&moves| {
        html! {
            <option value={moves.to_string()} selected={Speed::Steady(moves) == speed}>
                { per_frame(kind.work, moves) }
            </option>
        }
    });
    html! {
        <label class="speed">
            <span>{ "Speed" }</span>
            <select aria-label="Speed" {onchange}>
                <option value="watch" selected={speed == Speed::Watch}>
                    { "Watch: slow enough to see it happen" }
                </option>
                { for speeds }
                <option value="max" selected={speed == Speed::Fastest}>{ "As fast as possible" }</option>
            </select>
        </label>
    }
}
