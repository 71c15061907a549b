//! A cell's input: what typing, pasting, the arrow keys and a tap do to the board. Its own
//! component, so that a frame in which only the cell's spins changed does not build it again.

use crate::dom::cells::{cell_id, focus_cell};
use crate::state::use_dispatch;
use sudoku_engine::board::digit_char;
use sudoku_engine::step::Mark;
use sudoku_page::page::{Action, CageEdit, Edit};
use sudoku_words::{PENCIL_KEY, cell_label, undecided_title};
use wasm_bindgen::JsCast;
use web_sys::{ClipboardEvent, HtmlInputElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CellInputProps {
    pub index: usize,
    pub size: usize,
    pub inputmode: &'static str,
    /// The board's one cell in the page's Tab order.
    pub tab_stop: bool,
    pub locked: bool,
    pub digit: Option<u8>,
    /// The ids of what describes the cell.
    pub describedby: String,
    pub invalid: bool,
    pub unsure: bool,
    pub undecided: Option<Mark>,
}

/// A cell's input, its own component so that a frame in which only the cell's spins changed
/// does not build it again: an annealing 25×25 board changes every cell's spins at every frame.
#[component]
pub fn CellInput(props: &CellInputProps) -> Html {
    let dispatch = use_dispatch();
    let index = props.index;
    let (row, col) = (index / props.size, index % props.size);
    let shown = (props.digit)
        .map(|d| digit_char(d).to_string())
        .unwrap_or_default();
    let edit = {
        let dispatch = dispatch.clone();
        move |edit: Edit| dispatch.emit(Action::Edit(edit))
    };
    let oninput = on_input(index, shown.clone(), edit.clone());
    let onpaste = on_paste(index, edit.clone());
    let onkeydown = on_key(index, props.size, edit, dispatch.clone());
    let (onfocus, onclick) = on_select(index, dispatch);
    html! {
        <input
            id={cell_id(index)}
            type="text"
            inputmode={props.inputmode}
            tabindex={if props.tab_stop { "0" } else { "-1" }}
            autocomplete="off"
            spellcheck="false"
            aria-label={cell_label(row, col)}
            aria-describedby={props.describedby.clone()}
            aria-invalid={props.invalid.then_some("true")}
            data-unsure={props.unsure.then_some("true")}
            title={props.undecided.map(undecided_title)}
            value={shown}
            readonly={props.locked}
            {oninput}
            {onpaste}
            {onkeydown}
            {onfocus}
            {onclick}
        />
    }
}

/// The cell an arrow key leads to from `cell`: left and right in reading order, as typing moves
/// (past a row's end to the next row's start), up and down within the column; each stops at
/// the board's edge rather than wrapping round to the far side. Home and End go to the row's
/// ends.
fn neighbour(cell: usize, size: usize, key: &str) -> Option<usize> {
    let last = size * size - 1;
    let row_start = cell - cell % size;
    match key {
        "ArrowUp" => Some(cell.checked_sub(size).unwrap_or(cell)),
        "ArrowDown" => Some(Some(cell + size).filter(|&c| c <= last).unwrap_or(cell)),
        "ArrowLeft" => Some(cell.saturating_sub(1)),
        "ArrowRight" => Some((cell + 1).min(last)),
        "Home" => Some(row_start),
        "End" => Some(row_start + size - 1),
        _ => None,
    }
}

/// A typed character: the page decides whether the cell takes it.
fn on_input(index: usize, shown: String, edit: impl Fn(Edit) + 'static) -> Callback<InputEvent> {
    Callback::from(move |e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let text = input.value();
        // Put back what the page last drew; if it takes the edit it draws the new value.
        input.set_value(&shown);
        edit(Edit::Typed {
            cell: index,
            text: typed_over(&text, &shown),
        });
    })
}

/// A cell is selected when it takes the focus, and again when tapped while it has it (the pad
/// keeps the focus where it was, but may have moved the selection on).
fn on_select(
    index: usize,
    dispatch: Callback<Action>,
) -> (Callback<FocusEvent>, Callback<MouseEvent>) {
    let select = move || dispatch.emit(Action::Select(index));
    let onfocus = {
        let select = select.clone();
        Callback::from(move |_: FocusEvent| select())
    };
    (onfocus, Callback::from(move |_: MouseEvent| select()))
}

/// A paste of more than one character: possibly a whole puzzle, for the page to read.
fn on_paste(index: usize, edit: impl Fn(Edit) + 'static) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let text = e
            .dyn_ref::<ClipboardEvent>()
            .and_then(ClipboardEvent::clipboard_data)
            .and_then(|data| data.get_data("text").ok())
            .unwrap_or_default();
        if text.chars().filter(|c| !c.is_whitespace()).count() > 1 {
            e.prevent_default();
            edit(Edit::Pasted { cell: index, text });
        }
    })
}

/// Keys act on the cell directly: a digit replaces what is there, `.`, `0` and Space leave it
/// blank and move on, Backspace erases and moves back, Delete erases, arrows move, Q switches
/// pencil mode, Enter and Escape add a cage and leave cage mode, Ctrl (⌘) Z undoes and Ctrl Y
/// or Ctrl Shift Z redoes on the board (not in the input's text), and any other character is
/// reported (and refused) without reaching the input.
fn on_key(
    index: usize,
    size: usize,
    edit: impl Fn(Edit) + 'static,
    dispatch: Callback<Action>,
) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        if e.alt_key() || e.is_composing() {
            return;
        }
        if e.ctrl_key() || e.meta_key() {
            let history = match e.key().to_ascii_lowercase().as_str() {
                "z" if e.shift_key() => Action::Redo,
                "z" => Action::Undo,
                "y" => Action::Redo,
                _ => return,
            };
            e.prevent_default();
            return dispatch.emit(history);
        }
        let key = e.key();
        if key.eq_ignore_ascii_case(&PENCIL_KEY.to_string()) {
            e.prevent_default();
            dispatch.emit(Action::Pencil);
            return;
        }
        if let Some(next) = neighbour(index, size, &key) {
            e.prevent_default();
            focus_cell(next);
            return;
        }
        // Cage mode's keys: the page ignores them outside it.
        let cage = match key.as_str() {
            "Enter" => Some(CageEdit::Add),
            "Escape" => Some(CageEdit::Stop),
            _ => None,
        };
        if let Some(cage) = cage {
            return dispatch.emit(Action::Cage(cage));
        }
        let edit_of = match key.as_str() {
            "Backspace" => Edit::Backspace { cell: index },
            "Delete" => Edit::Typed {
                cell: index,
                text: String::new(),
            },
            _ if key.chars().count() == 1 => Edit::Typed {
                cell: index,
                text: key,
            },
            _ => return,
        };
        e.prevent_default();
        edit(edit_of);
    })
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
