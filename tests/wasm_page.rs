//! The exported wasm API in a browser page (headless Chromium).
#![cfg(target_arch = "wasm32")]

#[path = "wasm_common/mod.rs"]
mod wasm_common;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
wasm_tests!();
