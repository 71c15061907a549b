//! A check box per registered solver, in the registry's order: the race's racers and the
//! benchmark's solvers are chosen with the same boxes. On killers, the solvers that take no
//! cages are shown disabled and said so, as in the solver menu, rather than silently left out.

use sudoku_engine::registry::SolverKind;
use sudoku_words as present;
use web_sys::HtmlInputElement;
use yew::prelude::*;

pub struct SolverChecksProps {
    /// The boxes' `name`, which the browser tests select them by.
    pub name: AttrValue,
    pub chosen: Vec<SolverKind>,
    pub disabled: bool,
    /// The puzzles are killers: the solvers that take no cages cannot be chosen.
    pub killer: bool,
    /// The solvers chosen after a box was ticked or cleared.
    pub onchange: Callback<Vec<SolverKind>>,
}

/// A plain view, not a component, since each component costs the page's wasm some 2 kB.
pub fn solver_checks(props: &SolverChecksProps) -> Html {
    let boxes = SolverKind::all().map(|kind| {
        let (chosen, emit) = (props.chosen.clone(), props.onchange.clone());
        let onchange = Callback::from(move |e: Event| {
            let on = (e.target_dyn_into::<HtmlInputElement>()).is_some_and(|i| i.checked());
            let next = SolverKind::all()
                .filter(|k| if *k == kind { on } else { chosen.contains(k) })
                .collect();
            emit.emit(next);
        });
        let no_cages = kind.refuses_cages(props.killer);
        html! {
            <label class="choice">
                <input type="checkbox" name={props.name.clone()} value={kind.name}
                    checked={props.chosen.contains(&kind) && !no_cages}
                    disabled={props.disabled || no_cages} {onchange} />
                { kind.title }
                if no_cages {
                    <span class="badge off">{ present::TAKES_NO_CAGES }</span>
                }
            </label>
        }
    });
    html! { <div class="racer-choices">{ for boxes }</div> }
}
