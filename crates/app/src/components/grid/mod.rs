pub mod cell;
pub mod cell_input;
pub mod grid_view;
pub mod spin_canvas;
