//! The solver, chosen beside Solve: the same choice as the settings' list, at hand on a phone.
//! The solvers listed come from the registry, only those that handle the board.

use crate::state::use_dispatch;
use sudoku_engine::board::Shape;
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::Action;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SolverPickProps {
    pub kind: SolverKind,
    pub shape: Shape,
    /// The solver cannot change during a run.
    pub running: bool,
}

#[component]
pub fn SolverPick(props: &SolverPickProps) -> Html {
    let dispatch = use_dispatch();
    let onchange = Callback::from(move |e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        if let Some(kind) = SolverKind::from_name(&select.value()) {
            dispatch.emit(Action::Choose(kind));
        }
    });
    let options = (SolverKind::all().filter(|k| (k.supports)(props.shape))).map(|kind| {
        html! {
            <option value={kind.name} selected={kind == props.kind}>
                { kind.title }
            </option>
        }
    });
    html! {
        <select class="solver-pick" aria-label="Solver to run" {onchange} disabled={props.running}>
            { for options }
        </select>
    }
}
