//! The solver view, designed around the run: the toolbar and the board (with the digit pad at
//! rest) on one side; the run's status, figures and plot on the other, or under the board on a
//! phone, where the pad and the edit bar give way to them during a run. Everything else is in
//! the settings sheet.

use super::board_notes::spins_key;
use super::cage_bar::CageBar;
use super::layer_pick::layer_pick;
use super::pad::{PadProps, pad};
use super::run_watch::{RunWatchProps, run_watch};
use super::toolbar::Toolbar;
use crate::components::grid::grid_view::GridView;
use crate::components::scan::scan_view::PaperRun;
use crate::components::settings::sheet::Settings;
use crate::dom::device::pad_is_the_keyboard;
use crate::hooks::use_opener;
use crate::state::use_dispatch;
use sudoku_engine::board::Grid;
use sudoku_engine::registry::SolverKind;
use sudoku_engine::step::Mark;
use sudoku_page::page::{Action, CellView, Layer, Speed, Wanted};
use sudoku_words as present;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SolveViewProps {
    pub kind: SolverKind,
    /// The puzzle as entered: the board's shape, and what the settings export and share.
    pub puzzle: Grid,
    /// Row-major, what each cell shows.
    pub cells: Vec<CellView>,
    pub running: bool,
    /// Whether a run has started (it may be over), and whether a cell is selected for the pad.
    pub ran: bool,
    pub selected: bool,
    /// Whether Undo and Redo have something to do.
    pub history: (bool, bool),
    /// The layer the cells draw, whether they show pencil marks, whether pencil mode is on.
    pub layer: Layer,
    pub marks: bool,
    pub pencil: bool,
    /// The run's side of the view.
    pub watch: RunWatchProps,
    /// The settings the sheet shows: speed, time limit (seconds) and the page's link.
    pub speed: Speed,
    pub limit: u32,
    pub query: String,
    /// The run as the Scan view draws it on the paper.
    pub paper: PaperRun,
    /// Cage mode's bar, while cages are drawn.
    pub caging: Option<CageBar>,
}

#[component]
pub fn SolveView(props: &SolveViewProps) -> Html {
    let dispatch = use_dispatch();
    let running = props.running;
    let pad_keyboard = use_memo((), |_| pad_is_the_keyboard());
    let shape = props.puzzle.shape();
    let wanted = use_state(Wanted::default);
    let request = wanted.request(shape);
    let on_wanted = {
        let wanted = wanted.clone();
        Callback::from(move |w| wanted.set(w))
    };
    let settings = use_opener();
    let class = classes!(
        "layout",
        (shape.size() > 9).then_some("wide-board"),
        format!("side-{}", shape.size()),
        running.then_some("running"),
        props.ran.then_some("ran"),
        // A finished run stays in view on a phone until a cell is tapped for the pad.
        (props.ran && !running && !props.selected).then_some("after-run"),
        // And a hint's step, with Apply, until a cell is tapped.
        (props.watch.hint.is_some() && !props.selected).then_some("hinting"),
    );
    html! {
    <main {class}>
        <section class="play" aria-label="Board">
            <Toolbar kind={props.kind} {shape} killer={props.puzzle.is_killer()} {running} history={props.history} {request}
                on_settings={settings.on_open.clone()} settings_button={settings.button.clone()} paper={props.paper.clone()} />
            // What the cells draw, at hand during a run as at rest. In cage mode the cage bar
            // comes under the board, where the sum pad is, so that the board does not move on a
            // phone; a desktop's styles put it over the board, in this row's place.
            { layer_pick(props.layer, props.marks, &dispatch) }
            <GridView cells={props.cells.clone()} size={shape.size()} box_rows={shape.box_rows()}
                box_cols={shape.box_cols()} locked={running} layer={props.layer} pad_keyboard={*pad_keyboard}
                caging={props.caging.is_some()} />
            if let Some(bar) = &props.caging {
                { bar.view(&dispatch) }
            }
            if shape.size() > 16 {
                <p class="pan-note">{ present::PAN_NOTE }</p>
            }
            if let Some(key) = undecided_key(&props.cells, props.layer) {
                <p class="cell-key">{ key }</p>
            }
            // Right under the board, where the eye goes when the cells change to spins.
            if let Some(legend) = spins_key(&props.watch.notes) {
                <p class="spin-legend">{ legend }</p>
            }
            { pad(&PadProps { size: shape.size() as u8, on_digit: dispatch.reform(Action::Pad), pencil: props.pencil,
                on_pencil: dispatch.reform(|()| Action::Pencil), disabled: running, caging: props.caging.is_some() }) }
        </section>
        { run_watch(&props.watch, &dispatch) }
        <Settings open={settings.open} on_close={settings.on_close.clone()} kind={props.kind}
            speed={props.speed} limit={props.limit} {running} puzzle={props.puzzle.clone()}
            {request} wanted={*wanted} {on_wanted} query={props.query.clone()} />
    </main>
    }
}

/// What the striped and grey cells mean, while the digits drawn leave any (the Spins layer
/// draws the spins themselves, with their own legend).
fn undecided_key(cells: &[CellView], layer: Layer) -> Option<&'static str> {
    let marks = || (layer == Layer::Digits).then(|| cells.iter().filter_map(|c| c.undecided));
    let several = marks()?.any(|m| m == Mark::Several);
    let none = marks()?.any(|m| m != Mark::Several);
    present::undecided_key(several, none)
}
