//! What the device is: whether the digit pad stands in for its keyboard, and how many cores it
//! has for the benchmark's workers.

/// Pointers that hover finely (desktops) come with a keyboard; elsewhere the pad shows, as
/// `styles/main.css` says with the same query.
const KEYBOARD_POINTER: &str = "(hover: hover) and (pointer: fine)";

/// Whether the pad is the keyboard here: then a cell's focus must not open the system's.
pub fn pad_is_the_keyboard() -> bool {
    let desktop = web_sys::window()
        .and_then(|w| w.match_media(KEYBOARD_POINTER).ok().flatten())
        .is_some_and(|query| query.matches());
    !desktop
}

/// How many solvers run at once: one per core.
pub fn cores() -> usize {
    web_sys::window()
        .map_or(1, |w| w.navigator().hardware_concurrency() as usize)
        .max(1)
}
