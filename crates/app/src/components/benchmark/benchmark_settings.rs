//! The benchmark's settings: the sample, solvers and time limit the next run uses, locked
//! while one runs.

use crate::components::limit_pick::{LimitPickProps, limit_pick};
use crate::components::solver_checks::{SolverChecksProps, solver_checks};
use sudoku_engine::registry::SolverKind;
use sudoku_engine::samples::{SETS, SampleSet};
use sudoku_words as present;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// Time limits per puzzle offered, in seconds.
const LIMITS: [u32; 4] = [1, 5, 10, 30];

/// What the settings fieldset shows, and where it reports a change.
pub struct BenchmarkSettingsProps {
    pub set: &'static str,
    pub chosen: Vec<SolverKind>,
    pub limit: u32,
    pub running: bool,
    pub on_set: Callback<&'static str>,
    pub on_limit: Callback<u32>,
    pub on_solvers: Callback<Vec<SolverKind>>,
}

/// The sample, solvers and time limit the next run uses, locked while one runs.
/// A plain view, not a component, since each component costs the page's wasm some 2 kB.
pub fn benchmark_settings(props: &BenchmarkSettingsProps) -> Html {
    let on_set = {
        let emit = props.on_set.clone();
        Callback::from(move |e: Event| {
            let value = e.target_dyn_into::<HtmlSelectElement>().map(|s| s.value());
            if let Some(s) = value.and_then(|v| SampleSet::named(&v)) {
                emit.emit(s.name);
            }
        })
    };
    let (set, limit, running) = (props.set, props.limit, props.running);
    let sample = SampleSet::named(set);
    let about = sample.map(|s| s.about).unwrap_or_default();
    let killer = sample.is_some_and(|s| s.killer);
    html! {
        <fieldset class="bench-settings">
            <legend>{ "Benchmark" }</legend>
            <label class="speed">
                <span>{ "Sample" }</span>
                <select aria-label="Sample" onchange={on_set} disabled={running}>
                    { for SETS.iter().map(|s| html! {
                        <option value={s.name} selected={set == s.name}>{ present::sample_option(s.title, s.count) }</option>
                    }) }
                </select>
            </label>
            <p class="about">{ about }</p>
            <div role="group" aria-labelledby="bench-solvers">
                <p id="bench-solvers" class="field-name">{ "Solvers" }</p>
                { solver_checks(&SolverChecksProps { name: "bench-solver".into(), chosen: props.chosen.clone(), disabled: running, killer, onchange: props.on_solvers.clone() }) }
            </div>
            { limit_pick(&LimitPickProps { label: "Time limit per puzzle".into(), limits: &LIMITS, limit, disabled: running, onchange: props.on_limit.clone() }) }
        </fieldset>
    }
}
