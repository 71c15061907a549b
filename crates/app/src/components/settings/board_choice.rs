//! The board's size and its extra rules.

use sudoku_engine::board::{Rules, Shape};
use sudoku_page::page::Action;
use sudoku_words::board_side;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The board sides the page offers.
const SIDES: [usize; 5] = [4, 6, 9, 16, 25];

/// The board's size and rules for `shape`; nothing changes while `running` (a solver runs or a
/// puzzle is being made). A plain view over the parent's `dispatch`, not a component, since
/// each component costs the page's wasm some 2 kB.
pub fn board_choice(shape: Shape, running: bool, dispatch: &Callback<Action>) -> Html {
    let on_size = {
        let (dispatch, rules) = (dispatch.clone(), shape.rules());
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let shape = (select.value().parse::<usize>().ok())
                .and_then(Shape::of_side)
                .map(|s| {
                    (s.with_rules(rules))
                        .or_else(|| s.with_rules(rules.without(Rules::WINDOKU)))
                        .unwrap_or(s)
                });
            if let Some(shape) = shape {
                dispatch.emit(Action::Resize(shape));
            }
        })
    };
    let rule_boxes = Rules::ALL.map(|(rule, name, words)| {
        let (dispatch, rules) = (dispatch.clone(), shape.rules());
        let on = rules.contains(rule);
        let onchange = Callback::from(move |_: Event| {
            let next = if on { rules.without(rule) } else { rules.with(rule) };
            dispatch.emit(Action::Rules(next));
        });
        html! {
            <label class="choice">
                <input type="checkbox" name="rule" value={name} checked={on} disabled={running} {onchange} />
                <span>{ words }</span>
            </label>
        }
    });
    let sizes = SIDES.map(|n| {
        html! {
            <option value={n.to_string()} selected={n == shape.size()}>
                { board_side(n) }
            </option>
        }
    });
    html! {
        <>
            <label class="speed">
                <span>{ "Board" }</span>
                <select aria-label="Board size" onchange={on_size} disabled={running}>
                    { for sizes }
                </select>
            </label>
            <fieldset class="rules">
                <legend>{ "Rules" }</legend>
                { for rule_boxes }
            </fieldset>
        </>
    }
}
