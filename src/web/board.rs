//! The 9×9 table of inputs. It shows what it is given and reports every edit; the app decides
//! whether an edit is taken, and the inputs always show exactly what the app says.

use crate::solver::Mark;
use wasm_bindgen::JsCast;
use web_sys::{ClipboardEvent, HtmlInputElement};
use yew::prelude::*;

/// Where the digit a cell shows comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Given,
    Solver,
    Empty,
}

impl Source {
    fn name(self) -> &'static str {
        match self {
            Source::Given => "given",
            Source::Solver => "solver",
            Source::Empty => "empty",
        }
    }
}

/// Everything one cell draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellView {
    pub digit: Option<u8>,
    pub source: Source,
    /// What the solver's spins select here when it is not one digit: `Some(Mark::Several)` or
    /// `Some(Mark::Empty)`.
    pub undecided: Option<Mark>,
    /// Named by an error message (a repeated given, a cell with no digit left).
    pub flagged: bool,
    /// Its last edit was refused.
    pub refused: bool,
    /// The cell the digit pad writes to.
    pub selected: bool,
}

/// An edit the user made in one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The cell's text after typing.
    Typed { cell: usize, text: String },
    /// More than one character pasted into the cell: possibly a whole puzzle.
    Pasted { cell: usize, text: String },
    /// A key of the on-screen digit pad, for the selected cell (empty text: erase).
    Pad { cell: usize, text: String },
}

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// Row-major, `size × size` cells.
    pub cells: Vec<CellView>,
    pub size: usize,
    pub box_rows: usize,
    pub box_cols: usize,
    /// While a solver runs the cells cannot be edited.
    pub locked: bool,
    pub on_edit: Callback<Edit>,
    /// A cell took the focus.
    pub on_select: Callback<usize>,
}

/// Moves the keyboard focus to `cell`.
pub fn focus_cell(cell: usize) {
    let input = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&format!("cell-{cell}")))
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok());
    if let Some(input) = input {
        let _ = input.focus();
    }
}

/// The cell an arrow key leads to from `cell`, wrapping around the edges.
fn neighbour(cell: usize, size: usize, key: &str) -> Option<usize> {
    let (row, col) = (cell / size, cell % size);
    let (row, col) = match key {
        "ArrowUp" => ((row + size - 1) % size, col),
        "ArrowDown" => ((row + 1) % size, col),
        "ArrowLeft" => (row, (col + size - 1) % size),
        "ArrowRight" => (row, (col + 1) % size),
        _ => return None,
    };
    Some(row * size + col)
}

#[component]
pub fn Board(props: &BoardProps) -> Html {
    let rows = (0..props.size).map(|row| {
        let cells = (0..props.size).map(|col| cell(props, row * props.size + col));
        let class = classes!(((row + 1) % props.box_rows == 0).then_some("box-end"));
        html! { <tr {class}>{ for cells }</tr> }
    });
    html! {
        <table class="board" aria-label="Sudoku grid">
            <tbody>{ for rows }</tbody>
        </table>
    }
}

fn cell(props: &BoardProps, index: usize) -> Html {
    let Some(view) = props.cells.get(index).copied() else {
        return html! { <td /> };
    };
    let (row, col) = (index / props.size, index % props.size);
    let shown = view.digit.map(|d| d.to_string()).unwrap_or_default();
    let oninput = {
        let on_edit = props.on_edit.clone();
        let shown = shown.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let text = input.value();
            // Put back what the app last drew; if it takes the edit it draws the new value.
            input.set_value(&shown);
            on_edit.emit(Edit::Typed {
                cell: index,
                text: typed_over(&text, &shown),
            });
        })
    };
    let onpaste = {
        let on_edit = props.on_edit.clone();
        Callback::from(move |e: Event| {
            let text = e
                .dyn_ref::<ClipboardEvent>()
                .and_then(ClipboardEvent::clipboard_data)
                .and_then(|data| data.get_data("text").ok())
                .unwrap_or_default();
            if text.chars().filter(|c| !c.is_whitespace()).count() > 1 {
                e.prevent_default();
                on_edit.emit(Edit::Pasted { cell: index, text });
            }
        })
    };
    // Keys act on the cell directly: a digit replaces what is there, Backspace and Delete erase,
    // and any other character is reported (and refused) without ever reaching the input.
    let onkeydown = {
        let on_edit = props.on_edit.clone();
        let size = props.size;
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() || e.is_composing() {
                return;
            }
            let key = e.key();
            if let Some(next) = neighbour(index, size, &key) {
                e.prevent_default();
                focus_cell(next);
                return;
            }
            let text = match key.as_str() {
                "Backspace" | "Delete" => String::new(),
                _ if key.chars().count() == 1 => key,
                _ => return,
            };
            e.prevent_default();
            on_edit.emit(Edit::Typed { cell: index, text });
        })
    };
    // A cell is selected when it takes the focus, and again when tapped while it has it (the pad
    // keeps the focus where it was, but may have moved the selection on).
    let onfocus = {
        let on_select = props.on_select.clone();
        Callback::from(move |_: FocusEvent| on_select.emit(index))
    };
    let onclick = {
        let on_select = props.on_select.clone();
        Callback::from(move |_: MouseEvent| on_select.emit(index))
    };
    let class = classes!(
        "cell",
        view.selected.then_some("selected"),
        view.source.name(),
        match view.undecided {
            Some(Mark::Several) => Some("several"),
            Some(_) => Some("nodigit"),
            None => None,
        },
        view.flagged.then_some("flagged"),
        view.refused.then_some("refused"),
        ((col + 1) % props.box_cols == 0).then_some("box-end"),
    );
    html! {
        <td {class} data-value={shown.clone()} data-source={view.source.name()}>
            <input
                id={format!("cell-{index}")}
                type="text"
                inputmode="numeric"
                autocomplete="off"
                spellcheck="false"
                aria-label={format!("Row {}, column {}", row + 1, col + 1)}
                aria-describedby="hint"
                aria-invalid={(view.flagged || view.refused).then_some("true")}
                title={view.undecided.map(|m| match m {
                    Mark::Several => "The spins here select several digits at once",
                    _ => "No spin is up here: the cell selects no digit",
                })}
                value={shown}
                readonly={props.locked}
                {oninput}
                {onpaste}
                {onkeydown}
                {onfocus}
                {onclick}
            />
        </td>
    }
}

/// What the user meant when a keyboard without key events (phones, input methods) typed into a
/// filled cell: the new character beside the old digit replaces it.
fn typed_over(text: &str, shown: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(a), Some(b), None) if a.to_string() == shown => b.to_string(),
        (Some(a), Some(b), None) if b.to_string() == shown => a.to_string(),
        _ => text.to_string(),
    }
}
