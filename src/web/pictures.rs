//! The host page's own piece images ([`crate::ui::pictures`] finds their addresses): each
//! address is loaded once per page into an `<img>`, whatever number of boards draw it, and
//! numbered; a board draws a type's picture once it has loaded ([`Pictures::ready`]), and
//! fairylab's own sprite until then, or for good if it fails. Each load that ends redraws the
//! boards that listen.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;

use wasm_bindgen::prelude::*;
use web_sys::HtmlImageElement;

use crate::ui::pictures;
use crate::variant::Variant;

thread_local! {
    /// The page's images, numbered in the order first asked for, with their addresses.
    static IMAGES: RefCell<Vec<(String, HtmlImageElement)>> = const { RefCell::new(Vec::new()) };
    /// What to call when a load ends: each board's redraw.
    static LISTENERS: RefCell<Vec<Rc<dyn Fn()>>> = const { RefCell::new(Vec::new()) };
    /// The one handler of every image's `load` and `error`: the boards redraw.
    static ENDED: Closure<dyn Fn()> = Closure::new(|| {
        let listeners = LISTENERS.with(|l| l.borrow().clone());
        for redraw in listeners {
            redraw();
        }
    });
}

/// Calls `redraw` each time one of the page's images has loaded or failed.
pub fn listen(redraw: Rc<dyn Fn()>) {
    LISTENERS.with(|l| l.borrow_mut().push(redraw));
}

/// The picture numbered `n`, if it has loaded (an image that failed has no width).
pub fn image(n: u16) -> Option<HtmlImageElement> {
    let image = IMAGES.with(|images| Some(images.borrow().get(usize::from(n))?.1.clone()))?;
    (image.complete() && image.natural_width() > 0).then_some(image)
}

/// The number of the image at `address`, its load started if it is new.
fn request(address: &str) -> Result<u16, JsValue> {
    let known = IMAGES.with(|images| images.borrow().iter().position(|(a, _)| a == address));
    if let Some(n) = known {
        return Ok(n as u16);
    }
    let element = HtmlImageElement::new()?;
    ENDED.with(|ended| {
        element.set_onload(Some(ended.as_ref().unchecked_ref()));
        element.set_onerror(Some(ended.as_ref().unchecked_ref()));
    });
    // An address, never markup: the browser resolves it against the page.
    element.set_src(address);
    IMAGES.with(|images| {
        let mut images = images.borrow_mut();
        images.push((address.to_string(), element));
        u16::try_from(images.len() - 1).map_err(|_| JsError::new("too many piece images").into())
    })
}

/// A variant and each of its types' picture numbers, `[white, black]`.
type Found = (Arc<Variant>, Vec<Option<[u16; 2]>>);

/// One board's use of the page's images.
#[derive(Default)]
pub struct Pictures {
    /// The host page's images are drawn (else fairylab's own sprites).
    pub on: Cell<bool>,
    /// The variant they were found for and each of its types' picture numbers.
    found: RefCell<Option<Found>>,
}

impl Pictures {
    pub fn new(on: bool) -> Pictures {
        Pictures {
            on: Cell::new(on),
            found: RefCell::default(),
        }
    }

    /// The pictures loaded for `v`'s types (empty when off, or when its text names no
    /// images); the loads are started the first time a variant is asked about.
    pub fn ready(&self, v: &Arc<Variant>) -> Vec<Option<[Option<u16>; 2]>> {
        if !self.on.get() {
            return Vec::new();
        }
        let mut found = self.found.borrow_mut();
        if found.as_ref().is_none_or(|(of, _)| !Arc::ptr_eq(of, v)) {
            let numbers = (pictures::addresses(v).unwrap_or_default().iter())
                .map(|pair| {
                    let [w, b] = pair.as_ref()?;
                    Some([request(w).ok()?, request(b).ok()?])
                })
                .collect();
            *found = Some((v.clone(), numbers));
        }
        let numbers = found.as_ref().map_or(&[][..], |(_, numbers)| numbers);
        (numbers.iter())
            .map(|pair| pair.map(|p| p.map(|n| image(n).map(|_| n))))
            .collect()
    }
}
