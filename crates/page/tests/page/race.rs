//! The race, natively: the page's race state driven by hosts playing the workers' part.

use crate::common;

use common::{PlayedWorker, famous, kind, obeys_the_rules};
use std::cell::Cell;
use sudoku_engine::board::{Geometry, Grid, Rules, Shape};
use sudoku_engine::check;
use sudoku_engine::referee::{self, Verdict};
use sudoku_engine::registry::SolverKind;
use sudoku_engine::worker::{Failure, Host, Order, Pace, Report};
use sudoku_page::link::{self, View};
use sudoku_page::page::{Action, Edit, Page, Phase};
use sudoku_page::race::{RaceId, Settings, Standing};

thread_local! {
    static NOW: Cell<f64> = const { Cell::new(0.0) };
}

/// A clock the test moves by hand (milliseconds), and a little with every reading, as work does.
fn clock() -> f64 {
    NOW.with(|now| {
        now.set(now.get() + 0.25);
        now.get()
    })
}

fn wait(ms: f64) {
    NOW.with(|now| now.set(now.get() + ms));
}

fn racers(names: &[&str]) -> Vec<SolverKind> {
    SolverKind::all()
        .filter(|k| names.contains(&k.name))
        .collect()
}

/// The page as `query` opens it, once the referee has looked at its puzzle.
fn open(query: &str) -> Page {
    let mut page = Page::open(&link::read(query), clock);
    PlayedWorker::new(clock).settle(&mut page);
    page
}

/// The race view opened on `puzzle` with `settings`, started with Start the race, once the
/// referee has let the race begin.
fn race_page(puzzle: &Grid, settings: &Settings) -> Page {
    let mut page = open(&link::write(puzzle, kind("ising")));
    page.apply(Action::RaceSettings(settings.clone()));
    page.apply(Action::View { view: View::Race });
    assert!(!page.racing.racing(), "the race waits to be started");
    page.apply(Action::Race { seed: 5 });
    PlayedWorker::new(clock).settle(&mut page);
    page
}

/// Inkala's puzzle raced by the 2019 demo's model and the exact search, seed 9, `limit_s` long.
fn faithful_against_exact(limit_s: u32) -> Page {
    let (puzzle, _) = &famous()[0];
    let settings = Settings {
        racers: racers(&["ising-faithful", "exact"]),
        limit_s,
        seed: Some(9),
    };
    race_page(puzzle, &settings)
}

/// Plays the race's workers until the exact search, the second racer, has its place.
fn until_the_exact_search_places(page: &mut Page) {
    let mut workers = Workers::start(page);
    while (page.racing.race.as_ref()).is_some_and(|r| r.racers[1].place.is_none()) {
        wait(1.0);
        workers.frame(page);
    }
}

/// The workers: one host per racer, started on its job, each advanced once per call, their
/// reports handed to the page as one frame's answers.
struct Workers {
    hosts: Vec<Option<Host>>,
}

impl Workers {
    /// The workers loaded and started, and the race told to go.
    fn start(page: &mut Page) -> Workers {
        let race = page.racing.race.as_ref().expect("a race");
        let hosts = (race.racers.iter())
            .map(|r| {
                r.job().map(|job| {
                    let mut host = Host::default();
                    let report = host.handle(Order::Start(job.clone()), &mut clock);
                    assert!(matches!(report, Report::Snapshot(_)), "{}", r.kind);
                    host
                })
            })
            .collect();
        let race = race.id;
        page.apply(Action::RaceGo { race });
        Workers { hosts }
    }

    fn frame(&mut self, page: &mut Page) {
        let id = page.racing.race.as_ref().expect("a race").id;
        let answers = (self.hosts.iter_mut().enumerate())
            .filter_map(|(i, host)| {
                let host = host.as_mut()?;
                let advance = Order::Advance {
                    pace: Pace::For(5.0),
                    moves_per_tick: kind("ising").fastest(),
                };
                match host.handle(advance, &mut clock) {
                    Report::Snapshot(s) => Some((i, Report::Snapshot(s))),
                    other => panic!("{other:?}"),
                }
            })
            .collect();
        page.apply(Action::RaceAnswers { race: id, answers });
    }
}

/// The places run 1, 2, … without a gap, a racer has one exactly when it solved, and every
/// solved grid is the puzzle's solution under all its rules.
fn assert_places_go_to_solved_grids_that_obey_the_rules(
    race: &sudoku_page::race::Race,
    puzzle: &Grid,
    solution: &Grid,
) {
    let mut places: Vec<usize> = race.racers.iter().filter_map(|r| r.place).collect();
    places.sort_unstable();
    assert_eq!(places, (1..=places.len()).collect::<Vec<_>>());
    for racer in &race.racers {
        let frame = racer.frame().expect("every racer reported");
        assert_eq!(
            racer.standing == Standing::Solved,
            racer.place.is_some(),
            "{}",
            racer.kind
        );
        if racer.standing == Standing::Solved {
            assert!(obeys_the_rules(puzzle, &frame.cells), "{}", racer.kind);
            assert_eq!(
                sudoku_engine::harness::grid_of(puzzle, &frame.cells).as_ref(),
                Some(solution)
            );
        }
    }
}

#[test]
fn a_race_runs_to_the_end_and_every_solved_grid_obeys_the_rules() {
    let (puzzle, solution) = &famous()[0];
    let settings = Settings {
        racers: racers(&[
            "ising",
            "qubo",
            "hopfield-faithful",
            "bp",
            "bp-alone",
            "exact",
        ]),
        limit_s: 60,
        seed: None,
    };
    let mut page = race_page(puzzle, &settings);
    assert!(page.racing.racing());
    assert!(page.address.query.contains("view=race"));
    assert!(
        page.address.query.contains("seed=5"),
        "{}",
        page.address.query
    );
    let mut workers = Workers::start(&mut page);
    for _ in 0..20_000 {
        if !page.racing.racing() {
            break;
        }
        wait(1.0);
        workers.frame(&mut page);
    }
    let race = page.racing.race.as_ref().expect("a race");
    assert!(!race.running(), "the race ends");
    let standing = |name: &str| {
        (race.racers.iter())
            .find(|r| r.kind.name == name)
            .map(|r| r.standing)
    };
    // The complete solvers solve Inkala's puzzle; the notebook's network settles short of it.
    assert_eq!(standing("exact"), Some(Standing::Solved));
    assert_eq!(standing("bp"), Some(Standing::Solved));
    assert_eq!(standing("hopfield-faithful"), Some(Standing::Failed));
    assert_places_go_to_solved_grids_that_obey_the_rules(race, puzzle, solution);
    let rows = race.results();
    assert_eq!(rows.len(), settings.racers.len());
    assert_eq!(rows[0].place, "1");
    assert!(
        race.summary().starts_with("Race over"),
        "{}",
        race.summary()
    );
}

#[test]
fn solvers_that_cannot_take_the_puzzle_are_listed_as_unsupported() {
    let shape = Shape::CLASSIC
        .with_rules(Rules::ANTI_KING)
        .expect("a 9×9 anti-king board");
    let mut puzzle = Grid::empty(shape);
    puzzle.set(0, Some(1));
    let mut page = race_page(&puzzle, &Settings::default());
    let race = page.racing.race.as_ref().expect("a race");
    assert_eq!(race.racers.len(), SolverKind::all().count());
    for racer in &race.racers {
        let takes = (racer.kind.supports)(shape);
        assert_eq!(
            racer.standing == Standing::Unsupported,
            !takes,
            "{}",
            racer.kind
        );
        assert_eq!(racer.job().is_some(), takes);
    }
    assert!(
        race.racers
            .iter()
            .any(|r| r.standing == Standing::Unsupported)
    );
    // Stop halts every racer still running; the unsupported stay as they are.
    page.apply(Action::Stop);
    let race = page.racing.race.as_ref().expect("a race");
    assert!(!race.running());
    assert!(
        race.racers
            .iter()
            .all(|r| matches!(r.standing, Standing::Stopped | Standing::Unsupported))
    );
    assert_eq!(race.results().len(), race.racers.len());
}

#[test]
fn the_time_limit_stops_the_racers_still_running_and_late_news_changes_nothing() {
    let mut page = faithful_against_exact(5);
    let mut workers = Workers::start(&mut page);
    while page.racing.racing() {
        wait(50.0);
        workers.frame(&mut page);
    }
    let race = page.racing.race.clone().expect("a race");
    assert_eq!(race.seed, 9, "the settings' seed wins");
    let faithful = &race.racers[0];
    assert_eq!(faithful.standing, Standing::Stopped);
    assert!(faithful.note.contains("5 s limit"), "{}", faithful.note);
    assert_eq!(race.racers[1].standing, Standing::Solved);
    // A report that arrives after the end is dropped.
    workers.frame(&mut page);
    let after = page.racing.race.as_ref().expect("a race");
    assert_eq!(after.racers[0].standing, Standing::Stopped);
    assert_eq!(after.racers[0].frame(), race.racers[0].frame());
}

#[test]
fn a_racer_whose_worker_breaks_fails_alone() {
    let (puzzle, _) = &famous()[0];
    let settings = Settings {
        racers: racers(&["ising", "exact"]),
        ..Settings::default()
    };
    let mut page = race_page(puzzle, &settings);
    let id = page.racing.race.as_ref().map(|r| r.id).expect("a race");
    page.apply(Action::RaceAnswers {
        race: id,
        answers: vec![(0, Report::Failed(Failure::Crashed("boom".to_string())))],
    });
    let race = page.racing.race.as_ref().expect("a race");
    assert_eq!(race.racers[0].standing, Standing::Failed);
    assert!(race.racers[0].note.contains("boom"));
    assert_eq!(race.racers[1].standing, Standing::Running);
    // Report for another race is ignored.
    page.apply(Action::RaceAnswers {
        race: RaceId(id.0 + 100),
        answers: vec![(1, Report::Failed(Failure::Lost("stale".to_string())))],
    });
    assert_eq!(
        page.racing.race.as_ref().map(|r| r.racers[1].standing),
        Some(Standing::Running)
    );
}

/// A person who typed a clash, or opened a puzzle with no solution, and taps Race: the race
/// view says at once that there is no race, as Start would, instead of racers ready to go.
#[test]
fn the_race_view_refuses_a_board_that_cannot_be_solved_before_start() {
    let mut page = open("");
    for cell in [0, 1] {
        let text = "5".to_string();
        page.apply(Action::Edit(Edit::Typed { cell, text }));
    }
    page.apply(Action::View { view: View::Race });
    assert!(page.racing.race.is_none(), "no racers wait on a clash");
    assert_eq!(page.status.phase, Phase::Invalid);
    let message = page.status.message.clone();
    assert!(message.starts_with("No race. "), "{message}");
    assert!(message.contains("5 appears twice in row 1"), "{message}");
    assert!(page.status.flagged.contains(&0) && page.status.flagged.contains(&1));
    // Back at the board the refusal stays, without the race's words.
    page.apply(Action::View { view: View::Solve });
    assert_eq!(page.status.phase, Phase::Invalid);
    assert_eq!(
        Some(page.status.message.as_str()),
        message.strip_prefix("No race. ")
    );
    assert!(page.status.flagged.contains(&0));

    // A given changed so that no digit repeats but no solution is left, found by the referee.
    let (puzzle, _) = &famous()[0];
    let dead = (0..81)
        .filter(|&cell| puzzle.get(cell).is_some())
        .flat_map(|cell| (1..=9).map(move |digit| (cell, digit)))
        .map(|(cell, digit)| {
            let mut changed = puzzle.clone();
            changed.set(cell, Some(digit));
            changed
        })
        .find(|changed| {
            let geometry = Geometry::of_puzzle(changed);
            check::validate(&geometry, changed).is_ok()
                && matches!(referee::verdict(changed), Verdict::Refuse { .. })
        })
        .expect("a changed given that leaves no solution");
    let page = open(&format!("{}&view=race", link::write(&dead, kind("exact"))));
    assert!(
        page.racing.race.is_none(),
        "the referee's refusal ends the wait"
    );
    assert_eq!(page.status.phase, Phase::Invalid);
    assert!(
        page.status.message.starts_with("No race. "),
        "{}",
        page.status.message
    );
}

/// A race link whose puzzle cannot be read (one character too many) opens no race on the empty
/// board it leaves: the race view says what was wrong with the link; a good race link still
/// waits for Start.
#[test]
fn a_race_link_whose_puzzle_cannot_be_read_says_so_and_races_nothing() {
    let (puzzle, _) = &famous()[0];
    let broken = format!("?p={}5&view=race", puzzle.to_line());
    let page = open(&broken);
    assert!(page.racing.race.is_none(), "no racers on an empty board");
    assert_eq!(page.status.phase, Phase::Invalid);
    let message = &page.status.message;
    assert!(message.starts_with("No race. The link"), "{message}");
    let page = open(&format!("?p={}&view=race", puzzle.to_line()));
    assert!(page.racing.race.is_some(), "{}", page.status.message);
}

#[test]
fn a_puzzle_the_referee_refuses_starts_no_race_and_a_race_link_waits_for_start() {
    let mut bad = Grid::empty(Shape::CLASSIC);
    bad.set(0, Some(5));
    bad.set(1, Some(5));
    let page = race_page(&bad, &Settings::default());
    assert!(page.racing.race.is_none());
    assert_eq!(page.status.phase, Phase::Invalid);
    assert!(
        page.status.message.starts_with("No race"),
        "{}",
        page.status.message
    );
    let (puzzle, _) = &famous()[0];
    let query = format!(
        "{}&view=race&racers=exact&seed=3",
        link::write(puzzle, kind("exact"))
    );
    let mut page = open(&query);
    let race = page
        .racing
        .race
        .as_ref()
        .expect("the link's racers, waiting");
    assert!(!race.begun() && !page.racing.racing());
    assert_eq!(race.racers[0].standing, Standing::Waiting);
    assert_eq!(race.racers[0].note, "Waiting to start.");
    assert_eq!(race.summary(), "1 solver is ready. Press Start the race.");
    assert!(race.results().iter().all(|r| r.time.is_empty()));
    page.apply(Action::Race { seed: 8 });
    PlayedWorker::new(clock).settle(&mut page);
    let race = page.racing.race.as_ref().expect("a race from the link");
    assert_eq!(
        (race.seed, race.racers.len()),
        (3, 1),
        "the link's seed wins"
    );
    assert!(race.begun() && page.racing.racing());
}

#[test]
fn racers_are_placed_by_their_workers_clocks_not_by_when_their_reports_arrive() {
    let (puzzle, _) = &famous()[0];
    let settings = Settings {
        racers: racers(&["bp", "exact"]),
        ..Settings::default()
    };
    let mut page = race_page(puzzle, &settings);
    let race = page.racing.race.as_ref().expect("a race");
    let id = race.id;
    // Each racer run to its end in its own host; the slower one reports first, in an earlier
    // frame; the faster one still takes first place.
    let finished = |index: usize, compute_ms: f64| {
        let job = race.racers[index].job().cloned().expect("supported");
        let mut host = Host::default();
        host.handle(Order::Start(job), &mut clock);
        loop {
            let advance = Order::Advance {
                pace: Pace::For(50.0),
                moves_per_tick: 100,
            };
            if let Report::Snapshot(mut s) = host.handle(advance, &mut clock)
                && s.frame.state != sudoku_engine::RunState::Running
            {
                s.compute_ms = compute_ms;
                return Report::Snapshot(s);
            }
        }
    };
    let (slow, fast) = (finished(1, 9.0), finished(0, 4.0));
    page.apply(Action::RaceGo { race: id });
    page.apply(Action::RaceAnswers {
        race: id,
        answers: vec![(1, slow)],
    });
    assert_eq!(
        page.racing.race.as_ref().and_then(|r| r.racers[1].place),
        Some(1)
    );
    page.apply(Action::RaceAnswers {
        race: id,
        answers: vec![(0, fast)],
    });
    let race = page.racing.race.as_ref().expect("a race");
    assert_eq!(
        (race.racers[0].place, race.racers[1].place),
        (Some(1), Some(2))
    );
    assert_eq!((race.racers[0].time_ms, race.racers[1].time_ms), (4.0, 9.0));
}

#[test]
fn every_card_says_where_it_stands_in_plain_words() {
    let (puzzle, _) = &famous()[0];
    let settings = Settings {
        racers: racers(&["ising", "exact"]),
        ..Settings::default()
    };
    let mut page = open(&link::write(puzzle, kind("ising")));
    page.apply(Action::RaceSettings(settings.clone()));
    page.apply(Action::View { view: View::Race });
    let notes = |page: &Page| -> Vec<String> {
        let race = page.racing.race.as_ref().expect("a race");
        race.racers.iter().map(|r| r.note.clone()).collect()
    };
    assert_eq!(notes(&page), ["Waiting to start.", "Waiting to start."]);
    // Another choice of racers while it waits shows those racers waiting.
    page.apply(Action::RaceSettings(Settings {
        racers: racers(&["exact"]),
        ..settings.clone()
    }));
    assert_eq!(notes(&page), ["Waiting to start."]);
    page.apply(Action::RaceSettings(settings));
    page.apply(Action::Race { seed: 5 });
    PlayedWorker::new(clock).settle(&mut page);
    assert_eq!(notes(&page), ["Loading its worker…", "Loading its worker…"]);
    let _workers = Workers::start(&mut page);
    assert_eq!(
        notes(&page),
        ["Running: annealing…", "Running: searching…"],
        "never a bare \"Off.\""
    );
    let unsupported = {
        let shape = Shape::CLASSIC
            .with_rules(Rules::ANTI_KING)
            .expect("anti-king");
        let mut page = race_page(&Grid::empty(shape), &Settings::default());
        page.apply(Action::Stop);
        let race = page.racing.race.take().expect("a race");
        let bp = race.racers.into_iter().find(|r| r.kind.name == "bp");
        bp.expect("bp races").note
    };
    assert_eq!(
        unsupported,
        "Unsupported here: it takes boards of up to 16 digits, without anti-king or anti-knight rules."
    );
}

#[test]
fn an_early_stop_says_the_race_was_stopped_and_who_had_solved_it() {
    let mut page = faithful_against_exact(60);
    page.apply(Action::Stop);
    let race = page.racing.race.as_ref().expect("a race");
    assert_eq!(race.summary(), "Race stopped before any racer solved it.");
    assert!(race.racers.iter().all(|r| r.note == "Race stopped."));
    // Stopped again, after the exact search has solved it.
    let mut page = faithful_against_exact(60);
    until_the_exact_search_places(&mut page);
    page.apply(Action::Stop);
    let race = page.racing.race.as_ref().expect("a race");
    let summary = race.summary();
    assert!(
        summary.starts_with("Race stopped: 1 of 2 had solved it; “Exact search” was first, in "),
        "{summary}"
    );
    assert!(!summary.contains("none of"), "{summary}");
    let rows = race.results();
    assert_eq!((rows[0].state, rows[0].result), ("solved", "solved"));
    assert_eq!((rows[1].state, rows[1].result), ("stopped", "stopped"));
}

#[test]
fn a_killer_race_counts_only_the_solvers_that_take_cages_and_runs_them_in_ticks_to_plot() {
    let (puzzle, _) = sudoku_engine::generate::killer_many(Shape::CLASSIC, 0, 3, 1)
        .expect("a killer")
        .remove(0);
    let mut page = open(&link::write(&puzzle, kind("ising")));
    page.apply(Action::View { view: View::Race });
    let race = page.racing.race.as_ref().expect("a waiting race");
    let takes = |k: &SolverKind| k.takes_puzzle(&puzzle).is_ok();
    let caged = SolverKind::all().filter(takes).count();
    assert!(0 < caged && caged < SolverKind::all().count());
    // Before Start the race: the others are greyed out, and the count is of those that race.
    for racer in &race.racers {
        let unsupported = racer.standing == Standing::Unsupported;
        assert_eq!(unsupported, !takes(&racer.kind), "{}", racer.kind);
    }
    assert_eq!(
        race.summary(),
        format!("{caged} solvers are ready. Press Start the race.")
    );
    page.apply(Action::Race { seed: 5 });
    PlayedWorker::new(clock).settle(&mut page);
    let race = page.racing.race.as_ref().expect("a race");
    // The main view's speed, not the fastest: a killer's annealers solve it in a few of their
    // largest ticks, too few to plot.
    for racer in race.racers.iter().filter(|r| takes(&r.kind)) {
        let run = racer.run.as_ref().expect("a run");
        assert_eq!(
            run.moves_per_tick, racer.kind.default_speed,
            "{}",
            racer.kind
        );
    }
}

/// A person who taps Solver mid-race and comes back finds the race stopped with its results, as
/// the benchmark keeps its own; a changed board shows racers waiting anew.
#[test]
fn a_race_left_mid_way_is_stopped_and_kept_for_the_way_back_to_the_same_board() {
    let (puzzle, _) = &famous()[0];
    let mut page = faithful_against_exact(60);
    until_the_exact_search_places(&mut page);
    page.apply(Action::View { view: View::Solve });
    assert!(!page.racing.racing(), "leaving stops the race");
    page.apply(Action::View { view: View::Race });
    let race = page.racing.race.as_ref().expect("the race kept");
    assert!(race.begun() && !race.running());
    assert!(
        race.summary()
            .starts_with("Race stopped when you left the race: 1 of 2 had solved it"),
        "{}",
        race.summary()
    );
    // The board changed while away: racers wait for Start on the new one.
    page.apply(Action::View { view: View::Solve });
    let open_cell = (0..81).find(|&c| puzzle.get(c).is_none()).unwrap_or(0);
    let text = (1..=9u8)
        .find(|&d| {
            let mut changed = puzzle.clone();
            changed.set(open_cell, Some(d));
            check::validate(&Geometry::of_puzzle(&changed), &changed).is_ok()
        })
        .unwrap_or(1)
        .to_string();
    page.apply(Action::Edit(Edit::Typed {
        cell: open_cell,
        text,
    }));
    page.apply(Action::View { view: View::Race });
    let race = page.racing.race.as_ref().expect("a race waiting");
    assert!(!race.begun(), "{}", race.summary());
}
