//! The page's side of one worker, as plain Rust: what the page asked, what each report was for,
//! and what arrived between two display frames. The page and the worker share one vocabulary:
//! the client posts [`Order`]s and hands the page the [`Report`]s that answer them (all but
//! [`Report::Listening`] and [`Report::Making`], which it keeps to itself). The worker answers
//! each order with one report, in order, so a queue of [`Asked`] tells which task or which
//! puzzle every report belongs to; a report for a task the page has let go of is dropped. The
//! web layer only posts the bytes of [`Client::outgoing`] and hands received bytes to
//! [`Client::receive`].

use crate::run::{JudgeId, MakingId, RunId, TaskId, Work};
use std::collections::VecDeque;
use sudoku_engine::board::{DigitSet, Grid, Shape};
use sudoku_engine::generate::Request;
use sudoku_engine::read::Picture;
use sudoku_engine::worker::{self, Failure, Order, Pace, Report, Snapshot};

/// What an order was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    /// Starting this run: its first snapshot, before any tick.
    Start(RunId),
    /// Advancing this run.
    Advance(RunId),
    Judge(JudgeId),
    /// A hint on a board of this shape.
    Hint(JudgeId, Shape),
    Make(MakingId),
    /// Benchmarking a puzzle of a sample.
    Bench,
    /// Finding the grid in a picture, or reading its puzzle.
    FindGrid,
    Read,
}

/// What the page wants of its worker now.
#[derive(Clone, Debug, PartialEq)]
pub enum Task<'a> {
    Run(Work<'a>),
    /// The referee's look at `puzzle`.
    Judge {
        id: JudgeId,
        puzzle: &'a Grid,
    },
    /// The one solution of `puzzle`, for Check of `entries`: a look of the referee's too.
    Solution {
        id: JudgeId,
        puzzle: &'a Grid,
        entries: &'a Grid,
    },
    /// The hint on `entries` over `puzzle`'s givens with the user's own `marks`: the
    /// referee's solution and the ladder's next step, found in the worker.
    Hint {
        id: JudgeId,
        puzzle: &'a Grid,
        entries: &'a Grid,
        marks: Vec<(usize, DigitSet)>,
    },
    /// New puzzle.
    Make {
        id: MakingId,
        request: Request,
        seed: u64,
    },
}

impl Task<'_> {
    pub fn id(&self) -> TaskId {
        match self {
            Task::Run(work) => TaskId::Run(work.run),
            Task::Judge { id, .. } | Task::Solution { id, .. } | Task::Hint { id, .. } => {
                TaskId::Judge(*id)
            }
            Task::Make { id, .. } => TaskId::Make(*id),
        }
    }
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
    /// The referee's look or the puzzle being made that the page waits for (a run is `run`).
    awaited: Option<TaskId>,
    /// The newest snapshot, holding every plotted point since the page last took one.
    snapshot: Option<Box<Snapshot>>,
    /// Reports for the page, but the snapshot.
    reports: Vec<Report>,
    dead: bool,
}

impl Client {
    fn post(&mut self, asked: Asked, order: &Order) {
        self.asked.push_back(asked);
        self.outbox.push(worker::encode(order));
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

    /// Carries out `task`, forgetting any other.
    pub fn begin(&mut self, task: &Task) {
        self.halt();
        match task {
            Task::Run(work) => self.start(work),
            Task::Judge { id, puzzle } => {
                self.awaited = Some(TaskId::Judge(*id));
                self.post(Asked::Judge(*id), &Order::Judge((*puzzle).clone()));
            }
            Task::Solution {
                id,
                puzzle,
                entries,
            } => {
                self.awaited = Some(TaskId::Judge(*id));
                let order = Order::Solution {
                    puzzle: (*puzzle).clone(),
                    entries: (*entries).clone(),
                };
                self.post(Asked::Judge(*id), &order);
            }
            Task::Hint {
                id,
                puzzle,
                entries,
                marks,
            } => {
                self.awaited = Some(TaskId::Judge(*id));
                let order = Order::Hint {
                    puzzle: (*puzzle).clone(),
                    entries: (*entries).clone(),
                    marks: marks.clone(),
                };
                self.post(Asked::Hint(*id, entries.shape()), &order);
            }
            Task::Make { id, request, seed } => {
                self.awaited = Some(TaskId::Make(*id));
                let (request, seed) = (*request, *seed);
                self.post(Asked::Make(*id), &Order::Make { request, seed });
            }
        }
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
        self.post(Asked::Start(work.run), &Order::Start(work.job.clone()));
        self.advance();
    }

    fn advance(&mut self) {
        let Some(run) = self.run.as_mut() else { return };
        run.advancing = true;
        let order = Order::Advance {
            pace: run.pace,
            moves_per_tick: run.moves_per_tick,
        };
        let asked = Asked::Advance(run.id);
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

    /// Lets the task go: later reports about it are dropped and nothing more is asked for it.
    pub fn halt(&mut self) {
        self.run = None;
        self.awaited = None;
        self.snapshot = None;
        // A report that came before the task was let go but was not yet handed on belongs to
        // it: the next task's frame loop must not take it for its own.
        self.reports.retain(|r| {
            !matches!(
                r,
                Report::Judged(_) | Report::Solution(_) | Report::Hint(_) | Report::Made(_)
            )
        });
    }

    /// Asks for the benchmark of a puzzle (`order` is an [`Order::Bench`]), answered as
    /// [`Report::Benched`] or [`Report::Failed`].
    pub fn bench(&mut self, order: &Order) {
        self.post(Asked::Bench, order);
    }

    /// Asks where the grid is in `picture`, answered as [`Report::Outline`].
    pub fn find_grid(&mut self, picture: Picture) {
        self.post(Asked::FindGrid, &Order::FindGrid(picture));
    }

    /// Asks for the puzzle in `picture`, answered as [`Report::Read`].
    pub fn read(&mut self, picture: Picture) {
        self.post(Asked::Read, &Order::Read(picture));
    }

    /// The worker failed, for `why`: said once.
    pub fn fail(&mut self, why: Failure) {
        if !self.dead {
            self.dead = true;
            self.reports.push(Report::Failed(why));
        }
    }

    /// Bytes from the worker; a run going as fast as possible is asked for more at once.
    pub fn receive(&mut self, bytes: &[u8]) {
        match worker::decode::<Report>(bytes) {
            Ok(report) => self.handle(report),
            Err(why) => self.fail(why),
        }
    }

    /// A report from the worker, matched with the order it answers.
    fn handle(&mut self, report: Report) {
        let asked = match report {
            Report::Listening => {
                self.listening = true;
                return;
            }
            Report::Failed(Failure::Crashed(why)) => return self.fail(Failure::Crashed(why)),
            _ => self.asked.pop_front(),
        };
        let Some(asked) = asked else { return };
        if !self.waits_for(asked) {
            return;
        }
        match (asked, report) {
            (Asked::Start(_), Report::Snapshot(snapshot)) => self.merge(snapshot),
            (Asked::Advance(_), Report::Snapshot(snapshot)) => {
                self.merge(snapshot);
                if let Some(run) = self.run.as_mut() {
                    run.advancing = false;
                    if !run.pace.per_frame() {
                        self.advance();
                    }
                }
            }
            (Asked::Make(id), Report::Making) => self.post(Asked::Make(id), &Order::KeepMaking),
            (Asked::Hint(_, shape), Report::Hint(Ok(hint))) if !worker::fits(&hint, shape) => {
                let off = Failure::Unreadable("a hint off the board asked about".to_string());
                self.refused(off);
            }
            (Asked::Judge(_), report @ (Report::Judged(_) | Report::Solution(_)))
            | (Asked::Hint(..), report @ Report::Hint(_))
            | (Asked::Make(_), report @ Report::Made(_)) => self.done(report),
            (Asked::Bench, report @ (Report::Benched(_) | Report::Failed(_)))
            | (Asked::FindGrid, report @ Report::Outline(_))
            | (Asked::Read, report @ Report::Read(_)) => self.reports.push(report),
            (_, Report::Failed(why)) => self.refused(why),
            _ => {}
        }
    }

    /// The task's order was refused, for `why`: the task is over, and the refusals of its
    /// orders still queued are dropped.
    fn refused(&mut self, why: Failure) {
        self.halt();
        self.reports.push(Report::Failed(why));
    }

    /// The look or the making waited for is over, with `report`.
    fn done(&mut self, report: Report) {
        self.awaited = None;
        self.reports.push(report);
    }

    /// Whether the answer to `asked` is still wanted.
    fn waits_for(&self, asked: Asked) -> bool {
        let current = self.run.map(|r| TaskId::Run(r.id)).or(self.awaited);
        match asked {
            Asked::Start(id) | Asked::Advance(id) => current == Some(TaskId::Run(id)),
            Asked::Judge(id) | Asked::Hint(id, _) => current == Some(TaskId::Judge(id)),
            Asked::Make(id) => current == Some(TaskId::Make(id)),
            Asked::Bench | Asked::FindGrid | Asked::Read => true,
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
    pub fn frame(&mut self) -> Vec<Report> {
        if self.run.is_some_and(|r| r.pace.per_frame() && !r.advancing) {
            self.advance();
        }
        let mut reports = std::mem::take(&mut self.reports);
        if let Some(snapshot) = self.snapshot.take() {
            reports.insert(0, Report::Snapshot(snapshot));
        }
        reports
    }
}
