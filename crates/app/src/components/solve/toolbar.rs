//! The toolbar over the board: the run's controls (Solve, Stop, the solver, Settings) and the
//! actions people reach for most (New puzzle, Undo, Redo, Hint, Check, Scan). Everything else
//! is in the settings sheet.

use super::solver_pick::solver_pick;
use crate::components::scan::scan_view::{PaperRun, ScanView};
use crate::dom::clock::fresh_seed;
use crate::dom::scroll::show_board;
use crate::hooks::{use_opener, use_run_keys, use_shown_choice};
use crate::state::use_dispatch;
use sudoku_engine::board::Shape;
use sudoku_engine::generate::Request;
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::Action;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    pub kind: SolverKind,
    pub shape: Shape,
    /// The puzzle has cages: the solvers that take none are offered disabled.
    pub killer: bool,
    pub running: bool,
    /// Whether Undo and Redo have something to do.
    pub history: (bool, bool),
    /// What New puzzle makes: the board, level and symmetry the settings hold.
    pub request: Request,
    /// Opens the settings sheet.
    pub on_settings: Callback<()>,
    /// The settings button, to take the focus back when the sheet closes.
    pub settings_button: NodeRef,
    /// The run as the Scan view draws it on the paper.
    pub paper: PaperRun,
}

#[component]
pub fn Toolbar(props: &ToolbarProps) -> Html {
    let dispatch = use_dispatch();
    let on = |action: fn() -> Action| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(action()))
    };
    let on_solve = {
        let dispatch = dispatch.clone();
        // The run is there to be watched: the board comes into view with it.
        Callback::from(move |_: MouseEvent| {
            dispatch.emit(Action::Solve { seed: fresh_seed() });
            show_board();
        })
    };
    let on_new = {
        let (dispatch, request) = (dispatch.clone(), props.request);
        Callback::from(move |_: MouseEvent| {
            dispatch.emit(Action::Generate {
                request,
                seed: fresh_seed(),
            });
            show_board();
        })
    };
    let on_stop = on(|| Action::Stop);
    let (on_undo, on_redo) = (on(|| Action::Undo), on(|| Action::Redo));
    let (on_check, on_hint) = (on(|| Action::Check), on(|| Action::Hint));
    let on_settings = props.on_settings.reform(|_: MouseEvent| ());
    let running = props.running;
    let (undo, redo) = props.history;
    let scan = use_opener();
    // Back can bring another solver: the menu must name the one Solve runs.
    let shown = use_shown_choice(props.kind.name);
    let on_scan = scan.on_open.reform(|_: MouseEvent| ());
    let (solve, stop) = use_run_keys(running, dispatch.reform(|()| Action::Stop));
    html! {
        <div class="toolbar">
            <div class="run-bar" role="group" aria-label="Run">
                <button type="button" class="solve" ref={solve} onclick={on_solve} disabled={running}>{ "Solve" }</button>
                <button type="button" class="stop" ref={stop} onclick={on_stop} disabled={!running}>{ "Stop" }</button>
                { solver_pick((props.kind, shown), (props.shape, props.killer), running, &dispatch) }
                <button type="button" class="settings-button" ref={props.settings_button.clone()} onclick={on_settings} aria-haspopup="dialog">
                    <span aria-hidden="true">{ "⚙" }</span>
                    <span class="settings-word">{ "Settings" }</span>
                </button>
            </div>
            <div class="edit-bar" role="group" aria-label="Puzzle">
                <button type="button" class="new-puzzle" onclick={on_new} disabled={running}>{ "New puzzle" }</button>
                <button type="button" onclick={on_undo} disabled={running || !undo}>{ "Undo" }</button>
                <button type="button" onclick={on_redo} disabled={running || !redo}>{ "Redo" }</button>
                <button type="button" onclick={on_hint} disabled={running}>{ "Hint" }</button>
                <button type="button" onclick={on_check} disabled={running}>{ "Check" }</button>
                <button type="button" class="scan-button" ref={scan.button.clone()} onclick={on_scan} disabled={running}>{ "Scan" }</button>
            </div>
            if scan.open {
                <ScanView on_close={scan.on_close.clone()} run={props.paper.clone()} />
            }
        </div>
    }
}
