//! The solvers that handle the board, one radio button each, named plainly with their plain
//! line under the name as the radio's description.

use sudoku_engine::board::Shape;
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::Action;
use sudoku_words as present;
use yew::prelude::*;

/// One radio button a solver for boards of `shape`, `chosen` checked; none can change while
/// `running`. A function, not a component: it holds no state.
pub fn solver_choices(
    chosen: SolverKind,
    shape: Shape,
    running: bool,
    dispatch: &Callback<Action>,
) -> Html {
    let choices = SolverKind::all()
        .filter(|k| (k.supports)(shape))
        .map(|kind| {
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
                            disabled={running}
                            aria-describedby={plain_id.clone()}
                            {onchange}
                        />
                        <span>{ kind.title }</span>
                        if kind.recommended() {
                            <span class="badge">{ present::RECOMMENDED }</span>
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
