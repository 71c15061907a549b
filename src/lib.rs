//! Sudoku solved the way annealing hardware does it.
//!
//! The engine (board, checker, solvers, registry, the page's state, benchmark harness) is plain
//! Rust with no web dependency, so it is tested natively; the browser app in [`web`] is a thin
//! Yew layer that draws the frames the engine hands it.
//!
//! Modules depend downwards only: `board` ← `step` ← `check`, `hint` (the technique ladder) ←
//! `logic` ← `spec` ← `solvers` ← `registry` ← `generate`, `referee`, `bench`, `link`, `read`
//! (photos to puzzles) ← `drive` ← `run` ← `client`, `race`, `benchmark` ← `page` ← `web`;
//! `present` (how numbers, figures, cells, hints and every sentence of the status lines read)
//! sits on `board`, `check`, `hint`, `step`, `spec`, `referee`, `generate` and `read`, so the
//! engine below it returns data only, and under `race`, `benchmark`, `page` and the command
//! line, [`cli`] (built natively only), which
//! choose what to say and take the words from it.

pub mod bench;
pub mod benchmark;
pub mod board;
pub mod check;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod client;
pub mod drive;
pub mod generate;
pub mod hint;
pub mod link;
pub mod logic;
pub mod page;
pub mod plot;
pub mod present;
pub mod qubo;
pub mod race;
pub mod read;
pub mod referee;
pub mod registry;
pub mod rng;
pub mod run;
pub mod samples;
pub mod solvers;
pub mod spec;
pub mod step;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use board::{Geometry, Grid, ParseError, Shape};
pub use check::PuzzleError;
pub use registry::SolverKind;
pub use step::{Frame, Mark, RunConfig, RunState, Solver};
