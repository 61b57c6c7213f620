//! The wasm-bindgen exports (compiled only for wasm32). Placeholder until the web layer lands.
