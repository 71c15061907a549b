//! The race's results table: one row per racer, the finishers first in their order. Each cell
//! names its column too, for the stacked rows of a narrow screen.

use crate::components::results_table::results_table;
use sudoku_page::race::Row;
use sudoku_words::{self as present, RACE_COLUMNS as COLUMNS};
use yew::prelude::*;

/// A plain view, not a component, since each component costs the page's wasm some 2 kB.
pub fn race_results(rows: &[Row]) -> Html {
    let rows = rows.iter().map(|row| {
        html! {
            <tr data-state={row.state}>
                <td data-label={COLUMNS[0]}>{ row.place.clone() }</td>
                <th scope="row" data-label={COLUMNS[1]}>{ row.solver.clone() }</th>
                <td data-label={COLUMNS[2]}>{ row.result }</td>
                <td class="number" data-label={COLUMNS[3]}>{ row.time.clone() }</td>
                <td class="number" data-label={COLUMNS[4]}>{ row.moves.clone() }</td>
                <td class="number" data-label={COLUMNS[5]}>{ row.thrown_away.clone() }</td>
            </tr>
        }
    });
    html! {
        <>
            { results_table(classes!("results"), &COLUMNS, rows.collect::<Html>()) }
            <p class="times-note">{ present::race_times_vary() }</p>
        </>
    }
}
