//! The notes under the board: how to read the spins, and the extra rules in words.

use super::explainer::Explainer;
use sudoku_engine::board::Rules;
use sudoku_words as present;
use yew::prelude::*;

#[derive(Properties, PartialEq, Clone)]
pub struct BoardNotesProps {
    /// Whether the Spins view is chosen, which then needs a legend.
    pub spins: bool,
    /// Whether a run has started, and whether its cells have spins to draw.
    pub ran: bool,
    pub drawn: bool,
    /// Whether the cells show graded levels rather than spins up or down.
    pub levels: bool,
    pub rules: Rules,
}

#[component]
pub fn BoardNotes(props: &BoardNotesProps) -> Html {
    let lines = present::spin_lines(props.levels)
        .into_iter()
        .map(AttrValue::from);
    html! {
        <>
            if props.spins && !props.drawn {
                <p class="spin-legend">{ present::no_spins_drawn(props.ran) }</p>
            } else if props.spins {
                <Explainer what="spins" summary={present::WHAT_THE_DOTS_MEAN} lines={lines.collect::<Vec<_>>()} />
                <p class="spin-legend">{ present::spin_legend(props.levels) }</p>
            }
            if !props.rules.is_empty() {
                <p class="rules-note">{ present::rules_note(props.rules) }</p>
            }
        </>
    }
}
