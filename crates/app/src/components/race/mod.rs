pub mod race_results;
pub mod race_settings;
pub mod race_view;
pub mod racer_card;
