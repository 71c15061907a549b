//! The race's settings: which solvers race, and for how long at most.

use crate::components::limit_pick::{LimitPickProps, limit_pick};
use crate::components::solver_checks::{SolverChecksProps, solver_checks};
use sudoku_engine::registry::SolverKind;
use sudoku_page::page::Action;
use sudoku_page::race::{LIMITS, Settings};
use sudoku_words as present;
use yew::prelude::*;

/// The race's `settings`, which nothing changes while `racing`. A plain view over the race
/// view's `dispatch`, not a component, since each component costs the page's wasm some 2 kB.
pub fn race_settings(settings: &Settings, racing: bool, dispatch: &Callback<Action>) -> Html {
    let on_racers = {
        let (dispatch, current) = (dispatch.clone(), settings.clone());
        Callback::from(move |racers: Vec<SolverKind>| {
            if !racers.is_empty() {
                dispatch.emit(Action::RaceSettings(Settings {
                    racers,
                    ..current.clone()
                }));
            }
        })
    };
    let on_limit = {
        let (dispatch, current) = (dispatch.clone(), settings.clone());
        Callback::from(move |limit_s: u32| {
            dispatch.emit(Action::RaceSettings(Settings {
                limit_s,
                ..current.clone()
            }));
        })
    };
    let folded = present::race_choice(
        settings.racers.len(),
        SolverKind::all().count(),
        settings.limit_s,
    );
    // Folded over the cards: a phone sees the race at once, and its choice one tap away rather
    // than under eleven cards. A race starting (or ending) folds it again: another element,
    // closed, so that the boards come up to be watched.
    html! {
        <details class="race-choice" key={if racing { "racing" } else { "ready" }}>
            <summary>{ folded }</summary>
            <fieldset class="race-settings">
                <legend>{ "Racers" }</legend>
                { solver_checks(&SolverChecksProps { name: "racer".into(), chosen: settings.racers.clone(), disabled: racing, killer: false, onchange: on_racers }) }
                { limit_pick(&LimitPickProps { label: "Time limit".into(), limits: &LIMITS, limit: settings.limit_s, disabled: racing, onchange: on_limit }) }
            </fieldset>
        </details>
    }
}
