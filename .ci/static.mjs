// A static file server for a built app: the browser tests serve dist/ with it, and ./.ci/serve
// runs it on 127.0.0.1:8080 (`node .ci/static.mjs DIR PORT [ADDRESS]`). It stands in for `trunk serve`,
// whose file watcher can panic while a cold build fills target/.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, extname, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Serves the folder `from` on `address` at `port` (0: a free one) under `base` (a path such as
 * `/games/sudoku/`, as static hosts publish projects); anything outside it is 404. With `gzip`,
 * text and WebAssembly go gzipped (level 6) to a browser that accepts it, as a static host
 * serves them. */
export async function serveFolder(from, { base = '/', gzip = false, port = 0, address = '127.0.0.1' } = {}) {
  const zipped = new Map();
  const requested = [];
  const server = createServer(async (req, res) => {
    const full = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    requested.push(full);
    if (!full.startsWith(base)) {
      res.writeHead(404).end('not found');
      return;
    }
    const path = '/' + full.slice(base.length);
    const file = join(from, path.endsWith('/') ? join(path, 'index.html') : path);
    if (!file.startsWith(from)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const type = types[extname(file)] ?? 'application/octet-stream';
      const body = await readFile(file);
      const packed = !type.startsWith('image/png') && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      if (gzip && packed) {
        if (!zipped.has(file)) zipped.set(file, gzipSync(body, { level: 6 }));
        res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip' });
        res.end(zipped.get(file));
        return;
      }
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, address, ok);
  });
  return {
    url: `http://${address}:${server.address().port}${base}`,
    requested,
    close: () => new Promise((r) => server.close(r)),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [from = 'dist', port = '8080', address = '127.0.0.1'] = process.argv.slice(2);
  try {
    const { url } = await serveFolder(resolve(from), { gzip: true, port: Number(port), address });
    console.log(`serving ${from} on ${url} (Ctrl-C stops it)`);
  } catch (e) {
    console.error(`cannot serve on port ${port}: ${e.message}`);
    process.exit(1);
  }
}
