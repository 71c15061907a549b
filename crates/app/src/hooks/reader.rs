//! A reader worker: a second instance of the solvers' worker that finds grids in pictures and
//! reads them, started when a picture needs it and ended once it has read one or when its
//! owner goes away.

use crate::dom::photo::picture_of;
use crate::dom::solver_worker::SolverWorker;
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_engine::read::Picture;
use sudoku_engine::worker::{Failure, Report};
use sudoku_page::client::Client;
use sudoku_page::page::{Action, ScanError};
use web_sys::FileList;
use yew::prelude::*;

type Slot = Rc<RefCell<Option<SolverWorker>>>;

/// The page's side of a reader worker; its answers go to the callback of [`Reader::answer_to`].
#[derive(Clone)]
pub struct Reader {
    slot: Slot,
    on_answer: Rc<RefCell<Callback<Report>>>,
}

impl Reader {
    /// Asks where the grid is in `picture` (answered with [`Report::Outline`]).
    pub fn find_grid(&self, picture: Picture) -> Result<(), Failure> {
        self.ask(|client| client.find_grid(picture))
    }

    /// Asks for the puzzle in `picture` (answered with [`Report::Read`]).
    pub fn read(&self, picture: Picture) -> Result<(), Failure> {
        self.ask(|client| client.read(picture))
    }

    /// Sends the worker's answers to `on_answer` from now on.
    pub fn answer_to(&self, on_answer: Callback<Report>) {
        *self.on_answer.borrow_mut() = on_answer;
    }

    fn ask(&self, order: impl FnOnce(&mut Client)) -> Result<(), Failure> {
        if self.slot.borrow().is_none() {
            let (slot, on_answer) = (Rc::downgrade(&self.slot), self.on_answer.clone());
            let heard = move || {
                let Some(slot) = slot.upgrade() else { return };
                // Taken first: an answer may end the worker or ask it for more.
                let answers = slot.borrow().as_ref().map(|w| w.with(Client::frame));
                let on_answer = on_answer.borrow().clone();
                for answer in answers.into_iter().flatten() {
                    // A reading (or a failure) is the worker's last answer: it ends, once the
                    // handler running now has returned.
                    if matches!(answer, Report::Read(_) | Report::Failed(_)) {
                        let slot = slot.clone();
                        wasm_bindgen_futures::spawn_local(
                            async move { drop(slot.borrow_mut().take()) },
                        );
                    }
                    on_answer.emit(answer);
                }
            };
            *self.slot.borrow_mut() = Some(SolverWorker::spawn_telling(Rc::new(heard))?);
        }
        if let Some(worker) = self.slot.borrow().as_ref() {
            worker.with(order);
        }
        Ok(())
    }
}

/// A reader worker: it starts at the first question and ends when the component that holds it
/// goes away.
#[hook]
pub fn use_reader() -> Reader {
    let slot: Slot = use_mut_ref(|| None);
    let callback = use_mut_ref(Callback::noop);
    {
        let slot = slot.clone();
        use_effect_with((), move |_| move || drop(slot.borrow_mut().take()));
    }
    Reader {
        slot,
        on_answer: callback,
    }
}

/// Reads the first file of `files`, if there is one, with `reader`.
pub fn read_first(files: Option<FileList>, reader: &Reader, dispatch: &Callback<Action>) {
    let Some(file) = files.and_then(|f| f.get(0)) else {
        return;
    };
    let (reader, dispatch) = (reader.clone(), dispatch.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let asked = match picture_of(file.into()).await {
            Ok(picture) => reader.read(picture).map_err(ScanError::Broke),
            Err(why) => Err(why),
        };
        if let Err(why) = asked {
            dispatch.emit(Action::Scanned(Err(why)));
        }
    });
}
