pub mod board_choice;
pub mod level_choice;
pub mod photo_input;
pub mod puzzle_settings;
pub mod sheet;
pub mod solver_choices;
pub mod solver_settings;
pub mod speed_pick;
