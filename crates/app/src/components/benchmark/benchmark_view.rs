//! The benchmark view: the native [`Benchmark`] drawn, with the success rate and the time
//! distribution as charts and the results copyable as the markdown table `sudoku bench` prints.
//! Its workers are the benchmark hook's.

use super::benchmark_results::{ResultRow, benchmark_results};
use super::benchmark_settings::{BenchmarkSettingsProps, benchmark_settings};
use super::success_chart::{Bar, success_chart};
use super::time_chart::{LaneTimes, TimeChartProps, time_chart};
use crate::dom::address;
use crate::dom::clock::now_ms;
use crate::dom::device::cores;
use crate::dom::scroll::show_bench_progress;
use crate::hooks::{use_benchmark, use_run_keys};
use crate::state::{BenchChange, BenchState};
use sudoku_engine::registry::SolverKind;
use sudoku_engine::samples::{SETS, SampleSet};
use sudoku_page::benchmark::Benchmark;
use sudoku_words as present;
use yew::prelude::*;

/// The solvers chosen when the view opens.
const DEFAULT_SOLVERS: [&str; 5] = ["ising", "qubo", "hopfield", "bp", "exact"];

/// Each lane's bar of the success chart.
fn bars(run: &Benchmark) -> Vec<Bar> {
    (run.lanes.iter())
        .map(|lane| Bar {
            title: lane.kind.title,
            solved: lane.results.iter().filter(|r| r.solved).count(),
            done: lane.results.len(),
            not_run: run.not_run(lane),
            over: !run.running(),
        })
        .collect()
}

/// Each lane's times, for the time chart.
fn lane_times(run: &Benchmark) -> Vec<LaneTimes> {
    (run.lanes.iter())
        .map(|lane| LaneTimes {
            title: lane.kind.title,
            times: lane.results.iter().map(|r| (r.seconds, r.solved)).collect(),
        })
        .collect()
}

/// Each lane's row of the results table.
fn result_rows(run: &Benchmark) -> Vec<ResultRow> {
    (run.lanes.iter())
        .map(|lane| {
            let report = lane.report(run.set);
            // No figures for a solver that has done no puzzle yet: "0/0" and "0 flips/s" are
            // no results.
            let cells = match report.total {
                0 => [
                    present::idle_lane(!run.running()).to_string(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                ],
                _ => [
                    present::tally(report.solved, report.total, run.not_run(lane)),
                    present::duration(report.median_s * 1000.0),
                    present::duration(report.p90_s * 1000.0),
                    present::per_second(report.puzzles_per_second),
                    present::rate(lane.kind.work, report.moves_per_second),
                ],
            };
            (lane.kind.title, cells)
        })
        .collect()
}

/// Copies the results table, then says whether the clipboard took it.
fn copy_table(markdown: String, copied: UseStateHandle<String>) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| {
        let (text, copied) = (markdown.clone(), copied.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let done = address::copy_text(&text).await;
            copied.set(present::table_copied(done));
        });
    })
}

/// Starts a benchmark of the sample named `set` with the `chosen` solvers, `limit` seconds a
/// puzzle.
fn on_run(
    bench: &UseReducerHandle<BenchState>,
    set: &'static str,
    chosen: Vec<SolverKind>,
    limit: u32,
) -> Callback<MouseEvent> {
    let dispatcher = bench.dispatcher();
    Callback::from(move |_: MouseEvent| {
        if let Some(sample) = SampleSet::named(set) {
            let run = Benchmark::start(sample, &chosen, f64::from(limit), cores(), now_ms());
            dispatcher.dispatch(BenchChange::Start(run));
        }
    })
}

/// The view's choices and its last benchmark, kept by the app so that they outlast a visit to
/// another view.
#[derive(Clone, PartialEq)]
pub struct BenchmarkKept {
    pub bench: UseReducerHandle<BenchState>,
    pub set: UseStateHandle<&'static str>,
    pub chosen: UseStateHandle<Vec<SolverKind>>,
    pub limit: UseStateHandle<u32>,
}

/// The benchmark view's state, as it opens the first time.
#[hook]
pub fn use_benchmark_kept() -> BenchmarkKept {
    BenchmarkKept {
        bench: use_reducer(BenchState::default),
        set: use_state(|| SETS[0].name),
        chosen: use_state(|| {
            SolverKind::all()
                .filter(|k| DEFAULT_SOLVERS.contains(&k.name))
                .collect::<Vec<_>>()
        }),
        limit: use_state(|| 10u32),
    }
}

#[derive(Properties, PartialEq)]
pub struct BenchmarkViewProps {
    pub kept: BenchmarkKept,
}

#[component]
pub fn BenchmarkView(props: &BenchmarkViewProps) -> Html {
    let BenchmarkKept {
        bench,
        set,
        chosen,
        limit,
    } = props.kept.clone();
    let copied = use_state(String::new);
    let running = bench.shown.as_ref().is_some_and(Benchmark::running);
    use_benchmark(&bench);
    // Leaving the view stops a benchmark going, as Stop does: what it had done stays, for the
    // next visit. Its workers go with the view.
    {
        let dispatcher = bench.dispatcher();
        use_effect_with((), move |_| move || dispatcher.dispatch(BenchChange::Leave));
    }
    // Once the run's charts are drawn under the buttons, not at the click: before them the
    // page may be too short to scroll the buttons to the top.
    use_effect_with(running, |&running| {
        if running {
            show_bench_progress();
        }
    });
    let on_run = on_run(&bench, *set, (*chosen).clone(), *limit);
    let stop_it = {
        let dispatcher = bench.dispatcher();
        Callback::from(move |()| dispatcher.dispatch(BenchChange::Stop))
    };
    let on_stop = stop_it.reform(|_: MouseEvent| ());
    let (run_button, stop_button) = use_run_keys(running, stop_it);
    let markdown = bench.shown.as_ref().map(Benchmark::markdown);
    let on_copy = copy_table(markdown.clone().unwrap_or_default(), copied.clone());
    let status =
        (bench.shown.as_ref()).map_or_else(|| present::BENCH_IDLE.to_string(), Benchmark::status);
    html! {
        <section class="bench-view">
            { benchmark_settings(&BenchmarkSettingsProps { set: *set, chosen: (*chosen).clone(), limit: *limit, running,
                on_set: setter(&set), on_limit: setter(&limit), on_solvers: setter(&chosen) }) }
            <div class="controls">
                <button type="button" class="solve" ref={run_button} onclick={on_run} disabled={running}>{ "Run" }</button>
                <button type="button" ref={stop_button} onclick={on_stop} disabled={!running}>{ "Stop" }</button>
                <button type="button" onclick={on_copy} disabled={markdown.is_none() || running}>{ "Copy as markdown" }</button>
            </div>
            <p id="bench-status" class="status" role="status" data-state={if running { "running" } else { "idle" }}>{ status }</p>
            <p class="share-note" aria-live="polite">{ (*copied).clone() }</p>
            if let Some(run) = bench.shown.as_ref() {
                { success_chart(&bars(run)) }
                { time_chart(&TimeChartProps { lanes: lane_times(run), limit_s: f64::from(*limit) }) }
                { benchmark_results(&result_rows(run)) }
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
