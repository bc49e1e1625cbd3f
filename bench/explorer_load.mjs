// explorer_load.mjs - the time budget of Tiger Explorer's first view: the page, opened
// with no hash in a fresh headless Chromium (Debian's, driven by playwright-core), shows
// queens with its traces and CFG drawn in under BUDGET_MS (default 2000), median of RUNS
// (default 5) loads. A benchmark, not a test (bench/README.md): explorer.browser prints
// one load's figure and asserts no time.
//
// Usage: node bench/explorer_load.mjs SITE_DIR NODE_MODULES [RUNS] [BUDGET_MS]
//   (after `make explorer`: SITE_DIR build/explorer, NODE_MODULES build/explorer-npm/node_modules)
// Output: each load's milliseconds, the median against the budget; exit 1 over it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromiumArgs, compiled, serve } from '../explorer/test/helpers.mjs';

const [site, modules] = process.argv.slice(2, 4).map((p) => resolve(p));
const runs = Number(process.argv[4] || 5);
const budget = Number(process.argv[5] || 2000);
const { chromium } = createRequire(join(modules, 'x.js'))('playwright-core');

async function oneLoad(url) {
  const profile = mkdtempSync(join(tmpdir(), 'explorer-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', args: chromiumArgs, headless: true,
    viewport: { width: 1400, height: 900 } });
  try {
    const page = context.pages()[0] || (await context.newPage());
    const start = Date.now();
    await page.goto(url);
    await compiled(page, 0);
    await page.locator('[data-pane=cfg] svg').first().waitFor();
    return Date.now() - start;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const { server, url } = await serve(site);
const times = [];
try {
  for (let k = 0; k < runs; k++) times.push(await oneLoad(url));
} finally {
  server.kill();
}
const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
console.log(`explorer load to queens traces+CFG: ${times.join(', ')} ms; median ${median} ms, ` +
  `budget ${budget} ms: ${median <= budget ? 'within' : 'OVER'}`);
process.exit(median <= budget ? 0 : 1);
