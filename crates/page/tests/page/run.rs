//! A run in a worker as the page follows it, natively: its job, its reports taken in, a claimed
//! solution held to the checker, and its end by Stop or by a broken worker.

use crate::common;

use common::{famous, kind};
use sudoku_engine::step::RunState;
use sudoku_engine::worker::{Failure, Host, Order, Pace, Report, Snapshot};
use sudoku_page::run::{Ids, RunId, WorkerRun};

/// The next report of `run`'s worker, played by `host`.
fn report(host: &mut Host, run: &WorkerRun, clock: &mut dyn FnMut() -> f64) -> Snapshot {
    let work = run.work().expect("the run works");
    let order = Order::Advance {
        pace: work.pace,
        moves_per_tick: work.moves_per_tick,
    };
    match host.handle(order, clock) {
        Report::Snapshot(s) => *s,
        other => panic!("{other:?}"),
    }
}

fn started(name: &str, pace: Pace) -> (WorkerRun, Host) {
    let (puzzle, _) = &famous()[0];
    let kind = kind(name);
    let run = WorkerRun::new(RunId(1), kind, puzzle, 3, pace, kind.fastest(), 10.0);
    let mut host = Host::default();
    host.handle(Order::Start(run.job.clone()), &mut || 0.0);
    (run, host)
}

#[test]
fn a_run_takes_its_reports_to_a_checked_end_and_then_takes_no_more() {
    let (puzzle, _) = &famous()[0];
    let (mut run, mut host) = started("exact", Pace::For(50.0));
    assert_eq!(
        (run.job.solver.as_str(), run.job.seed, run.job.max_restarts),
        ("exact", 3, Some(kind("exact").max_restarts))
    );
    let mut now = 10.0;
    let mut clock = || 0.0;
    while run.running() {
        now += 5.0;
        let snapshot = report(&mut host, &run, &mut clock);
        assert!(run.record(puzzle, snapshot, now));
    }
    assert_eq!(run.state(), RunState::Solved);
    assert_eq!(run.elapsed_ms, now - 10.0);
    assert!(
        run.work().is_none(),
        "nothing more is asked of a finished run"
    );
    let points = run.trace.samples.len();
    let late = run.frame.as_ref().map(|f| Snapshot {
        frame: (**f).clone(),
        samples: vec![f.sample],
        compute_ms: 0.0,
    });
    assert!(!run.record(puzzle, late.expect("a frame"), now + 1.0));
    assert_eq!(
        run.trace.samples.len(),
        points,
        "a report after the end is dropped"
    );
}

#[test]
fn a_claimed_solution_the_checker_refuses_ends_the_run_as_given_up() {
    let (puzzle, _) = &famous()[0];
    let (mut run, mut host) = started("exact", Pace::For(50.0));
    let mut clock = || 0.0;
    let mut snapshot = report(&mut host, &run, &mut clock);
    while snapshot.frame.state == RunState::Running {
        snapshot = report(&mut host, &run, &mut clock);
    }
    snapshot.frame.cells.swap(0, 1);
    assert!(run.record(puzzle, snapshot, 20.0));
    assert_eq!(run.state(), RunState::GaveUp);
}

#[test]
fn a_halt_or_a_broken_worker_stops_the_run_where_it_was() {
    let (puzzle, _) = &famous()[0];
    let (mut run, mut host) = started("ising-faithful", Pace::Tick);
    let snapshot = report(&mut host, &run, &mut || 0.0);
    assert!(run.record(puzzle, snapshot, 12.0));
    run.halt(40.0);
    assert_eq!((run.state(), run.elapsed_ms), (RunState::Stopped, 30.0));
    run.halt(90.0);
    assert_eq!(run.elapsed_ms, 30.0, "a second halt changes nothing");
    let (mut broken, _) = started("ising", Pace::Tick);
    broken.break_off(Failure::Crashed("boom".to_string()));
    assert_eq!(broken.state(), RunState::Stopped);
    assert_eq!(broken.broken, Some(Failure::Crashed("boom".to_string())));
    assert!(broken.work().is_none());
}

#[test]
fn identities_are_issued_once_each() {
    let mut ids = Ids::default();
    let (a, b): (RunId, RunId) = (ids.issue(), ids.issue());
    assert_ne!(a, b);
    assert!(b > a);
}
