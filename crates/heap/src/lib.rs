//! How many bytes the wasm heap holds live, for the soak. The size of a wasm memory is a
//! high-water mark (it never shrinks, and the allocator takes another 64 KiB page whenever
//! fragmentation leaves no block big enough), so it can step up in a healthy run; the bytes in
//! use are what a leak raises. Counting costs two additions per allocation. Only the
//! `diagnostics` builds of the app and the worker link this crate.

#![cfg(target_arch = "wasm32")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use wasm_bindgen::prelude::*;

/// The system allocator, counting what it hands out and takes back.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes straight to the system allocator with the caller's own arguments; the
// count only reads sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller keeps `alloc`'s contract, which this passes on unchanged.
        counted(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        counted(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: `block` came from this allocator, hence from the system one, with `layout`.
        unsafe { System.dealloc(block, layout) };
        IN_USE.fetch_sub(layout.size(), Relaxed);
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `dealloc`; on failure the old block stays, and so does its count.
        let moved = unsafe { System.realloc(block, layout, new_size) };
        if !moved.is_null() {
            IN_USE.fetch_add(new_size, Relaxed);
            IN_USE.fetch_sub(layout.size(), Relaxed);
        }
        moved
    }
}

/// Counts `size` bytes in use when `block` was handed out (null: nothing was).
fn counted(block: *mut u8, size: usize) -> *mut u8 {
    if !block.is_null() {
        IN_USE.fetch_add(size, Relaxed);
    }
    block
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// For the soak: the bytes this module's heap holds live (the page's or a worker's).
#[wasm_bindgen]
pub fn heap_bytes_in_use() -> f64 {
    IN_USE.load(Relaxed) as f64
}
