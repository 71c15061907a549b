//! The page's solver worker: loaded as the page opens, given each new run, steered when the
//! speed changes, and followed at every frame while the page's frame loop is live.

use super::frame_loop::use_frame_loop;
use crate::client::{Client, News};
use crate::page::{Action, Loop};
use crate::web::solver_worker::SolverWorker;
use crate::web::state::State;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The page's solver worker, kept between runs (replaced if it dies).
type WorkerSlot = Rc<RefCell<Option<SolverWorker>>>;

/// A live worker in `slot`: the one there, or a new one if there is none or it died.
fn live_worker(slot: &WorkerSlot) -> Result<(), String> {
    let mut worker = slot.borrow_mut();
    if worker.as_ref().is_none_or(|w| w.with(|c| c.dead())) {
        *worker = Some(SolverWorker::spawn()?);
    }
    Ok(())
}

/// One frame of the loop `key`: what the worker of a run reported since the last frame goes to
/// the page, or the page does a share of making a puzzle.
fn run_frame(dispatch: &UseReducerDispatcher<State>, worker: &WorkerSlot, key: Loop) {
    let Loop::Run(run) = key else {
        return dispatch.dispatch(Action::Frame);
    };
    let news = worker.borrow().as_ref().map(|w| w.with(Client::frame));
    for news in news.into_iter().flatten() {
        match news {
            News::Snapshot(snapshot) => dispatch.dispatch(Action::Snapshot { run, snapshot }),
            News::Broke(reason) => dispatch.dispatch(Action::Broke { run, reason }),
            News::Benched { .. } => {}
        }
    }
}

/// Carries out the page's runs in its worker, and its frame loop.
#[hook]
pub fn use_solver_run(state: &UseReducerHandle<State>) {
    let worker: WorkerSlot = use_mut_ref(|| None);
    let page = &state.0;
    // The worker loads as the page opens, so that Solve starts at once; a worker that cannot
    // start is reported when a run asks for it.
    {
        let worker = worker.clone();
        use_effect_with((), move |_| drop(live_worker(&worker)));
    }
    // A new run goes to the worker; when it ends (or is stopped) the worker lets it go.
    {
        let (worker, state) = (worker.clone(), state.clone());
        use_effect_with(page.work().map(|w| w.run), move |_| {
            // The job is read here, when the run begins, not cloned at every render.
            if let Some(w) = state.0.work() {
                match live_worker(&worker) {
                    Ok(()) => {
                        if let Some(r) = worker.borrow().as_ref() {
                            r.with(|c| c.start(&w));
                        }
                    }
                    Err(reason) => state.dispatch(Action::Broke { run: w.run, reason }),
                }
            }
            move || {
                if let Some(r) = worker.borrow().as_ref() {
                    r.with(Client::halt);
                }
            }
        });
    }
    // A speed changed during the run applies from the worker's next advance.
    {
        let worker = worker.clone();
        let steer = page.work().map(|w| (w.pace, w.moves_per_tick));
        use_effect_with(steer, move |steer| {
            if let (Some((pace, moves)), Some(r)) = (steer, worker.borrow().as_ref()) {
                r.with(|c| c.steer(*pace, *moves));
            }
        });
    }
    // One frame loop per run or puzzle being made.
    let dispatch = state.dispatcher();
    use_frame_loop(page.frame_loop(), move |key| {
        Box::new(move |_| run_frame(&dispatch, &worker, key))
    });
}
