//! The page's side of one worker, as plain Rust: what the page asked, what each answer was for,
//! and what arrived between two display frames. The worker answers each order with one report,
//! in order, so a queue of [`Asked`] tells which run or which puzzle every report belongs to; a
//! report for a run the page has let go of is dropped. The web layer only posts the bytes of
//! [`Client::outgoing`] and hands received bytes to [`Client::receive`].

use crate::bench::Benched;
use crate::drive::{self, Order, Pace, Report, Snapshot};
use crate::run::{RunId, Work};
use std::collections::VecDeque;

/// What an order was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    /// Starting or advancing this run.
    Run(RunId),
    /// Benchmarking the puzzle at this index of the sample.
    Bench(usize),
}

/// What arrived from a worker for the page between two display frames.
#[derive(Clone, Debug, PartialEq)]
pub enum News {
    /// The newest state of the run, with every plotted point since the last.
    Snapshot(Box<Snapshot>),
    /// The answer for the puzzle at this index of a benchmark.
    Benched {
        puzzle: usize,
        result: Result<Benched, String>,
    },
    /// The run failed (refused, or the worker crashed or never loaded), and why.
    Broke(String),
}

/// The run being driven, and how.
#[derive(Clone, Copy, Debug)]
struct Driven {
    id: RunId,
    pace: Pace,
    moves_per_tick: u64,
    /// An advance is unanswered.
    advancing: bool,
}

/// One worker seen from the page.
#[derive(Debug, Default)]
pub struct Client {
    listening: bool,
    /// Encoded orders not posted yet: all of them until the worker listens.
    outbox: Vec<Vec<u8>>,
    asked: VecDeque<Asked>,
    run: Option<Driven>,
    /// The newest snapshot, holding every plotted point since the page last took one.
    snapshot: Option<Box<Snapshot>>,
    news: Vec<News>,
    dead: bool,
}

impl Client {
    fn post(&mut self, asked: Asked, order: &Order) {
        self.asked.push_back(asked);
        self.outbox.push(drive::encode(order));
    }

    /// The orders to post now: none until the worker listens (orders posted before are lost).
    pub fn outgoing(&mut self) -> Vec<Vec<u8>> {
        if self.listening {
            std::mem::take(&mut self.outbox)
        } else {
            Vec::new()
        }
    }

    /// Whether the worker has loaded and takes orders at once.
    pub fn listening(&self) -> bool {
        self.listening
    }

    /// Whether the worker died (crashed or never loaded): it takes no more orders.
    pub fn dead(&self) -> bool {
        self.dead
    }

    /// Starts `work`'s run, forgetting any other.
    pub fn start(&mut self, work: &Work) {
        self.snapshot = None;
        self.run = Some(Driven {
            id: work.run,
            pace: work.pace,
            moves_per_tick: work.moves_per_tick,
            advancing: false,
        });
        self.post(Asked::Run(work.run), &Order::Start(work.job.clone()));
        self.advance();
    }

    fn advance(&mut self) {
        let Some(run) = self.run.as_mut() else { return };
        run.advancing = true;
        let order = Order::Advance {
            pace: run.pace,
            moves_per_tick: run.moves_per_tick,
        };
        let asked = Asked::Run(run.id);
        self.post(asked, &order);
    }

    /// Changes how the run is driven, from its next advance.
    pub fn steer(&mut self, pace: Pace, moves_per_tick: u64) {
        if let Some(run) = self.run.as_mut() {
            (run.pace, run.moves_per_tick) = (pace, moves_per_tick);
            if !run.advancing {
                self.advance();
            }
        }
    }

    /// Lets the run go: later reports about it are dropped and nothing more is asked for it.
    pub fn halt(&mut self) {
        self.run = None;
        self.snapshot = None;
    }

    /// Asks for the benchmark of the puzzle at index `puzzle`, answered as [`News::Benched`].
    pub fn bench(&mut self, puzzle: usize, order: &Order) {
        self.post(Asked::Bench(puzzle), order);
    }

    /// The worker failed for `why`: said once.
    pub fn fail(&mut self, why: String) {
        if !self.dead {
            self.dead = true;
            self.news.push(News::Broke(why));
        }
    }

    /// Bytes from the worker; a run going as fast as possible is asked for more at once.
    pub fn receive(&mut self, bytes: &[u8]) {
        match drive::decode::<Report>(bytes) {
            Ok(report) => self.take(report),
            Err(why) => self.fail(why),
        }
    }

    fn take(&mut self, report: Report) {
        let asked = match report {
            Report::Listening => {
                self.listening = true;
                return;
            }
            Report::Crashed(why) => return self.fail(format!("it crashed ({why})")),
            _ => self.asked.pop_front(),
        };
        let current = self.run.map(|r| r.id);
        match (asked, report) {
            (Some(Asked::Run(id)), Report::Snapshot(snapshot)) if Some(id) == current => {
                self.merge(snapshot);
                if let Some(run) = self.run.as_mut() {
                    run.advancing = false;
                    if matches!(run.pace, Pace::For(_)) {
                        self.advance();
                    }
                }
            }
            (Some(Asked::Run(id)), Report::Refused(why)) if Some(id) == current => {
                // A refused run is over: the refusals of its orders still queued are dropped.
                self.halt();
                self.news.push(News::Broke(why));
            }
            (Some(Asked::Bench(puzzle)), Report::Benched(benched)) => {
                self.news.push(News::Benched {
                    puzzle,
                    result: Ok(benched),
                })
            }
            (Some(Asked::Bench(puzzle)), Report::Refused(why)) => self.news.push(News::Benched {
                puzzle,
                result: Err(why),
            }),
            _ => {}
        }
    }

    /// Keeps the newest snapshot with every plotted point since the page last took one.
    fn merge(&mut self, snapshot: Box<Snapshot>) {
        self.snapshot = Some(match self.snapshot.take() {
            Some(mut older) => {
                let mut samples = std::mem::take(&mut older.samples);
                samples.extend_from_slice(&snapshot.samples);
                Box::new(Snapshot {
                    samples,
                    ..*snapshot
                })
            }
            None => snapshot,
        });
    }

    /// A display frame: what arrived since the last, and (at an animated speed) the next tick
    /// asked for.
    pub fn frame(&mut self) -> Vec<News> {
        if self
            .run
            .is_some_and(|r| r.pace == Pace::Tick && !r.advancing)
        {
            self.advance();
        }
        let mut news = std::mem::take(&mut self.news);
        if let Some(snapshot) = self.snapshot.take() {
            news.insert(0, News::Snapshot(snapshot));
        }
        news
    }
}
