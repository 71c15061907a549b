//! The solver worker's entry point: a run of messages, each either any bytes or a well-formed
//! order (any solver, board, puzzle with or without killer cages, pace, work per tick, benchmark
//! limit, referee's look, hint, New puzzle's request, a picture to find a grid in or read), read
//! and carried out by the worker's host as in the browser, on a clock that moves half a minute
//! per reading (a benchmark order, at most 60 s, ends within two ticks, so eight of them on big
//! boards stay within the timeout). No panic, no order that never ends, no snapshot called
//! solved that the rules (and cages) refuse, and no puzzle made that lacks a unique solution.
#![no_main]

use ising_sudoku_fuzz::common::obeys_the_rules;
use ising_sudoku_fuzz::{caged, puzzle, shape};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use sudoku_engine::board::DigitSet;
use sudoku_engine::exact;
use sudoku_engine::generate::Request;
use sudoku_engine::grade::Difficulty;
use sudoku_engine::read::Picture;
use sudoku_engine::registry::SolverKind;
use sudoku_engine::samples::{SETS, SampleSet};
use sudoku_engine::step::{Mark, RunState};
use sudoku_engine::worker::{self, Host, Job, Order, Pace, Report};

fuzz_target!(|bytes: &[u8]| {
    let _ = run(&mut Unstructured::new(bytes));
});

fn run(u: &mut Unstructured) -> Result<()> {
    let mut host = Host::default();
    let mut now = 0.0;
    let mut clock = || {
        now += 30_000.0;
        now
    };
    let mut started = None;
    for _ in 0..u.int_in_range(1..=8)? {
        let message = match u.arbitrary::<bool>()? {
            true => worker::encode(&order(u)?),
            false => u.arbitrary::<Vec<u8>>()?,
        };
        let Ok(order) = worker::decode::<Order>(&message) else {
            continue;
        };
        let job = match &order {
            Order::Start(job) => Some(job.puzzle.clone()),
            _ => None,
        };
        let asked = match &order {
            Order::Solution { puzzle, .. } => Some(puzzle.clone()),
            _ => None,
        };
        let report = host.handle(order, &mut clock);
        if let Some(grid) = job {
            started = matches!(report, Report::Snapshot(_)).then_some(grid);
        }
        if let Report::Made(Ok(made)) = &report {
            assert_eq!(
                exact::count(&made.puzzle, 2).map(|c| c.solutions),
                Ok(1),
                "{}",
                made.puzzle.to_line()
            );
        }
        if let (Report::Solution(Ok(solution)), Some(grid)) = (&report, &asked) {
            let cells: Vec<Mark> = solution.digits().iter().map(|&d| Mark::Digit(d)).collect();
            assert!(obeys_the_rules(grid, &cells), "{}", grid.to_line());
        }
        if let (Report::Snapshot(snapshot), Some(grid)) = (&report, &started)
            && snapshot.frame.state == RunState::Solved
        {
            assert!(
                obeys_the_rules(grid, &snapshot.frame.cells),
                "{}",
                grid.to_line()
            );
        }
    }
    Ok(())
}

/// A well-formed order: what the page sends, with any values in its fields.
fn order(u: &mut Unstructured) -> Result<Order> {
    let names = SolverKind::names();
    let solver = match u.arbitrary::<bool>()? {
        true => u.choose(&names)?.to_string(),
        false => u.arbitrary()?,
    };
    let board = shape(u)?;
    let puzzle = puzzle(u, board)?;
    let puzzle = caged(u, puzzle)?;
    // One round of belief propagation on a 16×16 board takes seconds in this instrumented build
    // (each unit's messages sum over 2¹⁶ subsets of digits): a benchmark's two rounds pass the
    // timeout, so those solvers run here on boards up to 9×9.
    let slow = board.cells() > 81 && solver.starts_with("bp");
    Ok(match u.int_in_range(0..=9)? {
        0 if !slow => Order::Start(Job {
            solver,
            puzzle,
            seed: u.arbitrary()?,
            max_restarts: u.arbitrary()?,
            watched: u.arbitrary()?,
        }),
        1 => Order::Advance {
            pace: match u.int_in_range(0..=2u8)? {
                0 => Pace::Tick,
                1 => Pace::Watch,
                _ => Pace::For(u.arbitrary()?),
            },
            moves_per_tick: u.arbitrary()?,
        },
        2 => {
            let set = u.choose(&SETS)?;
            let (set, index) = match u.arbitrary::<bool>()? {
                true => (set.name.to_string(), u.int_in_range(0..=set.count)?),
                false => (u.arbitrary()?, u.arbitrary()?),
            };
            // The 16×16 sample under belief propagation: as slow as `slow` says.
            let solver = match SampleSet::named(&set).is_some_and(|s| s.side > 9) {
                true if solver.starts_with("bp") => "exact".to_string(),
                _ => solver,
            };
            Order::Bench {
                solver,
                set,
                index,
                seed: u.arbitrary()?,
                seconds: u.arbitrary()?,
            }
        }
        // The referee's look and New puzzle's steps are bounded but slow on big boards in this
        // instrumented build (seconds on an empty 25×25 under every rule): eight of them would
        // pass the timeout.
        3 if board.cells() <= 81 => Order::Judge(puzzle),
        7 if board.cells() <= 81 => Order::Solution {
            entries: self::puzzle(u, board)?,
            puzzle,
        },
        8 if board.cells() <= 81 => Order::Hint {
            entries: self::puzzle(u, board)?,
            puzzle,
            marks: (u.arbitrary::<Vec<(usize, u32)>>()?.into_iter())
                .filter_map(|(cell, bits)| Some((cell, DigitSet::try_from(bits).ok()?)))
                .collect(),
        },
        4 if board.cells() <= 81 => Order::Make {
            request: Request {
                shape: board,
                difficulty: match u.arbitrary::<bool>()? {
                    true => Some(*u.choose(&Difficulty::ALL)?),
                    false => None,
                },
                symmetric: u.arbitrary()?,
                killer: u.arbitrary()?,
            },
            seed: u.arbitrary()?,
        },
        5 | 6 => {
            // A small picture of any pixels: finding or reading a grid in it.
            let (width, height) = (u.int_in_range(1..=96)?, u.int_in_range(1..=96)?);
            let luma = (0..width * height)
                .map(|_| u.arbitrary::<u8>())
                .collect::<Result<Vec<u8>>>()?;
            match Picture::from_luma(width, height, luma) {
                Ok(picture) if u.arbitrary::<bool>()? => Order::FindGrid(picture),
                Ok(picture) => Order::Read(picture),
                Err(_) => Order::KeepMaking,
            }
        }
        _ => Order::KeepMaking,
    })
}
