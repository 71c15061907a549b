//! The app's Yew components, one a file, grouped by the part of the page they draw: the solver
//! view and its board, the settings sheet, the Scan dialog, the race and the benchmark, and the
//! few pieces those views share. Each takes what it draws and the callbacks it fires; the page's
//! dispatcher comes from the context [`crate::state::use_dispatch`] reads.

pub mod app;
pub mod benchmark;
pub mod grid;
pub mod limit_pick;
pub mod race;
pub mod results_table;
pub mod scan;
pub mod settings;
pub mod solve;
pub mod solver_checks;
