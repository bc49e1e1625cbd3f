// xhl_test.mjs - browser_test.mjs's check of the cross-highlighting (explorer/README.md),
// against the native tigerc:
//   - moving the editor's cursor to a line of queens with the keyboard marks, in the
//     traces pane, exactly the statements `tigerc --emit=traces --locations` puts under
//     that line (the lines after each of its `# LINE:COL` comments), in that order
//   - in the CFG pane (cfg-dot), exactly the blocks that hold one of those statements
//     (named by their LABEL) are marked, in the line's colour as the editor's line is
//   - clicking a marked statement of another line moves the editor's cursor there
//   - the page's tigerc round-trips locations: for ir, linear and traces, queens'
//     `--emit=S --locations` (the same as the native one) read back with
//     `--from=S --locations --emit=S` prints the same bytes
// Screenshot: ARTIFACT_DIR/xhl.png.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, nativeTigerc, showPanes } from './helpers.mjs';

const chosen = 28; // queens: `if free(r, c) then`, a call and a conditional jump

// The native dump's statements under source line `line`: their lines, and the LABELs
// of the blocks that hold them (a block runs from its LABEL to the next).
function nativeStatements(traces, line) {
  const lines = [], labels = new Set();
  let mine = false, label = null;
  for (const text of traces.split('\n')) {
    const at = /^# (\d+):\d+$/.exec(text);
    if (at) { mine = Number(at[1]) === line; continue; }
    if (/^(PROC|STRING|#)/.test(text) || !text) { mine = false; continue; }
    label = /^LABEL (\S+)$/.exec(text)?.[1] ?? label;
    if (mine) lines.push(text), labels.add(label);
  }
  return { lines, labels: [...labels].sort() };
}

const markedLabels = (page) => page.$$eval('[data-pane=cfg] g.node[data-xhl]', (nodes) =>
  nodes.map((n) => [...n.querySelectorAll('text')].map((t) => /^LABEL (\S+)$/.exec(t.textContent))
    .find(Boolean)?.[1]).sort());

export async function checkCrossHighlight(page, url, { tigerc, cases, artifacts }) {
  await showPanes(page, url, '#ex=demo/queens&panes=traces,cfg&cfg=cfg-dot');
  const dir = join(cases, 'demo');
  const native = nativeStatements(nativeTigerc(tigerc,
    ['--emit=traces', '--locations', 'queens.tig'], dir).stdout, chosen);
  await page.click('#editor .cm-content');
  await page.keyboard.press('Control+Home');
  for (let k = 1; k < chosen; k++) await page.keyboard.press('ArrowDown');
  const marked = await page.$$eval('[data-pane=traces] pre span[data-xhl]',
    (spans) => spans.map((s) => s.textContent.replace(/\n$/, '')));
  check(native.lines.length > 0 && marked.join('\n') === native.lines.join('\n'),
    `line ${chosen} (cursor moved by keyboard) marks the ${native.lines.length} traces ` +
    `lines tigerc --locations puts under it, got ${marked.length}`);
  const blocks = await markedLabels(page);
  check(blocks.length > 0 && blocks.join() === native.labels.join(),
    `and the CFG blocks holding them (${native.labels}), got ${blocks}`);
  const colours = await page.$$eval('#editor .cm-line[data-xhl], [data-xhl]',
    (els) => new Set(els.map((e) => e.getAttribute('data-xhl'))).size);
  check(colours === 1, 'in one colour, the editor line\'s');
  await page.screenshot({ path: join(artifacts, 'xhl.png') });
  await page.click('[data-pane=traces] pre span[data-srcs="31"]');
  const line = await page.textContent('#editor .cm-line[data-xhl]');
  check(line.trim() === 'place(0);', `clicking a statement of line 31 marks it in the editor: ${line}`);
  await checkRoundTrip(page, tigerc, dir);
}

// --locations through --from in the page's tigerc (window.tigerc, main.js).
async function checkRoundTrip(page, tigerc, dir) {
  const source = readFileSync(join(dir, 'queens.tig'), 'utf8');
  for (const stage of ['ir', 'linear', 'traces']) {
    const [printed, again] = await page.evaluate(async ({ stage, source }) => {
      const first = await window.tigerc([`--emit=${stage}`, '--locations'], 'queens.tig', source, '');
      const second = await window.tigerc([`--from=${stage}`, '--locations', `--emit=${stage}`],
        `queens.${stage}`, first.stdout, '');
      return [first, second];
    }, { stage, source });
    const native = nativeTigerc(tigerc, [`--emit=${stage}`, '--locations', 'queens.tig'], dir);
    check(printed.status === 0 && printed.stdout === native.stdout &&
      printed.stdout.includes('# 28:') && again.status === 0 && again.stdout === printed.stdout,
    `${stage} --locations (as native) reads back through --from=${stage} unchanged`);
  }
}
