pub mod benchmark_view;
