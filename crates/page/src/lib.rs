//! The page's state as plain Rust, tested natively: the reducer ([`page`]), the client of a
//! solver worker ([`client`]), one run followed from the page ([`run`]), the race, the benchmark
//! view's state, links and the live plot's axes. The Yew app (`sudoku_app`) draws it.
//!
//! Modules depend downwards only: `plot`, `client` ← `run` ← `race`, `benchmark` ← `link` ←
//! `page`.

pub mod benchmark;
pub mod client;
pub mod link;
pub mod page;
pub mod plot;
pub mod race;
pub mod run;
