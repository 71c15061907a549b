//! The benchmark view's state, natively: lanes scheduled one per core, answers taken, Stop.

use crate::common;

use common::kind;
use sudoku_engine::harness::Benched;
use sudoku_engine::samples::SETS;
use sudoku_engine::worker::{Failure, Order, Report};
use sudoku_page::benchmark::Benchmark;

/// The report on a puzzle of the sample, which solved it.
fn answer(_puzzle: usize) -> Report {
    Report::Benched(Benched {
        solved: true,
        seconds: 0.01,
        moves: 10,
    })
}

fn three_on_two_cores() -> Benchmark {
    let chosen = [kind("exact"), kind("ising"), kind("bp")];
    Benchmark::start(&SETS[0], &chosen, 5.0, 2, 100.0)
}

#[test]
fn lanes_take_the_cores_in_order_and_a_finished_lane_hands_its_core_on() {
    let mut run = three_on_two_cores();
    let total = SETS[0].count;
    assert_eq!(run.live(), vec![0, 1]);
    assert_eq!(
        run.status(),
        format!("Running: 0 of {} runs done, 0 solved.", 3 * total)
    );
    let orders = run.orders(0);
    assert_eq!(orders.len(), total);
    assert!(orders.iter().enumerate().all(|(i, o)| matches!(o,
        Order::Bench { solver, seed, seconds, .. }
            if solver == "exact" && *seed == 1 + i as u64 && *seconds == 5.0)));
    run.receive((0..total).map(|p| (0, answer(p))).collect(), 350.0);
    assert_eq!(
        run.live(),
        vec![1, 2],
        "the third lane starts on the freed core"
    );
    // The rates are over the times the solver took (0.01 s each), not the page's clock.
    let rate = run.lanes[0].report("x").puzzles_per_second;
    assert!((rate - 100.0).abs() < 1e-6, "{rate}");
    run.receive(
        vec![(1, Report::Failed(Failure::Crashed("boom".to_string())))],
        400.0,
    );
    assert_eq!(
        run.lanes[1].error,
        Some(Failure::Crashed("boom".to_string()))
    );
    assert_eq!(run.live(), vec![2]);
    run.receive((0..total).map(|p| (2, answer(p))).collect(), 500.0);
    assert!(!run.running());
    assert!(run.live().is_empty());
    assert!(run.markdown().contains("exact"), "{}", run.markdown());
}

#[test]
fn stop_ends_every_lane_and_later_answers_are_dropped() {
    let mut run = three_on_two_cores();
    run.receive(vec![(0, answer(0))], 200.0);
    run.stop();
    assert!(!run.running() && run.live().is_empty());
    run.receive(vec![(1, answer(0))], 300.0);
    assert_eq!(run.done(), 1);
    let total = 3 * SETS[0].count;
    assert_eq!(
        run.status(),
        format!("Stopped after 1 of {total} runs: 1 solved.")
    );
    // The copied table has a row for the one solver that ran, none of zeros for the others.
    let table = run.markdown();
    assert_eq!(table.lines().count(), 3, "{table}");
    assert!(table.contains("| exact |"), "{table}");
    // …which says it ran one puzzle of the sample, not that one was all.
    let count = SETS[0].count;
    assert!(table.contains(&format!("(1 of {count} run)")), "{table}");
    assert_eq!(run.not_run(&run.lanes[0]), count - 1);
}

#[test]
fn leaving_the_view_mid_run_stops_it_and_says_so_and_leaving_a_finished_one_says_nothing() {
    let mut run = three_on_two_cores();
    run.receive(vec![(0, answer(0))], 200.0);
    run.leave();
    assert!(!run.running() && run.live().is_empty());
    let total = 3 * SETS[0].count;
    assert_eq!(
        run.status(),
        format!("Stopped after 1 of {total} runs when you left the benchmark: 1 solved.")
    );
    // Stopped with Stop first: leaving afterwards does not claim it.
    let mut run = three_on_two_cores();
    run.stop();
    run.leave();
    assert_eq!(
        run.status(),
        format!("Stopped after 0 of {total} runs: 0 solved.")
    );
}

/// An answer for `puzzle` that did not solve it.
fn unsolved(_puzzle: usize) -> Report {
    Report::Benched(Benched {
        solved: false,
        seconds: 5.0,
        moves: 10,
    })
}

#[test]
fn done_says_how_many_runs_solved_of_how_many() {
    let mut run = Benchmark::start(&SETS[0], &[kind("exact"), kind("ising")], 5.0, 2, 0.0);
    let total = SETS[0].count;
    run.receive((0..total).map(|p| (0, answer(p))).collect(), 10.0);
    let answers = (0..total).map(|p| (1, if p < 2 { unsolved(p) } else { answer(p) }));
    run.receive(answers.collect(), 20.0);
    assert!(!run.running());
    let all = 2 * total;
    assert_eq!(
        run.status(),
        format!("Done: {} of {all} runs solved.", all - 2)
    );
}

#[test]
fn a_failed_worker_is_said_apart_from_stop() {
    let mut run = Benchmark::start(&SETS[0], &[kind("exact")], 5.0, 1, 0.0);
    let total = SETS[0].count;
    run.receive(
        vec![
            (0, answer(0)),
            (0, Report::Failed(Failure::Lost("boom".into()))),
        ],
        10.0,
    );
    assert!(!run.running());
    assert_eq!(
        run.status(),
        format!(
            "Done: 1 of {total} runs solved; {} not run, as a solver's worker failed.",
            total - 1
        )
    );
}

#[test]
fn no_solver_chosen_runs_nothing_and_says_so() {
    let run = Benchmark::start(&SETS[0], &[], 1.0, 4, 0.0);
    assert!(run.lanes.is_empty() && !run.running() && run.live().is_empty());
    assert_eq!(
        run.status(),
        "None of the chosen solvers takes this sample's board."
    );
}

#[test]
fn each_solver_rate_is_said_in_its_own_unit_of_work() {
    for kind in sudoku_engine::registry::SolverKind::all() {
        let rate = sudoku_words::rate(kind.work, 1234.4);
        assert_eq!(rate, format!("1,234 {}/s", kind.work.many), "{kind}");
        assert!(!rate.contains("moves"), "{kind}: {rate}");
    }
    assert_eq!(sudoku_words::rate(kind("exact").work, 2.0), "2 nodes/s");
}

#[test]
fn the_killer_sample_times_only_the_solvers_that_take_cages() {
    let killer = SETS.iter().find(|s| s.killer).expect("a killer sample");
    let all: Vec<_> = sudoku_engine::registry::SolverKind::all().collect();
    let run = Benchmark::start(killer, &all, 5.0, 2, 0.0);
    let timed: Vec<_> = run.lanes.iter().map(|l| l.kind).collect();
    let caged: Vec<_> = all.iter().copied().filter(|k| k.cages).collect();
    assert_eq!(timed, caged);
    assert!(!caged.is_empty() && caged.len() < all.len());
}
