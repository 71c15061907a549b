//! The side panel: which solver runs, how much work each animation frame does, and what the
//! chosen solver is. Everything it lists comes from the registry.

use super::app::State;
use super::qubo_view::{self, QuboMatrix};
use crate::board::Grid;
use crate::page::Action;
use crate::registry::SolverKind;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PanelProps {
    pub kind: SolverKind,
    /// Moves per animation frame, or `None` for as many as fit in a frame.
    pub speed: Option<u64>,
    /// The solver cannot change during a run (the speed can).
    pub running: bool,
    pub dispatch: UseReducerDispatcher<State>,
    /// The puzzle, for its QUBO.
    pub puzzle: Grid,
    /// Each cell's set bits, while or after a run of a solver whose variables they are.
    pub bits: Option<Vec<u32>>,
}

#[component]
pub fn Panel(props: &PanelProps) -> Html {
    let choices = SolverKind::all().map(|kind| {
        let dispatch = props.dispatch.clone();
        let onchange = Callback::from(move |_: Event| dispatch.dispatch(Action::Choose(kind)));
        html! {
            <label class="choice">
                <input
                    type="radio"
                    name="solver"
                    value={kind.name}
                    checked={kind == props.kind}
                    disabled={props.running}
                    {onchange}
                />
                <span>{ kind.label() }</span>
            </label>
        }
    });
    let on_speed = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            dispatch.dispatch(Action::Speed(select.value().parse().ok()));
        })
    };
    let kind = props.kind;
    let speeds = kind.speeds.iter().map(|&moves| {
        let words = kind.work.count(moves);
        html! {
            <option value={moves.to_string()} selected={Some(moves) == props.speed}>
                { format!("{words} per frame") }
            </option>
        }
    });
    let on_export = {
        let puzzle = props.puzzle.clone();
        Callback::from(move |_: MouseEvent| {
            let _ = qubo_view::download(&puzzle);
        })
    };
    let promise = if kind.complete {
        "Complete: finds a solution whenever there is one, and proves it when there is none."
    } else {
        "Incomplete: it may stop without a solution; a solution it reports is always checked."
    };
    html! {
        <aside class="panel">
            <fieldset>
                <legend>{ "Solver" }</legend>
                { for choices }
            </fieldset>
            <label class="speed">
                <span>{ "Speed" }</span>
                <select aria-label="Speed" onchange={on_speed}>
                    { for speeds }
                    <option value="max" selected={props.speed.is_none()}>{ "As fast as possible" }</option>
                </select>
            </label>
            <p class="about">{ kind.about }</p>
            <p class="about">{ promise }{ " Handles " }{ kind.boards }{ "." }</p>
            if kind.qubo_bits {
                <QuboMatrix puzzle={props.puzzle.clone()} bits={props.bits.clone()} />
            }
            <button type="button" onclick={on_export}>{ "Export QUBO" }</button>
            <p class="about">
                { "Downloads the puzzle as the Digital Annealer tutorial's QUBO (JSON, variable (row·9 + column)·9 + digit − 1)." }
            </p>
        </aside>
    }
}
