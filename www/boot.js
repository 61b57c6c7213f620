// Starts the page. app.js imports the wasm build (www/pkg/) statically, so a page served
// without that build, or with a broken file, would stop before it could say anything: here
// the failure is caught and said, with what to do.
import('./app.js').catch(async (error) => {
  let reason = String(error?.message ?? error);
  try {
    const probe = await fetch(new URL('./pkg/arcade.js', import.meta.url), { method: 'HEAD', cache: 'no-store' });
    if (!probe.ok) reason = 'the WebAssembly build (www/pkg/) is missing: build it with `bash scripts/build-web.sh` (or run `bash scripts/play.sh`), then reload';
  } catch {
    // offline: keep the browser's own reason
  }
  delete document.body.dataset.booting;
  const box = document.getElementById('message');
  document.getElementById('message-text').textContent = `The page could not start: ${reason}.`;
  box.setAttribute('role', 'alert');
  box.hidden = false;
});
