//! The words' tests: hints and a watched run, as they read.

#[path = "../../../engine/tests/engine/common.rs"]
mod common;
mod hints;
mod killers;
mod watch;
