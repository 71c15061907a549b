//! The app's side effects, one custom hook each: a hook owns its resource (a worker, a frame
//! loop, a listener) and its drop releases it.

mod benchmark;
mod frame_loop;
mod history;
mod plot;
mod race;
mod share;
mod solver_run;

pub use benchmark::use_benchmark;
pub use history::{use_address_bar, use_focus, use_popstate};
pub use plot::use_plot;
pub use race::use_race;
pub use share::use_share;
pub use solver_run::use_solver_run;
