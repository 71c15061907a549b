//! The table of inputs. Each cell is its own component that re-renders only when what it shows
//! changed, so a frame in which few spins flip touches few cells. The spins of boards up to 9×9
//! are plain DOM (a dot per digit); above, so many dots cost more than a frame to restyle and
//! paint, so they are drawn on a canvas over the table, and so are a running solver's digits
//! and conflicts, which the cells take when the run ends (docs/BENCHMARKS.md). Either way the
//! inputs stay the cells.

use crate::components::grid::spin_canvas::{Ink, SpinCanvas};
use crate::dom::cells::{cell_id, focus_cell};
use crate::state::use_dispatch;
use sudoku_engine::board::{Digit, DigitSet, digit_char};
use sudoku_engine::step::{LEVEL_MAX, Mark};
use sudoku_page::page::{
    Action, CellView, Edit, HintRole, Layer, MarkDrawing, Source, Spins, mark_drawing,
};
use sudoku_words::{PENCIL_KEY, hint_role_words, level_text, marks_words, spin_text};
use wasm_bindgen::JsCast;
use web_sys::{ClipboardEvent, HtmlInputElement};
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
}

/// The cell an arrow key leads to from `cell`: left and right in reading order, as typing moves
/// (past a row's end to the next row's start), up and down within the column; both wrap around
/// the board.
fn neighbour(cell: usize, size: usize, key: &str) -> Option<usize> {
    let cells = size * size;
    let (row, col) = (cell / size, cell % size);
    match key {
        "ArrowUp" => Some((row + size - 1) % size * size + col),
        "ArrowDown" => Some((row + 1) % size * size + col),
        "ArrowLeft" => Some((cell + cells - 1) % cells),
        "ArrowRight" => Some((cell + 1) % cells),
        _ => None,
    }
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
        spins_layer.then_some("spins-layer")
    );
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
            <table {class} {style} aria-label={format!("Sudoku grid, {n} by {n}", n = props.size)}>
                <tbody>{ for rows }</tbody>
            </table>
            { spin_canvas.unwrap_or_default() }
        </div>
    }
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

#[derive(Properties, PartialEq)]
struct CellProps {
    index: usize,
    view: Option<CellView>,
    size: usize,
    box_cols: usize,
    locked: bool,
    /// The Spins view is chosen and the cell has spins: its digit gives way to them.
    with_spins: bool,
    /// The board is above 9×9: a canvas over it draws the spins.
    large: bool,
    inputmode: &'static str,
}

#[component]
fn Cell(props: &CellProps) -> Html {
    let Some(view) = props.view else {
        return html! { <td /> };
    };
    let index = props.index;
    let shown = view
        .digit
        .map(|d| digit_char(d).to_string())
        .unwrap_or_default();
    let marks = (!view.marks.is_empty() && !props.with_spins).then_some(view.marks);
    let dots = (view.spins).filter(|_| props.with_spins && !props.large);
    // Only a cell that draws over its input is positioned: every positioned cell is a layer of
    // its own, and 625 of them make each tap's hit test and each frame's commit slow.
    let overlaid = marks.is_some()
        || dots.is_some()
        || view.hint.placed.is_some()
        || view.hint.role == Some(HintRole::Pattern)
        || view.wrong;
    let class = cell_class(
        &view,
        props.with_spins,
        overlaid,
        index % props.size,
        props.box_cols,
    );
    let data_spins = view.spins.map(|s| spin_text(s.up, props.size));
    let data_levels = (view.spins)
        .and_then(|s| s.levels)
        .map(|l| level_text(l, props.size));
    let data_marks = marks.map(|m| m.iter().map(|d| digit_char(d.get())).collect::<String>());
    let (notes, describedby) = notes(index, &view, marks);
    let placed = (view.hint.placed).map(|d| {
        html! {
            <span class="hint-digit" aria-hidden="true">{ digit_char(d) }</span>
        }
    });
    html! {
        <td {class} data-value={shown} data-source={view.source.name()} data-conflict={view.conflict.then_some("true")}
            data-spins={data_spins} data-levels={data_levels} data-marks={data_marks}
            data-wrong={view.wrong.then_some("true")} data-hint={view.hint.role.map(HintRole::name)}>
            <CellInput
                {index}
                size={props.size}
                inputmode={props.inputmode}
                locked={props.locked}
                digit={view.digit}
                {describedby}
                invalid={view.flagged || view.refused}
                unsure={view.unsure}
                undecided={view.undecided}
            />
            { dots.map(|s| spin_dots(s, props.size)).unwrap_or_default() }
            { marks.map(|m| mark_digits(m, view.hint.struck, props.size)).unwrap_or_default() }
            { placed.unwrap_or_default() }
            { notes }
        </td>
    }
}

#[derive(Properties, PartialEq)]
struct CellInputProps {
    index: usize,
    size: usize,
    inputmode: &'static str,
    locked: bool,
    digit: Option<u8>,
    /// The ids of what describes the cell.
    describedby: String,
    invalid: bool,
    unsure: bool,
    undecided: Option<Mark>,
}

/// A cell's input, its own component so that a frame in which only the cell's spins changed
/// does not build it again: an annealing 25×25 board changes every cell's spins at every frame.
#[component]
fn CellInput(props: &CellInputProps) -> Html {
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
            autocomplete="off"
            spellcheck="false"
            aria-label={format!("Row {}, column {}", row + 1, col + 1)}
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

/// What a cell's look says beyond its digit (wrong, its part in the hint, its marks), for
/// screen readers, and the ids that describe the cell: the hint, and these notes when there are
/// any. The cell's name stays "Row R, column C".
fn notes(index: usize, view: &CellView, marks: Option<DigitSet>) -> (Html, String) {
    let words: Vec<String> = (view.wrong.then(|| "wrong".to_string()).into_iter())
        .chain((view.hint.role).map(|r| hint_role_words(r == HintRole::Target)))
        .chain(marks.map(marks_words))
        .collect();
    if words.is_empty() {
        return (Html::default(), "hint".to_string());
    }
    let id = format!("notes-{index}");
    let notes = html! { <span id={id.clone()} class="visually-hidden">{ words.join("; ") }</span> };
    (notes, format!("hint {id}"))
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

/// Why a cell the spins leave undecided shows no digit, for its tooltip.
fn undecided_title(mark: Mark) -> &'static str {
    match mark {
        Mark::Several => "The spins here select several digits at once",
        _ => "No spin is up here: the cell selects no digit",
    }
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
/// pencil mode, and any other character is reported (and refused) without reaching the input.
fn on_key(
    index: usize,
    size: usize,
    edit: impl Fn(Edit) + 'static,
    dispatch: Callback<Action>,
) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() || e.is_composing() {
            return;
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

/// The classes a cell's styles read: where its digit comes from, what the solver's spins say,
/// what was refused, the regions it lies in, a box's right edge, and whether something is
/// drawn over its input.
fn cell_class(
    view: &CellView,
    spins: bool,
    overlaid: bool,
    col: usize,
    box_cols: usize,
) -> Classes {
    classes!(
        "cell",
        overlaid.then_some("overlaid"),
        view.selected.then_some("selected"),
        view.source.name(),
        view.own_marks.then_some("own-marks"),
        view.wrong.then_some("wrong"),
        view.hint.role.map(|r| format!("hint-{}", r.name())),
        match view.undecided {
            Some(Mark::Several) => Some("several"),
            Some(_) => Some("nodigit"),
            None => None,
        },
        view.flagged.then_some("flagged"),
        view.conflict.then_some("conflict"),
        // A refused key leaves the cell's digit as it was, and right: a ring says where the
        // refusal was, not the flagged look of a wrong digit.
        view.refused.then_some("refused-entry"),
        spins.then_some("with-spins"),
        view.regions.main_diagonal.then_some("diagonal"),
        view.regions.anti_diagonal.then_some("anti-diagonal"),
        view.regions.window.then_some("window"),
        (col + 1).is_multiple_of(box_cols).then_some("box-end"),
    )
}

/// The CSS class of each shade, 0 to `LEVEL_MAX`.
const SHADES: [&str; LEVEL_MAX as usize + 1] =
    ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"];

/// One dot per digit, laid out like the digits of a box: filled when the spin is up, hollow
/// when down, ringed when clamped, and absent for digits the cell cannot take. An analog
/// variable is filled as strongly as it is on, and the cell's leading digit is ringed.
fn spin_dots(spins: Spins, size: usize) -> Html {
    let dots = (0..size).map(|d| {
        let Some(dot) = spins.dot(d) else {
            return html! { <i class="spin absent" /> };
        };
        let state = match (dot.shade, dot.up) {
            (Some(_), true) => "lead",
            (Some(_), false) => "shaded",
            (None, true) => "up",
            (None, false) => "down",
        };
        let shade = dot.shade.and_then(|s| SHADES.get(usize::from(s)).copied());
        let class = classes!("spin", state, shade, dot.clamped.then_some("clamped"));
        html! { <i {class} /> }
    });
    html! { <span class="spins" aria-hidden="true">{ for dots }</span> }
}

/// Pencil marks, small in the cell as a person writes them: each digit in its place of a box on
/// boards up to 9×9; above, up to four marks in a square, and past that their count, styled as
/// a count (`styles/marks.css`), since a box of 16 or 25 would not be legible at 20 px (the
/// cell's description still lists them).
fn mark_digits(marks: DigitSet, struck: DigitSet, size: usize) -> Html {
    let (columns, slots) = match mark_drawing(marks, size) {
        MarkDrawing::Slots { columns, slots } => (columns, slots),
        MarkDrawing::Count(count) => {
            return html! {
                <span class="marks mark-count" aria-hidden="true"><i>{ count }</i></span>
            };
        }
    };
    let digits = slots.into_iter().map(|slot| {
        let text = slot.map(|d| digit_char(d).to_string()).unwrap_or_default();
        let class = (slot.and_then(Digit::new)).is_some_and(|d| struck.contains(d));
        html! { <i class={class.then_some("struck")}>{ text }</i> }
    });
    let style = format!("--mark-cols: {columns}");
    html! { <span class="marks" {style} aria-hidden="true">{ for digits }</span> }
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
