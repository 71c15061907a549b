//! The engine: Sudoku boards and rules, the checker, the exact search, the solvers and their
//! registry, the hint ladder and grading, the generator, the referee, QUBO, the photo reader, the
//! run-to-the-end harness and the worker protocol. It holds data only (sentences are
//! `sudoku_words`'s) and has no web dependency, so it is tested natively.
//!
//! Modules depend downwards only (`decimal`, numbers as text, stands apart): `board` ← `step` ← `check` ← `exact` (the exact search: counting
//! and diagnosis, which the rest stands on), `hint` (the technique ladder) ← `grade` ← `spec` ←
//! `solvers` ← `registry` ← `generate`, `referee`, `harness` (runs to the end, for the command
//! line and the benchmarks), `read` (photos to puzzles) ← `worker` (the worker's side of the
//! page ↔ worker protocol).

pub mod board;
pub mod check;
pub mod decimal;
pub mod exact;
pub mod generate;
pub mod grade;
pub mod harness;
pub mod hint;
pub mod order;
pub mod qubo;
pub mod read;
pub mod referee;
pub mod registry;
pub mod rng;
pub mod samples;
pub mod solvers;
pub mod spec;
pub mod step;
pub mod worker;

pub use board::{Geometry, Grid, ParseError, Shape};
pub use check::PuzzleError;
pub use registry::SolverKind;
pub use step::{Frame, Mark, RunConfig, RunState, Solver};
