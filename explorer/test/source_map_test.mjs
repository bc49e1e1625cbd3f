// source_map_test.mjs - ctest explorer.source_map: web/source_map.js under node, no browser.
//
// Usage: node source_map_test.mjs TIGERC TESTCASES_DIR
// Expects: a statement's lines (its first and every deeper-indented one) take the source
// line of the `# L:C` before it, an inner comment (under ESEQ) its own lines only, and
// lines with no comment (PROC, SEQ, frame comments) none; each block of a traces dump
// lists its statements' source lines under its LABEL. With TIGERC: for every testcase of
// demo/ and valid/ at ir, linear, blocks and traces, the text without the comments is
// byte-identical to the same --emit without --locations, and queens' traces tag every
// statement. Exits 1 listing what failed.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { blockSources, parseLocations } from '../web/source_map.js';
import { check, failures, nativeTigerc } from './helpers.mjs';

const nested = `PROC tigermain
# formals: none; frame: 8 bytes
SEQ(
 # 3:1
 MOVE(
  TEMP t1,
  ESEQ(
   # 4:2
   EXP(
    CONST 1),
   CONST 2)),
 EXP(
  CONST 3))
`;

function checkNested() {
  const { text, sources } = parseLocations(nested);
  check(text === nested.replace(/^ *# \d+:\d+\n/gm, ''), 'the text is the dump without `# L:C` lines');
  check(sources.join() === [0, 0, 0, 3, 3, 3, 4, 4, 3, 0, 0, 0].join(),
    `MOVE's lines 3, the ESEQ's EXP 4, back to 3 after it, the uncommented EXP none: ${sources}`);
}

const traces = `PROC f_1
# 2:1
LABEL L3
# 5:2
MOVE(
 TEMP t1,
 CONST 0)
# 7:3
JUMP(
 NAME L4)
LABEL L4
# 3:1
EXP(
 CONST 0)
PROC g_2
# 9:1
LABEL L5
`;

function checkBlocks() {
  const blocks = blockSources(parseLocations(traces));
  check([...blocks].map(([l, s]) => `${l}:${s.join(' ')}`).join() === 'L3:2 5 7,L4:3,L5:9',
    'each LABEL has its block\'s source lines, sorted, up to the next LABEL or PROC');
}

// Every testcase at every located stage: comments out, the plain dump back.
function checkNative(bin, cases) {
  let compared = 0;
  const wrong = [];
  for (const sub of ['demo', 'valid']) {
    const dir = join(cases, sub);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.tig')).sort()) {
      for (const stage of ['ir', 'linear', 'blocks', 'traces']) {
        const plain = nativeTigerc(bin, [`--emit=${stage}`, file], dir);
        if (plain.status !== 0) continue;
        const located = nativeTigerc(bin, [`--emit=${stage}`, '--locations', file], dir).stdout;
        if (parseLocations(located).text !== plain.stdout) wrong.push(`${sub}/${file} ${stage}`);
        compared++;
      }
    }
  }
  check(compared > 100 && wrong.length === 0,
    `${compared} dumps without their comments equal --emit without --locations ${wrong}`);
  const queens = parseLocations(nativeTigerc(bin, ['--emit=traces', '--locations', 'queens.tig'],
    join(cases, 'demo')).stdout);
  const untagged = queens.lines.filter((l, i) => !/^(PROC|STRING|#)/.test(l) && l && !queens.sources[i]);
  check(untagged.length === 0, `queens' traces: every statement line (not STRING fragments) has a source line ${untagged}`);
}

checkNested();
checkBlocks();
const [bin, cases] = process.argv.slice(2).map((p) => resolve(p));
if (bin) checkNative(bin, cases);
if (failures.length) {
  console.log(`${failures.length} failed`);
  process.exit(1);
}
