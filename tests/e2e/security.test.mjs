// Security: the page asks nothing of any other origin, runs under a Content Security Policy that
// allows only its own scripts and wasm, and nothing it does (solving, racing, benchmarking,
// exporting) trips that policy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useApp } from './harness.mjs';

const app = useApp();

test('every request stays on the page origin and the policy is never violated', async () => {
  const { inkala } = app;
  const origin = new URL(app.server.url).origin;
  const requests = [];
  const record = (request) => requests.push(request.url());
  app.browser.context.on('request', record);
  try {
    const { page, errors } = await openPage(app.browser.context, `${app.server.url}?p=${inkala.puzzle}&s=exact`);
    await page.evaluate(() => {
      window.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const policy = await page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.content);
    assert.match(policy, /script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+' 'sha256-[^']+';/);
    assert.doesNotMatch(policy, /script-src[^;]*'unsafe-inline'/);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForSelector('[role=status][data-state="solved"]');
    await page.getByRole('button', { name: 'Race', exact: true }).click();
    await page.getByRole('button', { name: 'Start the race' }).waitFor();
    await page.getByRole('button', { name: 'Start the race' }).click();
    await page.waitForSelector('#race-status[data-state="running"]');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByRole('button', { name: 'Benchmark', exact: true }).click();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    assert.deepEqual(await page.evaluate(() => window.violations), []);
    const foreign = requests.filter((url) => !url.startsWith(origin) && !/^(data|blob):/.test(url));
    assert.deepEqual(foreign, [], 'requests to other origins');
    assert.ok(requests.some((url) => url.endsWith('/worker_bg.wasm')), 'the solver worker loaded');
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    app.browser.context.off('request', record);
  }
});

test('an inline script injected into the page would be refused by the policy', async () => {
  const { page, errors } = await openPage(app.browser.context, app.server.url);
  const ran = await page.evaluate(async () => {
    window.injected = false;
    const violation = new Promise((resolve) => document.addEventListener('securitypolicyviolation', resolve, { once: true }));
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
    await violation;
    return window.injected;
  });
  assert.equal(ran, false);
  // The refusal is the browser's own console report; nothing else went wrong.
  assert.ok(errors.every((e) => /Content Security Policy/.test(e)), JSON.stringify(errors));
  await page.close();
});

test('a browser without WebAssembly SIMD is told so rather than shown a blank page', async () => {
  const { page, errors } = await openPage(app.browser.context, app.server.url);
  assert.equal(await page.locator('#unsupported').count(), 0, 'Chromium has SIMD');
  assert.deepEqual(errors, []);
  await page.close();
  const old = await app.browser.context.newPage();
  // A browser from before SIMD: the page's check finds the SIMD module invalid, and the app's
  // modules do not compile.
  await old.addInitScript(() => {
    const refuse = () => Promise.reject(new WebAssembly.CompileError('SIMD unsupported'));
    WebAssembly.validate = () => false;
    WebAssembly.instantiate = refuse;
    WebAssembly.instantiateStreaming = refuse;
    WebAssembly.compileStreaming = refuse;
  });
  await old.goto(app.server.url);
  const note = old.locator('#unsupported[role=alert]');
  await note.waitFor();
  assert.match(await note.textContent(), /needs WebAssembly with SIMD.*Please update it/);
  await old.close();
});
