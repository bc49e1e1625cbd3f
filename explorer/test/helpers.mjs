// helpers.mjs - what browser_test.mjs, suite.mjs and tools_test.mjs share: recording
// checks, running the native tigerc, reading every testcase (with its stdin) through
// explorer/examples.py, waiting for the page to compile, serving the site and
// launching Chromium (also for bench/explorer_load.mjs).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const failures = [];

export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync'];

// Serves dir with python3 -m http.server on port 0, which prints the port the system chose.
export function serve(dir) {
  const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    server.stdout.on('data', (d) => {
      const m = /port (\d+)/.exec(String(d));
      if (m) resolve({ server, url: `http://127.0.0.1:${m[1]}/` });
    });
    server.on('exit', () => reject(new Error('http.server ended')));
  });
}

export function check(ok, what) {
  if (!ok) failures.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
}

// tigerc ARGS in DIR (the file named by its base name, as the page names it).
export function nativeTigerc(tigerc, args, dir, input = '') {
  const r = spawnSync(tigerc, args, { cwd: dir, input, encoding: 'utf-8', maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

let cached = null;
// Every .tig under TESTCASES_DIR: {dir, name, source, stdin}.
export function testcases(cases) {
  if (cached) return cached;
  const here = dirname(fileURLToPath(import.meta.url));
  cached = JSON.parse(execFileSync('python3', [join(here, '../examples.py'), cases, '--all'],
    { encoding: 'utf-8', maxBuffer: 1 << 28 }))
    .map((t) => ({ ...t, name: t.name.split('/').pop() + '.tig' }));
  return cached;
}

// Resolves once the page has compiled more often than `after` times (body data-compiled).
export const compiled = (page, after) => page.waitForFunction(
  (n) => Number(document.body.dataset.compiled || 0) > n, after, { timeout: 30000 });
export const generation = (page) =>
  page.evaluate(() => Number(document.body.dataset.compiled || 0));

// Opens the page at `hash` (a reload, so the hash is read afresh) and waits for it.
export async function showPanes(page, url, hash) {
  await page.goto(url + hash);
  await page.reload();
  await compiled(page, 0);
}
