//! How much work each animation frame does, in the solver's own moves.

use crate::state::use_dispatch;
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::{Action, Speed};
use sudoku_words::per_frame;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SpeedPickProps {
    pub kind: SolverKind,
    pub speed: Speed,
}

#[component]
pub fn SpeedPick(props: &SpeedPickProps) -> Html {
    let dispatch = use_dispatch();
    let onchange = Callback::from(move |e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        let speed = match select.value().as_str() {
            "watch" => Speed::Watch,
            "max" => Speed::Fastest,
            moves => moves.parse().map_or(Speed::Watch, Speed::Steady),
        };
        dispatch.emit(Action::Speed(speed));
    });
    let kind = props.kind;
    let speeds = kind.speeds.iter().map(|&moves| {
        html! {
            <option value={moves.to_string()} selected={Speed::Steady(moves) == props.speed}>
                { per_frame(kind.work, moves) }
            </option>
        }
    });
    html! {
        <label class="speed">
            <span>{ "Speed" }</span>
            <select aria-label="Speed" {onchange}>
                <option value="watch" selected={props.speed == Speed::Watch}>
                    { "Watch: slow enough to see it happen" }
                </option>
                { for speeds }
                <option value="max" selected={props.speed == Speed::Fastest}>{ "As fast as possible" }</option>
            </select>
        </label>
    }
}
