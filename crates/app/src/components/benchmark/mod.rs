pub mod benchmark_results;
pub mod benchmark_settings;
pub mod benchmark_view;
pub mod success_chart;
pub mod time_chart;
