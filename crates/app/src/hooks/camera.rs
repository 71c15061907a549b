//! The rear camera in a `<video>`: asked for when the component that holds the hook appears,
//! and every track stopped when it goes away, even if the camera answers only after that.

use std::cell::RefCell;
use std::rc::Rc;
use sudoku_page::page::ScanError;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{DomException, HtmlVideoElement, MediaStream, MediaStreamConstraints};
use yew::prelude::*;

/// Where the camera stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Camera {
    /// Asked for; the person may be answering the browser's question.
    Asking,
    /// Showing in the video.
    Live,
    /// Refused, or there is none.
    Failed(ScanError),
}

/// The rear camera, at about the preview's size and no less.
const WANTED: &str = r#"{"audio":false,"video":{"facingMode":"environment","width":{"ideal":1280},"height":{"ideal":720}}}"#;

/// Why the camera did not open: refused by the person (or the page's context), or none.
fn failure(error: &JsValue) -> ScanError {
    match error.dyn_ref::<DomException>().map(DomException::name) {
        Some(name) if name == "NotAllowedError" || name == "SecurityError" => {
            ScanError::CameraRefused
        }
        _ => ScanError::NoCamera,
    }
}

async fn open() -> Result<MediaStream, ScanError> {
    let devices = (web_sys::window())
        .and_then(|w| w.navigator().media_devices().ok())
        // Browsers offer no cameras to pages served over plain HTTP from another machine.
        .ok_or(ScanError::NoCamera)?;
    let wanted: MediaStreamConstraints = js_sys::JSON::parse(WANTED)
        .map_err(|_| ScanError::NoCamera)?
        .unchecked_into();
    let asked = (devices.get_user_media_with_constraints(&wanted)).map_err(|e| failure(&e))?;
    let stream = JsFuture::from(asked).await.map_err(|e| failure(&e))?;
    stream.dyn_into().map_err(|_| ScanError::NoCamera)
}

fn stop(stream: &MediaStream) {
    for track in stream.get_tracks().iter() {
        if let Ok(track) = track.dyn_into::<web_sys::MediaStreamTrack>() {
            track.stop();
        }
    }
}

/// The camera shown in `video` while the component lives.
#[hook]
pub fn use_camera(video: NodeRef) -> Camera {
    let camera = use_state(|| Camera::Asking);
    let stream: Rc<RefCell<Option<MediaStream>>> = use_mut_ref(|| None);
    let closed = use_mut_ref(|| false);
    {
        let camera = camera.clone();
        use_effect_with((), move |_| {
            let (held, gone) = (stream.clone(), closed.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let opened = open().await;
                if *gone.borrow() {
                    return opened.iter().for_each(stop);
                }
                match (opened, video.cast::<HtmlVideoElement>()) {
                    (Ok(stream), Some(video)) => {
                        video.set_muted(true);
                        video.set_src_object(Some(&stream));
                        // Autoplay of a muted inline video needs no gesture; a refusal shows
                        // as a video that never has a frame, which the view waits for.
                        drop(video.play());
                        *held.borrow_mut() = Some(stream);
                        camera.set(Camera::Live);
                    }
                    (Ok(stream), None) => stop(&stream),
                    (Err(why), _) => camera.set(Camera::Failed(why)),
                }
            });
            move || {
                *closed.borrow_mut() = true;
                stream.borrow_mut().take().iter().for_each(stop);
            }
        });
    }
    (*camera).clone()
}
