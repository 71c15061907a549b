//! The page's state, tested natively with the worker played in the test's thread.

mod played;
#[path = "../../../engine/tests/engine/common.rs"]
mod shared;
mod common {
    pub use crate::played::*;
    pub use crate::shared::*;
}
mod benchmark;
mod client;
mod hinting;
mod marks;
mod page;
#[cfg(not(target_arch = "wasm32"))]
mod properties;
mod race;
mod run;
