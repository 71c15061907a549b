//! The page's reducer, natively: every transition the screen goes through, with a fake clock.

use crate::common;

use common::{PlayedWorker, famous, kind};
use std::cell::{Cell, RefCell};
use sudoku_engine::board::{Geometry, Grid, Shape};
use sudoku_engine::check;
use sudoku_engine::exact;
use sudoku_engine::generate::Request;
use sudoku_engine::grade::{self, Difficulty};
use sudoku_engine::read::{Point, Quad, ReadError, Reading};
use sudoku_engine::worker::{Failure, Host, Job, Order, Report};
use sudoku_page::link::{self, Link};
use sudoku_page::page::{Action, Edit, Layer, Page, Phase, ScanError, Source, Speed, Wanted};
use sudoku_page::run::TaskId;

mod afterruns;
mod basics;
mod cages;
mod entries;
mod reading;
mod runs;

thread_local! {
    static NOW: Cell<f64> = const { Cell::new(0.0) };
    /// The page's worker, played in the test's own thread.
    static WORKER: RefCell<PlayedWorker> = RefCell::new(PlayedWorker::new(clock));
}

/// A clock that advances one millisecond per reading.
fn clock() -> f64 {
    NOW.with(|now| {
        now.set(now.get() + 1.0);
        now.get()
    })
}

/// The page as a link opens it, once the referee has looked at its puzzle, with a worker of
/// its own.
fn open(query: &str) -> Page {
    let mut page = Page::open(&link::read(query), clock);
    WORKER.with(|worker| {
        let mut worker = worker.borrow_mut();
        *worker = PlayedWorker::new(clock);
        worker.settle(&mut page);
    });
    page
}

/// Solve pressed, and the referee's verdict taken.
fn solve(page: &mut Page, seed: u64) {
    page.apply(Action::Solve { seed });
    WORKER.with(|worker| worker.borrow_mut().settle(page));
}

fn inkala() -> Grid {
    famous()[0].0.clone()
}

/// One animation frame, as the app has it.
fn frame(page: &mut Page) {
    WORKER.with(|worker| worker.borrow_mut().frame(page));
}

/// Inkala's puzzle three frames into a run of the 2019 demo's annealer, which is still going
/// then.
fn faithful_inkala_running() -> Page {
    let mut page = open(&link::write(&inkala(), kind("ising-faithful")));
    solve(&mut page, 3);
    run_frames(&mut page, 3);
    page
}

/// Frames until nothing runs any more (at most `limit`).
fn run_frames(page: &mut Page, limit: usize) {
    for _ in 0..limit {
        if !page.running() {
            return;
        }
        frame(page);
    }
}
