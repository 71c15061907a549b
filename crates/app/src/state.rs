//! The page's state as Yew holds it: the native [`Page`] behind `use_reducer`, and the
//! dispatcher every view reads from a context rather than from its props.

use std::rc::Rc;
use sudoku_engine::worker::Report;
use sudoku_page::benchmark::Benchmark;
use sudoku_page::page::{Action, Page};
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

/// How a view sends an action to the page: given once by the app through a context, the same
/// callback for the page's whole life, so that no view draws again because of it.
#[hook]
pub fn use_dispatch() -> Callback<Action> {
    use_context::<Callback<Action>>().unwrap_or_default()
}

/// The callback [`use_dispatch`] hands out, for the app's context provider.
#[hook]
pub fn use_dispatch_provider(state: &UseReducerHandle<State>) -> Callback<Action> {
    let dispatcher = state.dispatcher();
    (*use_memo((), move |_| {
        Callback::from(move |action| dispatcher.dispatch(action))
    }))
    .clone()
}

/// What happens to the benchmark view's state.
pub enum BenchChange {
    Start(Benchmark),
    /// Answers from the lanes' workers (by lane), at `now` (page milliseconds).
    Answer(Vec<(usize, Report)>, f64),
    Stop,
    /// The view closed: stopped, and said so on the way back.
    Leave,
}

/// The benchmark shown, numbered so that each new one gets fresh workers.
#[derive(Clone, PartialEq, Default)]
pub struct BenchState {
    pub serial: u64,
    pub shown: Option<Benchmark>,
}

impl Reducible for BenchState {
    type Action = BenchChange;

    fn reduce(self: Rc<Self>, change: BenchChange) -> Rc<Self> {
        let mut bench = Rc::unwrap_or_clone(self);
        match (change, bench.shown.as_mut()) {
            (BenchChange::Start(run), _) => {
                bench.serial += 1;
                bench.shown = Some(run);
            }
            (BenchChange::Answer(answers, now), Some(run)) => run.receive(answers, now),
            (BenchChange::Stop, Some(run)) => run.stop(),
            (BenchChange::Leave, Some(run)) => run.leave(),
            _ => {}
        }
        Rc::new(bench)
    }
}
