//! The settings sheet: everything the first screen leaves out, in a modal `<dialog>` (a sheet
//! from the bottom on a phone, a drawer on the right on a desktop). The browser's own dialog
//! keeps the keyboard inside it, closes it on Escape and tells screen readers what it is.
//! It stays mounted while closed, so that its choices and the photo input's listeners last.

use super::puzzle_settings::PuzzleSettings;
use super::solver_settings::SolverSettings;
use sudoku_engine::board::Grid;
use sudoku_engine::generate::Request;
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::{Speed, Wanted};
use web_sys::HtmlDialogElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SettingsProps {
    pub open: bool,
    /// The sheet was closed (its Done button, Escape, or a tap outside it).
    pub on_close: Callback<()>,
    pub kind: SolverKind,
    pub speed: Speed,
    /// A run's time limit, in seconds.
    pub limit: u32,
    pub running: bool,
    pub puzzle: Grid,
    /// What New puzzle makes, and the settings' change of it.
    pub request: Request,
    pub wanted: Wanted,
    pub on_wanted: Callback<Wanted>,
    /// The page's link, for Share.
    pub query: String,
}

#[component]
pub fn Settings(props: &SettingsProps) -> Html {
    let dialog = use_node_ref();
    {
        let dialog = dialog.clone();
        use_effect_with(props.open, move |&open| {
            if let Some(dialog) = dialog.cast::<HtmlDialogElement>() {
                if open && !dialog.open() {
                    drop(dialog.show_modal());
                } else if !open && dialog.open() {
                    dialog.close();
                }
            }
        });
    }
    let on_closed = props.on_close.reform(|_: Event| ());
    let close = {
        let dialog = dialog.clone();
        Callback::from(move |()| {
            if let Some(dialog) = dialog.cast::<HtmlDialogElement>() {
                dialog.close();
            }
        })
    };
    let on_done = close.reform(|_: MouseEvent| ());
    // A tap on the backdrop (the dialog element itself, outside its content) closes it.
    let on_backdrop = {
        let dialog = dialog.clone();
        Callback::from(move |e: MouseEvent| {
            let target = e.target_dyn_into::<HtmlDialogElement>();
            if let (Some(target), Some(dialog)) = (target, dialog.cast::<HtmlDialogElement>())
                && target == dialog
            {
                dialog.close();
            }
        })
    };
    html! {
        <dialog class="settings" ref={dialog} aria-labelledby="settings-title" onclose={on_closed} onclick={on_backdrop}>
            <div class="sheet">
                <header class="sheet-head">
                    <h2 id="settings-title">{ "Settings" }</h2>
                    <button type="button" class="solve" onclick={on_done}>{ "Done" }</button>
                </header>
                <PuzzleSettings
                    request={props.request}
                    wanted={props.wanted}
                    on_wanted={props.on_wanted.clone()}
                    running={props.running}
                    query={props.query.clone()}
                    {close}
                />
                <SolverSettings
                    kind={props.kind}
                    speed={props.speed}
                    limit={props.limit}
                    running={props.running}
                    puzzle={props.puzzle.clone()}
                />
            </div>
        </dialog>
    }
}
