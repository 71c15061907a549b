//! The choices the settings sheet and the toolbar offer: the board and its rules, the level of
//! new puzzles, which solver runs, how much work each animation frame does, and what the chosen
//! solver is. The solvers listed come from the registry, only those that handle the board.

use crate::components::limit_pick::LimitPick;
use crate::dom::download::download_qubo;
use crate::state::use_dispatch;
use sudoku_engine::board::{Grid, Rules, Shape};
use sudoku_engine::grade::Difficulty;
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::{Action, Speed};
use sudoku_page::race::LIMITS;
use sudoku_words::{self as present, capitalised};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The board sides the page offers.
const SIDES: [usize; 5] = [4, 6, 9, 16, 25];

#[derive(Properties, PartialEq)]
pub struct PanelProps {
    pub kind: SolverKind,
    pub speed: Speed,
    /// A run's time limit, in seconds.
    pub limit: u32,
    /// The solver cannot change during a run (the speed can).
    pub running: bool,
    /// The puzzle, for its QUBO.
    pub puzzle: Grid,
}

/// The board's size and its extra rules.
#[derive(Properties, PartialEq)]
pub struct BoardChoiceProps {
    pub shape: Shape,
    /// Nothing changes while a solver runs or a puzzle is being made.
    pub running: bool,
}

#[component]
pub fn BoardChoice(props: &BoardChoiceProps) -> Html {
    let dispatch = use_dispatch();
    let on_size = {
        let (dispatch, rules) = (dispatch.clone(), props.shape.rules());
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let shape = (select.value().parse::<usize>().ok())
                .and_then(Shape::of_side)
                .map(|s| {
                    (s.with_rules(rules))
                        .or_else(|| s.with_rules(rules.without(Rules::WINDOKU)))
                        .unwrap_or(s)
                });
            if let Some(shape) = shape {
                dispatch.emit(Action::Resize(shape));
            }
        })
    };
    let rule_boxes = Rules::ALL.map(|(rule, name, words)| {
        let (dispatch, rules) = (dispatch.clone(), props.shape.rules());
        let on = rules.contains(rule);
        let onchange = Callback::from(move |_: Event| {
            let next = if on { rules.without(rule) } else { rules.with(rule) };
            dispatch.emit(Action::Rules(next));
        });
        html! {
            <label class="choice">
                <input type="checkbox" name="rule" value={name} checked={on} disabled={props.running} {onchange} />
                <span>{ words }</span>
            </label>
        }
    });
    let sizes = SIDES.map(|n| {
        html! {
            <option value={n.to_string()} selected={n == props.shape.size()}>
                { format!("{n} × {n}") }
            </option>
        }
    });
    html! {
        <>
            <label class="speed">
                <span>{ "Board" }</span>
                <select aria-label="Board size" onchange={on_size} disabled={props.running}>
                    { for sizes }
                </select>
            </label>
            <fieldset class="rules">
                <legend>{ "Rules" }</legend>
                { for rule_boxes }
            </fieldset>
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct LevelChoiceProps {
    /// The level asked for, or `None` for any.
    pub level: Option<Difficulty>,
    pub on_level: Callback<Option<Difficulty>>,
}

/// The level new puzzles are made at, and what it means.
#[component]
pub fn LevelChoice(props: &LevelChoiceProps) -> Html {
    let onchange = props.on_level.reform(|e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        Difficulty::from_name(&select.value())
    });
    let level = props.level;
    let levels = Difficulty::ALL.map(|d| {
        html! {
            <option value={d.name()} selected={level == Some(d)}>{ d.name() }</option>
        }
    });
    let meaning = match level {
        Some(d) => format!("{}: {}.", capitalised(d.name()), d.meaning()),
        None => "Any level: the first puzzle made, graded.".to_string(),
    };
    html! {
        <>
            <label class="speed">
                <span>{ "Difficulty" }</span>
                <select aria-label="Difficulty" {onchange}>
                    { for levels }
                    <option value="any" selected={level.is_none()}>{ "any" }</option>
                </select>
            </label>
            <p class="about" id="level-meaning">{ meaning }</p>
        </>
    }
}

/// The solver, chosen beside Solve: the same choice as the panel's list, at hand on a phone.
#[derive(Properties, PartialEq)]
pub struct SolverPickProps {
    pub kind: SolverKind,
    pub shape: Shape,
    /// The solver cannot change during a run.
    pub running: bool,
}

#[component]
pub fn SolverPick(props: &SolverPickProps) -> Html {
    let dispatch = use_dispatch();
    let onchange = Callback::from(move |e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        if let Some(kind) = SolverKind::from_name(&select.value()) {
            dispatch.emit(Action::Choose(kind));
        }
    });
    let options = (SolverKind::all().filter(|k| (k.supports)(props.shape))).map(|kind| {
        html! {
            <option value={kind.name} selected={kind == props.kind}>
                { kind.title }
            </option>
        }
    });
    html! {
        <select class="solver-pick" aria-label="Solver to run" {onchange} disabled={props.running}>
            { for options }
        </select>
    }
}

/// The solvers that handle the board, one radio button each, named plainly with their plain
/// line under the name as the radio's description.
#[component]
fn SolverChoices(props: &SolverPickProps) -> Html {
    let dispatch = use_dispatch();
    let choices = SolverKind::all()
        .filter(|k| (k.supports)(props.shape))
        .map(|kind| {
            let dispatch = dispatch.clone();
            let onchange = Callback::from(move |_: Event| dispatch.emit(Action::Choose(kind)));
            let plain_id = format!("plain-{}", kind.name);
            html! {
                <div class="solver-choice">
                    <label class="choice">
                        <input
                            type="radio"
                            name="solver"
                            value={kind.name}
                            checked={kind == props.kind}
                            disabled={props.running}
                            aria-describedby={plain_id.clone()}
                            {onchange}
                        />
                        <span>{ kind.title }</span>
                        if kind.recommended() {
                            <span class="badge">{ present::RECOMMENDED }</span>
                        }
                    </label>
                    <p class="plain" id={plain_id}>{ kind.plain }</p>
                </div>
            }
        });
    html! {
        <fieldset>
            <legend>{ "Solver" }</legend>
            { for choices }
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
struct SpeedPickProps {
    kind: SolverKind,
    speed: Speed,
}

/// How much work each animation frame does, in the solver's own moves.
#[component]
fn SpeedPick(props: &SpeedPickProps) -> Html {
    let dispatch = use_dispatch();
    let onchange = Callback::from(move |e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        let speed = match select.value().as_str() {
            "watch" => Speed::Watch,
            "max" => Speed::Fastest,
            moves => moves.parse().map_or(Speed::Watch, Speed::Steady),
        };
        dispatch.emit(Action::Speed(speed));
    });
    let kind = props.kind;
    let speeds = kind.speeds.iter().map(|&moves| {
        let words = sudoku_words::counted(kind.work, moves);
        html! {
            <option value={moves.to_string()} selected={Speed::Steady(moves) == props.speed}>
                { format!("{words} per frame") }
            </option>
        }
    });
    html! {
        <label class="speed">
            <span>{ "Speed" }</span>
            <select aria-label="Speed" {onchange}>
                <option value="watch" selected={props.speed == Speed::Watch}>
                    { "Watch: slow enough to see it happen" }
                </option>
                { for speeds }
                <option value="max" selected={props.speed == Speed::Fastest}>{ "As fast as possible" }</option>
            </select>
        </label>
    }
}

#[component]
pub fn Panel(props: &PanelProps) -> Html {
    let shape = props.puzzle.shape();
    let kind = props.kind;
    let on_limit = {
        let dispatch = use_dispatch();
        Callback::from(move |seconds: u32| dispatch.emit(Action::Limit(seconds)))
    };
    let on_export = {
        let puzzle = props.puzzle.clone();
        Callback::from(move |_: MouseEvent| {
            let _ = download_qubo(&puzzle);
        })
    };
    let promise = if kind.complete {
        "Complete: finds a solution whenever there is one, and proves it when there is none."
    } else {
        "Incomplete: it may stop without a solution; a solution it reports is always checked."
    };
    html! {
        <section class="sheet-part" aria-labelledby="solver-settings">
            <h3 id="solver-settings">{ "Solver and speed" }</h3>
            <SolverChoices kind={kind} {shape} running={props.running} />
            <SpeedPick kind={kind} speed={props.speed} />
            <LimitPick label="Time limit" limits={&LIMITS[..]} limit={props.limit} onchange={on_limit} />
            <details class="how" data-solver={kind.name}>
                <summary>{ present::HOW_IT_WORKS }</summary>
                <p class="about">{ kind.about }</p>
            </details>
            <p class="about">{ promise }{ " Handles " }{ kind.boards }{ "." }</p>
            <button type="button" onclick={on_export}>{ "Export QUBO" }</button>
            <p class="about">
                { format!("Downloads the puzzle as the Digital Annealer tutorial's QUBO (JSON, variable (row·{n} + column)·{n} + digit − 1).", n = shape.size()) }
            </p>
        </section>
    }
}
