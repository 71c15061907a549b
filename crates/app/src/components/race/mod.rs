pub mod race_view;
