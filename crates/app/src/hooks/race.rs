//! The race's workers: a fresh worker per racer for each race, each running as fast as it
//! can, and a frame loop; when the race ends (or is stopped, or the view left) they end at once.

use super::frame_loop::use_frame_loop;
use crate::dom::solver_worker::SolverWorker;
use crate::state::State;
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_engine::worker::Report;
use sudoku_page::client::Client;
use sudoku_page::page::Action;
use sudoku_page::race::{REDRAW_MS, RaceId};
use sudoku_page::run::WorkerRun;
use yew::prelude::*;

/// A race's workers, one per racer (none for a racer that does not take the puzzle), with the
/// run each is to start once every worker has loaded.
type RacerSlots = Rc<RefCell<Vec<Option<(SolverWorker, Option<WorkerRun>)>>>>;

/// One frame of race `race`: it starts once every worker has loaded; then the race gets what
/// its racers' workers reported since, and its clock moves on.
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
    let answers = (racers.iter().enumerate())
        .filter_map(|(i, r)| r.as_ref().map(|(w, _)| (i, w.with(Client::frame))))
        .flat_map(|(i, answers)| answers.into_iter().map(move |n| (i, n)))
        .collect();
    drop(racers);
    if started {
        dispatch.dispatch(Action::RaceGo { race });
    }
    dispatch.dispatch(Action::RaceAnswers { race, answers });
}

/// Carries out the page's races in workers of their own.
#[hook]
pub fn use_race(state: &UseReducerHandle<State>) {
    let runners: RacerSlots = use_mut_ref(Vec::new);
    let racing = (state.0.racing.race.as_ref())
        .filter(|r| r.running())
        .map(|r| r.id);
    {
        let (runners, state) = (runners.clone(), state.clone());
        use_effect_with(racing, move |_| {
            // The racers' runs are read here, when the race begins, not cloned at every render.
            if let Some(race) = state.0.racing.race.as_ref().filter(|r| r.running()) {
                let mut broken = Vec::new();
                let started = (race.racers.iter().enumerate())
                    .map(|(i, racer)| {
                        let run = racer.run.clone()?;
                        match SolverWorker::spawn() {
                            Ok(worker) => Some((worker, Some(run))),
                            Err(why) => {
                                broken.push((i, Report::Failed(why)));
                                None
                            }
                        }
                    })
                    .collect();
                *runners.borrow_mut() = started;
                if !broken.is_empty() {
                    let race = race.id;
                    state.dispatch(Action::RaceAnswers {
                        race,
                        answers: broken,
                    });
                }
            }
            move || runners.borrow_mut().clear()
        });
    }
    // Every other frame or so: a card is drawn at most every REDRAW_MS anyway.
    let dispatch = state.dispatcher();
    use_frame_loop(racing, move |id| {
        let mut last = 0.0;
        Box::new(move |now| {
            if now - last >= REDRAW_MS / 2.0 {
                last = now;
                race_frame(&dispatch, &runners, id);
            }
        })
    });
}
