//! The solver, chosen beside Solve: the same choice as the settings' list, at hand on a phone.
//! The solvers listed come from the registry, only those that handle the board; on a killer,
//! those that take no cages are listed disabled. Each goes by its short name, which a phone
//! shows whole; the full one is its tooltip, and the settings' list says it.

use sudoku_engine::board::Shape;
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::Action;
use sudoku_words as present;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The solvers for boards of `shape`, each with whether a `killer`'s cages rule it out (it is
/// offered, disabled, so that people see why it is not there to pick).
pub fn solvers_for(shape: Shape, killer: bool) -> impl Iterator<Item = (SolverKind, bool)> {
    (SolverKind::all().filter(move |k| (k.supports)(shape)))
        .map(move |k| (k, k.refuses_cages(killer)))
}

/// The menu of the solvers for boards of `shape` (a `killer`'s), `kind` chosen (`shown` keeps
/// it showing); it cannot change while `running`. A function, not a component: it holds no
/// state, and each component costs the page's wasm about 0.6 kB gzipped.
pub fn solver_pick(
    (kind, shown): (SolverKind, NodeRef),
    (shape, killer): (Shape, bool),
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
    let options = solvers_for(shape, killer).map(|(kind, no_cages)| {
        html! {
            <option value={kind.name} title={kind.title} selected={kind == chosen} disabled={no_cages}>
                { kind.short }
                if no_cages {
                    { " — " }{ present::TAKES_NO_CAGES }
                }
            </option>
        }
    });
    html! {
        <select ref={shown} class="solver-pick" aria-label="Solver to run" {onchange} disabled={running}>
            { for options }
        </select>
    }
}
