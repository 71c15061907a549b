pub mod photo_input;
pub mod sheet;
pub mod solver_settings;
