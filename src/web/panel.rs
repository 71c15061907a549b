//! The side panel: which solver runs, and how much work each animation frame does.

use crate::solver::SolverKind;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PanelProps {
    pub kind: SolverKind,
    pub on_kind: Callback<SolverKind>,
    /// Moves per animation frame, or `None` for as many as fit in a frame.
    pub speed: Option<u64>,
    pub on_speed: Callback<Option<u64>>,
    /// The solver cannot change during a run (the speed can).
    pub running: bool,
}

#[component]
pub fn Panel(props: &PanelProps) -> Html {
    let choices = SolverKind::ALL.iter().map(|&kind| {
        let on_kind = props.on_kind.clone();
        let onchange = Callback::from(move |_: Event| on_kind.emit(kind));
        html! {
            <label class="choice">
                <input
                    type="radio"
                    name="solver"
                    value={kind.name()}
                    checked={kind == props.kind}
                    disabled={props.running}
                    {onchange}
                />
                <span>{ kind.label() }</span>
            </label>
        }
    });
    let on_speed = {
        let on_speed = props.on_speed.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            on_speed.emit(select.value().parse().ok());
        })
    };
    let unit = match props.kind {
        SolverKind::Exact => ("node", "nodes"),
        SolverKind::Ising | SolverKind::IsingFaithful => ("flip", "flips"),
    };
    let speeds = props.kind.speeds().0.iter().map(|&moves| {
        let name = if moves == 1 { unit.0 } else { unit.1 };
        html! {
            <option value={moves.to_string()} selected={Some(moves) == props.speed}>
                { format!("{} {name} per frame", group_thousands(moves)) }
            </option>
        }
    });
    html! {
        <aside class="panel">
            <fieldset>
                <legend>{ "Solver" }</legend>
                { for choices }
            </fieldset>
            <label class="speed">
                <span>{ "Speed" }</span>
                <select aria-label="Speed" onchange={on_speed}>
                    { for speeds }
                    <option value="max" selected={props.speed.is_none()}>{ "As fast as possible" }</option>
                </select>
            </label>
            <p class="about">{ about(props.kind) }</p>
        </aside>
    }
}

fn about(kind: SolverKind) -> &'static str {
    match kind {
        SolverKind::Ising => {
            "729 spins, one per cell and digit. Givens and the digits they rule out are clamped, \
             each move shifts a cell's one up spin to another digit, and the temperature falls to \
             a floor where a conflict costs about 3T, restarting from random spins when it stalls."
        }
        SolverKind::IsingFaithful => {
            "The 2019 demo's model as it was: free ±1 spins, a one-hot penalty L1 = 110 per cell, \
             coupling L2 = 3 between equal digits that see each other, givens as a ±50 field; \
             T from 100, ×0.9 per tick, a full check once T < 0.7 and a restart when it fails."
        }
        SolverKind::Exact => {
            "Depth-first search. Each guess fills the cell with the fewest candidates; forward \
             checking strikes the digit from the cell's row, column and box; naked and hidden \
             singles fill what is forced; a digit held to one row or column of a box leaves the \
             rest of that line, and one held to one box of a row leaves the rest of that box \
             (locked candidates). A dead end undoes the guess (a backtrack) and tries the next \
             digit. Before any solver runs, this search also checks that the puzzle has a \
             solution, and whether it has only one."
        }
    }
}

/// `50000` as `50,000`.
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
