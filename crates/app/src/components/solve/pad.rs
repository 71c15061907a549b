//! An on-screen digit pad for phones whose numeric keyboard is awkward: it fills the selected
//! cell without opening the keyboard.

use sudoku_engine::board::digit_char;
use sudoku_words as present;
use yew::prelude::*;

pub struct PadProps {
    /// Digits on the pad, `1..=size`.
    pub size: u8,
    /// A digit, or `None` to erase.
    pub on_digit: Callback<Option<u8>>,
    /// Whether pencil mode is on, and its key pressed.
    pub pencil: bool,
    pub on_pencil: Callback<()>,
    pub disabled: bool,
    /// Cage mode: the keys type a cage's sum, so they are 0 to 9 (and Erase), whatever the
    /// board.
    pub caging: bool,
}

/// A plain view, not a component, since each component costs the page's wasm some 2 kB.
pub fn pad(props: &PadProps) -> Html {
    // Pressing a pad key must not take the focus (and the caret) away from the grid.
    let keep_focus = Callback::from(|e: MouseEvent| e.prevent_default());
    let key = |digit: Option<u8>| {
        let on_digit = props.on_digit.clone();
        let label = match digit {
            Some(d) if props.caging => d.to_string(),
            Some(d) => digit_char(d).to_string(),
            None => "Erase".to_string(),
        };
        html! {
            <button
                type="button"
                class={classes!("pad-key", digit.is_none().then_some("erase"))}
                onmousedown={keep_focus.clone()}
                onclick={Callback::from(move |_: MouseEvent| on_digit.emit(digit))}
                disabled={props.disabled}
            >
                { label }
            </button>
        }
    };
    // In cage mode the keys are 0 to 9 for the sum, and pencil mode has no meaning.
    let (keys, name): (Vec<u8>, _) = match props.caging {
        true => ((1..=9).chain([0]).collect(), "Cage sum pad"),
        false => ((1..=props.size).collect(), "Digit pad"),
    };
    let class = match props.caging {
        true => classes!("pad", "sum-pad"),
        false => classes!("pad", (props.size > 9).then_some("large")),
    };
    html! {
        <div {class} role="group" aria-label={name}>
            // Drawn only where a keyboard types the digits (a desktop), beside the Pencil key.
            <p class="pad-tip">{ present::pad_tip() }</p>
            { for keys.into_iter().map(|d| key(Some(d))) }
            { key(None) }
            <button
                type="button"
                class="pad-key pencil"
                hidden={props.caging}
                aria-pressed={props.pencil.to_string()}
                onmousedown={keep_focus}
                onclick={props.on_pencil.reform(|_: MouseEvent| ())}
                disabled={props.disabled}
            >
                { "Pencil" }
            </button>
        </div>
    }
}
