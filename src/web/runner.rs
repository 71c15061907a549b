//! A solver worker seen from the page. The worker answers each order with one report, in order,
//! so the page keeps a queue of what it asked and knows which run every report belongs to; a
//! report for a run the page has let go of is dropped. Between display frames, reports only
//! pile up here: the page takes the newest at its next frame, so it draws at display rate however
//! fast the worker goes.

use crate::drive::{self, Job, News, Order, Pace, Report, Snapshot};
use js_sys::{Array, Uint8Array};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// The script that loads the engine into a worker, relative to the page.
const SCRIPT: &str = "solver-worker.js";

/// What the runner knows, shared with the worker's message handler.
#[derive(Default)]
struct Mail {
    listening: bool,
    /// Orders written before the worker listened, sent when it does.
    backlog: Vec<Vec<u8>>,
    /// For each unanswered order, the run (or benchmark tag) it was for.
    asked: VecDeque<u64>,
    /// The run being driven (0: none), and how.
    run: u64,
    pace: Option<(Pace, u64)>,
    /// An advance of the current run is unanswered.
    advancing: bool,
    /// The newest snapshot, holding every plotted point since the page last took one.
    snapshot: Option<Box<Snapshot>>,
    news: Vec<News>,
    dead: bool,
}

impl Mail {
    fn post(&mut self, worker: &Worker, tag: u64, order: &Order) {
        self.asked.push_back(tag);
        let bytes = drive::encode(order);
        if self.listening {
            send(worker, &bytes);
        } else {
            self.backlog.push(bytes);
        }
    }

    fn advance(&mut self, worker: &Worker, pace: Pace, moves_per_tick: u64) {
        self.advancing = true;
        let run = self.run;
        let order = Order::Advance {
            pace,
            moves_per_tick,
        };
        self.post(worker, run, &order);
    }

    fn fail(&mut self, why: String) {
        if !self.dead {
            self.dead = true;
            self.news.push(News::Broke(why));
        }
    }

    /// Takes one report in; asks for more at once when running as fast as possible.
    fn receive(&mut self, worker: &Worker, report: Report) {
        let for_run = match report {
            Report::Listening => {
                self.listening = true;
                for bytes in self.backlog.drain(..) {
                    send(worker, &bytes);
                }
                return;
            }
            Report::Crashed(why) => return self.fail(format!("it crashed ({why})")),
            _ => self.asked.pop_front().unwrap_or(0),
        };
        match report {
            Report::Snapshot(snapshot) if for_run == self.run && self.run != 0 => {
                self.advancing = false;
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
                if let Some((pace @ Pace::For(_), moves)) = self.pace {
                    self.advance(worker, pace, moves);
                }
            }
            Report::Benched(result) => self.news.push(News::Benched {
                tag: for_run,
                result: Ok(result),
            }),
            Report::Refused(why) if for_run == self.run && self.run != 0 => {
                self.news.push(News::Broke(why))
            }
            Report::Refused(why) => self.news.push(News::Benched {
                tag: for_run,
                result: Err(why),
            }),
            _ => {}
        }
    }
}

fn send(worker: &Worker, bytes: &[u8]) {
    let array = Uint8Array::from(bytes);
    // Fails only for a worker already gone; its error event says so.
    let _ = worker.post_message_with_transfer(&array, &Array::of1(&array.buffer()));
}

/// One worker and what the page asked of it. Dropping it ends the worker at once.
pub struct Runner {
    worker: Worker,
    mail: Rc<RefCell<Mail>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Runner {
    /// Starts a worker; it loads in the background and takes orders as soon as it listens.
    pub fn spawn() -> Result<Runner, String> {
        let worker = Worker::new(SCRIPT).map_err(|e| format!("no worker could start ({e:?})"))?;
        let mail = Rc::new(RefCell::new(Mail::default()));
        let on_message = {
            let (mail, worker) = (mail.clone(), worker.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let bytes = Uint8Array::new(&event.data()).to_vec();
                let mut mail = mail.borrow_mut();
                match drive::decode::<Report>(&bytes) {
                    Ok(report) => mail.receive(&worker, report),
                    Err(why) => mail.fail(why),
                }
            })
        };
        let on_error = {
            let mail = mail.clone();
            Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
                event.prevent_default();
                let what = event.message();
                mail.borrow_mut().fail(if what.is_empty() {
                    "its worker could not load".to_string()
                } else {
                    format!("its worker failed ({what})")
                });
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(Runner {
            worker,
            mail,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Whether the worker has loaded and takes orders at once.
    pub fn listening(&self) -> bool {
        self.mail.borrow().listening
    }

    /// Whether the worker died (crashed or never loaded): it takes no more orders.
    pub fn dead(&self) -> bool {
        self.mail.borrow().dead
    }

    /// Starts run `run` (a number the page never reuses), driven at `pace`.
    pub fn start(&self, run: u64, job: &Job, pace: Pace, moves_per_tick: u64) {
        let mut mail = self.mail.borrow_mut();
        mail.run = run;
        mail.snapshot = None;
        mail.advancing = false;
        mail.pace = Some((pace, moves_per_tick));
        mail.post(&self.worker, 0, &Order::Start(job.clone()));
        mail.advance(&self.worker, pace, moves_per_tick);
    }

    /// Changes how the run is driven, from its next advance.
    pub fn steer(&self, pace: Pace, moves_per_tick: u64) {
        let mut mail = self.mail.borrow_mut();
        mail.pace = Some((pace, moves_per_tick));
        if !mail.advancing && mail.run != 0 {
            mail.advance(&self.worker, pace, moves_per_tick);
        }
    }

    /// Lets the run go: later reports about it are dropped and nothing more is asked for it.
    pub fn halt(&self) {
        let mut mail = self.mail.borrow_mut();
        mail.run = 0;
        mail.pace = None;
        mail.snapshot = None;
    }

    /// Asks for one puzzle's benchmark, reported as [`News::Benched`] with `tag` (never 0).
    pub fn bench(&self, tag: u64, order: &Order) {
        self.mail.borrow_mut().post(&self.worker, tag, order);
    }

    /// A display frame: what arrived since the last, and (at an animated speed) the next tick
    /// asked for.
    pub fn frame(&self) -> Vec<News> {
        let mut mail = self.mail.borrow_mut();
        if let Some((Pace::Tick, moves)) = mail.pace
            && !mail.advancing
            && mail.run != 0
        {
            mail.advance(&self.worker, Pace::Tick, moves);
        }
        let mut news = std::mem::take(&mut mail.news);
        if let Some(snapshot) = mail.snapshot.take() {
            news.insert(0, News::Snapshot(snapshot));
        }
        news
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
