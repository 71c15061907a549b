pub mod pad;
pub mod qubo_show;
pub mod solve_view;
pub mod toolbar;
