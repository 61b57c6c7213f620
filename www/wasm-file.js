// Which of the build's two wasm modules this browser runs: www/pkg/arcade_simd_bg.wasm (built
// with WebAssembly SIMD, simd128: Chrome/Edge 91+, Firefox 89+, Safari 16.4+) where a tiny SIMD
// module validates, else www/pkg/arcade_bg.wasm. Both come from the same sources and take the
// same JS glue (www/pkg/arcade.js; scripts/build-web.sh checks it). Read by the page (app.js,
// which compiles the module once and hands it to every worker) and by the service worker
// (sw.js, importScripts: it caches only the file this browser loads), so it is a plain script
// with no exports: it sets `globalThis.arcadeWasmFile()`.
(() => {
  // (module (func (result v128) i32.const 0 i8x16.splat)): validates only with SIMD.
  const PROBE = new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
    0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // types: () -> v128
    0x03, 0x02, 0x01, 0x00, // functions: one, of type 0
    0x0a, 0x08, 0x01, 0x06, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0x0b, // code: i32.const 0, i8x16.splat
  ]);
  const simd = () => {
    try {
      return WebAssembly.validate(PROBE);
    } catch {
      return false;
    }
  };
  /** The module's path from the site's root: 'www/pkg/arcade_simd_bg.wasm' or 'www/pkg/arcade_bg.wasm'. */
  globalThis.arcadeWasmFile = () => (simd() ? 'www/pkg/arcade_simd_bg.wasm' : 'www/pkg/arcade_bg.wasm');
})();
