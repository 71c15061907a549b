//! The solver view, designed around the run: the toolbar and the board (with the digit pad at
//! rest) on one side; the run's status, figures and plot on the other, or under the board on a
//! phone, where the pad and the edit bar give way to them during a run. Everything else is in
//! the settings sheet.

use super::grid_view::GridView;
use super::hooks::{use_opener, use_plot};
use super::pad::{Pad, pad_is_the_keyboard};
use super::qubo_view::QuboShow;
use super::scroll::reveal;
use super::settings::Settings;
use super::state::{State, use_dispatch};
use super::toolbar::Toolbar;
use std::rc::Rc;
use sudoku_engine::board::Rules;
use sudoku_engine::generate::Request;
use sudoku_engine::grade::Difficulty;
use sudoku_engine::step::{Scale, Series};
use sudoku_page::page::{Action, Layer};
use sudoku_page::plot::Trace;
use sudoku_page::run::RunId;
use sudoku_words as present;
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

/// A fold that explains `what` (the plot or the spins) under the question `summary`, a line a
/// point.
fn explainer<S: Into<AttrValue>>(what: &'static str, summary: &'static str, lines: Vec<S>) -> Html {
    html! {
        <details class="explain" data-explains={what}>
            <summary>{ summary }</summary>
            <ul>
                { for lines.into_iter().map(|line| html! { <li>{ line.into() }</li> }) }
            </ul>
        </details>
    }
}

/// The run's figures, each a name and its value.
fn stats(figures: Vec<(String, String)>) -> Html {
    html! {
        <dl class="stats">
            { for figures.into_iter().map(|(name, value)| html! {
                <div><dt>{ name }</dt><dd>{ value }</dd></div>
            }) }
        </dl>
    }
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

/// What New puzzle makes beyond the board: the level and the symmetry the settings hold.
#[derive(Clone, Copy, PartialEq)]
struct Wanted {
    /// The level picked (`Some(None)`: any), or `None` for the board's default.
    level: Option<Option<Difficulty>>,
    symmetric: bool,
}

#[component]
pub fn SolveView(props: &SolveViewProps) -> Html {
    let page = &props.state.0;
    let dispatch = use_dispatch();
    let running = page.running();
    let pad_keyboard = use_memo((), |_| pad_is_the_keyboard());
    // When a run ends the page around the board settles (a phone's edit bar comes back): the
    // finished plot is brought into view.
    use_effect_with(page.solving.run.is_some() && !running, |&ended| {
        if ended {
            reveal(".watch .plot");
        }
    });
    let on_digit = dispatch.reform(Action::Pad);
    let shape = page.board.sheet.entries.shape();
    let cells = page.cells();
    let wanted = use_state(|| Wanted {
        level: None,
        symmetric: false,
    });
    let request = Request {
        shape,
        difficulty: (wanted.level).unwrap_or(Some(Request::default_level(shape))),
        symmetric: wanted.symmetric,
    };
    let on_level = {
        let wanted = wanted.clone();
        Callback::from(move |level| {
            wanted.set(Wanted {
                level: Some(level),
                ..*wanted
            })
        })
    };
    let on_symmetric = {
        let wanted = wanted.clone();
        Callback::from(move |symmetric| {
            wanted.set(Wanted {
                symmetric,
                ..*wanted
            })
        })
    };
    let settings = use_opener();
    let qubo_bits: Option<Vec<u32>> = (page.solving.run.as_ref())
        .filter(|r| r.kind.qubo_bits)
        .map(|_| cells.iter().map(|c| c.spins.map_or(0, |s| s.up)).collect());
    // A run the givens' forced moves solved has no curve to show, and a run plots from its
    // second point: no bare axes either way.
    let plot = (page.solving.run.as_ref()).and_then(|r| {
        let frame = r.frame.as_ref().filter(|f| f.forced.is_none())?;
        let series = (r.trace.samples.len() >= 2).then(|| frame.series.clone())?;
        let progress = (r.id, r.elapsed_ms.to_bits());
        Some(html! { <RunPlot {series} trace={r.trace.clone()} {progress} /> })
    });
    let class = classes!(
        "layout",
        (shape.size() > 9).then_some("wide-board"),
        format!("side-{}", shape.size()),
        running.then_some("running"),
        page.solving.run.is_some().then_some("ran"),
        // A finished run stays in view on a phone until a cell is tapped for the pad.
        (page.solving.run.is_some() && !running && page.board.selected.is_none())
            .then_some("after-run"),
    );
    html! {
    <main {class}>
        <section class="play" aria-label="Board">
            <Toolbar
                kind={page.solving.kind}
                {shape}
                {running}
                history={page.can_undo_redo()}
                {request}
                on_settings={settings.on_open.clone()}
                settings_button={settings.button.clone()}
            />
            // What the cells draw, at hand during a run as at rest.
            <LayerPick layer={page.solving.layer} marks={page.board.show_marks} />
            <GridView
                cells={cells.clone()}
                size={shape.size()}
                box_rows={shape.box_rows()}
                box_cols={shape.box_cols()}
                locked={running}
                layer={page.solving.layer}
                pad_keyboard={*pad_keyboard}
            />
            if shape.size() > 16 {
                <p class="pan-note">{ present::PAN_NOTE }</p>
            }
            <Pad size={shape.size() as u8} {on_digit} pencil={page.board.pencil} on_pencil={dispatch.reform(|()| Action::Pencil)} disabled={running} />
        </section>
        <section class="watch" aria-label="The run">
            // What is happening sits right by the board, so that a phone shows both.
            <p id="hint" class="hint" aria-live="polite">{ page.note() }</p>
            if let Some(sentence) = page.hint_sentence() {
                <div class="hint-box">
                    <p role="note" class="hint-note">{ sentence }</p>
                    if page.can_apply() {
                        <button type="button" onclick={dispatch.reform(|_: MouseEvent| Action::Apply)}>{ "Apply" }</button>
                    }
                </div>
            }
            <p id="status" class="status" role="status" data-state={page.status.phase.name()}>
                { page.status.message.clone() }
            </p>
            if let Some(words) = page.progress() {
                <p class="progress">{ words }</p>
            }
            { stats(page.figures()) }
            if let Some(plot) = plot {
                { plot }
            } else if page.solving.run.is_none() {
                <div class="plot-idle"><p>{ present::PLOT_WAITS }</p></div>
            }
            if page.solving.kind.qubo_bits {
                <QuboShow puzzle={page.board.sheet.entries.clone()} bits={qubo_bits} />
            }
            <BoardNotes
                spins={page.solving.layer == Layer::Spins}
                ran={page.solving.run.is_some()}
                drawn={cells.iter().any(|c| c.spins.is_some())}
                levels={cells.iter().any(|c| c.spins.is_some_and(|s| s.levels.is_some()))}
                rules={shape.rules()}
            />
            <p id="solver-plain" class="about">
                { format!("{}: {}", page.solving.kind.title, page.solving.kind.plain) }
            </p>
        </section>
        <Settings
            open={settings.open}
            on_close={settings.on_close.clone()}
            kind={page.solving.kind}
            speed={page.solving.speed}
            limit={page.solving.limit_s}
            {running}
            puzzle={page.board.sheet.entries.clone()}
            {request}
            {on_level}
            {on_symmetric}
            query={page.address.query.clone()}
        />
    </main>
    }
}

#[derive(Properties, PartialEq)]
struct LayerPickProps {
    /// The layer shown.
    layer: Layer,
    /// Whether open cells show pencil marks.
    marks: bool,
}

/// The choice between the digits and the spins on the board, and the pencil marks.
#[component]
fn LayerPick(props: &LayerPickProps) -> Html {
    let dispatch = use_dispatch();
    let choice = |layer: Layer, name: &'static str| {
        let dispatch = dispatch.clone();
        let onchange = Callback::from(move |_: Event| dispatch.emit(Action::Show(layer)));
        html! {
            <label class="toggle">
                <input type="radio" name="layer" value={name} checked={props.layer == layer} {onchange} />
                <span>{ name }</span>
            </label>
        }
    };
    let on_marks = dispatch.reform(|e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        Action::ShowMarks(input.checked())
    });
    html! {
        <fieldset class="layers">
            <legend>{ "Show" }</legend>
            { choice(Layer::Digits, "Digits") }
            { choice(Layer::Spins, "Spins") }
            <label class="toggle">
                <input type="checkbox" checked={props.marks} onchange={on_marks} />
                <span>{ "Pencil marks" }</span>
            </label>
        </fieldset>
    }
}

#[derive(Properties, PartialEq)]
struct BoardNotesProps {
    /// Whether the Spins view is chosen, which then needs a legend.
    spins: bool,
    /// Whether a run has started, and whether its cells have spins to draw.
    ran: bool,
    drawn: bool,
    /// Whether the cells show graded levels rather than spins up or down.
    levels: bool,
    rules: Rules,
}

/// The notes under the board: how to read the spins, and the extra rules in words.
#[component]
fn BoardNotes(props: &BoardNotesProps) -> Html {
    html! {
        <>
            if props.spins && !props.drawn {
                <p class="spin-legend">
                    if props.ran {
                        { "This solver has no spins to draw, so the board shows its digits. The annealers, the Hopfield networks and belief propagation have them." }
                    } else {
                        { "The spins appear here once a run starts." }
                    }
                </p>
            } else if props.spins {
                { explainer("spins", present::WHAT_THE_DOTS_MEAN, present::spin_lines(props.levels)) }
                <p class="spin-legend">
                    if props.levels {
                        { "Each cell shows one dot per digit it can still take, laid out like a box: the fill is the neuron's activation or the digit's belief, the ring marks the strongest (the digit read out), square = clamped (a given or a decided cell)." }
                    } else {
                        { "Each cell shows one spin per digit it can take, laid out like a box: filled = up, hollow = down, square = clamped (a given, or a digit the givens force)." }
                    }
                </p>
            }
            if !props.rules.is_empty() {
                <p class="rules-note">
                    { format!("Extra rules. {}.", rule_words(props.rules)) }
                </p>
            }
        </>
    }
}

#[derive(Properties)]
struct RunPlotProps {
    series: [Series; 2],
    trace: Rc<Trace>,
    /// Which run, and how far it is: the plot is drawn again when it changes.
    progress: (RunId, u64),
}

impl PartialEq for RunPlotProps {
    fn eq(&self, other: &RunPlotProps) -> bool {
        self.progress == other.progress
    }
}

/// The run's plot on a canvas, with its legend.
#[component]
fn RunPlot(props: &RunPlotProps) -> Html {
    let canvas = use_node_ref();
    let (series, trace) = (&props.series, &props.trace);
    use_plot(
        canvas.clone(),
        props.progress,
        Some((series.clone(), trace.clone())),
    );
    let label = sudoku_page::plot::describe(series, trace);
    let second = match series[1].scale {
        Scale::Log => format!("{} (right, log scale)", series[1].name),
        Scale::Linear => format!("{} (right)", series[1].name),
    };
    html! {
        <>
            <figure class="plot">
                <canvas ref={canvas} role="img" aria-label={label} />
                <figcaption class="legend">
                    <span class="key first">{ format!("{} (left)", series[0].name) }</span>
                    <span class="key second">{ second }</span>
                    <span class="key restart">{ "restart" }</span>
                    <span>{ "against ticks" }</span>
                </figcaption>
            </figure>
            { explainer("plot", present::WHAT_THE_PLOT_SHOWS, present::plot_lines(series)) }
        </>
    }
}
