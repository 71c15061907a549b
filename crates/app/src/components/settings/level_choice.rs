//! The level new puzzles are made at, and what it means.

use sudoku_engine::grade::Difficulty;
use sudoku_words::{LEVEL_RAISED, level_meaning};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The level new puzzles are made at (`None` for any), and what it means (`raised`: the board's
/// own default, above medium): a plain view, not a component, since each component costs the
/// page's wasm some 2 kB.
pub fn level_choice(
    level: Option<Difficulty>,
    raised: bool,
    on_level: &Callback<Option<Difficulty>>,
) -> Html {
    let onchange = on_level.reform(|e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        Difficulty::from_name(&select.value())
    });
    let levels = Difficulty::ALL.map(|d| {
        html! {
            <option value={d.name()} selected={level == Some(d)}>{ d.name() }</option>
        }
    });
    let meaning = level_meaning(level);
    html! {
        <>
            <label class="speed">
                <span>{ "Difficulty" }</span>
                <select aria-label="Difficulty" {onchange}>
                    { for levels }
                    <option value="any" selected={level.is_none()}>{ "any" }</option>
                </select>
            </label>
            <p class="about" id="level-meaning">
                { meaning }
                if raised {
                    { " " }{ LEVEL_RAISED }
                }
            </p>
        </>
    }
}
