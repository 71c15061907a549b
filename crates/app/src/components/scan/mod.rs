pub mod scan_view;
