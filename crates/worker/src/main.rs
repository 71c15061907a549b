//! `worker`: the solvers' Web Worker. Trunk builds it for wasm32 beside the app; the page starts
//! it from `solver-worker.js`. It hosts one [`Host`](sudoku_engine::worker::Host) and answers every
//! order the page posts with one report; a panic is reported to the page before the worker dies.

// The soak's counting allocator and its export, in the browser tests' build only.
#[cfg(all(target_arch = "wasm32", feature = "diagnostics"))]
use sudoku_heap as _;

#[cfg(target_arch = "wasm32")]
fn main() {
    scope::listen();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("worker is the web app's solver worker; `trunk build` builds it for the browser.");
    std::process::exit(2);
}

#[cfg(target_arch = "wasm32")]
mod scope {
    use js_sys::{Array, Uint8Array};
    use std::cell::RefCell;
    use sudoku_engine::worker::{self, Failure, Host, Order, Report};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    thread_local! {
        static HOST: RefCell<Host> = RefCell::new(Host::default());
    }

    fn scope() -> DedicatedWorkerGlobalScope {
        js_sys::global().unchecked_into()
    }

    /// Posts a report, its bytes handed over rather than copied.
    fn post(report: &Report) {
        let bytes = Uint8Array::from(worker::encode(report).as_slice());
        let transfer = Array::of1(&bytes.buffer());
        // Posting fails only while the worker is being torn down: nobody is left to tell.
        let _ = scope().post_message_with_transfer(&bytes, &transfer);
    }

    /// Installs the order handler and says so.
    pub fn listen() {
        std::panic::set_hook(Box::new(|info| {
            post(&Report::Failed(Failure::Crashed(info.to_string())))
        }));
        let performance = scope().performance();
        let mut clock = move || performance.as_ref().map_or(0.0, |p| p.now());
        let on_order = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let bytes = Uint8Array::new(&event.data()).to_vec();
            let report = match worker::decode::<Order>(&bytes) {
                Ok(order) => HOST.with(|host| host.borrow_mut().handle(order, &mut clock)),
                Err(why) => Report::Failed(why),
            };
            post(&report);
        });
        scope().set_onmessage(Some(on_order.as_ref().unchecked_ref()));
        // The handler lives as long as the worker.
        on_order.forget();
        post(&Report::Listening);
    }
}
