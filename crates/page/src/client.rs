//! The page's side of one worker, as plain Rust: what the page asked, what each answer was for,
//! and what arrived between two display frames. The worker answers each order with one report,
//! in order, so a queue of [`Asked`] tells which task or which puzzle every report belongs to; a
//! report for a task the page has let go of is dropped. The web layer only posts the bytes of
//! [`Client::outgoing`] and hands received bytes to [`Client::receive`].

use crate::run::{JudgeId, MakingId, RunId, TaskId, Work};
use std::collections::VecDeque;
use sudoku_engine::board::{DigitSet, Grid, Shape};
use sudoku_engine::generate::{Generated, Request};
use sudoku_engine::harness::Benched;
use sudoku_engine::hint::Hint;
use sudoku_engine::read::{Picture, Quad, ReadError, Reading};
use sudoku_engine::referee::Verdict;
use sudoku_engine::worker::{self, Hinted, Order, Pace, Puzzle, Report, Scanned, Snapshot, Wish};

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
    /// Benchmarking the puzzle at this index of the sample.
    Bench(usize),
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
    /// The one solution of `puzzle`, for Check: a look of the referee's too.
    Solution {
        id: JudgeId,
        puzzle: &'a Grid,
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

/// What arrived from a worker for the page between two display frames.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The newest state of the run, with every plotted point since the last.
    Snapshot(Box<Snapshot>),
    /// The answer for the puzzle at this index of a benchmark.
    Benched {
        puzzle: usize,
        result: Result<Benched, String>,
    },
    /// What the referee said of the puzzle.
    Judged(Verdict),
    /// The puzzle's one solution, or the verdict that says why there is none to compare with.
    Solution(Result<Grid, Verdict>),
    /// The hint, or the verdict that says why the puzzle has none.
    Hint(Result<Hint, Verdict>),
    /// The puzzle New puzzle made, or why none could be made.
    Made(Result<Generated, String>),
    /// Where the grid is in the picture last sent to be looked at.
    Outline(Option<Quad>),
    /// The puzzle read from the picture sent to be read, or why none was.
    Read(Result<Reading, ReadError>),
    /// The task failed (refused, or the worker crashed or never loaded), and why.
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
    /// The referee's look or the puzzle being made that the page waits for (a run is `run`).
    awaited: Option<TaskId>,
    /// The newest snapshot, holding every plotted point since the page last took one.
    snapshot: Option<Box<Snapshot>>,
    answers: Vec<Answer>,
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
                self.post(Asked::Judge(*id), &Order::Judge(Puzzle::of(puzzle)));
            }
            Task::Solution { id, puzzle } => {
                self.awaited = Some(TaskId::Judge(*id));
                self.post(Asked::Judge(*id), &Order::Solution(Puzzle::of(puzzle)));
            }
            Task::Hint {
                id,
                puzzle,
                entries,
                marks,
            } => {
                self.awaited = Some(TaskId::Judge(*id));
                let order = Order::Hint {
                    puzzle: Puzzle::of(puzzle),
                    entries: Puzzle::of(entries),
                    marks: worker::marks_bits(marks),
                };
                self.post(Asked::Hint(*id, entries.shape()), &order);
            }
            Task::Make { id, request, seed } => {
                self.awaited = Some(TaskId::Make(*id));
                let wish = Wish::of(request);
                self.post(Asked::Make(*id), &Order::Make { wish, seed: *seed });
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
        // An answer that came before the task was let go but was not yet taken belongs to it:
        // the next task's frame loop must not take it for its own.
        self.answers.retain(|a| {
            !matches!(
                a,
                Answer::Judged(_) | Answer::Solution(_) | Answer::Hint(_) | Answer::Made(_)
            )
        });
    }

    /// Asks for the benchmark of the puzzle at index `puzzle`, answered as [`Answer::Benched`].
    pub fn bench(&mut self, puzzle: usize, order: &Order) {
        self.post(Asked::Bench(puzzle), order);
    }

    /// Asks where the grid is in `picture`, answered as [`Answer::Outline`].
    pub fn find_grid(&mut self, picture: Picture) {
        self.post(Asked::FindGrid, &Order::FindGrid(picture));
    }

    /// Asks for the puzzle in `picture`, answered as [`Answer::Read`].
    pub fn read(&mut self, picture: Picture) {
        self.post(Asked::Read, &Order::Read(picture));
    }

    /// The worker failed for `why`: said once.
    pub fn fail(&mut self, why: String) {
        if !self.dead {
            self.dead = true;
            self.answers.push(Answer::Broke(why));
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
            Report::Crashed(why) => return self.fail(format!("it crashed ({why})")),
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
            (Asked::Judge(_), Report::Judged(verdict)) => self.done(Answer::Judged(verdict)),
            (Asked::Judge(_), Report::Solution(found)) => self.done(solution(found)),
            (Asked::Hint(_, shape), Report::Hint(found)) => self.done(hinted(found, shape)),
            (Asked::Make(id), Report::Making) => {
                self.post(Asked::Make(id), &Order::KeepMaking);
            }
            (Asked::Make(_), Report::Made(made)) => {
                self.done(Answer::Made(made.and_then(|m| m.generated())))
            }
            (Asked::Bench(puzzle), Report::Benched(benched)) => {
                self.answers.push(Answer::Benched {
                    puzzle,
                    result: Ok(benched),
                })
            }
            (Asked::Bench(puzzle), Report::Refused(why)) => self.answers.push(Answer::Benched {
                puzzle,
                result: Err(why),
            }),
            (Asked::FindGrid, Report::Outline(outline)) => {
                self.answers.push(Answer::Outline(outline))
            }
            (Asked::Read, Report::Read(read)) => self.answers.push(reading(read)),
            (_, Report::Refused(why)) => {
                // A refused task is over: the refusals of its orders still queued are dropped.
                self.halt();
                self.answers.push(Answer::Broke(why));
            }
            _ => {}
        }
    }

    /// The look or the making waited for is over, with `answer`.
    fn done(&mut self, answer: Answer) {
        self.awaited = None;
        self.answers.push(answer);
    }

    /// Whether the answer to `asked` is still wanted.
    fn waits_for(&self, asked: Asked) -> bool {
        let current = self.run.map(|r| TaskId::Run(r.id)).or(self.awaited);
        match asked {
            Asked::Start(id) | Asked::Advance(id) => current == Some(TaskId::Run(id)),
            Asked::Judge(id) | Asked::Hint(id, _) => current == Some(TaskId::Judge(id)),
            Asked::Make(id) => current == Some(TaskId::Make(id)),
            Asked::Bench(_) | Asked::FindGrid | Asked::Read => true,
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
    pub fn frame(&mut self) -> Vec<Answer> {
        if self.run.is_some_and(|r| r.pace.per_frame() && !r.advancing) {
            self.advance();
        }
        let mut answers = std::mem::take(&mut self.answers);
        if let Some(snapshot) = self.snapshot.take() {
            answers.insert(0, Answer::Snapshot(snapshot));
        }
        answers
    }
}

/// What a solution report tells the page: the solution, why there is none, or that the message
/// was broken.
fn solution(found: Result<Puzzle, Verdict>) -> Answer {
    match found.map(|s| s.grid()) {
        Ok(Ok(grid)) => Answer::Solution(Ok(grid)),
        Ok(Err(why)) => Answer::Broke(why),
        Err(verdict) => Answer::Solution(Err(verdict)),
    }
}

/// What a hint report tells the page about a board of `shape`: the hint, why there is none,
/// or that the message was broken.
fn hinted(found: Result<Hinted, Verdict>, shape: Shape) -> Answer {
    match found.map(|h| h.hint(shape)) {
        Ok(Ok(hint)) => Answer::Hint(Ok(hint)),
        Ok(Err(why)) => Answer::Broke(why),
        Err(verdict) => Answer::Hint(Err(verdict)),
    }
}

/// What a reading report tells the page: the puzzle, why there is none, or that the message
/// was broken.
fn reading(read: Result<Scanned, ReadError>) -> Answer {
    match read.map(|scanned| scanned.reading()) {
        Ok(Ok(reading)) => Answer::Read(Ok(reading)),
        Ok(Err(why)) => Answer::Broke(why),
        Err(error) => Answer::Read(Err(error)),
    }
}
