//! Every solver's entry point, as the page, the worker and the command line call it: the
//! referee's judgement and the grader on any puzzle of any board and rules, then any registered
//! solver started with any seed, restart limit and offered speed and ticked a few times. No
//! panic, and whatever a solver calls solved obeys every rule and keeps every given (checked by
//! the tests' own rules, not the engine's checker).
#![no_main]

use ising_sudoku_fuzz::common::obeys_the_rules;
use ising_sudoku_fuzz::{puzzle, shape};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use sudoku_engine::board::Geometry;
use sudoku_engine::registry::SolverKind;
use sudoku_engine::step::{RunConfig, RunState};
use sudoku_engine::{grade, referee};

fuzz_target!(|bytes: &[u8]| {
    let _ = run(&mut Unstructured::new(bytes));
});

fn run(u: &mut Unstructured) -> Result<()> {
    let shape = shape(u)?;
    let puzzle = puzzle(u, shape)?;
    let _ = referee::verdict(&puzzle);
    let _ = grade::grade(&Geometry::of(shape), &puzzle);
    let kinds: Vec<SolverKind> = SolverKind::all().collect();
    let kind = *u.choose(&kinds)?;
    let config = RunConfig {
        moves_per_tick: *u.choose(kind.speeds)?,
        max_restarts: u.arbitrary()?,
        ..kind.run_config(u.arbitrary()?)
    };
    let Ok(mut solver) = kind.start(&puzzle, config) else {
        return Ok(());
    };
    // A few ticks (runs to the end are the property tests' work), fewer on big boards, where
    // ticks are slow: every input ends well within the timeout, and inputs stay many.
    let ticks = u.int_in_range(1..=if shape.cells() > 81 { 2 } else { 12 })?;
    for _ in 0..ticks {
        let frame = solver.tick();
        if frame.state == RunState::Solved {
            assert!(
                obeys_the_rules(&puzzle, &frame.cells),
                "{} called {} solved",
                kind.name,
                puzzle.to_line()
            );
        }
        if frame.state != RunState::Running {
            break;
        }
    }
    Ok(())
}
