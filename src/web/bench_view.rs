//! The benchmark view: a bundled sample solved by chosen solvers in workers, exactly as
//! `sudoku bench` solves a file, with the success rate and the time distribution drawn as charts
//! and the results copyable as the same markdown table. At most as many solvers run at once as
//! the machine has cores, so that one solver's times are not another's.

use super::address;
use super::solver_worker::SolverWorker;
use super::{FrameSlot, every_frame, now_ms};
use crate::bench::{self, Benched, SetReport};
use crate::client::{Client, News};
use crate::drive::{Order, Puzzle};
use crate::registry::SolverKind;
use crate::samples::{SETS, SampleSet};
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The solvers chosen when the view opens.
const DEFAULT_SOLVERS: [&str; 5] = ["ising", "qubo", "hopfield", "bp", "exact"];

/// Time limits per puzzle offered, in seconds.
const LIMITS: [u32; 4] = [1, 5, 10, 30];

/// One solver's progress through the sample.
#[derive(Clone, Debug, PartialEq)]
struct Lane {
    kind: SolverKind,
    results: Vec<Benched>,
    started_ms: Option<f64>,
    /// Page-clock milliseconds from its first order to its last answer.
    wall_ms: f64,
    error: Option<String>,
}

impl Lane {
    fn report(&self, set: &str) -> SetReport {
        bench::tally(self.kind.name, set, &self.results, self.wall_ms / 1000.0)
    }
}

/// A benchmark in progress or done.
#[derive(Clone, Debug, PartialEq)]
struct Run {
    set: &'static str,
    total: usize,
    lanes: Vec<Lane>,
    running: bool,
}

enum Change {
    Start(Run),
    /// Answers from lane `lane`'s worker, at `now` (page milliseconds).
    News(Vec<(usize, News)>, f64),
    Began(usize, f64),
    Stop,
}

#[derive(Clone, PartialEq, Default)]
struct Bench(Option<Run>);

impl Reducible for Bench {
    type Action = Change;

    fn reduce(self: Rc<Self>, change: Change) -> Rc<Self> {
        let mut bench = Rc::unwrap_or_clone(self);
        match (change, bench.0.as_mut()) {
            (Change::Start(run), _) => bench.0 = Some(run),
            (Change::Began(lane, now), Some(run)) => {
                if let Some(lane) = run.lanes.get_mut(lane) {
                    lane.started_ms = Some(now);
                }
            }
            (Change::News(news, now), Some(run)) => {
                for (i, news) in news {
                    let Some(lane) = run.lanes.get_mut(i) else {
                        continue;
                    };
                    match news {
                        News::Benched {
                            result: Ok(result), ..
                        } => lane.results.push(result),
                        News::Benched { result: Err(e), .. } | News::Broke(e) => {
                            lane.error = Some(e)
                        }
                        News::Snapshot(_) => {}
                    }
                    lane.wall_ms = now - lane.started_ms.unwrap_or(now);
                }
                let total = run.total;
                run.running =
                    (run.lanes.iter()).any(|l| l.error.is_none() && l.results.len() < total);
            }
            (Change::Stop, Some(run)) => run.running = false,
            _ => {}
        }
        Rc::new(bench)
    }
}

/// The workers of a benchmark, one per lane while it runs.
type Lanes = Rc<RefCell<Vec<Option<SolverWorker>>>>;

/// How many solvers run at once: one per core.
fn cores() -> usize {
    web_sys::window()
        .map_or(1, |w| w.navigator().hardware_concurrency() as usize)
        .max(1)
}

/// What the frame loop needs to keep a benchmark going: its lanes' workers, what each is to
/// solve, and how many answers each has had.
struct Plan {
    lanes: Lanes,
    kinds: Vec<SolverKind>,
    puzzles: Vec<Puzzle>,
    seconds: f64,
    answered: RefCell<Vec<usize>>,
    dispatch: UseReducerDispatcher<Bench>,
}

impl Plan {
    /// Starts lane `i`'s worker with every puzzle of the sample asked for at once (answered one
    /// by one, in order); a worker that cannot start fails the lane.
    fn start_lane(&self, i: usize) {
        match SolverWorker::spawn() {
            Ok(runner) => {
                for (p, puzzle) in self.puzzles.iter().enumerate() {
                    let order = Order::Bench {
                        solver: self.kinds[i].name.to_string(),
                        puzzle: puzzle.clone(),
                        seed: 1 + p as u64,
                        seconds: self.seconds,
                    };
                    runner.with(|c| c.bench(p, &order));
                }
                self.lanes.borrow_mut()[i] = Some(runner);
                self.dispatch.dispatch(Change::Began(i, now_ms()));
            }
            Err(why) => {
                self.answered.borrow_mut()[i] = self.puzzles.len();
                let news = vec![(i, News::Broke(why))];
                self.dispatch.dispatch(Change::News(news, now_ms()));
            }
        }
    }

    /// One display frame: takes the answers in, ends finished lanes' workers and starts lanes
    /// not yet begun in their places.
    fn frame(&self) {
        let mut news = Vec::new();
        let mut free = 0;
        for (i, runner) in self.lanes.borrow_mut().iter_mut().enumerate() {
            let Some(r) = runner else { continue };
            let mut answered = self.answered.borrow_mut();
            for n in r.with(Client::frame) {
                answered[i] = match n {
                    News::Benched { .. } => answered[i] + 1,
                    _ => self.puzzles.len(),
                };
                news.push((i, n));
            }
            if answered[i] >= self.puzzles.len() {
                *runner = None;
                free += 1;
            }
        }
        if !news.is_empty() {
            self.dispatch.dispatch(Change::News(news, now_ms()));
        }
        let waiting: Vec<usize> = (0..self.kinds.len())
            .filter(|&i| self.answered.borrow()[i] == 0 && self.lanes.borrow()[i].is_none())
            .take(free)
            .collect();
        for i in waiting {
            self.start_lane(i);
        }
    }
}

/// The success rate of each lane, as labelled bars.
fn success_chart(run: &Run) -> Html {
    html! {
        <figure class="chart">
            <figcaption>{ "Solved" }</figcaption>
            { for run.lanes.iter().map(|lane| {
                let done = lane.results.len();
                let solved = lane.results.iter().filter(|r| r.solved).count();
                let pct = if done > 0 { 100.0 * solved as f64 / done as f64 } else { 0.0 };
                html! {
                    <div class="bar-row">
                        <span class="bar-name">{ lane.kind.label() }</span>
                        <span class="bar"><span class="fill" style={format!("width: {pct:.1}%")} /></span>
                        <span class="bar-value">{ format!("{solved}/{done} ({pct:.0} %)") }</span>
                    </div>
                }
            }) }
        </figure>
    }
}

/// Each lane's times on a logarithmic axis from 0.1 ms to the limit: a dot per puzzle (filled
/// when solved), a bar at the median.
fn time_chart(run: &Run, limit_s: f64) -> Html {
    let (left, width, row) = (150.0, 330.0, 22.0);
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
        let y = row * i as f64 + row / 2.0;
        let times: Vec<f64> = lane.results.iter().map(|r| r.seconds).collect();
        let median = (!times.is_empty()).then(|| bench::median(&times));
        html! {
            <g>
                <text class="lane" x={(left - 6.0).to_string()} y={(y + 4.0).to_string()}>{ lane.kind.label() }</text>
                { for lane.results.iter().map(|r| html! {
                    <circle class={if r.solved { "solved" } else { "unsolved" }} cx={x(r.seconds).to_string()} cy={y.to_string()} r="3.5" />
                }) }
                if let Some(m) = median {
                    <line class="median" x1={x(m).to_string()} x2={x(m).to_string()} y1={(y - 8.0).to_string()} y2={(y + 8.0).to_string()} />
                }
            </g>
        }
    });
    let label = run
        .lanes
        .iter()
        .map(|l| {
            let times: Vec<f64> = l.results.iter().map(|r| r.seconds).collect();
            format!("{} median {:.4} s", l.kind.label(), bench::median(&times))
        })
        .collect::<Vec<_>>()
        .join("; ");
    html! {
        <figure class="chart">
            <figcaption>{ "Time per puzzle (log scale; filled: solved; bar: median)" }</figcaption>
            <svg class="times" viewBox={format!("0 0 {} {height}", left + width + 20.0)} role="img" aria-label={format!("Times: {label}.")}>
                { for ticks }
                { for lanes }
            </svg>
        </figure>
    }
}

#[component]
pub fn BenchView() -> Html {
    let bench = use_reducer(Bench::default);
    let set = use_state(|| SETS[0].name);
    let chosen = use_state(|| {
        SolverKind::all()
            .filter(|k| DEFAULT_SOLVERS.contains(&k.name))
            .collect::<Vec<_>>()
    });
    let limit = use_state(|| 10u32);
    let copied = use_state(String::new);
    let lanes: Lanes = use_mut_ref(Vec::new);
    let frame_slot: FrameSlot = use_mut_ref(|| None);
    let running = bench.0.as_ref().is_some_and(|r| r.running);
    // When the benchmark ends or is stopped, its workers end and its frame loop stops.
    {
        let (lanes, frame_slot) = (lanes.clone(), frame_slot.clone());
        use_effect_with(running, move |running| {
            if !running {
                lanes.borrow_mut().clear();
                frame_slot.borrow_mut().take();
            }
        });
    }
    let on_run = {
        let (bench, set, chosen, limit) =
            (bench.clone(), set.clone(), chosen.clone(), limit.clone());
        let (lanes, frame_slot) = (lanes.clone(), frame_slot.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(sample) = SampleSet::named(&set) else {
                return;
            };
            let puzzles: Vec<Puzzle> = sample.puzzles().iter().map(Puzzle::of).collect();
            let shape = sample.puzzles().first().map(|p| p.shape());
            let kinds: Vec<SolverKind> = (chosen.iter())
                .copied()
                .filter(|k| shape.is_some_and(|s| (k.supports)(s)))
                .collect();
            let run = Run {
                set: sample.name,
                total: puzzles.len(),
                lanes: kinds
                    .iter()
                    .map(|&kind| Lane {
                        kind,
                        results: Vec::new(),
                        started_ms: None,
                        wall_ms: 0.0,
                        error: None,
                    })
                    .collect(),
                running: !kinds.is_empty() && !puzzles.is_empty(),
            };
            bench.dispatch(Change::Start(run));
            *lanes.borrow_mut() = (0..kinds.len()).map(|_| None).collect();
            let plan = Rc::new(Plan {
                lanes: lanes.clone(),
                answered: RefCell::new(vec![0; kinds.len()]),
                kinds,
                puzzles,
                seconds: f64::from(*limit),
                dispatch: bench.dispatcher(),
            });
            for i in 0..plan.kinds.len().min(cores()) {
                plan.start_lane(i);
            }
            every_frame(frame_slot.clone(), Box::new(move |_| plan.frame()));
        })
    };
    let on_stop = {
        let bench = bench.clone();
        Callback::from(move |_: MouseEvent| bench.dispatch(Change::Stop))
    };
    let markdown = bench.0.as_ref().map(|run| {
        bench::markdown(
            &run.lanes
                .iter()
                .map(|l| l.report(run.set))
                .collect::<Vec<_>>(),
        )
    });
    let on_copy = {
        let (markdown, copied) = (markdown.clone().unwrap_or_default(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            let (text, copied) = (markdown.clone(), copied.clone());
            wasm_bindgen_futures::spawn_local(async move {
                copied.set(match address::copy_text(&text).await {
                    Ok(()) => "Table copied to the clipboard.".to_string(),
                    Err(e) => format!("Could not copy ({e}); select the table below instead."),
                });
            });
        })
    };
    let on_set = {
        let set = set.clone();
        Callback::from(move |e: Event| {
            let value = e.target_dyn_into::<HtmlSelectElement>().map(|s| s.value());
            if let Some(s) = value.and_then(|v| SampleSet::named(&v)) {
                set.set(s.name);
            }
        })
    };
    let on_limit = {
        let limit = limit.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_dyn_into::<HtmlSelectElement>()
                .and_then(|s| s.value().parse().ok());
            if let Some(v) = value {
                limit.set(v);
            }
        })
    };
    let toggles = SolverKind::all().map(|kind| {
        let checked = chosen.contains(&kind);
        let chosen = chosen.clone();
        let onchange = Callback::from(move |e: Event| {
            let on = e.target_dyn_into::<HtmlInputElement>().is_some_and(|i| i.checked());
            let next: Vec<SolverKind> = SolverKind::all()
                .filter(|k| if *k == kind { on } else { chosen.contains(k) })
                .collect();
            chosen.set(next);
        });
        html! {
            <label class="choice">
                <input type="checkbox" name="bench-solver" value={kind.name} {checked} disabled={running} {onchange} />
                { kind.label() }
            </label>
        }
    });
    let about = SampleSet::named(&set).map(|s| s.about).unwrap_or_default();
    let status = match bench.0.as_ref() {
        None => "Choose a sample and solvers, then Run.".to_string(),
        Some(run) => {
            let done: usize = run.lanes.iter().map(|l| l.results.len()).sum();
            let all = run.total * run.lanes.len();
            match (run.running, run.lanes.is_empty()) {
                (_, true) => "None of the chosen solvers takes this sample's board.".to_string(),
                (true, _) => format!("Running: {done} of {all} solves done."),
                (false, _) if done < all => format!("Stopped after {done} of {all} solves."),
                _ => format!("Done: {all} solves."),
            }
        }
    };
    html! {
        <section class="bench-view">
            <fieldset class="bench-settings">
                <legend>{ "Benchmark" }</legend>
                <label class="speed">
                    { "Sample " }
                    <select aria-label="Sample" onchange={on_set} disabled={running}>
                        { for SETS.iter().map(|s| html! {
                            <option value={s.name} selected={*set == s.name}>{ format!("{} ({})", s.name, s.puzzles().len()) }</option>
                        }) }
                    </select>
                </label>
                <p class="about">{ about }</p>
                <div class="racer-choices">{ for toggles }</div>
                <label class="speed">
                    { "Time limit per puzzle " }
                    <select aria-label="Time limit per puzzle" onchange={on_limit} disabled={running}>
                        { for LIMITS.iter().map(|&s| html! {
                            <option value={s.to_string()} selected={s == *limit}>{ format!("{s} s") }</option>
                        }) }
                    </select>
                </label>
            </fieldset>
            <div class="controls">
                <button type="button" class="solve" onclick={on_run} disabled={running}>{ "Run" }</button>
                <button type="button" onclick={on_stop} disabled={!running}>{ "Stop" }</button>
                <button type="button" onclick={on_copy} disabled={markdown.is_none()}>{ "Copy as markdown" }</button>
            </div>
            <p id="bench-status" class="status" role="status" data-state={if running { "running" } else { "idle" }}>{ status }</p>
            <p class="share-note" aria-live="polite">{ (*copied).clone() }</p>
            if let Some(run) = bench.0.as_ref() {
                { success_chart(run) }
                { time_chart(run, f64::from(*limit)) }
                <pre class="markdown" aria-label="Results as markdown">{ markdown.clone().unwrap_or_default() }</pre>
            }
        </section>
    }
}
