//! Sudoku solved the way annealing hardware does it.
//!
//! The engine (board, checker, solvers, benchmark harness) is plain Rust with no web dependency, so
//! it is tested natively; the browser app in [`web`] is a thin Yew layer that draws the snapshots
//! the engine hands it.

pub mod bench;
pub mod board;
pub mod check;
pub mod link;
pub mod rng;
pub mod solver;
pub mod solvers;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use board::{Geometry, Grid, ParseError, Shape};
pub use check::PuzzleError;
pub use solver::{Mark, RunConfig, RunState, Snapshot, Solver, SolverKind};
