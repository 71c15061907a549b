//! The solvers that handle the board, one radio button each (disabled on a killer for those
//! that take no cages), named plainly with their plain line under the name as the radio's
//! description.

use crate::components::solve::solver_pick::solvers_for;
use sudoku_engine::board::Grid;
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::Action;
use sudoku_words as present;
use yew::prelude::*;

/// One radio button a solver for `puzzle`'s board, `chosen` checked; none can change while
/// `running`, nor be chosen when the puzzle's cages rule it out. A function, not a component:
/// it holds no state.
pub fn solver_choices(
    chosen: SolverKind,
    puzzle: &Grid,
    running: bool,
    dispatch: &Callback<Action>,
) -> Html {
    let choices = solvers_for(puzzle.shape(), puzzle.is_killer()).map(|(kind, no_cages)| {
        let dispatch = dispatch.clone();
        let onchange = Callback::from(move |_: Event| dispatch.emit(Action::Choose(kind)));
        let plain_id = format!("plain-{}", kind.name);
        html! {
            <div class="solver-choice">
                <label class="choice">
                    <input
                        type="radio"
                        name="solver"
                        value={kind.name}
                        checked={kind == chosen}
                        disabled={running || no_cages}
                        aria-describedby={plain_id.clone()}
                        {onchange}
                    />
                    <span>{ kind.title }</span>
                    if kind.recommended() {
                        <span class="badge">{ present::RECOMMENDED }</span>
                    }
                    if no_cages {
                        <span class="badge off">{ present::TAKES_NO_CAGES }</span>
                    }
                </label>
                <p class="plain" id={plain_id}>{ kind.plain }</p>
            </div>
        }
    });
    html! {
        <fieldset>
            <legend>{ "Solver" }</legend>
            { for choices }
        </fieldset>
    }
}
