// Saves a text or a Blob as a file through a temporary link (no server involved).
export function download(name, data) {
  const blob = data instanceof Blob ? data : new Blob([data], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click() returns: give them time before revoking it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
