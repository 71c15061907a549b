//! How the engine's data reads to people: numbers, figures and cells as the page, the command
//! line and the browser tests' DOM contract spell them. It sits above the engine, which holds
//! data only, and below the page, the race and the command line.

mod cells;
mod figures;
mod numbers;

pub use cells::{level_text, spin_text};
pub use figures::figure_rows;
pub use numbers::{counted, group_thousands};
