//! The settings sheet's part on the solver: which one runs and how fast, its time limit, how it
//! works and what it promises, and the puzzle's QUBO for download.

use super::solver_choices::solver_choices;
use super::speed_pick::speed_pick;
use crate::components::limit_pick::{LimitPickProps, limit_pick};
use crate::dom::download::download_qubo;
use crate::state::use_dispatch;
use sudoku_engine::board::Grid;
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::{Action, Speed};
use sudoku_page::race::LIMITS;
use sudoku_words as present;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SolverSettingsProps {
    pub kind: SolverKind,
    pub speed: Speed,
    /// A run's time limit, in seconds.
    pub limit: u32,
    /// The solver cannot change during a run (the speed can).
    pub running: bool,
    /// The puzzle, for its QUBO.
    pub puzzle: Grid,
}

#[component]
pub fn SolverSettings(props: &SolverSettingsProps) -> Html {
    let shape = props.puzzle.shape();
    let kind = props.kind;
    let dispatch = use_dispatch();
    let on_limit = {
        let dispatch = dispatch.clone();
        Callback::from(move |seconds: u32| dispatch.emit(Action::Limit(seconds)))
    };
    let on_export = {
        let puzzle = props.puzzle.clone();
        Callback::from(move |_: MouseEvent| {
            let _ = download_qubo(&puzzle);
        })
    };
    html! {
        <section class="sheet-part" aria-labelledby="solver-settings">
            <h3 id="solver-settings">{ "Solver and speed" }</h3>
            { solver_choices(kind, &props.puzzle, props.running, &dispatch) }
            { speed_pick(kind, props.speed, &dispatch) }
            { limit_pick(&LimitPickProps { label: "Time limit".into(), limits: &LIMITS, limit: props.limit, disabled: false, onchange: on_limit }) }
            <details class="how" data-solver={kind.name}>
                <summary>{ present::HOW_IT_WORKS }</summary>
                <p class="about">{ kind.about }</p>
            </details>
            <p class="about">{ present::solver_promise(&kind) }</p>
            <button type="button" onclick={on_export}>{ "Export QUBO" }</button>
            <p class="about">
                { present::qubo_export_note(shape.size()) }
            </p>
        </section>
    }
}
