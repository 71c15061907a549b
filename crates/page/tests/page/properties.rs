//! Properties over random and adversarial puzzles, on every board and rule set small enough to
//! check from first principles: what any solver calls solved obeys the rules (written in
//! `common`, not the engine's checker) and keeps every given; a puzzle without a solution is
//! never called solved; the exact search counts as a plain backtracker does; the text, link and
//! QUBO formats round-trip; readers of bytes, links and pictures never panic; and no sequence of actions
//! breaks the page.

// proptest is a native dev-dependency (the wasm32 lint pass compiles the tests too).
#![cfg(not(target_arch = "wasm32"))]

use crate::common;

use common::{PlayedWorker, brute_count, digits, obeys, proptest_cases, rules_of};
use proptest::prelude::*;
use std::cell::Cell;
use sudoku_engine::board::{Grid, Rules, Shape};
use sudoku_engine::exact;
use sudoku_engine::generate::{Generator, Request};
use sudoku_engine::hint::Hint;
use sudoku_engine::qubo::Qubo;
use sudoku_engine::read;
use sudoku_engine::worker::{self, Failure, Order, Report};
use sudoku_engine::{Mark, RunState, SolverKind};
use sudoku_page::link::{self, View};
use sudoku_page::page::{Action, Edit, Layer, Page, Speed};

thread_local! {
    static NOW: Cell<f64> = const { Cell::new(0.0) };
}

/// A clock that advances one millisecond per reading.
fn clock() -> f64 {
    NOW.with(|now| {
        now.set(now.get() + 1.0);
        now.get()
    })
}

/// The rule set of the low four bits, without windoku where the boxes are not square.
fn shape_with(box_rows: usize, box_cols: usize, bits: u8) -> Shape {
    let base = Shape::new(box_rows, box_cols).expect("a board");
    let rules = rules_of(bits);
    base.with_rules(rules)
        .or_else(|| base.with_rules(rules.without(Rules::WINDOKU)))
        .unwrap_or(base)
}

/// 4×4 and 6×6 boards under any rules: small enough for the plain backtracker.
fn small_shape() -> impl Strategy<Value = Shape> {
    (prop_oneof![Just((2, 2)), Just((2, 3))], 0u8..16).prop_map(|((r, c), b)| shape_with(r, c, b))
}

/// Givens scattered at random, digits at random: mostly broken, some without a solution, some
/// with many.
fn scattered(shape: Shape, density: f64) -> impl Strategy<Value = Grid> {
    let n = shape.size() as u8;
    proptest::collection::vec(proptest::option::weighted(density, 1..=n), shape.cells()).prop_map(
        move |cells| {
            let mut grid = Grid::empty(shape);
            for (cell, digit) in cells.into_iter().enumerate() {
                grid.set(cell, digit);
            }
            grid
        },
    )
}

/// A puzzle with a solution: a random grid under the rules (from the generator, seeded), with a
/// random share of its cells blanked.
fn solvable(shape: Shape) -> impl Strategy<Value = Option<Grid>> {
    (
        any::<u64>(),
        proptest::collection::vec(any::<bool>(), shape.cells()),
    )
        .prop_map(move |(seed, keep)| {
            let request = Request {
                shape,
                difficulty: None,
                symmetric: false,
                killer: false,
            };
            let mut grid = Generator::new(request, seed).run().ok()?.solution;
            for (cell, kept) in keep.into_iter().enumerate() {
                if !kept {
                    grid.set(cell, None);
                }
            }
            Some(grid)
        })
}

/// Runs every solver that takes `puzzle` for at most `ticks` ticks at its slowest speed and
/// returns what each ended with.
fn run_all(puzzle: &Grid, seed: u64, ticks: u64) -> Vec<(SolverKind, RunState, Vec<Mark>)> {
    SolverKind::all()
        .filter(|k| (k.supports)(puzzle.shape()))
        .filter_map(|kind| {
            let config = sudoku_engine::RunConfig {
                moves_per_tick: kind.speeds[0],
                ..kind.run_config(seed)
            };
            let mut solver = kind.start(puzzle, config).ok()?;
            while solver.frame().state == RunState::Running && solver.frame().ticks < ticks {
                solver.tick();
            }
            let frame = solver.frame();
            Some((kind, frame.state, frame.cells.clone()))
        })
        .collect()
}

/// Cases per property: 64 in every `cargo test`, more with `PROPTEST_CASES=N`
/// (docs/RELIABILITY.md records a long run).
fn config() -> ProptestConfig {
    ProptestConfig::with_cases(proptest_cases(64))
}

proptest! {
    #![proptest_config(config())]

    /// Every solver on small boards, broken or solvable puzzles alike: "solved" means solved,
    /// and a puzzle without a solution is never called solved.
    #[test]
    fn what_a_solver_calls_solved_obeys_every_rule_and_given_on_small_boards(
        (puzzle, seed) in small_shape().prop_flat_map(|s| {
            (prop_oneof![
                scattered(s, 0.25),
                solvable(s).prop_map(move |p| p.unwrap_or_else(|| Grid::empty(s))),
            ], any::<u64>())
        })
    ) {
        let shape = puzzle.shape();
        let solutions = brute_count(shape, shape.rules(), &puzzle, 1);
        for (kind, state, cells) in run_all(&puzzle, seed, 200) {
            if state == RunState::Solved {
                prop_assert!(solutions > 0, "{kind} solved a puzzle without a solution: {}", puzzle.to_line());
                prop_assert!(
                    obeys(shape, shape.rules(), &puzzle, &digits(&cells)),
                    "{kind} claims {:?} for {}", digits(&cells), puzzle.to_line()
                );
            }
        }
    }

    /// The same on 9×9 under any rules, puzzles with a solution and scattered givens (fewer
    /// cases: the solvers' runs are longer here).
    #[test]
    fn what_a_solver_calls_solved_obeys_every_rule_and_given_on_9x9(
        (puzzle, seed) in (0u8..16).prop_map(|b| shape_with(3, 3, b)).prop_flat_map(|s| {
            (prop_oneof![
                scattered(s, 0.15),
                solvable(s).prop_map(move |p| p.unwrap_or_else(|| Grid::empty(s))),
            ], any::<u64>())
        })
    ) {
        let shape = puzzle.shape();
        for (kind, state, cells) in run_all(&puzzle, seed, 60) {
            if state == RunState::Solved {
                prop_assert!(
                    obeys(shape, shape.rules(), &puzzle, &digits(&cells)),
                    "{kind} claims {:?} for {}", digits(&cells), puzzle.to_line()
                );
            }
        }
    }

    /// The exact search's count is the plain backtracker's, up to three, under every rule set.
    #[test]
    fn the_exact_count_agrees_with_a_plain_backtracker(puzzle in small_shape().prop_flat_map(|s| scattered(s, 0.2))) {
        let shape = puzzle.shape();
        let plain = brute_count(shape, shape.rules(), &puzzle, 3);
        match exact::count(&puzzle, 3) {
            Ok(counted) => prop_assert_eq!(counted.solutions, plain, "{}", puzzle.to_line()),
            // Refused on its face (a repeated given): then there is nothing to count.
            Err(_) => prop_assert_eq!(plain, 0, "{}", puzzle.to_line()),
        }
    }

    /// Text, links and the QUBO export give back what they were given.
    #[test]
    fn text_links_and_qubo_round_trip(
        puzzle in (prop_oneof![Just((2, 2)), Just((2, 3)), Just((3, 3))], 0u8..16)
            .prop_map(|((r, c), b)| shape_with(r, c, b))
            .prop_flat_map(|s| scattered(s, 0.3)),
        solver in 0..SolverKind::all().count(),
        bits in proptest::collection::vec(any::<bool>(), 729),
    ) {
        let shape = puzzle.shape();
        let reread = Grid::parse_shaped(shape, &puzzle.to_line());
        prop_assert_eq!(reread.as_ref(), Ok(&puzzle));
        let kind = SolverKind::all().nth(solver).expect("in range");
        let read = link::read(&link::write(&puzzle, kind));
        if puzzle.filled() == 0 {
            // An empty board's link names only its board (nothing for a plain 9×9).
            prop_assert_eq!(read.puzzle, None);
            prop_assert_eq!(read.shape.unwrap_or(Shape::CLASSIC), shape);
        } else {
            prop_assert_eq!(read.puzzle.as_ref(), Some(&puzzle));
        }
        prop_assert_eq!(read.solver, Some(kind));
        prop_assert_eq!(read.problem, None);
        // The export read back as a polynomial gives the same energy as the model, bit for bit.
        let qubo = Qubo::sudoku(&puzzle, 2);
        let json: serde_json::Value = serde_json::from_str(&qubo.to_json()).expect("JSON");
        let x: Vec<bool> = bits.into_iter().cycle().take(qubo.variables()).collect();
        let terms = json["binary_polynomial"]["terms"].as_array().expect("terms");
        let energy: i64 = terms.iter().map(|t| {
            let c = t["coefficient"].as_i64().expect("an integer");
            let on = (t["polynomials"].as_array().expect("indices").iter())
                .all(|i| x[i.as_u64().expect("an index") as usize]);
            if on { c } else { 0 }
        }).sum();
        prop_assert_eq!(energy, qubo.energy(&x));
    }

    /// Any bytes to a worker: an order or a refusal in words, never a panic.
    #[test]
    fn a_worker_reads_any_bytes_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        if let Ok(order) = worker::decode::<Order>(&bytes) {
            let mut host = worker::Host::default();
            let mut now = 0.0;
            // A decoded Bench or Start order still goes through every check a real one does.
            let order = match order {
                Order::Bench { solver, set, index, seed, .. } => Order::Bench { solver, set, index, seed, seconds: 0.01 },
                other => other,
            };
            let report = host.handle(order, &mut || { now += 1.0; now });
            prop_assert!(!matches!(report, Report::Failed(Failure::Crashed(_))));
        }
        let _ = worker::decode::<Report>(&bytes);
    }

    /// Any text as a link, markup, emoji and right-to-left text included: a grid of a board the
    /// page offers (or none), and no panic.
    #[test]
    fn any_link_reads_to_a_board_the_page_offers(query in "\\PC{0,300}") {
        let read = link::read(&query);
        if let Some(grid) = read.puzzle {
            prop_assert!(Shape::playable(grid.shape().cells()).is_some());
            prop_assert_eq!(Some(grid.shape()), read.shape);
        }
    }

    /// Any picture, a grid drawn on it or not: the reader answers without panicking, finds a
    /// grid (of any size) exactly when its live preview does, and marks what it changed as
    /// unsure.
    #[test]
    fn the_photo_reader_reads_any_picture(
        width in 1usize..96,
        height in 1usize..96,
        seed in proptest::collection::vec(any::<u8>(), 1..64),
        lines in proptest::collection::vec((any::<bool>(), 0.0f32..1.0), 0..24),
    ) {
        let mut luma: Vec<u8> = (0..width * height).map(|i| seed[i % seed.len()]).collect();
        for (across, at) in lines {
            let (long, short) = if across { (width, height) } else { (height, width) };
            let fixed = ((at * short as f32) as usize).min(short - 1);
            for k in 0..long {
                let (x, y) = if across { (k, fixed) } else { (fixed, k) };
                luma[y * width + x] = 0;
            }
        }
        let picture = read::Picture::from_luma(width, height, luma).expect("a picture");
        let found = read::find_grid(&picture);
        match read::read(&picture) {
            Ok(reading) => {
                prop_assert!(found.is_some());
                prop_assert!(reading.corrected.iter().all(|c| reading.unsure.contains(c)));
            }
            Err(read::ReadError::NoGrid) => prop_assert_eq!(found, None),
            Err(read::ReadError::OtherSize { side }) => {
                prop_assert!(found.is_some() && side != 9 && side != 16);
            }
            Err(read::ReadError::RunsOff) => prop_assert!(found.is_some()),
            Err(e) => prop_assert!(false, "{e:?}"),
        }
    }

    /// Any sequence of what a person can do, with any text typed or pasted: the page keeps a
    /// consistent state and never panics.
    #[test]
    fn no_sequence_of_actions_breaks_the_page(actions in proptest::collection::vec(step(), 1..40)) {
        let mut page = Page::open(&link::read(""), clock);
        let mut worker = PlayedWorker::new(clock);
        for action in actions {
            match action {
                Some(action) => page.apply(action),
                None => worker.frame(&mut page),
            }
            let cells = page.board.sheet.entries.shape().cells();
            prop_assert_eq!(page.cells().len(), cells);
            prop_assert!(page.board.selected.is_none_or(|c| c < cells));
            prop_assert_eq!(page.work().is_some(), page.status.phase == sudoku_page::page::Phase::Running);
            prop_assert!(!page.address.query.contains(['<', '>', '"', ' ']));
            // The givens lie under the entries, on their board; marks and wrong entries are
            // only of open cells and progress.
            prop_assert_eq!(page.board.sheet.givens.shape(), page.board.sheet.entries.shape());
            prop_assert!((0..cells).all(|c| page.board.sheet.givens.get(c).is_none_or(|d| page.board.sheet.entries.get(c) == Some(d))));
            prop_assert_eq!(page.board.sheet.marks.len(), cells);
            // Check's marks are on digits shown that are not givens: entries, or a stopped run's.
            let shown = page.cells();
            prop_assert!(page.findings.wrong.iter().all(|&c| !page.board.sheet.given(c) && shown[c].digit.is_some()));
            // A step shown is still a step on the board: any edit clears it.
            if let Some(Hint::Step(step)) = &page.findings.hint {
                let position = page.board.position();
                prop_assert!(step.placements.iter().all(|&(c, _)| page.board.sheet.entries.get(c).is_none()));
                prop_assert!(step.eliminations.iter().all(|&(c, d)| position.has(c, d)));
            }
        }
    }
}

/// One thing a person can do, or (`None`) an animation frame with the worker's answers.
fn step() -> impl Strategy<Value = Option<Action>> {
    prop_oneof![4 => action().prop_map(Some), 1 => Just(None)]
}

/// One thing a person can do to the page, with arbitrary text where there is text.
fn action() -> impl Strategy<Value = Action> {
    let text = prop_oneof![
        "[1-9]",
        "\\PC{0,3}",
        "[0-9a-zA-Z.]{16,90}",
        Just("٣".to_string()),
        Just("\u{202e}12\u{1F600}".to_string()),
    ];
    prop_oneof![
        (0..625usize, text.clone())
            .prop_map(|(cell, text)| Action::Edit(Edit::Typed { cell, text })),
        (0..625usize, text).prop_map(|(cell, text)| Action::Edit(Edit::Pasted { cell, text })),
        (0..30u8).prop_map(|d| Action::Pad((d > 0).then_some(d))),
        (0..700usize).prop_map(Action::Select),
        (0..SolverKind::all().count())
            .prop_map(|i| Action::Choose(SolverKind::all().nth(i).expect("in range"))),
        any::<u64>().prop_map(|seed| Action::Solve { seed }),
        Just(Action::Stop),
        Just(Action::Clear),
        Just(Action::Undo),
        Just(Action::Redo),
        Just(Action::Check),
        Just(Action::Hint),
        Just(Action::Apply),
        Just(Action::Pencil),
        any::<bool>().prop_map(Action::ShowMarks),
        prop_oneof![
            Just(Speed::Steady(1)),
            Just(Speed::Watch),
            Just(Speed::Fastest)
        ]
        .prop_map(Action::Speed),
        prop_oneof![Just(Layer::Digits), Just(Layer::Spins)].prop_map(Action::Show),
        (
            prop_oneof![Just((2, 2)), Just((2, 3)), Just((3, 3))],
            0u8..16
        )
            .prop_map(|((r, c), b)| Action::Resize(shape_with(r, c, b))),
        (0u8..16).prop_map(|b| Action::Rules(shape_with(3, 3, b).rules())),
        "\\PC{0,120}".prop_map(|q| Action::Open(link::read(&q))),
        prop_oneof![Just(View::Solve), Just(View::Race), Just(View::Bench)]
            .prop_map(|view| Action::View { view }),
    ]
}
