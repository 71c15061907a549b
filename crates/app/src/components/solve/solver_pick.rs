//! The solver, chosen beside Solve: the same choice as the settings' list, at hand on a phone.
//! The solvers listed come from the registry, only those that handle the board.

use sudoku_engine::board::Shape;
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::Action;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The menu of the solvers for boards of `shape`, `kind` chosen; it cannot change while
/// `running`. A function, not a component: it holds no state, and each component costs the
/// page's wasm about 0.6 kB gzipped.
pub fn solver_pick(
    kind: SolverKind,
    shape: Shape,
    running: bool,
    dispatch: &Callback<Action>,
) -> Html {
    let dispatch = dispatch.clone();
    let onchange = Callback::from(move |e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        if let Some(kind) = SolverKind::from_name(&select.value()) {
            dispatch.emit(Action::Choose(kind));
        }
    });
    let chosen = kind;
    let options = (SolverKind::all().filter(|k| (k.supports)(shape))).map(|kind| {
        html! {
            <option value={kind.name} selected={kind == chosen}>
                { kind.title }
            </option>
        }
    });
    html! {
        <select class="solver-pick" aria-label="Solver to run" {onchange} disabled={running}>
            { for options }
        </select>
    }
}
