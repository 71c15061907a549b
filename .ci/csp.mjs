// Trunk's post-build hook: gives the built page a Content Security Policy as a meta tag (static
// hosts rarely let a project set headers). Scripts may come only from the page's own origin, plus
// the page's two inline scripts (Trunk's loader, and the page's own: the service worker's
// registration and the check for WebAssembly SIMD), each allowed by the hash of its exact text,
// computed here after the build wrote it.
import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

const page = join(process.env.TRUNK_STAGING_DIR ?? 'dist', 'index.html');
const html = readFileSync(page, 'utf8');
const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const hashes = inline.map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
const policy = [
  "default-src 'self'",
  // WebAssembly needs 'wasm-unsafe-eval'; nothing else is evaluated.
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`,
  // Style sheets from the page's origin only; style attributes (a few custom properties and
  // widths the components set) cannot run code.
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
if (html.includes('http-equiv="Content-Security-Policy"')) process.exit(0);
// Right after the character set, before anything the policy governs.
writeFileSync(page, html.replace(/(<meta charset="utf-8" \/>)/, `$1\n    ${meta}`));
console.log(`csp: ${inline.length} inline scripts allowed by hash`);
