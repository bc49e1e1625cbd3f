// browser_test.mjs - Tiger Explorer in headless Chromium (Debian's, driven by
// playwright-core): the page against the native tigerc.
//
// Usage: node browser_test.mjs SITE_DIR TIGERC TESTCASES_DIR ARTIFACT_DIR NODE_MODULES
// Serves SITE_DIR with `python3 -m http.server` on 127.0.0.1 (a free port), then checks:
//   - with no hash the page shows queens with its traces and CFG (and how long it took)
//   - a typed program's IR pane equals `tigerc --emit=ir` of the same file
//   - the CFG SVG has one node per block (blocks-dot against --emit=blocks; cfg-dot
//     against the nodes of tigerc's cfg-dot)
//   - the pto-flow pane draws a program with loops, break and continue: per function an
//     SVG with tigerc's pto-dot nodes, a cluster per loop and red jumps; after
//     CtrlFlowTransform (pto-cft-dot) no red jump
//   - running queens prints tigerc --run's output ("92 solutions"), status and --stats
//   - a syntax error shows tigerc's message at the right line, marked in the editor
//   - a runaway program stops, the page still answering; the site weighs under 1.2 MB
//     gzipped (how long queens takes to load, and how late a timer fires during an
//     unlimited run, are printed: their budgets are bench/explorer_load.mjs's)
//   - the dump pane, the canon stepper and embed mode (tools_test.mjs)
//   - the dump pane reading other courses' dialects and a course profile (dialect_test.mjs)
//   - cross-highlighting of a queens line in the traces and CFG panes (xhl_test.mjs)
//   - every testcase at every --emit stage, and run, equals the native tigerc
// Screenshots of each pane go to ARTIFACT_DIR/*.png. Prints the measurements.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { check, chromiumArgs, compiled, failures, generation, nativeTigerc, serve,
  showPanes, testcases } from './helpers.mjs';
import { checkSuite } from './suite.mjs';
import { checkTools, checkSize } from './tools_test.mjs';
import { checkDialects } from './dialect_test.mjs';
import { checkCrossHighlight } from './xhl_test.mjs';
import { browserMaxDepth } from '../web/limits.js';

const [site, tigerc, cases, artifacts, modules] = process.argv.slice(2).map((p) => resolve(p));
const { chromium } = createRequire(join(modules, 'x.js'))('playwright-core');

// Replaces the editor's text as typing would (one input event, no auto-indent).
async function typeProgram(page, text) {
  const before = await generation(page);
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  await compiled(page, before);
}

async function testDefaultView(page, url) {
  const start = Date.now();
  await page.goto(url);
  await compiled(page, 0);
  const loadMs = Date.now() - start;
  check(await page.inputValue('#examples') === 'demo/queens', 'no hash opens queens');
  const panes = await page.$$eval('.pane', (ps) => ps.map((p) => p.dataset.pane));
  check(panes.join() === 'traces,cfg', `no hash shows traces and CFG, got ${panes}`);
  const native = nativeTigerc(tigerc, ['--emit=traces', 'queens.tig'], join(cases, 'demo'));
  check(await page.textContent('[data-pane=traces] pre') === native.stdout,
    'queens traces pane equals tigerc --emit=traces');
  check(await page.locator('[data-pane=cfg] svg').count() > 0, 'queens CFG is drawn');
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'default.png') });
  return loadMs;
}

// The worker's own time for queens -> traces, warm, median of 10.
async function queensTracesMs(page) {
  const source = testcases(cases).find((t) => t.name === 'queens.tig').source;
  const times = await page.evaluate(async (src) => {
    const out = [];
    for (let i = 0; i < 11; i++)
      out.push((await window.tigerc(['--emit=traces'], 'queens.tig', src)).ms);
    return out.slice(1).sort((a, b) => a - b);
  }, source);
  return times[5];
}

async function testTypedIr(page, url) {
  await showPanes(page, url, '#ex=demo/queens&panes=ir');
  const t = testcases(cases).find((c) => c.name === 'arrays_matrix.tig');
  await typeProgram(page, t.source);
  const native = nativeTigerc(tigerc, ['--emit=ir', t.name], t.dir);
  check(await page.textContent('[data-pane=ir] pre') === native.stdout,
    `IR pane of typed ${t.name} equals tigerc --emit=ir`);
  check(await page.evaluate(() => location.hash.includes('code=')), 'typed program in URL');
  await page.reload();
  await compiled(page, 0);
  // (a short program: CodeMirror draws every line of it)
  const restored = await page.$$eval('.cm-line', (ls) => ls.map((l) => l.textContent).join('\n'));
  check(restored === t.source, 'the URL brings the typed program back');
  check(await page.textContent('[data-pane=ir] pre') === native.stdout, 'and its IR pane');
}

// --book, --commute=, --layout= reach every pane: the page's traces equal tigerc's.
async function testToggles(page, url) {
  const dir = join(cases, 'demo');
  for (const [hash, args] of [['book=1', ['--book']],
    ['commute=book&layout=loops', ['--commute=book', '--layout=loops']],
    ['commute=sharp&layout=book', ['--commute=sharp', '--layout=book']]]) {
    await showPanes(page, url, `#ex=demo/queens&panes=traces&${hash}`);
    const native = nativeTigerc(tigerc, ['--emit=traces', ...args, 'queens.tig'], dir);
    check(await page.textContent('[data-pane=traces] pre') === native.stdout,
      `traces pane with ${args.join(' ')} equals tigerc's`);
  }
  await page.check('#book');
  await page.waitForFunction(() => location.hash.includes('book=1'));
  check(true, 'the --book toggle is kept in the URL');
}

// Node titles in each drawn SVG that are blocks (B0, B1, ...), per function.
const blockNodes = (page) => page.$$eval('[data-pane=cfg] svg', (svgs) => svgs.map((s) =>
  [...s.querySelectorAll('g.node > title')].filter((t) => /^B\d+$/.test(t.textContent)).length));

async function testCfg(page, url) {
  await showPanes(page, url, '#ex=demo/queens&panes=cfg&cfg=blocks-dot');
  const dir = join(cases, 'demo');
  const blocks = nativeTigerc(tigerc, ['--emit=blocks', 'queens.tig'], dir).stdout
    .split(/^PROC /m).slice(1).map((p) => (p.match(/^BLOCK \d+$/gm) || []).length);
  const drawnBlocks = await blockNodes(page);
  check(drawnBlocks.join() === blocks.join(),
    `blocks-dot SVG: one node per basic block (${drawnBlocks} vs ${blocks})`);
  await showPanes(page, url, '#ex=demo/queens&panes=cfg&cfg=cfg-dot');
  const traced = nativeTigerc(tigerc, ['--emit=cfg-dot', 'queens.tig'], dir).stdout
    .split(/^digraph /m).slice(1).map((g) => (g.match(/^\s+B\d+ \[/gm) || []).length);
  const drawn = await blockNodes(page);
  check(drawn.join() === traced.join(), `cfg-dot SVG: one node per block (${drawn} vs ${traced})`);
  return drawn.reduce((a, b) => a + b, 0);
}

// Per drawn function: [nodes, loop clusters, red edges] of the pto-flow pane's SVGs.
const flowShapes = (page) => page.$$eval('[data-pane=pto-flow] svg', (svgs) => svgs.map((s) => [
  s.querySelectorAll('g.node').length, s.querySelectorAll('g.cluster').length,
  s.querySelectorAll('g.edge path[stroke="red"]').length]));

async function testPtoFlow(page, url) {
  const t = testcases(cases).find((c) => c.name === 'continue_nested.tig');
  for (const [emit, red] of [['pto-dot', true], ['pto-cft-dot', false]]) {
    await showPanes(page, url, `#ex=valid/continue_nested&panes=pto-flow&flow=${emit}`);
    const native = nativeTigerc(tigerc, [`--emit=${emit}`, t.name], t.dir).stdout
      .split(/^digraph /m).slice(1).map((g) => [(g.match(/^\s+n\d+ \[/gm) || []).length,
        (g.match(/subgraph cluster_/g) || []).length, (g.match(/ color="red"/g) || []).length]);
    const drawn = await flowShapes(page);
    check(drawn.length > 0 && JSON.stringify(drawn) === JSON.stringify(native),
      `${emit} SVG: tigerc's nodes, loops and red jumps (${drawn} vs ${native})`);
    check(drawn.every(([, loops]) => loops === 2) && drawn.some(([, , jumps]) => jumps > 0) === red,
      `${emit}: two loops drawn, ${red ? 'break and continue as red jumps' : 'no red jump left'}`);
    await page.screenshot({ path: join(artifacts, `flow-${emit}.png`) });
  }
}

async function runIn(page) {
  await page.click('[data-pane=run] button.run');
  return ranIn(page);
}

async function ranIn(page) {
  await page.waitForFunction(() => /exit status|stopped/.test(
    document.querySelector('[data-pane=run] .status').textContent), null, { timeout: 60000 });
  return { out: await page.textContent('[data-pane=run] .output'),
    status: await page.textContent('[data-pane=run] .status') };
}

async function testRun(page, url) {
  await showPanes(page, url, '#ex=demo/queens&panes=run');
  const { out, status } = await runIn(page);
  const native = nativeTigerc(tigerc, ['--run', '--stats', '--max-steps=10000000',
    `--max-depth=${browserMaxDepth}`, 'queens.tig'], join(cases, 'demo'));
  check(out === native.stdout, 'run pane prints what tigerc --run prints');
  check(out.endsWith('92 solutions\n'), 'queens ends with "92 solutions"');
  check(status.includes('exit status 0') && status.includes(native.stderr.trim()),
    `run status and --stats as tigerc's: ${status}`);
  await typeProgram(page, 'while 1 do ()\n');
  const runaway = await runIn(page);
  check(runaway.status.includes('exit status 71'), 'the step limit stops a runaway (exit 71)');
  await page.fill('[data-pane=run] input.steps', '0');
  await page.click('[data-pane=run] button.run');
  const lag = await page.evaluate(() => new Promise((r) => {
    const t = performance.now();
    setTimeout(() => r(performance.now() - t - 300), 300);
  }));
  await page.click('[data-pane=run] button.stop');
  const stopped = await ranIn(page);
  check(stopped.status === 'stopped', 'Stop ends an unlimited run; the page answered meanwhile');
  return lag;
}

async function testSyntaxError(page, url) {
  await showPanes(page, url, '#ex=demo/queens&panes=ir');
  const bad = 'let\n  var x := 1\n  var y := in x end\n';
  await typeProgram(page, bad);
  const dir = mkdtempSync(join(tmpdir(), 'explorer-'));
  writeFileSync(join(dir, 'prog.tig'), bad);
  const native = nativeTigerc(tigerc, ['prog.tig'], dir);
  rmSync(dir, { recursive: true });
  const shown = await page.textContent('#errors');
  check(native.status === 66 && shown === native.stderr + '[exit status 66]',
    `syntax error shown as tigerc prints it: ${JSON.stringify(shown)}`);
  check(/prog\.tig:3:\d+: error/.test(shown), 'the error is at line 3');
  const marked = await page.$$eval('.cm-lintRange-error', (ms) => ms.map((m) => {
    const line = m.closest('.cm-line');
    return [...line.parentNode.children].indexOf(line) + 1;
  }));
  check(marked.length === 1 && marked[0] === 3, `editor marks line 3 (marks at ${marked})`);
  await page.screenshot({ path: join(artifacts, 'syntax-error.png') });
}

// Nesting below tigerc's limit (ast::kMaxNesting) that the browser's stack cannot hold
// ends with a clean message, never a crash; the suite checks the limit's own error.
async function testDeepNesting(page) {
  const n = 5000;
  const source = '('.repeat(n) + '1' + ')'.repeat(n) + '\n';
  const r = await page.evaluate((s) => window.tigerc(['--emit=traces'], 'deep.tig', s), source);
  const clean = r.status === 0 || (r.status === 71 && /nests deeper than the browser/.test(r.stderr));
  check(clean, `${n} nested parentheses: exit ${r.status} ${r.stderr.trim()}`);
  const after = await page.evaluate(() => window.tigerc(['--emit=ir'], 'one.tig', '1'));
  check(after.status === 0, 'the worker compiles again after that');
}

async function screenshots(page, url) {
  for (const pane of ['tokens', 'ast', 'ir', 'linear', 'blocks', 'traces', 'cfg', 'canon',
    'pto', 'pto-cft', 'pto-flow', 'pto-ssa', 'mlir', 'run']) {
    await showPanes(page, url, `#ex=demo/queens&panes=${pane}`);
    if (pane === 'run') await runIn(page);
    await page.screenshot({ path: join(artifacts, `${pane}.png`) });
  }
}

async function main() {
  const { server, url } = await serve(site);
  const profile = mkdtempSync(join(tmpdir(), 'explorer-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', args: chromiumArgs, headless: true,
    viewport: { width: 1400, height: 900 } });
  try {
    const page = context.pages()[0] || (await context.newPage());
    page.on('pageerror', (e) => check(false, `page error: ${e.message}`));
    const loadMs = await testDefaultView(page, url);
    const gzipped = checkSize(site);
    const tracesMs = await queensTracesMs(page);
    await testTypedIr(page, url);
    await testToggles(page, url);
    const nodes = await testCfg(page, url);
    await testPtoFlow(page, url);
    const lag = await testRun(page, url);
    await testSyntaxError(page, url);
    await checkTools(page, url, { tigerc, cases, artifacts });
    await checkDialects(page, url, { tigerc, cases, artifacts });
    await checkCrossHighlight(page, url, { tigerc, cases, artifacts });
    await testDeepNesting(page);
    await screenshots(page, url);
    const suite = await checkSuite(page, tigerc, cases);
    console.log(`measured: page load to queens traces+CFG drawn ${loadMs} ms; ` +
      `site ${(gzipped / 1e6).toFixed(2)} MB gzipped; ` +
      `queens -> traces in the worker ${tracesMs.toFixed(1)} ms (warm median); ` +
      `timer late by ${lag.toFixed(0)} ms during an unlimited run; ` +
      `CFG nodes ${nodes}; suite ${suite.programs} programs x ${suite.runs} runs each`);
  } finally {
    await context.close();
    server.kill();
    rmSync(profile, { recursive: true, force: true });
  }
  if (failures.length) {
    console.log(`FAILED ${failures.length}:\n` + failures.join('\n'));
    process.exit(1);
  }
  console.log('explorer browser test: all passed');
}

await main();
