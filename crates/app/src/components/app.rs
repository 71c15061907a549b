//! The app: the page's state behind Yew's `use_reducer`, its dispatcher given to every view
//! through a context, the side effects carried out by hooks, and the view the page is on.

use crate::components::benchmark::benchmark_view::{BenchmarkView, use_benchmark_kept};
use crate::components::race::race_view::RaceView;
use crate::components::solve::of_page;
use crate::components::solve::solve_view::SolveView;
use crate::dom::address;
use crate::dom::clock::now_ms;
use crate::hooks::{use_address_bar, use_focus, use_popstate, use_race, use_solver_run};
use crate::state::{State, use_dispatch_provider};
use sudoku_page::link::{self, View};
use sudoku_page::page::{Action, Page, Phase};
use yew::prelude::*;

#[component]
pub fn App() -> Html {
    let state = use_reducer(|| State(Page::open(&link::read(&address::opening()), now_ms)));
    let dispatch = use_dispatch_provider(&state);
    let page = &state.0;
    use_address_bar(page.address.clone());
    use_focus(page.board.focus);
    use_popstate(dispatch.clone());
    use_solver_run(&state);
    use_race(&state);
    let bench = use_benchmark_kept();
    let shape = page.board.sheet.entries.shape();
    let view = match page.view {
        View::Race => html! {
            <main class="race-layout">
                <RaceView race={page.racing.race.clone()} settings={page.racing.settings.clone()} message={page.status.message.clone()}
                    refused={page.racing.race.is_none() && page.status.phase == Phase::Invalid} />
            </main>
        },
        View::Bench => html! {
            <main class="bench-layout">
                <BenchmarkView kept={bench.clone()} />
            </main>
        },
        View::Solve => html! { <SolveView ..of_page::solve_view(page) /> },
    };
    html! {
        <ContextProvider<Callback<Action>> context={dispatch.clone()}>
        <div class="app">
            <header class="top">
                <h1>{ "Ising Sudoku" }</h1>
                <p class="tagline">
                    { sudoku_words::tagline(shape.cells() * shape.size()) }
                </p>
                <nav class="views" aria-label="Views">
                    { for [(View::Solve, "Solver"), (View::Race, "Race"), (View::Bench, "Benchmark")].into_iter().map(|(view, name)| {
                        let dispatch = dispatch.clone();
                        let onclick = Callback::from(move |_: MouseEvent| {
                            dispatch.emit(Action::View { view })
                        });
                        html! {
                            <button type="button" aria-pressed={(page.view == view).to_string()} {onclick}>{ name }</button>
                        }
                    }) }
                </nav>
            </header>
            { view }
        </div>
        </ContextProvider<Callback<Action>>>
    }
}
