//! The results table the race and the benchmark share: a caption, a header row and the rows,
//! each cell labelled with its column so that a phone can stack the row.

use yew::prelude::*;

/// A "Results" table of class `class` with `columns` as its header, around `rows`.
pub fn results_table(class: Classes, columns: &[&str], rows: Html) -> Html {
    html! {
        <table {class}>
            <caption>{ "Results" }</caption>
            <thead>
                <tr>{ for columns.iter().map(|c| html! { <th scope="col">{ *c }</th> }) }</tr>
            </thead>
            <tbody>{ rows }</tbody>
        </table>
    }
}
