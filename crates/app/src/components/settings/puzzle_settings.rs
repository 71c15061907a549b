//! The settings sheet's part on the puzzle: the board, its rules, what New puzzle makes, and
//! the puzzle's other ways in and out: Clear, Share, Open a photo.

use super::board_choice::board_choice;
use super::level_choice::level_choice;
use super::photo_input::PhotoInput;
use crate::hooks::use_share;
use crate::state::use_dispatch;
use sudoku_engine::generate::Request;
use sudoku_engine::grade::Difficulty;
use sudoku_page::page::{Action, CageEdit};
use sudoku_words as present;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PuzzleSettingsProps {
    pub request: Request,
    pub on_level: Callback<Option<Difficulty>>,
    pub on_symmetric: Callback<bool>,
    pub running: bool,
    pub query: String,
    /// Closes the sheet (Draw cages goes to the board).
    pub close: Callback<()>,
}

/// The board, its rules, what New puzzle makes, and the puzzle's other ways in and out: Clear,
/// Share, Open a photo.
#[component]
pub fn PuzzleSettings(props: &PuzzleSettingsProps) -> Html {
    let dispatch = use_dispatch();
    let (share_note, on_share) = use_share(props.query.clone());
    let on_clear = dispatch.reform(|_: MouseEvent| Action::Clear);
    let on_cages = {
        let close = props.close.clone();
        dispatch.reform(move |_: MouseEvent| {
            close.emit(());
            Action::Cage(CageEdit::Start)
        })
    };
    let on_symmetric = props.on_symmetric.reform(|e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        input.checked()
    });
    html! {
        <section class="sheet-part" aria-labelledby="puzzle-settings">
            <h3 id="puzzle-settings">{ "Puzzle" }</h3>
            { board_choice(props.request.shape, props.running, &dispatch) }
            { level_choice(props.request.difficulty, &props.on_level) }
            <label class="choice">
                <input type="checkbox" checked={props.request.symmetric} onchange={on_symmetric} />
                <span>{ "Symmetric givens (half turn)" }</span>
            </label>
            <p class="about">{ "New puzzle, over the board, makes one with these settings. " }{ present::maker_promise() }</p>
            <div class="controls">
                <button type="button" onclick={on_clear}>{ "Clear" }</button>
                <button type="button" onclick={on_share}>{ "Share" }</button>
                <button type="button" class="draw-cages" onclick={on_cages} disabled={props.running}>{ "Killer cages" }</button>
                <PhotoInput disabled={props.running} />
            </div>
            <p id="share-note" class="share-note" aria-live="polite">{ share_note }</p>
        </section>
    }
}
