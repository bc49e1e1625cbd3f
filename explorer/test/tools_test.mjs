// tools_test.mjs - browser_test.mjs's checks of the dump pane, the canon stepper and
// embed mode (explorer/README.md), against the native tigerc:
//   - a pasted dump with two broken invariants shows tigerc --from --verify's messages
//     at their lines, in the list (whose buttons, pressed with the keyboard, put the
//     cursor there) and as marks in the dump's editor
//   - the reference's own dump diffs empty, renumbered too; a changed operator is one
//     row out and one in; the dump runs as the reference does and its CFG is drawn
//   - #from=...&dump=... round-trips: the hash holds the dump, a reload shows it again
//   - the stepper visits every step --explain=canon prints, in order, with Next pressed
//     from the keyboard; the toggle hides those that change nothing; step= is kept
//   - #embed=1 shows one read-only pane with a link to the full page
//   - checkSize: the site under 1.2 MB gzipped
// Screenshots: ARTIFACT_DIR/dump-broken.png, dump-diff.png, stepper.png, embed*.png.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { changesSomething, parseCanonLog } from '../web/canon_stepper.js';
import { check, nativeTigerc, showPanes } from './helpers.mjs';

export const pane = '[data-pane=dump]';
const dumpText = `${pane} .dump-text`; // the dump's editor (the profile has one too)
const refreshed = (page) => page.$eval(pane, (b) => Number(b.dataset.refreshed || 0));

// Waits until the dump pane has refreshed (runs included) more often than `after`.
export const settled = (page, after) => page.waitForFunction(
  ([sel, n]) => Number(document.querySelector(sel)?.dataset.refreshed || 0) > n,
  [pane, after], { timeout: 60000 });

export async function pasteDump(page, text) {
  const before = await refreshed(page);
  await page.click(`${dumpText} .cm-content`);
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  await settled(page, before);
}

// tigerc --from=STAGE --verify of `text` saved as dump.STAGE: its error lines.
function nativeVerify(tigerc, stage, text) {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-dump-'));
  writeFileSync(join(dir, `dump.${stage}`), text);
  const r = nativeTigerc(tigerc, [`--from=${stage}`, '--verify', `dump.${stage}`], dir);
  rmSync(dir, { recursive: true });
  return { status: r.status, errors: [...r.stderr.matchAll(/^dump\.\w+:(\d+):\d+: error: (.*)$/gm)]
    .map(([, line, msg]) => ({ line: Number(line), msg })) };
}

// The lines of an editor of the pane (the dump's; `root`: another) that hold `cls`
// elements, read off its line-number gutter.
export const editorLines = (page, cls, root = dumpText) => page.$$eval(`${root} ${cls}`, (found, root) => found.map((m) => {
  const top = (m.closest('.cm-line') || m).getBoundingClientRect().top;
  const numbers = document.querySelectorAll(`${root} .cm-lineNumbers .cm-gutterElement`);
  const at = [...numbers].find((g) => Math.abs(g.getBoundingClientRect().top - top) < 2);
  return Number(at?.textContent);
}), root);

// sum's linear code with an ESEQ under the first two MOVE(TEMP t, CONST n): two
// statements checkCanonical rejects; their lines (1-based).
function breakTwoMoves(linear) {
  let text = linear;
  const lines = [];
  for (let k = 0; k < 2; k++) {
    const m = /^MOVE\(\n TEMP (t\d+),\n CONST (\d+)\)$/m.exec(text);
    lines.push(text.slice(0, m.index).split('\n').length);
    text = text.slice(0, m.index) + `MOVE(\n TEMP ${m[1]},\n ESEQ(\n  EXP(\n   CONST 0),\n` +
      `  CONST ${m[2]}))` + text.slice(m.index + m[0].length);
  }
  return { text, lines };
}

async function testBrokenDump(page, url, { tigerc, cases, artifacts }) {
  await showPanes(page, url, '#ex=demo/sum&panes=dump&from=linear');
  const linear = nativeTigerc(tigerc, ['--emit=linear', 'sum.tig'], join(cases, 'demo')).stdout;
  const broken = breakTwoMoves(linear);
  await pasteDump(page, broken.text);
  const native = nativeVerify(tigerc, 'linear', broken.text);
  check(native.status === 68 && native.errors.map((e) => e.line).join() === broken.lines.join() &&
    native.errors.every((e) => e.msg.includes('an ESEQ is left')),
  `tigerc --from=linear --verify: each broken MOVE at its line (${broken.lines})`);
  const listed = await page.$$eval(`${pane} ul.broken li`, (ls) => ls.map((l) => l.textContent));
  const want = native.errors.map((e) => `line ${e.line} ${e.msg}`);
  check(listed.join('\n') === want.join('\n'),
    `the dump pane lists the checker's messages at their lines: ${JSON.stringify(listed)}`);
  const marked = await editorLines(page, '.cm-lintRange-error');
  check(marked.join() === broken.lines.join(), `the dump's editor marks lines ${marked}`);
  await page.focus(`${pane} ul.broken li:nth-child(2) button`);
  await page.keyboard.press('Enter');
  const cursor = await editorLines(page, '.cm-activeLine');
  const focused = await page.evaluate((sel) =>
    document.querySelector(`${sel} .cm-editor`).contains(document.activeElement), dumpText);
  check(focused && cursor.join() === String(broken.lines[1]),
    `the second line button (Enter) puts the cursor on line ${cursor}`);
  await page.$eval(`${pane} details.check`, (d) => d.scrollIntoView());
  await page.screenshot({ path: join(artifacts, 'dump-broken.png') });
  return broken.text;
}

// The hash keeps the dump; a reload (and a hash with a dump and no panes=) shows it again.
async function testRoundTrip(page, url, dump) {
  const hash = await page.evaluate(() => location.hash);
  const p = new URLSearchParams(hash.slice(1));
  check(p.get('from') === 'linear' && p.get('dump') === dump, '#from=linear&dump= holds the dump');
  const listed = await page.$$eval(`${pane} ul.broken li`, (ls) => ls.map((l) => l.textContent));
  await showPanes(page, url, `#ex=demo/sum&from=linear&dump=${encodeURIComponent(dump)}`);
  await settled(page, 0);
  // CodeMirror draws the lines in view: those are the dump's first lines.
  const drawn = await page.$$eval(`${dumpText} .cm-line`, (ls) => ls.map((l) => l.textContent));
  const again = await page.$$eval(`${pane} ul.broken li`, (ls) => ls.map((l) => l.textContent));
  check(drawn.length > 20 && drawn.join('\n') === dump.split('\n').slice(0, drawn.length).join('\n') &&
    await page.inputValue(`${pane} select.from`) === 'linear' && again.join() === listed.join(),
  'the link opens the dump pane with the same dump and the same errors');
}

async function testDiff(page, url, { tigerc, cases, artifacts }) {
  await showPanes(page, url, '#ex=demo/queens&panes=dump&from=linear');
  const own = nativeTigerc(tigerc, ['--emit=linear', 'queens.tig'], join(cases, 'demo')).stdout;
  const verdict = () => page.textContent(`${pane} .diff-view .verdict`);
  const rows = (cls) => page.$$eval(`${pane} pre.diff .${cls}`, (rs) => rs.map((r) => r.textContent));
  await pasteDump(page, own);
  check((await verdict()).startsWith("the same as the reference's") &&
    (await rows('del')).length + (await rows('add')).length === 0,
  "the reference's own dump diffs empty");
  check((await page.textContent(`${pane} .agree`)) === 'same output and exit status as the reference' &&
    (await page.textContent(`${pane} pre.yours`)).includes('92 solutions'),
  'the dump runs as the reference does (92 solutions)');
  check(await page.locator(`${pane} .graphs svg`).count() > 0, "the dump's CFG is drawn");
  const renumbered = own.replace(/\bt(\d+)\b/g, (_, n) => `t${Number(n) + 3}`)
    .replace(/\bL(\d+)\b/g, (_, n) => `L${Number(n) + 100}`);
  await pasteDump(page, renumbered);
  check(renumbered !== own && (await verdict()).startsWith("the same as the reference's"),
    'temps and labels renumbered consistently: still no difference');
  await pasteDump(page, renumbered.replace('BINOP(PLUS', 'BINOP(MINUS'));
  const del = await rows('del'), add = await rows('add');
  check(del.length === 1 && add.length === 1 && del[0].includes('BINOP(PLUS') &&
    add[0].includes('BINOP(MINUS'), `a changed operator: one row out, one in (${del} | ${add})`);
  await page.$eval(`${pane} details.diff-section`, (d) => d.scrollIntoView());
  await page.screenshot({ path: join(artifacts, 'dump-diff.png') });
}

// What the stepper shows now.
const shownStep = (page) => page.evaluate(() => {
  const s = document.querySelector('[data-pane=canon] .stepper');
  const text = (sel) => s.querySelector(sel)?.textContent ?? null;
  return { pos: text('.pos'), rule: text('.rule'), before: text('pre.before'),
    after: text('pre.after'), marks: s.querySelectorAll('mark').length };
});

async function testStepper(page, url, { tigerc, cases, artifacts }) {
  await showPanes(page, url, '#ex=demo/queens&panes=canon');
  const steps = parseCanonLog(nativeTigerc(tigerc, ['--emit=traces', '--explain=canon',
    'queens.tig'], join(cases, 'demo')).stderr);
  const n = steps.length;
  let visited = 0, marked = 0, wrong = [];
  await page.focus('[data-pane=canon] button.next');
  for (let i = 0; i < n; i++) {
    const s = await shownStep(page), want = steps[i];
    const tree = (lines) => (lines === null ? null : lines.map((l) => l + '\n').join(''));
    if (s.pos !== `step ${i + 1} of ${n}` || s.rule !== want.rule ||
      s.before !== tree(want.before) || s.after !== tree(want.after)) wrong.push(i + 1);
    visited++;
    if (s.marks) marked++;
    if (i === 3) await page.screenshot({ path: join(artifacts, 'stepper.png') });
    if (i + 1 < n) await page.keyboard.press('Enter');
  }
  check(n > 50 && visited === n && wrong.length === 0,
    `the stepper visits all ${n} steps of --explain=canon in order (wrong at ${wrong})`);
  check(await page.isDisabled('[data-pane=canon] button.next'), 'Next stops at the last step');
  check(marked > 0 && marked <= steps.filter(changesSomething).length,
    `${marked} steps mark the changed lines`);
  check(new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('step') ===
    String(n), 'the URL keeps the step');
  await page.focus('[data-pane=canon] input.hide');
  await page.keyboard.press('Space');
  const changing = steps.filter(changesSomething).length;
  const pos = (await shownStep(page)).pos;
  check(changing < n && pos.endsWith(`of ${changing} (${n} in all)`),
    `hiding the steps that change nothing visible: ${pos}`);
  await showPanes(page, url, '#ex=demo/queens&panes=canon&step=5');
  check((await shownStep(page)).rule === steps[4].rule, 'a link with step=5 opens on step 5');
}

async function testEmbed(page, url, { artifacts }, dump) {
  await page.setViewportSize({ width: 720, height: 405 });
  await showPanes(page, url, '#ex=demo/queens&panes=canon,traces&step=4&embed=1');
  const panes = await page.$$eval('.pane', (ps) => ps.map((p) => p.dataset.pane));
  const hidden = await Promise.all(['header', '#left', 'footer'].map((s) => page.isHidden(s)));
  const editable = await page.$$eval('input, select, textarea, [contenteditable=true]',
    (fs) => fs.filter((f) => !f.disabled && f.offsetParent !== null &&
      !f.classList.contains('view-control')).length);
  check(panes.join() === 'canon' && hidden.every(Boolean) && editable === 0,
    `#embed=1: one pane (${panes}), nothing else shown, nothing editable (${editable})`);
  const href = await page.getAttribute('a.open-full', 'href');
  const full = new URLSearchParams(new URL(href, url).hash.slice(1));
  check(!full.has('embed') && full.get('ex') === 'demo/queens' && full.get('step') === '4' &&
    await page.isVisible('a.open-full'), `the link opens the full page: ${href}`);
  await page.click('[data-pane=canon] button.next');
  check((await shownStep(page)).pos.startsWith('step 5 of'), 'the embedded stepper still steps');
  await page.screenshot({ path: join(artifacts, 'embed.png') });
  await showPanes(page, url, `#ex=demo/sum&from=linear&dump=${encodeURIComponent(dump)}&embed=1`);
  await settled(page, 0);
  check(await page.getAttribute(`${dumpText} .cm-content`, 'contenteditable') === 'false' &&
    await page.isDisabled(`${pane} select.from`) && await page.isDisabled(`${pane} textarea`) &&
    await page.isDisabled(`${pane} select.dialect`) && await page.isDisabled(`${pane} input.profile-file`) &&
    await page.getAttribute(`${pane} .profile-editor .cm-content`, 'contenteditable') === 'false',
  'an embedded dump pane is read-only (its dialect and profile too)');
  await page.screenshot({ path: join(artifacts, 'embed-dump.png') });
  await page.setViewportSize({ width: 1400, height: 900 });
}

export async function checkTools(page, url, ctx) {
  const broken = await testBrokenDump(page, url, ctx);
  await testRoundTrip(page, url, broken);
  await testDiff(page, url, ctx);
  await testStepper(page, url, ctx);
  await testEmbed(page, url, ctx, broken);
}

// The bytes a browser fetches, gzipped file by file (as a web server sends them).
export function checkSize(site) {
  const gzipped = readdirSync(site).reduce((sum, f) =>
    sum + gzipSync(readFileSync(join(site, f)), { level: 9 }).length, 0);
  check(gzipped < 1.2e6, `the site is ${(gzipped / 1e6).toFixed(2)} MB gzipped (under 1.2 MB)`);
  return gzipped;
}
