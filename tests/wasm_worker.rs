//! The exported wasm API in a dedicated worker, where the solver runs in the page.
#![cfg(target_arch = "wasm32")]

#[path = "wasm_common/mod.rs"]
mod wasm_common;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_dedicated_worker);
wasm_tests!();
