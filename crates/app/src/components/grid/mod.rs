pub mod grid_view;
pub mod spin_canvas;
