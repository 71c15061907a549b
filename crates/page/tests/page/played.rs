//! The page's worker, played natively: a client and a host joined by bytes, as the app joins them.

use sudoku_engine::worker::{self, Host, Order, Report};
use sudoku_page::client::Client;
use sudoku_page::page::{Action, Page};
use sudoku_page::run::TaskId;

/// The page's worker, played in the test's own thread: a client and a host joined by bytes, as
/// the app joins them.
pub struct PlayedWorker {
    client: Client,
    host: Host,
    task: Option<TaskId>,
    clock: fn() -> f64,
}

impl PlayedWorker {
    /// A worker that has loaded, timed by `clock`.
    pub fn new(clock: fn() -> f64) -> PlayedWorker {
        let mut client = Client::default();
        client.receive(&worker::encode(&Report::Listening));
        PlayedWorker {
            client,
            host: Host::default(),
            task: None,
            clock,
        }
    }

    /// One animation frame, as the app has it: a new task of the page's goes to the worker,
    /// the orders posted since the last frame are answered, and what came back goes to the page.
    pub fn frame(&mut self, page: &mut Page) {
        let task = page.frame_loop();
        if task != self.task {
            self.client.halt();
            if let Some(task) = page.task() {
                self.client.begin(&task);
            }
            self.task = task;
        }
        let Some(from) = task else { return };
        let mut clock = self.clock;
        for bytes in self.client.outgoing() {
            let order: Order = worker::decode(&bytes).expect("an order");
            let report = self.host.handle(order, &mut clock);
            self.client.receive(&worker::encode(&report));
        }
        for answer in self.client.frame() {
            page.apply(Action::Heard { from, answer });
        }
    }

    /// Frames until the page no longer waits for the referee (at most a hundred).
    pub fn settle(&mut self, page: &mut Page) {
        for _ in 0..100 {
            if !matches!(page.frame_loop(), Some(TaskId::Judge(_))) {
                return;
            }
            self.frame(page);
        }
    }
}

thread_local! {
    static NOW: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}

/// A clock that advances one millisecond per reading, one per test thread.
pub fn ticking_clock() -> f64 {
    NOW.with(|now| {
        now.set(now.get() + 1.0);
        now.get()
    })
}
