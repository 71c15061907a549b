//! The command line as a user runs it (the QUBO export among it), the photo reader, and what the
//! repository says about itself.

mod cli;
#[path = "../../../engine/tests/engine/common.rs"]
mod common;
mod qubo;
mod read;
mod repository;
