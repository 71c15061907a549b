//! The benchmark's results for people: each solver by its label, its times, and its rate of
//! work in its own unit (flips, steps, nodes…), which the markdown table lumps together as
//! moves. It stacks on a narrow screen as the race's results do, each cell naming its column.

use crate::components::results_table::results_table;
use sudoku_words::BENCH_COLUMNS as COLUMNS;
use yew::prelude::*;

/// A solver's row: its title, and the other columns' values in their order.
pub type ResultRow = (&'static str, [String; 5]);

/// A plain view, not a component, since each component costs the page's wasm some 2 kB.
pub fn benchmark_results(rows: &[ResultRow]) -> Html {
    let rows = rows.iter().map(|(title, cells)| {
        html! {
            <tr>
                <th scope="row" data-label={COLUMNS[0]}>{ *title }</th>
                { for cells.iter().zip(&COLUMNS[1..]).map(|(text, label)| html! {
                    <td class="number" data-label={*label}>{ text.clone() }</td>
                }) }
            </tr>
        }
    });
    results_table(
        classes!("results", "bench-results"),
        &COLUMNS,
        rows.collect::<Html>(),
    )
}
