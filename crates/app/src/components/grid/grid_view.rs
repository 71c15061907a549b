//! The table of inputs. Each cell is its own component that re-renders only when what it shows
//! changed, so a frame in which few spins flip touches few cells. The spins of boards up to 9×9
//! are plain DOM (a dot per digit); above, so many dots cost more than a frame to restyle and
//! paint, so they are drawn on a canvas over the table, and so are a running solver's digits
//! and conflicts, which the cells take when the run ends (docs/BENCHMARKS.md). Either way the
//! inputs stay the cells.

use super::cell::Cell;
use super::spin_canvas::SpinCanvas;
use crate::dom::cells::cell_at;
use crate::dom::spin_drawing::Ink;
use crate::state::use_dispatch;
use sudoku_page::page::{Action, CageEdit, CellView, Layer, Source};
use sudoku_words::grid_label;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct GridViewProps {
    /// Row-major, `size × size` cells.
    pub cells: Vec<CellView>,
    pub size: usize,
    pub box_rows: usize,
    pub box_cols: usize,
    /// While a solver runs the cells cannot be edited.
    pub locked: bool,
    pub layer: Layer,
    /// The digit pad is the keyboard (touch screens): a cell's focus opens no other.
    pub pad_keyboard: bool,
    /// Cage mode: a press on a cell, or a drag across cells, draws a cage.
    pub caging: bool,
}

#[component]
pub fn GridView(props: &GridViewProps) -> Html {
    let inputmode = match (props.pad_keyboard, props.size > 9) {
        (true, _) => "none",
        (false, true) => "text",
        (false, false) => "numeric",
    };
    let spins_layer = props.layer == Layer::Spins;
    // Up to 9×9 the cells draw their own dots and digits; above, the canvas draws the spins and
    // a running solver's digits.
    let large = props.size > 9;
    let canvas = large && (spins_layer || props.locked);
    // While a solver runs on a large board the canvas alone follows it.
    let live_on_canvas = large && props.locked;
    // One cell in the page's Tab order, the selected one (else the first): the arrow keys,
    // Home and End move among the rest, so that Tab leaves the board in one press.
    let tab_stop = (props.cells.iter()).position(|c| c.selected).unwrap_or(0);
    let rows = (0..props.size).map(|row| {
        let cells = (0..props.size).map(|col| {
            let index = row * props.size + col;
            let live = props.cells.get(index);
            let with_spins = spins_layer && live.is_some_and(|v| v.spins.is_some());
            let view = live.map(|v| if live_on_canvas { settled(v) } else { *v });
            html! {
                <Cell
                    key={index}
                    {index}
                    {view}
                    size={props.size}
                    box_cols={props.box_cols}
                    locked={props.locked}
                    {with_spins}
                    {large}
                    {inputmode}
                    tab_stop={index == tab_stop}
                />
            }
        });
        let class = classes!(((row + 1) % props.box_rows == 0).then_some("box-end"));
        html! { <tr {class}>{ for cells }</tr> }
    });
    let class = classes!(
        "board",
        format!("side-{}", props.size),
        (props.size > 9).then_some("large"),
        spins_layer.then_some("spins-layer"),
        props.caging.then_some("caging")
    );
    let (onpointerdown, onpointermove) = use_cage_pointer(props.caging);
    let spin_canvas = canvas.then(|| {
        let inks = (props.cells.iter())
            .map(|c| ink(c, spins_layer, props.locked))
            .collect::<Vec<_>>();
        html! { <SpinCanvas {inks} size={props.size} box_cols={props.box_cols} /> }
    });
    let style = format!("--box-cols: {}; --side: {}", props.box_cols, props.size);
    // A board too wide for the screen pans inside its frame rather than shrinking past use.
    html! {
        <div class="board-frame">
            <table {class} {style} aria-label={grid_label(props.size)} {onpointerdown} {onpointermove}>
                <tbody>{ for rows }</tbody>
            </table>
            { spin_canvas.unwrap_or_default() }
        </div>
    }
}

/// In cage mode, a press on a cell taps it into or out of the cage drawn, and a drag gathers
/// the cells it crosses (each once: the page hears only a move to another cell).
#[hook]
fn use_cage_pointer(
    caging: bool,
) -> (
    Option<Callback<PointerEvent>>,
    Option<Callback<PointerEvent>>,
) {
    let dispatch = use_dispatch();
    let last = use_mut_ref(|| None::<usize>);
    if !caging {
        return (None, None);
    }
    let down = {
        let (dispatch, last) = (dispatch.clone(), last.clone());
        Callback::from(move |e: PointerEvent| {
            let cell = cell_at(e.client_x(), e.client_y());
            *last.borrow_mut() = cell;
            if let Some(cell) = cell {
                dispatch.emit(Action::Cage(CageEdit::Cell(cell)));
            }
        })
    };
    let moved = Callback::from(move |e: PointerEvent| {
        let cell = cell_at(e.client_x(), e.client_y()).filter(|_| e.buttons() != 0);
        if let Some(cell) = cell.filter(|&c| *last.borrow() != Some(c)) {
            *last.borrow_mut() = Some(cell);
            dispatch.emit(Action::Cage(CageEdit::Drag(cell)));
        }
    });
    (Some(down), Some(moved))
}

/// What the canvas of a large board draws in a cell: its spins in the Spins view, else the
/// digit a running solver shows there.
fn ink(view: &CellView, spins_layer: bool, locked: bool) -> Ink {
    match (view.spins.filter(|_| spins_layer), view.digit) {
        (Some(spins), _) => Ink::Spins(spins),
        (None, Some(digit)) if locked && view.source == Source::Solver => Ink::Digit {
            digit,
            conflict: view.conflict,
        },
        _ => Ink::Blank,
    }
}

/// A large board's cell as its element shows it while a solver runs: without the run's spins,
/// digit and conflict, which change at every frame and which the canvas draws. Restyling and
/// repainting 625 cells for them cost a quarter of the page's time per frame.
fn settled(view: &CellView) -> CellView {
    let run = view.source == Source::Solver;
    CellView {
        spins: None,
        digit: view.digit.filter(|_| !run),
        conflict: view.conflict && !run,
        ..*view
    }
}
