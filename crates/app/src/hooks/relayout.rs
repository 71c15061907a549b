//! The window's resizes and colour-scheme changes, for a drawing whose places and colours are
//! read off the page: nothing else tells it that they moved while nothing it draws changed.

use gloo_events::EventListener;
use std::rc::Rc;
use yew::prelude::*;

/// How many times the page may have been laid out or coloured anew.
#[derive(Clone, Copy, Default, PartialEq)]
struct Relayouts(u32);

impl Reducible for Relayouts {
    type Action = ();

    fn reduce(self: Rc<Self>, _: ()) -> Rc<Self> {
        Rc::new(Relayouts(self.0.wrapping_add(1)))
    }
}

/// A count that changes at each resize of the window and each switch between light and dark:
/// a key for an effect that must draw again then.
#[hook]
pub fn use_relayout() -> u32 {
    let count = use_reducer(Relayouts::default);
    {
        let dispatch = count.dispatcher();
        use_effect_with((), move |_| {
            let window = web_sys::window();
            let scheme = (window.as_ref())
                .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten());
            let bump = |target: &web_sys::EventTarget, event: &'static str| {
                let dispatch = dispatch.clone();
                EventListener::new(target, event, move |_| dispatch.dispatch(()))
            };
            let listeners = [
                window.map(|w| bump(&w, "resize")),
                scheme.map(|m| bump(&m, "change")),
            ];
            move || drop(listeners)
        });
    }
    count.0
}
