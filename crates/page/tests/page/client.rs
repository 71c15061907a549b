//! The page's side of a worker, natively: a client and a host joined by bytes, as the browser
//! joins them, with reports matched to the run or the puzzle they were asked for.

use crate::common;

use common::{famous, kind};
use sudoku_engine::board::Shape;
use sudoku_engine::generate::{Generator, Request};
use sudoku_engine::grade::Difficulty;
use sudoku_engine::read::{Picture, Point, Quad, ReadError, Reading};
use sudoku_engine::referee::Verdict;
use sudoku_engine::step::RunState;
use sudoku_engine::worker::{self, Failure, Host, Order, Pace, Report};
use sudoku_page::client::{Client, Task};
use sudoku_page::run::{JudgeId, MakingId, RunId, WorkerRun};

/// A clock that advances one millisecond per reading.
fn clock() -> impl FnMut() -> f64 {
    let mut now = 0.0;
    move || {
        now += 1.0;
        now
    }
}

/// Carries every order the client has to send to `host`, and each report back, until both are
/// quiet or `rounds` have passed.
fn deliver(client: &mut Client, host: &mut Host, clock: &mut dyn FnMut() -> f64, rounds: usize) {
    for _ in 0..rounds {
        let outgoing = client.outgoing();
        if outgoing.is_empty() {
            return;
        }
        for bytes in outgoing {
            let order: Order = worker::decode(&bytes).expect("an order");
            client.receive(&worker::encode(&host.handle(order, clock)));
        }
    }
}

fn listening() -> Client {
    let mut client = Client::default();
    client.receive(&worker::encode(&Report::Listening));
    client
}

fn run(id: u64, name: &str, pace: Pace) -> WorkerRun {
    let (puzzle, _) = &famous()[0];
    let kind = kind(name);
    WorkerRun::new(RunId(id), kind, puzzle, 7, pace, kind.fastest(), 0.0)
}

#[test]
fn orders_wait_until_the_worker_listens() {
    let mut client = Client::default();
    let run = run(1, "exact", Pace::Tick);
    client.start(&run.work().expect("a fresh run works"));
    assert!(
        client.outgoing().is_empty(),
        "nothing posted before Listening"
    );
    client.receive(&worker::encode(&Report::Listening));
    assert_eq!(
        client.outgoing().len(),
        2,
        "the start and its first advance"
    );
}

#[test]
fn an_animated_run_advances_a_tick_per_frame_and_reaches_a_checked_solution() {
    let (puzzle, _) = &famous()[0];
    let (mut client, mut host, mut clock) = (listening(), Host::default(), clock());
    let mut run = run(1, "exact", Pace::Tick);
    client.start(&run.work().expect("works"));
    for _ in 0..10_000 {
        deliver(&mut client, &mut host, &mut clock, 4);
        for answers in client.frame() {
            match answers {
                Report::Snapshot(s) => {
                    assert!(run.record(puzzle, *s, 0.0));
                }
                other => panic!("{other:?}"),
            }
        }
        if !run.running() {
            break;
        }
    }
    assert_eq!(run.state(), RunState::Solved);
    let ticks = run.frame.as_ref().map(|f| f.ticks);
    assert_eq!(
        ticks,
        Some(run.trace.samples.len() as u64),
        "every point kept"
    );
}

#[test]
fn as_fast_as_possible_asks_again_at_once_and_a_frame_gets_every_point_since_the_last() {
    let (mut client, mut host, mut clock) = (listening(), Host::default(), clock());
    let run = run(1, "ising-faithful", Pace::For(5.0));
    client.start(&run.work().expect("works"));
    deliver(&mut client, &mut host, &mut clock, 3);
    let answers = client.frame();
    let [Report::Snapshot(s)] = answers.as_slice() else {
        panic!("{answers:?}");
    };
    let ticks: Vec<u64> = s.samples.iter().map(|p| p.tick).collect();
    assert_eq!(ticks, (1..=s.frame.ticks).collect::<Vec<_>>());
    assert!(ticks.len() > 2, "three slices merged into one snapshot");
}

#[test]
fn reports_for_a_run_let_go_are_dropped_and_a_refused_run_breaks() {
    let (mut client, mut host, mut clock) = (listening(), Host::default(), clock());
    client.start(&run(1, "exact", Pace::Tick).work().expect("works"));
    client.halt();
    deliver(&mut client, &mut host, &mut clock, 1);
    assert!(
        client.frame().is_empty(),
        "a halted run's answers are dropped"
    );
    let mut bad = run(2, "exact", Pace::Tick);
    bad.job.solver = "magic".to_string();
    client.start(&bad.work().expect("works"));
    deliver(&mut client, &mut host, &mut clock, 1);
    let answers = client.frame();
    assert!(
        matches!(answers.as_slice(), [Report::Failed(Failure::NoSolver(name))] if name == "magic"),
        "{answers:?}"
    );
}

#[test]
fn benchmark_answers_come_in_the_order_of_their_puzzles() {
    let (mut client, mut host, mut clock) = (listening(), Host::default(), clock());
    for index in 0..2 {
        let order = Order::Bench {
            solver: "exact".to_string(),
            set: "famous".to_string(),
            index,
            seed: 1,
            seconds: if index == 0 { 5.0 } else { -1.0 },
        };
        client.bench(&order);
    }
    deliver(&mut client, &mut host, &mut clock, 1);
    let answers = client.frame();
    assert!(
        matches!(
            answers.as_slice(),
            [
                Report::Benched(b),
                Report::Failed(Failure::LimitOutOfRange(_)),
            ] if b.solved
        ),
        "{answers:?}"
    );
}

#[test]
fn a_crash_or_unreadable_bytes_break_the_run_once() {
    let mut client = listening();
    let crash = Report::Failed(Failure::Crashed("boom".to_string()));
    client.receive(&worker::encode(&crash));
    client.receive(&[0xFF; 3]);
    let answers = client.frame();
    assert!(answers == [crash], "{answers:?}");
    assert!(client.dead());
}

#[test]
fn the_referee_and_new_puzzle_answer_in_the_worker_and_a_task_let_go_says_nothing() {
    let (mut client, mut host, mut clock) = (listening(), Host::default(), clock());
    let (puzzle, _) = &famous()[0];
    let mut twice = puzzle.clone();
    twice.set(1, puzzle.get(0));
    client.begin(&Task::Judge {
        id: JudgeId(1),
        puzzle: &twice,
    });
    deliver(&mut client, &mut host, &mut clock, 1);
    let answers = client.frame();
    assert!(
        matches!(answers.as_slice(), [Report::Judged(Verdict::Refuse { flagged, .. })] if flagged.contains(&1)),
        "{answers:?}"
    );
    // New puzzle comes slice by slice, each slice asked for as the last one is answered.
    let request = Request {
        shape: Shape::CLASSIC,
        difficulty: Some(Difficulty::Easy),
        symmetric: false,
        killer: false,
    };
    client.begin(&Task::Make {
        id: MakingId(2),
        request,
        seed: 9,
    });
    deliver(&mut client, &mut host, &mut clock, 10_000);
    let answers = client.frame();
    let [Report::Made(Ok(made))] = answers.as_slice() else {
        panic!("{answers:?}");
    };
    assert_eq!(Ok(made), Generator::new(request, 9).run().as_ref());
    // A look let go of before its answer, then a making replaced by another: only the last
    // task's answer arrives.
    client.begin(&Task::Judge {
        id: JudgeId(3),
        puzzle,
    });
    client.halt();
    client.begin(&Task::Make {
        id: MakingId(4),
        request,
        seed: 9,
    });
    client.begin(&Task::Make {
        id: MakingId(5),
        request,
        seed: 10,
    });
    deliver(&mut client, &mut host, &mut clock, 10_000);
    let answers = client.frame();
    let [Report::Made(Ok(made))] = answers.as_slice() else {
        panic!("{answers:?}");
    };
    assert_eq!(Ok(made), Generator::new(request, 10).run().as_ref());
}

#[test]
fn an_answer_not_yet_taken_when_its_task_is_let_go_is_not_the_next_tasks() {
    let (mut client, mut host, mut clock) = (listening(), Host::default(), clock());
    let (puzzle, solution) = &famous()[0];
    // The referee's look at a loaded puzzle is answered, but before the frame takes the answer
    // the person presses Check: that answer must not pass for Check's.
    client.begin(&Task::Judge {
        id: JudgeId(1),
        puzzle,
    });
    deliver(&mut client, &mut host, &mut clock, 1);
    client.begin(&Task::Solution {
        id: JudgeId(2),
        puzzle,
        entries: puzzle,
    });
    deliver(&mut client, &mut host, &mut clock, 1);
    let answers = client.frame();
    assert!(
        matches!(answers.as_slice(), [Report::Solution(Ok(found))] if found == solution),
        "{answers:?}"
    );
}

#[test]
fn a_picture_is_looked_at_and_read_in_the_worker_and_a_reading_off_its_board_breaks() {
    let (mut client, mut host, mut clock) = (listening(), Host::default(), clock());
    let blank = || Picture::from_luma(40, 30, vec![250; 1200]).expect("a picture");
    client.find_grid(blank());
    client.read(blank());
    deliver(&mut client, &mut host, &mut clock, 4);
    assert_eq!(
        client.frame(),
        [Report::Outline(None), Report::Read(Err(ReadError::NoGrid))]
    );
    // A reading whose cells are not on its board is a broken message, not a puzzle.
    let corner = Point { x: 0.0, y: 0.0 };
    let scanned = Reading {
        puzzle: famous()[0].0.clone(),
        confidence: vec![1.0; 81],
        unsure: vec![],
        corrected: vec![200],
        outline: Quad([corner; 4]),
    };
    client.read(blank());
    client.outgoing();
    client.receive(&worker::encode(&Report::Read(Ok(scanned))));
    assert!(matches!(
        client.frame().as_slice(),
        [Report::Failed(Failure::Unreadable(_))]
    ));
}
