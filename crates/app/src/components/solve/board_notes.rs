//! The notes on the board: how to read the spins, and the extra rules in words.

use super::explainer::explainer;
use sudoku_engine::board::Rules;
use sudoku_words as present;
use yew::prelude::*;

#[derive(PartialEq, Clone)]
pub struct BoardNotesProps {
    /// Whether the Spins view is chosen, which then needs a legend.
    pub spins: bool,
    /// Whether a run has started, and whether its cells have spins to draw.
    pub ran: bool,
    pub drawn: bool,
    /// Whether the cells show graded levels rather than spins up or down.
    pub levels: bool,
    /// A killer's run: its cage-sum penalty now, in words.
    pub penalty: Option<String>,
    pub rules: Rules,
}

/// The Spins view's key, under the board itself: how to read the spins drawn, or why none are.
pub fn spins_key(props: &BoardNotesProps) -> Option<&'static str> {
    props.spins.then(|| match props.drawn {
        true => present::spin_legend(props.levels),
        false => present::no_spins_drawn(props.ran),
    })
}

/// A plain view, not a component, since each component costs the page's wasm some 2 kB.
pub fn board_notes(props: &BoardNotesProps) -> Html {
    html! {
        <>
            if props.spins && props.drawn {
                { explainer("spins", present::WHAT_THE_DOTS_MEAN, present::spin_lines(props.levels).into_iter().map(AttrValue::from).collect()) }
                if let Some(penalty) = props.penalty.clone() {
                    <p class="spin-legend" id="cage-penalty">{ penalty }</p>
                }
            }
            if !props.rules.is_empty() {
                <p class="rules-note">{ present::rules_note(props.rules) }</p>
            }
        </>
    }
}
