//! The solver view: the board and its controls, the run's status, figures and plot, and the
//! side panel (New puzzle, the solver and its speed).

use super::clock::fresh_seed;
use super::grid_view::GridView;
use super::hooks::{use_plot, use_share};
use super::pad::Pad;
use super::panel::{Panel, PuzzleMaker, SolverPick};
use super::state::{State, use_dispatch};
use crate::board::Rules;
use crate::page::{Action, Layer};
use yew::prelude::*;

/// The extra rules in words, for the note under the board, with how the grid draws them.
fn rule_words(rules: Rules) -> String {
    let words: Vec<String> = (Rules::ALL.iter())
        .filter(|(rule, ..)| rules.contains(*rule))
        .map(|&(rule, _, words)| match rule {
            Rules::X => format!("{words} (drawn through their cells)"),
            Rules::WINDOKU => format!("{words} (tinted)"),
            _ => words.to_string(),
        })
        .collect();
    words.join("; ")
}

#[derive(Properties)]
pub struct SolveViewProps {
    pub state: UseReducerHandle<State>,
}

impl PartialEq for SolveViewProps {
    /// Drawn again with every state of the page, as the app is.
    fn eq(&self, _: &SolveViewProps) -> bool {
        false
    }
}

#[component]
pub fn SolveView(props: &SolveViewProps) -> Html {
    let page = &props.state.0;
    let dispatch = use_dispatch();
    let (share_note, on_share) = use_share(page.address.query.clone());
    let canvas = use_node_ref();
    // The plot redraws after every render that brought a new frame.
    use_plot(
        canvas.clone(),
        (page.run.as_ref()).map(|r| (r.id, r.elapsed_ms.to_bits())),
        (page.run.as_ref()).and_then(|r| Some((r.frame.as_ref()?.series.clone(), r.trace.clone()))),
    );
    let running = page.running();
    let on_solve = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Solve { seed: fresh_seed() }))
    };
    let on_stop = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Stop))
    };
    let on_clear = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Clear))
    };
    let on_digit = {
        let dispatch = dispatch.clone();
        Callback::from(move |digit: Option<u8>| dispatch.emit(Action::Pad(digit)))
    };
    let layer_choice = |layer: Layer, name: &'static str| {
        let dispatch = dispatch.clone();
        let onchange = Callback::from(move |_: Event| dispatch.emit(Action::Show(layer)));
        html! {
            <label class="toggle">
                <input type="radio" name="layer" value={name} checked={page.layer == layer} {onchange} />
                <span>{ name }</span>
            </label>
        }
    };
    let shape = page.entries.shape();
    let cells = page.cells();
    let qubo_bits: Option<Vec<u32>> = (page.run.as_ref())
        .filter(|r| r.kind.qubo_bits)
        .map(|_| cells.iter().map(|c| c.spins.map_or(0, |s| s.up)).collect());
    let plot_view = page.trace().map(|(series, trace)| {
        let label = crate::plot::describe(series, trace);
        let second = match series[1].scale {
            crate::step::Scale::Log => format!("{} (right, log scale)", series[1].name),
            crate::step::Scale::Linear => format!("{} (right)", series[1].name),
        };
        html! {
            <figure class="plot">
                <canvas ref={canvas.clone()} role="img" aria-label={label} />
                <figcaption class="legend">
                    <span class="key first">{ format!("{} (left)", series[0].name) }</span>
                    <span class="key second">{ second }</span>
                    <span class="key restart">{ "restart" }</span>
                    <span>{ "against ticks" }</span>
                </figcaption>
            </figure>
        }
    });
    html! {
    <main class={classes!("layout", (shape.size() > 9).then_some("wide-board"))}>
        <section class="play">
            <fieldset class="layers">
                <legend>{ "Show" }</legend>
                { layer_choice(Layer::Digits, "Digits") }
                { layer_choice(Layer::Spins, "Spins") }
            </fieldset>
            <GridView
                cells={cells.clone()}
                size={shape.size()}
                box_rows={shape.box_rows()}
                box_cols={shape.box_cols()}
                locked={running}
                layer={page.layer}
            />
            if page.layer == Layer::Spins {
                <p class="spin-legend">
                    if cells.iter().any(|c| c.spins.is_some_and(|s| s.levels.is_some())) {
                        { "Each cell shows one dot per digit it can still take, laid out like a box: the fill is the neuron's activation or the digit's belief, the ring marks the strongest (the digit read out), square = clamped (a given or a decided cell)." }
                    } else {
                        { "Each cell shows one spin per digit it can take, laid out like a box: filled = up, hollow = down, square = clamped (a given, or a digit the givens force)." }
                    }
                </p>
            }
            if !shape.rules().is_empty() {
                <p class="rules-note">
                    { format!("Extra rules. {}.", rule_words(shape.rules())) }
                </p>
            }
            <Pad size={shape.size() as u8} {on_digit} disabled={running} />
            <p id="hint" class="hint" aria-live="polite">{ page.hint() }</p>
            <div class="controls">
                <button type="button" class="solve" onclick={on_solve} disabled={running}>{ "Solve" }</button>
                <SolverPick kind={page.kind} shape={shape} {running} />
                <button type="button" onclick={on_stop} disabled={!running}>{ "Stop" }</button>
                <button type="button" onclick={on_clear}>{ "Clear" }</button>
                <button type="button" onclick={on_share}>{ "Share" }</button>
            </div>
            <p id="share-note" class="share-note" aria-live="polite">{ share_note }</p>
            <p id="status" class="status" role="status" data-state={page.phase.name()}>
                { page.message.clone() }
            </p>
            <dl class="stats">
                { for page.figures().into_iter().map(|(name, value)| html! {
                    <div><dt>{ name }</dt><dd>{ value }</dd></div>
                }) }
            </dl>
            { plot_view.unwrap_or_default() }
        </section>
        <aside class="panel">
        <PuzzleMaker
            shape={shape}
            {running}
            seed={Callback::from(|()| fresh_seed())}
        />
        <Panel
            kind={page.kind}
            speed={page.speed}
            {running}
            puzzle={page.entries.clone()}
            bits={qubo_bits}
        />
        </aside>
    </main>
    }
}
