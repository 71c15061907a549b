//! The cage bar, in cage mode (under the board on a phone, over it on a desktop): what is being
//! drawn (or why a step was refused), and Add cage, Remove and Done. A function of the solver view rather than a component of its
//! own, which would cost the page's wasm a component's machinery for three buttons.

use sudoku_page::page::{Action, CageEdit};
use yew::prelude::*;

/// What the cage bar shows.
#[derive(Clone, PartialEq)]
pub struct CageBar {
    /// The cage in hand and what to do next, or why the last step was refused.
    pub note: String,
    /// A cage of the board was picked, or cells gathered: Remove takes it off, or lets them go
    /// (the way out of a draft that was refused).
    pub removable: bool,
    /// The note says why the last step was refused: it stands out.
    pub refused: bool,
}

impl CageBar {
    /// The bar, its buttons dispatching cage mode's steps.
    pub fn view(&self, dispatch: &Callback<Action>) -> Html {
        let on = |edit: CageEdit| dispatch.reform(move |_: MouseEvent| Action::Cage(edit.clone()));
        // A press must not take the focus from the board, where the keyboard types the sum.
        let keep_focus = Callback::from(|e: MouseEvent| e.prevent_default());
        html! {
            <div class="cage-bar" role="group" aria-label="Cages">
                <p class={classes!("cage-note", self.refused.then_some("refused"))} aria-live="polite">{ self.note.clone() }</p>
                <button type="button" class="solve" onmousedown={keep_focus.clone()} onclick={on(CageEdit::Add)}>{ "Add cage" }</button>
                <button type="button" onmousedown={keep_focus.clone()} onclick={on(CageEdit::Remove)} disabled={!self.removable}>{ "Remove" }</button>
                <button type="button" onmousedown={keep_focus} onclick={on(CageEdit::Stop)}>{ "Done" }</button>
            </div>
        }
    }
}
