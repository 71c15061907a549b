//! How the engine's data reads to people: numbers, figures, cells and every sentence of the
//! status lines, as the page, the race, the command line and the browser tests' DOM contract
//! spell them. It sits above the engine, which holds data only (the referee's verdict, a run's
//! state, a made puzzle), and below the page, the race and the command line, which decide which
//! sentence to show.

mod board;
mod cages;
mod cells;
mod charts;
mod controls;
mod explain;
mod failures;
mod figures;
mod hints;
mod marks;
mod messages;
mod numbers;
mod progress;
mod reading;
mod status;
mod verdicts;

pub use board::{
    board_side, cell_label, cell_notes, grid_label, no_spins_drawn, rules_note, spin_legend,
    undecided_key, undecided_title,
};
pub use cages::{
    CAGE_PENALTY_KEY, KILLER_CHOICE, cage_draft, cage_incomplete, cage_keeps_caging, cage_refused,
    cage_taken, cage_unmakeable, caging_status, killer_holds, link_cage_left_out,
};
pub use cells::{level_text, spin_text};
pub use charts::{
    bench_times, idle_lane, log_tick, per_second, qubo_caption, qubo_label, qubo_not_drawn,
    solved_share, tally,
};
pub use controls::{
    LEVEL_RAISED, level_meaning, ordinal, per_frame, plot_keys, qubo_export_note, race_button,
    race_choice, sample_option, seconds, solver_line, solver_promise, tagline,
};
pub use explain::{
    HOW_IT_WORKS, PAN_NOTE, PLOT_ACROSS, PLOT_OF_LAST_RUN, PLOT_WAITS, RECOMMENDED, RESTART_KEY,
    TAKES_NO_CAGES, WHAT_THE_DOTS_MEAN, WHAT_THE_PLOT_SHOWS, maker_promise, plot_lines,
    solver_gave_way, solver_title, spin_lines,
};
pub use failures::failure;
pub use figures::{cage_penalty_now, figure_rows, figures_key, run_rows};
pub use hints::{
    cell_name, cells_named, hardest_needed, hint_sentence, mistake_sentence, step_sentence,
    technique_title,
};
pub use marks::{
    PENCIL_KEY, checked, checking_entries, finding_hint, given_fixed, givens_fixed, hint_applied,
    hint_role_words, hint_status, marks_need_an_open_cell, marks_words, no_step_between_solutions,
    not_one_solution, nothing_to_check, nothing_to_hint, pad_tip, pencil_mode, typed_digits_clash,
};
pub use messages::{
    BENCH_IDLE, CopyRefusal, LINK_COPIED, LINK_SHARED, SHARE_TITLE, share_failed, table_copied,
};
pub use numbers::{counted, duration, fixed, group_thousands, rate};
pub use progress::progress;
pub use reading::{
    InSight, capture_missed, no_camera, not_an_image, not_read, paper_ready, paper_running,
    paper_stopped, read_kept, read_note, read_refused, reader_failed, scan_status,
};
pub use status::{
    BENCH_COLUMNS, BENCH_TIMES_CAPTION, BenchTally, NO_RACE, RACE_COLUMNS, REPEATED, RaceTally,
    bench_markdown_note, bench_median, bench_status, board_resized, capitalised, checking,
    described, entries_status, left_mid_run, loaded, made, making, no_race, not_checked, not_made,
    nothing_to_plot, one_digit_a_cell, out_of_time, paste_refused, prefixed, quoted, race_on,
    race_ready, race_summary, race_times_vary, racer_failed, racer_loading, racer_running,
    racer_status, racer_stopped, racer_unsupported, racer_waiting, run_status, solver_failed,
    starting, stopped_early, tap_a_cell_first, typed_refused, welcome, windoku_needs_square_boxes,
};
pub use verdicts::{
    cage_refusal, entries_leave_none, refusal, refusal_of_entries, remark_after, remark_before,
};
