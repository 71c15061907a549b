//! The benchmark view: the native [`Benchmark`] drawn, with the success rate and the time
//! distribution as charts and the results copyable as the markdown table `sudoku bench` prints.
//! Its workers are the benchmark hook's.

use crate::components::limit_pick::LimitPick;
use crate::components::results_table::results_table;
use crate::components::solver_checks::SolverChecks;
use crate::dom::address;
use crate::dom::clock::now_ms;
use crate::hooks::use_benchmark;
use crate::state::{BenchChange, BenchState};
use sudoku_engine::harness;
use sudoku_engine::registry::SolverKind;
use sudoku_engine::samples::{SETS, SampleSet};
use sudoku_page::benchmark::Benchmark;
use sudoku_words as present;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The solvers chosen when the view opens.
const DEFAULT_SOLVERS: [&str; 5] = ["ising", "qubo", "hopfield", "bp", "exact"];

/// Time limits per puzzle offered, in seconds.
const LIMITS: [u32; 4] = [1, 5, 10, 30];

/// How many solvers run at once: one per core.
fn cores() -> usize {
    web_sys::window()
        .map_or(1, |w| w.navigator().hardware_concurrency() as usize)
        .max(1)
}

/// The success rate of each lane, as labelled bars.
fn success_chart(run: &Benchmark) -> Html {
    html! {
        <figure class="chart">
            <figcaption>{ "Solved" }</figcaption>
            { for run.lanes.iter().map(|lane| {
                let done = lane.results.len();
                let solved = lane.results.iter().filter(|r| r.solved).count();
                let pct = if done > 0 { 100.0 * solved as f64 / done as f64 } else { 0.0 };
                html! {
                    <div class="bar-row">
                        <span class="bar-name">{ lane.kind.title }</span>
                        <span class="bar"><span class="fill" style={format!("width: {pct:.1}%")} /></span>
                        <span class="bar-value">{ format!("{solved}/{done} ({pct:.0} %)") }</span>
                    </div>
                }
            }) }
        </figure>
    }
}

/// Each lane's times on a logarithmic axis from 0.1 ms to the limit: the solver's whole name
/// on a line of its own, under it a dot per puzzle (filled when solved) and a bar at the median.
fn time_chart(run: &Benchmark, limit_s: f64) -> Html {
    let (left, width, row) = (22.0, 366.0, 34.0);
    let (lo, hi) = (1e-4_f64.log10(), limit_s.max(1e-3).log10());
    let x = |s: f64| left + width * ((s.max(1e-4).log10() - lo) / (hi - lo)).clamp(0.0, 1.0);
    let height = row * run.lanes.len() as f64 + 24.0;
    let ticks = [1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0]
        .into_iter()
        .filter(|&t| t <= limit_s)
        .map(|t| {
            let label = if t < 1.0 { format!("{} ms", t * 1000.0) } else { format!("{t} s") };
            html! {
                <g>
                    <line class="grid" x1={x(t).to_string()} x2={x(t).to_string()} y1="0" y2={(height - 18.0).to_string()} />
                    <text class="tick" x={x(t).to_string()} y={(height - 4.0).to_string()}>{ label }</text>
                </g>
            }
        });
    let lanes = run.lanes.iter().enumerate().map(|(i, lane)| {
        let y = row * i as f64 + 24.0;
        let times: Vec<f64> = lane.results.iter().map(|r| r.seconds).collect();
        let median = (!times.is_empty()).then(|| harness::median(&times));
        html! {
            <g>
                <text class="lane" x="4" y={(y - 11.0).to_string()}>{ lane.kind.title }</text>
                { for lane.results.iter().map(|r| html! {
                    <circle class={if r.solved { "solved" } else { "unsolved" }} cx={x(r.seconds).to_string()} cy={y.to_string()} r="3.5" />
                }) }
                if let Some(m) = median {
                    <line class="median" x1={x(m).to_string()} x2={x(m).to_string()} y1={(y - 7.0).to_string()} y2={(y + 7.0).to_string()} />
                }
            </g>
        }
    });
    let label = run
        .lanes
        .iter()
        .map(|l| {
            let times: Vec<f64> = l.results.iter().map(|r| r.seconds).collect();
            present::bench_median(l.kind.title, harness::median(&times))
        })
        .collect::<Vec<_>>()
        .join("; ");
    html! {
        <figure class="chart">
            <figcaption>{ "Time per puzzle (log scale; filled: solved; bar: median)" }</figcaption>
            <svg class="times" viewBox={format!("0 0 {} {height}", left + width + 12.0)} role="img" aria-label={format!("Times: {label}.")}>
                { for ticks }
                { for lanes }
            </svg>
        </figure>
    }
}

/// The results for people: each solver by its label, its times, and its rate of work in its
/// own unit (flips, steps, nodes…), which the markdown table lumps together as moves. It
/// stacks on a narrow screen as the race's results do, each cell naming its column.
fn bench_results(run: &Benchmark) -> Html {
    const COLUMNS: [&str; 6] = [
        "Solver",
        "Solved",
        "Median",
        "90 % within",
        "Puzzles/s",
        "Work rate",
    ];
    let rows = run.lanes.iter().map(|lane| {
        let report = lane.report(run.set);
        let cells = [
            format!("{}/{}", report.solved, report.total),
            present::duration(report.median_s * 1000.0),
            present::duration(report.p90_s * 1000.0),
            format!("{:.1}", report.puzzles_per_second),
            present::rate(lane.kind.work, report.moves_per_second),
        ];
        html! {
            <tr>
                <th scope="row" data-label={COLUMNS[0]}>{ lane.kind.title }</th>
                { for cells.into_iter().zip(&COLUMNS[1..]).map(|(text, label)| html! {
                    <td class="number" data-label={*label}>{ text }</td>
                }) }
            </tr>
        }
    });
    results_table(
        classes!("results", "bench-results"),
        &COLUMNS,
        rows.collect::<Html>(),
    )
}

/// What the settings fieldset shows, and where it reports a change.
#[derive(Properties, PartialEq)]
struct BenchSettingsProps {
    set: &'static str,
    chosen: Vec<SolverKind>,
    limit: u32,
    running: bool,
    on_set: Callback<&'static str>,
    on_limit: Callback<u32>,
    on_solvers: Callback<Vec<SolverKind>>,
}

/// The sample, solvers and time limit the next run uses, locked while one runs.
#[component]
fn BenchSettings(props: &BenchSettingsProps) -> Html {
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
    let about = SampleSet::named(set).map(|s| s.about).unwrap_or_default();
    html! {
        <fieldset class="bench-settings">
            <legend>{ "Benchmark" }</legend>
            <label class="speed">
                { "Sample " }
                <select aria-label="Sample" onchange={on_set} disabled={running}>
                    { for SETS.iter().map(|s| html! {
                        <option value={s.name} selected={set == s.name}>{ format!("{} ({})", s.name, s.puzzles().len()) }</option>
                    }) }
                </select>
            </label>
            <p class="about">{ about }</p>
            <SolverChecks name="bench-solver" chosen={props.chosen.clone()} disabled={running} onchange={props.on_solvers.clone()} />
            <LimitPick label="Time limit per puzzle" limits={&LIMITS[..]} {limit} disabled={running} onchange={props.on_limit.clone()} />
        </fieldset>
    }
}

/// Copies the results table, then says whether the clipboard took it.
fn copy_table(markdown: String, copied: UseStateHandle<String>) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| {
        let (text, copied) = (markdown.clone(), copied.clone());
        wasm_bindgen_futures::spawn_local(async move {
            copied.set(match address::copy_text(&text).await {
                Ok(()) => "Table copied to the clipboard.".to_string(),
                Err(e) => format!("Could not copy ({e}); select the table below instead."),
            });
        });
    })
}

#[component]
pub fn BenchView() -> Html {
    let bench = use_reducer(BenchState::default);
    let set = use_state(|| SETS[0].name);
    let chosen = use_state(|| {
        SolverKind::all()
            .filter(|k| DEFAULT_SOLVERS.contains(&k.name))
            .collect::<Vec<_>>()
    });
    let limit = use_state(|| 10u32);
    let copied = use_state(String::new);
    let running = bench.shown.as_ref().is_some_and(Benchmark::running);
    use_benchmark(&bench);
    let on_run = {
        let (bench, set, chosen, limit) =
            (bench.clone(), set.clone(), chosen.clone(), limit.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(sample) = SampleSet::named(&set) {
                let seconds = f64::from(*limit);
                let run = Benchmark::start(sample, &chosen, seconds, cores(), now_ms());
                bench.dispatch(BenchChange::Start(run));
            }
        })
    };
    let on_stop = {
        let bench = bench.clone();
        Callback::from(move |_: MouseEvent| bench.dispatch(BenchChange::Stop))
    };
    let markdown = bench.shown.as_ref().map(Benchmark::markdown);
    let on_copy = copy_table(markdown.clone().unwrap_or_default(), copied.clone());
    let status = bench.shown.as_ref().map_or_else(
        || "Choose a sample and solvers, then Run.".to_string(),
        Benchmark::status,
    );
    html! {
        <section class="bench-view">
            <BenchSettings set={*set} chosen={(*chosen).clone()} limit={*limit} {running}
                on_set={setter(&set)} on_limit={setter(&limit)} on_solvers={setter(&chosen)} />
            <div class="controls">
                <button type="button" class="solve" onclick={on_run} disabled={running}>{ "Run" }</button>
                <button type="button" onclick={on_stop} disabled={!running}>{ "Stop" }</button>
                <button type="button" onclick={on_copy} disabled={markdown.is_none()}>{ "Copy as markdown" }</button>
            </div>
            <p id="bench-status" class="status" role="status" data-state={if running { "running" } else { "idle" }}>{ status }</p>
            <p class="share-note" aria-live="polite">{ (*copied).clone() }</p>
            if let Some(run) = bench.shown.as_ref() {
                { success_chart(run) }
                { time_chart(run, f64::from(*limit)) }
                { bench_results(run) }
                <details class="markdown-table">
                    <summary>{ present::bench_markdown_note() }</summary>
                    <pre class="markdown" aria-label="Results as markdown" tabindex="0">{ markdown.clone().unwrap_or_default() }</pre>
                </details>
            }
        </section>
    }
}

/// A callback that stores what it is given in the state.
fn setter<T: 'static>(state: &UseStateHandle<T>) -> Callback<T> {
    let state = state.clone();
    Callback::from(move |value: T| state.set(value))
}
