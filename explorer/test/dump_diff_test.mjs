// dump_diff_test.mjs - ctest explorer.dump_diff: web/dump_diff.js under node, no browser.
//
// Usage: node dump_diff_test.mjs [TIGERC TESTCASES_DIR]
// Expects: temps and labels are renamed by first occurrence (string literals, comments,
// tigermain and runtime functions kept); a dump renumbered consistently (t104 for t107,
// L3 for L8) compares equal to the original; a real difference (an operator, swapped
// CJUMP labels, a missing statement) shows as exactly its rows; Myers' diff is minimal
// on small cases and gives up to removed-then-added past its limit. With TIGERC, the
// same on every stage of queens as tigerc prints it. Exits 1 listing what failed.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { compareDumps, diffLines, renameDump } from '../web/dump_diff.js';

const failures = [];
function check(ok, what) {
  if (!ok) failures.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
}

const sample = `PROC tigermain
# formals: none; frame: 8 bytes
MOVE(
 TEMP t104,
 CALL(
  NAME f_3,
  TEMP fp,
  CONST 2))
CJUMP(LT,
 TEMP t104,
 CONST 10,
 L8,L9)
LABEL L9
EXP(
 CALL(
  NAME print,
  NAME L12))
LABEL L8

PROC f_3
# formals: fp+0, t107; frame: 16 bytes  (# t999 in a comment is not a temp)
MOVE(
 TEMP rv,
 TEMP t107)

STRING L12 "t104 L8\\n"
`;

// Every temp number +7 and every L label number +5 (outside string literals and the
// comment), consistently, and f_3 -> f_9.
const renumbered = sample.replace(/"(?:[^"\\]|\\.)*"|\(#.*|\b([tL])(\d+)\b/g,
  (whole, kind, n) => (kind ? kind + (Number(n) + (kind === 't' ? 7 : 5)) : whole))
  .replaceAll('f_3', 'f_9');

function testRenaming() {
  const { lines, names } = renameDump(sample);
  check(names.get('t104') === 't1' && names.get('t107') === 't2',
    `temps renamed by first occurrence: ${[...names].join(' ')}`);
  check(names.get('f_3') === 'L1' && names.get('L8') === 'L2' && names.get('L9') === 'L3' &&
    names.get('L12') === 'L4', 'labels (the PROC f_3 too) renamed by first occurrence');
  check(!names.has('tigermain') && !names.has('print') && !names.has('fp') &&
    !names.has('t999'), 'tigermain, runtime functions, fp and comments are kept');
  check(lines.includes('STRING L4 "t104 L8\\n"'), `string literals are kept: ${lines.at(-2)}`);
  check(lines.includes('# formals: fp+0, t2; frame: 16 bytes  (# t999 in a comment is not a temp)'),
    'the formals header names temps; the comment after it does not');
  check(JSON.stringify(renameDump(sample)) === JSON.stringify(renameDump(sample)),
    'renaming is deterministic');
}

function testConsistentRenamingIsNoDifference() {
  check(renumbered !== sample && renumbered.includes('t111') && renumbered.includes('L13'),
    'the renumbered copy differs as text');
  const same = compareDumps(renumbered, sample);
  check(same.changed === 0 && same.rows.length === sample.split('\n').length,
    `a consistent renaming of temps and labels is no difference (${same.changed} rows)`);
  const reindented = renumbered.replace(/^ +/gm, '   ');
  check(compareDumps(reindented, sample).changed === 0, 'indentation is no difference');
}

function testRealDifferences() {
  const op = compareDumps(sample.replace('CJUMP(LT', 'CJUMP(LE'), sample);
  check(op.changed === 2 && op.rows.filter((r) => r.op === '-').map((r) => op.reference[r.a])
    .join() === 'CJUMP(LT,', `a changed operator is one line out, one in (${op.changed})`);
  const swapped = compareDumps(sample.replace(' L8,L9)', ' L9,L8)'), sample);
  check(swapped.changed > 0, `swapped CJUMP labels still differ after renaming (${swapped.changed})`);
  const gone = compareDumps(sample.replace('LABEL L9\n', ''), sample);
  const removed = gone.rows.filter((r) => r.op !== '=');
  check(removed.length === 1 && removed[0].op === '-' && gone.reference[removed[0].a] === 'LABEL L3',
    'a missing statement is one row, in the reference only');
  const extra = compareDumps(sample.replace('LABEL L8\n', 'LABEL L8\nLABEL L8\n'), sample);
  check(extra.changed === 1 && extra.rows.some((r) => r.op === '+'), 'an extra line is one row, yours only');
}

function testMyers() {
  const rows = diffLines('abcabba'.split(''), 'cbabac'.split(''));
  const edits = rows.filter((r) => r.op !== '=').length;
  check(edits === 5, `Myers' example (ABCABBA -> CBABAC) takes 5 edits, got ${edits}`);
  const a = rows.filter((r) => r.op !== '+').map((r) => r.a).join();
  const b = rows.filter((r) => r.op !== '-').map((r) => r.b).join();
  check(a === '0,1,2,3,4,5,6' && b === '0,1,2,3,4,5', 'the rows cover both lists in order');
  check(diffLines([], []).length === 0 && diffLines(['x'], []).map((r) => r.op).join() === '-',
    'empty lists');
  const far = diffLines(['a', 'b', 'c', 'd'], ['w', 'x', 'y', 'z'], undefined, 2);
  check(far.map((r) => r.op).join('') === '----++++', 'past maxD: removed, then added');
}

// The stages of queens as tigerc prints them, renumbered: no difference; against another
// stage: a difference.
function testTigerc(tigerc, cases) {
  const dir = join(cases, 'demo');
  for (const stage of ['ir', 'linear', 'traces']) {
    const dump = spawnSync(tigerc, [`--emit=${stage}`, 'queens.tig'], { cwd: dir, encoding: 'utf-8' }).stdout;
    const shifted = dump.replace(/\bt(\d+)\b/g, (_, n) => `t${Number(n) + 3}`)
      .replace(/\bL(\d+)\b/g, (_, n) => `L${Number(n) + 100}`);
    check(dump.length > 1000 && compareDumps(shifted, dump).changed === 0,
      `queens --emit=${stage} renumbered compares equal`);
  }
  const linear = spawnSync(tigerc, ['--emit=linear', 'queens.tig'], { cwd: dir, encoding: 'utf-8' }).stdout;
  const traces = spawnSync(tigerc, ['--emit=traces', 'queens.tig'], { cwd: dir, encoding: 'utf-8' }).stdout;
  check(compareDumps(linear, traces).changed > 0, 'queens linear against its traces differs');
}

testRenaming();
testConsistentRenamingIsNoDifference();
testRealDifferences();
testMyers();
if (process.argv[2]) testTigerc(resolve(process.argv[2]), resolve(process.argv[3]));
if (failures.length) {
  console.log(`FAILED ${failures.length}:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('dump_diff: all passed');
