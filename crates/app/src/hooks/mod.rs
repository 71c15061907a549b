//! The app's side effects, one custom hook each: a hook owns its resource (a worker, a frame
//! loop, a listener) and its drop releases it.

mod benchmark;
mod camera;
mod frame_loop;
mod history;
mod opener;
mod paper;
mod paste_and_drop;
mod plot;
mod preview;
mod race;
mod reader;
mod relayout;
mod run_keys;
mod share;
mod shown_choice;
mod solver_run;

pub use benchmark::use_benchmark;
pub use camera::{Camera, use_camera};
pub use history::{use_address_bar, use_focus, use_popstate};
pub use opener::use_opener;
pub use paper::{Tracked, use_paper};
pub use paste_and_drop::use_paste_and_drop;
pub use plot::use_plot;
pub use preview::{Looking, use_preview};
pub use race::use_race;
pub use reader::{read_first, use_reader};
pub use relayout::use_relayout;
pub use run_keys::use_run_keys;
pub use share::use_share;
pub use shown_choice::use_shown_choice;
pub use solver_run::use_solver_run;
