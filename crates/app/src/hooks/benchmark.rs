//! The benchmark's workers: one per live lane, given its orders when the lane starts and ended
//! when it is done, and a frame loop while the benchmark runs.

use super::frame_loop::use_frame_loop;
use crate::dom::clock::now_ms;
use crate::dom::solver_worker::SolverWorker;
use crate::state::{BenchChange, BenchState};
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_engine::worker::Report;
use sudoku_page::benchmark::Benchmark;
use sudoku_page::client::Client;
use yew::prelude::*;

/// The workers of the benchmark numbered `serial`, by lane, while it runs.
#[derive(Default)]
struct LaneWorkers {
    serial: u64,
    workers: Vec<Option<SolverWorker>>,
}

type Lanes = Rc<RefCell<LaneWorkers>>;

/// Gives each live lane a worker with its orders, and ends the workers of lanes no longer
/// live; a worker that cannot start fails its lane.
fn assign_workers(lanes: &Lanes, bench: &BenchState, dispatch: &UseReducerDispatcher<BenchState>) {
    let mut hired = lanes.borrow_mut();
    let Some(run) = bench.shown.as_ref() else {
        return hired.workers.clear();
    };
    if hired.serial != bench.serial {
        *hired = LaneWorkers {
            serial: bench.serial,
            workers: Vec::new(),
        };
    }
    let live = run.live();
    let workers = &mut hired.workers;
    workers.resize_with(run.lanes.len(), || None);
    let mut broken = Vec::new();
    for (i, slot) in workers.iter_mut().enumerate() {
        if !live.contains(&i) {
            *slot = None;
        } else if slot.is_none() {
            match SolverWorker::spawn() {
                Ok(worker) => {
                    worker.with(|c| {
                        for order in run.orders(i) {
                            c.bench(&order);
                        }
                    });
                    *slot = Some(worker);
                }
                Err(why) => broken.push((i, Report::Failed(why))),
            }
        }
    }
    if !broken.is_empty() {
        dispatch.dispatch(BenchChange::Answer(broken, now_ms()));
    }
}

/// One display frame: the answers that came in since the last, to the benchmark.
fn bench_frame(lanes: &Lanes, dispatch: &UseReducerDispatcher<BenchState>) {
    let answers: Vec<(usize, Report)> = (lanes.borrow().workers.iter().enumerate())
        .filter_map(|(i, w)| Some((i, w.as_ref()?.with(Client::frame))))
        .flat_map(|(i, answers)| answers.into_iter().map(move |n| (i, n)))
        .collect();
    if !answers.is_empty() {
        dispatch.dispatch(BenchChange::Answer(answers, now_ms()));
    }
}

/// Carries out the benchmark shown in workers of its own.
#[hook]
pub fn use_benchmark(bench: &UseReducerHandle<BenchState>) {
    let lanes: Lanes = use_mut_ref(LaneWorkers::default);
    let running = bench.shown.as_ref().is_some_and(Benchmark::running);
    // Each live lane has a worker; a lane done, or the benchmark over, ends its worker.
    {
        let (lanes, bench) = (lanes.clone(), bench.clone());
        let live = bench.shown.as_ref().map(Benchmark::live);
        use_effect_with((bench.serial, live), move |_| {
            assign_workers(&lanes, &bench, &bench.dispatcher())
        });
    }
    let dispatch = bench.dispatcher();
    use_frame_loop(running.then_some(bench.serial), move |_| {
        Box::new(move |_| bench_frame(&lanes, &dispatch))
    });
}
