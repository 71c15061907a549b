//! A solver worker seen from the page: the browser's `Worker` and the native [`Client`] that
//! keeps the conversation. This file only posts the bytes the client writes and hands it the
//! bytes that arrive; between display frames, reports pile up in the client until the page takes
//! the newest at its next frame.

use super::browser_said;
use js_sys::{Array, Uint8Array};
use std::cell::RefCell;
use std::rc::Rc;
use sudoku_engine::worker::Failure;
use sudoku_page::client::Client;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// The script that loads the engine into a worker, relative to the page.
const SCRIPT: &str = "solver-worker.js";

/// Posts what `client` has to send.
fn flush(worker: &Worker, client: &mut Client) {
    for bytes in client.outgoing() {
        let array = Uint8Array::from(bytes.as_slice());
        // Fails only for a worker already gone; its error event says so.
        let _ = worker.post_message_with_transfer(&array, &Array::of1(&array.buffer()));
    }
}

/// One worker and its client. Dropping it ends the worker at once.
pub struct SolverWorker {
    worker: Worker,
    client: Rc<RefCell<Client>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl SolverWorker {
    /// Starts a worker; it loads in the background and takes orders as soon as it listens.
    pub fn spawn() -> Result<SolverWorker, Failure> {
        SolverWorker::spawn_telling(Rc::new(|| ()))
    }

    /// Starts a worker that calls `heard` after each report (and failure) reaches its client,
    /// for a page part that waits for answers rather than polling at every frame.
    pub fn spawn_telling(heard: Rc<dyn Fn()>) -> Result<SolverWorker, Failure> {
        let worker = Worker::new(SCRIPT).map_err(|e| Failure::NotStarted(browser_said(e)))?;
        let client = Rc::new(RefCell::new(Client::default()));
        let on_message = {
            let (client, worker, heard) = (client.clone(), worker.clone(), heard.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let bytes = Uint8Array::new(&event.data()).to_vec();
                {
                    let mut client = client.borrow_mut();
                    client.receive(&bytes);
                    flush(&worker, &mut client);
                }
                heard();
            })
        };
        let on_error = {
            let client = client.clone();
            Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
                event.prevent_default();
                client.borrow_mut().fail(Failure::Lost(event.message()));
                heard();
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(SolverWorker {
            worker,
            client,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Does `what` with the client, then posts whatever it asked for.
    pub fn with<R>(&self, what: impl FnOnce(&mut Client) -> R) -> R {
        let mut client = self.client.borrow_mut();
        let answer = what(&mut client);
        flush(&self.worker, &mut client);
        answer
    }
}

impl Drop for SolverWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
