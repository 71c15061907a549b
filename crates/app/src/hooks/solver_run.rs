//! The page's worker: loaded as the page opens, given each task the page has for it (a run, the
//! referee's look at a puzzle, New puzzle), steered when the speed changes, and followed at
//! every frame while the task goes.

use super::frame_loop::use_frame_loop;
use crate::dom::solver_worker::SolverWorker;
use crate::state::State;
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_engine::worker::{Failure, Report};
use sudoku_page::client::Client;
use sudoku_page::page::Action;
use yew::prelude::*;

/// The page's worker, kept between tasks (replaced if it dies).
type WorkerSlot = Rc<RefCell<Option<SolverWorker>>>;

/// A live worker in `slot`: the one there, or a new one if there is none or it died.
fn live_worker(slot: &WorkerSlot) -> Result<(), Failure> {
    let mut worker = slot.borrow_mut();
    if worker.as_ref().is_none_or(|w| w.with(|c| c.dead())) {
        *worker = Some(SolverWorker::spawn()?);
    }
    Ok(())
}

/// Carries out the page's tasks in its worker, with a frame loop for each.
#[hook]
pub fn use_solver_run(state: &UseReducerHandle<State>) {
    let worker: WorkerSlot = use_mut_ref(|| None);
    let page = &state.0;
    // The worker loads as the page opens, so that Solve starts at once; a worker that cannot
    // start is reported when a task asks for it.
    {
        let worker = worker.clone();
        use_effect_with((), move |_| drop(live_worker(&worker)));
    }
    // A new task goes to the worker; when it ends the worker lets it go.
    {
        let (worker, state) = (worker.clone(), state.clone());
        use_effect_with(page.frame_loop(), move |_| {
            // The task is read here, when it begins, not cloned at every render.
            if let Some(task) = state.0.task() {
                match live_worker(&worker) {
                    Ok(()) => {
                        if let Some(w) = worker.borrow().as_ref() {
                            w.with(|c| c.begin(&task));
                        }
                    }
                    Err(reason) => state.dispatch(Action::Heard {
                        from: task.id(),
                        answer: Report::Failed(reason),
                    }),
                }
            }
            move || {
                if let Some(w) = worker.borrow().as_ref() {
                    w.with(Client::halt);
                }
            }
        });
    }
    // A speed changed during the run applies from the worker's next advance.
    {
        let worker = worker.clone();
        let steer = page.work().map(|w| (w.pace, w.moves_per_tick));
        use_effect_with(steer, move |steer| {
            if let (Some((pace, moves)), Some(w)) = (steer, worker.borrow().as_ref()) {
                w.with(|c| c.steer(*pace, *moves));
            }
        });
    }
    // At each frame, what the worker said since the last goes to the page.
    let dispatch = state.dispatcher();
    use_frame_loop(page.frame_loop(), move |from| {
        Box::new(move |_| {
            let answers = worker.borrow().as_ref().map(|w| w.with(Client::frame));
            for answer in answers.into_iter().flatten() {
                dispatch.dispatch(Action::Heard { from, answer });
            }
        })
    });
}
