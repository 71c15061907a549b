//! What the solver view draws of the page's state: the one place that reads the [`Page`] for
//! it, so that the view and its parts take only the values they draw.

use super::board_notes::BoardNotesProps;
use super::cage_bar::CageBar;
use super::qubo_matrix::QuboProps;
use super::run_plot::RunPlotProps;
use super::run_watch::RunWatchProps;
use super::solve_view::SolveViewProps;
use crate::components::scan::scan_view::PaperRun;
use sudoku_engine::board::digit_char;
use sudoku_page::page::{CageDraft, CellView, Layer, Page, Phase, Source};
use sudoku_words as present;

/// The solver view's props for `page`.
pub fn solve_view(page: &Page) -> SolveViewProps {
    let cells = page.cells();
    SolveViewProps {
        kind: page.solving.kind,
        puzzle: page.board.sheet.entries.clone(),
        running: page.running(),
        // The last run's plot counts: Solve again shows it while the referee looks, and the
        // layout keeps the run's, so that the plot does not move when the new run starts.
        ran: page.solving.run.is_some() || page.solving.plotted().is_some(),
        selected: page.board.selected.is_some(),
        history: page.can_undo_redo(),
        layer: page.solving.layer,
        marks: page.board.show_marks,
        pencil: page.board.pencil,
        watch: run_watch(page, &cells),
        speed: page.solving.speed,
        limit: page.solving.limit_s,
        query: page.address.query.clone(),
        paper: paper_run(page, &cells),
        caging: page.cage_note().map(|note| CageBar {
            note,
            removable: (page.board.caging.as_ref()).is_some_and(CageDraft::removable),
            refused: page.board.refusal.is_some(),
        }),
        cells,
    }
}

/// The run as the Scan view draws it on the paper: the solver's digits only, as the givens are
/// printed there.
fn paper_run(page: &Page, cells: &[CellView]) -> PaperRun {
    let digit = |cell: &CellView| match (cell.source, cell.digit) {
        (Source::Solver, Some(d)) => digit_char(d),
        _ => '.',
    };
    let digits: String = cells.iter().map(digit).collect();
    PaperRun {
        state: page.status.phase.name(),
        said: paper_said(page, digits.chars().any(|d| d != '.')),
        running: page.running(),
        solved: page.status.phase == Phase::Solved,
        digits,
        checking: page.describing(),
        refused: page.findings.refusal.clone(),
        unsure: page.findings.unsure.len(),
        kept: page.findings.kept,
    }
}

/// What the Scan view says of the run on the paper: the page's words, with how far the run has
/// got while it goes; once stopped with digits `drawn`, that they are no solution (the page's
/// own words point to the board, out of sight under the view).
fn paper_said(page: &Page, drawn: bool) -> String {
    match page.status.phase {
        Phase::Running => present::paper_running(&page.status.message, page.progress().as_deref()),
        Phase::Stopped if drawn => present::paper_stopped(),
        _ => page.status.message.clone(),
    }
}

/// The run's side of the view, with `cells` as the board shows them.
fn run_watch(page: &Page, cells: &[CellView]) -> RunWatchProps {
    RunWatchProps {
        note: page.note(),
        refused: !page.hint().is_empty(),
        hint: page.hint_sentence(),
        can_apply: page.can_apply(),
        problem: page.status_parts().0.to_string(),
        message: page.status_parts().1.to_string(),
        phase: page.status.phase.name(),
        progress: page.progress(),
        figures: page.figures(),
        figures_key: page.figures_key(),
        plot: run_plot(page),
        ran: page.solving.run.is_some(),
        qubo: page.solving.kind.qubo_bits.then(|| QuboProps {
            puzzle: page.board.sheet.entries.clone(),
            bits: qubo_bits(page, cells),
        }),
        notes: BoardNotesProps {
            spins: page.solving.layer == Layer::Spins,
            ran: page.solving.run.is_some(),
            drawn: cells.iter().any(|c| c.spins.is_some()),
            levels: cells
                .iter()
                .any(|c| c.spins.is_some_and(|s| s.levels.is_some())),
            penalty: (page.solving.run.as_ref())
                .and_then(|r| r.trace.cages.last())
                .map(|&(_, penalty)| present::cage_penalty_now(penalty)),
            rules: page.board.sheet.entries.shape().rules(),
        },
        about: present::solver_line(&page.solving.kind),
    }
}

/// The run's plot (the last run's after an edit, marked so but while a new run gets going);
/// none without a curve, so no bare axes.
fn run_plot(page: &Page) -> Option<RunPlotProps> {
    let (run, past) = page.solving.plotted()?;
    Some(RunPlotProps {
        series: run.frame.as_ref()?.series.clone(),
        trace: run.trace.clone(),
        progress: (run.id, run.elapsed_ms.to_bits()),
        past: past && !page.running(),
    })
}

/// Each cell's set bits during or after a run on the QUBO.
fn qubo_bits(page: &Page, cells: &[CellView]) -> Option<Vec<u32>> {
    (page.solving.run.as_ref())
        .filter(|r| r.kind.qubo_bits)
        .map(|_| cells.iter().map(|c| c.spins.map_or(0, |s| s.up)).collect())
}
