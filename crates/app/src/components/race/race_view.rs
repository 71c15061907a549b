//! The race view: its status, controls, racers, results and settings. Each racer's card
//! re-renders only when its worker brought a new frame.

use super::race_results::race_results;
use super::race_settings::race_settings;
use super::racer_card::RacerCard;
use crate::dom::clock::fresh_seed;
use crate::hooks::use_run_keys;
use crate::state::use_dispatch;
use sudoku_page::link::View;
use sudoku_page::page::Action;
use sudoku_page::race::{Race, Settings};
use sudoku_words as present;
use yew::prelude::*;

#[derive(Properties)]
pub struct RaceViewProps {
    /// The race shown: in progress, or the last one.
    pub race: Option<Race>,
    pub settings: Settings,
    /// What the page says when there is no race (why the referee refused one).
    pub message: String,
    /// The board cannot be raced as it is: Edit the puzzle is the way on, not Start.
    pub refused: bool,
}

impl PartialEq for RaceViewProps {
    /// Drawn again with every state of the page; each racer's card skips the frames that
    /// brought it nothing new.
    fn eq(&self, _: &RaceViewProps) -> bool {
        false
    }
}

/// The race view: its status, controls, racers, results and settings.
#[component]
pub fn RaceView(props: &RaceViewProps) -> Html {
    let dispatch = use_dispatch();
    let racing = props.race.as_ref().is_some_and(Race::running);
    let on_again = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Race { seed: fresh_seed() }))
    };
    let on_stop = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Stop))
    };
    let on_back = {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::View { view: View::Solve }))
    };
    let begun = props.race.as_ref().is_some_and(Race::begun);
    let (start, stop) = use_run_keys(racing, dispatch.reform(|()| Action::Stop));
    let refused = props.refused;
    let (state, status) = match &props.race {
        Some(race) if racing => ("running", race.summary()),
        Some(race) if !begun => ("ready", race.summary()),
        Some(race) => ("over", race.summary()),
        None => ("invalid", props.message.clone()),
    };
    html! {
        <section class="race-view">
            <p id="race-status" class="status" role="status" data-state={state}>{ status }</p>
            <div class="controls">
                <button type="button" class={classes!((!refused).then_some("solve"))} ref={start} onclick={on_again} disabled={racing || refused}>
                    { present::race_button(begun, racing) }
                </button>
                <button type="button" ref={stop} onclick={on_stop} disabled={!racing}>{ "Stop" }</button>
                <button type="button" class={classes!(refused.then_some("solve"))} onclick={on_back}>{ "Edit the puzzle" }</button>
            </div>
            { race_settings(&props.settings, racing, &dispatch) }
            if let Some(race) = &props.race {
                <div class="racers">
                    { for race.racers.iter().map(|racer| html! {
                        <RacerCard key={racer.kind.name} racer={racer.clone()} puzzle={race.puzzle.clone()} />
                    }) }
                </div>
                if race.begun() {
                    { race_results(&race.results()) }
                }
            }
        </section>
    }
}
