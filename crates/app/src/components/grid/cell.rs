//! One cell of the board: its digit's input, and what is drawn over it (its spins up to 9×9,
//! its pencil marks, a hint's digit) with the notes that say the same to screen readers. A cell
//! re-renders only when what it shows changed.

use super::cell_input::CellInput;
use sudoku_engine::board::{Digit, DigitSet, digit_char};
use sudoku_engine::step::{LEVEL_MAX, Mark};
use sudoku_page::page::{CageMark, CellView, HintRole, MarkDrawing, Spins, mark_drawing};
use sudoku_words::{cell_notes, level_text, spin_text};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CellProps {
    pub index: usize,
    pub view: Option<CellView>,
    pub size: usize,
    pub box_cols: usize,
    pub locked: bool,
    /// The Spins view is chosen and the cell has spins: its digit gives way to them.
    pub with_spins: bool,
    /// The board is above 9×9: a canvas over it draws the spins.
    pub large: bool,
    pub inputmode: &'static str,
    /// The board's one cell in the page's Tab order.
    pub tab_stop: bool,
}

#[component]
pub fn Cell(props: &CellProps) -> Html {
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
        || view.cage.is_some();
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
    let data_cage = view.cage.map(|c| c.index.to_string());
    let data_cage_sum = view.cage.and_then(|c| c.sum).map(|s| s.to_string());
    let placed = (view.hint.placed).map(|d| {
        html! {
            <span class="hint-digit" aria-hidden="true">{ digit_char(d) }</span>
        }
    });
    html! {
        <td {class} data-value={shown} data-source={view.source.name()} data-conflict={view.conflict.then_some("true")}
            data-spins={data_spins} data-levels={data_levels} data-marks={data_marks}
            data-wrong={view.wrong.then_some("true")} data-hint={view.hint.role.map(HintRole::name)}
            data-cage={data_cage} data-cage-sum={data_cage_sum}>
            <CellInput
                {index}
                size={props.size}
                inputmode={props.inputmode}
                tab_stop={props.tab_stop}
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
            { view.cage.map(cage_line).unwrap_or_default() }
            { notes }
        </td>
    }
}

/// What a cell's look says beyond its digit (wrong, its part in the hint, its marks), for
/// screen readers, and the ids that describe the cell: the hint, and these notes when there are
/// any. The cell's name stays "Row R, column C".
fn notes(index: usize, view: &CellView, marks: Option<DigitSet>) -> (Html, String) {
    let hint_target = (view.hint.role).map(|r| r == HintRole::Target);
    let words = cell_notes(view.wrong, hint_target, marks);
    if words.is_empty() {
        return (Html::default(), "hint".to_string());
    }
    let id = format!("notes-{index}");
    let notes = html! { <span id={id.clone()} class="visually-hidden">{ words }</span> };
    (notes, format!("hint {id}"))
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
        view.drafted.then_some("drafted"),
        view.cage.and_then(|c| c.sum).map(|_| "cage-sum"),
    )
}

/// A cell's part of its cage's outline, dashed and inset along the sides the outline runs
/// (`ct`, `cr`, `cb`, `cl`) and turning in its inner corners (`ktl`, `ktr`, `kbr`, `kbl`),
/// with the cage's sum in its first cell's corner.
pub fn cage_line(cage: CageMark) -> Html {
    let sides = [
        (CageMark::TOP, "ct"),
        (CageMark::RIGHT, "cr"),
        (CageMark::BOTTOM, "cb"),
        (CageMark::LEFT, "cl"),
    ];
    let corners = [
        (CageMark::TOP | CageMark::LEFT, "ktl"),
        (CageMark::TOP | CageMark::RIGHT, "ktr"),
        (CageMark::BOTTOM | CageMark::RIGHT, "kbr"),
        (CageMark::BOTTOM | CageMark::LEFT, "kbl"),
    ];
    let mut class = classes!("cage-line");
    for (bit, side) in sides {
        if cage.edges & bit != 0 {
            class.push(side);
        }
    }
    for (bits, corner) in corners {
        if cage.corners & bits == bits {
            class.push(corner);
        }
    }
    // A sum's digits, for its top side to begin past the label with a whole dash (cages.css).
    let style = cage
        .sum
        .map(|s| format!("--sum-digits: {}", s.to_string().len()));
    if style.is_some() {
        class.push("sum");
    }
    html! {
        <span {class} {style} aria-hidden="true">
            { for cage.sum.map(|s| html! { <b>{ s }</b> }) }
        </span>
    }
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
