pub mod controls;
pub mod scan_view;
