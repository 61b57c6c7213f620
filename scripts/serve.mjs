// A static file server for the playground: index.html, sw.js and www/ only, on 127.0.0.1.
//   node scripts/serve.mjs [--port N] [--root DIR]
// Port: --port N, or PORT, or a free one chosen by the OS. Root: the repository, or a folder
// written by `scripts/build-web.sh --dist DIR`. Prints the URL on its first line.
//
// Caching: every response has an ETag and `cache-control: no-cache`, so a browser revalidates
// and a reload costs a 304 per file. Text and wasm go out brotli- or gzip-compressed when the
// request accepts it (`vary: accept-encoding`); bodies and compressed bodies are kept in
// memory until the file changes (size or mtime). Every response, errors and 304s included,
// carries the page's Content-Security-Policy (taken from index.html's meta tag, so the two
// never differ; a meta tag does not reach the solver's worker, the header does) and nosniff.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import { extname, join, normalize, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = join(dirname(fileURLToPath(import.meta.url)), '..');
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
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.txt', '.webmanifest']);
// Brotli quality 9: the wasm module in ~0.4 s (quality 11 saves another 10% but takes ~5 s).
const encoders = {
  br: (body) => promisify(brotliCompress)(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** The policy in `<meta http-equiv="Content-Security-Policy" content="...">` of index.html. */
export function pagePolicy(root = repository) {
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const meta = html.match(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i);
  if (!meta) throw new Error(`${join(root, 'index.html')} has no Content-Security-Policy meta tag`);
  return meta[1];
}

/** The encoding to send: br, then gzip, when `accept-encoding` allows it (q > 0); or null. */
function chooseEncoding(accept = '') {
  const allowed = new Map();
  for (const part of accept.split(',')) {
    const [name, ...options] = part.trim().toLowerCase().split(';');
    const q = options.map((o) => o.trim()).find((o) => o.startsWith('q='));
    allowed.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const ok = (name) => (allowed.get(name) ?? allowed.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/** Does `if-none-match` name `etag`? (weak comparison, as RFC 9110 asks for GET) */
function matches(ifNoneMatch, etag) {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Starts the server; resolves to the node:http Server. With `onViolation(report)`, the policy
 * asks browsers to post every violation (page or worker) to /csp-report, and each report's
 * `csp-report` object is handed to `onViolation` (the end-to-end tests fail on any).
 */
export function serve(port = 0, { root = repository, onViolation } = {}) {
  const policy = pagePolicy(root) + (onViolation ? '; report-uri /csp-report' : '');
  const security = { 'content-security-policy': policy, 'x-content-type-options': 'nosniff' };
  /** rel -> {size, mtimeMs, body, hash, encoded: {br, gzip} (promises)} */
  const cache = new Map();

  async function load(rel) {
    const path = join(root, rel);
    const info = await stat(path);
    if (!info.isFile()) return null;
    let entry = cache.get(rel);
    if (!entry || entry.size !== info.size || entry.mtimeMs !== info.mtimeMs) {
      const body = await readFile(path);
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
      entry = { size: info.size, mtimeMs: info.mtimeMs, body, hash, encoded: {} };
      cache.set(rel, entry);
    }
    return entry;
  }

  const fail = (res, status, text) => res.writeHead(status, { ...security, 'content-type': 'text/plain; charset=utf-8' }).end(text);

  const server = createServer(async (req, res) => {
    try {
      if (onViolation && req.method === 'POST' && req.url === '/csp-report') {
        let text = '';
        for await (const chunk of req) text += chunk;
        onViolation(JSON.parse(text)['csp-report']);
        return res.writeHead(204).end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.setHeader('allow', 'GET, HEAD');
        return fail(res, 405, 'method not allowed');
      }
      let path;
      try {
        path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
      } catch {
        return fail(res, 400, 'bad request');
      }
      const rel = path === '/' ? 'index.html' : path.replace(/^\/+/, '');
      // sw.js sits at the root: a service worker's scope is its folder and below.
      if (rel !== 'index.html' && rel !== 'sw.js' && !rel.startsWith('www/')) return fail(res, 404, 'not found');
      const entry = await load(rel).catch(() => null);
      if (!entry) return fail(res, 404, 'not found');

      const ext = extname(rel);
      const encoding = COMPRESSIBLE.has(ext) ? chooseEncoding(req.headers['accept-encoding']) : null;
      let body = entry.body;
      let etag = `"${entry.hash}"`;
      if (encoding) {
        entry.encoded[encoding] ??= encoders[encoding](entry.body);
        const compressed = await entry.encoded[encoding];
        if (compressed.length < body.length) {
          body = compressed;
          etag = `"${entry.hash}-${encoding}"`;
        }
      }
      const headers = {
        ...security,
        'content-type': types[ext] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        etag,
      };
      if (COMPRESSIBLE.has(ext)) headers.vary = 'accept-encoding';
      if (matches(req.headers['if-none-match'], etag)) return res.writeHead(304, headers).end();
      if (body !== entry.body) headers['content-encoding'] = encoding;
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      if (!res.headersSent) fail(res, 500, String(e));
      else res.destroy();
    }
  });
  return new Promise((done) => {
    server.listen(port, '127.0.0.1', () => done(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const port = Number(option('--port') ?? process.env.PORT ?? 0);
  const root = resolve(option('--root') ?? repository);
  const server = await serve(port, { root });
  console.log(`Marathon Arcade: http://127.0.0.1:${server.address().port}/`);
}
