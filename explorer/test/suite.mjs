// suite.mjs - the WebAssembly tigerc against the native one on every testcase: for each
// program, every --emit stage and a run (--run --stats with the program's stdin, and the
// page's call-depth limit) must give the same exit status, stdout and stderr. The page's window.tigerc hook (main.js) runs
// the same worker the panes use.
import { check, nativeTigerc, testcases } from './helpers.mjs';
import { browserMaxDepth } from '../web/limits.js';

const stages = ['tokens', 'ast', 'ir', 'ir-dot', 'linear', 'blocks', 'traces', 'cfg-dot',
  'blocks-dot', 'pto', 'pto-dot', 'pto-cft', 'pto-cft-dot', 'pto-ssa', 'mlir'];
const runs = [...stages.map((s) => [`--emit=${s}`]),
  ['--run', '--stats', `--max-depth=${browserMaxDepth}`]];

function differs(native, wasm) {
  for (const key of ['status', 'stdout', 'stderr'])
    if (native[key] !== wasm[key]) return `${key}: native ${JSON.stringify(native[key]).slice(0, 200)}` +
      ` wasm ${JSON.stringify(wasm[key]).slice(0, 200)}`;
  return null;
}

export async function checkSuite(page, tigerc, cases) {
  const programs = testcases(cases);
  let mismatches = 0;
  for (const t of programs) {
    const wasm = await page.evaluate(({ t, runs }) => Promise.all(runs.map((args) =>
      window.tigerc(args, t.name, t.source, t.stdin))), { t, runs });
    runs.forEach((args, i) => {
      const native = nativeTigerc(tigerc, [...args, t.name], t.dir, t.stdin);
      const why = differs(native, wasm[i]);
      if (why) {
        mismatches++;
        check(false, `${t.dir.split('/').pop()}/${t.name} ${args.join(' ')}: ${why}`);
      }
    });
  }
  check(mismatches === 0, `every testcase at every stage: wasm = native ` +
    `(${programs.length} programs x ${runs.length}, ${mismatches} differ)`);
  return { programs: programs.length, runs: runs.length };
}
