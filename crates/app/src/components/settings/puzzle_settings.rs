//! The settings sheet's part on the puzzle: the board, its rules, what New puzzle makes, and
//! the puzzle's other ways in and out: Clear, Share, Open a photo.

use super::board_choice::board_choice;
use super::level_choice::level_choice;
use super::photo_input::PhotoInput;
use crate::hooks::use_share;
use crate::state::use_dispatch;
use sudoku_engine::board::Shape;
use sudoku_engine::generate::Request;
use sudoku_page::page::{Action, CageEdit, Wanted};
use sudoku_words as present;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PuzzleSettingsProps {
    /// What New puzzle makes, as the settings hold it and as it asks on this board.
    pub request: Request,
    pub wanted: Wanted,
    pub on_wanted: Callback<Wanted>,
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
    let (request, wanted) = (props.request, props.wanted);
    let on_level = props.on_wanted.reform(move |level| Wanted {
        level: Some(level),
        ..wanted
    });
    let checked = |e: &Event| e.target_unchecked_into::<HtmlInputElement>().checked();
    let on_symmetric = props.on_wanted.reform(move |e: Event| Wanted {
        symmetric: checked(&e),
        ..wanted
    });
    let on_killer = props.on_wanted.reform(move |e: Event| Wanted {
        killer: checked(&e),
        ..wanted
    });
    // The board's own level, raised above the classic board's: said under the level.
    let classic = Request::default_level(Shape::CLASSIC);
    let raised = wanted.level.is_none() && Request::default_level(request.shape) != classic;
    html! {
        <section class="sheet-part" aria-labelledby="puzzle-settings">
            <h3 id="puzzle-settings">{ "Puzzle" }</h3>
            // This puzzle's ways in and out first, so that Share's note shows by its button.
            <div class="controls">
                <button type="button" onclick={on_clear}>{ "Clear" }</button>
                <button type="button" onclick={on_share}>{ "Share" }</button>
                <button type="button" class="draw-cages" onclick={on_cages} disabled={props.running}>{ "Killer cages" }</button>
                <PhotoInput disabled={props.running} />
            </div>
            <p id="share-note" class="share-note" aria-live="polite">{ share_note }</p>
            { board_choice(request.shape, props.running, &dispatch) }
            { level_choice(request.difficulty, raised, &on_level) }
            <label class="choice">
                <input type="checkbox" name="killer" checked={request.killer} disabled={!Wanted::killer_fits(request.shape)} onchange={on_killer} />
                <span>{ present::KILLER_CHOICE }</span>
            </label>
            <label class="choice">
                <input type="checkbox" checked={request.symmetric} disabled={request.killer} onchange={on_symmetric} />
                <span>{ "Symmetric givens (half turn)" }</span>
            </label>
            <p class="about">{ "New puzzle, over the board, makes one with these settings. " }{ present::maker_promise() }</p>
        </section>
    }
}
