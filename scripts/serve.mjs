// A static file server for the playground: index.html and www/ only, on 127.0.0.1.
// Port: --port N, or PORT, or a free one chosen by the OS. Prints the URL on its first line.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

export function serve(port = 0) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const rel = path === '/' ? 'index.html' : path.replace(/^\/+/, '');
    if (rel !== 'index.html' && !rel.startsWith('www/')) {
      res.writeHead(404).end('not found');
      return;
    }
    try {
      const body = await readFile(join(root, rel));
      res.writeHead(200, {
        'content-type': types[extname(rel)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--port');
  const port = Number(i > 0 ? process.argv[i + 1] : process.env.PORT ?? 0);
  const server = await serve(port);
  console.log(`Marathon Arcade: http://127.0.0.1:${server.address().port}/`);
}
