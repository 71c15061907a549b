//! The main screen. Its state is the native [`Page`] behind Yew's `use_reducer`: every event
//! becomes an [`Action`], and the component only draws the page and carries out the side
//! effects the page asks for: the address bar, the keyboard focus, the frame loop and the plot.

use super::address::{self, Shared};
use super::bench_view::BenchView;
use super::board::{Board, focus_cell};
use super::pad::Pad;
use super::panel::{Panel, PuzzleMaker};
use super::plot;
use super::race::race_view;
use super::solver_worker::SolverWorker;
use super::{FrameSlot, every_frame, now_ms};
use crate::board::Rules;
use crate::client::{Client, News};
use crate::link::{self, View};
use crate::page::{Action, Layer, Loop, Page};
use crate::race::{REDRAW_MS, RaceId};
use crate::run::WorkerRun;
use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::HtmlCanvasElement;
use yew::prelude::*;

/// The page's state as Yew's reducer holds it.
#[derive(Clone)]
pub struct State(pub Page);

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut page = Rc::unwrap_or_clone(self).0;
        page.apply(action);
        Rc::new(State(page))
    }
}

/// The page's solver worker, kept between runs (started when the page opens, replaced if it
/// dies).
type RunnerSlot = Rc<RefCell<Option<SolverWorker>>>;

/// One frame of the loop `key`: what the worker of a run reported since the last frame goes to
/// the page, or the page does a share of making a puzzle.
fn run_frame(dispatch: &UseReducerDispatcher<State>, runner: &RunnerSlot, key: Loop) {
    let Loop::Run(run) = key else {
        return dispatch.dispatch(Action::Frame);
    };
    let news = runner.borrow().as_ref().map(|w| w.with(Client::frame));
    for news in news.into_iter().flatten() {
        match news {
            News::Snapshot(snapshot) => dispatch.dispatch(Action::Snapshot { run, snapshot }),
            News::Broke(reason) => dispatch.dispatch(Action::Broke { run, reason }),
            News::Benched { .. } => {}
        }
    }
}

/// A race's workers, one per racer (none for a racer that does not take the puzzle), with what
/// each is to run until the start.
type RacerSlots = Rc<RefCell<Vec<Option<(SolverWorker, Option<WorkerRun>)>>>>;

/// One frame of race `race`: it starts once every worker has loaded; then, every other frame or
/// so (a card is drawn at most every [`REDRAW_MS`] anyway), the race gets what its racers'
/// workers reported since, and its clock moves on.
fn race_frame(dispatch: &UseReducerDispatcher<State>, runners: &RacerSlots, race: RaceId) {
    let mut racers = runners.borrow_mut();
    let loading = (racers.iter().flatten())
        .any(|(w, run)| run.is_some() && w.with(|c| !c.listening() && !c.dead()));
    if loading {
        return;
    }
    let mut started = false;
    for (worker, run) in racers.iter_mut().flatten() {
        if let Some(run) = run.take()
            && let Some(work) = run.work()
        {
            worker.with(|c| c.start(&work));
            started = true;
        }
    }
    let news = (racers.iter().enumerate())
        .filter_map(|(i, r)| r.as_ref().map(|(w, _)| (i, w.with(Client::frame))))
        .flat_map(|(i, news)| news.into_iter().map(move |n| (i, n)))
        .collect();
    drop(racers);
    if started {
        dispatch.dispatch(Action::RaceGo { race });
    }
    dispatch.dispatch(Action::RaceNews { race, news });
}

/// A live worker in `slot`: the one there, or a new one if there is none or it died.
pub(super) fn live_runner(slot: &RunnerSlot) -> Result<(), String> {
    let mut runner = slot.borrow_mut();
    if runner.as_ref().is_none_or(|w| w.with(|c| c.dead())) {
        *runner = Some(SolverWorker::spawn()?);
    }
    Ok(())
}

/// A seed for a run from the browser's cryptographic random source (through `getrandom`); on the
/// unheard-of browser without one, the clock. 32 bits: plenty to name runs, and short enough to
/// type into `sudoku solve --seed`.
fn fresh_seed() -> u64 {
    getrandom::u32().map_or_else(|_| now_ms() as u64, u64::from)
}

/// The extra rules in words, for the note under the board, with how the grid draws them.
fn rule_words(rules: Rules) -> String {
    let words: Vec<String> = (Rules::ALL.iter())
        .filter(|(rule, ..)| rules.contains(*rule))
        .map(|&(rule, _, words)| match rule {
            Rules::X => format!("{words} (drawn through their cells)"),
            Rules::WINDOKU => format!("{words} (tinted)"),
            _ => words.to_string(),
        })
        .collect();
    words.join("; ")
}

/// How long a note that the link was shared stays up.
const NOTE_MS: u32 = 5_000;

#[component]
pub fn App() -> Html {
    let state = use_reducer(|| State(Page::open(&link::read(&address::query()), now_ms)));
    let dispatch = state.dispatcher();
    let page = &state.0;
    let share_note = use_state(String::new);
    // The pending clearing of a success note: replacing or dropping it cancels it.
    let note_timer = use_mut_ref(|| None::<Timeout>);
    let canvas = use_node_ref();

    // The address bar follows the page; typing replaces the entry, loading and Clear add one.
    use_effect_with(page.address.clone(), |a| address::show(&a.query, a.push));
    // Typing a digit moves the keyboard focus on.
    use_effect_with(page.focus, |focus| {
        if let Some((_, cell)) = focus {
            focus_cell(*cell);
        }
    });
    // Back and Forward bring back the puzzle of that entry.
    {
        let dispatch = dispatch.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|window| {
                EventListener::new(&window, "popstate", move |_| {
                    dispatch.dispatch(Action::Open(link::read(&address::query())));
                })
            });
            move || drop(listener)
        });
    }
    // The solver worker loads as the page opens, so that Solve starts at once.
    let runner: RunnerSlot = use_mut_ref(|| None);
    {
        let runner = runner.clone();
        use_effect_with((), move |_| {
            // A worker that cannot start is reported when a run asks for it.
            let _ = live_runner(&runner);
        });
    }
    // A new run goes to the worker; when it ends (or is stopped) the worker lets it go.
    {
        let (runner, dispatch, state) = (runner.clone(), dispatch.clone(), state.clone());
        use_effect_with(page.work().map(|w| w.run), move |_| {
            // The job is read here, when the run begins, not cloned at every render.
            if let Some(w) = state.0.work() {
                match live_runner(&runner) {
                    Ok(()) => {
                        if let Some(r) = runner.borrow().as_ref() {
                            r.with(|c| c.start(&w));
                        }
                    }
                    Err(reason) => dispatch.dispatch(Action::Broke { run: w.run, reason }),
                }
            }
            move || {
                if let Some(r) = runner.borrow().as_ref() {
                    r.with(Client::halt);
                }
            }
        });
    }
    // A speed changed during the run applies from the worker's next advance.
    {
        let runner = runner.clone();
        let steer = page.work().map(|w| (w.pace, w.moves_per_tick));
        use_effect_with(steer, move |steer| {
            if let (Some((pace, moves)), Some(r)) = (steer, runner.borrow().as_ref()) {
                r.with(|c| c.steer(*pace, *moves));
            }
        });
    }
    // A race gets a fresh worker per racer, each running as fast as it can, and a frame loop;
    // when the race ends (or is stopped, or the view left) the workers are ended at once.
    {
        let (dispatch, runners, state) = (dispatch.clone(), use_mut_ref(Vec::new), state.clone());
        let racing = (page.race.as_ref()).filter(|r| r.running()).map(|r| r.id);
        use_effect_with(racing, move |_| {
            let slot: FrameSlot = Rc::default();
            // The racers' jobs are read here, when the race begins, not cloned at every render.
            if let Some(race) = state.0.race.as_ref().filter(|r| r.running()) {
                let id = race.id;
                let mut broken = Vec::new();
                let started = (race.racers.iter().enumerate())
                    .map(|(i, racer)| {
                        let run = racer.run.clone()?;
                        match SolverWorker::spawn() {
                            Ok(worker) => Some((worker, Some(run))),
                            Err(why) => {
                                broken.push((i, News::Broke(why)));
                                None
                            }
                        }
                    })
                    .collect();
                *runners.borrow_mut() = started;
                if !broken.is_empty() {
                    dispatch.dispatch(Action::RaceNews {
                        race: id,
                        news: broken,
                    });
                }
                let (runners, mut last) = (runners.clone(), 0.0);
                every_frame(
                    slot.clone(),
                    Box::new(move |now| {
                        if now - last >= REDRAW_MS / 2.0 {
                            last = now;
                            race_frame(&dispatch, &runners, id);
                        }
                    }),
                );
            }
            move || {
                drop(slot.borrow_mut().take());
                runners.borrow_mut().clear();
            }
        });
    }
    // One frame loop per run or puzzle being made: it starts with it and its handle is dropped
    // (cancelling the pending frame) when it ends, is stopped, or the page goes away.
    {
        let (dispatch, runner) = (dispatch.clone(), runner.clone());
        use_effect_with(page.frame_loop(), move |key| {
            let slot: FrameSlot = Rc::default();
            if let Some(key) = *key {
                every_frame(
                    slot.clone(),
                    Box::new(move |_| run_frame(&dispatch, &runner, key)),
                );
            }
            move || drop(slot.borrow_mut().take())
        });
    }
    // The plot redraws after every render that brought a new frame.
    {
        let state = state.clone();
        let canvas = canvas.clone();
        let key = (page.run.as_ref()).map(|r| (r.id, r.elapsed_ms.to_bits()));
        use_effect_with(key, move |_| {
            if let (Some(canvas), Some((series, trace))) =
                (canvas.cast::<HtmlCanvasElement>(), state.0.trace())
            {
                plot::draw(&canvas, series, trace);
            }
        });
    }

    let running = page.running();
    let on_solve = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Solve { seed: fresh_seed() }))
    };
    let on_stop = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Stop))
    };
    let on_clear = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.dispatch(Action::Clear))
    };
    let on_digit = {
        let dispatch = dispatch.clone();
        Callback::from(move |digit: Option<u8>| dispatch.dispatch(Action::Pad(digit)))
    };
    let on_share = {
        let query = page.address.query.clone();
        let (share_note, note_timer) = (share_note.clone(), note_timer.clone());
        Callback::from(move |_: MouseEvent| {
            let url = address::link_to(&query);
            let (note, timer) = (share_note.clone(), note_timer.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let (text, fades) = match address::share(&url, "A Sudoku puzzle").await {
                    Ok(Shared::Copied) => (format!("Link copied to the clipboard: {url}"), true),
                    Ok(Shared::Sheet) => ("Link shared.".to_string(), true),
                    Ok(Shared::Cancelled) => (String::new(), false),
                    // The link stays up, for copying by hand.
                    Err(e) => (format!("Could not share ({e}). The link: {url}"), false),
                };
                note.set(text);
                let clear = fades.then(|| Timeout::new(NOTE_MS, move || note.set(String::new())));
                *timer.borrow_mut() = clear;
            });
        })
    };
    let layer_choice = |layer: Layer, name: &'static str| {
        let dispatch = dispatch.clone();
        let onchange = Callback::from(move |_: Event| dispatch.dispatch(Action::Show(layer)));
        html! {
            <label class="toggle">
                <input type="radio" name="layer" value={name} checked={page.layer == layer} {onchange} />
                <span>{ name }</span>
            </label>
        }
    };
    let shape = page.entries.shape();
    let cells = page.cells();
    let qubo_bits: Option<Vec<u32>> = (page.run.as_ref())
        .filter(|r| r.kind.qubo_bits)
        .map(|_| cells.iter().map(|c| c.spins.map_or(0, |s| s.up)).collect());
    let plot_view = page.trace().map(|(series, trace)| {
        let label = crate::plot::describe(series, trace);
        let second = match series[1].scale {
            crate::step::Scale::Log => format!("{} (right, log scale)", series[1].name),
            crate::step::Scale::Linear => format!("{} (right)", series[1].name),
        };
        html! {
            <figure class="plot">
                <canvas ref={canvas.clone()} role="img" aria-label={label} />
                <figcaption class="legend">
                    <span class="key first">{ format!("{} (left)", series[0].name) }</span>
                    <span class="key second">{ second }</span>
                    <span class="key restart">{ "restart" }</span>
                    <span>{ "against ticks" }</span>
                </figcaption>
            </figure>
        }
    });
    html! {
        <div class="app">
            <header>
                <h1>{ "Ising Sudoku" }</h1>
                <p class="tagline">
                    { format!("Sudoku solved the way annealing hardware does it: {} spins cooling into a solution.", shape.cells() * shape.size()) }
                </p>
            </header>
            <nav class="views" aria-label="Views">
                { for [(View::Solve, "Solver"), (View::Race, "Race"), (View::Bench, "Benchmark")].into_iter().map(|(view, name)| {
                    let dispatch = dispatch.clone();
                    let onclick = Callback::from(move |_: MouseEvent| {
                        dispatch.dispatch(Action::View { view, seed: fresh_seed() })
                    });
                    html! {
                        <button type="button" aria-pressed={(page.view == view).to_string()} {onclick}>{ name }</button>
                    }
                }) }
            </nav>
            if page.view == View::Race {
                <main class="race-layout">
                    { race_view(page, &dispatch, fresh_seed) }
                </main>
            } else if page.view == View::Bench {
                <main class="bench-layout">
                    <BenchView />
                </main>
            } else {
            <main class={classes!("layout", (shape.size() > 9).then_some("wide-board"))}>
                <section class="play">
                    <fieldset class="layers">
                        <legend>{ "Show" }</legend>
                        { layer_choice(Layer::Digits, "Digits") }
                        { layer_choice(Layer::Spins, "Spins") }
                    </fieldset>
                    <Board
                        cells={cells.clone()}
                        size={shape.size()}
                        box_rows={shape.box_rows()}
                        box_cols={shape.box_cols()}
                        locked={running}
                        layer={page.layer}
                        dispatch={dispatch.clone()}
                    />
                    if page.layer == Layer::Spins {
                        <p class="spin-legend">
                            if cells.iter().any(|c| c.spins.is_some_and(|s| s.levels.is_some())) {
                                { "Each cell shows one dot per digit it can still take, laid out like a box: the fill is the neuron's activation or the digit's belief, the ring marks the strongest (the digit read out), square = clamped (a given or a decided cell)." }
                            } else {
                                { "Each cell shows one spin per digit it can take, laid out like a box: filled = up, hollow = down, square = clamped (a given, or a digit the givens force)." }
                            }
                        </p>
                    }
                    if !shape.rules().is_empty() {
                        <p class="rules-note">
                            { format!("Extra rules. {}.", rule_words(shape.rules())) }
                        </p>
                    }
                    <Pad size={shape.size() as u8} {on_digit} disabled={running} />
                    <p id="hint" class="hint" aria-live="polite">{ page.hint() }</p>
                    <div class="controls">
                        <button type="button" class="solve" onclick={on_solve} disabled={running}>{ "Solve" }</button>
                        <button type="button" onclick={on_stop} disabled={!running}>{ "Stop" }</button>
                        <button type="button" onclick={on_clear}>{ "Clear" }</button>
                        <button type="button" onclick={on_share}>{ "Share" }</button>
                    </div>
                    <p id="share-note" class="share-note" aria-live="polite">{ (*share_note).clone() }</p>
                    <p id="status" class="status" role="status" data-state={page.phase.name()}>
                        { page.message.clone() }
                    </p>
                    <dl class="stats">
                        { for page.figures().into_iter().map(|(name, value)| html! {
                            <div><dt>{ name }</dt><dd>{ value }</dd></div>
                        }) }
                    </dl>
                    { plot_view.unwrap_or_default() }
                </section>
                <aside class="panel">
                <PuzzleMaker
                    shape={shape}
                    {running}
                    dispatch={dispatch.clone()}
                    seed={Callback::from(|()| fresh_seed())}
                />
                <Panel
                    kind={page.kind}
                    speed={page.speed}
                    {running}
                    dispatch={dispatch.clone()}
                    puzzle={page.entries.clone()}
                    bits={qubo_bits}
                />
                </aside>
            </main>
            }
        </div>
    }
}
