// dialect_test.mjs - browser_test.mjs's checks of the dump pane reading other courses'
// dumps (explorer/README.md, "Other courses' dumps"), against the native tigerc:
//   - sum's traces printed by the native tigerc in the ML edition's words (MUL, ~8) with
//     a course profile of words of 8 bytes, the profile loaded from a file and the
//     dialect chosen: the pane reads it with --dialect=appel-ml --profile=profile.json,
//     every invariant holds, it diffs empty against the reference printed the same way,
//     its run prints what the native tigerc's run of the dump prints and agrees with the
//     reference's run of sum, its CFG has tigerc's graphs; the link keeps dialect= and
//     profile= and opens the same
//   - a hand-written ML dump with words of 4 bytes and no profile, "detect": the pane
//     says its words are appel-ml's, reads it with that dialect's shipped profile, runs
//     it (-15, as the program on the left) and draws it; the reference cannot print
//     words of 4 bytes and the diff says tigerc's reason
//   - a malformed profile: tigerc's message (profile.json:2:13) in the list as a
//     "profile line 2" button that puts the profile editor's cursor there, marked in
//     the profile's editor, the dump's left unmarked
// Screenshots: ARTIFACT_DIR/dump-appel-ml.png, dump-detect.png, dump-bad-profile.png.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserMaxDepth } from '../web/limits.js';
import { check, nativeTigerc, showPanes } from './helpers.mjs';
import { editorLines, pane, pasteDump, settled } from './tools_test.mjs';

const profileEditor = `${pane} .profile-editor`;
const text = (page, sel) => page.textContent(`${pane} ${sel}`);
const listed = (page) => page.$$eval(`${pane} ul.broken li`, (ls) => ls.map((l) => l.textContent));

// Runs the native tigerc in a fresh folder holding `files` ({name: text}).
function nativeIn(tigerc, files, args, input = '') {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-dialect-'));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  const r = nativeTigerc(tigerc, args, dir, input);
  rmSync(dir, { recursive: true });
  return r;
}

// The run pane's text of a run, as my_dump_pane.js's runText writes it.
const runText = (r) => r.stdout +
  r.stderr.split('\n').filter((l) => !l.startsWith('stats: ')).join('\n') + `[exit status ${r.status}]`;
const limits = ['--stats', '--max-steps=10000000', `--max-depth=${browserMaxDepth}`];

// What the pane shows once settled: how it reads the dump, the verdicts, the run, the CFG.
async function shown(page) {
  return { readsAs: await text(page, 'code.reads-as'), detected: await text(page, '.detected'),
    check: await text(page, '.invariants .verdict'), diff: await text(page, '.diff-view .verdict'),
    yours: await text(page, 'pre.yours'), agree: await text(page, '.agree'),
    graphs: await page.locator(`${pane} .graphs svg`).count() };
}

async function selectDialect(page, dialect) {
  const before = await page.$eval(pane, (b) => Number(b.dataset.refreshed || 0));
  await page.selectOption(`${pane} select.dialect`, dialect);
  await settled(page, before);
}

async function testProfile(page, url, { tigerc, cases, artifacts }) {
  const profile = '{"dialect": "appel-ml", "word_size": 8, "fp": "t0", "rv": "t1"}\n';
  const source = readFileSync(join(cases, 'demo', 'sum.tig'), 'utf-8');
  const dump = nativeIn(tigerc, { 'p.json': profile, 'sum.tig': source },
    ['--emit=traces', '--profile=p.json', 'sum.tig']).stdout;
  check(/\bMUL\b/.test(dump) && /~\d/.test(dump) && !/\bTIMES\b/.test(dump),
    'the native tigerc prints sum in the ML edition\'s words (MUL, ~N)');
  await showPanes(page, url, '#ex=demo/sum&panes=dump&from=traces');
  const file = join(mkdtempSync(join(tmpdir(), 'explorer-profile-')), 'course.json');
  writeFileSync(file, profile);
  await page.click(`${pane} details.profile summary`);
  await page.setInputFiles(`${pane} input.profile-file`, file);
  await page.waitForFunction((sel) => document.querySelector(sel).textContent.includes('appel-ml'),
    `${profileEditor} .cm-content`);
  rmSync(file); // once the page has read it: it reads the file after setInputFiles returns
  await pasteDump(page, dump);
  await selectDialect(page, 'appel-ml');
  const native = nativeIn(tigerc, { 'profile.json': profile, 'dump.traces': dump },
    ['--from=traces', '--dialect=appel-ml', '--profile=profile.json', '--run', ...limits,
      '--commute=sharp', '--layout=loops', 'dump.traces']);
  const cfg = nativeIn(tigerc, { 'profile.json': profile, 'dump.traces': dump },
    ['--from=traces', '--dialect=appel-ml', '--profile=profile.json', '--emit=cfg-dot',
      'dump.traces']).stdout;
  const s = await shown(page);
  check(s.readsAs === 'tigerc --from=traces --dialect=appel-ml --profile=profile.json dump.traces',
    `the pane reads it as ${s.readsAs}`);
  check(s.check === 'every invariant of --from=traces holds', `appel-ml dump: ${s.check}`);
  check(s.diff.startsWith("the same as the reference's"),
    `it diffs empty against the reference printed in the same profile: ${s.diff}`);
  check(native.status === 0 && s.yours === runText(native) && s.yours.startsWith('30'),
    `its run prints the native run of the dump: ${JSON.stringify(s.yours)}`);
  check(s.agree === 'same output and exit status as the reference', `the runs agree: ${s.agree}`);
  const graphs = (cfg.match(/^digraph /gm) || []).length;
  check(graphs > 0 && s.graphs === graphs, `its CFG is drawn: ${s.graphs} graphs of ${graphs}`);
  await page.screenshot({ path: join(artifacts, 'dump-appel-ml.png') });
  const p = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1));
  check(p.get('dialect') === 'appel-ml' && p.get('profile') === profile && p.get('dump') === dump,
    'the URL keeps dialect=, profile= and the dump');
  await showPanes(page, url, '#' + p.toString());
  await settled(page, 0);
  const again = await shown(page);
  check(await page.inputValue(`${pane} select.dialect`) === 'appel-ml' &&
    JSON.stringify(again) === JSON.stringify(s), 'the link opens the same reading of the same dump');
}

// sum.tig's idea in the ML edition's words by hand, words of 4 bytes: two locals at
// fp-4 and fp-8 (appel-ml's shipped profile: fp, rv, words of 4 bytes).
const mlDump = `PROC tigermain
# formals: none; locals: 8 bytes
LABEL L0
MOVE(
 MEM(
  BINOP(PLUS,
   TEMP fp,
   CONST ~4)),
 CONST ~5)
MOVE(
 MEM(
  BINOP(PLUS,
   TEMP fp,
   CONST ~8)),
 BINOP(MUL,
  MEM(
   BINOP(PLUS,
    TEMP fp,
    CONST ~4)),
  CONST 3))
EXP(
 CALL(
  NAME printi,
  MEM(
   BINOP(PLUS,
    TEMP fp,
    CONST ~8))))
JUMP(
 NAME L1)
LABEL L1
`;
const mlProgram = 'let var a := -5 var b := a * 3 in printi(b) end\n';

async function testDetect(page, url, { tigerc, artifacts }) {
  await showPanes(page, url, `#code=${encodeURIComponent(mlProgram)}&panes=dump&from=traces` +
    `&dialect=detect&dump=${encodeURIComponent(mlDump)}`);
  await settled(page, 0);
  const native = nativeIn(tigerc, { 'dump.traces': mlDump },
    ['--from=traces', '--dialect=appel-ml', '--run', 'dump.traces']);
  const ref = nativeIn(tigerc, { 'prog.tig': mlProgram },
    ['--emit=traces', '--dialect=appel-ml', 'prog.tig']);
  const s = await shown(page);
  check(s.detected === 'its words: appel-ml' &&
    s.readsAs === 'tigerc --from=traces --dialect=appel-ml dump.traces',
  `detect: ${s.detected}; reads it as ${s.readsAs}`);
  check(s.check === 'every invariant of --from=traces holds', `the 4-byte dump: ${s.check}`);
  check(native.stdout === '-15' && s.yours === '-15[exit status 0]' &&
    s.agree === 'same output and exit status as the reference',
  `it runs as the program on the left: ${JSON.stringify(s.yours)}, ${s.agree}`);
  check(s.graphs === 1, 'its CFG is drawn');
  const why = await text(page, '.diff-view pre.terminal');
  check(ref.status === 64 && s.diff === 'no reference --emit=traces --dialect=appel-ml:' &&
    why === ref.stderr, `no reference dump in words of 4 bytes: ${JSON.stringify(why)}`);
  await page.screenshot({ path: join(artifacts, 'dump-detect.png') });
}

async function testBadProfile(page, url, { tigerc, artifacts }) {
  const bad = '{"dialect": "appel-ml",\n "wordsize": 8}\n';
  await showPanes(page, url, `#code=${encodeURIComponent(mlProgram)}&panes=dump&from=traces` +
    `&dialect=detect&profile=${encodeURIComponent(bad)}&dump=${encodeURIComponent(mlDump)}`);
  await settled(page, 0);
  const native = nativeIn(tigerc, { 'profile.json': bad, 'dump.traces': mlDump },
    ['--from=traces', '--profile=profile.json', '--verify', 'dump.traces']);
  const [, line, , msg] = /^profile\.json:(\d+):(\d+): error: (.*)$/m.exec(native.stderr) || [];
  check(native.status === 64 && line === '2' && msg.includes('wordsize'),
    `tigerc: ${JSON.stringify(native.stderr)}`);
  const s = await shown(page);
  const items = await listed(page);
  check(s.check === 'the course profile does not read (exit status 64)' &&
    items.join('\n') === `profile line 2 ${msg}` &&
    await text(page, '.invariants pre.terminal') === native.stderr,
  `a malformed profile shows tigerc's message at its line: ${JSON.stringify(items)}`);
  const marked = await editorLines(page, '.cm-lintRange-error', profileEditor);
  const dumpMarks = await editorLines(page, '.cm-lintRange-error');
  check(marked.join() === '2' && dumpMarks.length === 0,
    `the profile's editor marks line ${marked}, the dump's none`);
  await page.focus(`${pane} ul.broken li button`);
  await page.keyboard.press('Enter');
  const cursor = await editorLines(page, '.cm-activeLine', profileEditor);
  check(cursor.join() === '2', `the profile line button puts its cursor on line ${cursor}`);
  await page.$eval(`${pane} details.profile`, (d) => d.scrollIntoView());
  await page.screenshot({ path: join(artifacts, 'dump-bad-profile.png') });
}

export async function checkDialects(page, url, ctx) {
  await testProfile(page, url, ctx);
  await testDetect(page, url, ctx);
  await testBadProfile(page, url, ctx);
}
