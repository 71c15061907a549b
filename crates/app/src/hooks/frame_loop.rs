//! The frame loop: a callback at every animation frame while a key says so.

use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The pending animation frame of a loop; dropping it cancels the frame, and so the loop.
type FrameSlot = Rc<RefCell<Option<gloo_render::AnimationFrame>>>;

/// Calls `each` at every animation frame (with the frame's time) until the handle in `slot` is
/// dropped.
fn every_frame(slot: FrameSlot, mut each: Box<dyn FnMut(f64)>) {
    let again = slot.clone();
    let frame = gloo_render::request_animation_frame(move |time| {
        each(time);
        every_frame(again, each);
    });
    *slot.borrow_mut() = Some(frame);
}

/// A frame loop for each `Some(key)`: `each(key)` makes what runs at every frame. A new key
/// starts a new loop; `None`, or the component going away, cancels the pending frame.
#[hook]
pub fn use_frame_loop<K, F>(key: Option<K>, each: F)
where
    K: PartialEq + Clone + 'static,
    F: FnOnce(K) -> Box<dyn FnMut(f64)> + 'static,
{
    use_effect_with(key, move |key| {
        let slot: FrameSlot = Rc::default();
        if let Some(key) = key.clone() {
            every_frame(slot.clone(), each(key));
        }
        move || drop(slot.borrow_mut().take())
    });
}
